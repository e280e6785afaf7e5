"""The module's windows and buttons besides the maps and the palette: a dice button for each
kind of dice, the turn tracker, and the chart window with the charts' pages (the player aids
also as PDFs in the Help menu). Each takes the Module being made (module.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from generator.build.components import COMPONENTS, all_components
from generator.components.player_aid import EVERY_SIDE
from generator.components.turn_windows import window_in_words
from generator.export.vassal.buildfile import MODULE, TURN, WIDGET, add
from generator.export.vassal.images import pdf_pages_png
from generator.export.vassal.sequence import encode
from generator.export.vassal.turntrack import turn_title
from generator.i18n import vocabulary as v

CHARTS = ("turn-track", "crt", "tec", "tables", "sequence-of-play", "player-aids")  # in this order
HELP_PDFS = ("player-aids",)
# what only saves paper: the aid of every side (kit.pdf's), where each player has their own aid
PAPER_ONLY = (EVERY_SIDE,)


def add_dice(module, root: ET.Element) -> None:
    """A button for each kind of dice the game's tables roll ("1d6", "2d6" …)."""
    kinds = sorted({table.dice for table in module.game.spec.tables if table.dice != "none"},
                   key=lambda d: (int(d.split("d")[1]), int(d.split("d")[0] or 1)))
    for dice in kinds:
        count, sides = dice.split("d")
        count = int(count or 1)
        add(root, MODULE + "DiceButton", name=dice, text=dice, tooltip=dice, nDice=count, nSides=int(sides), plus=0,
            addToTotal=0, reportTotal=count > 1, prompt=False, sortDice=False)


TRACKER_ID = "TurnTracker0"  # the first (only) TurnTracker's id (UniqueIdManager: prefix + index)


def add_turn_tracker(module, root: ET.Element) -> None:
    """The turn tracker: every turn of the track, each with the game's phases. A scenario's
    saved game sets it to the scenario's first turn and turns off the turns outside it
    (`tracker_state`)."""
    t = module.t
    labels = [turn_title(module.context, turn) for turn in module.game.spec.turn_track.turns]
    phases = _phases(module)
    tracker = add(root, TURN + "TurnTracker", name=t.ui(v.TURN), buttonText=t.ui(v.TURN), tooltip=t.ui(v.TURN),
                  turnFormat="$level1$ — $level2$" if phases else "$level1$", lengthStyle="Maximum")
    level = add(tracker, TURN + "ListTurnLevel", name=t.ui(v.TURN), property="Turn", turnFormat="$value$",
                list=encode(labels, ","), configList=False, configFirst=False)
    if phases:
        add(level, TURN + "ListTurnLevel", name=t.ui("Phase"), property="Phase", turnFormat="$value$",
            list=encode(phases, ","), configList=False, configFirst=False)


def tracker_state(module, scenario) -> str:
    """The tracker at the scenario's first turn and first phase, its other turns off
    (TurnTracker.getState: the current level, then each level's state, '|'-joined;
    ListTurnLevel.getState: current item, current sub-level, first item, which items are
    active, then the sub-level's state, ';'-joined)."""
    turns = module.game.spec.turn_track.turns
    current = next((n for n, turn in enumerate(turns) if turn.turn == scenario.start_turn), 0)
    active = [scenario.start_turn <= turn.turn <= scenario.end_turn for turn in turns]
    levels = [current, 0, 0, encode(active, ",")]
    phases = _phases(module)
    if phases:
        levels.append(encode([0, 0, 0, encode([True] * len(phases), ",")], ";"))
    return encode([0, encode(levels, ";")], "|")


def _phases(module) -> list[str]:
    """The sequence of play, a phase's steps in its place ("Phase: step"), with the turns a
    phase happens on when not every turn."""
    t, context = module.t, module.context
    out = []
    for phase in module.game.spec.sequence_of_play:
        when = window_in_words(context, phase.turns) if phase.turns else ""
        steps = [f"{t.of(phase)}: {t.of(step)}" for step in phase.steps] or [t.of(phase)]
        out += [f"{name} ({when})" if when else name for name in steps]
    return out


def add_charts(module, root: ET.Element, documentation: ET.Element, chart_dpi: float) -> None:
    """The charts' pages as images in one chart window; the player aids also as PDFs in Help."""
    t = module.t
    all_components()  # registers the components
    window = add(root, MODULE + "ChartWindow", name=t.ui("Charts"), text=t.ui("Charts"), tooltip=t.ui("Charts"))
    tabs = add(window, WIDGET + "TabWidget", entryName=t.ui("Charts"))
    prefix = f"{t.title()} — "
    for name in CHARTS:
        component = COMPONENTS.get(name)
        if component is None:
            continue
        for output in component.build(module.context):
            if not output.name.endswith(".pdf") or "/" in output.name or output.name in PAPER_ONLY:
                continue
            title, pages = pdf_pages_png(output.data, chart_dpi)
            title = output.title or title.removeprefix(prefix) or output.name.removesuffix(".pdf")
            stem = output.name.removesuffix(".pdf")
            for number, png in enumerate(pages, start=1):
                image = f"chart-{stem}-{number}.png"
                module.files[f"images/{image}"] = png
                chart_name = title if len(pages) == 1 else f"{title} ({number}/{len(pages)})"
                add(tabs, WIDGET + "Chart", chartName=chart_name, fileName=image)
            if name in HELP_PDFS:
                module.files[output.name] = output.data
                add(documentation, MODULE + "documentation.BrowserPDFFile", title=title, pdfFile=output.name)
