"""The drawing vocabulary every component lays out and every backend draws.

Pure data: frozen dataclasses, lengths in millimetres, origin at the page's top-left, y
down, angles in degrees clockwise on the page. Colours are "#rrggbb" strings (stored in
lower case so equal colours give equal bytes). Text sizes are in points, as printers speak.

Text placement rule (identical in both backends): (x, y) is the anchor; `anchor` says
whether it is the start, middle or end of the advance width; `baseline` says whether y is
the alphabetic baseline, the middle of the capitals, or the top of the capitals. Rotation
turns the text about its anchor.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Literal, Union

from generator.layout.transform import IDENTITY, Transform
from generator.model.pictures import Picture

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # left, top, right, bottom in mm
FontKey = Literal["sans", "sans-bold", "sans-oblique", "condensed", "condensed-bold", "title"]
FONT_KEYS: tuple[FontKey, ...] = ("sans", "sans-bold", "sans-oblique", "condensed", "condensed-bold", "title")

_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
# Arity of each path command: M x y, L x y, C x1 y1 x2 y2 x y, Z.
_PATH_ARITY = {"M": 2, "L": 2, "C": 6, "Z": 0}


def _colour(value: str | None, what: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not _COLOUR.fullmatch(value):
        raise ValueError(f"{what} must be a colour like '#1a2b3c' or None, got {value!r}")
    return value.lower()


def _one_of(value: str, allowed: tuple[str, ...], what: str) -> None:
    if value not in allowed:
        raise ValueError(f"{what} must be one of {', '.join(allowed)}; got {value!r}")


@dataclass(frozen=True)
class Style:
    """How a shape is painted. No fill and no stroke means the shape is not drawn."""

    fill: str | None = None
    stroke: str | None = "#000000"
    stroke_width_mm: float = 0.25
    dash_mm: tuple[float, ...] = ()
    opacity: float = 1.0
    line_cap: Literal["butt", "round", "square"] = "butt"
    line_join: Literal["miter", "round", "bevel"] = "miter"

    def __post_init__(self) -> None:
        object.__setattr__(self, "fill", _colour(self.fill, "fill"))
        object.__setattr__(self, "stroke", _colour(self.stroke, "stroke"))
        object.__setattr__(self, "dash_mm", tuple(self.dash_mm))
        if self.stroke_width_mm < 0 or not 0 <= self.opacity <= 1:
            raise ValueError("stroke_width_mm must be ≥ 0 and opacity within 0..1")
        if any(d < 0 for d in self.dash_mm) or (self.dash_mm and not any(self.dash_mm)):
            raise ValueError(f"dash lengths must be ≥ 0 and not all zero, got {self.dash_mm}")
        _one_of(self.line_cap, ("butt", "round", "square"), "line_cap")
        _one_of(self.line_join, ("miter", "round", "bevel"), "line_join")

    @property
    def strokes(self) -> bool:
        return self.stroke is not None and self.stroke_width_mm > 0

    @property
    def fills(self) -> bool:
        return self.fill is not None

    @staticmethod
    def filled(colour: str, opacity: float = 1.0) -> Style:
        return Style(fill=colour, stroke=None, opacity=opacity)

    @staticmethod
    def outlined(colour: str = "#000000", width_mm: float = 0.25) -> Style:
        return Style(stroke=colour, stroke_width_mm=width_mm)


DEFAULT_STYLE = Style()


@dataclass(frozen=True)
class Line:
    x1_mm: float
    y1_mm: float
    x2_mm: float
    y2_mm: float
    style: Style = DEFAULT_STYLE


@dataclass(frozen=True)
class Polyline:
    points_mm: tuple[Point, ...]
    style: Style = DEFAULT_STYLE

    def __post_init__(self) -> None:
        object.__setattr__(self, "points_mm", tuple(self.points_mm))


@dataclass(frozen=True)
class Polygon:
    points_mm: tuple[Point, ...]
    style: Style = DEFAULT_STYLE

    def __post_init__(self) -> None:
        object.__setattr__(self, "points_mm", tuple(self.points_mm))
        if len(self.points_mm) < 3:
            raise ValueError("a polygon needs at least three points")


@dataclass(frozen=True)
class Rect:
    x_mm: float
    y_mm: float
    width_mm: float
    height_mm: float
    style: Style = DEFAULT_STYLE
    corner_radius_mm: float = 0.0


@dataclass(frozen=True)
class Circle:
    cx_mm: float
    cy_mm: float
    r_mm: float
    style: Style = DEFAULT_STYLE


PathCommand = tuple  # ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",)


@dataclass(frozen=True)
class Path:
    """Absolute M/L/C/Z commands in mm; `fill_rule` decides how holes are filled."""

    commands: tuple[PathCommand, ...]
    style: Style = DEFAULT_STYLE
    fill_rule: Literal["nonzero", "evenodd"] = "nonzero"

    def __post_init__(self) -> None:
        object.__setattr__(self, "commands", tuple(tuple(c) for c in self.commands))
        for command in self.commands:
            if not command or _PATH_ARITY.get(command[0]) != len(command) - 1:
                raise ValueError(f"bad path command {command!r}; use M/L x y, C x1 y1 x2 y2 x y, Z")
        if self.commands and self.commands[0][0] != "M":
            raise ValueError("a path must start with an M command")
        _one_of(self.fill_rule, ("nonzero", "evenodd"), "fill_rule")


@dataclass(frozen=True)
class Text:
    x_mm: float
    y_mm: float
    text: str
    font: FontKey = "sans"
    size_pt: float = 10.0
    anchor: Literal["start", "middle", "end"] = "start"
    baseline: Literal["alphabetic", "middle", "hanging"] = "alphabetic"
    fill: str = "#000000"
    rotation_deg: float = 0.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "fill", _colour(self.fill, "text fill"))
        _one_of(self.font, FONT_KEYS, "font")
        _one_of(self.anchor, ("start", "middle", "end"), "anchor")
        _one_of(self.baseline, ("alphabetic", "middle", "hanging"), "baseline")
        if not self.size_pt > 0:
            raise ValueError(f"text size must be positive, got {self.size_pt}")


@dataclass(frozen=True)
class Image:
    """A picture stretched to fill the box: a PNG or JPEG (bytes or a file), or a game's
    `Picture` (PNG, JPEG or SVG), which every document embeds once however often it is drawn.
    Fitting, cropping and anchoring are the layout's (`layout/pictures.py`)."""

    source: bytes | FilePath | Picture
    x_mm: float
    y_mm: float
    width_mm: float
    height_mm: float

    def data(self) -> bytes:
        if isinstance(self.source, Picture):
            return self.source.data
        return self.source if isinstance(self.source, bytes) else FilePath(self.source).read_bytes()

    @property
    def picture(self) -> Picture | None:
        return self.source if isinstance(self.source, Picture) else None


