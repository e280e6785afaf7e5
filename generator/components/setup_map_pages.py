"""The pages of a scenario's setup maps: each map that fits a page alone is drawn as large as
its page allows, but maps that fit one page side by side (or one above the other) at a scale
still readable (setup_map.FIT_MIN_SCALE, and none larger than it would be alone) share it: a
game of several small maps (fronts) does not take a page for each. A map too spread out for
one page keeps its own pages (setup_map.map_sections).
"""

from __future__ import annotations

from generator.components.setup_map import FIT_MIN_SCALE, MapSection, map_sections
from generator.layout.frame import Frame

GAP_MM = 6.0  # between maps sharing a page


def map_pages(context, by_map: dict[str, dict], flagged: dict[str, set[str]], frame_of) -> list[list[MapSection]]:
    """Each page's map sections: the maps that fit a page (several to a page where they fit
    it together, first fit in the maps' order), then the pages of those that need more.
    `frame_of(page_mm)` gives the region of a page of that size the maps may fill."""
    alone = [(map_id, hexes, map_sections(context, map_id, hexes, flagged.get(map_id, set()), frame_of))
             for map_id, hexes in by_map.items()]
    groups: list[list[tuple[str, dict, MapSection]]] = []  # maps of one page each, gathered to share pages
    spread: list[list[MapSection]] = []  # the pages of maps too spread out for one
    for map_id, hexes, sections in alone:
        if len(sections) != 1:
            spread += [[section] for section in sections]
            continue
        fits = next((group for group in groups
                     if _arrangement(context, [s for _, _, s in group] + sections, frame_of) is not None), None)
        if fits is None:
            groups.append([(map_id, hexes, sections[0])])
        else:
            fits.append((map_id, hexes, sections[0]))
    return [page for group in groups for page in _shared(context, group, flagged, frame_of)] + spread


def _native(section: MapSection) -> tuple[float, float]:
    """The map's window at true size (mm)."""
    left, top, right, bottom = section.map_box
    return (right - left) / section.scale, (bottom - top) / section.scale


def _arrangement(context, sections: list[MapSection], frame_of):
    """(page size, across or not, scale) putting every section on one page at the largest
    common scale, none larger than alone; None when that is under FIT_MIN_SCALE."""
    paper = tuple(context.options.paper_mm)
    best = None
    for page_mm in (paper, (max(paper), min(paper))):
        frame = frame_of(page_mm)
        sizes = [_native(s) for s in sections]
        gaps = GAP_MM * (len(sections) - 1)
        for across in (True, False):
            if across:
                scale = min((frame.width_mm - gaps) / sum(w for w, _ in sizes), frame.height_mm / max(h for _, h in sizes))
            else:
                scale = min(frame.width_mm / max(w for w, _ in sizes), (frame.height_mm - gaps) / sum(h for _, h in sizes))
            scale = min(scale, *(s.scale for s in sections))
            if best is None or scale > best[2] + 1e-9:
                best = (page_mm, across, scale)
    return best if best is not None and best[2] >= FIT_MIN_SCALE - 1e-9 else None


def _shared(context, group, flagged, frame_of) -> list[list[MapSection]]:
    """The group's maps on one page (a single map: its page as drawn alone)."""
    if len(group) < 2:
        return [[section] for _, _, section in group]
    page_mm, across, scale = _arrangement(context, [s for _, _, s in group], frame_of)
    frame = frame_of(page_mm)
    sizes = [(w * scale, h * scale) for w, h in (_native(s) for _, _, s in group)]
    extent = (sum(w for w, _ in sizes) + GAP_MM * (len(sizes) - 1)) if across else \
        (sum(h for _, h in sizes) + GAP_MM * (len(sizes) - 1))
    at = (frame.x_mm + (frame.width_mm - extent) / 2) if across else frame.y_mm
    page = []
    for (map_id, hexes, _), (width, height) in zip(group, sizes):
        if across:
            cell = Frame(at, frame.y_mm, width, height)
            at += width + GAP_MM
        else:
            cell = Frame(frame.x_mm + (frame.width_mm - width) / 2, at, width, height)
            at += height + GAP_MM

        def only(size_mm, cell=cell):  # the map's cell on the chosen page; no room on the other
            return cell if tuple(size_mm) == tuple(page_mm) else Frame(0.0, 0.0, 1.0, 1.0)

        page += map_sections(context, map_id, hexes, flagged.get(map_id, set()), only)
    return [page]
