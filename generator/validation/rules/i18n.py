"""i18n.untranslated: catalogs of the languages in print.languages are complete;
i18n.consistency: a name or glossary term is translated one way throughout a catalog;
i18n.glyphs: the bundled fonts can draw every translation that will be printed."""

from __future__ import annotations

from pathlib import Path

from generator.errors import InputError
from generator.model.source import Location
from generator.io.inputs import CATALOG
from generator.validation.registry import Context, rule
from generator.validation.report import Issue, Severity

SHOWN = 3  # missing keys named per message


def _targets(ctx: Context) -> list[str]:
    from generator.i18n.languages import normalize

    source = normalize(ctx.game.spec.source_language)
    return [c for c in dict.fromkeys(normalize(c) for c in ctx.game.spec.print.languages) if c != source]


@rule("i18n.untranslated", "every language in print.languages has a complete catalog of the game's strings")
def untranslated(ctx: Context):
    from generator.i18n.glossary import load_glossary
    from generator.i18n.status import game_status

    # the glossary for i18n.consistency (a term kept to one form), read only when a language
    # other than the source is printed
    yield from _statuses(ctx, lambda language: [game_status(ctx.game, language, load_glossary())])


@rule("i18n.untranslated", "every language in print.languages has warkit's own printed text translated",
      reads=(CATALOG,))
def untranslated_warkit(ctx: Context):
    from generator.i18n.languages import normalize
    from generator.i18n.status import ui_status

    yield from _statuses(ctx, lambda language: [ui_status(language)] if normalize(language).split("_")[0] != "en"
                         else [])


def _statuses(ctx: Context, statuses):
    for language in _targets(ctx):
        try:
            found = statuses(language)
        except InputError as exc:
            shown = _display(ctx, Path(exc.file)) if exc.file else exc.file  # mini/locales/…, as elsewhere
            yield Issue(Location(shown, exc.line, exc.column), "i18n.catalog", exc.message)
            continue
        for status in found:
            yield from _incomplete(ctx, status)


def _incomplete(ctx: Context, status):
    from generator.i18n import paths

    where = Location(_display(ctx, status.path))
    what = "game strings" if status.domain == "game" else "warkit's printed strings"
    if not status.exists and status.domain == "game":
        yield Issue(ctx.game.spec_where("print", "languages"), "i18n.untranslated",
                    f"{status.language} is in print.languages but has no catalog of the game's strings "
                    f"({where.file}); run `warkit i18n init {ctx.game.folder} --lang {status.language}`",
                    Severity.WARNING)
        return
    if not status.exists:
        yield Issue(ctx.game.spec_where("print", "languages"), "i18n.untranslated",
                    f"{status.language} is in print.languages but warkit has no translation of its own printed "
                    f"text ({paths.display(status.path)}); headings would print in English", Severity.WARNING)
        return
    if status.pending:
        first = status.pending[0]
        shown = ", ".join(p.key for p in status.pending[:SHOWN]) + (", …" if len(status.pending) > SHOWN else "")
        yield Issue(Location(where.file, first.line), "i18n.untranslated",
                    f"{status.language}: {len(status.untranslated)} of {status.total} {what} untranslated and "
                    f"{len(status.fuzzy)} fuzzy or outdated, printed in the source language: {shown}",
                    Severity.WARNING)
    for problem in status.problems:
        yield Issue(where, "i18n.untranslated", f"{status.language}: {problem}", Severity.WARNING)
    for deviation in status.consistency:
        yield Issue(where, "i18n.consistency", f"{status.language}: {deviation}", Severity.WARNING)


@rule("i18n.glyphs", "the fonts (DejaVu, or the game's own) can draw every translation", reads=(CATALOG,))
def glyphs(ctx: Context):
    targets = _targets(ctx)
    if not targets:
        return
    from generator.i18n import paths
    from generator.i18n.pofiles import is_usable, load_index

    for language in targets:
        for path in (paths.game_catalog(ctx.game.folder, language), paths.ui_catalog(language)):
            try:
                index = load_index(path)
            except InputError:
                continue  # reported by i18n.untranslated
            if index is None:
                continue
            messages = [message for message in index.catalog if message.id and is_usable(message)]
            if _all_drawable(ctx, messages):
                continue  # nothing to report, found without weighing each message on its own
            for message in messages:
                yield from _glyph_issues(ctx, language, path, message)


def _all_drawable(ctx: Context, messages) -> bool:
    """Whether every font can draw every character of every translation (then none lacks one)."""
    from generator.fonts.faces import FACES, draws_all, use_game_fonts

    use_game_fonts(ctx.game)
    chars: set[str] = set()
    for message in messages:
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            chars.update(text)
    return draws_all("".join(chars), FACES)


def _glyph_issues(ctx: Context, language: str, path: Path, message):
    from generator.errors import MissingGlyphError
    from generator.fonts.faces import FACES, check_glyphs, use_game_fonts

    use_game_fonts(ctx.game)  # the game's own faces where it has them

    texts = message.string if isinstance(message.string, tuple) else (message.string,)
    name = message.context or (message.id[0] if isinstance(message.id, tuple) else message.id)
    for text in texts:
        lacking: dict[str, list[str]] = {}
        for font in FACES:
            try:
                check_glyphs(text, font)
            except MissingGlyphError as exc:
                for char in exc.missing:
                    named = lacking.setdefault(char, [])
                    if exc.font not in named:  # the title face is the bold one unless the game has its own
                        named.append(exc.font)
        for char, fonts in lacking.items():
            yield Issue(Location(_display(ctx, path), message.lineno), "i18n.glyphs",
                        f"{language}: the translation of {name!r}, {text!r}, has U+{ord(char):04X} {char!r}, which "
                        f"the {'' if ctx.game.fonts else 'bundled '}fonts cannot draw ({', '.join(fonts)})")


def _display(ctx: Context, path: Path) -> str:
    """game files as <game>/locales/…, like every other message; warkit's from the repository."""
    from generator.i18n import paths

    game_dir = Path(ctx.game.folder)
    try:
        return str(Path(game_dir.name) / path.relative_to(game_dir))
    except ValueError:
        return paths.display(path)
