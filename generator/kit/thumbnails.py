"""Page thumbnails for the preview, as PNG, rendered by pdfium.

pdfium parses a page's form XObjects again for every page that shows them, so the 17 tiles of
a 60 × 40 hex map would each re-read the whole map (≈ 0.1 s a sheet). For thumbnails we first
swap every large form drawn on several pages for a picture of itself (a JPEG, rendered once a
little sharper than the thumbnails, and once for equal forms in different documents); the tiles
then draw a clipped piece of that picture. This only touches the writer after kit.pdf was
written from it: kit.pdf keeps its vectors.

Rendering such a form is itself mostly pdfium parsing the forms it places again at every
`Do` (a 60 × 40 hex map places 2,600 terrain and place symbols: 0.2 s of its 0.22 s). So the
forms a heavy form places are rendered first, each once a build's kit, a little sharper than
the picture, and the heavy form is rendered placing those small pictures instead (with their
transparency): the same picture to the eye at thumbnail size, in a third of the time.
"""

from __future__ import annotations

import hashlib
import io
import zlib

import pypdfium2 as pdfium
from pypdf import PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    IndirectObject,
    NameObject,
    NumberObject,
    StreamObject,
)

from generator.kit.assemble import written
from generator.fonts.metrics import MM_PER_PT
from generator.render.png import encode_png

THUMBNAIL_PX = 220  # the long side of a thumbnail (the preview shows them at most 200 px)
HEAVY_BYTES = 32_000  # a form whose (compressed) content is larger is worth a picture
OVERSAMPLE = 1.25
SYMBOL_OVERSAMPLE = 2.0  # a placed form's picture, against the heavy form's picture


def thumbnails(writer: PdfWriter) -> list[tuple[bytes, int, int]]:
    """(PNG, width, height) per page. Changes `writer`'s heavy forms into pictures: call it last."""
    pictures: dict[str, object] = {}  # equal forms (the same map in three setup charts) share one
    symbols: dict[str, tuple] = {}  # the forms they place (terrain symbols), rendered once
    for reference in _shared_heavy_forms(writer):
        _replace_by_picture(writer, reference, pictures, symbols)
    document = pdfium.PdfDocument(written(writer))
    try:
        return [_thumbnail(document[index]) for index in range(len(document))]
    finally:
        document.close()


def _thumbnail(page) -> tuple[bytes, int, int]:
    width, height = page.get_size()
    image = page.render(scale=THUMBNAIL_PX / max(width, height)).to_pil()
    return encode_png(image, level=3), image.width, image.height  # level 6: 0.3 % smaller, twice the time


def _shared_heavy_forms(writer: PdfWriter) -> list:
    """References of large form XObjects that two or more pages draw, in page order."""
    uses: dict[int, list] = {}
    for page in writer.pages:
        resources = page.get("/Resources")
        xobjects = resources.get_object().get("/XObject") if resources is not None else None
        for reference in (xobjects.get_object().values() if xobjects is not None else ()):
            form = reference.get_object()
            if form.get("/Subtype") == "/Form" and len(form._data) > HEAVY_BYTES:  # the stored (compressed) bytes
                uses.setdefault(reference.idnum, [reference, 0])[1] += 1
    return [reference for reference, count in uses.values() if count > 1 and not _has_matrix_scale(reference)]


def _has_matrix_scale(reference) -> bool:
    matrix = reference.get_object().get("/Matrix")
    return matrix is not None and [float(v) for v in matrix][:4] != [1, 0, 0, 1]


def _replace_by_picture(writer: PdfWriter, reference, pictures: dict, symbols: dict) -> None:
    """Make the form draw a picture of itself (one image object per distinct drawing)."""
    form = reference.get_object()
    x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
    key = _digest(form, {})
    if key not in pictures:
        pictures[key] = writer._add_object(_picture_of(form, (x0, y0, x1, y1), symbols))
    picture = DecodedStreamObject()
    picture.set_data(f"q {x1 - x0:.4f} 0 0 {y1 - y0:.4f} {x0:.4f} {y0:.4f} cm /Picture Do Q".encode())
    picture.update({NameObject("/Type"): NameObject("/XObject"), NameObject("/Subtype"): NameObject("/Form"),
                    NameObject("/BBox"): form["/BBox"],
                    NameObject("/Resources"): DictionaryObject(
                        {NameObject("/XObject"): DictionaryObject({NameObject("/Picture"): pictures[key]})})})  # fmt: skip
    if "/Matrix" in form:
        picture[NameObject("/Matrix")] = form["/Matrix"]
    writer._replace_object(reference, picture)


