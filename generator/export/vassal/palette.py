"""The module's pieces and the piece palette: every unit and marker as a piece (counters.py)
with its faces' images, and the palette window — a tab per side (its units by nationality,
then its markers), a tab for the markers of no side, and first, when a scenario leaves units
for the players to place, a "Free deployment" tab with a tab per such scenario and in it a
panel per deployment group (as the set-up forms list them)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from generator.components.blocks.label import block_items
from generator.components.counters.images import png_files
from generator.components.counters.plan import plan_counters
from generator.components.deployment_words import group_title
from generator.components.setup_content import unit_name
from generator.export.vassal.buildfile import MODULE, WIDGET, add
from generator.export.vassal.counters import GamePiece, PieceWords, block_images, block_piece, marker_piece, unit_piece
from generator.export.vassal.images import png_size
from generator.i18n import vocabulary as v
from generator.layout.primitives import Page
from generator.render.png import rasterise

PALETTE_COLUMNS = 10


def add_pieces(module, px_per_mm: float) -> None:
    """Every unit and marker as a piece, and the images of their faces at `px_per_mm`."""
    game, t, context = module.game, module.t, module.context
    words = PieceWords(flip=t.ui("Flip"), delete=t.ui("Delete"), lose_step=t.ui("Lose a step"),
                       regain_step=t.ui("Regain a step"),
                       state={"reduced": t.ui("reduced"), "reformed": t.ui("reformed")},
                       steps=lambda n: t.ngettext("%(num)d step", "%(num)d steps", n))
    module.words = words
    for unit in game.units:
        make = block_piece if game.is_block(unit) else unit_piece
        module.pieces[f"unit:{unit.unit_id}"] = make(game, unit, _unit_name(module, unit), words)
    for marker in game.markers:
        module.pieces[f"marker:{marker.marker_id}"] = marker_piece(game, marker, t)
    sections = plan_counters(game, t, context.options.counter_blank_backs)
    counters = [counter for section in sections for counter in section.counters]
    used = {image for piece in module.pieces.values() for image in piece.images}
    for output in png_files(counters, game.spec.print.counter_size_mm, px_per_mm * 25.4):
        name = output.name.rsplit("/", 1)[-1]
        if name in used:
            module.files[f"images/{name}"] = output.data
    _add_block_images(module, px_per_mm)


def _add_block_images(module, px_per_mm: float) -> None:
    """Each block's label turned to each of its strengths, as the charts draw a block."""
    game, size = module.game, module.game.spec.print.block_size_mm
    blocks = [unit for unit in game.units if game.is_block(unit)]
    pages = [Page(size, size, block_items(game, unit, size, module.t, strength))
             for unit in blocks for strength in range(unit.steps, 0, -1)]
    stems = [stem for unit in blocks for stem in block_images(unit)]
    if pages:
        for stem, data in zip(stems, rasterise(pages, px_per_mm * 25.4)):
            module.files[f"images/{stem}.png"] = data


def _unit_name(module, unit) -> str:
    """Its name; a unit known only by its designation also gets its nationality ('1 (Redland)'),
    so that two nations' '1' differ in the palette and in the chat's move reports."""
    if unit.name:
        return unit_name(module.context, unit)
    nationality = module.game.nationalities.get(unit.nationality)
    designation = module.t.designation(unit.designation)
    return f"{designation} ({module.t.of(nationality)})" if nationality else designation


def add_palette(module, root: ET.Element) -> None:
    """The units the players still deploy (free set-ups), then a tab per side (its units by
    nationality, then its markers), then the other markers."""
    game, t = module.game, module.t
    window = add(root, MODULE + "PieceWindow", name=t.ui(v.COUNTERS), text=t.ui(v.COUNTERS), hidden=False, scale=1.0)
    tabs = add(window, WIDGET + "TabWidget", entryName=t.ui(v.COUNTERS))
    _free_deployment(module, tabs)
    groups = []
    for side in game.spec.sides:
        units = [module.pieces[f"unit:{u.unit_id}"] for n in game.spec.nationalities if n.side == side.id
                 for u in game.units if u.nationality == n.id]
        markers = [p for key, p in module.pieces.items() if key.startswith("marker:") and p.side == side.id]
        groups.append((t.of(side), units + markers))
    groups.append((t.ui(v.MARKERS), [p for key, p in module.pieces.items() if key.startswith("marker:") and p.side is None]))
    for title, pieces in groups:
        if pieces:
            _panel(module, tabs, title, pieces)


def _free_deployment(module, tabs: ET.Element) -> None:
    """A tab of the units each scenario leaves for the players to place: a tab per such
    scenario, in it a panel per deployment group."""
    scenarios = [s for s in module.scenarios if s.free_units()]
    if not scenarios:
        return
    outer = add(tabs, WIDGET + "TabWidget", entryName=module.t.ui("Free deployment"))
    for scenario in scenarios:
        free, plan = set(scenario.free_units()), scenario.deployment
        inner = add(outer, WIDGET + "TabWidget", entryName=module.setup_name(scenario))
        for group in plan.groups:
            pieces = [module.pieces[f"unit:{unit_id}"] for unit_id in group.unit_ids if unit_id in free]
            if pieces:
                _panel(module, inner, group_title(module.context, plan, group), pieces)


def _panel(module, parent: ET.Element, title: str, pieces: list[GamePiece]) -> None:
    panel = add(parent, WIDGET + "PanelWidget", entryName=title, fixed=True, nColumns=PALETTE_COLUMNS, vert=False,
                scale=1.0)
    for piece in pieces:
        add_slot(module, panel, piece)


def add_slot(module, parent: ET.Element, piece: GamePiece, level: int = 1) -> None:
    """A PieceSlot of `piece` at `level`, with a gpid of its own (the first of a piece is the
    one its saved-game copies carry, so VASSAL's refresh finds them)."""
    gpid = module.next_gpid()
    module.slot_gpids.setdefault(piece.key, gpid)
    width, height = png_size(module.files[f"images/{piece.images[level - 1]}"])
    add(parent, WIDGET + "PieceSlot", piece.definition(module.words, level, gpid), entryName=piece.name, gpid=gpid,
        width=width, height=height)
