"""The counter sheets' art for the charts: `counter_hook` draws these wherever a chart shows a
counter (reinforcements on the turn track, the setup chart and the setup map).

A unit is drawn on the face that shows its strength: full strength on its first face, and a
unit set up below full strength on the face its step system names for that level (GE 2.11:
a 4-step corps at 3 steps shows A.back, at 2 steps B.front). The picture is the very
SymbolDef of the counter sheets, put inline (clipped to its box) so a chart page needs no
symbol table of its own.
"""

from __future__ import annotations

from generator import caches
from generator.components.blocks.label import block_items
from generator.components.counters.art import counter_border, draw_face
from generator.components.counters.plan import FaceArt, marker_counter, unit_counters
from generator.layout.primitives import Circle, Group, Item, Rect, Style
from generator.model.faces import face_at
from generator.model.game import Game
from generator.model.units import Marker, Unit


def face_name(game: Game, unit: Unit, steps: int | None = None) -> str:
    """Which face ("A.front", "A.back", "B.front", "B.back") shows `unit` at `steps` steps
    (model/faces.face_at)."""
    return face_at(game, unit, steps)


def unit_face(game: Game, unit: Unit, steps: int | None = None, t=None) -> FaceArt:
    """The printed face showing `unit` at `steps` steps (see face_name). A unit's counters are
    worked out once a build and language (a setup chart shows a unit on its card and on its
    map, the turn track on its turn), the Translator asked again for its words each time
    (how a build knows what each document printed: build/parity.py)."""
    letter, side = face_name(game, unit, steps).split(".")
    # by the unit object (held by the entry, so its id is not reused while remembered)
    _, counters = caches.remembered_words("chart_art.unit_counters", game, id(unit), t,
                                          lambda: (unit, unit_counters(game, unit, t)))
    counter = counters[1] if letter == "B" and len(counters) > 1 else counters[0]
    return counter.front if side == "front" else counter.back


def unit_art(game: Game, unit: Unit, size_mm: float, t=None, steps: int | None = None) -> tuple[Item, ...]:
    """`counter_hook`'s unit art: the counter face at `steps` steps, `size_mm` square; a
    block's label turned to show `steps` SP."""
    if game.is_block(unit):
        return block_items(game, unit, size_mm, t, steps)
    return face_items(unit_face(game, unit, steps, t), size_mm)


def marker_art(game: Game, marker: Marker, size_mm: float, t=None, back: bool = False) -> tuple[Item, ...]:
    """`counter_hook`'s marker art: the marker's front (or back), its text in `t`'s language."""
    counter = marker_counter(game, marker, t)
    return face_items(counter.back if back else counter.front, size_mm)


@caches.memoised  # the build's: a unit shows the same face on every setup card, map and track
def face_items(face: FaceArt, size_mm: float) -> tuple[Item, ...]:
    """A face as plain items with its top-left corner at (0, 0): the shared picture inline,
    clipped as the symbol would be, then the text and a thin outline."""
    drawing = draw_face(face, size_mm)
    left, top, right, bottom = drawing.picture.bbox_mm
    if face.shape == "round":
        clip = Circle(size_mm / 2, size_mm / 2, size_mm / 2, Style.filled("#000000"))
    else:
        clip = Rect(left, top, right - left, bottom - top)
    return (Group(drawing.picture.items, clip=clip), *drawing.text, counter_border(face, size_mm))
