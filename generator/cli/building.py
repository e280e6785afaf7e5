"""`warkit build` on the terminal: progress bars, the check report on failure, a summary.

Text mode shows one rich progress bar per language (on stderr) and ends with a one-line
summary; `--quiet` prints only problems; `--json` prints one JSON document on stdout (the
summary, or the check's report when the data has errors, or the error) and nothing else.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from generator.cli.output import Console, OutputFormat, echo, say
from generator.errors import CheckFailed, WarkitError

SHOWN_WARNINGS = 10


def run_build(console: Console, game_dir: Path, out: Path, overrides: dict, *, force: bool = False,
              jobs: int = 0) -> int:
    from generator.build.execution import default_jobs
    from generator.build.runner import build_game

    start = time.perf_counter()
    as_json = console.format is OutputFormat.json
    progress = None if (console.quiet or as_json) else RichProgress()
    try:
        result = build_game(game_dir, out, overrides, progress, force=force, jobs=jobs or default_jobs())
    except CheckFailed as failed:
        _stop(progress)
        console.report(failed.report)
        return failed.report.exit_code() or 1
    except WarkitError as error:
        _stop(progress)
        if as_json:
            echo(json.dumps({"ok": False, "error": str(error)}, indent=2, ensure_ascii=False))
            return 2
        raise
    except BaseException:
        _stop(progress)
        raise
    _stop(progress)
    seconds = time.perf_counter() - start
    if as_json:
        echo(json.dumps(_summary(result, out, seconds), indent=2, ensure_ascii=False))
        return 0
    for warning in result.warnings[:SHOWN_WARNINGS]:
        say(f"warning: {warning}", fg="yellow", err=True)
    if len(result.warnings) > SHOWN_WARNINGS:
        say(f"warning: … and {len(result.warnings) - SHOWN_WARNINGS} more untranslated string(s); "
                    f"`warkit i18n status {game_dir}` lists them (--json prints them all)", fg="yellow", err=True)
    if not console.quiet:
        say(summary_line(result, out, seconds))
        fills = fill_line(result)
        if fills:
            say(fills)
    return 0


def summary_line(result, out: Path, seconds: float) -> str:
    files = len(result.written) + len(result.unchanged)
    parts = [f"{len(result.written)} written", f"{len(result.unchanged)} unchanged"]
    if result.removed:
        parts.append(f"{len(result.removed)} stale removed")
    kit = ""
    if result.kit_pages:
        kit = ", kit.pdf " + ", ".join(f"{lang} {pages} p. on {result.kit_sheets.get(lang, pages)} sheet(s)"
                                       for lang, pages in result.kit_pages.items())
    folders = ", ".join(str(p) for p in result.folders.values())
    return f"built {files} file(s) ({', '.join(parts)}), {result.pages} page(s){kit} in {seconds:.2f} s -> {folders}"


def fill_line(result) -> str | None:
    """Each piece sheet's fill (the pieces' share of its usable area), file by file."""
    fills = next(iter(result.fills.values()), {})  # the same sheets in every language
    if not fills:
        return None
    return "sheet fill: " + "; ".join(f"{name} " + " ".join(f"{fill:.0%}" for fill in shares)
                                      for name, shares in fills.items())


def _summary(result, out: Path, seconds: float) -> dict:
    def relative(path: Path) -> str:
        try:
            return path.relative_to(out).as_posix()
        except ValueError:
            return str(path)

    return {
        "ok": True,
        "folders": {lang: str(path) for lang, path in result.folders.items()},
        "components": list(result.components),
        "files": {"written": len(result.written), "unchanged": len(result.unchanged), "removed": len(result.removed)},
        "pages": result.pages,
        "kit_pages": result.kit_pages,
        "kit_sheets": result.kit_sheets,
        "fills": {lang: {name: list(shares) for name, shares in files.items()} for lang, files in result.fills.items()},
        "seconds": round(seconds, 2),
        "warnings": result.warnings,
        "written": [relative(p) for p in result.written],
        "removed": [relative(p) for p in result.removed],
    }


class RichProgress:
    """One bar per language, advanced as each component (and the kit) is done.

    The display starts at `start`, which the build calls after forking its workers (a
    process must not fork while the display's refresh thread runs)."""

    def __init__(self) -> None:
        self._progress = None
        self._tasks: dict[str, int] = {}

    def start(self, steps: list[tuple[str, str]]) -> None:
        from rich.console import Console as RichConsole
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self._progress = Progress(TextColumn("{task.fields[language]:>6}"), BarColumn(), MofNCompleteColumn(),
                                  TextColumn("{task.description}"), TimeElapsedColumn(),
                                  console=RichConsole(stderr=True), transient=False)
        self._progress.start()
        for language in dict.fromkeys(lang for lang, _ in steps):
            total = sum(1 for lang, _ in steps if lang == language)
            self._tasks[language] = self._progress.add_task("", total=total, language=language)

    def advance(self, language: str, step: str) -> None:
        if self._progress is not None and language in self._tasks:
            self._progress.update(self._tasks[language], advance=1, description=step)

    def stop(self) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None


def _stop(progress: RichProgress | None) -> None:
    if progress is not None:
        progress.stop()
