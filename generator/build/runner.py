"""build: load + check, then every requested component for every language, the kit, the manifest.

Order of events, and why:

1. load and check the game; errors stop here and nothing is written;
2. refuse an output folder holding files warkit did not write (unless `force`);
3. lay out and render every component in every language (on every core with `jobs` > 1),
   then each language's kit (kit.pdf, index.html) from the components' files; each file is
   staged under a temporary name as soon as it is ready;
4. only when all of it succeeded, stage each folder's manifest and commit: a journal lists
   every rename and stale file, then they are carried out (`commit.py`), so an interrupted
   commit is finished by the next build.

The whole build holds the game's output lock (`lock.py`): one build at a time per output
folder, and the first thing a build does is to finish or clean up after one that died.

A file whose content did not change is neither staged nor rewritten. With `only`, the build
is partial: the other components' files, the kit and the preview stay as the last full build
left them (and stay in the manifest).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from generator.build import commit, folders
from generator.build import manifest as mf
from generator.build.components import all_components, component_names, load_components
from generator.caches import build_caches
from generator.build.execution import Result, language_folder, runner, workers_that_pay
from generator.build.budget import check_budget
from generator.build.lock import OutputLock
from generator.build.parity import check_parity
from generator.build.options import BuildOptions, options_for
from generator.model.printing import SettingsError
from generator.build.writer import Staging
from generator.checking import load_and_check, unknown_scenarios
from generator.fonts.faces import use_game_fonts
from generator.errors import CheckFailed, WarkitError

KIT = "kit"


class Progress(Protocol):
    def start(self, steps: list[tuple[str, str]]) -> None:
        """The (language, step) pairs the build will go through."""

    def advance(self, language: str, step: str) -> None:
        """One of them is done."""


@dataclass
class BuildResult:
    written: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    removed: list[Path] = field(default_factory=list)
    pages: int = 0  # pages of every PDF this build produced
    kit_pages: dict[str, int] = field(default_factory=dict)  # language -> pages of kit.pdf
    # language -> sheets of paper kit.pdf is printed on (a duplex piece sheet is one sheet, two pages)
    kit_sheets: dict[str, int] = field(default_factory=dict)
    # language -> piece-sheet PDF -> the share of each sheet's usable area its pieces cover
    fills: dict[str, dict[str, tuple[float, ...]]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)  # strings printed untranslated
    folders: dict[str, Path] = field(default_factory=dict)  # language -> output folder
    components: tuple[str, ...] = ()


def build_game(game_dir: Path, out_dir: Path, overrides: dict, progress: Progress | None = None, *,
               force: bool = False, jobs: int = 1) -> BuildResult:
    """Build every requested component; nothing is written when the check finds errors."""
    loaded = load_and_check(game_dir, overrides.get("scenarios"))
    if loaded.game is None or loaded.report.errors or loaded.report.unreadable:
        raise CheckFailed(loaded.report)
    return build_checked(loaded.game, out_dir, overrides, progress, force=force, jobs=jobs)


def build_checked(game, out_dir: Path, overrides: dict, progress: Progress | None = None, *,
                  force: bool = False, jobs: int = 1) -> BuildResult:
    """`build_game` for a game already loaded and checked without errors (`warkit serve`
    rebuilds one component after another from one load)."""
    try:
        options = options_for(game.spec.print, out_dir, overrides)
    except SettingsError as error:
        raise WarkitError(str(error)) from None
    use_game_fonts(game)  # before the workers fork: they inherit the faces
    components = _selected(options)
    _check_scenarios(game, options)
    _check_languages(options)
    check_budget(game, options)
    staging = Staging()
    root = options.out_dir / game.spec.id
    with OutputLock(root, staging.token), build_caches(join=True):  # the build's own (or its session's)
        build = _Build(game, options, [c.name for c in components], staging)
        build.guard(force)
        existing = commit.folders_under(root)
        try:
            workers = workers_that_pay(jobs, components, options.languages, build.full)
            with runner(game, options, workers, staging.token) as work:
                if progress:
                    progress.start(build.steps())
                advance = progress.advance if progress else _ignore
                kit_input = build.kit_input if build.full else None
                work.run(build.component_names, options.languages, kit_input, build.stage, advance)
                check_parity(build.printed)
                build.commit(root)
        except BaseException:
            _abandon(root, staging, existing)
            raise
    return build.result


def _abandon(root: Path, staging: Staging, existing: set[Path]) -> None:
    """After a failure: a commit that reached its journal is finished, anything else this
    build staged (the workers are stopped by now) is removed, and so are the folders it made
    for them."""
    staging.discard()
    commit.recover(root, [staging.token])
    commit.remove_empty_folders(root, existing)


def _selected(options: BuildOptions):
    if options.only is None:
        return all_components()
    known = component_names()
    unknown = sorted(set(options.only) - set(known))
    if unknown:
        names = ", ".join(c.name for c in all_components())  # in print order
        raise WarkitError(f"unknown component(s) {', '.join(unknown)} (known: {names})")
    return load_components(options.only)


def _check_scenarios(game, options: BuildOptions) -> None:
    message = unknown_scenarios(game, options.scenarios)
    if message:
        raise WarkitError(message)


def _check_languages(options: BuildOptions) -> None:
    from generator.i18n.languages import locale_of

    if not options.languages:
        raise WarkitError("no language to build (print.languages or --lang)")
    for language in options.languages:
        locale_of(language)  # an unknown code stops the build here, before any work
    if len(set(options.languages)) != len(options.languages):
        raise WarkitError(f"a language is listed twice: {', '.join(options.languages)}")


def _ignore(language: str, step: str) -> None:
    return None


class _Build:
    """The state of one build: staged files, manifest entries, what the kit needs."""

    def __init__(self, game, options: BuildOptions, component_names: list[str], staging: Staging):
        self.game, self.options = game, options
        self.component_names = component_names
        self.full = options.only is None
        self.staging = staging
        self.folders = {lang: language_folder(options, game, lang) for lang in options.languages}
        self.previous = {lang: mf.read_manifest(folder) for lang, folder in self.folders.items()}
        self.entries: dict[str, dict[str, mf.Entry]] = {lang: {} for lang in options.languages}
        self.produced: dict[tuple[str, str], list] = {}
        self.printed: dict[tuple[str, str], Counter] = {}  # what each step asked the translator for
        self.warnings: list[str] = []
        self.force = False
        self.result = BuildResult(folders=dict(self.folders), components=tuple(component_names))
        self.saved_sheets: dict[str, int] = {}  # language -> kit pages that share a sheet with another

    def guard(self, force: bool) -> None:
        self.force = force
        for language, folder in self.folders.items():
            folders.guard(folder, self.previous[language], force)

    def steps(self) -> list[tuple[str, str]]:
        steps = [(lang, name) for lang in self.options.languages for name in self.component_names]
        return steps + ([(lang, KIT) for lang in self.options.languages] if self.full else [])

    def stage(self, result: Result) -> None:
        """File a finished step's staged outputs and note their manifest entries."""
        from generator.kit import produced

        language, step = result.language, result.step
        files = []
        for item in result.outputs:  # adopt all first: a refusal below must discard them all
            self.staging.adopt(item.staged)
        for item in result.outputs:
            name = item.output.name
            if name in self.entries[language] or name == mf.NAME:
                raise WarkitError(f"{step} writes {language}/{name}, which another component (or the manifest) "
                                  f"writes too")
            self.entries[language][name] = mf.Entry(name, step, item.staged.size, item.staged.sha256,
                                                    item.output.pages)
            self.result.pages += item.output.pages
            if step == KIT and name.endswith(".pdf"):
                self.result.kit_pages[language] = item.output.pages
            elif item.output.in_kit:  # pages printed two to a sheet are counted once
                self.saved_sheets[language] = (self.saved_sheets.get(language, 0) + item.output.pages
                                               - item.output.paper_sheets)
            if item.output.fills:
                self.result.fills.setdefault(language, {})[name] = item.output.fills
            files.append(produced(step, item.output, item.staged.size))
        self.produced[(language, step)] = files
        self.printed[(language, step)] = result.printed
        self.warnings += [w for w in result.warnings if w not in self.warnings]

    def kit_input(self, language: str) -> list:
        """This language's files in print order, for the kit; then the designer's report's
        files a `warkit report` left in the folder (the preview shows them)."""
        from generator.kit import Produced
        from generator.kit.index import REPORT

        files = [f for name in self.component_names for f in self.produced.get((language, name), [])]
        folder, previous = self.folders[language], self.previous[language] or {}
        files += [Produced(REPORT, name, entry.size) for name, entry in sorted(previous.items())
                  if entry.component == REPORT and (folder / name).is_file()]
        return files

    def commit(self, root: Path) -> None:
        """Each folder's manifest staged, then every rename and stale file through the journal."""
        if not self.force:
            for language, folder in self.folders.items():
                replaced = [p.relative_to(folder).as_posix() for p in self.staging.written if folder in p.parents]
                folders.guard_replaced(folder, self.previous[language], replaced)
        plans = {}
        for language, (entries, stale) in ((lang, self._plan(lang)) for lang in self.options.languages):
            folder = self.folders[language]
            self._stage_manifest(language, list(entries.values()))
            renames = [(temporary.relative_to(folder).as_posix(), target.relative_to(folder).as_posix())
                       for temporary, target in self.staging.temporaries if folder in target.parents]
            renames.sort(key=lambda pair: pair[1] == mf.NAME)  # the manifest last
            plans[language] = (renames, folders.stale_removals(folder, stale, self.previous[language]))
        self.result.removed = commit.commit(root, self.staging.token, plans)
        self.staging.temporaries = []
        self.result.kit_pages = {lang: self.result.kit_pages[lang] for lang in self.options.languages
                                 if lang in self.result.kit_pages}
        self.result.kit_sheets = {lang: pages - self.saved_sheets.get(lang, 0)
                                  for lang, pages in self.result.kit_pages.items()}
        self.result.fills = {lang: dict(sorted(self.result.fills[lang].items())) for lang in self.options.languages
                             if lang in self.result.fills}
        self.result.written = sorted(self.staging.written)
        self.result.unchanged = sorted(self.staging.unchanged)
        self.result.warnings = self.warnings

    def _plan(self, language: str) -> tuple[dict[str, mf.Entry], list[str]]:
        """The manifest's entries after this build, and the previous outputs to remove."""
        entries = dict(self.entries[language])
        previous = self.previous[language] or {}
        rebuilt = set(self.component_names) | ({KIT} if self.full else set())
        folder = self.folders[language]
        for name, entry in previous.items():  # a partial build keeps the other components' files
            if name not in entries and entry.component not in rebuilt and (folder / name).is_file():
                entries[name] = entry
        stale = sorted(name for name in previous if name not in entries)
        return entries, stale

    def _stage_manifest(self, language: str, entries: list[mf.Entry]) -> None:
        data = mf.manifest_bytes(self.game, language, self.options.recorded(), entries)
        self.staging.add(self.folders[language] / mf.NAME, data)
