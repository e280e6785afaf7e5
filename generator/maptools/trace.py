"""`warkit map trace`: each hex's terrain read off a registered picture of the map.

Every hex is sampled on a disc of points around its centre (well inside the hex, away from
the grid lines); each point votes for the terrain whose legend colour is nearest, if any is
near enough (text, symbols and grid ink match none and do not vote). A hex's confidence is
the share of votes its terrain won, lowered when fewer than half the points voted at all.
The result is a text map (confidences as comments), a list of the doubtful hexes and an
overlay PNG marking them on the picture.
"""

from __future__ import annotations

import dataclasses
import io
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from generator.build.writer import write_atomic
from generator.errors import InputError, WarkitError
from generator.geometry.mapgrid import grid_for
from generator.geometry.registration import Registration, parse_registration, register
from generator.io.paths import MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, read_limited
from generator.io.yamlio import load_yaml
from generator.maptools.text import page_order, to_text
from generator.model.mapdata import Hex, MapSpec
from generator.model.mapstyles import terrain_style
from generator.model.source import Location

_MATCH_DISTANCE = 60.0  # RGB distance within which a pixel counts as a legend colour
MISFIT_WARNING = 0.1  # reference hexes disagreeing by more than this share of a hex are reported
SHIFT_WARNING = 6.0  # a colour shift above this is reported (warkit's own map, blurred JPEG: under 4)
_DISC = 0.32  # sampled disc radius, as a share of the hex's size across flats
_FONT = Path(__file__).resolve().parent.parent / "fonts" / "DejaVuSans-Bold.ttf"


@dataclass(frozen=True)
class HexReading:
    hex_id: str
    position: tuple[int, int]
    terrain: str | None  # None: no sample point on the picture
    confidence: float
    runner_up: str | None
    runner_up_share: float


@dataclass(frozen=True)
class Traced:
    map_id: str
    readings: tuple[HexReading, ...]
    threshold: float
    registration: Registration
    out: Path | None = None
    overlay: Path | None = None
    # How far the picture's colours sit from the legend's, all the same way (RGB): the mean of
    # every voting point's offset from its colour. Noise and blur average out; a scan's or a
    # photo's shifted colours do not, and then terrain can be read wrong yet sure.
    colour_shift: float = 0.0
    hex_px: float = 0.0  # a hex across its flats on the picture, in pixels

    @property
    def doubtful(self) -> list[HexReading]:
        return [r for r in self.readings if r.confidence < self.threshold]

    def _registration_lines(self) -> list[str]:
        registration = self.registration
        if registration.references == 3:
            return ["registration: three reference hexes fix the grid exactly; a fourth would show whether they "
                    "agree (a mistyped pixel is otherwise unseen)"]
        if registration.references < 4:
            return []
        lines = [f"registration: the {registration.references} reference hexes agree within "
                 f"{registration.residual_px:.1f} px (RMS)"]
        if self.hex_px and registration.residual_px > MISFIT_WARNING * self.hex_px:
            lines.append(f"warning: the reference hexes disagree by {registration.residual_px:.0f} px, "
                         f"{registration.residual_px / self.hex_px:.0%} of a hex: a pixel typed wrong, x and y swapped "
                         "or the wrong hex named? The hexes may be sampled off their centres")
        return lines

    def lines(self) -> list[str]:
        doubtful = self.doubtful
        lines = [f"traced {len(self.readings)} hexes of map {self.map_id!r}: {len(self.readings) - len(doubtful)} "
                 f"at confidence {self.threshold:.2f} or more, {len(doubtful)} below"]
        lines += self._registration_lines()
        if self.colour_shift > SHIFT_WARNING:
            lines.append(f"warning: the picture's colours sit {self.colour_shift:.0f} apart from the legend's, all the "
                         "same way (a scan or a photo?): whole areas may be read as the wrong terrain with full "
                         "confidence; give --colours the colours picked off this picture")
        for reading in doubtful[:40]:
            guess = reading.terrain or "nothing"
            other = f"; next {reading.runner_up} {reading.runner_up_share:.2f}" if reading.runner_up else ""
            lines.append(f"  {reading.hex_id}: {guess}? confidence {reading.confidence:.2f}{other}")
        if len(doubtful) > 40:
            lines.append(f"  … and {len(doubtful) - 40} more (marked on the overlay)")
        if self.out:
            lines.append(f"wrote {self.out} (the text map; confidence per hex in its comments)")
        if self.overlay:
            lines.append(f"wrote {self.overlay} (doubtful hexes outlined in red)")
        return lines


