"""The shared look of charts and tables: type sizes, greys, and the favour colours."""

from __future__ import annotations

from generator.layout.grid import GridStyle

MARGIN_MM = 10.0
BLOCK_GAP_MM = 4.0

TITLE_PT = 14.0
HEADING_PT = 10.0
HEADER_PT = 7.5
BODY_PT = 8.0
SMALL_PT = 7.0
NOTE_PT = 6.5

INK = "#000000"
MUTED = "#555555"
HEADER_FILL = "#36454f"  # charcoal header rows, white text
HEADER_TEXT = "#ffffff"
LABEL_FILL = "#dde3e8"  # row labels (die rolls)
MODIFIED_FILL = "#b9c3cc"  # row labels the natural die cannot roll (reached only with DRMs)
STRIPE = "#f0f0f0"
GRID = GridStyle(stripe=STRIPE)
COMPACT_GRID = GridStyle(stripe=STRIPE, padding_mm=0.7, min_row_height_mm=4.0)
TINY_GRID = GridStyle(stripe=STRIPE, padding_mm=0.5, min_row_height_mm=3.4)

# Results shaded by whom they favour: blue for the attacker, orange for the defender (a
# pair colour-blind readers can tell apart), two strengths each.
ATTACKER_LIGHT = "#d6e6f5"
ATTACKER_STRONG = "#a9c8e8"
DEFENDER_LIGHT = "#fbe3cc"
DEFENDER_STRONG = "#f5bf8f"
EVEN = "#ffffff"

SEASON_TINTS = {  # header band of a turn box, by season word (data words matched loosely)
    "spring": "#dcefd2",
    "summer": "#fbefc0",
    "autumn": "#f6dcc4",
    "fall": "#f6dcc4",
    "winter": "#d8e4f0",
}
NEUTRAL_TINT = "#e8e8e8"
LETTERED_TINT = "#d9d0ea"  # a lettered turn (GWNE 5.1: a strategic turn)
OUT_OF_SCENARIO = "#d9d9d9"
