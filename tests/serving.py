"""A `warkit serve` running on a copy of a game for the tests: started on a free loopback
port, stopped at the end; helpers to wait for a rebuild."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from contextlib import contextmanager

from generator.serve.run import shutdown, start


@contextmanager
def serving(game_dir, out_dir, languages=("en",)):
    server, session, stop = start(game_dir, out_dir, "127.0.0.1", 0, languages)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        assert session.wait_idle(120)
        yield f"http://127.0.0.1:{server.server_address[1]}", session
    finally:
        shutdown(server, session, stop)


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def post(url: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def wait_for(predicate, timeout: float = 60.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out")
