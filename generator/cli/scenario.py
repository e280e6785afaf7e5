"""`warkit scenario generate|diff`: random legal deployments of free set-ups, and the
difference between two scenarios as a scenario of changes.

Exit codes: 0 done; 1 the game's data has errors, or no legal deployment exists (the message
names the constraint); 2 input that cannot be read, or a bad argument.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from generator.cli.output import Console, OutputFormat, say
from generator.errors import WarkitError

app = typer.Typer(
    help="Scenario tools: random legal deployments of free set-ups; differences as changes.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _load_clean(console: Console, game_dir: Path, scenario_ids: tuple[str, ...]):
    """The game, checked for the named scenarios; exits 1 (with the report) on errors."""
    from generator.checking import load_and_check, unknown_scenarios

    loaded = load_and_check(game_dir, scenario_ids)
    if loaded.game is None or loaded.report.failed():
        console.report(loaded.report)
        raise typer.Exit(loaded.report.exit_code(False))
    message = unknown_scenarios(loaded.game, scenario_ids)
    if message:
        raise WarkitError(message)
    return loaded.game


@app.command()
def generate(
    game_dir: Path = typer.Argument(..., help="The game folder (holding game.yaml)."),
    source: str = typer.Option(..., "--from", help="The scenario whose free deployment to fill."),
    seed: Optional[int] = typer.Option(None, "--seed", min=0, help="Random seed (default: a fresh one, printed)."),
    side: Optional[list[str]] = typer.Option(None, "--side", help="Deploy only this side (repeatable)."),
    out: Optional[Path] = typer.Option(None, "--out", help="The file to write (default: GAME/scenarios/<id>.yaml)."),
    force: bool = typer.Option(False, "--force", help="Replace the file if it exists."),
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks of unexpected errors."),
) -> None:
    """Write a new scenario: SOURCE with every free unit (and marker) placed at random where
    its deployment allows. The same seed gives the same file; `warkit check` passes on it."""
    from generator.checking import load_and_check
    from generator.scenarios import generate_file
    from generator.scenarios.feasibility import CannotDeploy

    console = Console(OutputFormat.text)
    with console.guard(debug):
        game = _load_clean(console, game_dir, (source,))
        try:
            made = generate_file(game, game_dir, source, seed, list(side) if side else None, out, force)
        except CannotDeploy as exc:
            say(f"warkit: no legal deployment of {source!r}: {exc}", fg="red", err=True)
            raise typer.Exit(1) from None
        say(f"wrote {made.path}: {made.placed} unit(s) and {made.markers} marker(s) placed for "
                   f"{', '.join(made.sides)} (seed {made.seed})")
        if made.path.resolve().parent == (Path(game_dir) / game.spec.scenarios).resolve():
            report = load_and_check(game_dir, (made.scenario.scenario_id,)).report
            console.report(report)
            raise typer.Exit(report.exit_code(False))


@app.command()
def diff(
    first: str = typer.Argument(..., help="A scenario file (or, with --game, a scenario id)."),
    second: str = typer.Argument(..., help="Another scenario of the same game."),
    game: Optional[Path] = typer.Option(None, "--game", help="The game folder, to name scenarios by id."),
    out: Optional[Path] = typer.Option(None, "--out", help="Write the difference to this file too."),
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks of unexpected errors."),
) -> None:
    """Print what turns FIRST into SECOND: a scenario that extends FIRST, with the keys that
    differ and the units added, removed and moved. Saved as a scenario file it gives SECOND."""
    from generator.build.writer import write_atomic
    from generator.scenarios.diff import diff as scenario_diff

    console = Console(OutputFormat.text)
    with console.guard(debug):
        game_dir_a, id_a = _locate(first, game)
        game_dir_b, id_b = _locate(second, game)
        if game_dir_a.resolve() != game_dir_b.resolve():
            raise WarkitError(f"{first} and {second} belong to different games ({game_dir_a}, {game_dir_b})")
        loaded = _load_clean(console, game_dir_a, ())
        a, b = (_scenario(loaded, game_dir_a, x, name) for x, name in ((id_a, first), (id_b, second)))
        result = scenario_diff(loaded, game_dir_a, a, b)
        typer.echo(result.text, nl=False)
        if out is not None:
            write_atomic(out, result.text.encode("utf-8"))


def _locate(name: str, game: Path | None) -> tuple[Path, str | Path]:
    """(game folder, scenario id or file) for a command-line scenario."""
    if game is not None and not name.endswith((".yaml", ".yml")):
        return game, name
    path = Path(name)
    if not path.is_file():
        raise WarkitError(f"{name}: no such scenario file" + ("" if game else " (give --game GAME_DIR to name "
                                                                              "scenarios by id)"))
    for folder in path.resolve().parents:
        if (folder / "game.yaml").is_file():
            return folder, path
    raise WarkitError(f"{name}: no game.yaml in any folder above it")


def _scenario(game, game_dir: Path, wanted, name: str):
    if isinstance(wanted, str):
        found = game.scenario_index.get(wanted)
    else:
        target = Path(wanted).resolve()
        found = next((s for s in game.scenarios
                      if (Path(game_dir).resolve().parent / s.where.file).resolve() == target), None)
    if found is None:
        raise WarkitError(f"{name}: not a scenario of {game_dir} (known: {', '.join(sorted(game.scenario_index))})")
    return found
