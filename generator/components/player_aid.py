"""Player aids: for each side, a few pages to keep beside the map, from a jinja2 template.

The template (`templates/player-aid.xml.j2`, or the game's own, see aid_templates.py) writes
the words and the order; it produces the small markup of aid_markup.py, whose `<chart>`
placeholders bring in the existing charts as blocks: the sequence of play cut down to what
the side does, the CRTs with their modifiers, the terrain effects chart, the dice tables.
The aid is fitted to `print.player_aid_pages` pages (default 2): when it runs longer it is
set smaller, down to three quarters; if it still does not fit, it keeps the extra pages
and the build says so. An aid that fits is set up to a tenth smaller when that saves a page
(a last page holding a few lines).

The sides' aids print the same tables, limits and rules; kit.pdf prints them once, in the aid
of every side (`aid_pages(context, None)`: the same template with `every_side`, the whole
sequence, every side's counters, abilities and decks), each side's aid written to print
separately (`one_aid_in_the_kit`).
"""

from __future__ import annotations

import logging
from dataclasses import replace

from generator import caches
from generator.build.components import BuildContext, OutputFile, component
from generator.components import chart_style as cs
from generator.components.aid_markup import Node, parse_markup
from generator.components.aid_templates import find_template
from generator.components.chart_document import (
    bullet_blocks,
    content_frame,
    document_outputs,
    framed_page,
    heading_block,
    text_block,
    title_block,
)
from generator.components.counter_key import counter_points
from generator.components.crt import combat_table_blocks, combat_tables
from generator.components.dice_tables import dice_table_blocks, dice_tables
from generator.components.sequence_of_play import sequence_in_columns
from generator.components.tec import COMPACT, tec_blocks
from generator.components.text import game_text, ui_text
from generator.components.turn_windows import window_in_words
from generator.errors import WarkitError
from generator.layout.blocks import Block, Placement, in_columns, paginate, stacked
from generator.layout.frame import Frame
from generator.layout.primitives import Group, Page
from generator.layout.transform import Transform
from generator.model.rules import Side
from generator.validation.places import in_force
from generator.validation.restriction_words import rule_words, who
from generator.model.tables import ValueTable
from generator.model.track import Phase

log = logging.getLogger(__name__)

TEMPLATE = "player-aid.xml.j2"
EVERY_SIDE = "player-aids.pdf"  # the aid of every side, which kit.pdf prints (a VASSAL module shows each side's)
SCALES = tuple(round(1.0 - 0.025 * n, 3) for n in range(11))  # 1 … 0.75: how far an aid may shrink
COLUMN_GAP_MM = 6.0
SPARE_SCALE = 0.9  # how far an aid that fits its pages may shrink to need one page fewer


# -- what the template is given: plain data only -----------------------------------------

def side_phases(phases: list[Phase], side_id: str | None) -> list[Phase]:
    """The phases and steps `side_id` carries out, and those no side owns (both players'),
    in the order of play. A shared phase whose steps all belong to other sides is left out.
    For None (the aid of every side): every phase and step."""
    if side_id is None:
        return list(phases)
    kept = []
    for phase in phases:
        if phase.side not in (None, side_id):
            continue
        steps = side_phases(phase.steps, side_id)
        if phase.side is None and phase.steps and not steps:
            continue
        kept.append(phase.model_copy(update={"steps": steps}))
    return kept


