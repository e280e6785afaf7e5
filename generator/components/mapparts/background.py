"""A map's background picture under its hexes or areas: registered to the map by reference
places or by origin, size and rotation (`geometry/registration.py`), clipped to the map's
body.

The registration maps the map's millimetres to the picture's pixels; its inverse, as one
transform, puts the whole picture (pixel (0, 0) at its top-left corner, one unit a pixel)
where the map says, stretched, turned or skewed as the references require. The picture is
drawn once; the grid, numbers and overlays (or the areas, links and names) the map's
`layers` keep are drawn over it by `drawing.map_body` and `areadrawing.area_map_body`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.layout.primitives import Group, Image, Item, Rect
from generator.layout.transform import Transform
from generator.model.mapdata import MapLayers
from generator.model.pictures import Art

if TYPE_CHECKING:  # the registration is imported only by a map that has a background picture
    from generator.geometry.registration import Anchors, Registration

ALL_LAYERS = MapLayers(terrain=True)  # a map without a background draws everything


def layers_of(view) -> MapLayers:
    background = view.spec.background
    return background.layers if background is not None and background_art(view) is not None else ALL_LAYERS


def background_art(view) -> Art | None:
    background = view.spec.background
    return view.game.art(background.image, ("full",)) if background is not None else None


def anchors_of(view) -> tuple[Anchors, tuple[float, float]]:
    """What the view's map registers a picture to, and the size of its body in mm (a hex
    map's grid with its margin, an area map's board)."""
    from generator.geometry.registration import area_anchors, hex_anchors

    if view.spec.is_area:
        return area_anchors({area_id: area.centre for area_id, area in view.areas.items()}), \
            (view.width_mm, view.height_mm)
    return hex_anchors(view.grid), (view.grid.width_mm, view.grid.height_mm)


def background_items(view) -> list[Item]:
    """The picture under the map, or nothing (no background, or one that could not be read
    or registered: both reported by the check)."""
    art = background_art(view)
    if art is None:
        return []
    from generator.geometry.registration import register

    anchors, (width, height) = anchors_of(view)
    try:
        registration = register(view.spec.background.registration, anchors)
    except ValueError:
        return []
    picture = art.picture
    image = Image(picture, 0.0, 0.0, picture.width_px, picture.height_px)
    placed = Group((image,), pixels_to_mm(registration))
    return [Group((placed,), clip=Rect(0.0, 0.0, width, height))]


def pixels_to_mm(registration: Registration) -> Transform:
    """The inverse of the registration's page-mm-to-pixel map, as a drawing transform."""
    r = registration
    det = r.a * r.e - r.b * r.d
    return Transform(a=r.e / det, b=-r.d / det, c=-r.b / det, d=r.a / det,
                     e=(r.b * r.f - r.e * r.c) / det, f=(r.d * r.c - r.a * r.f) / det)
