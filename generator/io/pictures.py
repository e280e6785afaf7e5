"""Every picture the data names, read once: PNG and JPEG through Pillow within budgets, SVG
through the sanitiser (`svgsafe`), each held to the path policy of `paths`.

A reference (`ArtRef`) is a cell or key naming an image id of game.yaml `images:` or a file
path. Each distinct file is read once, whoever names it; what cannot be used is reported at
the place that names it first (or, for what is wrong inside an SVG, at its own line and
column) and the picture is left out, so the rest of the kit still builds.
"""

from __future__ import annotations

import hashlib
import io
import warnings
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from generator.errors import InputError
from generator.io.paths import MAX_IMAGE_PIXELS, image_size, read_image, read_limited, resolve_inside
from generator.model.pictures import ArtRef, ImageSpec, Picture
from generator.model.source import Location
from generator.validation.report import Report

if TYPE_CHECKING:
    from generator.io.svgsafe import CleanSvg

MAX_PICTURES_BYTES = 300_000_000  # all of a game's pictures, held in memory through the build
_SUFFIXES = {".png": "png", ".jpg": "jpeg", ".jpeg": "jpeg", ".svg": "svg"}
# Modes drawn as they are by both backends; anything else is converted once, here.
_PNG_MODES = {"L", "RGB", "RGBA"}
_JPEG_MODES = {"L", "RGB"}


def picture_path(text: str, images: dict[str, ImageSpec]) -> str:
    """The file a reference names: a declared image's file, else the reference itself."""
    spec = images.get(text.strip())
    raw = spec.file if spec is not None else text.strip()
    return str(PurePosixPath(raw.replace("\\", "/")))


def load_pictures(game_dir: Path, refs: list[ArtRef], images: dict[str, ImageSpec], report: Report,
                  known: dict | None = None) -> dict:
    """path -> Picture for every file the references name that could be used, until their
    bytes together pass MAX_PICTURES_BYTES (reported at the reference where they do).
    `known`: pictures read before from files that have not changed since (a reload after
    an edit of a table), used as they are."""
    known = known or {}
    pictures: dict[str, Picture] = {}
    tried: set[str] = set()
    total = 0
    for ref in refs:
        path = picture_path(ref.text, images)
        if path in tried:
            continue
        tried.add(path)
        picture = known.get(path) or read_picture(game_dir, path, ref.where, report)
        if picture is None:
            continue
        total += len(picture.data)
        if total > MAX_PICTURES_BYTES:
            report.error(ref.where, "image.budget", f"the game's pictures reach {total:,} bytes with {path!r}; a "
                                                    f"game's pictures are limited to {MAX_PICTURES_BYTES:,} bytes in "
                                                    "all (smaller files: JPEG for paintings, fewer pixels)")
            break
        pictures[path] = picture
    return pictures


def read_picture(game_dir: Path, relative: str, where: Location, report: Report) -> Picture | None:
    """One picture file, or None after reporting why it cannot be used."""
    kind = _SUFFIXES.get(PurePosixPath(relative).suffix.lower())
    if kind is None:
        report.error(where, "image.file", f"image {relative!r}: expected a .png, .jpg, .jpeg or .svg file (or the "
                                          "id of an entry of 'images' in game.yaml)")  # fmt: skip
        return None
    if kind != "svg":
        return _raster(relative, read_image(game_dir, relative, report, where), where, report)
    path = resolve_inside(game_dir, relative, report, where)
    if path is None:
        return None
    display = f"{game_dir.name}/{relative}"
    from generator.io.svgsafe import MAX_SVG_BYTES  # a game without SVG pictures never loads the sanitiser

    try:
        data = read_limited(path, display, MAX_SVG_BYTES, "SVG pictures")
    except InputError as exc:
        report.error(where, "image.file", f"image {relative!r} {exc.message}")
        return None
    return _svg(relative, display, data, where, report)


def _svg(relative: str, display: str, data: bytes, where: Location, report: Report) -> Picture | None:
    from generator.io.svgsafe import SvgRefused, clean_svg

    kept_as = _kept_svg_name(data)
    clean = _kept_clean(kept_as)
    if clean is None:
        try:
            clean = clean_svg(data)
        except SvgRefused as refused:
            report.error(Location(display, refused.line, refused.column), "image.svg",
                         f"SVG picture {refused.message} (named at {where})")
            return None
        _keep_clean(kept_as, clean)
    return _picture(relative, "svg", clean.data, clean.width, clean.height)


def _kept_svg_name(data: bytes) -> str:
    import sys

    from generator import kept

    stamp = kept.stamp(__name__, "generator.io.svgsafe")
    key = (hashlib.sha256(data).hexdigest(), sys.version, stamp)  # expat and ElementTree are Python's own
    return hashlib.sha256(repr(key).encode()).hexdigest() + ".svg"


def _kept_clean(name: str) -> CleanSvg | None:
    """The clean document a former run made of this very file (`generator/kept.py`): reading
    and writing back a painted map of thousands of elements cost a check ≈ 0.05 s. None when
    no run kept it (a file refused is never kept: it is refused again, with its line)."""
    from generator import kept
    from generator.io.svgsafe import CleanSvg

    found = kept.read("pictures", name)
    if found is None:
        return None
    head, _, clean = found.partition(b"\n")
    try:
        width, height, elements = head.decode("ascii").split()
        return CleanSvg(clean, float(width), float(height), int(elements))
    except ValueError:
        return None


