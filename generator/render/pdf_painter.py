"""Draws primitives on a reportlab canvas whose current space is millimetres, y down.

The painter remembers which colour, width, dash … the PDF graphics state already holds and
only writes the operators that change, so a map of thousands of same-styled items does not
repeat them thousands of times. State inside a saved/restored group is put back on exit;
inside a form nothing is known, because a form inherits the state of wherever it is used.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfdoc import xObjectName
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, PATH_OPS, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from generator.layout.primitives import (
    Circle,
    Group,
    Image,
    Item,
    Line,
    Path,
    Polygon,
    Polyline,
    Rect,
    Style,
    Text,
    Use,
)
from generator.fonts.metrics import MM_PER_PT
from generator.layout.text_place import text_offset_mm, text_origin_mm
from generator.layout.transform import Transform
from generator.render.common import FORMATTED, fmt, q3, q6, rgb
from generator.fonts.faces import check_glyphs, tt_font
from generator.render.pictures import picture_ref, recorded_form

_CAP = {"butt": 0, "round": 1, "square": 2}
_JOIN = {"miter": 0, "round": 1, "bevel": 2}
Shape = Line | Polyline | Polygon | Rect | Circle | Path


# What a fresh page's graphics state holds (PDF 32000-1, table 52), so the page does not
# restate it; forms start from nothing known.
PAGE_DEFAULTS = {"fill_alpha": 1.0, "stroke_alpha": 1.0, "dash": (), "cap": 0, "join": 0}


class PdfPainter:
    def __init__(
        self, canvas: Canvas, form_names: Mapping[str, str], known: Mapping[str, Any] | None = None
    ) -> None:
        self._canvas = canvas
        self._form_names = form_names
        self._state: dict[str, Any] = dict(known or {})  # values in force; missing = unknown
        self._applied: Style | None = None  # the style whose values are all in force, if any
        self._draw_item: dict[type, Callable[[Any], None]] = {
            Line: self._shape, Polyline: self._shape, Polygon: self._shape, Rect: self._shape,
            Circle: self._shape, Path: self._shape, Text: self._text, Image: self._image,
            Use: self._use, Group: self._group,
        }  # fmt: skip
        self._fill_rgb = lambda colour: canvas.setFillColorRGB(*rgb(colour))
        self._stroke_rgb = lambda colour: canvas.setStrokeColorRGB(*rgb(colour))
        # Each string's operators after its matrix, by face, size and string: the same for
        # every page and form of the document once its characters have their codes.
        self._text_tails: dict = canvas.__dict__.setdefault("_warkit_text_tails", {})

    def draw(self, items: Iterable[Item]) -> None:
        for item in items:
            draw_item = self._draw_item.get(type(item))
            if draw_item is None:
                raise TypeError(f"not a drawing primitive: {item!r}")
            draw_item(item)

    # -- items ---------------------------------------------------------------------------

    def _shape(self, shape: Shape) -> None:
        style = shape.style
        kind = type(shape)
        stroke, fill = style.strokes, style.fills and kind is not Line
        if not (stroke or fill):
            return
        self._apply(style)
        code = _plain_outline(shape, kind)
        if code is None:
            path, fill_mode = outline(self._canvas, shape)
            self._canvas.drawPath(path, stroke=int(stroke), fill=int(fill), fillMode=fill_mode)
            return
        # What `drawPath` writes for the path reportlab's path object would build.
        self._canvas._code += (code, PATH_OPS[int(stroke), int(fill), FILL_NON_ZERO])

    def _text(self, text: Text) -> None:
        check_glyphs(text.text, text.font)
        self._set("fill", text.fill, self._fill_rgb)
        self._set("fill_alpha", 1.0, self._canvas.setFillAlpha)
        size = q3(text.size_pt * MM_PER_PT)
        if text.rotation_deg:
            x_mm, y_mm = text_origin_mm(text)
            a, b, c, d, e, f = _quantised(Transform.placement(x_mm, y_mm, text.rotation_deg))
            # Negating c and d stands the glyphs upright again in the y-down page space.
            matrix = (a, b, -c, -d, e, f)
        else:  # the same numbers as above, for text set straight
            along_mm, down_mm = text_offset_mm(text)
            matrix = (1.0, 0.0, -0.0, -1.0, q3(text.x_mm + along_mm), q3(text.y_mm + down_mm))
        key = (text.font, size, text.text)
        tail = self._text_tails.get(key)
        if tail is None:
            tail = self._text_tails[key] = _text_operators(self._canvas, text.font, size, text.text)
        self._canvas._code.append(f"BT 1 0 0 1 0 0 Tm {fp_str(*matrix)} Tm {tail}")

    def _image(self, image: Image) -> None:
        canvas = self._canvas
        picture = image.picture
        if picture is not None and picture.vector:
            self._vector_picture(image, picture)
            return
        canvas.saveState()
        # Images are drawn y-up from their bottom-left corner: flip the box locally.
        canvas.transform(1, 0, 0, -1, q3(image.x_mm), q3(image.y_mm + image.height_mm))
        reader = ImageReader(io.BytesIO(image.data()))
        canvas.drawImage(reader, 0, 0, q3(image.width_mm), q3(image.height_mm), mask="auto")
        canvas.restoreState()

    def _vector_picture(self, image: Image, picture) -> None:
        """An SVG picture: its form (defined once per document) scaled into the box."""
        drawing = recorded_form(picture)
        self._set("fill_alpha", 1.0, self._canvas.setFillAlpha)
        self._set("stroke_alpha", 1.0, self._canvas.setStrokeAlpha)
        x, y, w, h = q3(image.x_mm), q3(image.y_mm), q3(image.width_mm), q3(image.height_mm)
        canvas = self._canvas
        canvas.saveState()
        canvas.transform(q6(w / drawing.width), 0, 0, q6(-h / drawing.height), x, q3(y + h))
        canvas.doForm(picture_ref(picture))
        canvas.restoreState()

    def _use(self, use: Use) -> None:
        name = self._form_names.get(use.symbol_id)
        if name is None:
            raise ValueError(f"symbol {use.symbol_id!r} is used but not defined on this page")
        canvas = self._canvas
        # A form inherits the opacity in force where it is used, but reportlab, tracking
        # ExtGState per stream, never writes an opacity of 1 inside a fresh form (it takes
        # it for the default). So every form is entered fully opaque.
        self._set("fill_alpha", 1.0, canvas.setFillAlpha)
        self._set("stroke_alpha", 1.0, canvas.setStrokeAlpha)
        # What saveState, transform, doForm and restoreState write (`Do` saves and restores
        # the state around the form itself; nothing reportlab tracks changes in between).
        if use.rotation_deg == 0 and use.scale == 1:
            matrix = fp_str(1.0, 0.0, 0.0, 1.0, q3(use.x_mm), q3(use.y_mm))
        else:
            matrix = fp_str(*_quantised(use.transform))
        canvas._code.append(f"q\n{matrix} cm\n/{xObjectName(name)} Do\nQ")
        canvas._formsinuse.append(name)

    def _group(self, group: Group) -> None:
        canvas = self._canvas
        canvas.saveState()
        saved_state = dict(self._state)
        if not group.transform.is_identity:
            canvas.transform(*_quantised(group.transform))
        if group.clip is not None:
            path, fill_mode = outline(canvas, group.clip)
            canvas.clipPath(path, stroke=0, fill=0, fillMode=fill_mode)
        self.draw(group.items)
        canvas.restoreState()
        self._state = saved_state
        self._applied = None

    # -- graphics state ------------------------------------------------------------------

    def _apply(self, style: Style) -> None:
        if style is self._applied:  # nothing written since it was applied (a sheet's 400 cut lines)
            return
        canvas = self._canvas
        if style.fills:
            self._set("fill", style.fill, self._fill_rgb)
            self._set("fill_alpha", style.opacity, canvas.setFillAlpha)
        if style.strokes:
            self._set("stroke", style.stroke, self._stroke_rgb)
            self._set("stroke_alpha", style.opacity, canvas.setStrokeAlpha)
            self._set("width", q3(style.stroke_width_mm), canvas.setLineWidth)
            self._set("dash", style.dash_mm, lambda d: canvas.setDash([q3(v) for v in d], 0))
            self._set("cap", _CAP[style.line_cap], canvas.setLineCap)
            self._set("join", _JOIN[style.line_join], canvas.setLineJoin)
        self._applied = style

    def _set(self, key: str, value: Any, write: Callable[[Any], None]) -> None:
        state = self._state
        if state.get(key, _UNKNOWN) != value:
            write(value)
            state[key] = value
            self._applied = None


_UNKNOWN = object()


def _plain_outline(shape: Shape, kind: type) -> str | None:
    """The code reportlab's path object gives (`getCode`) for a line, a square-cornered
    rectangle or a polygon (`outline`'s, which writes a polygon's points into the object
    itself, with `fmt`, so its code has no leading "n"), written without the object; None
    for other shapes."""
    if kind is Line:
        return f"n {fp_str(q3(shape.x1_mm), q3(shape.y1_mm))} m {fp_str(q3(shape.x2_mm), q3(shape.y2_mm))} l"
    if kind is Rect and not shape.corner_radius_mm > 0:
        return f"n {fp_str((q3(shape.x_mm), q3(shape.y_mm), q3(shape.width_mm), q3(shape.height_mm)))} re"
    if kind is Polygon:
        points = shape.points_mm
        return " ".join([*(f"{fmt(x)} {fmt(y)} {'l' if n else 'm'}" for n, (x, y) in enumerate(points)), "h"])
    return None


def outline(canvas: Canvas, shape: Shape) -> tuple[PDFPathObject, int]:
    """A shape's outline as a reportlab path, and its fill rule."""
    path = canvas.beginPath()
    if isinstance(shape, Line):
        path.moveTo(q3(shape.x1_mm), q3(shape.y1_mm))
        path.lineTo(q3(shape.x2_mm), q3(shape.y2_mm))
    elif isinstance(shape, (Polyline, Polygon)):
        _polyline(path, shape.points_mm, closed=isinstance(shape, Polygon))
    elif isinstance(shape, Rect):
        _rect(path, shape)
    elif isinstance(shape, Circle):
        path.circle(q3(shape.cx_mm), q3(shape.cy_mm), q3(shape.r_mm))
    else:
        _path_commands(path, shape)
        return path, FILL_EVEN_ODD if shape.fill_rule == "evenodd" else FILL_NON_ZERO
    return path, FILL_NON_ZERO


