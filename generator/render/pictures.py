"""A game's pictures as both backends draw them.

Each picture is embedded once per document: in a PDF a PNG or JPEG becomes one image
XObject (reportlab names it by its content) and an SVG one form XObject drawn from svglib's
reading of the sanitised document; in an SVG file each picture is one element in `<defs>`,
placed with `<use>`. Both place the picture's unit square in the same box, so the two
formats have the same geometry.

An SVG picture is turned into PDF drawing once per build, not once per document: svglib's
reading, and the form's content stream reportlab writes from it (a painted map: seconds),
are kept on the picture as the build loaded it (`Picture.made`), and every further document
copies the recorded stream into its form, with the opacity states and shadings it names.
"""

from __future__ import annotations

import base64
import copy
import io
from collections.abc import Container, Iterable, Iterator
from dataclasses import dataclass

from generator.layout.primitives import Group, Image, Item, Page
from generator.model.pictures import Picture

_MIME = {"png": "image/png", "jpeg": "image/jpeg", "svg": "image/svg+xml"}


def picture_ref(picture: Picture) -> str:
    """A stable name for the picture in either format: its content's digest."""
    return f"pic-{picture.digest[:20]}"


def data_uri(picture: Picture) -> str:
    return f"data:{_MIME[picture.kind]};base64,{base64.b64encode(picture.data).decode('ascii')}"


def pictures_in(items: Iterable[Item]) -> Iterator[Picture]:
    """The game pictures drawn by items, looking inside groups, in drawing order."""
    for item in items:
        if isinstance(item, Image) and item.picture is not None:
            yield item.picture
        elif isinstance(item, Group):
            yield from pictures_in(item.items)


def page_pictures(page: Page, defined: Container[str] = ()) -> list[Picture]:
    """Every distinct picture a page draws, its symbols' included (but those of the symbols
    `defined` already: their pictures came with them), in a stable order."""
    found = list(pictures_in(page.items))
    for symbol in page.symbols:
        if symbol.id not in defined:
            found += pictures_in(symbol.items)
    return list(dict.fromkeys(found))


def svg_drawing(picture: Picture):
    """svglib's reading of an SVG picture (a reportlab Drawing, in points, y up), made once
    per loaded picture."""
    drawing = picture.made.get("svglib")
    if drawing is None:
        drawing = picture.made["svglib"] = _read_svg(picture)
    return drawing


def _read_svg(picture: Picture):
    import logging

    from svglib.svglib import svg2rlg

    logging.getLogger("svglib").setLevel(logging.ERROR)  # it logs what it skips; the sanitiser said what matters
    drawing = svg2rlg(io.BytesIO(picture.data))
    if drawing is None or not (drawing.width > 0 and drawing.height > 0):
        raise ValueError(f"SVG picture {picture.path!r} could not be drawn")
    return drawing


@dataclass(frozen=True)
class RecordedForm:
    """An SVG picture's PDF drawing as reportlab wrote it into a form: the content stream's
    operators, the opacity states it names (`/gRLs0 gs` …, as reportlab's ExtGState keys
    them) and the shadings (`/Sh0 sh` …, each with its PDF object), in svglib's space."""

    width: float
    height: float
    code: tuple[str, ...]
    states: tuple[tuple[tuple, str], ...]
    shadings: tuple[tuple[str, object], ...]


def recorded_form(picture: Picture) -> RecordedForm:
    """The picture drawn once into a scratch document's form and recorded, once per loaded
    picture."""
    form = picture.made.get("pdf-form")
    if form is None:
        drawing = picture.made.pop("svglib", None) or _read_svg(picture)  # not kept: the recording serves
        form = picture.made["pdf-form"] = _record(drawing)
    return form


def _record(drawing) -> RecordedForm:
    from reportlab.graphics import renderPDF
    from reportlab.pdfgen.canvas import Canvas

    from generator.render.pdf_settings import use_deterministic_settings

    # As every document is drawn: the recording may be made before any document (a parallel
    # build records before it forks), and renderPDF orders state operators by a global.
    use_deterministic_settings()
    canvas = Canvas(io.BytesIO(), invariant=1)
    canvas.beginForm("recording", 0, 0, drawing.width, drawing.height)
    renderPDF.draw(drawing, canvas, 0, 0)
    shadings = tuple((name, canvas._doc.idToObject[name]) for name in canvas._shadingUsed)
    return RecordedForm(drawing.width, drawing.height, tuple(canvas._code),
                        tuple(canvas._extgstate._c.items()), shadings)


def replay_form(canvas, name: str, form: RecordedForm) -> dict[str, str]:
    """Define the form `name` on the canvas from a recording: the same stream reportlab
    would write, its shadings registered in this document (renamed where their numbers
    differ). Returns the shadings the form uses, as `canvas._shadingUsed` holds them."""
    canvas.beginForm(name, 0, 0, form.width, form.height)
    renamed = {old: canvas._doc.addShading(_unregistered(shading)) for old, shading in form.shadings}
    canvas._shadingUsed.update({new: new for new in renamed.values()})
    sh = {f"/{old} sh": f"/{new} sh" for old, new in renamed.items()}
    canvas._code.extend(sh.get(line, line) for line in form.code)
    canvas._extgstate._c.update(dict(form.states))
    shadings = dict(canvas._shadingUsed)
    canvas.endForm()
    return shadings


def _unregistered(shading):
    """A copy of a recorded shading (and of the functions inside it) that no document has
    registered yet: reportlab marks each object it registers with its name there."""
    fresh = copy.deepcopy(shading)
    _forget_names(fresh, set())
    return fresh


def _forget_names(obj, seen: set[int]) -> None:
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if isinstance(obj, (list, tuple)):
        for item in obj:
            _forget_names(item, seen)
    elif isinstance(obj, dict):
        for item in obj.values():
            _forget_names(item, seen)
    elif hasattr(obj, "__dict__"):
        obj.__dict__.pop("__InternalName__", None)
        for item in vars(obj).values():
            _forget_names(item, seen)


def read_svg_pictures(game) -> None:
    """svglib's reading of every SVG picture of the game and its PDF drawing, made before a
    parallel build forks, so no worker makes them again: a painted map takes seconds."""
    for path in sorted(game.pictures):
        if game.pictures[path].vector:
            recorded_form(game.pictures[path])
