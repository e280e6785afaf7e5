"""font.glyphs: a game's own fonts can draw what the kit prints in them.

DejaVu covers every script the kits use; a game's own face may not (a display face without
accents, a font cut for one language). Every character of the game's printed strings (its
translatable strings, designations, factors, codes, marker and card texts) and of warkit's
own headings in the source language must be in each of the game's faces; the translations
are checked by `i18n.glyphs` against the same faces. A character missing is an error: the
build would stop at the first string holding it (fonts never fall back silently).
"""

from __future__ import annotations

from pathlib import Path

from generator.model.pictures import FONT_ROLES
from generator.model.source import Location
from generator.validation.registry import Context, rule
from generator.validation.report import Issue

_ROLE_OF = {key: f"{role} {face}" for (role, face), key in FONT_ROLES.items()}


@rule("font.glyphs", "the game's own fonts have a glyph for every character printed")
def font_glyphs(ctx: Context):
    g = ctx.game
    if not g.fonts:
        return
    from generator.fonts.faces import covered_characters, draws_all, use_game_fonts

    use_game_fonts(g)  # the faces the kit will set text in (usually in force already)
    texts = list(_printed(ctx))
    every = "".join(text for text, _ in texts)
    for key, font in sorted(g.fonts.items()):
        if draws_all(every, [key]):
            continue  # nothing lacking, found without weighing each text on its own
        covered = covered_characters(key)
        seen: set[str] = set()
        for text, where in texts:
            for char in text:
                if char in covered or char in seen or not char.isprintable() or char.isspace():
                    continue
                seen.add(char)
                yield Issue(where, "font.glyphs",
                            f"font {font.path!r} (the {_ROLE_OF[key]} face) has no glyph for U+{ord(char):04X} "
                            f"{char!r} of {text!r}; choose a font that has it, or leave the role to DejaVu")


def _printed(ctx: Context):
    """(text, where) of what the kit prints in the source language."""
    from generator.i18n import paths
    from generator.i18n.strings import game_strings

    g = ctx.game
    game_dir = Path(g.folder)
    for item in game_strings(g):
        where = item.where
        yield item.source, Location(f"{game_dir.name}/{where.file}", where.line, where.column) if where else \
            Location(g.spec_file)
    for unit in g.units:
        for column in ("designation", "parent", "army", "back_designation", "code"):
            yield getattr(unit, column), unit.at(column)
        for face in unit.faces:
            yield face.text, unit.at("factors")
    for marker in g.markers:
        yield marker.text, marker.at("text")
        yield marker.back_text, marker.at("back_text")
    yield from _catalog_texts(paths.ui_template())


def _catalog_texts(pot: Path):
    from generator.i18n.pofiles import load_index
    from generator.i18n import paths

    try:
        index = load_index(pot)
    except Exception:  # warkit's own catalog; its tests keep it readable
        return
    if index is None:
        return
    shown = paths.display(pot)
    for message in index.catalog:
        if message.id:
            text = message.id[0] if isinstance(message.id, tuple) else message.id
            yield text.replace("%%", "%"), Location(shown, message.lineno)
