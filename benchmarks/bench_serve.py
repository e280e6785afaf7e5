"""warkit serve: from a one-cell edit of units.csv to the open page having the new counters.

For each sample game (or the folders given): a copy served on a loopback port (the first
full build not timed), then N edits of one factor cell of units.csv; each is timed from the
file's write to (a) the server's event that the counters are rebuilt, (b) the counters'
first page rendered as the page fetches it. Prints a Markdown table.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_serve.py [N] [GAME ...]
"""

from __future__ import annotations

import json
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from generator.serve.run import shutdown, start

DATA = Path(__file__).resolve().parent.parent / "data"


def state(url: str) -> dict:
    with urllib.request.urlopen(url + "/api/state", timeout=30) as answer:
        return json.loads(answer.read())


def events(url: str, seen: list, stop: threading.Event) -> None:
    """Every `state` event with the time it arrived (as the page's EventSource gets them)."""
    with urllib.request.urlopen(url + "/events", timeout=60) as stream:
        for raw in stream:
            if stop.is_set():
                return
            if raw.startswith(b"data: "):
                seen.append((time.perf_counter(), json.loads(raw[6:])))


def one_game(game: Path, edits: int) -> dict:
    work = Path(tempfile.mkdtemp())
    game_dir = work / game.name
    shutil.copytree(game, game_dir)
    server, session, stop = start(game_dir, work / "out", "127.0.0.1", 0, ("en",))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        session.wait_idle(600)
        seen: list = []
        listening = threading.Event()
        threading.Thread(target=events, args=(url, seen, listening), daemon=True).start()
        time.sleep(0.5)
        units = game_dir / "units.csv"
        to_event, to_page = [], []
        for n in range(edits):
            text = units.read_text(encoding="utf-8")
            match = re.search(r"(?m)^[^,\n]+,[^\n]*?,(\d+)-", text.split("\n", 1)[1])
            line_start = len(text.split("\n", 1)[0]) + 1
            at = line_start + match.start(1)
            number = int(match.group(1))
            before = state(url)["version"]
            started = time.perf_counter()
            units.write_text(text[:at] + str(number + 1 if n % 2 == 0 else number - 1) + text[at + len(match.group(1)):],
                             encoding="utf-8")
            while True:
                hit = next(((t, s) for t, s in seen if s["version"] > before and
                            any(h["components"] == ["counters"] and h["version"] > before for h in s.get("history", []))),
                           None)
                if hit:
                    break
                time.sleep(0.005)
            to_event.append(hit[0] - started)
            sha = next(o["sha256"] for o in hit[1]["outputs"]["en"] if o["path"] == "counters.pdf")
            with urllib.request.urlopen(f"{url}/render/en/counters.pdf/1.png?v={sha[:12]}", timeout=30) as answer:
                answer.read()
            to_page.append(time.perf_counter() - started)
            session.wait_idle(600)
        listening.set()
        return {"game": game.name, "event": to_event, "page": to_page}
    finally:
        shutdown(server, session, stop)
        shutil.rmtree(work, ignore_errors=True)


def main() -> None:
    edits = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    games = [Path(p) for p in sys.argv[2:]] or sorted(p.parent for p in DATA.glob("*/game.yaml"))
    print("| game | edits | edit → counters event (median / max) | edit → counters page rendered (median / max) |")
    print("|---|---|---|---|")
    for game in games:
        result = one_game(game, edits)
        event, page = result["event"], result["page"]
        print(f"| {result['game']} | {edits} | {statistics.median(event):.2f} s / {max(event):.2f} s "
              f"| {statistics.median(page):.2f} s / {max(page):.2f} s |", flush=True)


if __name__ == "__main__":
    main()
