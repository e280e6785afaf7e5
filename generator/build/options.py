"""Build options: defaults come from game.yaml's `print`, the command line overrides them."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

PAPER_MM = {
    "A4": (210.0, 297.0),
    "Letter": (215.9, 279.4),
    "A3": (297.0, 420.0),
    "Tabloid": (279.4, 431.8),
}

COUNTER_PRESETS_MM = {
    '1/2"': 12.7,
    '9/16"': 14.2875,
    '5/8"': 15.875,
    '3/4"': 19.05,
    '1"': 25.4,
    "15mm": 15.0,
}


@dataclass(frozen=True)
class BuildOptions:
    out_dir: Path
    languages: tuple[str, ...] = ("en",)
    only: tuple[str, ...] | None = None  # component names; None = all
    paper: str = "A4"
    counter_size_mm: float = 15.875
    duplex: str = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    bleed_mm: float = 0.0
    map_overlap_mm: float = 10.0
    counter_gutter_mm: float = 0.0
    counter_dpi: int = 300  # per-counter PNG images
    counter_images: tuple[str, ...] = ("svg", "png")
    counter_blank_backs: str = "colour"  # or "plain": white backs for one-step units
    block_size_mm: float = 19.0  # block labels
    scenarios: tuple[str, ...] | None = None
    extra: dict = field(default_factory=dict)

    @property
    def paper_mm(self) -> tuple[float, float]:
        return PAPER_MM[self.paper]


def options_for(print_settings, out_dir: Path, overrides: dict) -> BuildOptions:
    """Game defaults (game.yaml `print`) with command-line overrides (None = not given)."""
    values = {
        "out_dir": out_dir,
        "languages": tuple(print_settings.languages),
        "paper": print_settings.paper,
        "counter_size_mm": print_settings.counter_size_mm,
        "duplex": print_settings.duplex,
        "back_offset_mm": tuple(print_settings.back_offset_mm),
        "bleed_mm": print_settings.bleed_mm,
        "map_overlap_mm": print_settings.map_overlap_mm,
        "counter_gutter_mm": print_settings.counter_gutter_mm,
        "counter_dpi": print_settings.counter_dpi,
        "counter_images": tuple(print_settings.counter_images),
        "counter_blank_backs": print_settings.counter_blank_backs,
        "block_size_mm": print_settings.block_size_mm,
    }
    values.update({k: v for k, v in overrides.items() if v is not None})
    return BuildOptions(**values)


def parse_counter_size(text: str) -> float:
    """A preset (5/8", 15mm …) or a length in mm ("16", "16mm"); ValueError otherwise."""
    cleaned = text.strip().replace("in", '"').replace("''", '"')
    if cleaned in COUNTER_PRESETS_MM:
        return COUNTER_PRESETS_MM[cleaned]
    number = cleaned.removesuffix("mm").strip()
    try:
        value = float(number)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        presets = ", ".join(COUNTER_PRESETS_MM)
        raise ValueError(f"counter size {text!r}: expected one of {presets} or a size in mm such as 16")
    if not 5 <= value <= 60:
        raise ValueError(f"counter size {text!r}: expected between 5 and 60 mm")
    return value


def parse_offset(text: str) -> tuple[float, float]:
    """'X,Y' in mm, e.g. '0.5,-0.3'."""
    parts = text.split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        x = y = math.nan
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ValueError(f"back offset {text!r}: expected X,Y in mm, e.g. 0.5,-0.3")
    if abs(x) > 20 or abs(y) > 20:
        raise ValueError(f"back offset {text!r}: more than 20 mm is not a printer misalignment")
    return (x, y)
