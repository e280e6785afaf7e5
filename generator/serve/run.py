"""`warkit serve` put together: session, watcher, server; until interrupted."""

from __future__ import annotations

import threading
from pathlib import Path

from generator.errors import WarkitError
from generator.maptools.paint import Painter
from generator.serve.renders import Renders
from generator.serve.server import make_server
from generator.serve.session import Session
from generator.serve.watch import watch


def start(game_dir: Path, out_dir: Path, host: str = "127.0.0.1", port: int = 0,
          languages: tuple[str, ...] | None = None):
    """A running server: (server, session, stop event). The caller serves or shuts down."""
    if not (Path(game_dir) / "game.yaml").is_file():
        raise WarkitError(f"{game_dir}: no game.yaml (expected a game folder)")
    renders = Renders()
    session = Session(game_dir, out_dir, languages, prepare=renders.prepare)
    session.initial()
    session.start()
    try:
        server = make_server(session, Painter(session), renders, host, port)
    except OSError as exc:
        session.stop()
        raise WarkitError(f"cannot listen on {host}:{port} ({exc.strerror or exc})") from None
    stop = threading.Event()
    watch(session, stop)
    return server, session, stop


def shutdown(server, session, stop: threading.Event) -> None:
    stop.set()
    server.stopping.set()
    server.shutdown()
    server.server_close()
    session.stop()


def serve_game(game_dir: Path, out_dir: Path, host: str, port: int, languages, echo) -> None:
    server, session, stop = start(game_dir, out_dir, host, port, languages)
    address = f"http://{host}:{server.server_address[1]}/"
    echo(f"serving {session.game_id} at {address} (outputs in {session.output_root()}); Ctrl-C stops")
    if host not in ("127.0.0.1", "localhost", "::1"):
        echo("warning: other computers on the network can reach this preview and paint the map")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        thread.join()
    except KeyboardInterrupt:
        pass
    finally:
        shutdown(server, session, stop)