def colour_legend(game, path: Path | None, map_spec: MapSpec | None = None) -> dict[str, list[tuple[int, int, int]]]:
    """terrain id -> colours: from a YAML file (id: '#RRGGBB' or a list of them), else the
    colours warkit itself paints each terrain with on `map_spec` (default: the first map):
    its fill, its pattern's two inks, and the fill and pattern seen together (what a blurred
    or small picture shows: a desert's fine marks blur into a colour nearer a mountain's
    fill than the desert's own)."""
    from generator.components.mapparts.palette import terrain_colours

    known = {t.id: t for t in game.spec.terrain}
    if path is None:  # terrain drawn alike (one style) cannot be told apart: the first keeps it
        styles = list(dict.fromkeys(terrain_style(t.id, t.style) for t in game.spec.terrain))
        seen = _seen_together(styles, map_spec or next((m for m in game.spec.maps if not m.is_area), None))
        legend, kept, taken = {}, set(), set()
        for t in game.spec.terrain:
            style = terrain_style(t.id, t.style)
            if style in kept:
                continue
            kept.add(style)
            painted = [_rgb(c) for c in terrain_colours(style)] + ([seen[style]] if style in seen else [])
            colours = [c for c in dict.fromkeys(painted) if c not in taken]
            if colours and painted[0] in colours:  # painted like another terrain: cannot be told apart
                legend[t.id] = colours
                taken.update(colours)
        return legend
    doc = load_yaml(path, str(path))
    if not isinstance(doc.data, dict) or not doc.data:
        raise InputError(str(path), "expected a mapping of terrain id to colour, e.g. 'forest: \"#2f5d3a\"'", 1)
    legend = {}
    for key, value in doc.data.items():
        line, column = doc.where((key,))
        if key not in known:
            raise InputError(str(path), f"unknown terrain {key!r} (game.yaml declares {', '.join(known)})", line, column)
        values = value if isinstance(value, list) else [value]
        try:
            legend[key] = [_rgb(str(v)) for v in values]
        except ValueError:
            raise InputError(str(path), f"{key}: expected colours like '#2f5d3a', found {value!r}", line, column) from None
    return legend


def _seen_together(styles: list[str], map_spec: MapSpec | None) -> dict[str, tuple[int, int, int]]:
    """style -> the mean colour of the disc a hex of that terrain is sampled on, as warkit
    draws it (the terrain's symbol rendered alone, 64 px across)."""
    import pypdfium2 as pdfium

    from generator.components.mapparts.hexshape import HexShape
    from generator.components.mapparts.terrain_art import terrain_symbol, terrain_symbol_id
    from generator.layout.primitives import Page, Use
    from generator.render.pdf import render_pdf

    if map_spec is None or not styles:
        return {}
    grid = grid_for(map_spec.grid)
    shape = HexShape.of(grid)
    step = shape.size_mm * 1.5
    page = Page(step * len(styles), step, tuple(Use(terrain_symbol_id(style), step * (n + 0.5), step / 2)
                                                for n, style in enumerate(styles)),
                tuple(terrain_symbol(style, shape) for style in styles))
    px_per_mm = 64 / shape.size_mm
    document = pdfium.PdfDocument(render_pdf([page], title="terrain"))
    try:
        pixels = np.asarray(document[0].render(scale=px_per_mm * 25.4 / 72).to_pil().convert("RGB"), dtype=np.float32)
    finally:
        document.close()
    offsets = _disc_offsets(_DISC * shape.size_mm * px_per_mm)
    out = {}
    for n, style in enumerate(styles):
        centre = np.array([step * (n + 0.5), step / 2]) * px_per_mm
        points = np.rint(centre[None, :] + offsets).astype(np.int64)
        mean = pixels[points[:, 1], points[:, 0]].mean(axis=0)
        out[style] = tuple(int(round(v)) for v in mean)
    return out


def _rgb(text: str) -> tuple[int, int, int]:
    text = text.strip()
    if len(text) != 7 or not text.startswith("#"):
        raise ValueError(text)
    return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)


def load_picture(path: Path) -> np.ndarray:
    """The picture as an (height, width, 3) array; InputError when it cannot be one."""
    data = read_limited(Path(path), str(path), MAX_IMAGE_BYTES, "images")
    try:
        with Image.open(io.BytesIO(data)) as image:
            if image.width * image.height > MAX_IMAGE_PIXELS:
                raise InputError(str(path), f"is {image.width} x {image.height} pixels; pictures are limited to "
                                            f"{MAX_IMAGE_PIXELS} pixels (scan at a lower resolution)")
            return np.asarray(image.convert("RGB"), dtype=np.float32)
    except (OSError, Image.DecompressionBombError, ValueError) as exc:
        raise InputError(str(path), f"is not a picture warkit can read (PNG or JPEG): {exc}") from None


