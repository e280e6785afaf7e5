"""Where catalogs live: the game's own under data/<game>/locales/, warkit's under generator/locale/."""

from __future__ import annotations

from pathlib import Path

from generator.i18n.languages import normalize

GAME_DOMAIN = "game"
UI_DOMAIN = "warkit"
PACKAGE_DIR = Path(__file__).resolve().parent.parent  # generator/
UI_LOCALE_DIR = PACKAGE_DIR / "locale"
REPO_DIR = PACKAGE_DIR.parent


def game_locale_dir(game_dir: Path | str) -> Path:
    return Path(game_dir) / "locales"


def game_template(game_dir: Path | str) -> Path:
    return game_locale_dir(game_dir) / f"{GAME_DOMAIN}.pot"


def game_catalog(game_dir: Path | str, language: str) -> Path:
    return game_locale_dir(game_dir) / normalize(language) / "LC_MESSAGES" / f"{GAME_DOMAIN}.po"


def ui_template(locale_dir: Path = UI_LOCALE_DIR) -> Path:
    return locale_dir / f"{UI_DOMAIN}.pot"


def ui_catalog(language: str, locale_dir: Path = UI_LOCALE_DIR) -> Path:
    return locale_dir / normalize(language) / "LC_MESSAGES" / f"{UI_DOMAIN}.po"


def catalog_languages(locale_dir: Path, domain: str) -> list[str]:
    """Languages that have a <lang>/LC_MESSAGES/<domain>.po under `locale_dir`, sorted."""
    if not locale_dir.is_dir():
        return []
    return sorted(p.parent.parent.name for p in locale_dir.glob(f"*/LC_MESSAGES/{domain}.po"))


def display(path: Path, base: Path | None = None) -> str:
    """A short path for messages: relative to `base` (or the repository) when inside it."""
    for root in (base, REPO_DIR):
        if root is not None:
            try:
                return str(Path(path).resolve().relative_to(Path(root).resolve()))
            except ValueError:
                continue
    return str(path)
