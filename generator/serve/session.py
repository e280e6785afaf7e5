"""What `warkit serve` keeps between edits: the last check report, the outputs, and the
queue of changed files; rebuilds run one at a time on a worker thread.

A rebuild loads and checks the game once, then builds the components whose inputs changed
(`build/dependencies.py`) one after another, the one a designer looks at first, and tells
the listeners after each: the page updates as soon as the counters are drawn, while the
set-up charts are still being made. kit.pdf and index.html are made by a full build only
(on start when the manifest's input hashes differ from the files, or on request).
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from generator.build import dependencies as deps
from generator.build import manifest as mf
from generator.build.components import all_components
from generator.build.runner import build_checked
from generator.caches import build_caches
from generator.checking import load_and_check
from generator.errors import WarkitError


@dataclass
class State:
    version: int = 0
    building: str = ""  # what is being built now ("" when idle)
    ok: bool = True
    issues: list[dict] = field(default_factory=list)
    summary: str = ""
    error: str = ""  # a build that failed for another reason than the check
    last: dict = field(default_factory=dict)  # the last step: components, files, seconds
    history: list = field(default_factory=list)  # the recent steps, oldest first


class Session:
    def __init__(self, game_dir: Path, out_dir: Path, languages: tuple[str, ...] | None = None):
        self.game_dir = Path(game_dir).resolve()
        self.out_dir = Path(out_dir).resolve()
        self.languages = languages
        self.state = State()
        self.game = None
        self._changes: set[str] = set()
        self._full = False
        self._wake = threading.Condition()
        self._listeners: list = []
        self._lock = threading.Lock()
        self._stop = False
        self._thread: threading.Thread | None = None

    # -- what the server asks ------------------------------------------------------------

    @property
    def game_id(self) -> str:
        return self.game.spec.id if self.game is not None else self.game_dir.name

    def output_root(self) -> Path:
        return self.out_dir / self.game_id

    def snapshot(self) -> dict:
        with self._lock:
            state = self.state
            return {"version": state.version, "building": state.building, "ok": state.ok, "issues": list(state.issues),
                    "summary": state.summary, "error": state.error, "last": dict(state.last),
                    "history": list(state.history),
                    "game": self.game_id, "title": self.game.spec.title if self.game else self.game_dir.name,
                    "outputs": self._outputs()}

    def _outputs(self) -> dict[str, list[dict]]:
        """language -> the top-level files of its manifest (path, component, sha256, pages)."""
        out = {}
        root = self.output_root()
        for folder in sorted(p for p in root.iterdir() if p.is_dir()) if root.is_dir() else []:
            try:
                document = json.loads((folder / mf.NAME).read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            out[folder.name] = [{"path": o["path"], "component": o.get("component", ""), "sha256": o["sha256"],
                                 "pages": o.get("pages", 0)}
                                for o in document.get("outputs", []) if "/" not in o["path"]]
        return out

    def listen(self, callback) -> None:
        with self._lock:
            self._listeners.append(callback)

    def unlisten(self, callback) -> None:
        with self._lock:
            if callback in self._listeners:
                self._listeners.remove(callback)

    # -- what the watcher and the page ask --------------------------------------------------

    def changed(self, relative_paths: set[str]) -> None:
        with self._wake:
            self._changes |= relative_paths
            self._wake.notify()

    def rebuild_all(self) -> None:
        with self._wake:
            self._full = True
            self._wake.notify()

    def start(self) -> None:
        self._thread = threading.Thread(target=self._work, name="warkit-rebuild", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        with self._wake:
            self._stop = True
            self._wake.notify()

    def wait_idle(self, timeout: float) -> bool:
        """Until no change is queued and nothing is building (tests, benchmarks)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self._wake:
                idle = not self._changes and not self._full and not self.state.building
            if idle:
                return True
            time.sleep(0.02)
        return False

    # -- the worker ----------------------------------------------------------------------

    def initial(self) -> None:
        """On start: load and check; a full build unless the last build's manifest lists
        exactly today's input files (then only the components of changed inputs)."""
        loaded = self._check()
        if loaded is None:
            return
        changed = self._changed_since_manifest(loaded.game)
        if changed is None:
            self._full = True
        elif changed:
            self._changes |= changed

    def _changed_since_manifest(self, game) -> set[str] | None:
        languages = self.languages or tuple(game.spec.print.languages)
        changed: set[str] = set()
        for language in languages:
            try:
                document = json.loads((self.out_dir / game.spec.id / language / mf.NAME).read_text(encoding="utf-8"))
                recorded = {item["path"]: item["sha256"] for item in document["inputs"]}
                if document.get("options", {}).get("only"):
                    return None
            except (OSError, ValueError, KeyError, TypeError):
                return None
            current = {item["path"]: item["sha256"] for item in mf.input_hashes(game, language)}
            changed |= {path for path in set(recorded) | set(current) if recorded.get(path) != current.get(path)}
        return changed

    def _work(self) -> None:
        with build_caches():  # the session's: every rebuild reuses what the others drew
            self._work_until_stopped()

    def _work_until_stopped(self) -> None:
        while True:
            with self._wake:
                while not self._changes and not self._full and not self._stop:
                    self._wake.wait()
                if self._stop:
                    return
                changes, full = self._changes, self._full
                self._changes, self._full = set(), False
            try:
                self._rebuild(changes, full)
            except Exception as exc:  # the server keeps running; the page says what went wrong
                self._publish(error=f"{type(exc).__name__}: {exc}", building="")

    def _check(self):
        self._publish(building="checking")
        loaded = load_and_check(self.game_dir, None)
        report = loaded.report
        issues = [{"where": str(i.where), "severity": i.severity.value, "code": i.code, "message": i.message,
                   "text": i.format()} for i in report.sorted()]
        ok = loaded.game is not None and not report.failed()
        if loaded.game is not None:
            self.game = loaded.game
        summary = (f"{len(report.errors)} error(s), {len(report.warnings)} warning(s)" if not ok
                   else f"ok: no errors, {len(report.warnings)} warning(s)")
        self._publish(ok=ok, issues=issues, summary=summary, error="", building="" if not ok else "checking")
        return loaded if ok else None

    def _rebuild(self, changes: set[str], full: bool) -> None:
        started = time.monotonic()
        loaded = self._check()
        if loaded is None:
            self._publish(building="", last={"components": [], "files": [], "seconds": time.monotonic() - started})
            return
        game = loaded.game
        overrides = {"languages": self.languages}
        if full:
            self._publish(building="everything (full build)")
            result = build_checked(game, self.out_dir, overrides, force=False, jobs=1)
            self._done(["all"], result, started)
            return
        kinds = {deps.input_kind(game.spec, path) for path in changes}
        names = deps.affected([c.name for c in all_components()], kinds)
        for name in names:
            self._publish(building=name)
            try:
                result = build_checked(game, self.out_dir, {**overrides, "only": (name,)}, force=False, jobs=1)
            except WarkitError as exc:
                self._publish(error=f"{name}: {exc}")
                continue
            self._done([name], result, started)
        self._publish(building="")

    def _done(self, names: list[str], result, started: float) -> None:
        root = self.output_root()
        files = [p.relative_to(root).as_posix() for p in result.written if root in p.parents]
        files = [f for f in files if f.count("/") == 1][:100]  # the language folders' own files
        step = {"components": names, "files": files, "seconds": round(time.monotonic() - started, 3),
                "version": self.state.version + 1}
        self._publish(last=step, history=(self.state.history + [step])[-20:],
                      building="" if names == ["all"] else self.state.building)

    def _publish(self, **changes) -> None:
        with self._lock:
            for key, value in changes.items():
                setattr(self.state, key, value)
            self.state.version += 1
            listeners = list(self._listeners)
        snapshot = self.snapshot()
        for callback in listeners:
            callback(snapshot)
