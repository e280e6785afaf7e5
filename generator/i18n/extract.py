"""Templates (.pot): the game's strings from its data, warkit's own from code and templates."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir

from generator import __version__
from generator.i18n.paths import REPO_DIR
from generator.i18n.strings import game_strings
from generator.model.game import Game

# Calls whose string arguments are warkit's printed text. `t.ui("…")` is found as `ui`;
# `N_("…")` only marks a string that is translated later with t.ui(); templates use
# `_()`/`gettext()`/`ngettext()` and {% trans %} (jinja2.ext.i18n).
KEYWORDS = {
    "_": None,
    "N_": None,
    "ui": None,
    "ui_text": (2,),  # components.text.ui_text(context, "…")
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
COMMENT_TAGS = ["TRANSLATORS:"]
PYTHON_MAP = [("**.py", "python")]
TEMPLATE_MAP = [("**.j2", "jinja2.ext:babel_extract"), ("**.html", "jinja2.ext:babel_extract"),
                ("**.svg", "jinja2.ext:babel_extract")]
TEMPLATE_OPTIONS = {"**.j2": {"extensions": "jinja2.ext.i18n", "trimmed": "true"},
                    "**.html": {"extensions": "jinja2.ext.i18n", "trimmed": "true"},
                    "**.svg": {"extensions": "jinja2.ext.i18n", "trimmed": "true"}}


def game_template(game: Game) -> Catalog:
    """game.pot: msgctxt = the stable key, msgid = the source text, #. what it is, #: where."""
    catalog = Catalog(
        project=game.spec.title,
        version=game.spec.id,
        msgid_bugs_address=None,
        header_comment=f"# Strings of {game.spec.title} to translate (warkit game catalog).\n"
                       f"# msgctxt is a stable key; msgid is the text in the source language "
                       f"({game.spec.source_language}).\n# See docs/translating.md.",
        charset="utf-8",
    )
    for item in game_strings(game):
        where = [(item.where.file, item.where.line)] if item.where else []
        message = catalog.add(item.source, locations=where, auto_comments=[item.comment], context=item.key)
        message.flags.discard("python-format")  # game text is never %-formatted ("50% of units")
    return catalog


def ui_template(package_dir: Path | None = None, templates_dir: Path | None = None) -> Catalog:
    """warkit.pot: strings in warkit's Python code (generator/) and jinja templates (templates/)."""
    package_dir = package_dir or REPO_DIR / "generator"
    templates_dir = templates_dir or REPO_DIR / "templates"
    catalog = Catalog(
        project="warkit",
        version=__version__,
        header_comment="# warkit's own printed text (headings, labels, notices).\n# See docs/translating.md.",
        charset="utf-8",
    )
    sources = [(package_dir, PYTHON_MAP, {})]
    if templates_dir.is_dir():
        sources.append((templates_dir, TEMPLATE_MAP, TEMPLATE_OPTIONS))
    for folder, method_map, options in sources:
        prefix = folder.relative_to(REPO_DIR) if folder.is_relative_to(REPO_DIR) else folder
        found = extract_from_dir(str(folder), method_map, options, KEYWORDS, COMMENT_TAGS, strip_comment_tags=True)
        for filename, line, message, comments, context in found:
            catalog.add(message, locations=[(f"{prefix}/{filename}", line)], auto_comments=comments, context=context)
    return catalog
