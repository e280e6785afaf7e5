"""The `warkit` command line (typer): parses options, calls the library, prints results."""

from __future__ import annotations

import inspect
import signal
import sys
from pathlib import Path
from typing import Optional

import typer

from generator import __version__
from generator.cli import buildoptions
from generator.cli.export import app as export_app
from generator.cli.i18n import app as i18n_app
from generator.cli.maps import app as map_app
from generator.cli.scenario import app as scenario_app
from generator.cli.output import Console, OutputFormat, ignore_interrupts, is_usage_error, say, usage_line
from generator.cli.report import report as report_command

app = typer.Typer(
    name="warkit",
    help="Turn a wargame's data tables into a checked print-and-play kit.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

app.add_typer(i18n_app, name="i18n", help="Translations: extract, init, update, compile, status.")
app.add_typer(scenario_app, name="scenario", help="Scenarios: generate a free deployment; diff two scenarios.")
app.command(name="report")(report_command)
app.add_typer(map_app, name="map", help="Map tools: to-text, from-text (a hex map as text), trace (from a picture).")
app.add_typer(export_app, name="export", help="Export to other tools: vassal (a playable VASSAL module).")


def _version(value: bool) -> None:
    if value:
        typer.echo(f"warkit {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version."),
) -> None:
    """warkit: check a game's data and build its print-and-play kit."""


@app.command()
def check(
    game_dir: Path = typer.Argument(..., help="The game folder (holding game.yaml)."),
    scenario: Optional[list[str]] = typer.Option(None, "--scenario", "-s", help="Check only this scenario (repeatable)."),
    strict: bool = typer.Option(False, "--strict", help="Treat warnings as errors."),
    output_format: OutputFormat = typer.Option(OutputFormat.text, "--format", help="text or json."),
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks of unexpected errors."),
) -> None:
    """Check a game's data, row by row; exit 1 on errors, 2 when input cannot be read."""
    from generator.cli.launch import run_check

    raise typer.Exit(run_check(game_dir, tuple(scenario) if scenario else None, strict, output_format, debug))


