"""The HTTP side of `warkit serve` (the standard library's ThreadingHTTPServer):

- `/` the live preview page; `/events` server-sent events (one `state` event per change);
- `/api/state` the check report and the outputs; `/api/map` a hex map for the paint mode;
  `POST /api/paint`, `POST /api/undo`, `POST /api/rebuild`;
- `/<lang>/<file>` a file of the output folder, nothing else (a path leading out of it, a
  hidden file or a symbolic link is refused); `/render/<lang>/<file>.pdf/<page>.png` a page
  rendered (pdfium), cached by the file's hash.
"""

from __future__ import annotations

import json
import mimetypes
import queue
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

from generator.errors import WarkitError
from generator.serve.page import page_html

MAX_BODY = 1_000_000
_TYPES = {".pdf": "application/pdf", ".svg": "image/svg+xml", ".png": "image/png", ".html": "text/html; charset=utf-8",
          ".json": "application/json", ".vmod": "application/zip", ".txt": "text/plain; charset=utf-8"}


def safe_output_path(root: Path, url_path: str) -> Path | None:
    """The file of the output folder a URL path names, or None: only regular files inside
    `root` (symbolic links followed must stay inside), no hidden parts, no '..'."""
    parts = [p for p in unquote(url_path).split("/") if p]
    if not parts or any(p in (".", "..") or p.startswith(".") or "\\" in p or "\x00" in p for p in parts):
        return None
    path = root.joinpath(*parts)
    try:
        resolved, base = path.resolve(), root.resolve()
    except OSError:
        return None
    if base not in resolved.parents or not resolved.is_file() or path.is_symlink():
        return None
    return resolved


class Handler(BaseHTTPRequestHandler):
    server_version = "warkit"
    session = None  # set by make_server
    painter = None
    renders = None

    def log_message(self, format, *args):  # quiet: the command prints what matters
        return

    # -- GET -----------------------------------------------------------------------------

    def do_GET(self):
        path = urlsplit(self.path).path
        try:
            if path == "/":
                return self._send(page_html(self.session.snapshot()).encode("utf-8"), "text/html; charset=utf-8")
            if path == "/events":
                return self._events()
            if path == "/api/state":
                return self._json(self.session.snapshot())
            if path == "/api/map":
                return self._json(self.painter.map_view())
            if path.startswith("/render/"):
                return self._render(path[len("/render/"):])
            file = safe_output_path(self.session.output_root(), path)
            if file is None:
                return self._error(HTTPStatus.NOT_FOUND, "not an output of this game")
            kind = _TYPES.get(file.suffix.lower()) or mimetypes.guess_type(file.name)[0] or "application/octet-stream"
            return self._send(file.read_bytes(), kind)
        except BrokenPipeError:
            return None

    def _events(self):
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        events: queue.Queue = queue.Queue()
        self.session.listen(events.put)
        try:
            self._event(self.session.snapshot())
            while not self.server.stopping.is_set():
                try:
                    self._event(events.get(timeout=15))
                except queue.Empty:
                    self.wfile.write(b": keep-alive\n\n")
                    self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass
        finally:
            self.session.unlisten(events.put)

    def _event(self, snapshot: dict) -> None:
        self.wfile.write(b"event: state\ndata: " + json.dumps(snapshot).encode("utf-8") + b"\n\n")
        self.wfile.flush()

    def _render(self, rest: str):
        head, _, page = rest.rpartition("/")
        file = safe_output_path(self.session.output_root(), head)
        if file is None or file.suffix != ".pdf" or not page.endswith(".png") or not page[:-4].isdigit():
            return self._error(HTTPStatus.NOT_FOUND, "not a page of an output PDF")
        data = self.renders.page_png(file, int(page[:-4]))
        if data is None:
            return self._error(HTTPStatus.NOT_FOUND, "no such page")
        return self._send(data, "image/png")

    # -- POST ----------------------------------------------------------------------------

    def do_POST(self):
        path = urlsplit(self.path).path
        if self.headers.get("Origin") not in (None, f"http://{self.headers.get('Host')}"):
            return self._error(HTTPStatus.FORBIDDEN, "requests from other sites are refused")
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            return self._error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "request too large")
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            return self._error(HTTPStatus.BAD_REQUEST, "expected JSON")
        try:
            if path == "/api/paint":
                return self._json(self.painter.paint(body.get("map"), body.get("terrain"), body.get("hexes")))
            if path == "/api/undo":
                return self._json(self.painter.undo())
            if path == "/api/rebuild":
                self.session.rebuild_all()
                return self._json({"ok": True})
        except WarkitError as exc:
            return self._json({"ok": False, "error": str(exc)}, HTTPStatus.CONFLICT)
        return self._error(HTTPStatus.NOT_FOUND, "unknown action")

    # -- answers -------------------------------------------------------------------------

    def _send(self, data: bytes, kind: str, status: HTTPStatus = HTTPStatus.OK):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.wfile.write(data)

    def _json(self, value, status: HTTPStatus = HTTPStatus.OK):
        return self._send(json.dumps(value).encode("utf-8"), "application/json", status)

    def _error(self, status: HTTPStatus, message: str):
        return self._send(message.encode("utf-8"), "text/plain; charset=utf-8", status)


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address, handler):
        self.stopping = threading.Event()
        super().__init__(address, handler)


def make_server(session, painter, renders, host: str = "127.0.0.1", port: int = 8000) -> Server:
    handler = type("BoundHandler", (Handler,), {"session": session, "painter": painter, "renders": renders})
    return Server((host, port), handler)
