"""The translator's workflow on files: extract a template, init/update catalogs, compile.

Used by `warkit i18n …`; every function returns what it did so the CLI can say it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog

from generator.errors import WarkitError
from generator.i18n import extract, paths
from generator.i18n.glossary import load_glossary
from generator.i18n.languages import locale_of, normalize
from generator.i18n.merge import MergeResult, merge
from generator.i18n.pofiles import read_catalog, write_catalog, write_mo_file


class CatalogExists(WarkitError):
    """`init` refuses to overwrite a catalog: `update` keeps its translations."""


@dataclass(frozen=True)
class Domain:
    """One kind of catalog: the game's strings (by key) or warkit's own (by msgid)."""

    name: str
    template_path: Path
    by_key: bool
    source_language: str
    build_template: object  # () -> Catalog

    def catalog_path(self, language: str) -> Path:
        folder = self.template_path.parent
        return folder / normalize(language) / "LC_MESSAGES" / f"{self.name}.po"


def game_domain(game) -> Domain:
    return Domain(paths.GAME_DOMAIN, paths.game_template(game.folder), True, game.spec.source_language,
                  lambda: extract.game_template(game))


def ui_domain(locale_dir: Path = paths.UI_LOCALE_DIR) -> Domain:
    return Domain(paths.UI_DOMAIN, paths.ui_template(locale_dir), False, "en", extract.ui_template)


def write_template(domain: Domain) -> tuple[Catalog, bool]:
    """Extract and write the .pot; (template, whether the file changed)."""
    template = domain.build_template()
    return template, write_catalog(domain.template_path, template)


def init_catalog(domain: Domain, language: str, template: Catalog | None = None) -> MergeResult:
    """Create <lang>/LC_MESSAGES/<domain>.po, pre-filled from the glossary."""
    _check_target(domain, language)
    path = domain.catalog_path(language)
    if path.exists():
        raise CatalogExists(f"{paths.display(path)} already exists; run `warkit i18n update` to merge new strings into it")
    template = template if template is not None else domain.build_template()
    title = template.project or domain.name
    header = (f"# {locale_of(language).english_name} translation of {title} ({domain.name} catalog).\n"
              f"# Made by `warkit i18n init`; see docs/translating.md.")
    result = merge(template, None, normalize(language), by_key=domain.by_key,
                   source_language=domain.source_language, glossary=load_glossary(), header_comment=header)
    write_catalog(path, result.catalog)
    return result


def update_catalog(domain: Domain, language: str, template: Catalog | None = None) -> MergeResult:
    """Merge the current strings into an existing catalog; no translation is ever dropped."""
    path = domain.catalog_path(language)
    if not path.exists():
        raise WarkitError(f"{paths.display(path)} does not exist; run `warkit i18n init --lang {language}` first")
    template = template if template is not None else domain.build_template()
    old = read_catalog(path, paths.display(path))
    result = merge(template, old, normalize(language), by_key=domain.by_key,
                   source_language=domain.source_language, glossary=load_glossary())
    write_catalog(path, result.catalog)
    return result


def compile_catalog(domain: Domain, language: str) -> tuple[Path, list[str]]:
    """Write the .mo beside the .po (fuzzy entries left out); returns it and any problems.

    warkit itself reads the .po at build time; the .mo is for other gettext tools."""
    path = domain.catalog_path(language)
    catalog = read_catalog(path, paths.display(path))
    problems = [f"{m.context or m.id}: {error}" for m, errors in catalog.check() for error in errors]
    target = path.with_suffix(".mo")
    write_mo_file(target, catalog)
    return target, problems


def _check_target(domain: Domain, language: str) -> None:
    locale_of(language)  # an unknown code fails here, before any file is written
    if normalize(language) == normalize(domain.source_language):
        raise WarkitError(f"{language} is the source language of the {domain.name} catalog: its text is the data itself, "
                          f"there is nothing to translate")