@app.command()
def build(
    game_dir: Path = typer.Argument(..., help="The game folder (holding game.yaml)."),
    only: Optional[str] = typer.Option(None, "--only", help="Comma-separated components, e.g. map,counters."),
    lang: Optional[str] = typer.Option(None, "--lang", help="Comma-separated languages, e.g. es,en."),
    paper: Optional[str] = typer.Option(None, "--paper", help="A4, Letter, A3 or Tabloid."),
    counter_size: Optional[str] = typer.Option(None, "--counter-size", help='5/8", 15mm, 16 … (mm).'),
    duplex: Optional[str] = typer.Option(None, "--duplex", help="long, short or fold."),
    back_offset: Optional[str] = typer.Option(None, "--back-offset", help="X,Y in mm to shift backs."),
    bleed: Optional[float] = typer.Option(None, "--bleed", help="Bleed in mm (0 to 10)."),
    overlap: Optional[float] = typer.Option(None, "--overlap", help="Overlap of map tiles in mm (10)."),
    dpi: Optional[int] = typer.Option(None, "--dpi", help="Per-counter PNG resolution (300)."),
    ink: Optional[str] = typer.Option(None, "--ink", help="full, or saving: light backgrounds on cards and pieces."),
    counter_sheets: Optional[str] = typer.Option(None, "--counter-sheets",
                                                 help="packed (sides share sheets) or by_side (a side a sheet)."),
    map_files: Optional[str] = typer.Option(None, "--map-files",
                                            help="Which files of each map: pdf, svg, tiles (default all three)."),
    counter_images: Optional[str] = typer.Option(None, "--counter-images",
                                                 help="Per-counter images: svg, png, both (svg,png) or none (default)."),
    scenario: Optional[list[str]] = typer.Option(None, "--scenario", "-s", help="Only this scenario (repeatable)."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder: the kit goes into OUT/<game>/<lang>/."),
    force: bool = typer.Option(False, "--force", help="Build into a folder holding files warkit did not write."),
    jobs: int = typer.Option(0, "--jobs", "-j", min=0, help="Worker processes (0: one per core; 1: no workers)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print nothing but problems."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON summary on stdout (for scripts)."),
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks of unexpected errors."),
) -> None:
    """Check the game, then write its print-and-play kit into OUT/<game>/<lang>/.

    Every component, kit.pdf (all in print order), index.html (a preview) and manifest.json.

    Options default from game.yaml's print: section. Nothing is written when the check fails.
    """
    from generator.cli.building import run_build

    console = Console(OutputFormat.json if as_json else OutputFormat.text, quiet=quiet)
    with console.guard(debug):
        overrides = _refused_in_typers_words(
            buildoptions.overrides, only=only, lang=lang, paper=paper, counter_size=counter_size, duplex=duplex,
            back_offset=back_offset, bleed=bleed, overlap=overlap, dpi=dpi, ink=ink, counter_sheets=counter_sheets,
            map_files_text=map_files, counter_images_text=counter_images, scenario=scenario)
        raise typer.Exit(run_build(console, game_dir, out, overrides, force=force, jobs=jobs))


def _refused_in_typers_words(read, *args, **kwargs):
    """`read(…)`, an option's value it refuses raised as typer's BadParameter."""
    try:
        return read(*args, **kwargs)
    except buildoptions.Refused as refused:
        raise typer.BadParameter(refused.message, param_hint=refused.option) from None


@app.command()
def serve(
    game_dir: Path = typer.Argument(..., help="The game folder (holding game.yaml)."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="The port (0: any free one)."),
    host: str = typer.Option("127.0.0.1", "--host", help="The address to listen on (only this computer by default)."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder: the kit goes into OUT/<game>/<lang>/."),
    lang: Optional[str] = typer.Option(None, "--lang", help="Comma-separated languages (default: the game's)."),
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks of unexpected errors."),
) -> None:
    """Preview the kit in a browser while you edit: rebuilds the components whose files
    changed, shows the check report, and has a paint mode for the map. Ctrl-C stops it."""
    from generator.serve.run import serve_game

    with Console(OutputFormat.text).guard(debug):
        languages = tuple(p.strip() for p in lang.split(",") if p.strip()) if lang else None
        serve_game(game_dir, out, host, port, languages, typer.echo)


@app.command()
def new(
    game_dir: Path = typer.Argument(..., help="The folder to create (its name becomes the game's id)."),
    kind: str = typer.Option("hex", "--kind", help="hex (a hex-grid map) or area (an area, point-to-point map)."),
    title: Optional[str] = typer.Option(None, "--title", help="The game's title (default from the folder's name)."),
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks of unexpected errors."),
) -> None:
    """Start a new game: a small complete one (map, units, markers, charts, a scenario, a
    Spanish catalog) that passes `warkit check` and builds a kit at once."""
    from generator.scaffold import new_game

    with Console(OutputFormat.text).guard(debug):
        made = new_game(game_dir, kind, title)
        say(f"created {made.folder} ({made.title}, id {made.game_id}):")
        for path in made.files + made.catalogs:
            say(f"  {path.relative_to(made.folder).as_posix()}")
        say(f"next: warkit check {made.folder}  then  warkit build {made.folder}"
                   "  (every file is explained in docs/data-format.md)")


@app.command()
def calibrate(
    paper: str = typer.Option("A4", "--paper", help="A4, Letter, A3 or Tabloid."),
    duplex: str = typer.Option("long", "--duplex", help="long or short: how your printer flips the sheet."),
    back_offset: Optional[str] = typer.Option(None, "--back-offset", help="X,Y in mm: print the backs shifted, to check a correction."),
    out: Path = typer.Option(Path("calibration.pdf"), "--out", help="The PDF to write."),
    lang: str = typer.Option("en", "--lang", help="The language of its instructions: en, es … (qps: pseudo)."),
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks of unexpected errors."),
) -> None:
    """Write a two-page duplex calibration sheet; its printed instructions tell you the --back-offset."""
    from generator.build.writer import write_atomic
    from generator.build.calibration import calibration_pdf

    if duplex == "fold":
        raise typer.BadParameter("a fold-over sheet needs no calibration; use long or short", param_hint="--duplex")
    if duplex not in ("long", "short"):
        raise typer.BadParameter(f"expected 'long' or 'short', not {duplex!r}", param_hint="--duplex")
    options = _refused_in_typers_words(buildoptions.build_overrides, None, None, paper, None, duplex, back_offset,
                                       None, None)
    with Console(OutputFormat.text).guard(debug):
        from generator.i18n.languages import locale_of

        locale_of(lang)  # an unknown language is refused before anything is written
        write_atomic(out, calibration_pdf(paper, duplex, options.get("back_offset_mm") or (0.0, 0.0), lang))
        say(f"wrote {out}: print it double-sided at 100 %, flipping on the {duplex} edge")


def _listing_help(typer_app: typer.Typer) -> None:
    """Each command's entry in a `--help` listing: the first paragraph of its docstring on one
    line (typer prints a docstring's own line breaks there, so a listing wrapped twice)."""
    for command in typer_app.registered_commands:
        doc = inspect.getdoc(command.callback) or ""
        if command.short_help is None and doc:
            command.short_help = " ".join(doc.split("\n\n")[0].split())
    for group in typer_app.registered_groups:
        _listing_help(group.typer_instance)


_listing_help(app)


def main() -> None:
    """Console-script entry point. A termination signal (the terminal closed, `kill`) stops
    warkit as Ctrl-C does: what it staged is removed, one line says so."""
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _interrupt)
    try:
        code = app(standalone_mode=False, prog_name="warkit")
    except KeyboardInterrupt:
        ignore_interrupts()
        sys.stderr.write("warkit: interrupted\n")
        sys.exit(130)
    except Exception as exc:  # noqa: BLE001 - the command line's own refusals, on one line
        if not is_usage_error(exc):
            raise
        if type(exc).__name__ == "NoArgsIsHelpError":  # `warkit` alone: the help
            exc.show()
            sys.exit(0)
        sys.stderr.write(usage_line(exc) + "\n")
        sys.exit(2)
    sys.exit(code if isinstance(code, int) else 0)


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt
