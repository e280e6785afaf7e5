"""What `warkit serve` keeps between edits: the last check report, the outputs, and the
queue of changed files; rebuilds run one at a time on a worker thread.

A rebuild reads again only the tables of the kinds of input that changed (`io/inputs.py`),
keeping the rest of the last load; runs again only the checks reading them, keeping the
other checks' issues (`validation/registry.py`); then builds the components reading them
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
from generator.checking import bulk
from generator.errors import WarkitError
from generator.io.inputs import ALL, input_kind
from generator.io.loader import load_game
from generator.validation.registry import find, reported
from generator.validation.report import Report


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
    def __init__(self, game_dir: Path, out_dir: Path, languages: tuple[str, ...] | None = None, prepare=None):
        self.game_dir = Path(game_dir).resolve()
        # Called with the PDFs a step wrote, before the page hears of them: the server renders
        # the pages the page will ask for while nothing else is running, and says which page
        # of each to show ({path: page}).
        self.prepare = prepare
        self._show: dict[str, int] = {}  # "<lang>/<file>.pdf" -> the page to show
        self.out_dir = Path(out_dir).resolve()
        self.languages = languages
        self.state = State()
        self.game = None
        self._loaded = None  # the last load, and what each check found in it: reused by the next
        self._found = None
        self._unbuilt: set[str] = set()  # kinds edited while the check failed
        self._full_unbuilt = False  # a full build asked for while the check failed
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
        order = {language: n for n, language in enumerate(self._languages(self.game))} if self.game else {}
        folders = sorted((p for p in root.iterdir() if p.is_dir()) if root.is_dir() else [],
                         key=lambda p: (order.get(p.name, len(order)), p.name))
        for folder in folders:  # the game's languages first, in its order: the page shows the first
            try:
                document = json.loads((folder / mf.NAME).read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            out[folder.name] = [{"path": o["path"], "component": o.get("component", ""), "sha256": o["sha256"],
                                 "pages": o.get("pages", 0), "show": self._show.get(f"{folder.name}/{o['path']}", 1)}
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
        game = self._check(ALL)
        if game is None:
            self._full_unbuilt = True  # a full build once the check passes
            return
        changed = self._changed_since_manifest(game)
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
        if not self._full and not self._full_unbuilt:
            self._prepare_existing()
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

    def _kinds(self, changes: set[str], full: bool) -> frozenset[str]:
        """The kinds of input the changed files are (every kind without a usable last load);
        none for files the game does not read (`unread_by`)."""
        previous = self._loaded.game if self._loaded is not None else None
        if full or previous is None or self._found is None:
            return ALL
        return frozenset(input_kind(previous.spec, path) for path in changes
                         if not unread_by(self._loaded, path))

    def _check(self, kinds: frozenset[str]):
        """Load and check again what an edit of the `kinds` can affect, keeping the rest of the
        last load and the issues of the checks not reading them; the loaded game, or None
        when it has errors."""
        self._publish(building="checking")
        again = kinds != ALL
        with bulk():
            loaded = load_game(self.game_dir, self._loaded if again else None, kinds)
            found = find(loaded.game, None, self._found if again else None, kinds) if loaded.game is not None else None
        self._loaded, self._found = loaded, found
        report = Report(list(loaded.report.issues), loaded.report.unreadable)
        report.extend(reported(found, loaded.game) if found is not None else ())
        issues = [{"where": str(i.where), "severity": i.severity.value, "code": i.code, "message": i.message,
                   "text": i.format()} for i in report.sorted()]
        ok = loaded.game is not None and not report.failed()
        if loaded.game is not None:
            self.game = loaded.game
        summary = (f"{len(report.errors)} error(s), {len(report.warnings)} warning(s)" if not ok
                   else f"ok: no errors, {len(report.warnings)} warning(s)")
        self._publish(ok=ok, issues=issues, summary=summary, error="", building="" if not ok else "checking")
        return loaded.game if ok else None

    def _rebuild(self, changes: set[str], full: bool) -> None:
        started = time.monotonic()
        before = self._loaded.game if self._loaded is not None else None
        kinds = self._kinds(changes, full)
        if not kinds and not full:  # notes, scripts, a README: nothing the kit is made from
            self._publish(last={"components": [], "files": [], "seconds": 0.0, "unread": sorted(changes)})
            return
        game = self._check(kinds)
        if game is None:  # what the edits would change is built once the check passes again
            self._unbuilt |= kinds
            self._full_unbuilt |= full
            self._publish(building="", last={"components": [], "files": [], "seconds": time.monotonic() - started})
            return
        kinds, full = kinds | self._unbuilt, full or self._full_unbuilt
        self._unbuilt, self._full_unbuilt = set(), False
        overrides = {"languages": self.languages}
        if full:
            self._publish(building="everything (full build)")
            result = build_checked(game, self.out_dir, overrides, force=False, jobs=1)
            self._done(["all"], result, started)
            return
        names = deps.affected([c.name for c in all_components()], kinds, deps.showing_edited_units(before, game))
        for name in names:  # each language on its own: the page shows the first while the next is made
            for language in self._languages(game):
                self._publish(building=f"{name} ({language})")
                try:
                    result = build_checked(game, self.out_dir, {"languages": (language,), "only": (name,)},
                                           force=False, jobs=1)
                except WarkitError as exc:
                    self._publish(error=f"{name}: {exc}")
                    break
                self._done([name], result, started, language)
        self._publish(building="")

    def _languages(self, game) -> tuple[str, ...]:
        return tuple(self.languages or game.spec.print.languages)

    def _done(self, names: list[str], result, started: float, language: str | None = None) -> None:
        root = self.output_root()
        shown = [p for p in result.written if root in p.parents and len(p.relative_to(root).parts) == 2]
        self._prepare([p for p in shown if p.suffix == ".pdf"])  # the language folders' own PDFs: the page shows them
        files = [p.relative_to(root).as_posix() for p in shown][:100]
        step = {"components": names, "files": files, "seconds": round(time.monotonic() - started, 3),
                "version": self.state.version + 1, "language": language or ""}
        self._publish(last=step, history=(self.state.history + [step])[-20:],
                      building="" if names == ["all"] else self.state.building)

    def _prepare(self, pdfs: list[Path]) -> None:
        if self.prepare is None:
            return
        root = self.output_root()
        for path, page in self.prepare(pdfs).items():
            self._show[path.relative_to(root).as_posix()] = page

    def _prepare_existing(self) -> None:
        """The PDFs already in the output folders (a server started on a built kit): their
        first pages rendered and their text noted, so the first edit shows what it changed."""
        root = self.output_root()
        self._prepare(sorted(p for p in root.glob("*/*.pdf") if p.is_file()) if root.is_dir() else [])

    def _publish(self, **changes) -> None:
        with self._lock:
            for key, value in changes.items():
                setattr(self.state, key, value)
            self.state.version += 1
            listeners = list(self._listeners)
        snapshot = self.snapshot()
        for callback in listeners:
            callback(snapshot)


def unread_by(loaded, relative: str) -> bool:
    """Whether a changed file is one the game does not read: after a load that reported no
    error, a file it did not read and that no folder of inputs holds (the scenarios, the
    catalogs, the templates) cannot change the kit: a README, notes, a script. A load with
    errors may lack a file that has just appeared, so then every file counts; so do files
    named like a licence, which the game's fonts need beside them."""
    from generator.io.fonts import LICENCE_PREFIXES
    from generator.io.inputs import SPEC

    game = loaded.game
    if game is None or loaded.report.failed() or loaded.report.unreadable:
        return False
    name = relative.rsplit("/", 1)[-1].lower()
    if relative == "game.yaml" or name.startswith(LICENCE_PREFIXES):
        return False
    folder = game.spec_file.split("/")[0]
    read = {path.split("/", 1)[1] for path in game.input_files if "/" in path and path.split("/", 1)[0] == folder}
    return relative not in read and input_kind(game.spec, relative) == SPEC
