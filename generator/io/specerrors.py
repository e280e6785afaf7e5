"""Turn pydantic validation errors on YAML data into issues at the right line and column."""

from __future__ import annotations

import difflib
import re
from typing import Any

from pydantic import BaseModel, ValidationError

from generator.errors import shown
from generator.io.yamlio import YamlDoc
from generator.model.source import Location
from generator.validation.report import Report


def validate_yaml(model: type[BaseModel], doc: YamlDoc, report: Report, code: str, data: Any = None):
    """Validate `data` (default: the whole document) against `model`; None on failure."""
    data = doc.data if data is None else data
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        found = [(error, _real_path(data, error["loc"])) for error in exc.errors()]
        said: set[tuple] = set()
        for error, path in found:
            if _other_branch(error, path, found) or path in said:
                continue
            line, col = doc.where(path)
            alternatives = [e for e, p in found if p == path and e["type"].endswith(("_type", "_parsing"))]
            if len(alternatives) > 1 and error in alternatives:
                said.add(path)  # a union: one message saying every kind it allows
                error = {**error, "msg": "Input should be " + " or ".join(
                    dict.fromkeys(_should(e["msg"]) for e in alternatives))}
            report.error(Location(doc.file, line, col), code, _message(model, path, error))
        return None


def _should(msg: str) -> str:
    """'a valid integer' from "Input should be a valid integer, unable to parse string as an integer"."""
    return msg.removeprefix("Input should be ").split(",")[0]


def _other_branch(error: dict, path: tuple, found: list) -> bool:
    """Whether the error only says the value is not of another kind a union allows ("setup: Input
    should be a valid string") while an error inside the value says what is wrong with it: one
    root cause, one message."""
    return error["type"].endswith("_type") and any(len(other) > len(path) and other[:len(path)] == path
                                                   for _, other in found)


def _real_path(data: Any, loc: tuple) -> tuple:
    """Keep only the parts of a pydantic location that exist in the data (drops union tags)."""
    path, node = [], data
    for part in loc:
        if isinstance(node, dict) and str(part) in node:
            path.append(str(part))
            node = node[str(part)]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            path.append(part)
            node = node[part]
    return tuple(path)


def _message(model: type[BaseModel], path: tuple, error: dict) -> str:
    dotted = _dotted(path)
    kind = error["type"]
    if kind == "extra_forbidden":
        key = path[-1] if path else "?"
        allowed = _allowed_keys(model, path[:-1])
        hint = difflib.get_close_matches(str(key), allowed, n=1) if len(str(key)) <= 100 else []
        text = f"unknown key {shown(key)}"
        if hint:
            text += f"; did you mean {hint[0]!r}?"
        if allowed:
            text += f" (expected one of: {', '.join(sorted(allowed))})"
        return text
    if kind == "missing":
        missing = error["loc"][-1]
        where = f" in {dotted}" if dotted else ""
        return f"missing required key {missing!r}{where}"
    found = error.get("input")
    found_text = "" if isinstance(found, (dict, list)) else f", found {shown(found) if found is not None else None}"
    msg = " ".join(error["msg"].removeprefix("Value error, ").split())  # a library's message, on one line
    return f"{dotted or 'document'}: {msg}{found_text}{decimal_comma_hint(found)}"


def decimal_comma_hint(found: Any) -> str:
    """A number written with a decimal comma (a Spanish or French spreadsheet's habit) is
    refused, never guessed at ('1,500' is 1.5 in Madrid and 1500 in London): say so."""
    if isinstance(found, str) and _DECIMAL_COMMA.fullmatch(found.strip()):
        return f" (write decimals with a point: {found.strip().replace(',', '.')!r})"
    return ""


_DECIMAL_COMMA = re.compile(r"[-+]?[0-9]*,[0-9]+")


def _dotted(path: tuple) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _allowed_keys(model: type[BaseModel], path: tuple) -> list[str]:
    """The keys the model accepts at `path` (best effort through lists and nested models)."""
    current: Any = model
    for part in path:
        if isinstance(part, int):
            continue
        field = getattr(current, "model_fields", {}).get(part)
        if field is None:
            return []
        current = _inner_model(field.annotation)
        if current is None:
            return []
    return list(getattr(current, "model_fields", {}).keys())


def _inner_model(annotation):
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()) or ():
        found = _inner_model(arg)
        if found is not None:
            return found
    return None
