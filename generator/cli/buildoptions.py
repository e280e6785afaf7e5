"""The options of `warkit build` read into the build's overrides, without the command line's
library: typer's command (cli/app.py) and the short way in (cli/launch.py) both read them
here. A value refused is a `Refused` naming the option; typer's command says it in typer's
words (the short way leaves such a command line to typer)."""

from __future__ import annotations


class Refused(ValueError):
    """An option's value warkit refuses: `option` as the user typed it, and why."""

    def __init__(self, message: str, option: str) -> None:
        super().__init__(f"{option}: {message}")
        self.message, self.option = message, option


def build_overrides(only, lang, paper, counter_size, duplex, back_offset, bleed, scenario) -> dict:
    """What to build, and the print settings the command line gives, checked by the print
    settings' own schema (model/printing.py) before the game is read."""
    from generator.build.options import parse_counter_size, parse_offset

    def listed(text, option):
        if text is None:
            return None
        names = tuple(p.strip() for p in text.split(",") if p.strip())
        if not names:
            raise Refused("expected names separated by commas", option)
        return names

    try:
        size = parse_counter_size(counter_size) if counter_size is not None else None
    except ValueError as exc:
        raise Refused(str(exc), "--counter-size") from None
    try:
        offset = parse_offset(back_offset) if back_offset is not None else None
    except ValueError as exc:
        raise Refused(str(exc), "--back-offset") from None
    return {"only": listed(only, "--only"), "scenarios": tuple(scenario) if scenario else None,
            **print_overrides(languages=listed(lang, "--lang"), paper=paper, counter_size_mm=size, duplex=duplex,
                              back_offset_mm=offset, bleed_mm=bleed)}


def print_overrides(**settings) -> dict:
    """The given print settings (None: not given), each validated by the model on its own."""
    from generator.model.printing import PrintSettings, SettingsError, with_overrides

    given = {key: value for key, value in settings.items() if value is not None}
    try:
        with_overrides(PrintSettings(), given)
    except SettingsError as error:
        raise Refused(error.message, error.option) from None
    return given


def map_files(text: str | None) -> tuple[str, ...] | None:
    from generator.model.printing import MAP_FILES

    if text is None:
        return None
    names = tuple(dict.fromkeys(p.strip() for p in text.split(",") if p.strip()))
    wrong = [name for name in names if name not in MAP_FILES]
    if wrong or not names:
        raise Refused(f"expected some of {', '.join(MAP_FILES)} separated by commas"
                      + (f", not {wrong[0]!r}" if wrong else ""), "--map-files")
    return tuple(name for name in MAP_FILES if name in names)


def counter_images(text: str | None) -> tuple[str, ...] | None:
    """`none` (no per-counter images) or some of svg and png, separated by commas."""
    if text is None:
        return None
    names = tuple(dict.fromkeys(p.strip() for p in text.split(",") if p.strip()))
    if names == ("none",):
        return ()
    wrong = [name for name in names if name not in ("svg", "png")]
    if wrong or not names:
        raise Refused("expected none, or svg and/or png separated by commas"
                      + (f", not {wrong[0]!r}" if wrong else ""), "--counter-images")
    return tuple(name for name in ("svg", "png") if name in names)


def overrides(only=None, lang=None, paper=None, counter_size=None, duplex=None, back_offset=None, bleed=None,
              overlap=None, dpi=None, ink=None, counter_sheets=None, map_files_text=None, counter_images_text=None,
              scenario=None) -> dict:
    """Every override `warkit build`'s options give (None: an option not given)."""
    found = build_overrides(only, lang, paper, counter_size, duplex, back_offset, bleed, scenario)
    files, images = map_files(map_files_text), counter_images(counter_images_text)
    found.update(print_overrides(counter_dpi=dpi, map_overlap_mm=overlap, ink=ink, counter_sheets=counter_sheets,
                                 map_files=files, counter_images=images))
    return found
