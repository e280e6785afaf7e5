"""Running the build's independent work — each component in every language, then each
language's kit — in this process or on every core.

With `jobs` > 1 the work goes to worker processes forked after the game is loaded and the
fonts registered, so a worker starts with everything in memory and receives only names. A
component runs all its languages in one worker, so what does not depend on the language
(most counter images) is drawn once. Each worker stages its own files (temporary names
beside their targets, see writer.py) and sends back only what the build must know: names,
sizes, hashes, and the PDFs the kit merges. Results come back in any order, but the caller
files them by (language, component), so the output does not depend on who finished first.
Where fork does not exist (Windows) the work runs here, one piece after the other.
"""

from __future__ import annotations

import gc
import os
import signal
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from generator.build.components import COMPONENTS, BuildContext, OutputFile
from generator.build.writer import Staged, output_path, stage
from generator.errors import WarkitError

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor


@dataclass(frozen=True)
class StagedOutput:
    """One output of a step, staged: where it went and what the kit and manifest need."""

    staged: Staged
    output: OutputFile  # with `data` emptied unless the kit merges it


@dataclass(frozen=True)
class Result:
    """What one component (or the kit) made in one language."""

    language: str
    step: str  # the component's name, or "kit"
    outputs: list[StagedOutput]
    warnings: list[str]
    printed: Counter = field(default_factory=Counter)  # the strings it asked for (parity.py)


Done = Callable[[Result], None]
Finished = Callable[[str, str], None]  # (language, step) is done: for progress bars

_SHARED: dict = {}  # set before the workers fork: game, options, and the progress queue


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def language_folder(options, game, language: str) -> Path:
    return options.out_dir / game.spec.id / language


class Runner:
    """Runs component and kit steps and hands each Result to `done` as it arrives."""

    def __init__(self, game, options, jobs: int, token: str) -> None:
        self.game, self.options, self.token = game, options, token
        # multiprocessing and the pool are loaded only by a build that forks (≈ 10 ms of imports)
        self.jobs = jobs if jobs > 1 and _can_fork() else 1
        self._pool: ProcessPoolExecutor | None = None
        self._queue = None

    def __enter__(self) -> Runner:
        if self.jobs > 1:
            from generator.fonts.faces import register_fonts
            from generator.render.pictures import read_svg_pictures

            register_fonts()  # once, here: every worker inherits the parsed fonts
            read_svg_pictures(self.game)  # and svglib's reading of the game's SVG pictures
            _prepare_for_workers(self.options)  # and what each worker would import and cut again
        self._collector = _collect_for_build()
        if self.jobs > 1:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor, wait

            context = multiprocessing.get_context("fork")
            self._queue = context.SimpleQueue()
            _SHARED.update(game=self.game, options=self.options, queue=self._queue, token=self.token)
            self._pool = ProcessPoolExecutor(max_workers=self.jobs, mp_context=context, initializer=_worker_start,
                                             initargs=(os.getpid(),))
            # Fork every worker now, before the caller starts threads (progress display). The
            # workers are forked with Ctrl-C held back (a worker forked but not yet in
            # _worker_start would die of it with a traceback of its own); the parent's Ctrl-C
            # comes through once they are forked.
            held = _hold_interrupts()
            try:
                ready = [self._pool.submit(_ready) for _ in range(self.jobs)]  # forks them all (fork context)
            finally:
                _release_interrupts(held)
            wait(ready)
        return self

    def __exit__(self, kind, value, trace) -> None:
        if self._pool is not None:
            if kind is not None:  # a failure or Ctrl-C: what the workers still do is wasted
                for process in list(getattr(self._pool, "_processes", {}).values()):
                    process.terminate()
            self._pool.shutdown(wait=True, cancel_futures=True)
        _restore_collector(self._collector)
        _SHARED.clear()

    def run(self, names: list[str], languages: tuple[str, ...], kit_input: Callable[[str], list] | None,
            done: Done, finished: Finished) -> None:
        """Every component in every language, then (with `kit_input`) each language's kit,
        which starts as soon as that language's components are done."""
        if self._pool is None:
            for language in languages:  # one context per language: its translator is shared
                context = BuildContext(self.game, self.options, language)
                for name in names:
                    done(_staged_result(context, name, COMPONENTS[name].build(context), self.token))
                    finished(language, name)
            for language in languages if kit_input else ():
                done(_kit(self.game, self.options, language, kit_input(language), self.token))
                finished(language, "kit")
            return
        tasks = _tasks(names, languages)
        left = {language: sum(language in langs for _, langs in tasks) for language in languages}

        def then(langs: tuple[str, ...]) -> list[Future]:
            """A finished component task may complete a language: its kit can start."""
            started = []
            for language in langs:
                left[language] -= 1
                if left[language] == 0 and kit_input:
                    started.append(self._pool.submit(_kit_task, language, kit_input(language)))
            return started

        futures = {self._pool.submit(_component_task, group, langs): langs for group, langs in tasks}
        self._gather(futures, done, finished, then)

    def _gather(self, futures: dict[Future, tuple], done: Done, finished: Finished, then) -> None:
        """Hand every result to `done` (and start what `then` starts); after a failure, remove
        what the others staged and raise it once every worker is idle."""
        from concurrent.futures import FIRST_COMPLETED, wait

        pending = set(futures)
        failure: BaseException | _Failure | None = None
        while pending:
            ready, pending = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            self._drain(finished)
            for future in ready:
                outcome = future.result()
                if isinstance(outcome, _Failure) or failure is not None:
                    failure = failure or outcome
                    _unstage([] if isinstance(outcome, _Failure) else outcome)
                    continue
                for index, result in enumerate(outcome):
                    try:
                        done(result)
                    except BaseException as exc:  # noqa: BLE001 - raised below, after cleaning up
                        failure = exc
                        _unstage(outcome[index:])
                        break
                else:
                    if future in futures:
                        pending.update(then(futures[future]))
        self._drain(finished)
        if isinstance(failure, _Failure):
            failure.raise_()
        if failure is not None:
            raise failure

    def _drain(self, finished: Finished) -> None:
        while not self._queue.empty():
            finished(*self._queue.get())


