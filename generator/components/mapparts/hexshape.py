"""A hex's outline and the spots inside it where things go, relative to its centre.

Everything is in millimetres from the hex centre, computed from the grid's orientation and
size, so labels and symbols sit in the same place in every hex (and in the legend).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from generator.geometry.hexgrid import HexGrid

Point = tuple[float, float]


@dataclass(frozen=True)
class HexShape:
    orientation: str  # flat | pointy
    size_mm: float  # flat side to flat side

    @staticmethod
    def of(grid: HexGrid) -> HexShape:
        return HexShape(grid.orientation, grid.size_mm)

    @cached_property
    def radius_mm(self) -> float:
        """Centre to corner."""
        return self.size_mm / math.sqrt(3)

    @cached_property
    def corners(self) -> tuple[Point, ...]:
        start = 0.0 if self.orientation == "flat" else -30.0
        angles = [math.radians(start + 60 * k) for k in range(6)]
        return tuple((self.radius_mm * math.cos(a), self.radius_mm * math.sin(a)) for a in angles)

    @cached_property
    def half_height_mm(self) -> float:
        return self.size_mm / 2 if self.orientation == "flat" else self.radius_mm

    @cached_property
    def half_width_mm(self) -> float:
        return self.radius_mm if self.orientation == "flat" else self.size_mm / 2

    def bbox(self, pad_mm: float = 0.3) -> tuple[float, float, float, float]:
        w, h = self.half_width_mm + pad_mm, self.half_height_mm + pad_mm
        return (-w, -h, w, h)

    def width_at(self, dy_mm: float) -> float:
        """Width of the hex on the horizontal line dy below the centre."""
        dy = abs(dy_mm)
        if self.orientation == "flat":
            return max(0.0, 2 * self.radius_mm * (1 - dy / self.size_mm))
        flat_part = self.radius_mm / 2
        if dy <= flat_part:
            return self.size_mm
        return max(0.0, 2 * (self.radius_mm - dy) * math.sqrt(3))

    # -- where things go (dy below the centre; negative is up) ---------------------------

    @property
    def id_dy(self) -> float:
        """Top of the hex number's capitals."""
        return -self.half_height_mm + 0.09 * self.size_mm + (0.07 * self.size_mm if self.orientation == "pointy" else 0)

    @property
    def name_dy(self) -> float:
        """Top of the place name's capitals, under the settlement symbol."""
        return 0.17 * self.size_mm

    @property
    def side_dx(self) -> float:
        """How far left or right of the centre VP numbers and side symbols sit."""
        return 0.27 * self.size_mm

    @property
    def id_size_pt(self) -> float:
        return min(7.0, max(3.6, self.size_mm * 0.29))

    @property
    def name_size_pt(self) -> float:
        return min(9.0, max(4.0, self.size_mm * 0.36))

    @property
    def name_min_pt(self) -> float:
        return max(3.5, self.name_size_pt * 0.62)

    @property
    def vp_size_pt(self) -> float:
        return min(10.0, max(4.5, self.size_mm * 0.40))
