"""Safe YAML loading that remembers where every key and value stood in the file.

PyYAML's SafeLoader builds no Python objects beyond plain data, so a game file cannot run
code. On top of it we compose the node tree ourselves to keep line/column marks for every
path, refuse duplicate keys, and cap aliases and nesting (alias bombs, deep nesting).

The nesting is measured on the parser's events before anything is composed: libyaml's
composer recurses once per level, and `[[[[…` a hundred thousand deep would overflow the C
stack (a crash, not an exception) before any limit of ours could see it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.errors import InputError
from generator.io.paths import read_inside, read_limited

MAX_NODES = 200_000
MAX_DEPTH = 64
MAX_BYTES = 5_000_000
MAX_SCALAR_CHARS = 10_000  # as a table's cell: no name, title or rule text is longer

PathKey = tuple[Any, ...]
# libyaml's composer when the wheel has it (same safe node tree, several times faster).
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_PLAIN_TAGS = {f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "timestamp")}
_COLLECTION_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}


@dataclass
class YamlDoc:
    """Plain data from a YAML file plus the (line, column) of each path in it."""

    file: str
    data: Any
    marks: dict[PathKey, tuple[int, int]] = field(default_factory=dict)

    def where(self, path: PathKey) -> tuple[int | None, int | None]:
        """The closest known position of `path` (walking up to its parent if needed)."""
        path = tuple(path)
        while path:
            if path in self.marks:
                return self.marks[path]
            path = path[:-1]
        return self.marks.get((), (None, None))


def load_yaml(path: Path, display: str | None = None, inside: Path | None = None) -> YamlDoc:
    """Load one YAML file safely; raise InputError naming the file and position on failure.
    `inside`: the game folder, which a symbolic link may not lead out of."""
    name = display or str(path)
    if inside is None:
        raw = read_limited(path, name, MAX_BYTES, "YAML files")
    else:
        raw = read_inside(inside, path, name, MAX_BYTES, "YAML files")
    return parse_yaml(decode_utf8(raw, name), name)


def decode_utf8(raw: bytes, name: str) -> str:
    """UTF-8 text (a BOM dropped); InputError at the line and column of the first bad byte."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line, column = byte_position(raw, exc.start)
        raise InputError(name, f"is not UTF-8 text: byte 0x{raw[exc.start]:02X} cannot be read "
                               "(save the file as UTF-8)", line, column) from None


def byte_position(raw: bytes, offset: int) -> tuple[int, int]:
    """The 1-based line and column (in characters) of the byte at `offset`."""
    start = raw.rfind(b"\n", 0, offset) + 1
    column = len(raw[start:offset].decode("utf-8", errors="replace")) + 1
    return raw.count(b"\n", 0, offset) + 1, column


def parse_yaml(text: str, name: str) -> YamlDoc:
    try:
        _check_nesting(text, name)
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (None, None)
        problem = exc.problem or exc.context or "syntax error"
        raise InputError(name, f"YAML syntax error: {problem}", line, col) from None
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow
        line, column = _position(text, exc.position)
        raise InputError(name, f"the character U+{exc.character:04X} is not allowed in YAML (expected printable "
                               "text)", line, column) from None
    except yaml.YAMLError as exc:
        raise InputError(name, f"YAML error: {str(exc).splitlines()[0]}") from None
    doc = YamlDoc(name, None)
    if node is None:
        return doc
    builder = _Builder(doc)
    doc.data = builder.build(node, (), 0)
    return doc


def _position(text: str, offset: int) -> tuple[int, int]:
    start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - start + 1


def _check_nesting(text: str, name: str) -> None:
    """Refuse a document nested deeper than MAX_DEPTH, from the parser's events (an
    iterative state machine), before the recursive composer sees it."""
    depth = 0
    for event in yaml.parse(text, Loader=_LOADER):
        if isinstance(event, _OPEN):
            depth += 1
            if depth > MAX_DEPTH + 1:  # + 1: the document's own top level
                mark = event.start_mark
                raise InputError(name, f"nested deeper than {MAX_DEPTH} levels", mark.line + 1, mark.column + 1)
        elif isinstance(event, _CLOSE):
            depth -= 1


_OPEN = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_CLOSE = (yaml.MappingEndEvent, yaml.SequenceEndEvent)


class _Builder:
    """Turns a composed node tree into plain data, recording marks and enforcing limits."""

    def __init__(self, doc: YamlDoc):
        self.doc = doc
        self.count = 0
        self.chars = 0  # text after alias expansion: no more than the file could hold

    def build(self, node: yaml.Node, path: PathKey, depth: int) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            self._fail(node, f"more than {MAX_NODES} values (alias expansion or a huge file)")
        if depth > MAX_DEPTH:
            self._fail(node, f"nested deeper than {MAX_DEPTH} levels")
        self.doc.marks.setdefault(path, (node.start_mark.line + 1, node.start_mark.column + 1))
        if isinstance(node, yaml.CollectionNode) and node.tag not in _COLLECTION_TAGS:
            self._fail(node, f"tag {node.tag!r} is not allowed (plain values only)")
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path, depth)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, path + (i,), depth + 1) for i, item in enumerate(node.value)]
        value = self._scalar(node)
        if isinstance(value, str) and len(value) > MAX_SCALAR_CHARS:
            self._fail(node, f"a value of {len(value)} characters; values are limited to {MAX_SCALAR_CHARS} (as "
                             "table cells are)")
        self.chars += len(value) if isinstance(value, str) else 0
        if self.chars > MAX_BYTES:  # a long text repeated by aliases would print (and fill catalogs) that often
            self._fail(node, f"more than {MAX_BYTES} characters of text once aliases are expanded (a long text "
                             "repeated with '*'?)")
        return value

    def _mapping(self, node: yaml.MappingNode, path: PathKey, depth: int) -> dict:
        result: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                self._fail(key_node, "merge keys ('<<') are not supported")
            key = self._scalar(key_node)
            if not isinstance(key, (str, int, float, bool)) or key is None:
                self._fail(key_node, "keys must be plain text")
            key = str(key)
            if key in result:
                self._fail(key_node, f"duplicate key {key!r}")
            self.doc.marks[path + (key,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            result[key] = self.build(value_node, path + (key,), depth + 1)
        return result

    def _scalar(self, node: yaml.Node) -> Any:
        if not isinstance(node, yaml.ScalarNode):
            self._fail(node, "expected a plain value here")
        # Every scalar stays text (hex "0712" must not become the octal number 458); the
        # typed model converts "3" or "true" where it expects a number or a flag.
        if node.tag == "tag:yaml.org,2002:null":
            return None
        if node.tag not in _PLAIN_TAGS:
            self._fail(node, f"tag {node.tag!r} is not allowed (plain values only)")
        return node.value

    def _fail(self, node: yaml.Node, message: str):
        mark = node.start_mark
        raise InputError(self.doc.file, message, mark.line + 1, mark.column + 1)