def stacking_points(context) -> list[str]:
    """The stacking rules of game.yaml said in the build's language, one point each."""
    game, t = context.game, game_text(context)
    stacking = game.spec.stacking
    points = []
    for index, limit in enumerate(stacking.limits):
        text = _capital(t.stacking_limit(index, limit)) or _generic_limit(context, limit)
        window = window_in_words(context, limit.turns) if limit.turns else ""
        points.append(ui_text(context, "{limit} ({turns})", limit=text, turns=window) if window else text)
    if any(limit.measure == "weight" for limit in stacking.limits):
        for size in game.spec.sizes:
            if size.weight != 1:
                points.append(ui_text(context, "{size}: counts {weight}", size=t.of(size), weight=t.number(size.weight)))
    free = [t.of(u) for u in game.spec.unit_types if u.stacking == "free"]
    if free:
        points.append(ui_text(context, "Never count against the limits: {types}", types=", ".join(free)))
    for unit_type in game.spec.unit_types:
        if unit_type.max_per_hex is not None:
            points.append(ui_text(context, "{type}: at most {count} in a hex", type=t.of(unit_type),
                                  count=unit_type.max_per_hex))
    if stacking.separate_nationalities:
        exempt = [t.of(game.unit_types[u]) for u in stacking.mixing_exempt_types if u in game.unit_types]
        text = ui_text(context, "Units of different nationalities may not stack together")
        points.append(ui_text(context, "{rule} (except {types})", rule=text, types=", ".join(exempt)) if exempt
                      else text)
    exempt = [who(t, game, selector) for limit in stacking.limits for selector in limit.exempt]
    if exempt:
        points.append(ui_text(context, "Never count against the limits: {types}", types="; ".join(exempt)))
    points += restriction_points(context, kinds=("never_with", "max"))
    points += [t.stacking_note(i) for i in range(len(stacking.notes))]
    return points


PLACES = ("only_in", "never_in", "min", "not_used", "strength")  # the kinds "Where units may stand" prints


def restriction_points(context, scenario=None, kinds=PLACES) -> list[str]:
    """The game's restrictions (as `scenario` changes them) of these kinds in words, one point
    each: the stacking section takes companions and caps, "Where units may stand" the places."""
    game, t = context.game, game_text(context)
    return [_capital(rule_words(t, game, placed.spec, t.restriction_name(placed),
                                lambda text: window_in_words(context, text)))
            for placed in in_force(game, scenario) if placed.spec.kind in kinds]


def _generic_limit(context, limit) -> str:
    count = game_text(context).number(limit.max)
    return {"steps": ui_text(context, "At most {count} steps in a hex", count=count),
            "units": ui_text(context, "At most {count} units in a hex", count=count),
            "weight": ui_text(context, "At most {count} in stacking weight in a hex", count=count)}[limit.measure]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def weather_points(context) -> list[str]:
    """Each declared weather with what it does, one point each ('' effects: left out)."""
    t = game_text(context)
    points = []
    for weather in context.game.spec.turn_track.weathers:
        effects = [t.weather_effect(weather.id, i, text) for i, text in enumerate(weather.effects)]
        if effects:
            points.append(ui_text(context, "{weather}: {effects}", weather=_capital(t.weather(weather.id)),
                                  effects="; ".join(effects)))
    return points


def supply_points(context) -> list[str]:
    supply = context.game.spec.supply
    if supply is None:
        return []
    t = game_text(context)
    return [t.supply_summary(i) for i in range(len(supply.summary))]


def aid_data(context, side: Side | None) -> dict:
    """What the template is given for `side`'s aid, or for None the aid of every side (kit.pdf's:
    the sequence whole, every side's counters, abilities and decks; `every_side` true, the
    side's name every side's names, no other sides)."""
    game, t = context.game, game_text(context)
    side_id = side.id if side is not None else None
    return {
        "game": {"title": t.title(), "subtitle": t.subtitle()},
        "side": {"id": side_id or "", "name": t.of(side) if side is not None else every_side_name(context)},
        "every_side": side is None,
        "other_sides": [t.of(s) for s in game.spec.sides if side is not None and s.id != side.id],
        "has_sequence": bool(side_phases(game.spec.sequence_of_play, side_id)),
        "crts": [{"id": table.id, "name": t.of(table)} for table in combat_tables(game)],
        "tables": [{"id": table.id, "name": t.of(table)} for table in dice_tables(game)],
        "has_terrain": bool(game.spec.terrain),
        "has_compass": any(spec.retreat for spec in game.spec.maps),
        "has_decks": bool(reference_decks(game, side_id)),
        "abilities": ability_points(context, side_id),
        "counters": counter_points(context, side_id),
        "area_map": game.spec.maps[0].is_area,  # the game's places are areas, not hexes
        "stacking": stacking_points(context),
        "places": restriction_points(context),
        "weather": weather_points(context),
        "supply": supply_points(context),
        "maps": map_points(context),
        "pages": game.spec.print.player_aid_pages,
    }


