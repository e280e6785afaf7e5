"""Build options: where a kit goes and what is built, and how it is printed.

How it is printed is one `PrintSettings` (model/printing.py): game.yaml's `print:` with the
command line's overrides, validated by the same schema. `BuildOptions` reads its fields
through (`options.paper_mm`, `options.counter_size_mm` …), so no setting is copied here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from generator.model.printing import PAPER_MM, PrintSettings, with_overrides

__all__ = ["BuildOptions", "COUNTER_PRESETS_MM", "PAPER_MM", "options_for", "parse_counter_size", "parse_offset"]


COUNTER_PRESETS_MM = {
    '1/2"': 12.7,
    '9/16"': 14.2875,
    '5/8"': 15.875,
    '3/4"': 19.05,
    '1"': 25.4,
    "15mm": 15.0,
}
RUN_KEYS = ("out_dir", "only", "scenarios")  # what is built and where, beside the print settings


@dataclass(frozen=True, init=False)
class BuildOptions:
    out_dir: Path
    only: tuple[str, ...] | None  # component names; None = all
    scenarios: tuple[str, ...] | None
    print: PrintSettings

    def __init__(self, out_dir: Path, only: tuple[str, ...] | None = None, scenarios: tuple[str, ...] | None = None,
                 print: PrintSettings | None = None, **settings) -> None:
        """Print settings given by name (`counter_size_mm=16`) replace those of `print`
        (default: the defaults), through the model's validation."""
        base = print if print is not None else PrintSettings()
        object.__setattr__(self, "out_dir", Path(out_dir))
        object.__setattr__(self, "only", tuple(only) if only is not None else None)
        object.__setattr__(self, "scenarios", tuple(scenarios) if scenarios is not None else None)
        object.__setattr__(self, "print", with_overrides(base, settings) if settings else base)

    def __getattr__(self, name: str):
        # Only reached for names the options do not hold themselves: the print settings'.
        if name.startswith("__") or name == "print":
            raise AttributeError(name)
        return getattr(self.print, name)

    def recorded(self) -> dict:
        """What the manifest records: every print setting, and what was built."""
        return {"print": self.print.recorded(), "only": list(self.only) if self.only else None,
                "scenarios": list(self.scenarios) if self.scenarios else None}


def options_for(print_settings: PrintSettings, out_dir: Path, overrides: dict) -> BuildOptions:
    """Game defaults (game.yaml `print`) with overrides (None = not given): `only` and
    `scenarios`, and any print setting by its name (SettingsError when refused)."""
    run = {key: overrides.get(key) for key in RUN_KEYS[1:]}
    settings = {key: value for key, value in overrides.items() if key not in RUN_KEYS}
    return BuildOptions(out_dir, print=with_overrides(print_settings, settings), **run)


def parse_counter_size(text: str) -> float:
    """A preset (5/8", 15mm …) or a length in mm ("16", "16mm"); ValueError otherwise. The
    bounds are the print settings' (`with_overrides`)."""
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
    return value


def parse_offset(text: str) -> tuple[float, float]:
    """'X,Y' in mm, e.g. '0.5,-0.3' (bounds: the print settings')."""
    parts = text.split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        x = y = math.nan
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ValueError(f"back offset {text!r}: expected X,Y in mm, e.g. 0.5,-0.3")
    return (x, y)
