"""A real headless Chromium for the tests, driven through chromedriver's WebDriver HTTP API
(standard library only: urllib and json).

`chromium()` finds Chromium and chromedriver; when they are missing it tries once to install
the Debian packages `chromium` and `chromium-driver` non-interactively (as root, or with
`sudo -n`), so `make test` on a fresh machine runs the browser tests. When that is not
possible it returns the reason, and the tests skip with it.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

PACKAGES = ("chromium", "chromium-driver")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                 "--window-size=1280,900"]  # fmt: skip
INSTALL_TIMEOUT_S = 900


@dataclass(frozen=True)
class Chromium:
    browser: str
    driver: str


def chromium() -> Chromium | str:
    """The installed Chromium and chromedriver, or why there are none."""
    found = _find()
    if found:
        return found
    # test workers (pytest-xdist) install one at a time: the others wait, then find it installed
    with open(Path(tempfile.gettempdir()) / "warkit-chromium-install.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        found = _find()
        if found:
            return found
        reason = _install()
    return _find() or f"Chromium is not installed and could not be installed: {reason}"


def _find() -> Chromium | None:
    browser = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None)
    driver = shutil.which("chromedriver")
    return Chromium(browser, driver) if browser and driver else None


def _install() -> str:
    if not shutil.which("apt-get"):
        return "no apt-get on this machine (install chromium and chromedriver by hand)"
    prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
    if prefix and not shutil.which("sudo"):
        return "not root and no sudo"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = [*prefix, "apt-get", "install", "-y", "--no-install-recommends", *PACKAGES]
    try:
        done = subprocess.run(install, env=env, capture_output=True, text=True, timeout=INSTALL_TIMEOUT_S)
        if done.returncode != 0:  # a fresh machine may have no package lists yet
            subprocess.run([*prefix, "apt-get", "update"], env=env, capture_output=True, timeout=INSTALL_TIMEOUT_S)
            done = subprocess.run(install, env=env, capture_output=True, text=True, timeout=INSTALL_TIMEOUT_S)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"{' '.join(install)}: {exc}"
    if done.returncode != 0:
        last = (done.stderr or done.stdout).strip().splitlines()[-1:] or [""]
        return f"{' '.join(install)} failed: {last[0]}"
    return ""


class Browser:
    """One chromedriver and one Chromium session; use as a context manager."""

    def __init__(self, found: Chromium):
        self.found = found
        self.port = _free_port()
        self.profile = tempfile.mkdtemp(prefix="warkit-chromium-")
        self.driver: subprocess.Popen | None = None
        self.session = ""

    def __enter__(self) -> Browser:
        self.driver = subprocess.Popen([self.found.driver, f"--port={self.port}"], stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
        self._wait_ready()
        capabilities = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": self.found.browser, "args": [*CHROMIUM_ARGS, f"--user-data-dir={self.profile}"]},
            "goog:loggingPrefs": {"browser": "ALL"},
        }}}  # fmt: skip
        self.session = self._call("POST", "/session", capabilities)["sessionId"]
        return self

    def __exit__(self, *exc) -> None:
        try:
            if self.session:
                self._call("DELETE", f"/session/{self.session}")
        except OSError:
            pass
        if self.driver is not None:
            self.driver.terminate()
            try:
                self.driver.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.driver.kill()
        shutil.rmtree(self.profile, ignore_errors=True)

    def open(self, url: str) -> None:
        self._call("POST", f"/session/{self.session}/url", {"url": url})

    def run(self, script: str, *args):
        """Run `script` (a function body) in the page; its return value."""
        return self._call("POST", f"/session/{self.session}/execute/sync", {"script": script, "args": list(args)})

    def run_async(self, script: str, *args):
        """Run `script`; it must call `arguments[arguments.length - 1](value)` when done."""
        return self._call("POST", f"/session/{self.session}/execute/async", {"script": script, "args": list(args)})

    def console(self) -> list[dict]:
        """Console messages and page errors since the last call: [{level, message}]."""
        return self._call("POST", f"/session/{self.session}/se/log", {"type": "browser"})

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if self._call("GET", "/status").get("ready"):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("chromedriver did not start")

    def _call(self, method: str, path: str, body: dict | None = None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read() or b"{}").get("value")
        except urllib.error.HTTPError as error:
            raise RuntimeError(f"WebDriver {method} {path}: {error.read().decode(errors='replace')}") from None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def file_url(path: Path) -> str:
    return path.resolve().as_uri()
