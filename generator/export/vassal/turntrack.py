"""The turn track as a board of its own: the printed track (the `turn-track` component's
drawing, without a scenario's pieces on it) in a map window, with a zone per turn box (or,
on a tracking sheet, per space of a turn's phase) and per space of each number track, where
the saved games put the turn marker and the markers that start on a track.

The zones are the drawing's anchors (`turn:<n>`, `turn:<n>:<phase>`, `track:<id>:<side>:
<value>`); a piece dropped in one is reported there ("Turn 8 (4-6 Sep)", "Victory points 2").
A marker set on a turn stands in the box's counter space (`turn:<n>:space`).
"""

from __future__ import annotations

from generator.components import chart_style as cs
from generator.components.chart_document import content_frame
from generator.components.mapparts.drawing import MapDrawing
from generator.components.text import game_text, turn_name, ui_text
from generator.components.turn_track import turn_track_blocks
from generator.export.vassal.boards import SPACE, Board
from generator.export.vassal.hexgrid import BoardScale
from generator.export.vassal.images import board_png
from generator.i18n import keys
from generator.layout.blocks import fill_frame
from generator.layout.frame import Frame
from generator.layout.primitives import Rect, Style

IMAGE = "turn-track.png"
UNBOUNDED_MM = 100_000.0  # a frame no track fills: the whole track on one board


def turn_space(game, scenario, turn: int) -> str:
    """The zone a marker set on `turn` goes in: the turn's box, or on a tracking sheet the
    space of the phase play starts in (the scenario's start phase on its first turn, else
    the turn's first phase), as the printed track shows it."""
    phases = game.spec.turn_track.phases
    if not phases:
        return f"turn:{turn}"
    start = scenario.start_phase if scenario.start_phase and turn == scenario.start_turn else phases[0].id
    return f"turn:{turn}:{start}"


def track_space(track_id: str, side: str | None, value: int) -> str:
    """The zone of a number track's space (a two-sided track has one per side)."""
    return f"track:{track_id}:{side or ''}:{value}"


def make_turn_track_board(context, px_per_mm: float, name: str) -> tuple[Board, bytes]:
    """The board of the printed turn track, and its image."""
    drawing, spaces = turn_track_drawing(context)
    scale = BoardScale(px_per_mm, (0.0, 0.0), (round(drawing.width_mm * px_per_mm), round(drawing.height_mm * px_per_mm)))
    board = Board(name, IMAGE, drawing, scale, {})
    board.box_names = zone_names(context, [box_id for box_id, _ in drawing.boxes_mm])
    board.spaces = {key: (round((l + r) / 2 * px_per_mm), round((t + b) / 2 * px_per_mm))
                    for key, (l, t, r, b) in spaces.items()}
    return board, board_png(drawing, scale)


def turn_track_drawing(context) -> tuple[MapDrawing, dict[str, tuple[float, float, float, float]]]:
    """The bare track on one page as wide as the kit prints it, as tall as it needs; its
    zones (id, (x, y, width, height)) and the counter spaces of its turn boxes (left, top,
    right, bottom), in mm."""
    frame = content_frame(context)
    frame = Frame(cs.MARGIN_MM, cs.MARGIN_MM, frame.width_mm, UNBOUNDED_MM)
    placed, _ = fill_frame(turn_track_blocks(context, None, frame.width_mm), frame, cs.BLOCK_GAP_MM)
    width = max(p.x_mm + p.block.width_mm * p.scale for p in placed) + cs.MARGIN_MM
    height = max(p.y_mm + p.block.height_mm * p.scale for p in placed) + cs.MARGIN_MM
    anchors: dict[str, tuple[float, float, float, float]] = {}
    for placement in placed:
        anchors.update({name: placement.anchor(name) for name in placement.block.anchors})
    phased = any(SPACE.fullmatch(n) and n.startswith("turn:") and n.count(":") == 2 and not n.endswith(":space")
                 for n in anchors)
    zones = tuple((name, (l, t, r - l, b - t)) for name, (l, t, r, b) in anchors.items()
                  if SPACE.fullmatch(name) and not name.endswith(":space")
                  and not (phased and name.startswith("turn:") and name.count(":") == 1))
    spaces = {name.removesuffix(":space"): box for name, box in anchors.items()
              if name.startswith("turn:") and name.endswith(":space")}
    items = (Rect(0, 0, width, height, Style.filled("#ffffff")), *(p.group() for p in placed))
    return MapDrawing("turn-track", track_title(context), width, height, items, (), (0.0, 0.0, width, height), zones), spaces


def track_title(context) -> str:
    """The track's name: the game's own ("Game tracking sheet"), else "Turn track"."""
    title = context.game.spec.turn_track.title
    return game_text(context).game(keys.game("turn_track_title"), title) if title else ui_text(context, "Turn track")


def zone_names(context, zone_ids: list[str]) -> dict[str, str]:
    """Each zone's name as VASSAL reports a piece in it: "Turn 8 (4-6 Sep)", "Turn 5: Op. 1",
    "Victory points 2", "North front initiative, Soviet 3"."""
    game, t = context.game, game_text(context)
    turns = {turn.turn: turn for turn in game.spec.turn_track.turns}
    phases = {phase.id: phase for phase in game.spec.turn_track.phases}
    tracks = {track.id: track for track in game.spec.turn_track.tracks}
    names = {}
    for zone_id in zone_ids:
        kind, *parts = zone_id.split(":")
        if kind == "turn":
            number = int(parts[0])
            name = turn_title(context, turns[number]) if number in turns else ui_text(context, "Turn {turn}",
                                                                                        turn=number)
            if len(parts) > 1 and parts[1] in phases:
                phase = phases[parts[1]]
                name = f"{name}: {t.of(phase, 'short') if phase.short else t.of(phase)}"
            names[zone_id] = name
        else:
            track_id, side, value = parts
            track = tracks.get(track_id)
            label = t.of(track) if track is not None else track_id
            if side:
                label += ", " + (t.of(game.sides[side]) if side in game.sides else side)
            names[zone_id] = f"{label} {value}"
    return names


def turn_title(context, turn) -> str:
    """"Turn 8 (4-6 Sep)", "Round 5 (Aug 1920)": the turn as the turn tracker and the zones
    name it, by the game's own name for a turn when it has one."""
    t, track = context.translator, context.game.spec.turn_track
    label, name = t.turn_label(turn), turn_name(context, turn.turn)
    if track.turn_name:
        number = f"{game_text(context).game(keys.game('turn_name'), track.turn_name)} {name}"
    else:
        number = t.ui("Turn %(number)s", number=name)
    return f"{number} ({label})" if label and label != name else number
