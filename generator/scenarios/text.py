"""Scenario YAML as warkit writes it: one flow mapping per set-up entry, marker or change,
so a generated file or a difference reads like a hand-written scenario."""

from __future__ import annotations

import json
import re
from functools import lru_cache

import yaml

_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9_.+\-]*")
_WORDS = {"yes", "no", "on", "off", "true", "false", "null", "y", "n"}


@lru_cache(maxsize=4096, typed=True)  # typed: True and 1 are different values here
def scalar(value) -> str:
    """A value as YAML: numbers and plain ids as they are, anything else double-quoted."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if _PLAIN.fullmatch(text) and text.lower() not in _WORDS:
        return text
    return json.dumps(text, ensure_ascii=False)


def flow(item: dict) -> str:
    return "{" + ", ".join(f"{key}: {_flowed(value)}" for key, value in item.items()) + "}"


def _flowed(value) -> str:
    """A value inside a flow mapping: nested mappings and lists in flow style too."""
    if isinstance(value, dict):
        return flow(value)
    if isinstance(value, list):
        return "[" + ", ".join(_flowed(v) for v in value) + "]"
    return scalar(value)


def block(key: str, value, indent: str = "") -> list[str]:
    """`key: value` as lines: lists of mappings one flow mapping a line, lists of text one
    quoted line each, mappings of scalars in flow style, deeper data in block style."""
    if isinstance(value, list):
        if not value:
            return [f"{indent}{key}: []"]
        if all(isinstance(v, str) and _PLAIN.fullmatch(v) for v in value):
            return _flow_list(f"{indent}{key}: [", [scalar(v) for v in value], indent + "    ")
        return [f"{indent}{key}:"] + [f"{indent}  - {flow(v) if isinstance(v, dict) else scalar(v)}" for v in value]
    if isinstance(value, dict):
        if not value:
            return [f"{indent}{key}: {{}}"]
        if all(not isinstance(v, (dict, list)) for v in value.values()):
            return [f"{indent}{key}: {flow(value)}"]
        if all(isinstance(v, list) for v in value.values()):
            return [f"{indent}{key}:"] + [line for k, v in value.items() for line in block(k, v, indent + "  ")]
        dumped = yaml.safe_dump(value, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)
        return [f"{indent}{key}:"] + [f"{indent}  {line}" for line in dumped.splitlines()]
    return [f"{indent}{key}: {scalar(value)}"]


def _flow_list(head: str, words: list[str], indent: str, width: int = 96) -> list[str]:
    """[a, b, c] wrapped onto lines of about `width` characters."""
    lines, line = [], head
    for n, word in enumerate(words):
        piece = word + ("]" if n == len(words) - 1 else ",")
        if len(line) + len(piece) + 1 > width and line.strip() not in ("", head.strip()):
            lines.append(line.rstrip())
            line = indent
        line += piece if line.endswith(("[", " ")) else " " + piece
    return lines + [line]


def delta_text(data: dict, a_id: str, b_id: str) -> str:
    lines = [f"# What turns scenario '{a_id}' into '{b_id}' (warkit scenario diff). Saved as a scenario",
             f"# file, it extends '{a_id}' and resolves to the set-up, arrivals, deployment and settings",
             f"# of '{b_id}'."]
    for key, value in data.items():
        lines += block(key, value)
    return "\n".join(lines) + "\n"
