"""Translator: the text a kit prints for one (game, language).

    t = Translator.for_game(game, "es")
    t.ui("Terrain Effects Chart")            # warkit's own text (generator/locale/…/warkit.po)
    t.ngettext("%(num)d counter", "%(num)d counters", 12)
    t.game("terrain.forest.name", "Forest")  # the game's text by stable key (locales/…/game.po)
    t.of(terrain), t.turn_label(turn) …      # the same without spelling keys (accessors.py)
    t.number(1.5) -> "1,5"

A string with no usable translation (no catalog, absent, empty, fuzzy, or translated from
an older source text) prints in the source language; each such key is recorded once in
`t.missing` / `t.warnings`, however often it is printed. Fuzzy entries are never used.
Catalogs are read straight from the .po files (cached while unchanged): no .mo is needed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from generator.i18n import formatting, paths
from generator.i18n.accessors import GameText
from generator.i18n.citations import strip_citations
from generator.i18n.languages import locale_of, normalize
from generator.i18n.pofiles import PoIndex, is_translated, load_index
from generator.i18n.pseudo import is_pseudo, pseudo

UI_SOURCE_LANGUAGE = "en"


@dataclass(frozen=True)
class Missing:
    catalog: str  # "game" or "warkit"
    key: str  # the game key, or warkit's msgid
    source: str  # the text printed instead
    reason: str  # no catalog, not in catalog, untranslated, fuzzy, source changed

    def message(self, language: str) -> str:
        key = f"{self.key!r}" if self.catalog == "game" else f"warkit text {self.key!r}"
        return f"{language}: {key} {self.reason}; printing the source text {self.source!r}"


class Translator(GameText):
    def __init__(self, language: str, *, source_language: str = "en", game_catalog: PoIndex | None = None,
                 ui_catalog: PoIndex | None = None, game=None):
        self.language = normalize(language)
        self.source_language = normalize(source_language)
        self.locale = locale_of(self.language)
        self.game_model = game
        self.game_catalog = game_catalog
        self.ui_catalog = ui_catalog
        self.pseudo = is_pseudo(self.language)
        self._missing: dict[tuple[str, str], Missing] = {}
        # every string asked for, by catalog and key, with how often: what the build compares
        # between languages (parity.py); `take_printed()` hands it over per component
        self.printed: Counter = Counter()
        # The game's text prints without its rule citations ("(rule 3.8)"): those belong to
        # the designer appendix, whose translator keeps them (`keeping_citations`).
        self.keeps_citations = False

    @classmethod
    def for_game(cls, game, language: str, ui_locale_dir: Path = paths.UI_LOCALE_DIR) -> "Translator":
        """The game's catalog from <game>/locales/, warkit's from generator/locale/; 'pt_BR'
        falls back to 'pt' when it has no catalog of its own."""
        game_catalog = _first_catalog(language, lambda code: paths.game_catalog(game.folder, code))
        ui_catalog = _first_catalog(language, lambda code: paths.ui_catalog(code, ui_locale_dir))
        return cls(language, source_language=game.spec.source_language, game_catalog=game_catalog,
                   ui_catalog=ui_catalog, game=game)

    @classmethod
    def for_language(cls, language: str, ui_locale_dir: Path = paths.UI_LOCALE_DIR) -> "Translator":
        """warkit's own text only (no game): t.game() returns the source text."""
        ui_catalog = _first_catalog(language, lambda code: paths.ui_catalog(code, ui_locale_dir))
        return cls(language, source_language=language, ui_catalog=ui_catalog)

    # --- the game's strings
    @property
    def translates_game(self) -> bool:
        if self.pseudo:
            return True
        return _needs_catalog(self.language, self.source_language, self.game_catalog)

    def keeping_citations(self) -> "Translator":
        """The same translator printing the game's text as written, citations and all."""
        twin = Translator(self.language, source_language=self.source_language, game_catalog=self.game_catalog,
                          ui_catalog=self.ui_catalog, game=self.game_model)
        twin.keeps_citations = True
        twin._missing = self._missing
        twin.printed = self.printed  # one record: the appendix's strings count for its document
        return twin

    def game(self, key: str, source_text: str) -> str:
        """The translation of the game string `key` whose current source text is `source_text`
        (without its rule citations, unless `keeps_citations`)."""
        self.printed["game", key] += 1
        if self.pseudo:
            return pseudo(source_text if self.keeps_citations else strip_citations(source_text))
        text = self._game(key, source_text)
        return text if self.keeps_citations else strip_citations(text)

    def _game(self, key: str, source_text: str) -> str:
        if not self.translates_game:
            return source_text
        if self.game_catalog is None:
            return self._fallback("game", key, source_text, "has no catalog for this language")
        message = self.game_catalog.by_context.get(key)
        if message is None:
            return self._fallback("game", key, source_text, "is not in the catalog (run `warkit i18n update`)")
        if not is_translated(message):
            return self._fallback("game", key, source_text, "is untranslated")
        if message.fuzzy:
            return self._fallback("game", key, source_text, "is fuzzy (needs review)")
        if message.id != source_text:
            return self._fallback("game", key, source_text, "was translated from an older source text (run `warkit i18n update`)")
        return message.string

    # --- warkit's own strings
    @property
    def translates_ui(self) -> bool:
        if self.pseudo:
            return True
        return _needs_catalog(self.language, UI_SOURCE_LANGUAGE, self.ui_catalog)

    def ui(self, msgid: str, /, **params) -> str:
        """warkit's own text; `params` fill %(name)s placeholders."""
        text = self._ui_lookup(None, msgid, None)
        return text % params if params else text

    def pgettext(self, context: str, msgid: str, /, **params) -> str:
        text = self._ui_lookup(context, msgid, None)
        return text % params if params else text

    def ngettext(self, singular: str, plural: str, n: int, /, **params) -> str:
        """Plural forms by the language's rule; %(num)d (and %(count)d) are filled with n."""
        text = self._ui_lookup(None, (singular, plural), n)
        return text % {"num": n, "count": n, **params} if "%(" in text else text

    def _ui_lookup(self, context: str | None, msgid, n: int | None) -> str:
        singular = msgid[0] if isinstance(msgid, tuple) else msgid
        source = singular if n is None else msgid[0 if n == 1 else 1]
        self.printed["warkit", singular if context is None else f"{context}\x04{singular}"] += 1
        if self.pseudo:
            return pseudo(source)
        if not self.translates_ui:
            return source
        if self.ui_catalog is None:
            return self._fallback("warkit", singular, source, "has no catalog for this language")
        message = self.ui_catalog.by_id.get((context, singular))
        if message is None or not is_translated(message) or message.fuzzy:
            reason = "is missing from warkit's catalog" if message is None else "is fuzzy or untranslated"
            return self._fallback("warkit", singular, source, reason)
        if n is None:
            return message.string[0] if isinstance(message.string, tuple) else message.string
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        return forms[min(self.ui_catalog.plural_index(n), len(forms) - 1)]

    # --- what fell back
    def _fallback(self, catalog: str, key: str, source: str, reason: str) -> str:
        self._missing.setdefault((catalog, key), Missing(catalog, key, source, reason))
        return source

    @property
    def missing(self) -> list[Missing]:
        """Every string printed in the source language instead, once, in order of first use."""
        return list(self._missing.values())

    def take_printed(self) -> Counter:
        """What was asked for since the last call (each component's share of a shared translator)."""
        printed = Counter(self.printed)
        self.printed.clear()  # in place: a twin keeping citations shares it
        return printed

    @property
    def warnings(self) -> list[str]:
        return [m.message(self.language) for m in self._missing.values()]

    # --- numbers and dates in the locale's conventions
    def number(self, value, decimals: int | None = None) -> str:
        return formatting.format_number(value, self.language, decimals)

    def signed(self, value) -> str:
        return formatting.format_signed(value, self.language)

    def percent(self, value) -> str:
        return formatting.format_percentage(value, self.language)

    def date(self, value, style: str = "medium") -> str:
        return self.localized(formatting.format_date(value, self.language, style))

    def turn_date(self, turn) -> str | None:
        """A turn's `date:` in the locale's spelling ('ago 1914'); None if it is no real date."""
        return self.localized(formatting.format_turn_date(turn.date, self.language))

    def localized(self, text: str | None) -> str | None:
        """Words the locale spells (month names): pseudo-translated in the pseudo-locale."""
        return pseudo(text) if self.pseudo and text else text

    # --- jinja2
    def install(self, env) -> None:
        """Make _(), gettext(), ngettext(), pgettext() and {% trans %} of a jinja2
        Environment (with the jinja2.ext.i18n extension) use this translator."""
        env.install_gettext_callables(
            gettext=lambda s: self._ui_lookup(None, s, None),
            ngettext=lambda s, p, n: self._ui_lookup(None, (s, p), n),
            pgettext=lambda c, s: self._ui_lookup(c, s, None),
            npgettext=lambda c, s, p, n: self._ui_lookup(c, (s, p), n),
            newstyle=True,
        )
        env.globals.update(t=self)

    def jinja_env(self, loader=None, autoescape: bool = True, sandboxed: bool | type = False):
        """A jinja2 Environment for templates/ with this translator installed.

        `sandboxed`: a jinja2 SandboxedEnvironment (or the sandbox class given) for templates
        that come with a game's data; it gets the gettext callables but not the Translator
        itself (`t`), so such a template sees only the plain data it is rendered with."""
        import jinja2
        from jinja2.sandbox import SandboxedEnvironment

        if loader is None:
            loader = jinja2.FileSystemLoader(str(paths.REPO_DIR / "templates"))
        kind = sandboxed if isinstance(sandboxed, type) else SandboxedEnvironment if sandboxed else jinja2.Environment
        env = kind(loader=loader, autoescape=autoescape, extensions=["jinja2.ext.i18n"],
                   undefined=jinja2.StrictUndefined)
        env.policies["ext.i18n.trimmed"] = True  # as `warkit i18n extract` reads {% trans %} blocks
        env.bytecode_cache = _compiled_templates(kind, autoescape)
        self.install(env)
        if sandboxed:
            del env.globals["t"]
        return env


