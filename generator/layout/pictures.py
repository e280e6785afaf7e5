"""A picture placed in a slot by its fit rule and anchor, as drawing primitives.

- `fit`: the whole picture, as large as the slot allows, its aspect kept; the room left
  over goes where the anchor does not (an anchor `top` puts the picture against the top);
- `fill`: the slot covered, aspect kept, the picture cropped to the slot (a clip); the
  anchor says which part is kept (`top` keeps the top);
- `stretch`: the picture stretched to the slot, aspect lost.

The backends only stretch a picture into the box they are given, so the geometry decided
here is the geometry of both formats.
"""

from __future__ import annotations

from generator.layout.primitives import Box, Group, Image, Item, Rect
from generator.model.pictures import Art, Picture

# Where the anchor puts the picture along each axis: 0 = left/top, 0.5 = centre, 1 = right/bottom.
_ANCHOR = {
    "center": (0.5, 0.5), "top": (0.5, 0.0), "bottom": (0.5, 1.0), "left": (0.0, 0.5), "right": (1.0, 0.5),
    "top_left": (0.0, 0.0), "top_right": (1.0, 0.0), "bottom_left": (0.0, 1.0), "bottom_right": (1.0, 1.0),
}  # fmt: skip


def placed_box(picture: Picture, slot: Box, fit: str = "fit", anchor: str = "center") -> Box:
    """Where the whole picture lies (left, top, right, bottom in mm) for a slot."""
    left, top, right, bottom = slot
    width, height = right - left, bottom - top
    if fit == "stretch":
        return slot
    scale = (min if fit == "fit" else max)(width / picture.width_px, height / picture.height_px)
    w, h = picture.width_px * scale, picture.height_px * scale
    ax, ay = _ANCHOR.get(anchor, (0.5, 0.5))
    x, y = left + (width - w) * ax, top + (height - h) * ay
    return x, y, x + w, y + h


def art_items(art: Art, slot: Box) -> list[Item]:
    """The picture of `art` in the slot (clipped to it when it is filled)."""
    return picture_items(art.picture, slot, art.fit, art.anchor)


def picture_items(picture: Picture, slot: Box, fit: str = "fit", anchor: str = "center") -> list[Item]:
    x0, y0, x1, y1 = placed_box(picture, slot, fit, anchor)
    image = Image(picture, x0, y0, x1 - x0, y1 - y0)
    if fit != "fill" or (x0, y0, x1, y1) == tuple(slot):
        return [image]
    left, top, right, bottom = slot
    return [Group((image,), clip=Rect(left, top, right - left, bottom - top))]


def dpi_at(picture: Picture, placed_width_mm: float) -> float | None:
    """The resolution a raster picture prints at when its whole width is `placed_width_mm`
    (None for an SVG, which has no pixels)."""
    if picture.vector or placed_width_mm <= 0:
        return None
    return picture.width_px / (placed_width_mm / 25.4)
