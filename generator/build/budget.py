"""What a build will make, bounded before it starts (the data's own bounds are checked by
`validation/rules/budget.py`): the pixels of the per-counter PNG images, which depend on the
print options (`--dpi`, `--counter-size`) as much as on the data."""

from __future__ import annotations

from generator.errors import WarkitError
from generator.validation.rules.budget import pieces

MAX_IMAGE_PIXELS = 4_000_000_000  # every face of every counter: 20,000 counters at 300 dpi take 1.4 billion
MM_PER_INCH = 25.4


def check_budget(game, options) -> None:
    """WarkitError, naming the options to change, when the build would go past a budget."""
    if "png" not in options.counter_images:
        return
    faces = 2 * sum(each for _, each, _ in pieces(game) if not hasattr(_, "card_id"))
    side = round(options.counter_size_mm * options.counter_dpi / MM_PER_INCH)
    pixels = faces * side * side
    if pixels > MAX_IMAGE_PIXELS:
        where = game.spec_where("print", "counter_dpi")
        raise WarkitError(f"{where}: the counter images would take {pixels:,} pixels ({faces} faces of {side} × "
                          f"{side}); a build makes at most {MAX_IMAGE_PIXELS:,} (a lower --dpi or print.counter_dpi, "
                          "or print.counter_images: [svg])")
