"""track.*: turns unique and ordered, phases and number tracks used as declared;
sop.turn-window: phase windows name turns on the track."""

from __future__ import annotations

from generator.model.track import find_step, parse_window
from generator.io.inputs import SCENARIOS
from generator.validation.registry import Context, rule
from generator.validation.report import Issue, Severity
from generator.validation.rules.references import unknown


@rule("track.turns", "turn numbers are unique and ascending", reads=())
def turns(ctx: Context):
    previous = None
    for n, turn in enumerate(ctx.game.spec.turn_track.turns):
        if previous is not None and turn.turn <= previous:
            yield Issue(ctx.game.spec_where("turn_track", "turns", n, "turn"), "track.turns",
                        f"turn {turn.turn} follows turn {previous}; turns must be unique and ascending")
        previous = turn.turn


def _window_issues(ctx: Context, text, where, what: str):
    track = ctx.game.turn_numbers
    try:
        window = parse_window(text)
    except ValueError as exc:
        yield Issue(where, "sop.turn-window", f"{what}: {exc}")
        return
    outside = [t for t in window.mentioned() if t not in track]
    if outside:
        yield Issue(where, "sop.turn-window",
                    f"{what}: turn window {text!r} names turn {outside[0]}, outside the track ({track[0]}-{track[-1]})")


@rule("sop.turn-window", "sequence-of-play windows name turns on the track", reads=())
def sequence_windows(ctx: Context):
    def walk(phases, path):
        for n, phase in enumerate(phases):
            here = path + (n,)
            if phase.turns is not None:
                yield from _window_issues(ctx, phase.turns, ctx.game.spec_where(*here, "turns"), f"phase {phase.id!r}")
            if phase.side and phase.side not in ctx.game.sides:
                yield Issue(ctx.game.spec_where(*here, "side"), "ref.unknown-side", f"phase {phase.id!r} names unknown side {phase.side!r}")
            yield from walk(phase.steps, here + ("steps",))

    yield from walk(ctx.game.spec.sequence_of_play, ("sequence_of_play",))
    for n, limit in enumerate(ctx.game.spec.stacking.limits):
        if limit.turns is not None:
            yield from _window_issues(ctx, limit.turns, ctx.game.spec_where("stacking", "limits", n, "turns"), "stacking limit")


@rule("track.phases", "arrivals and scenario limits name phases of the turn track; track sides are sides",
      reads=(SCENARIOS,))
def track_phases(ctx: Context):
    g = ctx.game
    phases = {p.id for p in g.spec.turn_track.phases}
    for n, track in enumerate(g.spec.turn_track.tracks):
        for side in track.sides:
            if side not in g.sides:
                yield unknown(g.spec_where("turn_track", "tracks", n, "sides"), "side", side, g.sides)
    sequence = g.spec.sequence_of_play
    for s in ctx.scenarios:
        for key in ("start_phase", "end_phase"):
            value = getattr(s, key)
            if value is None or value in phases:
                continue
            if not phases and sequence:  # no tracking sheet: a phase or step of the sequence of play
                if find_step(sequence, value) is None:
                    yield Issue(s.where, "track.phase",
                                f"scenario {s.scenario_id!r}: {key} {value!r}, which is no phase or step of the "
                                f"sequence of play (ids: {', '.join(_step_ids(sequence))})")
                continue
            yield _unknown_phase(s.where, f"scenario {s.scenario_id!r}: {key}", value, phases)
        for r in s.reinforcements:
            if r.phase is not None and r.phase not in phases:
                yield _unknown_phase(r.where, f"unit {r.unit_id!r} arrives in", r.phase, phases)


def _step_ids(phases) -> list[str]:
    return [i for p in phases for i in (p.id, *_step_ids(p.steps))]


def _unknown_phase(where, what: str, phase: str, phases: set[str]) -> Issue:
    if not phases:
        return Issue(where, "track.phase", f"{what} phase {phase!r}, but the turn track declares no phases")
    return Issue(where, "track.phase", f"{what} phase {phase!r}, which the turn track does not declare "
                                       f"(phases: {', '.join(sorted(phases))})")


