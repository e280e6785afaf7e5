"""Helpers for the picture tests: small pictures made here, and where a PDF page draws its
image and form XObjects (the content stream read with pypdf, the graphics state tracked)."""

from __future__ import annotations

import io

from PIL import Image as PilImage
from pypdf import PdfReader
from pypdf.generic import ContentStream

MM_PER_PT = 25.4 / 72
PLANE_SVG = """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50">
  <path d="M50 4 L56 20 L96 24 L96 30 L56 30 L53 42 L64 46 L36 46 L47 42 L44 30 L4 30 L4 24 L44 20 Z" fill="#202020"/>
</svg>
"""


def png_bytes(width: int, height: int, colour=(200, 40, 40)) -> bytes:
    out = io.BytesIO()
    PilImage.new("RGB", (width, height), colour).save(out, "PNG")
    return out.getvalue()


def write_png(path, width: int, height: int, colour=(200, 40, 40)) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(png_bytes(width, height, colour))


def _multiply(m, n):
    """m then n, as PDF matrices [a b c d e f]."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2, e * a2 + f * c2 + e2,
            e * b2 + f * d2 + f2)


def placements(pdf: bytes, page_number: int = 0) -> list[tuple[str, str, tuple[float, float, float, float]]]:
    """(XObject name, its subtype, the box it covers as (left, top, right, bottom) in mm from
    the page's top-left corner) for every image or form the page draws with Do."""
    reader = PdfReader(io.BytesIO(pdf))
    page = reader.pages[page_number]
    height_pt = float(page.mediabox.height)
    xobjects = page["/Resources"].get("/XObject", {})
    content = ContentStream(page.get_contents(), reader)
    ctm = (1, 0, 0, 1, 0, 0)
    stack = []
    found = []
    for operands, operator in content.operations:
        if operator == b"q":
            stack.append(ctm)
        elif operator == b"Q":
            ctm = stack.pop()
        elif operator == b"cm":
            ctm = _multiply(tuple(float(v) for v in operands), ctm)
        elif operator == b"Do":
            name = str(operands[0])
            xobject = xobjects[name].get_object()
            subtype = str(xobject["/Subtype"])
            if subtype == "/Form":
                x0, y0, x1, y1 = (float(v) for v in xobject["/BBox"])
                matrix = tuple(float(v) for v in xobject.get("/Matrix", (1, 0, 0, 1, 0, 0)))
                full = _multiply(matrix, ctm)
            else:
                x0, y0, x1, y1 = 0.0, 0.0, 1.0, 1.0
                full = ctm
            points = [_apply(full, x, y) for x in (x0, x1) for y in (y0, y1)]
            xs, ys = [p[0] for p in points], [height_pt - p[1] for p in points]
            found.append((name, subtype, tuple(round(v * MM_PER_PT, 3) for v in (min(xs), min(ys), max(xs), max(ys)))))
    return found


def _apply(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def image_objects(pdf: bytes) -> list:
    """Every image XObject stored in the file (each stored object once)."""
    reader = PdfReader(io.BytesIO(pdf))
    found = []
    for number in range(1, reader.trailer["/Size"]):
        try:
            obj = reader.get_object(number)
        except Exception:
            continue
        if hasattr(obj, "get") and obj.get("/Subtype") == "/Image":
            found.append(obj)
    return found


def xobject_ids(pdf: bytes) -> set[int]:
    """The object numbers of every XObject any page's resources name."""
    reader = PdfReader(io.BytesIO(pdf))
    found = set()
    for page in reader.pages:
        for ref in page["/Resources"].get("/XObject", {}).values():
            found.add(ref.idnum)
    return found
