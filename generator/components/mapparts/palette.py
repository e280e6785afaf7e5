"""The map's look in one place: muted natural colours and the pens that draw features.

Fills differ in lightness as well as hue and every terrain but clear has its own pattern,
so a greyscale print still tells woods from swamp from rough.
"""

from __future__ import annotations

from generator.layout.primitives import Style

PAPER = "#fbf8f0"
FRAME = "#4a4439"
INK = "#1e1e1e"
SOFT_INK = "#5c554a"
HEX_ID = "#6e675c"
GRID = Style(stroke="#7d7568", stroke_width_mm=0.18, line_join="round", line_cap="round")

# terrain style -> (fill, pattern ink, pattern accent)
TERRAIN = {
    "clear": ("#f3eed9", "#b9ab86", "#b9ab86"),
    "plain": ("#ebe7de", "#a8a296", "#a8a296"),
    "woods": ("#d4dfb7", "#5e7d43", "#91b06c"),
    "rough": ("#e9dcbf", "#8d6f4b", "#b59a73"),
    "hills": ("#ebdfc2", "#94764f", "#c4a97e"),
    "mountain": ("#dac7a4", "#6b5135", "#b49870"),
    "alpine": ("#d3cfc9", "#4f4a44", "#9b948a"),
    "swamp": ("#dee6cd", "#4f6f55", "#7ea7bb"),
    "desert": ("#f2e3ba", "#b48c4e", "#d1b073"),
    "sea": ("#bcd5e5", "#7ea6c3", "#7ea6c3"),
    "lake": ("#c8dfeb", "#8db4cd", "#8db4cd"),
    "urban": ("#dcd5cb", "#8f877c", "#b3aba0"),
}
WATER_FILL = {"sea": TERRAIN["sea"][0], "lake": TERRAIN["lake"][0]}
COASTLINE = Style(stroke="#4f85ad", stroke_width_mm=0.3, line_join="round", line_cap="round")

RIVER_BLUE = "#3d7bb0"
RIVER_DARK = "#2c5f8a"
RIVER_LIGHT = "#9cc3e0"
BORDER = "#6a4b78"
RIDGE = "#7a5a3a"
RAIL = "#2b2b2b"
ROAD = "#9a4f2c"
ROAD_CORE = "#f0dcb0"
LINE_RED = "#b5372a"
SETTLEMENT = "#2f2f2f"
FORTRESS = "#5a3d2b"
PORT = "#1f4e79"


def pen(colour: str, width_mm: float, dash_mm: tuple[float, ...] = (), cap: str = "round",
        opacity: float = 1.0) -> Style:
    """A stroke-only style with round joins (lines along hexsides meet cleanly)."""
    return Style(stroke=colour, stroke_width_mm=width_mm, dash_mm=dash_mm, line_cap=cap,
                 line_join="round", opacity=opacity)


def terrain_colours(style: str) -> tuple[str, str, str]:
    return TERRAIN.get(style, TERRAIN["plain"])
