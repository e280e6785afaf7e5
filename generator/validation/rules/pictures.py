"""image.*: the pictures the data names are placed where they can be, print sharp enough,
and a map's background is registered to its grid.

What cannot be read at all (a missing file, a path out of the folder, a decompression bomb,
an SVG with a script) is reported by the loader (`io/pictures.py`); these checks look at
pictures that were read. The sizes pictures print at come from the layout's own slot
geometry (the counters' anatomy, the cards' art), imported when a game has pictures.
"""

from __future__ import annotations

import math

from generator.io.inputs import CARDS, MAP, MARKERS, UNITS
from generator.model.pictures import (
    BACK_SLOTS,
    CARD_SLOTS,
    CHIT_SLOTS,
    COUNTER_SLOTS,
    LOGO_SLOTS,
)
from generator.model.source import Location
from generator.validation.registry import Context, rule
from generator.validation.report import Issue, Severity

MIN_DPI = 150  # below this a picture looks soft at arm's length on a printed counter or card
_SLOT_PLACES = {"counter": COUNTER_SLOTS, "card": CARD_SLOTS, "chit": CHIT_SLOTS, "deck back": BACK_SLOTS,
                "logo": LOGO_SLOTS}  # fmt: skip


def _warning(where: Location, code: str, message: str) -> Issue:
    return Issue(where, code, message, Severity.WARNING)


@rule("image.slot", "a declared image's slot is one the place that names it has", reads=(UNITS, MARKERS, CARDS))
def slots(ctx: Context):
    g = ctx.game
    for reference, where, place, _ in _references(g):
        spec = g.images.get(reference.strip())
        allowed = _SLOT_PLACES[place]
        if spec is not None and spec.slot is not None and spec.slot not in allowed:
            yield _warning(where, "image.slot", f"image {spec.id!r} goes in the {spec.slot!r} slot, which a {place} "
                                                f"does not have ({', '.join(allowed)}); it is put in "
                                                f"{allowed[0]!r}")  # fmt: skip


@rule("image.faces", "a unit names at most one picture per printed face", reads=(UNITS,))
def faces(ctx: Context):
    for unit in ctx.game.units:
        printed = max(1, sum(1 for face in unit.faces if not face.blank))
        if len(unit.images) > printed:
            yield Issue(unit.at("image"), "image.faces",
                        f"{len(unit.images)} pictures separated by '|' for {printed} printed face(s) in 'factors'; "
                        "give one picture for every face, or one for all")


@rule("image.resolution", f"a PNG or JPEG prints at {MIN_DPI} dpi or more at its printed size",
      reads=(UNITS, MARKERS, CARDS))
def resolution(ctx: Context):
    g = ctx.game
    if all(picture.vector for picture in g.pictures.values()):
        return  # a drawing has no resolution
    for reference, where, place, width_mm in _printed_widths(g):
        art = g.art(reference, _SLOT_PLACES[place])
        if art is None or art.picture.vector or width_mm <= 0:
            continue
        dpi = art.picture.width_px / (width_mm / 25.4)
        if dpi < MIN_DPI:
            yield _warning(where, "image.resolution",
                           f"image {art.picture.path!r} ({art.picture.width_px:.0f} x {art.picture.height_px:.0f} "
                           f"pixels) prints {width_mm:.1f} mm wide on a {place}: {dpi:.0f} dpi, under {MIN_DPI}; "
                           f"give it at least {math.ceil(MIN_DPI * width_mm / 25.4)} pixels across")


def _references(g):
    """(reference, where, place, owner) of every picture named in the data but map
    backgrounds; the owner is the unit, marker or deck it is printed on (None for others)."""
    spec = g.spec
    if spec.logo:
        yield spec.logo, g.spec_where("logo"), "logo", None
    for n, unit_type in enumerate(spec.unit_types):
        if unit_type.image:
            owner = next((u for u in g.units if u.type_id == unit_type.id and not u.images), None)
            yield unit_type.image, g.spec_where("unit_types", n, "image"), "counter", owner
    for unit in g.units:
        for text in unit.images:
            if text:
                yield text, unit.at("image"), "counter", unit
    for marker in g.markers:
        for column in ("image", "back_image"):
            if getattr(marker, column):
                yield getattr(marker, column), marker.at(column), "counter", marker
    decks = {deck.id: deck for deck in spec.decks}
    for n, deck in enumerate(spec.decks):
        if deck.image:
            yield deck.image, g.spec_where("decks", n, "image"), deck.kind, deck
        if deck.back.image:
            yield deck.back.image, g.spec_where("decks", n, "back", "image"), "deck back", deck
    for card in g.cards:
        if card.image and card.deck_id in decks:
            yield card.image, card.at("image"), decks[card.deck_id].kind, decks[card.deck_id]


