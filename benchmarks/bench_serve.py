"""warkit serve: from a one-cell edit of units.csv to the open page showing the new counters.

For each sample game (or the folders given): a copy served on a loopback port (the first
full build not timed), then N edits of one cell of the units table, each timed from the
file's write to (a) the server's event that the sheet showing the unit (counters.pdf, or
blocks.pdf for a block game) is rebuilt, (b) the page of that sheet the open page shows (the
one the edit changed) rendered as the page fetches it. The game is served in its own languages (print.languages), as `warkit serve`
does by default; the sheet is the first language's. The edited cell is the first number of
the factors of the unit halfway down the table (raised and lowered in turn), else that
unit's designation (a letter added and taken away), so every game has one. The load average of the machine is printed beside each game (the
machine may be shared). Prints a Markdown table.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_serve.py [N] [GAME ...]
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import yaml

from generator.serve.run import shutdown, start

DATA = Path(__file__).resolve().parent.parent / "data"
SHEETS = ("counters.pdf", "blocks.pdf")  # where an edited unit shows


def state(url: str) -> dict:
    with urllib.request.urlopen(url + "/api/state", timeout=30) as answer:
        return json.loads(answer.read())


def events(url: str, seen: list, stop: threading.Event) -> None:
    """Every `state` event with the time it arrived (as the page's EventSource gets them)."""
    with urllib.request.urlopen(url + "/events", timeout=600) as stream:
        for raw in stream:
            if stop.is_set():
                return
            if raw.startswith(b"data: "):
                seen.append((time.perf_counter(), json.loads(raw[6:])))


def read_rows(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))


def write_rows(path: Path, rows: list[list[str]]) -> None:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    path.write_text(out.getvalue(), encoding="utf-8")


def editable_cell(rows: list[list[str]]) -> tuple[int, int]:
    """(row, column) of the cell to edit: the first factor of the unit halfway down the table
    (of those with factors), else that unit's designation."""
    header = rows[0]
    middle = max(1, len(rows) // 2)
    if "factors" in header:
        column = header.index("factors")
        with_factors = [n for n, row in enumerate(rows[1:], start=1) if column < len(row) and re.search(r"\d", row[column])]
        if with_factors:
            return min(with_factors, key=lambda n: abs(n - middle)), column
    return middle, header.index("designation")


def edited(value: str, n: int) -> str:
    """The cell after the n-th edit: a number up and down in turn, else a letter added and removed."""
    match = re.search(r"\d+", value)
    if match and re.search(r"\d", value):
        number = int(match.group())
        new = number + 1 if n % 2 == 0 else max(0, number - 1)
        return value[:match.start()] + str(new) + value[match.end():]
    return value + "x" if n % 2 == 0 else value[:-1]


def one_game(game: Path, edits: int) -> dict:
    work = Path(tempfile.mkdtemp())
    game_dir = work / game.name
    shutil.copytree(game, game_dir)
    units = game_dir / (yaml.safe_load((game_dir / "game.yaml").read_text(encoding="utf-8")).get("units") or "units.csv")
    rows = read_rows(units)
    write_rows(units, rows)  # the table as csv writes it, before the server reads it
    row, column = editable_cell(rows)
    server, session, stop = start(game_dir, work / "out", "127.0.0.1", 0)  # the game's languages, as by default
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    loads = []
    try:
        session.wait_idle(600)
        seen: list = []
        listening = threading.Event()
        threading.Thread(target=events, args=(url, seen, listening), daemon=True).start()
        time.sleep(0.5)
        to_event, to_page, pages, languages = [], [], [], set()
        for n in range(edits):
            time.sleep(0.3)
            loads.append(os.getloadavg()[0])
            before = state(url)["version"]
            rows[row][column] = edited(rows[row][column], n)
            started = time.perf_counter()
            write_rows(units, rows)
            hit = None
            while hit is None:
                for arrived, snapshot in list(seen):
                    steps = [h for h in snapshot.get("history", []) if h["version"] > before]
                    sheet = next((f.split("/", 1) for h in steps for f in h["files"]
                                  if f.split("/", 1)[-1] in SHEETS), None)
                    if sheet:
                        hit = (arrived, snapshot, *sheet)
                        break
                time.sleep(0.005)
            to_event.append(hit[0] - started)
            arrived, snapshot, language, sheet = hit
            output = next(o for o in snapshot["outputs"][language] if o["path"] == sheet)
            pages.append(output["show"])
            languages.add(language)
            with urllib.request.urlopen(f"{url}/render/{language}/{sheet}/{output['show']}.png"
                                        f"?v={output['sha256'][:12]}", timeout=30) as answer:
                answer.read()
            to_page.append(time.perf_counter() - started)
            session.wait_idle(600)
            if not session.state.ok:
                raise SystemExit(f"{game.name}: the edit made the check fail: {session.state.summary}")
        listening.set()
        return {"game": game.name, "event": to_event, "page": to_page, "load": loads, "shown": pages,
                "languages": sorted(languages)}
    finally:
        shutdown(server, session, stop)
        shutil.rmtree(work, ignore_errors=True)


def main() -> None:
    edits = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    games = [Path(p) for p in sys.argv[2:]] or sorted(p.parent for p in DATA.glob("*/game.yaml"))
    print("| game | edits | edit → sheet event (median / max) | edit → sheet page rendered (median / max) "
          "| sheet, page shown | load average (1 min) |")
    print("|---|---|---|---|---|---|")
    for game in games:
        result = one_game(game, edits)
        event, page, load = result["event"], result["page"], result["load"]
        print(f"| {result['game']} | {edits} | {statistics.median(event):.2f} s / {max(event):.2f} s "
              f"| {statistics.median(page):.2f} s / {max(page):.2f} s "
              f"| {'/'.join(result['languages'])}, p. {','.join(map(str, sorted(set(result['shown']))))} "
              f"| {min(load):.1f}–{max(load):.1f} |",
              flush=True)


if __name__ == "__main__":
    main()
