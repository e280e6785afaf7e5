"""The mini game made richer for the chart tests: a CRT with rows the die cannot roll, DRMs,
a results key and notes; two dice tables; a turn track with long notes; a scenario with
reinforcements and a marker on the track. The fragments live in tests/fixtures/charts/."""

from __future__ import annotations

import pathlib
import re

from generator.build.components import BuildContext
from generator.build.options import BuildOptions
from generator.io.loader import load_game

FRAGMENTS = pathlib.Path(__file__).parent / "fixtures" / "charts"


def enrich(folder) -> pathlib.Path:
    """Rewrite a copy of the mini game (conftest's GameFolder) in place; return its path."""
    text = folder.read("game.yaml")
    text = _swap_section(text, "turn_track", "tables", (FRAGMENTS / "track.yaml").read_text(encoding="utf-8"))
    text = _swap_section(text, "tables", "sequence_of_play", (FRAGMENTS / "tables.yaml").read_text(encoding="utf-8"))
    folder.write("game.yaml", text)
    folder.write("scenarios/opening.yaml", (FRAGMENTS / "opening.yaml").read_text(encoding="utf-8"))
    return folder.path


def _swap_section(text: str, key: str, next_key: str, replacement: str) -> str:
    pattern = re.compile(rf"^{key}:.*?(?=^{next_key}:)", re.S | re.M)
    assert pattern.search(text), f"no {key} section before {next_key}"
    return pattern.sub(lambda _: replacement, text, count=1)


def context_for(path, **options) -> BuildContext:
    loaded = load_game(pathlib.Path(path))
    assert loaded.game is not None and not loaded.report.errors, [str(i) for i in loaded.report.errors]
    defaults = dict(out_dir=pathlib.Path("unused"), paper=loaded.game.spec.print.paper,
                    counter_size_mm=loaded.game.spec.print.counter_size_mm)
    defaults.update(options)
    return BuildContext(loaded.game, BuildOptions(**defaults), "en")


def texts_in(items, transform=None):
    """Every Text under `items` with its anchor point after the groups' transforms:
    [(text item, x_mm, y_mm)] in drawing order."""
    from generator.layout.primitives import Group, Text
    from generator.layout.transform import IDENTITY

    transform = transform or IDENTITY
    found = []
    for item in items:
        if isinstance(item, Group):
            found += texts_in(item.items, item.transform.then(transform))
        elif isinstance(item, Text):
            x, y = transform.apply(item.x_mm, item.y_mm)
            found.append((item, x, y))
    return found


def pdf_words(data: bytes, page_number: int = 0):
    """The text runs of one PDF page with their start point in page millimetres, y down."""
    import io

    import pypdf

    reader = pypdf.PdfReader(io.BytesIO(data))
    page = reader.pages[page_number]
    height_pt = float(page.mediabox.height)
    words = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            x_pt = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
            y_pt = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
            words.append((text, x_pt * 25.4 / 72, (height_pt - y_pt) * 25.4 / 72))

    page.extract_text(visitor_text=visit)
    return words