def _printed_widths(g):
    """(reference, where, place, the picture's whole printed width in mm) for each reference
    to a PNG or JPEG (the layout of each place loaded only for a picture printed there)."""
    from generator.model.units import Unit

    counter = g.spec.print.counter_size_mm
    for reference, where, place, owner in _references(g):
        art = g.art(reference, _SLOT_PLACES[place])
        if art is None or art.picture.vector:
            continue
        from generator.layout.pictures import placed_box

        if place == "counter" and isinstance(owner, Unit) and g.is_block(owner):
            from generator.components.blocks.label import label_art_slot

            box = label_art_slot(art.slot, g.spec.print.block_size_mm)
        elif place == "counter":
            from generator.components.counters.anatomy import art_slot
            from generator.components.counters.plan import NEUTRAL, FaceArt, counter_shape

            if isinstance(owner, Unit):
                face = FaceArt("unit", NEUTRAL, counter_shape(g.unit_types.get(owner.type_id)),
                               designation=owner.designation, art=art)
            else:
                face = FaceArt("marker" if owner is not None else "unit", NEUTRAL, art=art)
            box = art_slot(face, art.slot, counter)
        elif place == "logo":
            box = COVER_LOGO_BOX
        else:
            from generator.components.decks.art import card_slot

            w, h = owner.size_for(counter)
            box = card_slot(art.slot, w, h) if place == "card" else \
                (0.0, 0.0, w, h) if art.slot == "full" else (0.2 * w, 0.0, 0.8 * w, 0.42 * h)
        left, _, right, _ = placed_box(art.picture, box, art.fit, art.anchor)
        yield reference, where, place, right - left


COVER_LOGO_BOX = (0.0, 0.0, 170.0, 50.0)  # about the cover's logo box on A4 (the running header's is smaller)


@rule("image.background", "a map's background is registered to its hexes or areas, inside the picture, sharp enough",
      reads=(MAP,))
def backgrounds(ctx: Context):
    g = ctx.game
    for n, map_spec in enumerate(g.spec.maps):
        background = map_spec.background
        art = g.art(background.image, ("full",)) if background is not None else None
        target = _anchors(ctx, map_spec) if art is not None else None
        if target is None:
            continue
        from generator.geometry.registration import UnknownReference, register  # a map with a background only

        anchors, (width, height) = target
        key = ("maps", n, "background", "register")
        try:
            registration = register(background.registration, anchors)
        except UnknownReference as exc:
            yield Issue(g.spec_where(*key, "points", exc.ref), "image.background",
                        f"the background cannot be registered: {exc}")
            continue
        except ValueError as exc:
            yield Issue(g.spec_where(*key), "image.background", f"the background cannot be registered: {exc}")
            continue
        picture = art.picture
        yield from _outside(g, key, background.registration, picture, anchors.noun)
        corners = [registration.to_pixel(x, y) for x in (0.0, width) for y in (0.0, height)]
        if not all(_inside(picture, pixel) for pixel in corners):
            yield _warning(g.spec_where(*key), "image.background",
                           f"the background {picture.path!r} does not cover the whole map: the map's corners fall "
                           f"at pixels {_pixels(corners)} of a {picture.width_px:.0f} x {picture.height_px:.0f} "
                           "picture; its edges show the paper")
        dpi = registration.pixels_per_mm * 25.4
        if not picture.vector and dpi < MIN_DPI:
            yield _warning(g.spec_where("maps", n, "background", "image"), "image.resolution",
                           f"the background {picture.path!r} prints at {dpi:.0f} dpi, under {MIN_DPI}")


def _anchors(ctx: Context, map_spec):
    """What the map registers its background to, and its body's size in mm (None: the map
    itself is broken, which other checks report)."""
    from generator.geometry.registration import area_anchors, hex_anchors

    if map_spec.is_area:
        centres: dict[str, tuple[float, float]] = {}
        for area in ctx.game.areas:
            if area.map_id == map_spec.id:
                centres.setdefault(area.area_id, (area.x_mm, area.y_mm))
        return area_anchors(centres), (map_spec.board.width_mm, map_spec.board.height_mm)
    grid = ctx.grids.get(map_spec.id)
    return (hex_anchors(grid), (grid.width_mm, grid.height_mm)) if grid is not None else None


def _outside(g, key: tuple, spec, picture, noun: str = "hex"):
    """A reference pixel outside the picture: almost always a typing slip (x and y swapped)."""
    if spec.points is not None:
        for ref, pixel in spec.points.items():
            if not _inside(picture, pixel):
                yield _warning(g.spec_where(*key, "points", ref), "image.background",
                               f"reference {noun} {ref!r} is at pixel {_pixels([pixel])}, outside the "
                               f"{picture.width_px:.0f} x {picture.height_px:.0f} picture {picture.path!r}")
    elif spec.origin is not None and not _inside(picture, spec.origin):
        yield _warning(g.spec_where(*key, "origin"), "image.background",
                       f"the origin pixel {_pixels([spec.origin])} lies outside the {picture.width_px:.0f} x "
                       f"{picture.height_px:.0f} picture {picture.path!r}")


def _inside(picture, pixel) -> bool:
    x, y = pixel
    tolerance = 0.5  # a corner on the picture's last pixel's far edge is inside
    return -tolerance <= x <= picture.width_px + tolerance and -tolerance <= y <= picture.height_px + tolerance


def _pixels(points) -> str:
    return ", ".join(f"({x:.0f}, {y:.0f})" for x, y in points)
