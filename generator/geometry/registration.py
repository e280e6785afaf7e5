"""A picture registered to a map: the affine map from the map's page millimetres to the
picture's pixels, from reference places (hexes of a hex grid, areas of an area map: each an
id whose centre's millimetres the map knows) or from an origin, a size and a rotation.

Pixels have their origin at the picture's top-left corner and y downwards, as page
millimetres do, so a picture that is the printed map itself is a scale and a shift. One
path serves both kinds of map: `Anchors` says what the ids and the origin stand for.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from generator.geometry.hexgrid import HexGrid
from generator.model.registration import ImageRegistration

Point = tuple[float, float]


@dataclass(frozen=True)
class Registration:
    """pixel = (a·x + b·y + c, d·x + e·y + f) for a page point (x, y) in mm."""

    a: float
    b: float
    c: float
    d: float
    e: float
    f: float
    residual_px: float = 0.0  # root-mean-square misfit of the reference points (4 or more)
    references: int = 0  # how many reference hexes fixed it (0: an origin and a scale)

    def to_pixel(self, x_mm: float, y_mm: float) -> Point:
        return self.a * x_mm + self.b * y_mm + self.c, self.d * x_mm + self.e * y_mm + self.f

    def to_mm(self, x_px: float, y_px: float) -> Point:
        det = self.a * self.e - self.b * self.d
        x, y = x_px - self.c, y_px - self.f
        return (self.e * x - self.b * y) / det, (self.a * y - self.d * x) / det

    @property
    def pixels_per_mm(self) -> float:
        """The mean scale (square root of the area ratio)."""
        return math.sqrt(abs(self.a * self.e - self.b * self.d))

    @property
    def rotation_deg(self) -> float:
        """How far the grid is turned clockwise on the picture."""
        return math.degrees(math.atan2(self.d, self.a))

    def hex_centre_px(self, grid: HexGrid, col: int, row: int) -> Point:
        return self.to_pixel(*grid.centre_mm(col, row))

    def hex_corners_px(self, grid: HexGrid, col: int, row: int) -> list[Point]:
        return [self.to_pixel(x, y) for x, y in grid.corners_mm(col, row)]


class UnknownReference(ValueError):
    """A reference place the map does not have (or cannot place): `ref` is its id."""

    def __init__(self, ref: str, message: str) -> None:
        super().__init__(message)
        self.ref = ref


@dataclass(frozen=True)
class Anchors:
    """What a picture is registered to: the map's reference places by id (`locate` gives the
    page millimetres of an id's centre or raises UnknownReference), the page point the
    `origin` pixel stands for, and the millimetres `hex_size_px` measures (None where the
    map has no such unit: then only `dpi` sets the scale)."""

    noun: str  # "hex" or "area", in messages
    locate: Callable[[str], Point]
    origin_mm: Point
    size_mm: float | None = None


def hex_anchors(grid: HexGrid) -> Anchors:
    """A hex grid's: hex ids at their centres; the origin is the first hex's centre."""

    def locate(hex_id: str) -> Point:
        try:
            col, row = grid.parse_id(hex_id)
        except ValueError as exc:
            raise UnknownReference(hex_id, f"reference hex {hex_id!r}: {exc}") from None
        if not grid.contains(col, row):
            raise UnknownReference(hex_id, f"reference hex {hex_id!r} is not on the map")
        return grid.centre_mm(col, row)

    return Anchors("hex", locate, grid.centre_mm(grid.first_column, grid.first_row), grid.size_mm)


def area_anchors(centres: Mapping[str, Point]) -> Anchors:
    """An area map's: area ids at their centres (mm from the board's top-left corner); the
    origin is that corner."""

    def locate(area_id: str) -> Point:
        try:
            return centres[area_id]
        except KeyError:
            raise UnknownReference(area_id, f"reference area {area_id!r} is not an area of the map") from None

    return Anchors("area", locate, (0.0, 0.0))


def register(spec: ImageRegistration, target: HexGrid | Anchors) -> Registration:
    """The registration a spec describes on a hex grid or on a map's anchors; ValueError
    (UnknownReference for a place the map lacks) saying what is wrong."""
    anchors = target if isinstance(target, Anchors) else hex_anchors(target)
    if spec.points is None:
        return _from_origin(spec, anchors)
    pairs = [(anchors.locate(ref), pixel) for ref, pixel in spec.points.items()]
    return from_points(pairs, anchors.noun)


def _from_origin(spec: ImageRegistration, anchors: Anchors) -> Registration:
    if spec.hex_size_px is not None and anchors.size_mm is None:
        raise ValueError(f"'hex_size_px' is for hex maps: give 'dpi' to register a picture to an {anchors.noun} map")
    scale = spec.hex_size_px / anchors.size_mm if spec.hex_size_px is not None else spec.dpi / 25.4
    angle = math.radians(spec.rotation)
    a, b = scale * math.cos(angle), -scale * math.sin(angle)
    d, e = scale * math.sin(angle), scale * math.cos(angle)
    x0, y0 = anchors.origin_mm
    ox, oy = spec.origin
    return Registration(a, b, ox - a * x0 - b * y0, d, e, oy - d * x0 - e * y0)


def from_points(pairs: list[tuple[Point, Point]], noun: str = "hex") -> Registration:
    """From (page mm, pixel) pairs: two give a similarity (scale, rotation, shift), three or
    more an affine transform fitted by least squares."""
    if len(pairs) < 2:
        raise ValueError("at least two reference points are needed")
    if len(pairs) == 2:
        (p1, q1), (p2, q2) = pairs
        z1, z2, w1, w2 = complex(*p1), complex(*p2), complex(*q1), complex(*q2)
        if abs(z2 - z1) < 1e-9:
            raise ValueError(f"the two reference {_plural(noun)} are the same {noun}")
        if abs(w2 - w1) < 1e-9:
            raise ValueError(f"the two reference {_plural(noun)} are at the same pixel")
        m = (w2 - w1) / (z2 - z1)
        t = w1 - m * z1
        return Registration(m.real, -m.imag, t.real, m.imag, m.real, t.imag, references=2)
    rows = [(x, y, 1.0) for (x, y), _ in pairs]
    normal = [[sum(r[i] * r[j] for r in rows) for j in range(3)] for i in range(3)]
    if _collinear([p for p, _ in pairs]):
        raise ValueError(f"the reference {_plural(noun)} lie on one line; pick three that are not in a row")
    coefficients = []
    for axis in (0, 1):
        rhs = [sum(r[i] * q[axis] for r, (_, q) in zip(rows, pairs)) for i in range(3)]
        coefficients.append(_solve3(normal, rhs))
    (a, b, c), (d, e, f) = coefficients
    fitted = Registration(a, b, c, d, e, f)
    if abs(a * e - b * d) < 1e-9:
        raise ValueError(f"the reference {_plural(noun)}' pixels lie on one line; the picture cannot be placed")
    misfit = [math.dist(fitted.to_pixel(*p), q) ** 2 for p, q in pairs]
    residual = math.sqrt(sum(misfit) / len(misfit)) if len(pairs) > 3 else 0.0  # three always fit exactly
    return Registration(a, b, c, d, e, f, residual, len(pairs))


def _plural(noun: str) -> str:
    return "hexes" if noun == "hex" else f"{noun}s"


def _collinear(points: list[Point]) -> bool:
    """Whether the points lie (nearly) on one line: their spread has no second direction."""
    n = len(points)
    mx, my = sum(x for x, _ in points) / n, sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    syy = sum((y - my) ** 2 for _, y in points)
    sxy = sum((x - mx) * (y - my) for x, y in points)
    return sxx * syy - sxy * sxy <= 1e-6 * (sxx + syy) ** 2


def _det3(m: list[list[float]]) -> float:
    return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))


def _solve3(m: list[list[float]], v: list[float]) -> list[float]:
    """Cramer's rule for a 3 x 3 system."""
    det = _det3(m)
    out = []
    for column in range(3):
        replaced = [[v[i] if j == column else m[i][j] for j in range(3)] for i in range(3)]
        out.append(_det3(replaced) / det)
    return out


def parse_registration(text: str) -> ImageRegistration:
    """A registration from the command line: 'HEX=X,Y HEX=X,Y …' or
    'origin=X,Y size=PX [rotation=DEG]' (or 'dpi=N' for size)."""
    values: dict = {}
    points: dict[str, Point] = {}
    for part in text.replace(";", " ").split():
        key, sep, value = part.partition("=")
        if not sep:
            raise ValueError(f"expected KEY=VALUE, found {part!r}")
        try:
            if key in ("origin",):
                values["origin"] = _pixel(value)
            elif key in ("size", "hex_size_px"):
                values["hex_size_px"] = float(value)
            elif key in ("dpi", "rotation"):
                values[key] = float(value)
            else:
                points[key] = _pixel(value)
        except ValueError:
            raise ValueError(f"{part!r}: expected numbers, e.g. '0101=112,130' or 'size=77.5'") from None
    if points:
        values["points"] = points
    return ImageRegistration(**values)


def _pixel(text: str) -> Point:
    x, y = text.split(",")
    return float(x), float(y)