def trace(pixels: np.ndarray, map_spec: MapSpec, registration: Registration,
          legend: dict[str, list[tuple[int, int, int]]], threshold: float = 0.6) -> Traced:
    grid = grid_for(map_spec.grid)
    rows, columns = page_order(map_spec)
    positions = [(col, row) for row in rows for col in columns]
    names = [terrain for terrain, colours in legend.items() for _ in colours]
    palette = np.array([c for colours in legend.values() for c in colours], dtype=np.float32)
    radius_px = _DISC * grid.size_mm * registration.pixels_per_mm
    offsets = _disc_offsets(radius_px)
    centres = np.array([registration.hex_centre_px(grid, c, r) for c, r in positions], dtype=np.float32)
    points = np.rint(centres[:, None, :] + offsets[None, :, :]).astype(np.int64)  # (hexes, samples, xy)
    height, width = pixels.shape[:2]
    inside = (points[..., 0] >= 0) & (points[..., 0] < width) & (points[..., 1] >= 0) & (points[..., 1] < height)
    xs, ys = np.clip(points[..., 0], 0, width - 1), np.clip(points[..., 1], 0, height - 1)
    colours = pixels[ys, xs]  # (hexes, samples, 3)
    distances = np.linalg.norm(colours[:, :, None, :] - palette[None, None, :, :], axis=-1)
    nearest = distances.argmin(axis=-1)
    voting = inside & (distances.min(axis=-1) <= _MATCH_DISTANCE)
    shift = (colours - palette[nearest])[voting].mean(axis=0) if voting.any() else np.zeros(3)
    terrain_ids = list(legend)
    index_of = np.array([terrain_ids.index(n) for n in names])
    votes = np.zeros((len(positions), len(terrain_ids)), dtype=np.int64)
    for k in range(len(terrain_ids)):
        votes[:, k] = ((index_of[nearest] == k) & voting).sum(axis=1)
    readings = []
    samples = offsets.shape[0]
    for i, (col, row) in enumerate(positions):
        counted = int(votes[i].sum())
        order = np.argsort(-votes[i], kind="stable")
        if not inside[i].any() or counted == 0:
            readings.append(HexReading(grid.hex_id(col, row), (col, row), None, 0.0, None, 0.0))
            continue
        best, second = int(order[0]), int(order[1]) if len(order) > 1 else None
        share = votes[i, best] / counted
        coverage = min(1.0, counted / (0.5 * samples))
        runner = terrain_ids[second] if second is not None and votes[i, second] else None
        readings.append(HexReading(grid.hex_id(col, row), (col, row), terrain_ids[best], round(float(share * coverage), 3),
                                   runner, round(float(votes[i, second] / counted), 3) if runner else 0.0))
    return Traced(map_spec.id, tuple(readings), threshold, registration, colour_shift=round(float(np.linalg.norm(shift)), 1),
                  hex_px=grid.size_mm * registration.pixels_per_mm)


def _disc_offsets(radius: float) -> np.ndarray:
    """About 80 points evenly over a disc (a square lattice clipped to the circle)."""
    step = max(radius / 5.0, 0.5)
    span = np.arange(-radius, radius + 1e-9, step)
    grid = np.array([(x, y) for x in span for y in span if x * x + y * y <= radius * radius], dtype=np.float32)
    return grid if len(grid) else np.zeros((1, 2), dtype=np.float32)


def traced_text(game, map_spec: MapSpec, traced: Traced, preferred: dict | None = None) -> str:
    """The game's map with the traced terrain: a text map, each hex's confidence as comments;
    `preferred`: the symbols to keep (`symbols.own_symbols`)."""
    text = to_text(traced_game(game, map_spec, traced), map_spec, preferred)
    return text + _confidence_comments(map_spec, traced)


def traced_game(game, map_spec: MapSpec, traced: Traced):
    """The game with the map's hexes given the traced terrain (hexes off the picture kept)."""
    by_id = {h.hex_id: h for h in game.hexes if h.map_id == map_spec.id}
    hexes = [h for h in game.hexes if h.map_id != map_spec.id]
    for reading in traced.readings:
        old = by_id.get(reading.hex_id)
        if reading.terrain is None:
            if old is not None:
                hexes.append(old)
            continue
        if old is None:
            old = Hex(map_spec.id, reading.hex_id, reading.terrain, "", (), map_spec.default_region, (),
                      Location(map_spec.id))
        hexes.append(dataclasses.replace(old, terrain=reading.terrain))
    return dataclasses.replace(game, hexes=tuple(hexes))


