"""A rectangular region of a page that a chart or a block is laid out into."""

from __future__ import annotations

from dataclasses import dataclass

from generator.layout.primitives import Box


@dataclass(frozen=True)
class Frame:
    """x, y of the top-left corner, width and height, all in mm (y down)."""

    x_mm: float
    y_mm: float
    width_mm: float
    height_mm: float

    @staticmethod
    def page(paper_mm: tuple[float, float], margin_mm: float) -> Frame:
        width, height = paper_mm
        return Frame(margin_mm, margin_mm, width - 2 * margin_mm, height - 2 * margin_mm)

    @property
    def right_mm(self) -> float:
        return self.x_mm + self.width_mm

    @property
    def bottom_mm(self) -> float:
        return self.y_mm + self.height_mm

    @property
    def box(self) -> Box:
        return (self.x_mm, self.y_mm, self.right_mm, self.bottom_mm)

    def below(self, used_mm: float) -> Frame:
        """What is left after `used_mm` from the top has been filled."""
        used = min(max(used_mm, 0.0), self.height_mm)
        return Frame(self.x_mm, self.y_mm + used, self.width_mm, self.height_mm - used)

    def inset(self, left_mm: float, top_mm: float | None = None,
              right_mm: float | None = None, bottom_mm: float | None = None) -> Frame:
        """Shrunk on each side (CSS order of defaults: top = left, right = left, bottom = top)."""
        top = left_mm if top_mm is None else top_mm
        right = left_mm if right_mm is None else right_mm
        bottom = top if bottom_mm is None else bottom_mm
        return Frame(self.x_mm + left_mm, self.y_mm + top,
                     self.width_mm - left_mm - right, self.height_mm - top - bottom)


def box_contains(outer: Box, inner: Box, tolerance_mm: float = 1e-6) -> bool:
    """True when `inner` lies inside `outer` (both left, top, right, bottom)."""
    return (inner[0] >= outer[0] - tolerance_mm and inner[1] >= outer[1] - tolerance_mm
            and inner[2] <= outer[2] + tolerance_mm and inner[3] <= outer[3] + tolerance_mm)


def point_in_box(box: Box, x_mm: float, y_mm: float, tolerance_mm: float = 1e-6) -> bool:
    return box[0] - tolerance_mm <= x_mm <= box[2] + tolerance_mm and box[1] - tolerance_mm <= y_mm <= box[3] + tolerance_mm
