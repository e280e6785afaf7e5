"""The game's own fonts (game.yaml `fonts:`), read and checked once at load.

Each file is held to the path policy, read with a size limit, and must have a licence file
beside it (a file whose name starts with LICENSE, LICENCE, OFL, COPYING or NOTICE in the same
folder): a kit embeds its fonts, so a font with no licence in sight is refused rather than
passed on. The file is parsed with reportlab, as the PDF backend will (TrueType outlines;
an OpenType font with PostScript outlines is converted to TrueType outlines by fontTools);
what cannot be used is reported at the key that names it.
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

from generator.errors import InputError
from generator.io.paths import read_limited, resolve_inside
from generator.model.pictures import FONT_ROLES, FontsSpec, GameFont
from generator.model.source import Location
from generator.validation.report import Report

MAX_FONT_BYTES = 30_000_000
LICENCE_PREFIXES = ("license", "licence", "ofl", "copying", "notice")


def load_fonts(game_dir: Path, spec: FontsSpec, where, report: Report) -> dict[str, GameFont]:
    """font key -> the game's face, for every face given that could be used."""
    fonts: dict[str, GameFont] = {}
    read: dict[str, GameFont | None] = {}
    for role in ("title", "text", "condensed"):
        files = getattr(spec, role)
        if files is None:
            continue
        for face in ("regular", "bold", "italic"):
            relative = getattr(files, face)
            if relative is None:
                continue
            at = where(("fonts", role, face))
            key = FONT_ROLES.get((role, face))
            if key is None:
                report.error(at, "font.file", f"the {role} role has no {face} face (it takes: "
                                              f"{', '.join(f for r, f in FONT_ROLES if r == role)})")
                continue
            if relative not in read:
                read[relative] = read_font(game_dir, relative, at, report)
            if read[relative] is not None:
                fonts[key] = read[relative]
    return fonts


def read_font(game_dir: Path, relative: str, where: Location, report: Report) -> GameFont | None:
    path = resolve_inside(game_dir, relative, report, where)
    if path is None:
        return None
    display = f"{game_dir.name}/{relative}"
    if not path.suffix.lower() in (".ttf", ".otf"):
        report.error(where, "font.file", f"font {relative!r}: expected a .ttf or .otf file")
        return None
    try:
        data = read_limited(path, display, MAX_FONT_BYTES, "fonts")
    except InputError as exc:
        report.error(where, "font.file", f"font {relative!r} {exc.message}")
        return None
    if not _licence_beside(path):
        report.error(where, "font.licence", f"font {relative!r} has no licence file beside it (a file named "
                                            "LICENSE, LICENCE, OFL, COPYING or NOTICE, with any extension, in "
                                            f"{Path(relative).parent.as_posix() or 'the game folder'}); a kit "
                                            "embeds its fonts, so their licence must travel with them")
        return None
    digest = hashlib.sha256(data).hexdigest()
    family = _kept_family(digest)
    if family is None:
        try:
            checked = truetype_outlines(data)
            family = _family(checked)
        except Exception as exc:  # fontTools and reportlab raise many kinds on a damaged file
            report.error(where, "font.file", f"font {relative!r} cannot be read as a TrueType or OpenType font ({exc})")
            return None
        if checked is data:  # TrueType outlines, as given: the next run need not read it again
            _keep_family(digest, family)
        data, digest = checked, hashlib.sha256(checked).hexdigest()
    return GameFont(relative, data, digest, family)


def _kept_name(digest: str) -> str:
    from generator import kept

    stamp = kept.stamp(__name__, "fontTools", "fontTools.ttLib.ttFont", "reportlab", "reportlab.pdfbase.ttfonts")
    return hashlib.sha256(repr((digest, stamp)).encode()).hexdigest() + ".family"


def _kept_family(digest: str) -> str | None:
    """The family of a TrueType face a former run read and found whole (`generator/kept.py`):
    a check need not load fontTools and reportlab to read it again."""
    from generator import kept

    found = kept.read("fonts", _kept_name(digest))
    return found.decode("utf-8") if found else None


def _keep_family(digest: str, family: str) -> None:
    from generator import kept

    kept.write("fonts", _kept_name(digest), family.encode("utf-8"))


def _licence_beside(path: Path) -> bool:
    folder = path.parent
    try:
        return any(entry.is_file() and entry.name.lower().startswith(LICENCE_PREFIXES) for entry in folder.iterdir())
    except OSError:
        return False


def truetype_outlines(data: bytes) -> bytes:
    """The font as reportlab can embed it: a TrueType-outline font as it is; an OpenType one
    with PostScript (CFF) outlines redrawn with quadratic curves (fontTools' cu2qu)."""
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(data), lazy=False)
    if "glyf" in font:
        _parse_check(data)
        return data
    if "CFF " not in font:
        raise ValueError("it has neither TrueType nor PostScript outlines")
    out = _cff_to_glyf(font)
    _parse_check(out)
    return out


def _cff_to_glyf(font) -> bytes:
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    glyph_set = font.getGlyphSet()
    glyphs = {}
    for name in font.getGlyphOrder():
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
        glyphs[name] = pen.glyph()
    glyf = font["glyf"] = newTable("glyf")
    glyf.glyphOrder = font.getGlyphOrder()
    glyf.glyphs = glyphs
    font["loca"] = newTable("loca")
    font["maxp"].tableVersion = 0x00010000
    for name in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                 "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(font["maxp"], name, 0)
    font["maxp"].maxZones = 1
    font["head"].glyphDataFormat = 0
    font["post"].formatType = 2.0
    font["post"].extraNames = []
    font["post"].mapping = {}
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    font.sfntVersion = "\x00\x01\x00\x00"
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _parse_check(data: bytes) -> None:
    """reportlab reads it as the PDF backend will (raises what it cannot embed)."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    TTFontFile(io.BytesIO(data), validate=1)


def _family(data: bytes) -> str:
    from fontTools.ttLib import TTFont

    name = TTFont(io.BytesIO(data))["name"]
    return str(name.getDebugName(1) or "font")
