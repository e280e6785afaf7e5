"""Block labels: the stickers of a block game's wooden blocks; importing the package
registers the `blocks` component (its art for the charts is used by counters/chart_art)."""

from generator.components.blocks import component  # noqa: F401