def _keep_clean(name: str, clean: CleanSvg) -> None:
    from generator import kept

    kept.write("pictures", name, f"{clean.width!r} {clean.height!r} {clean.elements}\n".encode() + clean.data)


def _raster(relative: str, data: bytes | None, where: Location, report: Report) -> Picture | None:
    """A PNG or JPEG that passed `read_image` (path, size, and pixels counted from its header,
    before a single pixel is decoded: a decompression bomb is a small file claiming a huge
    picture), decoded once to be sure it can be."""
    if data is None:
        return None
    width, height = image_size(data)
    kept_as = _kept_name(data)
    decoded = _kept_decoded(kept_as, data)
    if decoded is None:
        from PIL import Image as PilImage  # only a game with raster pictures not read before pays for Pillow

        try:
            decoded = _decoded(data)
        except (OSError, ValueError, SyntaxError, PilImage.DecompressionBombError, Warning) as exc:
            report.error(where, "image.file", f"image {relative!r} cannot be decoded ({exc})")
            return None
        _keep_decoded(kept_as, data, decoded)
    data = decoded
    kind = "png" if data.startswith(b"\x89PNG") else "jpeg"
    return _picture(relative, kind, data, float(width), float(height))


def _kept_name(data: bytes) -> str:
    from generator import kept

    stamp = kept.stamp(__name__, "generator.io.paths", "PIL", "PIL.Image")
    key = (hashlib.sha256(data).hexdigest(), MAX_IMAGE_PIXELS, stamp)  # the limit the decoding ran under
    return hashlib.sha256(repr(key).encode()).hexdigest() + ".decoded"


def _kept_decoded(name: str, data: bytes) -> bytes | None:
    """The picture as a former run decoded this very file (`generator/kept.py`): the file
    itself when it was whole in a colour mode both backends draw, else its conversion; a
    check need not load Pillow to decode it again. None when no run kept it."""
    from generator import kept

    found = kept.read("pictures", name)
    if found == b"plain":
        return data
    return found[len(b"converted:"):] if found is not None and found.startswith(b"converted:") else None


def _keep_decoded(name: str, data: bytes, decoded: bytes) -> None:
    from generator import kept

    kept.write("pictures", name, b"plain" if decoded is data else b"converted:" + decoded)


def _decoded(data: bytes) -> bytes:
    """The file checked by decoding it once (Pillow's own bomb limit in force), and converted
    to a plain colour mode both backends draw alike (a palette, 16-bit or CMYK picture)."""
    from PIL import Image as PilImage

    with warnings.catch_warnings():
        warnings.simplefilter("error", PilImage.DecompressionBombWarning)
        limit = PilImage.MAX_IMAGE_PIXELS
        PilImage.MAX_IMAGE_PIXELS = MAX_IMAGE_PIXELS
        try:
            with PilImage.open(io.BytesIO(data)) as image:
                image.load()
                plain = (_PNG_MODES if image.format == "PNG" else _JPEG_MODES)
                if image.format in ("PNG", "JPEG") and image.mode in plain:
                    return data
                return _converted(image)
        finally:
            PilImage.MAX_IMAGE_PIXELS = limit


def _converted(image) -> bytes:
    has_alpha = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
    out = io.BytesIO()
    image.convert("RGBA" if has_alpha else "RGB").save(out, "PNG", optimize=False)
    return out.getvalue()


def _picture(relative: str, kind: str, data: bytes, width: float, height: float) -> Picture:
    return Picture(relative, kind, data, width, height, hashlib.sha256(data).hexdigest())  # type: ignore[arg-type]


def references(spec, where, units, markers, cards) -> list[ArtRef]:
    """Every reference to a picture in the data, declarations first; `where(key_path)` gives
    the location of a key of game.yaml."""
    from generator.model import pictures as p  # the slot lists

    refs = [ArtRef(image.file, where(("images", n, "file")), p.SLOTS, "image") for n, image in enumerate(spec.images)]
    if spec.logo:
        refs.append(ArtRef(spec.logo, where(("logo",)), p.LOGO_SLOTS, "logo"))
    for n, unit_type in enumerate(spec.unit_types):
        if unit_type.image:
            refs.append(ArtRef(unit_type.image, where(("unit_types", n, "image")), p.COUNTER_SLOTS, "unit type"))
    for n, map_spec in enumerate(spec.maps):
        if map_spec.background is not None:
            refs.append(ArtRef(map_spec.background.image, where(("maps", n, "background", "image")), ("full",),
                               "map background"))
    for n, deck in enumerate(spec.decks):
        front = p.CHIT_SLOTS if deck.kind == "chit" else p.CARD_SLOTS
        if deck.image:
            refs.append(ArtRef(deck.image, where(("decks", n, "image")), front, "deck"))
        if deck.back.image:
            refs.append(ArtRef(deck.back.image, where(("decks", n, "back", "image")), p.BACK_SLOTS, "deck back"))
    for unit in units:
        refs += [ArtRef(text, unit.at("image"), p.COUNTER_SLOTS, "unit") for text in unit.images if text]
    for marker in markers:
        refs += [ArtRef(text, marker.at(column), p.COUNTER_SLOTS, "marker")
                 for column, text in (("image", marker.image), ("back_image", marker.back_image)) if text]
    kinds = {deck.id: deck.kind for deck in spec.decks}
    refs += [ArtRef(card.image, card.at("image"), p.CHIT_SLOTS if kinds.get(card.deck_id) == "chit" else p.CARD_SLOTS,
                    "card") for card in cards if card.image]
    return refs
