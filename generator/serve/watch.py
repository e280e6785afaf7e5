"""The game folder watched (watchfiles): each batch of changed files, relative to the game
folder, goes to the session; the output folder, hidden and temporary files are left out."""

from __future__ import annotations

import threading
from pathlib import Path

_TEMPORARY = (".part", ".tmp", ".swp", ".swx", "~")


def relevant(game_dir: Path, out_dir: Path, path: Path) -> str | None:
    try:
        relative = path.resolve().relative_to(game_dir)
    except ValueError:
        return None
    if out_dir == game_dir or out_dir in path.resolve().parents:
        return None
    if any(part.startswith(".") for part in relative.parts) or path.name.endswith(_TEMPORARY):
        return None
    return relative.as_posix()


def watch(session, stop: threading.Event) -> threading.Thread:
    from watchfiles import watch as watch_files

    game_dir, out_dir = session.game_dir, session.out_dir

    def run():
        for batch in watch_files(game_dir, stop_event=stop, debounce=60, step=20, yield_on_timeout=False,
                                 raise_interrupt=False):
            names = {name for _, raw in batch if (name := relevant(game_dir, out_dir, Path(raw)))}
            if names:
                session.changed(names)

    thread = threading.Thread(target=run, name="warkit-watch", daemon=True)
    thread.start()
    return thread
