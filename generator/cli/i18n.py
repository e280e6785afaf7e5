"""`warkit i18n extract|init|update|compile|status`: the translator's commands.

Exit codes: 0 done (status: every catalog complete), 1 not done (status: some catalog
incomplete; init: the catalog exists; compile: placeholder problems; no language to work
on), 2 input that cannot be read (the game, or a catalog with a syntax error).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from generator.cli.output import Console, OutputFormat, say

app = typer.Typer(
    help="Translate a game's printed text and warkit's own: gettext catalogs (.po) per language.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

GAME_HELP = "The game folder (holding game.yaml); not needed with --ui."
LANG_HELP = "Language code(s), e.g. es or es,fr (repeatable). Default: see the command's help."
UI_HELP = "Work on warkit's own catalog (generator/locale/warkit.po) instead of the game's."


@app.command()
def extract(
    game_dir: Optional[Path] = typer.Argument(None, help=GAME_HELP),
    ui: bool = typer.Option(False, "--ui", help=UI_HELP),
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks of unexpected errors."),
) -> None:
    """Write the template: GAME_DIR/locales/game.pot from the game's data (or warkit.pot with --ui)."""
    from generator.i18n import paths, workflow

    with Console().guard(debug):
        domain = _domain(game_dir, ui)
        template, changed = workflow.write_template(domain)
        count = sum(1 for m in template if m.id)
        state = "written" if changed else "unchanged"
        say(f"{paths.display(domain.template_path)}: {count} string(s), {state}")


@app.command()
def init(
    game_dir: Optional[Path] = typer.Argument(None, help=GAME_HELP),
    lang: Optional[list[str]] = typer.Option(None, "--lang", "-l", help=LANG_HELP + " Default: the game's print.languages without a catalog."),
    ui: bool = typer.Option(False, "--ui", help=UI_HELP),
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks of unexpected errors."),
) -> None:
    """Create a catalog per language, pre-filled from the glossary; refuses to overwrite one."""
    from generator.i18n import paths, workflow

    with Console().guard(debug):
        domain = _domain(game_dir, ui)
        languages = _languages(lang, domain, game_dir, ui, want="missing")
        template, _ = workflow.write_template(domain)
        code = 0
        for language in languages:
            try:
                result = workflow.init_catalog(domain, language, template)
            except workflow.CatalogExists as exc:
                say(f"warkit: {exc}", fg="red", err=True)
                code = 1
                continue
            say(f"{paths.display(domain.catalog_path(language))}: created; {_summary(result)}")
        raise typer.Exit(code)


@app.command()
def update(
    game_dir: Optional[Path] = typer.Argument(None, help=GAME_HELP),
    lang: Optional[list[str]] = typer.Option(None, "--lang", "-l", help=LANG_HELP + " Default: every existing catalog."),
    ui: bool = typer.Option(False, "--ui", help=UI_HELP),
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks of unexpected errors."),
) -> None:
    """Extract again and merge the new strings into existing catalogs.

    No translation is dropped: a changed source text makes its translation fuzzy, a removed
    string is kept as obsolete (#~); new strings are pre-filled from the glossary."""
    from generator.i18n import paths, workflow

    with Console().guard(debug):
        domain = _domain(game_dir, ui)
        languages = _languages(lang, domain, game_dir, ui, want="existing")
        template, _ = workflow.write_template(domain)
        for language in languages:
            result = workflow.update_catalog(domain, language, template)
            say(f"{paths.display(domain.catalog_path(language))}: updated; {_summary(result)}")
            for key in result.to_review[:10]:
                say(f"  source text changed, translation kept as fuzzy: {key}")


@app.command("compile")
def compile_(
    game_dir: Optional[Path] = typer.Argument(None, help=GAME_HELP),
    lang: Optional[list[str]] = typer.Option(None, "--lang", "-l", help=LANG_HELP + " Default: every existing catalog."),
    ui: bool = typer.Option(False, "--ui", help=UI_HELP),
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks of unexpected errors."),
) -> None:
    """Write .mo files beside the .po files (fuzzy entries left out).

    warkit's own build reads the .po directly; the .mo is for other gettext tools."""
    from generator.i18n import paths, workflow

    with Console().guard(debug):
        domain = _domain(game_dir, ui)
        code = 0
        for language in _languages(lang, domain, game_dir, ui, want="existing"):
            target, problems = workflow.compile_catalog(domain, language)
            say(f"{paths.display(target)}: written")
            for problem in problems:
                say(f"  {problem}", fg="red", err=True)
                code = 1
        raise typer.Exit(code)


