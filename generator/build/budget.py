"""What a build will make, bounded before it starts (the data's own bounds are checked by
`validation/rules/budget.py`):

- the pieces printed (every copy of every counter, block and card): at most MAX_PIECES, the
  message naming the row where the total passes it;
- the pixels of the per-counter PNG images, which depend on the print options (`--dpi`,
  `--counter-size`) as much as on the data.
"""

from __future__ import annotations

from generator.errors import WarkitError

MAX_PIECES = 50_000  # 20,000 counters build in under a minute of CPU (docs/performance.md)
MAX_IMAGE_PIXELS = 4_000_000_000  # every face of every counter: 20,000 counters at 300 dpi take 1.4 billion
MM_PER_INCH = 25.4


def pieces(game) -> list[tuple[object, int, int]]:
    """(row, counters a copy of it prints, copies) of every unit, marker and card."""
    two = {s.id for s in game.spec.step_systems if s.kind == "two_counter"}
    out: list[tuple[object, int, int]] = [(u, 2 if u.step_system in two else 1, u.copies) for u in game.units]
    out += [(m, 1, m.copies) for m in game.markers]
    out += [(c, 1, c.copies) for c in game.cards]
    return out


def check_budget(game, options) -> None:
    """WarkitError, naming the row or the options to change, when the build would go past a
    budget."""
    total = 0
    for row, each, copies in pieces(game):
        total += each * copies
        if total > MAX_PIECES:
            where = row.at("copies") if "copies" in row.columns else row.at("id")
            raise WarkitError(f"{where}: the kit's counters, blocks and cards reach {total} at this row; a kit "
                              f"prints at most {MAX_PIECES} (fewer copies, or split the game into several kits)")
    if "png" not in options.counter_images:
        return
    faces = 2 * sum(each for row, each, _ in pieces(game) if not hasattr(row, "card_id"))
    side = round(options.counter_size_mm * options.counter_dpi / MM_PER_INCH)
    pixels = faces * side * side
    if pixels > MAX_IMAGE_PIXELS:
        where = game.spec_where("print", "counter_dpi")
        raise WarkitError(f"{where}: the counter images would take {pixels:,} pixels ({faces} faces of {side} × "
                          f"{side}); a build makes at most {MAX_IMAGE_PIXELS:,} (a lower --dpi or print.counter_dpi, "
                          "or print.counter_images: [svg])")