@rule("track.markers", "markers placed on a number track name a track, a side of it and a space on it",
      reads=(SCENARIOS,))
def track_markers(ctx: Context):
    tracks = {t.id: t for t in ctx.game.spec.turn_track.tracks}
    for s in ctx.scenarios:
        for m in s.markers:
            if m.track is None:
                continue
            track = tracks.get(m.track)
            if track is None:
                yield unknown(m.where, "track", m.track, tracks)
            elif m.value not in track.values:
                yield Issue(m.where, "track.markers", f"marker {m.marker_id!r} on track {m.track!r} at {m.value}; the "
                                                      f"track runs {track.first}-{track.last}")
            elif track.sides and m.side not in track.sides:
                yield Issue(m.where, "track.markers", f"marker {m.marker_id!r} on two-sided track {m.track!r} needs "
                                                      f"'side': one of {', '.join(track.sides)}")
            elif track.markers and m.marker_id not in track.markers:
                yield Issue(m.where, "track.markers", f"marker {m.marker_id!r} is not one of the markers of track "
                                                      f"{m.track!r} ({', '.join(track.markers)})", Severity.WARNING)


@rule("track.record", "record tracks name their markers; track boxes, turn notes and annotations name real "
                      "tracks and scenario rules")
def record_tracks(ctx: Context):
    g = ctx.game
    tracks = {t.id: t for t in g.spec.turn_track.tracks}
    for n, track in enumerate(g.spec.turn_track.tracks):
        for i, marker_id in enumerate(track.markers):
            if marker_id not in g.marker_index:
                yield unknown(g.spec_where("turn_track", "tracks", n, "markers", i), "marker", marker_id,
                              g.marker_index)
        if not track.markers:
            yield Issue(g.spec_where("turn_track", "tracks", n), "track.record",
                        f"record track {track.id!r} lists no 'markers': the counter sheets print none to keep on it",
                        Severity.WARNING)
    for owner, specs in (("maps", g.spec.maps), ("map_sheets", g.spec.map_sheets)):
        for m, spec in enumerate(specs):
            for b, box in enumerate(spec.boxes):
                where = lambda key, m=m, b=b: g.spec_where(owner, m, "boxes", b, key)  # noqa: E731
                if box.track is not None and box.track not in tracks:
                    yield unknown(where("track"), "track", box.track, tracks)
                if box.turns is not None and (box.kind != "track" or box.track is not None):
                    yield Issue(where("turns"), "track.record", f"box {box.id!r}: 'turns' is for a turn-track box "
                                                               "(kind track, without a record 'track')")
                elif box.turns is not None:
                    for issue in _window_issues(ctx, box.turns, where("turns"), f"box {box.id!r}"):
                        yield Issue(issue.where, "track.record", issue.message)
    rules = g.scenario_rules
    for n, turn in enumerate(g.spec.turn_track.turns):
        for i, note in enumerate(turn.notes):
            for key in ("rule", "unless"):
                value = getattr(note, key, None)
                if value is not None and value not in rules:
                    yield unknown(g.spec_where("turn_track", "turns", n, "notes", i, key), "scenario rule", value, rules)
    for name, value in g.spec.turn_track.annotation_rules.items():
        if value not in rules:
            yield unknown(g.spec_where("turn_track", "annotation_rules", name), "scenario rule", value, rules)


@rule("scenario.turn-changes", "a scenario's own turn-track facts fall on turns it plays")
def scenario_turn_changes(ctx: Context):
    for s in ctx.scenarios:
        for change in s.turn_overlays:
            if not s.start_turn <= change.turn <= s.end_turn:
                yield Issue(change.where, "scenario.turn-changes",
                            f"scenario {s.scenario_id!r} changes turn {change.turn} of the track, but plays turns "
                            f"{s.start_turn}-{s.end_turn}")