@dataclass(frozen=True)
class Use:
    """Puts a SymbolDef down: scaled, then rotated, with its origin at (x, y)."""

    symbol_id: str
    x_mm: float
    y_mm: float
    scale: float = 1.0
    rotation_deg: float = 0.0

    @property
    def transform(self) -> Transform:
        return Transform.placement(self.x_mm, self.y_mm, self.rotation_deg, self.scale)


ClipShape = Union[Rect, Polygon, Path, Circle]


@dataclass(frozen=True)
class Group:
    """Items drawn under a transform, optionally clipped to a shape in the group's own
    coordinates (after the transform). The clip shape's style is ignored."""

    items: tuple[Item, ...]
    transform: Transform = IDENTITY
    clip: ClipShape | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "items", tuple(self.items))


Item = Union[Line, Polyline, Polygon, Rect, Circle, Path, Text, Image, Use, Group]


@dataclass(frozen=True)
class SymbolDef:
    """A drawing stored once and placed many times with Use (a hex, a counter's art).

    `bbox_mm` (left, top, right, bottom, in the symbol's own coordinates) must enclose the
    drawing including half the stroke: both backends clip the symbol to it.
    """

    id: str
    bbox_mm: Box
    items: tuple[Item, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "items", tuple(self.items))
        left, top, right, bottom = self.bbox_mm
        if not (right > left and bottom > top) or not self.id:
            raise ValueError(f"symbol {self.id!r} needs an id and a non-empty bbox")

    @property
    def width_mm(self) -> float:
        return self.bbox_mm[2] - self.bbox_mm[0]

    @property
    def height_mm(self) -> float:
        return self.bbox_mm[3] - self.bbox_mm[1]


@dataclass(frozen=True)
class Page:
    """One page: exact size, items in painting order, and the symbols its Uses refer to.

    Boxes are (left, top, right, bottom) in mm from the page's top-left corner.
    """

    width_mm: float
    height_mm: float
    items: tuple[Item, ...]
    symbols: tuple[SymbolDef, ...] = ()
    trim_box_mm: Box | None = None
    bleed_box_mm: Box | None = None
    title: str = ""
    _symbols_by_id: dict[str, SymbolDef] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "items", tuple(self.items))
        object.__setattr__(self, "symbols", tuple(self.symbols))
        if not (self.width_mm > 0 and self.height_mm > 0):
            raise ValueError(f"page size must be positive, got {self.width_mm} × {self.height_mm}")
        by_id = {symbol.id: symbol for symbol in self.symbols}
        if len(by_id) != len(self.symbols):
            raise ValueError("two symbols on one page share an id")
        object.__setattr__(self, "_symbols_by_id", by_id)

    def symbol(self, symbol_id: str) -> SymbolDef:
        try:
            return self._symbols_by_id[symbol_id]
        except KeyError:
            raise ValueError(f"page uses symbol {symbol_id!r} but does not define it") from None
