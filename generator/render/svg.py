"""SVG backend: one Page as an SVG document whose user unit is the millimetre.

`width="…mm" height="…mm" viewBox="0 0 W H"` makes one user unit one millimetre, so the
numbers are the Page's own (and the same, rounded alike, as in the PDF). Symbols are
`<g id>` elements in `<defs>`, clipped to their bbox as a PDF form is, and placed with
`<use>`. svgwrite runs with debug=False (its validation triples the time) and sorts
attributes; ids come from symbol ids or a page-wide counter, so output is deterministic.
"""

from __future__ import annotations

import base64
import dataclasses
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

import svgwrite
from svgwrite.base import BaseElement

from generator import caches
from generator.layout.primitives import (
    Circle,
    ClipShape,
    Group,
    Image,
    Item,
    Line,
    Page,
    Path,
    Polygon,
    Polyline,
    Rect,
    Style,
    SymbolDef,
    Text,
    Use,
)
from generator.fonts.metrics import MM_PER_PT
from generator.layout.text_place import baseline_shift_mm
from generator.layout.transform import Transform
from generator.render.common import fmt, fmt_coef, q3, q6, symbol_ref, symbols_in_definition_order
from generator.fonts.faces import check_glyphs, face, on_fonts_changed
from generator.render.observe import notify
from generator.render.pictures import data_uri, picture_ref
from generator.render.svgfonts import font_face_css

_ANCHOR = {"middle": "middle", "end": "end"}  # "start" is SVG's default
_IMAGE_TYPES = {b"\x89PN": "image/png", b"\xff\xd8\xff": "image/jpeg"}  # by magic bytes


def render_svg(page: Page) -> bytes:
    """The page as UTF-8 SVG bytes."""
    notify((page,))
    width, height = fmt(page.width_mm), fmt(page.height_mm)
    drawing = svgwrite.Drawing(
        size=(f"{width}mm", f"{height}mm"), viewBox=f"0 0 {width} {height}", debug=False
    )
    if page.title:
        drawing.set_desc(title=page.title)
    writer = _SvgWriter(drawing, page)
    css = font_face_css(page)
    if css:  # the game's own faces travel with the file
        drawing.defs.add(drawing.style(css))
    for symbol in symbols_in_definition_order(page):
        writer.define(symbol)
    writer.draw(page.items, drawing)
    root = drawing.get_xml()
    ET.indent(root, space="")  # one element per line: readable diffs of golden files
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="utf-8"?>\n{body}\n'.encode()


