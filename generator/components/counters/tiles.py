"""Counters as tiles for the shared sheet imposition: a picture form plus text, both sides."""

from __future__ import annotations

from collections.abc import Sequence

from generator.components.counters.art import draw_face
from generator.components.counters.plan import CounterSpec, Section
from generator.layout.primitives import Use
from generator.layout.sheets import Tile, TileGroup


def counter_tile(counter: CounterSpec, size_mm: float, bleed_mm: float) -> Tile:
    front = draw_face(counter.front, size_mm, bleed_mm)
    back = draw_face(counter.back, size_mm, bleed_mm)
    return Tile(
        front=(Use(front.picture.id, 0, 0), *front.text),
        back=(Use(back.picture.id, 0, 0), *back.text),
        symbols=(front.picture, back.picture),
        round=counter.front.shape == "round",
        size_mm=(size_mm, size_mm),
    )


def tile_groups(sections: Sequence[Section], size_mm: float, bleed_mm: float) -> list[TileGroup]:
    """One group per section, one row group per nationality; `copies` repeats a tile."""
    groups = []
    for section in sections:
        rows = []
        for row in section.rows:
            tiles = []
            for counter in row:
                tile = counter_tile(counter, size_mm, bleed_mm)
                tiles.extend([tile] * counter.copies)
            rows.append(tuple(tiles))
        groups.append(TileGroup(section.title, tuple(rows)))
    return groups