def map_points(context) -> list[str]:
    """One point per map with a scale or movement factor of its own (GWNE 1.2, 12.2:
    "Egypt/Palestine: 9.5 miles a hex; movement ×2"); none when no map has either."""
    from generator.components.mapparts.panel import map_notes
    from generator.components.mapparts.words import MapWords

    words = MapWords(context.translator)
    points = []
    for spec in context.game.spec.maps:
        notes = map_notes(words, spec)
        if notes:
            points.append(f"{words.of(spec, 'title')}: {'; '.join(notes)}")
    return points


# -- markup to blocks -------------------------------------------------------------------

def markup_blocks(context, side: Side | None, root: Node, width_mm: float, shown_name: str) -> list[Block]:
    """The document's elements as blocks, top to bottom."""
    blocks: list[Block] = []
    break_next = False
    children = root.children
    for index, node in enumerate(children):
        if node.tag == "pagebreak":
            break_next = True
            continue
        made = _element_blocks(context, side, node, children[index + 1:], width_mm, shown_name)
        if made and break_next:
            made[0] = replace(made[0], page_break_before=True)
            break_next = False
        blocks += made
    return blocks


def _element_blocks(context, side: Side | None, node: Node, following: list[Node], width_mm: float,
                    shown_name: str) -> list[Block]:
    if node.tag == "title":
        subtitle = following[0].text if following and following[0].tag == "subtitle" else None
        return [title_block(node.text, width_mm, subtitle)]
    if node.tag == "subtitle":
        return []  # printed with the title before it
    if node.tag == "h":
        return [heading_block(node.text, width_mm)]
    if node.tag == "p":
        return [text_block(node.text, width_mm, size_pt=cs.BODY_PT)]
    if node.tag == "note":
        return [text_block(node.text, width_mm, size_pt=cs.SMALL_PT, colour=cs.MUTED)]
    if node.tag == "list":
        lines = [item.text for item in node.children]
        return bullet_blocks(lines, width_mm, size_pt=cs.SMALL_PT) if lines else []
    if node.tag == "chart":
        return chart_blocks(context, side, node, width_mm, shown_name)
    raise WarkitError(f"{shown_name}: the rendered markup, line {node.line}: <{node.tag}> is not allowed here")


def chart_blocks(context, side: Side | None, node: Node, width_mm: float, shown_name: str) -> list[Block]:
    """A `<chart name="…">` placeholder filled with the chart's own blocks."""
    name = node.attributes.get("name", "")
    game = context.game

    def wanted(tables, attribute: str) -> list:
        ids = [i.strip() for i in node.attributes.get(attribute, "").split(",") if i.strip()]
        known = {table.id: table for table in tables}
        unknown = [i for i in ids if i not in known]
        if unknown:
            raise WarkitError(f"{shown_name}: the rendered markup, line {node.line}: <chart name={name!r}> names "
                              f"table {unknown[0]!r}, which is not a table of that kind (known: "
                              f"{', '.join(known) or 'none'})")
        return [known[i] for i in ids] if ids else list(tables)

    if name == "sequence":
        phases = side_phases(game.spec.sequence_of_play, side.id if side is not None else None)
        return sequence_in_columns(context, phases, width_mm, COLUMN_GAP_MM) if phases else []
    if name == "crt":
        # The terrain's effects on a table are the TEC's Combat column: printed with the
        # table only when the template asks (terrain="yes"), as its TEC is usually beside it.
        terrain = node.attributes.get("terrain", "no") == "yes"
        return [b for table in wanted(combat_tables(game), "table") for b in
                combat_table_blocks(context, table, width_mm, probabilities=False, heading=True, terrain=terrain)]
    if name == "tec":
        return tec_blocks(context, width_mm, COMPACT, heading=True)
    if name == "compass":
        return compass_blocks(context, width_mm)
    if name == "decks":
        return reference_deck_blocks(context, side, width_mm)
    if name == "tables":
        tables = wanted(dice_tables(game), "tables")
        columns = _columns(node, shown_name)
        # A table read by a value runs across the page (its values are columns): full width.
        across = [b for table in tables if isinstance(table, ValueTable)
                  for b in dice_table_blocks(context, table, width_mm, heading=True)]
        tables = [table for table in tables if not isinstance(table, ValueTable)]
        if columns == 1 or not tables:
            return across + [b for table in tables for b in dice_table_blocks(context, table, width_mm, heading=True)]
        column_mm = (width_mm - (columns - 1) * COLUMN_GAP_MM) / columns
        each = [stacked(dice_table_blocks(context, table, column_mm, heading=True), 1.5) for table in tables]
        return across + [in_columns(each, columns, width_mm, COLUMN_GAP_MM, cs.BLOCK_GAP_MM)]
    known = "compass, crt, decks, sequence, tables, tec"
    raise WarkitError(f"{shown_name}: the rendered markup, line {node.line}: no chart named {name!r} (known: {known})")