def _compiled_templates(kind: type, autoescape: bool):
    """Where environments made alike (`Translator.jinja_env`: one a language and document)
    find the templates another compiled in this build (a jinja2 bytecode cache in the build's
    caches; jinja2 checks each against its template's source)."""
    import jinja2

    from generator import caches

    class Compiled(jinja2.BytecodeCache):
        def __init__(self, store: dict) -> None:
            self.store = store

        def load_bytecode(self, bucket) -> None:
            found = self.store.get(bucket.key)
            if found is not None:
                bucket.bytecode_from_string(found)

        def dump_bytecode(self, bucket) -> None:
            self.store[bucket.key] = bucket.bytecode_to_string()

    return Compiled(caches.store(f"jinja2 templates {kind.__module__}.{kind.__qualname__} {autoescape}"))


def _candidates(language: str) -> list[str]:
    code = normalize(language)
    base = code.split("_")[0]
    return [code] if base == code else [code, base]


def _first_catalog(language: str, path_of) -> PoIndex | None:
    for code in _candidates(language):
        index = load_index(path_of(code))
        if index is not None:
            return index
    return None


def _needs_catalog(language: str, source: str, catalog: PoIndex | None) -> bool:
    """False for the source language (and its regional variants without a catalog)."""
    if language == normalize(source):
        return False
    return catalog is not None or language.split("_")[0] != normalize(source).split("_")[0]
