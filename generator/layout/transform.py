"""2-D affine transforms in page millimetres (y down), shared by layout and both backends.

The matrix is the one SVG's `matrix(a b c d e f)` and PDF's `cm` operator use, so a
transform built here means exactly the same thing in both formats. A positive rotation
turns clockwise on the page, as SVG's `rotate()` does in its y-down space.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]


@dataclass(frozen=True)
class Transform:
    """x' = a·x + c·y + e, y' = b·x + d·y + f."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    @staticmethod
    def translate(dx_mm: float, dy_mm: float) -> Transform:
        return Transform(e=dx_mm, f=dy_mm)

    @staticmethod
    def scale(sx: float, sy: float | None = None) -> Transform:
        return Transform(a=sx, d=sx if sy is None else sy)

    @staticmethod
    def rotate(angle_deg: float, cx_mm: float = 0.0, cy_mm: float = 0.0) -> Transform:
        """Clockwise on the page about (cx, cy)."""
        cos, sin = _cos_sin(angle_deg)
        turn = Transform(a=cos, b=sin, c=-sin, d=cos)
        if cx_mm == 0 and cy_mm == 0:
            return turn
        return Transform.translate(-cx_mm, -cy_mm).then(turn).then(Transform.translate(cx_mm, cy_mm))

    @staticmethod
    def placement(x_mm: float, y_mm: float, rotation_deg: float = 0.0, scale: float = 1.0) -> Transform:
        """Scale, then rotate, then move the origin to (x, y): how symbols and text are put down."""
        cos, sin = _cos_sin(rotation_deg)
        return Transform(scale * cos, scale * sin, -scale * sin, scale * cos, x_mm, y_mm)

    def then(self, other: Transform) -> Transform:
        """This transform followed by `other`."""
        return Transform(
            other.a * self.a + other.c * self.b,
            other.b * self.a + other.d * self.b,
            other.a * self.c + other.c * self.d,
            other.b * self.c + other.d * self.d,
            other.a * self.e + other.c * self.f + other.e,
            other.b * self.e + other.d * self.f + other.f,
        )

    def apply(self, x: float, y: float) -> Point:
        return self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f

    @property
    def matrix(self) -> tuple[float, float, float, float, float, float]:
        return self.a, self.b, self.c, self.d, self.e, self.f

    @property
    def is_identity(self) -> bool:
        return self.matrix == (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


IDENTITY = Transform()


def _cos_sin(angle_deg: float) -> tuple[float, float]:
    # Exact values for quarter turns, so rotate(90) gives 0 rather than 6e-17.
    quarter, rest = divmod(angle_deg, 90.0)
    if rest == 0:
        return ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0))[int(quarter) % 4]
    radians = math.radians(angle_deg)
    return math.cos(radians), math.sin(radians)
