"""A text map back into the tables (`warkit map from-text`): hexes.csv and hexsides.csv."""

from __future__ import annotations

import csv
import io

from generator.maptools.text import vp_text

HEX_COLUMNS = ("hex", "terrain", "name", "features", "region", "vp", "coast", "source", "notes")
HEXSIDE_COLUMNS = ("hex", "neighbour", "feature", "source", "notes")


def hexes_csv(hexes) -> str:
    rows = [[h.hex_id, h.terrain, h.name, ";".join(h.features), h.region or "", vp_text(h.victory),
             ";".join(h.coast), h.source, h.notes] for h in hexes]
    return _csv(HEX_COLUMNS, rows, always=2)


def hexsides_csv(hexsides) -> str:
    rows = [[s.hex_a, s.hex_b, s.feature, s.source, s.notes] for s in hexsides]
    return _csv(HEXSIDE_COLUMNS, rows, always=3)


def _csv(header: tuple[str, ...], rows: list[list[str]], always: int) -> str:
    """The table without the optional columns no row fills."""
    keep = [i for i in range(len(header)) if i < always or any(row[i] for row in rows)]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([header[i] for i in keep])
    writer.writerows([row[i] for i in keep] for row in rows)
    return buffer.getvalue()