def _can_fork() -> bool:
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()


def _ready() -> None:
    return None


# The collector's first threshold while a build runs: drawings allocate hundreds of thousands
# of small objects that live until their document is written, and at Python's default (700)
# the collector walked them over and over (a tenth of a large game's build).
BUILD_GC_THRESHOLD = 10_000


def _collect_for_build() -> tuple[tuple[int, int, int], bool]:
    """Before the work: the game, fonts and modules loaded so far moved out of the collector's
    sight (`gc.freeze`: they live as long as the build, and the workers a parallel build forks
    then leave their inherited pages alone), and fewer collections of what the work makes
    (cycles still freed: reportlab's and pypdf's documents hold some). What is frozen is not
    collected first: imports, the load and the checks leave a few hundred cyclic objects
    among a hundred thousand, and walking them all cost a large build 30-60 ms; they return
    to the collector's sight when the build ends. The collector runs during the build even
    when the command line turned it off for its imports (cli/launch). Returns the thresholds
    and the collector's state to restore."""
    previous = gc.get_threshold(), gc.isenabled()
    gc.freeze()
    gc.set_threshold(BUILD_GC_THRESHOLD, *previous[0][1:])
    gc.enable()
    return previous


def _restore_collector(previous: tuple[tuple[int, int, int], bool]) -> None:
    thresholds, enabled = previous
    gc.set_threshold(*thresholds)
    gc.unfreeze()
    if not enabled:
        gc.disable()


def _prepare_for_workers(options) -> None:
    """Before the workers fork, what every worker of this build would otherwise do again on
    its own: import the writers its tasks load on first use (SVG, pdfium for PNGs and
    thumbnails, pypdf and jinja2 for the kit), and cut the bundled faces to the usual
    characters for the SVG files (svgfonts: 50-80 ms a face, with fontTools' subsetter; none
    when a former run kept the cuts). Done once here,
    each worker inherits it; a build writing no SVG or PNG does not pay for them."""
    import importlib

    settings, only = options.print, set(options.only or ())
    svg = (options.only is None or "svg" in settings.counter_images or bool(only - _PIECES - {"map"})
           or ("map" in only and "svg" in settings.map_files))
    modules = ["generator.render.svg", "generator.render.svgfonts"] if svg else []  # fontTools: on a first cut
    if options.only is None or "png" in settings.counter_images and only & _PIECES:
        modules += ["pypdfium2", "generator.render.png"]
    if options.only is None:  # the kit: its merge, thumbnails and preview
        modules += ["pypdf", "jinja2", "generator.kit.assemble", "generator.kit.thumbnails", "generator.kit.index",
                    "generator.kit.front"]
    for name in modules:
        importlib.import_module(name)
    if svg:
        from generator.render.svgfonts import prepare_bundled

        prepare_bundled()


_PIECES = {"counters", "blocks", "decks"}  # components whose SVG and PNG files are the per-piece images


def _hold_interrupts() -> bool:
    """Block SIGINT in this thread (a process forked meanwhile starts with it blocked)."""
    if not hasattr(signal, "pthread_sigmask"):
        return False
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    return True