def _confidence_comments(map_spec: MapSpec, traced: Traced) -> str:
    rows, columns = page_order(map_spec)
    by_position = {r.position: r for r in traced.readings}
    lines = ["", "# Confidence of each hex's traced terrain, in tenths (9: 90 % or more; 0: unreadable):"]
    for row in rows:
        digits = " ".join(str(min(9, int(by_position[(col, row)].confidence * 10))) for col in columns)
        lines.append(f"#   {digits}  # row {row}")
    return "\n".join(lines) + "\n"


def overlay_png(pixels: np.ndarray, map_spec: MapSpec, traced: Traced, symbols: dict[str, str]) -> bytes:
    """The picture, lightened, with every hex outlined, its traced symbol at its centre and
    the doubtful hexes outlined and tinted in red."""
    from generator.render.png import encode_png

    grid = grid_for(map_spec.grid)
    base = Image.fromarray(pixels.astype(np.uint8), "RGB")
    scale = min(1.0, 2400 / max(base.size))
    if scale < 1.0:
        base = base.resize((round(base.width * scale), round(base.height * scale)), Image.Resampling.LANCZOS)
    canvas = Image.blend(base, Image.new("RGB", base.size, (255, 255, 255)), 0.35).convert("RGBA")
    layer = Image.new("RGBA", canvas.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    size_px = grid.size_mm * traced.registration.pixels_per_mm * scale
    font = ImageFont.truetype(str(_FONT), max(8, round(size_px * 0.32)))
    for reading in traced.readings:
        corners = [(x * scale, y * scale) for x, y in traced.registration.hex_corners_px(grid, *reading.position)]
        doubtful = reading.confidence < traced.threshold
        if doubtful:
            draw.polygon(corners, fill=(220, 30, 30, 70), outline=(200, 0, 0, 255), width=max(2, round(size_px / 14)))
        else:
            draw.polygon(corners, outline=(40, 40, 40, 110), width=1)
        x, y = traced.registration.hex_centre_px(grid, *reading.position)
        label = symbols.get(reading.terrain or "", "?")
        draw.text((x * scale, y * scale), label, font=font, anchor="mm", fill=(160, 0, 0, 255) if doubtful else (0, 0, 0, 200))
    return encode_png(Image.alpha_composite(canvas, layer).convert("RGB"))


def trace_command(game, map_spec: MapSpec, image: Path, register_text: str, colours: Path | None, out: Path,
                  overlay: Path, threshold: float) -> Traced:
    """What `warkit map trace` does: trace, then write the text map and the overlay."""
    from generator.maptools.symbols import own_symbols
    from generator.maptools.text import terrain_legend

    try:
        registration = register(parse_registration(register_text), grid_for(map_spec.grid))
    except ValueError as exc:
        raise WarkitError(f"--register: {_plain(exc)}") from None
    legend = colour_legend(game, colours, map_spec)
    _refuse_shared_colours(legend, colours)
    pixels = load_picture(image)
    traced = trace(pixels, map_spec, registration, legend, threshold)
    on_picture = sum(r.terrain is not None for r in traced.readings)
    if on_picture < len(traced.readings) / 2:
        raise WarkitError(f"only {on_picture} of {len(traced.readings)} hexes fall on the picture's known colours: "
                          "check --register (pixels of hex centres) and --colours")
    preferred = own_symbols(game, map_spec)
    text = traced_text(game, map_spec, traced, preferred)
    symbols, _, _ = terrain_legend(traced_game(game, map_spec, traced), map_spec, preferred)  # as in the text
    write_atomic(out, text.encode("utf-8"))
    write_atomic(overlay, overlay_png(pixels, map_spec, traced, {v: k for k, v in symbols.meaning.items()}))
    return dataclasses.replace(traced, out=out, overlay=overlay)


def _refuse_shared_colours(legend: dict, colours: Path | None) -> None:
    seen: dict[tuple, str] = {}
    for terrain, values in legend.items():
        for value in values:
            if value in seen and seen[value] != terrain:
                where = f"in {colours}" if colours else "(warkit paints them alike)"
                raise WarkitError(f"terrain {seen[value]!r} and {terrain!r} have the same colour "
                                  f"#{value[0]:02x}{value[1]:02x}{value[2]:02x} {where}: give --colours a file "
                                  "naming the colour each has on the picture")
            seen[value] = terrain


def _plain(exc: Exception) -> str:
    text = str(exc)
    return text.split("\n", 2)[1].strip() if "validation error" in text and "\n" in text else text

