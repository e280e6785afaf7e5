"""The map style vocabulary: which drawing style a terrain or feature gets.

A `style` key in game.yaml names the style outright; without one the style is guessed from
the id ("forest" and "light_woods" get the woods style, "all_sea" the water style …), and
anything unrecognised gets a neutral fallback, so a new terrain never breaks a build.
This module only names styles; `generator/components/mapparts/` draws them.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

Draw = Literal["along", "across"]

# style -> id keywords that select it, tried in this order (first match wins).
TERRAIN_STYLES: dict[str, tuple[str, ...]] = {
    "sea": ("sea", "ocean", "water", "gulf", "bay"),
    "lake": ("lake", "lagoon"),
    "swamp": ("swamp", "marsh", "bog", "fen", "wetland", "polder"),
    "alpine": ("alpine", "alps", "glacier"),
    "mountain": ("mountain",),
    "hills": ("hill", "highland"),
    "rough": ("rough", "broken", "rocky", "badland"),
    "woods": ("wood", "forest", "jungle", "taiga"),
    "desert": ("desert", "sand", "dune"),
    "urban": ("urban", "metropolis", "city"),
    "clear": ("clear", "open", "plain", "farm", "field", "steppe", "grass"),
}
HEXSIDE_STYLES: dict[str, tuple[str, ...]] = {
    "major_river": ("major", "great_river", "large_river"),
    "canal": ("canal",),
    "minor_river": ("river", "stream", "creek", "brook"),
    "water": ("sea", "ocean", "strait", "water", "coast"),
    "lake": ("lake",),
    "pass": ("pass",),
    "border": ("border", "frontier", "boundary"),
    "ridge": ("ridge", "escarpment", "cliff", "slope"),
    "fortified": ("fort", "trench", "wall", "line"),
    "rail": ("rail", "train"),
    "road": ("road", "highway", "track", "trail"),
}
HEX_FEATURE_STYLES: dict[str, tuple[str, ...]] = {
    "capital": ("capital",),
    "port_access": ("access",),
    "port": ("port", "harbour", "harbor", "anchorage"),
    "fortress": ("fortress", "fort", "citadel", "fortified"),
    "city": ("city", "metropolis"),
    "town": ("town", "village", "hamlet"),
    "river": ("river", "stream"),
    "pass": ("pass",),
    "rail_hub": ("hub", "junction"),
    "rail": ("rail", "train"),  # a railway runs through the hex (linked to its neighbours)
    "victory": ("victory", "objective"),
    "supply": ("supply", "depot", "source"),
    "airfield": ("airfield", "airport", "airbase"),
    "industry": ("factory", "industry", "industrial", "works", "plant"),
    "mine": ("mine", "mining", "quarry"),
    "oil": ("oil", "refinery", "well"),
    "gateway": ("gateway", "exit", "link"),  # a way off the map (SotE's Eastern Links)
}
LINE_STYLES: dict[str, tuple[str, ...]] = {
    "boundary": ("boundary", "perimeter", "limit", "zone", "row", "column"),
    "river": ("river",),
    "front": ("front",),
    "line": ("line",),
}

# Hex feature styles drawn as a course through the hexes, not as a symbol: their colour and
# mark change nothing on the map.
COURSE_STYLES = frozenset({"river", "rail"})

FALLBACK_TERRAIN = "plain"
FALLBACK_HEXSIDE = "generic"
FALLBACK_HEX_FEATURE = "generic"
WATER_STYLES = frozenset({"sea", "lake"})
ACROSS_STYLES = frozenset({"rail", "road"})  # drawn centre to centre by default


def feature_look(style: str, colour: str | None = None, mark: str | None = None) -> str:
    """What a hex feature looks like, as one key: its style, and the colour and mark that
    tell it from another feature of the same style ("supply~#9e1b1b~", "port~#2d6fb5~").
    Features of one look draw alike; `look_parts` splits a look again."""
    if not colour and not mark:
        return style
    return f"{style}~{colour or ''}~{mark or ''}"


SIDE_FALLBACK_COLOURS = ("#1a1a1a", "#b3261e", "#1f4e99", "#2e7d32", "#6a1b9a")


def side_colour(game, side_id: str) -> str:
    """A side's colour on the map: its own, else black, red, blue … by declaration order."""
    sides = game.spec.sides
    for index, side in enumerate(sides):
        if side.id == side_id:
            return side.colour or SIDE_FALLBACK_COLOURS[index % len(SIDE_FALLBACK_COLOURS)]
    return SIDE_FALLBACK_COLOURS[0]


