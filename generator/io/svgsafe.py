"""An SVG picture from a game folder, read with expat and written back as a clean document.

A game folder may come from anyone, and an SVG file is a program as much as a picture: it
may hold scripts, event handlers, links to other files or sites, entities (the billion
laughs) and animations that rewrite links. So an SVG is never handed to a library as it
is. It is read here with expat (the document type declaration, and with it every entity,
is refused before anything is expanded), every element and attribute is held to a list of
what a static drawing needs, and the tree is written back without anything else: no
foreign namespaces (Inkscape's own), no comments, no processing instructions. Anything
refused is refused with its line and column. What comes out is what both the PDF backend
(svglib) and the SVG backend (embedded as a picture) draw.

Text is refused too: an SVG's fonts are whatever the viewer has, so the same picture would
print differently in the PDF and the SVG; converting text to paths keeps it as drawn.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from xml.parsers import expat

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
MAX_SVG_BYTES = 5_000_000
MAX_SVG_ELEMENTS = 50_000
MAX_SVG_DEPTH = 64

# What a static drawing needs; svglib draws all of these.
ELEMENTS = frozenset({
    "svg", "g", "defs", "symbol", "use", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
    "linearGradient", "radialGradient", "stop", "clipPath", "style",
})  # fmt: skip
DROPPED = frozenset({"title", "desc", "metadata"})  # kept out, with their content
REFUSED = {
    "script": "a script",
    "foreignObject": "foreign content (<foreignObject>)",
    "image": "a picture inside the picture (<image>); place each picture of its own",
    "text": "text (<text>); convert it to paths (Inkscape: Path > Object to Path) so it prints as drawn",
    "tspan": "text (<tspan>); convert it to paths",
    "textPath": "text (<textPath>); convert it to paths",
    "a": "a link (<a>)",
    "filter": "a filter (<filter>), which PDF and SVG would not draw alike",
    "mask": "a mask (<mask>), which PDF and SVG would not draw alike",
    "pattern": "a pattern (<pattern>), which PDF and SVG would not draw alike",
    "iframe": "an embedded page",
    "animate": "an animation", "animateMotion": "an animation", "animateTransform": "an animation",
    "set": "an animation (<set>)", "discard": "an animation (<discard>)",
}  # fmt: skip
_URL = re.compile(r"url\(\s*(['\"]?)([^)'\"]*)\1\s*\)", re.I)
_IMPORT = re.compile(r"@import|expression\s*\(|javascript:", re.I)
_LENGTH = re.compile(r"^\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(px|pt|pc|mm|cm|in)?\s*$")
_PX_PER = {None: 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}


_DOCTYPE = "declares a document type (DTD), which could define entities or fetch files; save the picture without one"


class SvgRefused(Exception):
    """Why the picture cannot be used, and where in it (1-based line and column)."""

    def __init__(self, line: int | None, column: int | None, message: str) -> None:
        super().__init__(message)
        self.line, self.column, self.message = line, column, message


@dataclass(frozen=True)
class CleanSvg:
    data: bytes  # the clean document, UTF-8
    width: float  # its viewBox, in its own units
    height: float
    elements: int


def clean_svg(data: bytes) -> CleanSvg:
    """The picture as a clean document; SvgRefused naming the first thing refused."""
    if len(data) > MAX_SVG_BYTES:
        raise SvgRefused(None, None, f"is {len(data)} bytes; SVG pictures are limited to {MAX_SVG_BYTES}")
    doctype = data.find(b"<!DOCTYPE")
    if doctype >= 0:  # named at its own first character (expat's event comes at its end)
        before = data[:doctype]
        line, column = before.count(b"\n") + 1, doctype - (before.rfind(b"\n") + 1) + 1
        raise SvgRefused(line, column, _DOCTYPE)
    reader = _Reader()
    reader.parse(data)
    root = reader.root
    if root is None or root.tag != f"{{{SVG_NS}}}svg":
        raise SvgRefused(1, 1, "is not an SVG picture (its root element is not <svg>)")
    _check_references(root, reader.lines)
    min_x, min_y, width, height = _view_box(root, reader.root_line)
    root.set("viewBox", " ".join(_number(v) for v in (min_x, min_y, width, height)))
    root.set("width", _number(width))
    root.set("height", _number(height))
    root.set("preserveAspectRatio", "none")  # the layout has fitted the box already
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", XLINK_NS)
    body = ET.tostring(root, encoding="unicode")
    return CleanSvg(f'<?xml version="1.0" encoding="utf-8"?>\n{body}\n'.encode(), width, height, reader.count)


class _Reader:
    """expat events into an ElementTree, refusing as it goes."""

    def __init__(self) -> None:
        self.parser = expat.ParserCreate(namespace_separator=" ")
        self.root: ET.Element | None = None
        self.root_line = 1
        self.stack: list[ET.Element | None] = []  # None: inside a dropped element
        self.count = 0
        self.lines: dict[int, tuple[int, int]] = {}  # id(element) -> its line and column
        p = self.parser
        p.StartElementHandler = self.start
        p.EndElementHandler = self.end
        p.CharacterDataHandler = self.text
        p.StartDoctypeDeclHandler = lambda *a: self.refuse(_DOCTYPE)
        p.EntityDeclHandler = lambda *a: self.refuse("declares an entity")
        p.ExternalEntityRefHandler = lambda *a: self.refuse("refers to an external entity")
        p.ProcessingInstructionHandler = lambda target, _: self.refuse(
            f"holds a processing instruction (<?{target} …?>), such as a linked style sheet")
        p.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def parse(self, data: bytes) -> None:
        try:
            self.parser.Parse(data, True)
        except expat.ExpatError as exc:
            raise SvgRefused(exc.lineno, exc.offset + 1, f"is not well-formed XML ({expat.ErrorString(exc.code)})") \
                from None

    def refuse(self, message: str) -> None:
        raise SvgRefused(self.parser.CurrentLineNumber, self.parser.CurrentColumnNumber + 1, message)

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        self.count += 1
        if self.count > MAX_SVG_ELEMENTS:
            self.refuse(f"holds more than {MAX_SVG_ELEMENTS} elements")
        if len(self.stack) >= MAX_SVG_DEPTH:
            self.refuse(f"nests elements more than {MAX_SVG_DEPTH} deep")
        namespace, _, local = tag.rpartition(" ")
        parent = self.stack[-1] if self.stack else ET.Element("#document")
        if namespace not in ("", SVG_NS) or parent is None or local in DROPPED:
            self.stack.append(None)  # an editor's own element, or inside one: left out
            return
        if local in REFUSED:
            self.refuse(f"holds {REFUSED[local]}; refused")
        if local not in ELEMENTS:
            self.refuse(f"holds <{local}>, which a picture may not use (allowed: {', '.join(sorted(ELEMENTS))})")
        element = ET.Element(f"{{{SVG_NS}}}{local}", self._attributes(local, attributes))
        self.lines[id(element)] = (self.parser.CurrentLineNumber, self.parser.CurrentColumnNumber + 1)
        if self.root is None:
            self.root, self.root_line = element, self.parser.CurrentLineNumber
        elif self.stack and self.stack[-1] is not None:
            self.stack[-1].append(element)
        self.stack.append(element)

    def _attributes(self, local: str, attributes: dict[str, str]) -> dict[str, str]:
        kept: dict[str, str] = {}
        for name, value in attributes.items():
            namespace, _, attribute = name.rpartition(" ")
            if attribute.lower().startswith("on"):
                self.refuse(f"<{local}> has an event handler ({attribute}), a script; refused")
            if attribute == "href" and namespace in ("", XLINK_NS):
                if not value.strip().startswith("#"):
                    self.refuse(f"<{local}> refers to {value[:60]!r} outside the picture; only links "
                                "inside it (#id) are allowed")
                kept[f"{{{XLINK_NS}}}href"] = value.strip()
                continue
            if namespace:
                continue  # inkscape:, sodipodi:, xml: … (the editor's, not the drawing's)
            self._check_value(local, attribute, value)
            kept[attribute] = value
        return kept

    def _check_value(self, local: str, attribute: str, value: str) -> None:
        if _IMPORT.search(value):
            self.refuse(f"<{local}> {attribute} holds an import or a script; refused")
        for match in _URL.finditer(value):
            if not match.group(2).strip().startswith("#"):
                self.refuse(f"<{local}> {attribute} refers to {match.group(2)[:60]!r} outside the picture; only "
                            "url(#id) is allowed")

    def end(self, tag: str) -> None:
        self.stack.pop()

    def text(self, data: str) -> None:
        element = self.stack[-1] if self.stack else None
        if element is None or element.tag != f"{{{SVG_NS}}}style":
            return  # white space between elements; a dropped element's text
        self._check_value("style", "content", data)
        element.text = (element.text or "") + data


def _check_references(root: ET.Element, lines: dict) -> None:
    """`<use>` draws what it names again: a picture whose uses name each other in a circle
    never ends, and uses of uses of uses multiply (the billion laughs of SVG). Refused: a
    cycle, and a picture that would draw more than MAX_SVG_ELEMENTS elements in all."""
    by_id = {element.get("id"): element for element in root.iter() if element.get("id")}
    sizes: dict[int, int] = {}
    visiting: set[int] = set()

    def size(element: ET.Element) -> int:
        key = id(element)
        if key in sizes:
            return sizes[key]
        if key in visiting:
            raise SvgRefused(*lines.get(key, (None, None)), "has <use> elements that draw each other in a circle")
        visiting.add(key)
        total = 1 + sum(size(child) for child in element)
        href = element.get(f"{{{XLINK_NS}}}href")
        if element.tag == f"{{{SVG_NS}}}use" and href and href[1:] in by_id:
            total += size(by_id[href[1:]])
        visiting.discard(key)
        if total > MAX_SVG_ELEMENTS:
            raise SvgRefused(*lines.get(key, (None, None)), f"would draw more than {MAX_SVG_ELEMENTS} elements "
                                                            "through its <use> elements")
        sizes[key] = total
        return total

    size(root)


def _view_box(root: ET.Element, line: int) -> tuple[float, float, float, float]:
    """The picture's viewBox, else (0, 0, width, height) from its size in CSS pixels."""
    box = root.get("viewBox")
    if box:
        parts = box.replace(",", " ").split()
        try:
            values = [float(p) for p in parts]
        except ValueError:
            values = []
        if len(values) != 4 or not (values[2] > 0 and values[3] > 0) or not all(map(_finite, values)):
            raise SvgRefused(line, None, f"has a viewBox {box!r} that is not four numbers with a positive "
                                         "width and height")  # fmt: skip
        return values[0], values[1], values[2], values[3]
    width, height = _length(root.get("width")), _length(root.get("height"))
    if width is None or height is None:
        raise SvgRefused(line, None, "has no size: give the <svg> a viewBox (or a width and height in px, mm, "
                                     "cm, in or pt)")  # fmt: skip
    return 0.0, 0.0, width, height


def _length(text: str | None) -> float | None:
    match = _LENGTH.match(text or "")
    if not match:
        return None
    value = float(match.group(1)) * _PX_PER[match.group(2)]
    return value if value > 0 and _finite(value) else None


def _finite(value: float) -> bool:
    return value == value and abs(value) < 1e9


def _number(value: float) -> str:
    return f"{value:.6f}".rstrip("0").rstrip(".")
