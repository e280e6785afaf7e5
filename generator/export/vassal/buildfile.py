"""buildFile.xml as an element tree: every element is a VASSAL class, named in full.

Only the attributes given are written; VASSAL keeps its defaults for the others. Text that
XML 1.0 cannot hold (control characters other than TAB and line breaks) is refused rather
than written into a module VASSAL could not open.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from generator.errors import WarkitError

MODULE = "VASSAL.build.module."
MAP = MODULE + "map."
BOARD = MAP + "boardPicker."
GRID = BOARD + "board."
WIDGET = "VASSAL.build.widget."
TURN = MODULE + "turn."

# What a hand-written Map must list itself: VASSAL adds only the BoardPicker, StackMetrics
# and a few highlighters on its own (Map.build); without these a map neither drags,
# selects, shows menus, zooms nor shows a stack's contents.
MAP_TOOLS = ("StackMetrics", "ForwardToKeyBuffer", "ForwardToChatter", "MenuDisplayer", "MapCenterer",
             "StackExpander", "PieceMover", "KeyBufferer", "CounterDetailViewer", "Zoomer")

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def element(tag: str, text: str | None = None, /, **attributes: object) -> ET.Element:
    node = ET.Element(tag, {name: _checked(_text(value)) for name, value in attributes.items() if value is not None})
    if text is not None:
        node.text = _checked(text)
    return node


def add(parent: ET.Element, tag: str, text: str | None = None, /, **attributes: object) -> ET.Element:
    node = element(tag, text, **attributes)
    parent.append(node)
    return node


def document_bytes(root: ET.Element) -> bytes:
    ET.indent(root, space=" ")  # only between elements: a leaf's text (a piece definition) is kept
    body = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + body + "\n").encode("utf-8")


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _checked(text: str) -> str:
    bad = _NOT_XML.search(text)
    if bad:
        raise WarkitError(f"the text {text[:40]!r} holds the control character U+{ord(bad.group()):04X}, "
                          "which a VASSAL module cannot store")
    return text