def reference_decks(game, side_id: str | None) -> list:
    """The decks and cups marked `reference` that the side owns (or that no side owns);
    every side's for None."""
    return [deck for deck in game.spec.decks if deck.reference and (side_id is None or deck.owner in (side_id, None))]


def reference_deck_blocks(context, side: Side | None, width_mm: float) -> list[Block]:
    """The summary of each reference deck of the side (title, count, what each does)."""
    from generator.components.decks.plan import plan_deck
    from generator.components.decks.summary import alike_decks, summary_blocks

    plans = [plan_deck(context.game, deck, game_text(context), context.options.counter_size_mm)
             for deck in reference_decks(context.game, side.id if side is not None else None)]
    blocks = []
    for first, *alike in alike_decks(context, [plan for plan in plans if plan.cards]):
        blocks += summary_blocks(context, first, width_mm, heading=True, alike=tuple(alike))
    return blocks


def ability_points(context, side_id: str | None) -> list[str]:
    """'Name: what it alone may do' for each of the side's units with an `ability` (every
    side's for None)."""
    game, t = context.game, game_text(context)
    points = []
    for unit in game.units:
        nationality = game.nationalities.get(unit.nationality)
        if unit.ability and nationality is not None and nationality.side \
                and (side_id is None or nationality.side == side_id):
            name = t.of(unit) if unit.name else t.designation(unit.designation)
            points.append(f"{name}: {t.of(unit, 'ability')}")
    return points


def compass_blocks(context, width_mm: float) -> list[Block]:
    """The retreat compass of every map that has one (GE 13.19), as the map prints it."""
    from generator.components.mapparts.palette import FRAME
    from generator.components.mapparts.retreat import retreat_compass_items

    game, t = context.game, game_text(context)
    maps = [spec for spec in game.spec.maps if spec.retreat]
    blocks: list[Block] = []
    seen: list[tuple] = []
    for spec in maps:
        key = tuple((r.side, tuple(r.directions)) for r in spec.retreat)
        if key in seen:  # the same compass on another map: printed once
            continue
        seen.append(key)
        names = [t.of(other, "title") for other in maps if tuple((r.side, tuple(r.directions)) for r in other.retreat) == key]
        title = ui_text(context, "Retreat compass")
        if len(maps) > 1:
            title = f"{title}: {', '.join(names)}"
        colours = {side.id: side.colour or FRAME for side in game.spec.sides}
        items, height = retreat_compass_items(spec, spec.grid.orientation, lambda s: t.of(game.sides[s]),
                                              lambda s: colours.get(s, FRAME), min(width_mm, 120.0),
                                              t=context.translator)
        blocks += [heading_block(title, width_mm),
                   text_block(ui_text(context, "A unit retreats only in a direction of its side's rose."), width_mm,
                              size_pt=cs.SMALL_PT, colour=cs.MUTED, keep_with_next=True),
                   Block(min(width_mm, 120.0), height, tuple(items))]
    return blocks


