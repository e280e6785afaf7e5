"""map.style: declared styles of terrain and features exist; hex.coast: coast sides name
real directions. (Named lines' styles are free text: unknown ones are drawn as a plain line.)"""

from __future__ import annotations

from generator.model.mapstyles import known_styles
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
