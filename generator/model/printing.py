"""How a kit is printed: one model for game.yaml's `print:` and the command line's overrides.

Every field is bounded and finite (`Frozen` refuses NaN and infinity and numbers out of the
data's range; each field states its own tighter bounds). The command line builds the same
model from the game's settings and its options (`with_overrides`), so a value is checked by
one schema wherever it was written, and the manifest records the settings a kit was built
with whole (`recorded`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, ValidationError, field_validator

from generator.model.base import Frozen

PAPER_MM = {
    "A4": (210.0, 297.0),
    "Letter": (215.9, 279.4),
    "A3": (297.0, 420.0),
    "Tabloid": (279.4, 431.8),
}
MAP_FILES = ("pdf", "svg", "tiles")  # the files a map can be written as: the whole map as PDF and SVG, its tiles
Paper = Literal["A4", "Letter", "A3", "Tabloid"]
Offset = Annotated[float, Field(ge=-20, le=20)]
LanguageCode = Annotated[str, Field(min_length=1, max_length=35)]  # known codes: i18n.languages at the build


class PrintSettings(Frozen):
    """game.yaml's `print:` (every key optional), the command line's options on top of it."""

    paper: Paper = "A4"
    counter_size_mm: float = Field(default=15.875, ge=5, le=60)
    duplex: Literal["long", "short", "fold"] = "long"
    back_offset_mm: tuple[Offset, Offset] = (0.0, 0.0)
    bleed_mm: float = Field(default=0.0, ge=0, le=10)
    map_overlap_mm: float = Field(default=10.0, ge=0, le=50)
    counter_gutter_mm: float = Field(default=0.0, ge=0, le=20)
    counter_dpi: int = Field(default=300, ge=50, le=1200)
    # per-piece image files (VASSAL, Tabletop Simulator): written only when asked for, they cost
    # more than the sheets themselves
    counter_images: tuple[Literal["svg", "png"], ...] = Field(default=(), max_length=2)
    # which files each map is written as: the whole map as PDF and SVG, and its tiles
    map_files: tuple[Literal["pdf", "svg", "tiles"], ...] = Field(default=MAP_FILES, min_length=1,
                                                                  max_length=3)
    counter_blank_backs: Literal["colour", "plain"] = "colour"
    languages: tuple[LanguageCode, ...] = Field(default=("en",), max_length=20)
    player_aid_pages: int = Field(default=2, ge=1, le=8)  # pages each side's player aid should fit
    block_size_mm: float = Field(default=19.0, ge=5, le=60)  # a block label's side (a little under the block's)
    # Counter sheets: "packed" lets a side's pieces follow the last side's on the same sheet
    # (each side still contiguous); "by_side" starts every side on a fresh sheet.
    counter_sheets: Literal["packed", "by_side"] = "packed"
    # Block labels on the counter sheets ("with_counters") or on sheets of their own
    # ("apart": for sticker paper).
    block_labels: Literal["with_counters", "apart"] = "with_counters"
    # "saving": light backgrounds on cards, counters and chits (their art's colour kept in a
    # band and the outline), and no full-bleed fills: for a home printer's ink.
    ink: Literal["full", "saving"] = "full"

    @field_validator("counter_images", "map_files")
    @classmethod
    def _once_each(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        if len(set(value)) != len(value):
            raise ValueError("each image format once")
        return value

    @property
    def paper_mm(self) -> tuple[float, float]:
        return PAPER_MM[self.paper]

    def recorded(self) -> dict:
        """Every setting, as the manifest records it (plain JSON values)."""
        return self.model_dump(mode="json")


# The command line's option for each setting it can override (for its messages).
OPTION_OF = {
    "paper": "--paper",
    "counter_size_mm": "--counter-size",
    "duplex": "--duplex",
    "back_offset_mm": "--back-offset",
    "bleed_mm": "--bleed",
    "map_overlap_mm": "--overlap",
    "counter_dpi": "--dpi",
    "languages": "--lang",
    "ink": "--ink",
    "counter_sheets": "--counter-sheets",
    "map_files": "--map-files",
    "counter_images": "--counter-images",
}


class SettingsError(ValueError):
    """An override the model refuses: `option` names the command line's option."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(f"{option}: {message}")
        self.option, self.message = option, message


def with_overrides(base: PrintSettings, overrides: dict) -> PrintSettings:
    """`base` with the given settings replaced (None = not given), validated by the same
    schema as game.yaml; SettingsError names the first option whose value is refused."""
    given = {key: value for key, value in overrides.items() if value is not None}
    unknown = sorted(set(given) - set(PrintSettings.model_fields))
    if unknown:
        raise SettingsError(unknown[0], f"not a print setting (expected one of {', '.join(PrintSettings.model_fields)})")
    try:
        return PrintSettings.model_validate({**base.model_dump(), **given})
    except ValidationError as error:
        first = error.errors()[0]
        field = str(first["loc"][0]) if first["loc"] else ""
        option = OPTION_OF.get(field, f"print.{field}")
        raise SettingsError(option, f"{_expected(first)} (print.{field})") from None


def _expected(error: dict) -> str:
    """What a refused value should have been, in words."""
    context = error.get("ctx") or {}
    kind = error["type"]
    bounds = {"greater_than_equal": "at least {ge}", "less_than_equal": "at most {le}",
              "greater_than": "more than {gt}", "less_than": "less than {lt}"}
    if kind in bounds:
        return "expected " + bounds[kind].format(**{k: f"{v:g}" if isinstance(v, float) else v
                                                    for k, v in context.items()})
    if kind == "literal_error":
        return f"expected {context.get('expected', 'one of the listed values')}"
    if kind == "finite_number":
        return "expected a finite number"
    return error.get("msg", "refused").removeprefix("Value error, ")