def _columns(node: Node, shown_name: str) -> int:
    text = node.attributes.get("columns", "1")
    if text not in ("1", "2", "3"):
        raise WarkitError(f"{shown_name}: the rendered markup, line {node.line}: columns must be 1, 2 or 3, "
                          f"not {text!r}")
    return int(text)


# -- pages ------------------------------------------------------------------------------

def aid_title(context, side: Side | None) -> str:
    name = game_text(context).of(side) if side is not None else every_side_name(context)
    return ui_text(context, "Player aid: {side}", side=name)


def every_side_name(context) -> str:
    """Every side's name in one ('Allies and Central Powers')."""
    names = [game_text(context).of(s) for s in context.game.spec.sides]
    if len(names) < 2:
        return "".join(names)
    return ui_text(context, "{first} and {last}", first=", ".join(names[:-1]), last=names[-1])


def one_aid_in_the_kit(context: BuildContext) -> bool:
    """Whether kit.pdf takes one aid for every side instead of each side's: a game of two
    sides or more whose sides share warkit's or the game's player-aid.xml.j2. The sides'
    aids print the same tables, rules and limits (only the sequence cut to the side, the
    examples of its counters and its own decks and abilities differ), so the kit prints
    them once, with the whole sequence and every side's counters, abilities and decks;
    each side's aid is still written, to print separately. A side with a template of its
    own keeps its aid in the kit, and so does every side when the game's template cannot
    write the aid of every side (`every_side_failure`)."""
    sides = context.game.spec.sides
    shared = _template(context, None)
    return len(sides) > 1 and all(_template(context, side).shown_name == shared.shown_name for side in sides) \
        and every_side_failure(context) is None


def every_side_failure(context) -> str | None:
    """Why the game's own template cannot write the aid of every side (its error, such as a
    template written for one side reading `other_sides[0]`), or None. Warkit's template
    always can; a game's is tried."""
    template = _template(context, None)
    if template.origin != "game" or len(context.game.spec.sides) < 2:
        return None
    width = content_frame(context).width_mm

    def tried() -> str | None:
        try:
            root = parse_markup(template.render(**aid_data(context, None)), template.shown_name)
            markup_blocks(context, None, root, width, template.shown_name)
        except WarkitError as error:
            return str(error)
        return None

    # asked by every chart that looks at what the kit's aids print: laid out once a build
    return caches.remembered_words("player_aid.every_side_failure", context.game, (template.shown_name, width),
                                   context.translator, tried)


def _template(context, side: Side | None):
    return find_template(context, ([f"player-aid-{side.id}.xml.j2"] if side is not None else []) + [TEMPLATE])


def aid_pages(context: BuildContext, side: Side | None) -> tuple[list[Page], float]:
    """The aid's pages and the scale it is set at (1: full size); None: the aid of every side."""
    template = _template(context, side)
    root = parse_markup(template.render(**aid_data(context, side)), template.shown_name)
    frame = content_frame(context)
    limit = context.game.spec.print.player_aid_pages
    tried: list[tuple[float, list]] = []
    for scale in SCALES:
        width, height = frame.width_mm / scale, frame.height_mm / scale
        blocks = markup_blocks(context, side, root, width, template.shown_name)
        flowed = paginate(blocks, Frame(0.0, 0.0, width, height), cs.BLOCK_GAP_MM)
        tried.append((scale, flowed))
        if len(flowed) <= limit and (scale < SPARE_SCALE or len(flowed) == 1):
            break
    else:
        if len(flowed) > limit:
            log.warning("%s: the player aid of %s needs %d pages even at %d %%; print.player_aid_pages is %d",
                        context.game.spec.id, side.id if side is not None else "every side", len(flowed),
                        round(scale * 100), limit)
    # the largest size that fits the pages; a page fewer when a size no smaller than
    # SPARE_SCALE saves it (an aid whose last page would hold a few lines)
    fitting = [(s, f) for s, f in tried if len(f) <= limit] or tried[-1:]
    fewest = min(len(f) for s, f in fitting if s >= SPARE_SCALE or s == fitting[0][0])
    scale, flowed = next((s, f) for s, f in fitting if len(f) == fewest)
    title = aid_title(context, side)
    pages = [framed_page(context, title, [_scaled(placements, frame, scale)], number, len(flowed))
             for number, placements in enumerate(flowed, start=1)]
    return pages, scale


