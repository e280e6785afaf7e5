"""track.*: turns unique and ordered; sop.turn-window: phase windows name turns on the track."""

from __future__ import annotations

from generator.model.track import parse_window
from generator.validation.registry import Context, rule
from generator.validation.report import Issue


@rule("track.turns", "turn numbers are unique and ascending")
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


@rule("sop.turn-window", "sequence-of-play windows name turns on the track")
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
