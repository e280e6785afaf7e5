"""index.html: an offline preview of the kit — page thumbnails (embedded), the drawings (the
map's SVG first) zoomable and pannable, the counters gallery, and a link to every file.

One self-contained file beside the outputs it links to; it loads nothing from the network.
Every text that comes from the data goes through jinja2's autoescaping, and the script
reads only the DOM, so a unit named `<script>` is shown, never run.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import jinja2
from markupsafe import Markup

from generator import __version__
from generator.i18n import vocabulary as v
from generator.i18n.languages import display_name

COUNTERS = "counters/"
REPORT = "report"  # the component of `warkit report`'s files, listed in their own section
REPORT_START, REPORT_END = "<!-- report -->", "<!-- /report -->"


@dataclass(frozen=True)
class FileInfo:
    """An output file as the preview lists it."""

    name: str
    size: int
    title: str = ""
    component: str = ""


@dataclass(frozen=True)
class Thumbnail:
    png: bytes
    width: int
    height: int
    document: str = ""  # the title of the document whose first page this is


def index_html(t, game, languages: tuple[str, ...], thumbnails: list[Thumbnail], files: list[FileInfo]) -> bytes:
    page_count = len(thumbnails)
    report = [f for f in files if f.component == REPORT]
    files = [f for f in files if f.component != REPORT]
    listed = [_listed(t, f) for f in files if not f.name.startswith(COUNTERS)]
    counter_files = [_listed(t, f) for f in files if f.name.startswith(COUNTERS)]
    html = _template().render(
        lang=t.language.replace("_", "-"),
        generator=f"warkit {__version__}",
        title=t.title(),
        subtitle=t.subtitle() if game.spec.subtitle else "",
        languages=[{"code": code, "name": _language_name(code), "current": code == t.language} for code in languages],
        words=_words(t, page_count),
        pages=[_page(t, number, thumbnail, page_count) for number, thumbnail in enumerate(thumbnails, start=1)],
        drawings=drawings(files),
        counters=counter_gallery(files),
        files=listed,
        counter_files=counter_files,
        report_section=Markup(report_section(t, game, report)),
    )
    return html.encode("utf-8")


def report_section(t, game, files: list[FileInfo]) -> str:
    """The preview's section on the designer's report (`warkit report`): its files and its
    force curves; only the markers when there is none, so a later report can fill them in."""
    order = {".pdf": 0, ".xlsx": 1, ".ods": 2}
    listed = sorted((f for f in files if not f.name.endswith(".svg")),
                    key=lambda f: (order.get(Path(f.name).suffix, 3), f.name))
    charts = sorted((f for f in files if f.name.endswith(".svg")), key=lambda f: f.name)
    report = None
    if files:
        report = {"heading": t.ui("Designer's report"),
                  "summary": t.ui("Forces by side and turn, what each combat table yields, anomalies worth a look; "
                                  "the order of battle as a workbook."),
                  "files": [{"name": f.name, "title": _report_title(t, f.name), "size": human_size(t, f.size)}
                            for f in listed],
                  "charts": [{"name": f.name, "title": _chart_title(t, game, f.name)} for f in charts]}
    return _report_template().render(report=report).strip("\n")


def replace_report_section(html: str, section: str) -> str | None:
    """`html` (an index.html) with its report section replaced; None when it has no markers."""
    start, end = html.find(REPORT_START), html.find(REPORT_END)
    if start < 0 or end < start:
        return None
    return html[:start] + section + html[end + len(REPORT_END):]


def _report_title(t, name: str) -> str:
    if name.endswith(".pdf"):
        return t.ui("Designer's report")
    if name.endswith(".xlsx"):
        return t.ui("Workbook (Excel)")
    if name.endswith(".ods"):
        return t.ui("Workbook (OpenDocument)")
    return name


def _chart_title(t, game, name: str) -> str:
    scenario = game.scenario_index.get(name.removeprefix("report-").removesuffix(".svg"))
    if scenario is None:
        return name
    return t.ui("Forces in {scenario}").format(scenario=t.of(scenario, "title"))


def drawings(files: list[FileInfo]) -> list[dict]:
    """Top-level SVGs for the zoomable viewer: maps first, then the rest in build order."""
    svgs = [f for f in files if f.name.endswith(".svg") and "/" not in f.name]
    svgs.sort(key=lambda f: f.component != "map")  # stable: keeps build order otherwise
    # an SVG without a title of its own is named as the PDF of the same name is (tec.svg, tec.pdf)
    titled = {Path(f.name).stem: f.title for f in files if f.name.endswith(".pdf") and f.title}
    return [{"file": f.name, "title": f.title or titled.get(Path(f.name).stem) or Path(f.name).stem} for f in svgs]


def counter_gallery(files: list[FileInfo]) -> list[dict]:
    """One entry per counter: its front and back image (PNG where written, else SVG)."""
    by_stem: dict[str, dict] = {}
    for preferred in (".png", ".svg"):
        for f in files:
            if not (f.name.startswith(COUNTERS) and f.name.endswith(preferred)):
                continue
            stem = f.name[len(COUNTERS):-len(preferred)]
            for face in ("front", "back"):
                if stem.endswith(f"-{face}"):
                    counter = by_stem.setdefault(stem[: -len(face) - 1], {"ext": preferred})
                    if counter["ext"] == preferred:
                        counter[face] = f.name
                        if face == "front" or "title" not in counter:
                            counter["title"] = f.title or stem[: -len(face) - 1]
    return [{"front": c["front"], "back": c.get("back", ""), "title": c["title"]}
            for c in by_stem.values() if "front" in c]  # fmt: skip


def _page(t, number: int, thumbnail: Thumbnail, count: int) -> dict:
    alt = t.ui(v.PAGE_OF, page=number, pages=count)
    return {"number": number, "png": base64.b64encode(thumbnail.png).decode("ascii"), "width": thumbnail.width,
            "height": thumbnail.height, "document": thumbnail.document, "alt": alt}


def _listed(t, f: FileInfo) -> dict:
    return {"name": f.name, "title": f.title, "size": human_size(t, f.size)}


def human_size(t, size: int) -> str:
    if size < 0:  # not known when the page is made (the manifest)
        return ""
    if size < 1024:
        return f"{size} B"
    if size < 1024 * 1024:
        return f"{_one_decimal(t, round(size / 1024, 1))} KiB"
    return f"{_one_decimal(t, round(size / 1024 / 1024, 1))} MiB"


def _one_decimal(t, value: float) -> str:
    """`t.number(value)`, remembered per language: a kit lists thousands of files, whose sizes
    repeat to one decimal, and Babel takes a tenth of a millisecond for each."""
    key = (t.language, value)
    found = _SIZES.get(key)
    if found is None:
        if len(_SIZES) > 50_000:
            _SIZES.clear()
        found = _SIZES[key] = t.number(value)
    return found


_SIZES: dict[tuple[str, float], str] = {}


def _language_name(code: str) -> str:
    return display_name(code)


def _words(t, page_count: int) -> dict[str, str]:
    return {
        "kit": t.ui("Print-and-play kit"),
        "kit_summary": t.ngettext("everything to print, in order: %(num)d page",
                                  "everything to print, in order: %(num)d pages", page_count, num=page_count),
        "print_note": t.ui(v.PRINT_AT_100, scale=t.percent(1)),
        "pages": t.ui("Pages"),
        "drawings": t.ui("Map and charts"),
        "zoom_in": t.ui("Zoom in"),
        "zoom_out": t.ui("Zoom out"),
        "fit": t.ui("Fit"),
        "drag_hint": t.ui("Drag to move, wheel to zoom."),
        "counters": t.ui(v.COUNTERS),
        "front": t.ui("front"),
        "back": t.ui("back"),
        "files": t.ui("Files"),
        "counter_images": t.ui("Counter images"),
        "languages": t.ui("Languages"),
    }


@lru_cache(maxsize=1)
def _report_template() -> jinja2.Template:
    return _environment().get_template("report_section.html.j2")


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    folder = Path(__file__).parent
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)), autoescape=True,
                              undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)


@lru_cache(maxsize=1)
def _template() -> jinja2.Template:
    return _environment().get_template("index.html.j2")
