"""`warkit new`: a small, complete game to start from.

The templates in `hex/` are a real game (two sides, eight units, markers, a 12 × 9 map with a
river, a turn track, a CRT, a sequence of play, one scenario) that passes `warkit check
--strict` and builds a kit at once; `area/` is the same for an area (point-to-point) map:
eight areas joined by roads and railways, units set up in areas. `$id`, `$title` and
`$folder` in them are filled in. The Spanish catalog is made by the i18n workflow (`warkit i18n init`) and then given the
translations in `<kind>/es.yaml`, so the second language is complete from the start.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import string
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import yaml

from generator.errors import WarkitError, one_line

TEMPLATES = Path(__file__).parent
KINDS = ("hex", "area")
TRANSLATIONS = "es.yaml"  # msgctxt -> Spanish; not copied into the game


@dataclass(frozen=True)
class Scaffold:
    folder: Path
    game_id: str
    title: str
    files: list[Path]
    catalogs: list[Path]


def new_game(folder: Path, kind: str = "hex", title: str | None = None) -> Scaffold:
    """Write a new game into `folder` (which must not exist or be empty)."""
    if kind not in KINDS:
        raise WarkitError(f"unknown kind {kind!r}: expected hex or area")
    folder = Path(folder)
    if os.path.lexists(folder) and (folder.is_symlink() or not folder.is_dir() or any(folder.iterdir())):
        raise WarkitError(f"{folder} already exists and is not empty (or is a link); choose a new folder")
    game_id = game_id_for(folder)
    title = game_id.replace("-", " ").replace("_", " ").title() if title is None else title
    _check_title(title)
    existed = folder.exists()
    try:
        return _write_game(folder, kind, game_id, title)
    except BaseException:  # nothing half-made is left: the folder was new, or empty
        if existed:
            for child in list(folder.iterdir()):
                shutil.rmtree(child) if child.is_dir() and not child.is_symlink() else child.unlink()
        else:
            shutil.rmtree(folder, ignore_errors=True)
        raise


def _check_title(title: str) -> None:
    """A title is one line of printable text, as long as the cover can print."""
    from generator.model.game import MAX_TITLE

    if not title.strip():
        raise WarkitError("--title is empty (expected the game's title, e.g. --title \"Border War\")")
    if len(title) > MAX_TITLE:
        raise WarkitError(f"--title has {len(title)} characters; a title has at most {MAX_TITLE}")
    bad = next((c for c in title if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") and c != "\u200d"), None)
    if bad is not None:
        raise WarkitError(f"--title holds the character U+{ord(bad):04X} (expected one line of printable text)")


def _write_game(folder: Path, kind: str, game_id: str, title: str) -> Scaffold:
    fields = {"id": game_id, "title": title, "name": title, "folder": folder.as_posix()}
    # In YAML every value is a quoted scalar, comments included: no title or folder name can
    # end a comment or start a key of its own.
    yaml_fields = {"id": game_id, "title": _yaml_text(title), "name": _comment_text(title),
                   "folder": _comment_text(folder.as_posix())}
    source = TEMPLATES / kind
    files = []
    for template in sorted(source.rglob("*")):
        if template.is_dir() or template.name == TRANSLATIONS:
            continue
        target = folder / template.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        text = template.read_text(encoding="utf-8")
        if template.suffix in (".yaml", ".md"):
            text = string.Template(text).safe_substitute(yaml_fields if template.suffix == ".yaml" else fields)
        target.write_text(text, encoding="utf-8")
        files.append(target)
    catalogs = _catalogs(folder, source / TRANSLATIONS)
    return Scaffold(folder, game_id, title, files, catalogs)


def game_id_for(folder: Path) -> str:
    """The folder's name as an id: lower case ASCII letters, digits and '-' ('Río 1812' -> 'rio-1812')."""
    plain = unicodedata.normalize("NFKD", Path(folder).resolve().name).encode("ascii", "ignore").decode()
    name = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")
    return name or "new-game"


def _yaml_text(text: str) -> str:
    """A title as a YAML scalar on one line: double-quoted, every special character escaped
    (a JSON string is a YAML double-quoted scalar)."""
    return json.dumps(text, ensure_ascii=False)


def _comment_text(text: str) -> str:
    """Text for a YAML comment: one line whatever it holds."""
    return one_line(text)


def _catalogs(folder: Path, translations: Path) -> list[Path]:
    """game.pot and a Spanish game.po through the i18n workflow, filled from `translations`."""
    from generator.i18n import workflow
    from generator.i18n.pofiles import read_catalog, write_catalog
    from generator.io.loader import load_game

    loaded = load_game(folder)
    if loaded.game is None:  # the templates are tested; this is a bug, not a user error
        raise WarkitError("the new game does not load: " + "; ".join(i.format() for i in loaded.report.issues))
    domain = workflow.game_domain(loaded.game)
    template, _ = workflow.write_template(domain)
    workflow.init_catalog(domain, "es", template)
    path = domain.catalog_path("es")
    spanish = yaml.safe_load(translations.read_text(encoding="utf-8")) if translations.is_file() else {}
    spanish["game.title"] = loaded.game.spec.title  # a title is a name: kept as it is
    catalog = read_catalog(path)
    for message in catalog:
        if message.context in spanish and (not message.string or message.fuzzy):
            message.string = spanish[message.context]
            message.flags.discard("fuzzy")
    write_catalog(path, catalog)
    return [domain.template_path, path]
