"""ids.duplicate: every id is unique within its kind."""

from __future__ import annotations

from generator.model.source import Location
from generator.io.inputs import MAP, MARKERS, SCENARIOS, UNITS
from generator.validation.registry import Context, rule
from generator.validation.report import Issue

SPEC_LISTS = (
    "sides", "nationalities", "unit_types", "sizes", "step_systems", "factor_layouts",
    "terrain", "hexside_features", "hex_features", "regions", "maps", "tables", "decks", "unit_states",
)


def _box_ids(ctx: Context):
    """Boxes are one kind across the maps and the sheets: a placement names a box by id."""
    for path, box in ctx.game.boxes_declared():
        yield box.id, ctx.game.spec_where(*path, "id")


@rule("ids.duplicate", "ids are unique within each kind", reads=(MAP, MARKERS, SCENARIOS, UNITS))
def duplicate_ids(ctx: Context):
    spec = ctx.game.spec
    for key in SPEC_LISTS:
        items = [(item.id, ctx.game.spec_where(key, n, "id")) for n, item in enumerate(getattr(spec, key))]
        yield from duplicates(items, key.rstrip("s").replace("_", " "))
    yield from duplicates([(s.id, ctx.game.spec_where("map_sheets", n, "id")) for n, s in enumerate(spec.map_sheets)]
                           + [(m.id, ctx.game.spec_where("maps", n, "id")) for n, m in enumerate(spec.maps)
                              if m.id in ctx.game.map_sheets], "map or map sheet")
    yield from duplicates(list(_box_ids(ctx)), "box")
    yield from duplicates([(u.unit_id, u) for u in ctx.game.units], "unit")
    yield from duplicates([(m.marker_id, m) for m in ctx.game.markers], "marker")
    yield from duplicates([(s.scenario_id, s.where) for s in ctx.game.scenarios], "scenario")
    for map_id in ctx.game.maps:
        rows = [(h.hex_id, _Cell(h, "hex")) for h in ctx.game.hexes if h.map_id == map_id]
        yield from duplicates(rows, f"hex row of map {map_id!r}")
        areas = [(a.area_id, a) for a in ctx.game.areas if a.map_id == map_id]
        yield from duplicates(areas, f"area of map {map_id!r}")


def duplicates(items: list[tuple[str, Location]], kind: str, within: str = ""):
    """An issue for every id met before; `within` says where ids must be unique ("in deck 'x'")."""
    first: dict[str, Location] = {}
    scope = f" {within}" if within else ""
    for item_id, where in items:
        if item_id in first:
            yield Issue(_located(where), "ids.duplicate",
                        f"duplicate {kind} id {item_id!r}{scope} (first defined at {_located(first[item_id])})")
        else:
            first[item_id] = where


class _Cell:
    """A row's cell whose location is made when asked for."""

    def __init__(self, row, column: str) -> None:
        self.row, self.column = row, column

    def at(self, _: str) -> Location:
        return self.row.at(self.column)


def _located(where) -> Location:
    """A Location, or a row whose `at("id")` is one (made only when a message needs it: a
    hundred thousand units' locations cost more than the check)."""
    return where if isinstance(where, Location) else where.at("id")