@app.command()
def status(
    game_dir: Optional[Path] = typer.Argument(None, help=GAME_HELP),
    lang: Optional[list[str]] = typer.Option(None, "--lang", "-l", help=LANG_HELP + " Default: print.languages and every existing catalog."),
    ui: bool = typer.Option(False, "--ui", help="Only warkit's own catalogs."),
    show: int = typer.Option(5, "--show", help="How many missing strings to list per catalog."),
    strict: bool = typer.Option(False, "--strict", help="Glossary inconsistencies count as incomplete."),
    output_format: OutputFormat = typer.Option(OutputFormat.text, "--format", help="text or json."),
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks of unexpected errors."),
) -> None:
    """Per catalog: translated, fuzzy and untranslated counts; exit 1 when any is incomplete.

    Lists the first missing keys of each catalog and translations that do not follow the
    glossary (--strict makes those fail too)."""
    from generator.i18n.glossary import load_glossary
    from generator.i18n.status import game_statuses, ui_statuses

    with Console(output_format).guard(debug):
        languages = _parse_languages(lang) or None
        if ui:
            statuses = ui_statuses(languages, load_glossary())
        else:
            statuses = game_statuses(_load(game_dir), languages, load_glossary())
        if output_format is OutputFormat.json:
            typer.echo(json.dumps([s.as_dict() for s in statuses], indent=2, ensure_ascii=False))
        else:
            _print_statuses(statuses, show)
        failed = [s for s in statuses if not s.complete or (strict and (s.glossary or s.consistency))]
        raise typer.Exit(1 if failed else 0)


def _print_statuses(statuses, show: int) -> None:
    from generator.i18n import paths

    if not statuses:
        typer.echo("nothing to translate: no language besides the source language (see print.languages)")
        return
    for s in statuses:
        where = paths.display(s.path)
        if not s.exists:
            command = f"warkit i18n init --ui --lang {s.language}" if s.domain == "warkit" else "warkit i18n init"
            say(f"{s.language:6} {s.domain:7} missing: {where} (run `{command}`)", fg="red")
        else:
            counts = (f"{s.translated}/{s.total} translated, {len(s.fuzzy)} fuzzy, {len(s.untranslated)} untranslated"
                      + (f", {s.obsolete} obsolete" if s.obsolete else ""))
            colour = None if s.complete else "yellow"
            say(f"{s.language:6} {s.domain:7} {counts}  {where}", fg=colour)
        for pending in s.pending[:show] if s.exists else []:
            line = f" (line {pending.line})" if pending.line else ""
            named = f"{pending.key} {pending.source!r}" if s.domain == "game" else repr(pending.key)
            say(f"    {pending.state}: {named}{line}")
        if s.exists and len(s.pending) > show:
            say(f"    … and {len(s.pending) - show} more")
        for problem in s.problems:
            say(f"    problem: {problem}", fg="red")
        for note in s.glossary[:show]:
            say(f"    glossary: {note}")
        for note in s.consistency[:show]:
            say(f"    consistency: {note}")
    incomplete = sum(1 for s in statuses if not s.complete)
    say(f"{incomplete} of {len(statuses)} catalog(s) incomplete" if incomplete else f"all {len(statuses)} catalog(s) complete")


def _domain(game_dir: Path | None, ui: bool):
    from generator.i18n import workflow

    if ui:
        return workflow.ui_domain()
    return workflow.game_domain(_load(game_dir))


def _load(game_dir: Path | None):
    from generator.io.loader import load_game

    if game_dir is None:
        typer.secho("warkit: give the game folder (or --ui for warkit's own catalog)", fg="red", err=True)
        raise typer.Exit(2)
    loaded = load_game(game_dir)
    if loaded.game is None:
        Console().report(loaded.report)
        raise typer.Exit(2)
    return loaded.game


def _languages(lang, domain, game_dir, ui: bool, want: str) -> list[str]:
    """--lang as given; else the declared languages lacking a catalog (init) or the
    catalogs that exist (update, compile)."""
    from generator.i18n import paths
    from generator.i18n.languages import normalize

    if lang:
        return _parse_languages(lang)
    existing = paths.catalog_languages(domain.template_path.parent, domain.name)
    if want == "existing":
        chosen = existing
    else:
        declared = [] if ui else list(_load(game_dir).spec.print.languages)
        chosen = [normalize(c) for c in declared if normalize(c) != normalize(domain.source_language)
                  and normalize(c) not in existing]
    if not chosen:
        hint = "add languages to print.languages in game.yaml or pass --lang" if want == "missing" else "run `warkit i18n init --lang xx` first"
        say(f"warkit: no catalog to work on; {hint}", fg="red", err=True)
        raise typer.Exit(1)
    return chosen


def _parse_languages(lang) -> list[str]:
    """--lang es,fr --lang pt-BR -> ['es', 'fr', 'pt_BR']; an unknown code stops here (exit 2)."""
    from generator.i18n.languages import locale_of, normalize

    codes = [normalize(code) for item in lang or [] for code in item.split(",") if code.strip()]
    for code in codes:
        locale_of(code)
    return codes


def _summary(result) -> str:
    parts = [f"{result.kept} kept"]
    if result.to_review:
        parts.append(f"{len(result.to_review)} to review (source changed)")
    if result.reused or result.from_glossary or result.from_citations:
        filled = result.reused + result.from_glossary + result.from_citations
        how = [f"{result.from_glossary} from the glossary"]
        how += [f"{result.from_citations} bare citations"] if result.from_citations else []
        parts.append(f"{filled} pre-filled ({', '.join(how)})")
    if result.suggested:
        parts.append(f"{result.suggested} fuzzy suggestion(s)")
    if result.still_fuzzy:
        parts.append(f"{result.still_fuzzy} still fuzzy")
    parts.append(f"{result.untranslated} untranslated")
    if result.obsoleted:
        parts.append(f"{result.obsoleted} now obsolete (kept as #~)")
    return ", ".join(parts)