def hex_feature_look(feature, game=None) -> str:
    """A hex feature's look: its style, with its colour (or its side's, from `game`) and
    its mark."""
    colour = feature.colour
    if colour is None and feature.side and game is not None and feature.side in game.sides:
        colour = side_colour(game, feature.side)
    return feature_look(hex_feature_style(feature.id, feature.style), colour, feature.mark)


def drawn_look(look: str) -> str:
    """What of a look the map can show: a course (river, railway) shows no colour or mark."""
    style = look_style(look)
    return style if style in COURSE_STYLES else look


def look_parts(look: str) -> tuple[str, str | None, str | None]:
    """(style, colour, mark) of a look."""
    if "~" not in look:
        return look, None, None
    style, colour, mark = (look.split("~", 2) + ["", ""])[:3]
    return style, colour or None, mark or None


def look_style(look: str) -> str:
    return look.split("~", 1)[0]


def known_styles(kind: str) -> tuple[str, ...]:
    """Every style of a kind ("terrain", "hexside", "hex_feature", "line"), fallback included."""
    table = {
        "terrain": (*TERRAIN_STYLES, FALLBACK_TERRAIN),
        "hexside": (*HEXSIDE_STYLES, FALLBACK_HEXSIDE),
        "hex_feature": (*HEX_FEATURE_STYLES, FALLBACK_HEX_FEATURE),
        "line": tuple(LINE_STYLES),
    }
    return table[kind]


def terrain_style(terrain_id: str, style: str | None = None) -> str:
    return _resolve("terrain", terrain_id, style)


def hexside_style(feature_id: str, style: str | None = None) -> str:
    return _resolve("hexside", feature_id, style)


def hex_feature_style(feature_id: str, style: str | None = None) -> str:
    return _resolve("hex_feature", feature_id, style)


def line_style(style: str | None) -> str:
    """A named line's style; anything unrecognised is drawn as a plain `line`."""
    return _resolve("line", "", style)


def hexside_draw(style: str, draw: Draw | None = None) -> Draw:
    """Whether a hexside entry is drawn along the side or across it, centre to centre."""
    if draw is not None:
        return draw
    return "across" if style in ACROSS_STYLES else "along"


_VOCABULARY = {
    "terrain": (TERRAIN_STYLES, FALLBACK_TERRAIN),
    "hexside": (HEXSIDE_STYLES, FALLBACK_HEXSIDE),
    "hex_feature": (HEX_FEATURE_STYLES, FALLBACK_HEX_FEATURE),
    "line": (LINE_STYLES, "line"),
}


@lru_cache(maxsize=2048)  # called for every hex of a map
def _resolve(kind: str, item_id: str, style: str | None) -> str:
    """The declared style if known, else the first style a keyword of which begins a word
    of the declared style or of the id, else the kind's fallback."""
    table, fallback = _VOCABULARY[kind]
    if style in table or style == fallback:
        return style
    for text in (style, item_id):
        if text:
            guessed = _guess(text, table)
            if guessed:
                return guessed
    return fallback


def _guess(text: str, table: dict[str, tuple[str, ...]]) -> str | None:
    """The first style one of whose keywords begins a word of the text ("light_woods",
    "heavy-forest", "all_sea", "Mountains")."""
    words = re.split(r"[^a-z0-9]+", text.lower())
    for name, keywords in table.items():
        if any(word.startswith(keyword) for word in words for keyword in keywords):
            return name
    return None