def drawn_boxes(page, clips: bool = False):
    """Every primitive drawn on `page` with the box (left, top, right, bottom, in page mm)
    it paints: shapes by their geometry plus half their stroke, text from its anchor and
    advance width (`text_width_mm`) and the font's ascender and descender, through every
    group's transform. Clips are ignored (a clipped drawing counts whole), unless `clips`:
    then what a group draws is cut to its clip's box (items wholly outside it are left out)."""
    from generator.layout.primitives import Circle, Group, Image, Line, Path, Polygon, Polyline, Rect, Text, Use
    from generator.layout.transform import IDENTITY

    found = []

    def corners(box, transform):
        left, top, right, bottom = box
        points = [transform.apply(x, y) for x in (left, right) for y in (top, bottom)]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return min(xs), min(ys), max(xs), max(ys)

    def grown(points, style):
        half = style.stroke_width_mm / 2 if style.strokes else 0.0
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half

    def cut(box, limit):
        if limit is None:
            return box
        left, top, right, bottom = max(box[0], limit[0]), max(box[1], limit[1]), min(box[2], limit[2]), min(box[3], limit[3])
        return (left, top, right, bottom) if left <= right and top <= bottom else None

    def clip_box(group, transform):
        shape = group.clip
        if isinstance(shape, Rect):
            box = (shape.x_mm, shape.y_mm, shape.x_mm + shape.width_mm, shape.y_mm + shape.height_mm)
        elif isinstance(shape, Circle):
            box = (shape.cx_mm - shape.r_mm, shape.cy_mm - shape.r_mm, shape.cx_mm + shape.r_mm, shape.cy_mm + shape.r_mm)
        else:
            xs = [p[0] for p in shape.points_mm] if isinstance(shape, Polygon) else [c[i] for c in shape.commands for i in range(1, len(c), 2)]
            ys = [p[1] for p in shape.points_mm] if isinstance(shape, Polygon) else [c[i + 1] for c in shape.commands for i in range(1, len(c), 2)]
            box = (min(xs), min(ys), max(xs), max(ys))
        return corners(box, transform)

    def visit(items, transform, limit=None):
        for item in items:
            if isinstance(item, Group):
                inner = item.transform.then(transform)
                if clips and item.clip is not None:
                    own = clip_box(item, inner)
                    limit_here = own if limit is None else cut(own, limit)
                    if limit_here is None:
                        continue
                    visit(item.items, inner, limit_here)
                else:
                    visit(item.items, inner, limit)
                continue
            if isinstance(item, Text):
                box = cut(corners(_text_box(item), transform), limit)
                if box is not None:
                    found.append((item, box))
                continue
            if isinstance(item, Rect):
                box = grown([(item.x_mm, item.y_mm), (item.x_mm + item.width_mm, item.y_mm + item.height_mm)],
                            item.style)
            elif isinstance(item, Line):
                box = grown([(item.x1_mm, item.y1_mm), (item.x2_mm, item.y2_mm)], item.style)
            elif isinstance(item, (Polyline, Polygon)):
                box = grown(item.points_mm, item.style)
            elif isinstance(item, Circle):
                box = grown([(item.cx_mm - item.r_mm, item.cy_mm - item.r_mm),
                             (item.cx_mm + item.r_mm, item.cy_mm + item.r_mm)], item.style)
            elif isinstance(item, Path):
                box = grown([(c[i], c[i + 1]) for c in item.commands for i in range(1, len(c), 2)], item.style)
            elif isinstance(item, Image):
                box = (item.x_mm, item.y_mm, item.x_mm + item.width_mm, item.y_mm + item.height_mm)
            elif isinstance(item, Use):
                box = cut(corners(page.symbol(item.symbol_id).bbox_mm, item.transform.then(transform)), limit)
                if box is not None:
                    found.append((item, box))
                continue
            else:  # pragma: no cover - a new primitive: teach this helper its geometry
                raise TypeError(f"no geometry for {type(item).__name__}")
            box = cut(corners(box, transform), limit)
            if box is not None:
                found.append((item, box))

    visit(page.items, IDENTITY)
    return found


def _text_box(text):
    """A Text's ink box in page coordinates before any group transform."""
    from generator.fonts.metrics import text_width_mm
    from generator.layout.text_place import baseline_shift_mm
    from generator.layout.transform import Transform

    width = text_width_mm(text.text, text.font, text.size_pt)
    ascent, descent = _line_extents_em(text.font)
    along = -{"start": 0.0, "middle": 0.5, "end": 1.0}[text.anchor] * width
    down = baseline_shift_mm(text)
    size_mm = text.size_pt * 25.4 / 72
    place = Transform.placement(text.x_mm, text.y_mm, text.rotation_deg)
    points = [place.apply(x, y) for x in (along, along + width)
              for y in (down - ascent * size_mm, down + descent * size_mm)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _line_extents_em(font):
    """The font's ascender and descender (hhea), as fractions of the size: accents included."""
    import struct

    from generator.fonts.faces import _tt_font

    face = _tt_font(font).face
    units = struct.unpack(">H", face.get_table("head")[18:20])[0]
    ascender, descender = struct.unpack(">hh", face.get_table("hhea")[4:8])
    return ascender / units, -descender / units