class _SvgWriter:
    def __init__(self, drawing: svgwrite.Drawing, page: Page) -> None:
        self._drawing = drawing
        self._page = page
        self._clip_count = 0
        self._pictures: set[str] = set()
        self._vector_sizes: dict[str, tuple[float, float]] = {}  # an SVG picture's first box
        self._element: dict[type, Callable[[Any], BaseElement | None]] = {
            Line: self._line, Polyline: self._polyline, Polygon: self._polygon, Rect: self._rect,
            Circle: self._circle, Path: self._path, Text: self._text, Image: self._image,
            Use: self._use, Group: self._group,
        }  # fmt: skip

    def define(self, symbol: SymbolDef) -> None:
        ref = symbol_ref(symbol.id)
        left, top, right, bottom = symbol.bbox_mm
        box = Rect(left, top, right - left, bottom - top)
        clip_id = self._clip_path(f"clip-{ref}", box)
        group = self._drawing.g(id=ref, **{"clip-path": f"url(#{clip_id})"})
        self.draw(symbol.items, group)
        self._drawing.defs.add(group)

    def draw(self, items: Iterable[Item], parent: BaseElement) -> None:
        for item in items:
            build = self._element.get(type(item))
            if build is None:
                raise TypeError(f"not a drawing primitive: {item!r}")
            element = build(item)
            if element is not None:
                parent.add(element)

    # -- shapes --------------------------------------------------------------------------

    def _line(self, line: Line) -> BaseElement | None:
        if not line.style.strokes:
            return None
        start, end = (fmt(line.x1_mm), fmt(line.y1_mm)), (fmt(line.x2_mm), fmt(line.y2_mm))
        return self._drawing.line(start, end, **_stroke_attributes(line.style))

    def _polyline(self, shape: Polyline) -> BaseElement | None:
        return _painted(shape.style, self._drawing.polyline, points=_points(shape.points_mm))

    def _polygon(self, shape: Polygon) -> BaseElement | None:
        return _painted(shape.style, self._drawing.polygon, points=_points(shape.points_mm))

    def _rect(self, rect: Rect) -> BaseElement | None:
        corner = {"rx": fmt(rect.corner_radius_mm)} if rect.corner_radius_mm > 0 else {}
        return _painted(rect.style, self._drawing.rect, **_rect_geometry(rect), **corner)

    def _circle(self, circle: Circle) -> BaseElement | None:
        centre = (fmt(circle.cx_mm), fmt(circle.cy_mm))
        return _painted(circle.style, self._drawing.circle, center=centre, r=fmt(circle.r_mm))

    def _path(self, path: Path) -> BaseElement | None:
        rule = {"fill-rule": "evenodd"} if path.fill_rule == "evenodd" else {}
        return _painted(path.style, self._drawing.path, d=_path_data(path), **rule)

    # -- text, images, symbols, groups -----------------------------------------------------

    def _text(self, text: Text) -> BaseElement:
        check_glyphs(text.text, text.font)
        # text-anchor does the anchoring, so a viewer without DejaVu still centres labels;
        # the baseline rule is applied here, exactly as the PDF backend applies it.
        y_mm = text.y_mm + baseline_shift_mm(text)
        attributes = dict(_font_attributes(text.font, q3(text.size_pt * MM_PER_PT)))
        if text.anchor in _ANCHOR:
            attributes["text-anchor"] = _ANCHOR[text.anchor]
        if text.rotation_deg:
            anchor = f"{fmt(text.x_mm)} {fmt(text.y_mm)}"
            attributes["transform"] = f"rotate({fmt_coef(text.rotation_deg)} {anchor})"
        return self._drawing.text(
            text.text, x=[fmt(text.x_mm)], y=[fmt(y_mm)], fill=text.fill, **attributes
        )

    def _image(self, image: Image) -> BaseElement:
        picture = image.picture
        if picture is not None:
            return self._picture(image, picture)
        data = image.data()
        mime = _IMAGE_TYPES.get(data[:3])
        if mime is None:
            raise ValueError(f"image at ({image.x_mm}, {image.y_mm}) is neither PNG nor JPEG")
        href = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
        # The PDF stretches the picture to its box; "none" does the same here.
        box = Rect(image.x_mm, image.y_mm, image.width_mm, image.height_mm)
        return self._drawing.image(href, preserveAspectRatio="none", **_rect_geometry(box))

    def _picture(self, image: Image, picture) -> BaseElement:
        """A game picture, defined once in <defs> and placed with <use> scaled into its box (as
        the PDF places its XObject). A PNG or JPEG is defined as a unit square; an SVG at the
        size of its first box (a viewer may draw a scaled-up unit square of a vector picture
        blurred), so the usual placements, all of one size, are not scaled at all."""
        ref = picture_ref(picture)
        x, y, w, h = q3(image.x_mm), q3(image.y_mm), q3(image.width_mm), q3(image.height_mm)
        if picture.vector:
            if ref not in self._vector_sizes:
                self._vector_sizes[ref] = (w, h)
                self._drawing.defs.add(self._drawing.image(data_uri(picture), insert=(0, 0), size=(fmt(w), fmt(h)),
                                                           id=ref, preserveAspectRatio="none"))
            first_w, first_h = self._vector_sizes[ref]
            if (w, h) == (first_w, first_h):
                return self._drawing.use(f"#{ref}", x=fmt(x), y=fmt(y))
            scale = Transform(q6(w / first_w), 0, 0, q6(h / first_h), x, y)
            return self._drawing.use(f"#{ref}", transform=_matrix(scale))
        if ref not in self._pictures:
            self._pictures.add(ref)
            self._drawing.defs.add(self._drawing.image(data_uri(picture), insert=(0, 0), size=(1, 1), id=ref,
                                                       preserveAspectRatio="none"))
        return self._drawing.use(f"#{ref}", transform=_matrix(Transform(w, 0, 0, h, x, y)))

    def _use(self, use: Use) -> BaseElement:
        self._page.symbol(use.symbol_id)  # fails clearly on an undefined symbol
        href = f"#{symbol_ref(use.symbol_id)}"
        if use.scale == 1 and not use.rotation_deg:
            return self._drawing.use(href, x=fmt(use.x_mm), y=fmt(use.y_mm))
        return self._drawing.use(href, transform=_matrix(use.transform))

    def _group(self, group: Group) -> BaseElement:
        attributes = {}
        if not group.transform.is_identity:
            attributes["transform"] = _matrix(group.transform)
        if group.clip is not None:
            self._clip_count += 1
            clip_id = self._clip_path(f"clip-{self._clip_count}", group.clip)
            attributes["clip-path"] = f"url(#{clip_id})"
        element = self._drawing.g(**attributes)
        self.draw(group.items, element)
        return element

    def _clip_path(self, clip_id: str, shape: ClipShape) -> str:
        outline = _as_outline(shape)
        element = self._element[type(outline)](outline)
        if isinstance(shape, Path) and shape.fill_rule == "evenodd":
            element["clip-rule"] = "evenodd"
        clip = self._drawing.clipPath(id=clip_id)
        clip.add(element)
        self._drawing.defs.add(clip)
        return clip_id


