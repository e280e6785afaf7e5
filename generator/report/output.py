"""`warkit report`: check the game, analyse it once, then write each language's report.pdf,
force-curve SVGs (report-<scenario>.svg), report.xlsx and report.ods into
OUT/<game>/<lang>/.

Written like the kit: nothing when the check finds errors, the scenario is unknown or a
language is not declared; each folder must hold only files warkit wrote (unless `force`);
files are staged under temporary names and renamed only when every language is ready,
through the build's journal and under its lock (`generator/build/commit.py`, `lock.py`); they
are listed in the folder's manifest.json as component `report`, so builds keep them; the
report's files of an earlier run that this one no longer makes are removed; and a preview
(index.html) already in the folder gets its report section filled in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.build import commit, folders
from generator.build import manifest as mf
from generator.build.components import BuildContext
from generator.build.lock import OutputLock
from generator.build.options import options_for
from generator.build.writer import Staging, output_path
from generator.checking import declared_languages, load_and_check, unknown_scenarios
from generator.errors import CheckFailed, WarkitError
from generator.kit.index import REPORT, FileInfo, replace_report_section, report_section

INDEX = "index.html"


@dataclass
class ReportResult:
    files: dict[str, list[Path]] = field(default_factory=dict)  # language -> files of the report
    written: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    removed: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what could not be computed (the source language)


def write_report(game_dir: Path, out_dir: Path, scenario_id: str | None = None,
                 languages: tuple[str, ...] | None = None, *, force: bool = False) -> ReportResult:
    loaded = load_and_check(Path(game_dir), (scenario_id,) if scenario_id else None)
    if loaded.game is None or loaded.report.errors or loaded.report.unreadable:
        raise CheckFailed(loaded.report)
    game = loaded.game
    if scenario_id is not None and unknown_scenarios(game, (scenario_id,)):
        raise WarkitError(unknown_scenarios(game, (scenario_id,)))
    languages = declared_languages(game, languages)
    options = options_for(game.spec.print, Path(out_dir), {"languages": languages})
    folders_of = {language: Path(out_dir) / game.spec.id / language for language in languages}
    result = ReportResult()
    staging = Staging()
    root = Path(out_dir) / game.spec.id
    with OutputLock(root, staging.token):  # one writer at a time; a dead build's commit finished first
        previous = {language: mf.read_manifest(folder) for language, folder in folders_of.items()}
        for language, folder in folders_of.items():
            folders.guard(folder, previous[language], force)
        from generator.report.analysis import analyse

        analysis = analyse(game, [scenario_id] if scenario_id else None)
        try:
            plans = {}
            for language, folder in folders_of.items():
                context = BuildContext(game, options, language)
                outputs = report_files(context, analysis)
                entries = [_stage(staging, folder, name, data) for name, data in outputs]
                made = {entry.path for entry in entries}
                stale = sorted(name for name, entry in (previous[language] or {}).items()
                               if entry.component == REPORT and name not in made)
                index = _index(context, folder, previous[language], entries)
                if index is not None:
                    entries.append(_stage(staging, folder, INDEX, index, component="kit"))
                staging.add(folder / mf.NAME, mf.with_entries(folder, game, language, entries, drop=stale))
                renames = [(temporary.relative_to(folder).as_posix(), target.relative_to(folder).as_posix())
                           for temporary, target in staging.temporaries if folder in target.parents]
                renames.sort(key=lambda pair: pair[1] == mf.NAME)  # the manifest last
                plans[language] = (renames, folders.stale_removals(folder, stale, previous[language]))
                result.files[language] = [folder / name for name, _ in outputs]
            result.removed = commit.commit(root, staging.token, plans)
        except BaseException:
            staging.discard()
            commit.recover(root, [staging.token])
            raise
    result.written, result.unchanged = staging.written, staging.unchanged
    if "en" in languages or game.spec.source_language in languages:
        result.notes = [_plain(note) for note in analysis.notes]
    return result


def report_files(context, analysis) -> list[tuple[str, bytes]]:
    """(name, bytes) of every file of the report in `context.language`, PDF first."""
    from generator.components.text import game_text
    from generator.render.pdf import render_pdf
    from generator.render.svg import render_svg
    from generator.report.document import chart_page, report_pages, report_title
    from generator.report.sheets import report_sheets
    from generator.report.workbook import workbook_bytes

    title = f"{game_text(context).title()} — {report_title(context)}"
    files = [("report.pdf", render_pdf(report_pages(context, analysis), title=title))]
    files += [(f"report-{item.scenario.scenario_id}.svg", render_svg(chart_page(context, analysis, item)))
              for item in analysis.scenarios]
    sheets = report_sheets(context, analysis)
    files += [("report.xlsx", workbook_bytes(sheets, "openpyxl")), ("report.ods", workbook_bytes(sheets, "odf"))]
    return files


def _stage(staging: Staging, folder: Path, name: str, data: bytes, component: str = REPORT) -> mf.Entry:
    staged = staging.add(output_path(folder, name), data)
    return mf.Entry(name, component, staged.size, staged.sha256)


def _index(context, folder: Path, previous, entries: list[mf.Entry]) -> bytes | None:
    """The folder's preview with its report section showing these files; None when the
    folder has no preview of warkit's, or one without the section's markers."""
    entry = (previous or {}).get(INDEX)
    path = folder / INDEX
    if entry is None or not path.is_file():
        return None
    html = path.read_text(encoding="utf-8")
    files = [FileInfo(e.path, e.size, "", REPORT) for e in entries]
    section = report_section(context.translator, context.game, files)
    replaced = replace_report_section(html, section)
    return None if replaced is None else replaced.encode("utf-8")


def _plain(note) -> str:
    fields = {name: getattr(value, "title", None) or getattr(value, "name", value) for name, value in note.fields.items()}
    return note.message.format(**fields)
