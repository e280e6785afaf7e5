"""The jinja2 templates of the text-heavy aids: warkit's own in `templates/`, or a game's
override in `data/<game>/templates/`.

warkit's templates are trusted and run in an ordinary Environment. A game's templates come
with the data, which may be anyone's, so they run in jinja2's SandboxedEnvironment (no
Python internals: `''.__class__` is refused) and may only read files inside the game's
`templates/` folder: no `..`, no absolute names, no symbolic link leading out. Every
failure becomes one WarkitError naming the template, the line and what went wrong.
Both kinds get the build's translator through `t.jinja_env` (`_()`, `ngettext()`,
`{% trans %}`), and are rendered with plain data only (strings, numbers, lists, dicts).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import jinja2
from jinja2.sandbox import SecurityError

from generator.errors import WarkitError
from generator.i18n import paths

GAME_TEMPLATES = "templates"


class OutsideGameFolder(jinja2.TemplateError):
    """A game template asked for a file outside the game's templates folder (not a
    TemplateNotFound, which would let a ChoiceLoader try the next folder)."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name


class GameTemplateLoader(jinja2.BaseLoader):
    """Templates from one folder, refusing any name or link that leads outside it."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    def path_of(self, name: str) -> Path:
        """The file behind `name`; OutsideGameFolder when it is not inside the folder."""
        pure = PurePosixPath(name.replace("\\", "/"))
        if pure.is_absolute() or Path(name).is_absolute() or ".." in pure.parts or ":" in name:
            raise OutsideGameFolder(name, f"template name {name!r} must be a plain path inside the game's "
                                          f"{GAME_TEMPLATES}/ folder (no '..', no absolute path)")
        root = self.folder.resolve()
        target = (self.folder / pure).resolve()  # follows symbolic links
        if target != root and root not in target.parents:
            raise OutsideGameFolder(name, f"template {name!r} leads outside the game's {GAME_TEMPLATES}/ folder "
                                          f"(a symbolic link to {target})")
        return target

    def get_source(self, environment, name: str):
        path = self.path_of(name)
        if not path.is_file():
            raise jinja2.TemplateNotFound(name)
        source = path.read_text(encoding="utf-8")
        mtime = path.stat().st_mtime_ns
        return source, str(path), lambda: path.is_file() and path.stat().st_mtime_ns == mtime

    def has(self, name: str) -> bool:
        try:
            return self.path_of(name).is_file()
        except OutsideGameFolder:
            return False


@dataclass(frozen=True)
class AidTemplate:
    """A template ready to render, and where it came from (for messages)."""

    template: jinja2.Template
    origin: str  # "warkit" or "game"
    shown_name: str  # as messages name it: templates/player-aid.xml.j2 or <game>/templates/…

    def render(self, **data) -> str:
        try:
            return self.template.render(**data)
        except SecurityError as error:
            line = _runtime_line(error, self.template.filename)
            raise WarkitError(f"{self.shown_name}{line}: refused: {error} (game templates run sandboxed and may "
                              f"not reach Python internals)") from None
        except OutsideGameFolder as error:
            line = _runtime_line(error, self.template.filename)
            raise WarkitError(f"{self.shown_name}{line}: refused: {error.message}") from None
        except jinja2.TemplateError as error:
            line = _line(error) or _runtime_line(error, self.template.filename)
            raise WarkitError(f"{self.shown_name}{line}: {_what(error)}") from None


def find_template(context, names: list[str]) -> AidTemplate:
    """The first of `names` the game overrides (sandboxed), else the first warkit ships."""
    game_dir = Path(context.game.folder)
    loader = GameTemplateLoader(game_dir / GAME_TEMPLATES)
    for name in names:
        if loader.has(name):
            env = context.translator.jinja_env(jinja2.ChoiceLoader([loader, _warkit_loader()]), sandboxed=True)
            return _loaded(env, name, "game", f"{game_dir.name}/{GAME_TEMPLATES}/{name}")
        _refuse_links_out(loader, name, game_dir)
    env = context.translator.jinja_env(_warkit_loader())
    for name in names:
        if (paths.REPO_DIR / "templates" / name).is_file():
            return _loaded(env, name, "warkit", f"templates/{name}")
    raise WarkitError(f"no template {' or '.join(names)} in warkit's templates/ folder")


def _refuse_links_out(loader: GameTemplateLoader, name: str, game_dir: Path) -> None:
    """A game template that exists but leads outside the folder is an error, not a reason
    to fall back to warkit's template silently."""
    candidate = loader.folder / name
    if candidate.is_symlink() or candidate.exists():
        try:
            loader.path_of(name)
        except OutsideGameFolder as error:
            raise WarkitError(f"{game_dir.name}/{GAME_TEMPLATES}/{name}: refused: {error.message}") from None


def _warkit_loader() -> jinja2.BaseLoader:
    return jinja2.FileSystemLoader(str(paths.REPO_DIR / "templates"))


def _loaded(env, name: str, origin: str, shown: str) -> AidTemplate:
    try:
        return AidTemplate(env.get_template(name), origin, shown)
    except OutsideGameFolder as error:
        raise WarkitError(f"{shown}: refused: {error.message}") from None
    except jinja2.TemplateError as error:
        raise WarkitError(f"{shown}{_line(error)}: {_what(error)}") from None


def _line(error: jinja2.TemplateError) -> str:
    line = getattr(error, "lineno", None)
    return f":{line}" if line else ""


def _runtime_line(error: Exception, filename: str | None) -> str:
    """The template line an error raised while rendering came from (jinja maps the
    traceback's frames of compiled template code back onto template lines)."""
    line = None
    tb = error.__traceback__
    while tb is not None:
        if filename and tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return f":{line}" if line else ""


def _what(error: jinja2.TemplateError) -> str:
    if isinstance(error, jinja2.TemplateSyntaxError):
        return f"template syntax error: {error.message}"
    if isinstance(error, jinja2.UndefinedError):
        return f"unknown name in the template: {error.message}"
    if isinstance(error, jinja2.TemplateNotFound):
        return f"template not found: {error.message or error.name}"
    return f"template error: {error}"