def printed_in_every_aid(context: BuildContext, chart: str, ids: list[str]) -> bool:
    """Whether the player aids kit.pdf holds (the aid of every side, else each side's) bring
    in `chart` with every one of these tables (a chart the aids print whole need not be
    printed again in kit.pdf); `ids`: every table of the chart's kind (a placeholder naming
    none brings them all in). The sequence of play is whole only in the aid of every side."""
    sides = context.game.spec.sides
    if not sides or not ids:
        return False
    if chart == "sequence" and not one_aid_in_the_kit(context):
        return False
    for side, root in _aid_markup(context):
        shown: set[str] = set()
        for node in _nodes(root):
            if node.tag == "chart" and node.attributes.get("name") == chart:
                named = [i.strip() for i in node.attributes.get("tables", node.attributes.get("table", "")).split(",")]
                shown |= {i for i in named if i} or set(ids)
        if not set(ids) <= shown:
            return False
    return True


def printed_by_the_aids(context: BuildContext, files: list[OutputFile], chart: str, ids: list[str]) -> list[OutputFile]:
    """A chart's files, its PDF kept out of kit.pdf (still written, listed as printed
    separately) when the kit's player aids print the chart whole: the same tables are not
    printed twice."""
    if not printed_in_every_aid(context, chart, ids):
        return files
    return [replace(f, kit=False) if f.name.endswith(".pdf") else f for f in files]


def decks_in_the_aids(context: BuildContext) -> set[str]:
    """The decks and cups the kit's player aids print whole (their `<chart name="decks"/>`:
    the side's reference decks, every side's in the aid of every side), which the
    cards-and-chits sheet need not print again."""
    found: set[str] = set()
    for side, root in _aid_markup(context):
        if any(node.tag == "chart" and node.attributes.get("name") == "decks" for node in _nodes(root)):
            found |= {deck.id for deck in reference_decks(context.game, side.id if side is not None else None)}
    return found


def _aid_markup(context: BuildContext):
    """(side, its aid's rendered markup) for each aid kit.pdf holds: (None, …) for the aid of
    every side, else one per side."""
    sides = [None] if one_aid_in_the_kit(context) else context.game.spec.sides
    for side in sides:
        template = _template(context, side)
        yield side, parse_markup(template.render(**aid_data(context, side)), template.shown_name)


def _nodes(root: Node):
    for node in root.children:
        yield node
        yield from _nodes(node)


def _scaled(placements: list[Placement], frame: Frame, scale: float) -> Group:
    return Group(tuple(p.group() for p in placements), Transform.placement(frame.x_mm, frame.y_mm, 0.0, scale))


@component("player-aids", order=60, languages_together=True)  # the templates compiled once
def build_player_aids(context: BuildContext) -> list[OutputFile]:
    """Each side's aid; where kit.pdf holds one aid for every side (`one_aid_in_the_kit`),
    that aid too (`player-aids.pdf`), each side's then printed separately."""
    files: list[OutputFile] = []
    one = one_aid_in_the_kit(context)
    failure = every_side_failure(context)
    if failure is not None:
        log.warning("%s: the game's player-aid template cannot write the aid of every side, so kit.pdf prints "
                    "each side's: %s", context.game.spec.id, failure)
    for side in context.game.spec.sides:
        pages, _ = aid_pages(context, side)
        outputs = document_outputs(context, f"player-aid-{side.id}", aid_title(context, side), pages)
        files += [replace(f, kit=False) if one and f.name.endswith(".pdf") else f for f in outputs]
    if one:
        pages, _ = aid_pages(context, None)
        files = document_outputs(context, EVERY_SIDE.removesuffix(".pdf"), aid_title(context, None), pages) + files
    return files