def _picture_of(form, bbox, symbols: dict) -> DecodedStreamObject:
    """An image XObject of the form, rendered once at the thumbnails' resolution."""
    # Our PDFs draw in millimetres (the page's first `cm` scales mm to points), so a form unit
    # is a millimetre on paper; render it at the thumbnails' pixels per millimetre.
    pixels_per_unit = OVERSAMPLE * THUMBNAIL_PX / (297 / MM_PER_PT) / MM_PER_PT
    jpeg, size = _render_form(form, bbox, pixels_per_unit, symbols)
    image = DecodedStreamObject()
    image.set_data(jpeg)
    image.update({NameObject("/Type"): NameObject("/XObject"), NameObject("/Subtype"): NameObject("/Image"),
                  NameObject("/Width"): NumberObject(size[0]), NameObject("/Height"): NumberObject(size[1]),
                  NameObject("/ColorSpace"): NameObject("/DeviceRGB"), NameObject("/BitsPerComponent"): NumberObject(8),
                  NameObject("/Filter"): NameObject("/DCTDecode")})  # fmt: skip
    return image


def _digest(value, seen: dict) -> str:
    """What a PDF object draws, as a hash: its streams' bytes and dictionaries, through references."""
    if isinstance(value, IndirectObject):
        key = value.idnum
        if key not in seen:
            seen[key] = "cycle"  # what a reference back to an object being hashed hashes as
            seen[key] = _digest(value.get_object(), seen)
        return seen[key]
    hasher = hashlib.sha1()
    if isinstance(value, StreamObject):
        hasher.update(value._data)
    if isinstance(value, DictionaryObject):
        for name in sorted(value):
            hasher.update(f"{name}:{_digest(value.raw_get(name), seen)};".encode())
    elif isinstance(value, ArrayObject):
        for item in value:
            hasher.update(f"{_digest(item, seen)},".encode())
    else:
        hasher.update(repr(value).encode())
    return hasher.hexdigest()


def _render_form(form, bbox, pixels_per_unit: float, symbols: dict) -> tuple[bytes, tuple[int, int]]:
    """The form alone on a page of its bbox's size, rasterised, as JPEG bytes; the forms it
    places drawn as pictures of themselves (`symbols`: their pixels, by what they draw)."""
    (image,) = _rasterised([(form, bbox)], pixels_per_unit, symbols)
    image = image.convert("RGB")
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=85)
    return out.getvalue(), image.size


def _rasterised(forms: list[tuple], pixels_per_unit: float, symbols: dict | None, transparent: bool = False) -> list:
    """Each (form, bbox) alone on a page of its bbox's size, as a PIL image (RGBA on
    transparent paper with `transparent`), from one document; with `symbols`, the forms
    they place drawn as pictures of themselves."""
    single = PdfWriter()
    for form, (x0, y0, x1, y1) in forms:
        page = single.add_blank_page(width=x1 - x0, height=y1 - y0)
        copy = form.clone(single)
        if symbols is not None:
            _placed_as_pictures(single, copy, pixels_per_unit * SYMBOL_OVERSAMPLE, symbols)
        page[NameObject("/Resources")] = DictionaryObject(
            {NameObject("/XObject"): DictionaryObject({NameObject("/Form"): copy.indirect_reference})})
        content = DecodedStreamObject()
        content.set_data(f"1 0 0 1 {-x0:.4f} {-y0:.4f} cm /Form Do".encode())
        page[NameObject("/Contents")] = single._add_object(content)
    document = pdfium.PdfDocument(written(single))
    paper = (255, 255, 255, 0 if transparent else 255)
    try:
        return [document[index].render(scale=pixels_per_unit, fill_color=paper).to_pil()
                for index in range(len(forms))]
    finally:
        document.close()


