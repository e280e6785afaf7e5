"""`warkit map to-text|from-text|trace`: a hex map as text and back, and terrain traced from
a picture of a map.

Exit codes: 0 done; 1 the data or the text map has errors (listed as file:line:col);
2 input that cannot be read, or a bad argument.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from generator.cli.output import Console, OutputFormat, say

app = typer.Typer(
    help="Map tools: a hex map as a text map and back; terrain traced from a registered picture.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _load(console: Console, game_dir: Path, map_id: str | None):
    """The game and the hex map; exits with the report when the map's own files have errors
    (a table row that could not be read would be missing from what is written)."""
    from generator.io.loader import load_game
    from generator.maptools.text import hex_map

    loaded = load_game(game_dir)
    if loaded.game is None:
        console.report(loaded.report)
        raise typer.Exit(loaded.report.exit_code(False))
    map_spec = hex_map(loaded.game, map_id)
    files = {f"{loaded.game.spec_file.split('/')[0]}/{path}" for path in (map_spec.hexes, map_spec.hexsides, map_spec.text) if path}
    mine = [issue for issue in loaded.report.errors if issue.where.file in files]
    if mine:
        for issue in mine:
            typer.secho(issue.format(), fg="red", err=True)
        say(f"{len(mine)} error(s) in the map's files: fix them first", err=True)
        raise typer.Exit(2 if loaded.report.unreadable else 1)
    return loaded.game, map_spec


@app.command("to-text")
def to_text_command(
    game_dir: Path = typer.Argument(..., help="The game folder (holding game.yaml)."),
    map_id: Optional[str] = typer.Option(None, "--map", help="The hex map (default: the first)."),
    out: Optional[Path] = typer.Option(None, "--out", help="The text map to write (default: print it)."),
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks of unexpected errors."),
) -> None:
    """Write a hex map as a text map: one line of terrain symbols per hex row, a legend, and
    the names, features, VP and hexsides as tables. `from-text` gives the same map back."""
    from generator.build.writer import write_atomic
    from generator.maptools.symbols import own_symbols
    from generator.maptools.text import to_text

    console = Console(OutputFormat.text)
    with console.guard(debug):
        game, map_spec = _load(console, game_dir, map_id)
        text = to_text(game, map_spec, own_symbols(game, map_spec))
        if out is None:
            typer.echo(text, nl=False)
            return
        write_atomic(out, text.encode("utf-8"))
        count = sum(1 for h in game.hexes if h.map_id == map_spec.id)
        say(f"wrote {out}: map {map_spec.id!r}, {count} hexes", err=True)
        hint = keep_as_text_hint(game_dir, map_spec, out)
        if hint:
            say(hint, err=True)


def keep_as_text_hint(game_dir: Path, map_spec, out: Path) -> str:
    """What to change in game.yaml for the game to read the text map just written (nothing
    when it already does)."""
    try:
        relative = out.resolve().relative_to(Path(game_dir).resolve()).as_posix()
    except ValueError:
        return (f"to keep map {map_spec.id!r} as text, move the file into the game folder and name it in game.yaml "
                "(`text:` in place of `hexes:` and `hexsides:`, docs/data-format.md section 4c)")
    if map_spec.text == relative:
        return ""
    drop = " and ".join(f"`{key}: {value}`" for key, value in (("hexes", map_spec.hexes), ("hexsides", map_spec.hexsides),
                                                               ("text", map_spec.text)) if value)
    return (f"to keep map {map_spec.id!r} as this text, put `text: {relative}` in its entry in game.yaml"
            + (f" in place of {drop}" if drop else "") + " (docs/data-format.md section 4c)")


@app.command("from-text")
def from_text_command(
    game_dir: Path = typer.Argument(..., help="The game folder (holding game.yaml)."),
    text_file: Path = typer.Argument(..., help="The text map to read."),
    map_id: Optional[str] = typer.Option(None, "--map", help="The hex map it draws (default: the first)."),
    hexes: Optional[str] = typer.Option(None, "--hexes", help="The hexes table to write, in the game folder "
                                                                "(default: the map's 'hexes', else map/<map>-hexes.csv)."),
    hexsides: Optional[str] = typer.Option(None, "--hexsides", help="The hexsides table to write (default: the "
                                                                      "map's 'hexsides', else map/<map>-hexsides.csv)."),
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks of unexpected errors."),
) -> None:
    """Write a text map's hexes and hexsides as the map's tables (hexes.csv, hexsides.csv).
    Nothing is written when the text map has an error."""
    from generator.maptools.convert import tables_from_text

    console = Console(OutputFormat.text)
    with console.guard(debug):
        written, report = tables_from_text(game_dir, text_file, map_id, hexes, hexsides)
        if report.failed():
            console.report(report)
            raise typer.Exit(report.exit_code(False))
        for path, count, what in written:
            say(f"wrote {path}: {count} {what}")
        hint = read_tables_hint(game_dir, map_id, written)
        if hint:
            say(hint)


def read_tables_hint(game_dir: Path, map_id: str | None, written) -> str:
    """What to change in game.yaml for the game to read the tables just written, when it
    reads the map from elsewhere (its text map, other tables)."""
    from generator.io.loader import load_game
    from generator.maptools.text import hex_map

    loaded = load_game(game_dir)
    if loaded.game is None:
        return ""
    map_spec = hex_map(loaded.game, map_id)
    root = Path(game_dir).resolve()
    names = {what: path.resolve().relative_to(root).as_posix() for path, _, what in written}
    if map_spec.text is None and map_spec.hexes == names.get("hexes") \
            and names.get("hexsides") in (None, map_spec.hexsides):
        return ""
    wanted = " and ".join(f"`{what}: {name}`" for what, name in names.items())
    now = f"from {map_spec.text} (`text:`)" if map_spec.text else f"from {map_spec.hexes}"
    return (f"game.yaml still reads map {map_spec.id!r} {now}: to read the tables instead, put {wanted} in its "
            "entry" + (" in place of `text:`" if map_spec.text else ""))


@app.command("trace")
def trace_command(
    game_dir: Path = typer.Argument(..., help="The game folder (holding game.yaml)."),
    image: Path = typer.Option(..., "--image", help="The painted or scanned map (PNG or JPEG)."),
    register: str = typer.Option(..., "--register", help="Where the hex grid lies on the picture: three or four "
                                 "'HEX=X,Y' points (pixels of hex centres; a fourth shows whether they agree), e.g. "
                                 "'0101=112,130 3001=2410,168 0130=95,2760', "
                                 "or 'origin=X,Y size=PX rotation=DEG' (the first hex's centre, a hex's height "
                                 "across flats in pixels)."),
    colours: Optional[Path] = typer.Option(None, "--colours", help="A YAML file: terrain id -> colour or list "
                                           "of colours ('#RRGGBB') seen on the picture (default: warkit's own "
                                           "terrain colours)."),
    map_id: Optional[str] = typer.Option(None, "--map", help="The hex map (default: the first)."),
    out: Path = typer.Option(Path("traced.txt"), "--out", help="The text map to write."),
    overlay: Optional[Path] = typer.Option(None, "--overlay", help="A PNG of the picture with each hex's "
                                           "terrain and the doubtful hexes marked (default: beside --out)."),
    threshold: float = typer.Option(0.6, "--threshold", min=0, max=1, help="Hexes below this confidence are listed."),
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks of unexpected errors."),
) -> None:
    """Read each hex's terrain off a picture of the map: the colours near the hex's centre are
    matched against the colour legend; writes a text map (with each hex's confidence as a
    comment), lists the doubtful hexes and marks them on an overlay PNG."""
    from generator.maptools.trace import trace_command as run

    console = Console(OutputFormat.text)
    with console.guard(debug):
        game, map_spec = _load(console, game_dir, map_id)
        result = run(game, map_spec, image, register, colours, out, overlay or out.with_suffix(".overlay.png"), threshold)
        for line in result.lines():
            typer.echo(line)
        if map_spec.text:
            typer.echo(f"next: look over the doubtful hexes, then copy {out} over {game_dir.name}/{map_spec.text} "
                       "(the map's text map) or merge the lines you want")
        else:
            typer.echo(f"next: look over the doubtful hexes, then `warkit map from-text {game_dir} {out}"
                       f"{'' if map_id is None else ' --map ' + map_id}` writes it as the map's tables "
                       "(or name it as the map's `text:` in game.yaml)")