def _release_interrupts(held: bool) -> None:
    """Unblock SIGINT: one that came meanwhile is delivered now."""
    if held:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _worker_start(parent: int) -> None:
    """In each worker: Ctrl-C is the parent's to handle (it stops the workers; a worker
    printing its own traceback would bury the one line the parent prints), and a worker
    whose parent died (killed, its terminal closed) exits at once instead of rendering on.
    The worker was forked with SIGINT blocked; it is ignored before it is unblocked, so a
    Ctrl-C pressed while the workers start is dropped here."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _release_interrupts(hasattr(signal, "pthread_sigmask"))
    for name in ("SIGTERM", "SIGHUP"):  # the parent's handlers (cli.app.main) are not the workers'
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.2)
        os._exit(1)

    threading.Thread(target=watch, name="warkit-parent-watch", daemon=True).start()


Task = tuple[tuple[str, ...], tuple[str, ...]]  # (components, one after the other; languages)


def _tasks(names: list[str], languages: tuple[str, ...]) -> list[Task]:
    """The parallel build's tasks: each component in each language, except that a component
    run with its languages together is one task for all of them, and one that `runs_with`
    another built too goes in that one's tasks, after it."""
    joined = {name: COMPONENTS[name].runs_with for name in names if COMPONENTS[name].runs_with in names}
    tasks: list[Task] = []
    for lead in (name for name in names if name not in joined):
        group = (lead, *(name for name in names if joined.get(name) == lead))
        together = COMPONENTS[lead].languages_together
        tasks += [(group, langs) for langs in ([languages] if together else [(lang,) for lang in languages])]
    return _longest_first(tasks)


def _longest_first(tasks: list[Task]) -> list[Task]:
    """The order tasks start in: longest first, so the short ones fill the gaps at the end.
    Durations are unknown before the build, so this guesses: a task that runs several
    languages (the counters) is longest, then one of several components (the map and the
    setup charts); then the components late in print order (player aids), which draw on the
    others' art."""
    return sorted(tasks, key=lambda task: (-len(task[1]), -len(task[0]), -COMPONENTS[task[0][0]].order))


def _staged_result(context: BuildContext, step: str, files: list[OutputFile], token: str) -> Result:
    """Stage every file of a step; a failure removes what this step staged."""
    from generator.kit import without_data

    folder = language_folder(context.options, context.game, context.language)
    outputs: list[StagedOutput] = []
    checked: dict = {}
    try:
        for output in files:
            staged = stage(output_path(folder, output.name, checked), output.data, token)
            kept = without_data(output)  # its sheets, fill and title kept
            outputs.append(StagedOutput(staged, kept))
    except BaseException:
        for item in outputs:
            if item.staged.temporary is not None:
                item.staged.temporary.unlink(missing_ok=True)
        raise
    return Result(context.language, step, outputs, _warnings(context), _printed(context))


def _component_task(names: tuple[str, ...], languages: tuple[str, ...]):
    game, options, queue = _SHARED["game"], _SHARED["options"], _SHARED["queue"]
    results: list[Result] = []
    try:
        for language in languages:
            context = BuildContext(game, options, language)  # one a language, as in a build without workers
            for name in names:
                results.append(_staged_result(context, name, COMPONENTS[name].build(context), _SHARED["token"]))
                queue.put((language, name))
    except BaseException as exc:  # noqa: BLE001 - sent back as text, raised in the parent
        _unstage(results)
        return _Failure.of(exc)
    return results


def _kit_task(language: str, files: list):
    try:
        result = _kit(_SHARED["game"], _SHARED["options"], language, files, _SHARED["token"])
    except BaseException as exc:  # noqa: BLE001
        return _Failure.of(exc)
    _SHARED["queue"].put((language, "kit"))
    return [result]


def _kit(game, options, language: str, files: list, token: str) -> Result:
    from generator.build.manifest import NAME
    from generator.kit import build_kit

    context = BuildContext(game, options, language)
    return _staged_result(context, "kit", build_kit(context, files, NAME), token)


def _unstage(results: list[Result]) -> None:
    for result in results:
        for item in result.outputs:
            if item.staged.temporary is not None:
                item.staged.temporary.unlink(missing_ok=True)


def _printed(context: BuildContext) -> Counter:
    return context.translator.take_printed() if "translator" in context.__dict__ else Counter()


def _warnings(context: BuildContext) -> list[str]:
    return list(context.translator.warnings) if "translator" in context.__dict__ else []


@dataclass(frozen=True)
class _Failure:
    """An exception from a worker, as text (not every exception survives pickling)."""

    warkit: bool
    kind: str
    message: str
    trace: str

    @classmethod
    def of(cls, exc: BaseException) -> _Failure:
        return cls(isinstance(exc, WarkitError), type(exc).__name__, str(exc), traceback.format_exc())

    def raise_(self) -> None:
        if self.warkit:
            raise WarkitError(self.message)
        error = RuntimeError(f"{self.kind}: {self.message} (in a build worker)")
        error.add_note(f"the worker's traceback:\n{self.trace}")  # shown with --debug
        raise error


def runner(game, options, jobs: int, token: str) -> Runner:
    return Runner(game, options, jobs, token)


def workers_that_pay(jobs: int, components, languages: tuple[str, ...], kit: bool) -> int:
    """How many processes to run the build's tasks on: no more than there are tasks that
    can run side by side, and none forked when there is only one (forking, and sending the
    files' names and the kit's PDFs back, would cost time and win nothing)."""
    names = {component.name for component in components}
    tasks = sum(1 if component.languages_together else len(languages) for component in components
                if component.runs_with not in names)
    tasks += len(languages) if kit and len(languages) > 1 else 0  # a kit overlaps another language's work
    return max(1, min(jobs, tasks)) if tasks > 1 else 1