def _placed_as_pictures(writer: PdfWriter, form, pixels_per_unit: float, symbols: dict) -> None:
    """Every form `form` places (its resources' form XObjects, in `writer`) made to draw a
    picture of itself: an RGB image with its coverage as soft mask, rendered once per
    distinct drawing (`symbols`), all the new ones in one document."""
    resources = form.get("/Resources")
    xobjects = resources.get_object().get("/XObject") if resources is not None else None
    placed = []
    for reference in (xobjects.get_object().values() if xobjects is not None else ()):
        drawn = reference.get_object()
        if drawn.get("/Subtype") != "/Form" or not isinstance(reference, IndirectObject) or _moved(drawn):
            continue
        box = tuple(float(v) for v in drawn["/BBox"])
        if box[2] > box[0] and box[3] > box[1]:
            placed.append((reference, drawn, box, _drawing_key(drawn)))
    new = list({key: (drawn, box) for _, drawn, box, key in placed if key not in symbols}.items())
    images = _rasterised([item for _, item in new], pixels_per_unit, None, transparent=True) if new else []
    for (key, _), image in zip(new, images):
        image = image.convert("RGBA")
        symbols[key] = (image.width, image.height, zlib.compress(image.convert("RGB").tobytes()),
                        zlib.compress(image.getchannel("A").tobytes()))
    for reference, drawn, box, key in placed:
        writer._replace_object(reference, _picture_form(writer, drawn, box, symbols[key]))


def _moved(form) -> bool:
    """Whether the form's matrix moves or scales its content (it is then left as it is: its
    picture is rendered in the form's own space)."""
    matrix = form.get("/Matrix")
    return matrix is not None and [float(v) for v in matrix] != [1, 0, 0, 1, 0, 0]


def _drawing_key(form) -> str:
    """What a placed form draws, as a hash, the same in every document of the kit: a form
    that sets no text is hashed without its fonts (each document has its own font subsets)."""
    if b"Tf" in form.get_data():
        return _digest(form, {})
    hasher = hashlib.sha1(form._data)
    for name in sorted(form):
        if name != "/Resources":
            hasher.update(f"{name}:{_digest(form.raw_get(name), {})};".encode())
    resources = form.get("/Resources")
    for name in sorted(resources.get_object() if resources is not None else ()):
        if name not in ("/Font", "/ProcSet"):
            hasher.update(f"{name}:{_digest(resources.get_object().raw_get(name), {})};".encode())
    return hasher.hexdigest()


def _picture_form(writer: PdfWriter, placed, box, pixels: tuple) -> DecodedStreamObject:
    """A form with `placed`'s box and matrix that draws `pixels` over its box."""
    width, height, rgb, alpha = pixels

    def image(data: bytes, colours: str, **more) -> StreamObject:
        stream = StreamObject()
        stream._data = data
        stream.update({NameObject("/Type"): NameObject("/XObject"), NameObject("/Subtype"): NameObject("/Image"),
                       NameObject("/Width"): NumberObject(width), NameObject("/Height"): NumberObject(height),
                       NameObject("/ColorSpace"): NameObject(colours), NameObject("/BitsPerComponent"): NumberObject(8),
                       NameObject("/Filter"): NameObject("/FlateDecode"), **more})  # fmt: skip
        return stream

    mask = writer._add_object(image(alpha, "/DeviceGray"))
    picture = writer._add_object(image(rgb, "/DeviceRGB", **{NameObject("/SMask"): mask}))
    x0, y0, x1, y1 = box
    form = DecodedStreamObject()
    form.set_data(f"q {x1 - x0:.4f} 0 0 {y1 - y0:.4f} {x0:.4f} {y0:.4f} cm /Picture Do Q".encode())
    form.update({NameObject("/Type"): NameObject("/XObject"), NameObject("/Subtype"): NameObject("/Form"),
                 NameObject("/BBox"): placed["/BBox"],
                 NameObject("/Resources"): DictionaryObject(
                     {NameObject("/XObject"): DictionaryObject({NameObject("/Picture"): picture})})})  # fmt: skip
    if "/Matrix" in placed:
        form[NameObject("/Matrix")] = placed["/Matrix"]
    return form
