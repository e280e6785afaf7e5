"""map.style: declared styles of terrain and features exist; hex.coast: coast sides name
real directions. (Named lines' styles are free text: unknown ones are drawn as a plain line.)"""

from __future__ import annotations

from collections import defaultdict

from generator.model.mapstyles import (
    drawn_look,
    hex_feature_look,
    hexside_draw,
    hexside_style,
    known_styles,
    line_style,
    look_parts,
    terrain_style,
)
from generator.io.inputs import MAP
from generator.validation.registry import Context, rule
from generator.validation.report import Issue, Severity

_KINDS = (("terrain", "terrain"), ("hexside_features", "hexside"), ("hex_features", "hex_feature"))


@rule("map.style", "declared map styles are ones warkit draws", reads=())
def declared_styles(ctx: Context):
    spec = ctx.game.spec
    for key, kind in _KINDS:
        for n, item in enumerate(getattr(spec, key)):
            if item.style and item.style not in known_styles(kind):
                yield _unknown_style(ctx, (key, n, "style"), item.id, item.style, kind)


def _unknown_style(ctx: Context, path: tuple, item_id: str, style: str, kind: str) -> Issue:
    known = ", ".join(known_styles(kind))
    return Issue(
        ctx.game.spec_where(*path),
        "map.style",
        f"{item_id!r}: unknown style {style!r}, drawn with a guessed or neutral style (known: {known})",
        Severity.WARNING,
    )


@rule("hex.coast", "coast sides of a hex are compass directions of its grid", reads=(MAP,))
def coast_sides(ctx: Context):
    for h in ctx.game.hexes:
        grid = ctx.grids.get(h.map_id)
        if grid is None or not h.coast:
            continue
        wrong = [side for side in h.coast if side not in grid.directions]
        if wrong:
            yield Issue(
                h.at("coast"),
                "hex.coast",
                f"coast side(s) {', '.join(wrong)} of hex {h.hex_id} are not sides of a "
                f"{grid.orientation}-top hex (expected {', '.join(grid.directions)})",
            )


@rule("map.alike", "no two terrains, hexside features, hex features or lines of a legend draw alike")
def drawn_alike(ctx: Context):
    game = ctx.game
    spec = game.spec
    looks = {
        "terrain": [(n, t.id, terrain_style(t.id, t.style)) for n, t in enumerate(spec.terrain)],
        "hexside_features": [(n, f.id, _hexside_look(f)) for n, f in enumerate(spec.hexside_features)],
        "hex_features": [(n, f.id, drawn_look(hex_feature_look(f, game))) for n, f in enumerate(spec.hex_features)],
    }
    for key, entries in looks.items():
        yield from _alike(ctx, (key,), entries, _ADVICE[key])
    for m, spec_map in enumerate(spec.maps):
        lines = [(n, line.id, line.colour or line_style(line.style)) for n, line in enumerate(spec_map.lines)]
        yield from _alike(ctx, ("maps", m, "lines"), lines, _ADVICE["lines"])


_ADVICE = {
    "terrain": "give one another style",
    "hexside_features": "give one another style",
    "hex_features": "give one a colour, a side or a mark (or another style)",
    "lines": "give one another style or a colour",
}
_WHAT = {"terrain": "terrains", "hexside_features": "hexside features", "hex_features": "hex features",
         "lines": "lines"}


def _hexside_look(feature) -> str:
    style = hexside_style(feature.id, feature.style)
    return f"{style} {hexside_draw(style, feature.draw)}"


def _alike(ctx: Context, path: tuple, entries: list, advice: str):
    """One warning per group of entries that draw alike, at the later entries."""
    groups: dict[str, list] = defaultdict(list)
    for n, item_id, look in entries:
        groups[look].append((n, item_id))
    what = _WHAT[path[-1]]
    for look, members in groups.items():
        if len(members) < 2:
            continue
        first = members[0][1]
        for n, item_id in members[1:]:
            yield Issue(ctx.game.spec_where(*path, n), "map.alike",
                        f"{what} {first!r} and {item_id!r} would draw alike ({_described(look)}), so the legend "
                        f"could not tell them apart: {advice}", Severity.WARNING)


def _described(look: str) -> str:
    style, colour, mark = look_parts(look)
    parts = [f"style {style!r}"] + ([f"colour {colour}"] if colour else []) + ([f"mark {mark!r}"] if mark else [])
    return ", ".join(parts)