# Path operators are written straight into the path's code with `fmt` (the SVG backend's
# number format): reportlab's pure-Python fp_str took most of the time of a big map's paths.
_OPERATOR = {"M": "m", "L": "l", "C": "c"}


def _polyline(path: PDFPathObject, points: Iterable[tuple[float, float]], closed: bool) -> None:
    code = path._code
    operator = "m"
    for x, y in points:
        code.append(f"{fmt(x)} {fmt(y)} {operator}")
        operator = "l"
    if closed:
        code.append("h")


def _rect(path: PDFPathObject, rect: Rect) -> None:
    box = q3(rect.x_mm), q3(rect.y_mm), q3(rect.width_mm), q3(rect.height_mm)
    if rect.corner_radius_mm > 0:
        path.roundRect(*box, q3(rect.corner_radius_mm))
    else:
        path.rect(*box)


def _path_commands(path: PDFPathObject, shape: Path) -> None:
    code = path._code
    append, known = code.append, FORMATTED  # a map's grid is one path of 15,000 commands
    for command in shape.commands:
        head = command[0]
        if head == "L" or head == "M":
            x, y = command[1], command[2]
            append(f"{known.get(x) or fmt(x)} {known.get(y) or fmt(y)} {_OPERATOR[head]}")
        elif head == "C":
            append(" ".join([*map(fmt, command[1:]), "c"]))
        else:
            append("h")


def _text_operators(canvas: Canvas, font: str, size: float, text: str) -> str:
    """The operators reportlab's text object writes for `text` set in a TrueType face after
    its matrix (`beginText`, `setTextTransform` — "BT 1 0 0 1 0 0 Tm <matrix> Tm", the
    caller's —, then `setFont`, `textOut`, `drawText`), the very same bytes, without the
    object: its cursor, which measured the string again, is unused. The face assigns each
    character its code in the document's subsets as reportlab does."""
    face = tt_font(font)
    doc = canvas._doc
    code = []
    current, switch = -1, None
    for subset, part in face.splitString(text, doc):
        if subset != current:
            if switch is None:
                switch = f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"
            code.append(f"{face.getSubsetInternalName(subset, doc)} {switch}")
            current = subset
        code.append(f"({escapePDF(part)}) Tj")
    code.append("ET")
    return " ".join(code)


def _quantised(transform: Transform) -> tuple[float, ...]:
    a, b, c, d, e, f = transform.matrix
    return q6(a), q6(b), q6(c), q6(d), q3(e), q3(f)