_CLIP_STYLE = Style(fill="#000000", stroke=None)  # any painted outline will do for a clip


def _as_outline(shape: ClipShape) -> ClipShape:
    """The clip shape with a style that makes the writer emit it."""
    return dataclasses.replace(shape, style=_CLIP_STYLE)


def _painted(style: Style, build: Callable[..., BaseElement], **geometry: Any) -> BaseElement | None:
    if not (style.fills or style.strokes):
        return None
    return build(**geometry, **_style_attributes(style))


@lru_cache(maxsize=512)
def _style_attributes(style: Style) -> dict[str, str]:
    attributes = {"fill": style.fill or "none"}
    if style.fills and style.opacity < 1:
        attributes["fill-opacity"] = fmt_coef(style.opacity)
    return {**attributes, **_stroke_attributes(style)}


@lru_cache(maxsize=512)
def _stroke_attributes(style: Style) -> dict[str, str]:
    if not style.strokes:
        return {"stroke": "none"}
    attributes = {"stroke": style.stroke or "none", "stroke-width": fmt(style.stroke_width_mm)}
    if style.dash_mm:
        attributes["stroke-dasharray"] = " ".join(fmt(d) for d in style.dash_mm)
    if style.line_cap != "butt":
        attributes["stroke-linecap"] = style.line_cap
    if style.line_join != "miter":
        attributes["stroke-linejoin"] = style.line_join
    if style.opacity < 1:
        attributes["stroke-opacity"] = fmt_coef(style.opacity)
    return attributes


@caches.memoised  # the faces in force: the build's
def _font_attributes(font: str, size_mm: float) -> dict[str, str]:
    bundled = face(font)
    attributes = {"font-family": f"{bundled.svg_family}, sans-serif", "font-size": fmt(size_mm)}
    if bundled.svg_weight != "normal":
        attributes["font-weight"] = bundled.svg_weight
    if bundled.svg_style != "normal":
        attributes["font-style"] = bundled.svg_style
    return attributes


def _rect_geometry(rect: Rect) -> dict[str, tuple[str, str]]:
    return {
        "insert": (fmt(rect.x_mm), fmt(rect.y_mm)),
        "size": (fmt(rect.width_mm), fmt(rect.height_mm)),
    }


def _points(points: Iterable[tuple[float, float]]) -> list[tuple[str, str]]:
    return [(fmt(x), fmt(y)) for x, y in points]


def _path_data(path: Path) -> str:
    return " ".join(" ".join([command[0], *map(fmt, command[1:])]) for command in path.commands)


def _matrix(transform: Transform) -> str:
    a, b, c, d, e, f = transform.matrix
    return f"matrix({fmt_coef(a)} {fmt_coef(b)} {fmt_coef(c)} {fmt_coef(d)} {fmt(e)} {fmt(f)})"
