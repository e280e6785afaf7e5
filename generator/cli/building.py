"""`warkit build` on the terminal: progress, the check report on failure, a summary."""

from __future__ import annotations

import time
from pathlib import Path

import typer

from generator.cli.output import Console
from generator.errors import CheckFailed


def run_build(console: Console, game_dir: Path, out: Path, overrides: dict) -> int:
    from generator.build.runner import build_game

    start = time.perf_counter()
    try:
        result = build_game(game_dir, out, overrides, progress=None if console.quiet else _progress)
    except CheckFailed as failed:
        console.report(failed.report)
        return failed.report.exit_code() or 1
    for warning in result.warnings:
        typer.secho(f"warning: {warning}", fg="yellow", err=True)
    if not console.quiet:
        seconds = time.perf_counter() - start
        print(
            f"built {len(result.written)} file(s), {len(result.unchanged)} unchanged, "
            f"{result.pages} page(s) in {seconds:.2f} s -> {out}"
        )
    return 0


def _progress(message: str) -> None:
    print(f"  {message}")
