"""A unit's faces are decided once (model/faces.py): the layout each face was written in is kept
from the loader to the counter sheets, and a spent face is never stronger, an HQ's too."""

from __future__ import annotations

from checks import issues
from generator.components.counters.plan import face_layout, unit_counters
from generator.io.loader import load_game
from generator.model.faces import face_at, layout_of, level_faces, printed_faces


def _dice_game(mini):
    mini.replace("game.yaml", '  - {id: none, name: No factors, pattern: ""}',
                 '  - {id: none, name: No factors, pattern: ""}\n'
                 '  - {id: plain, name: Plain, pattern: "{attack}-{defence}"}\n'
                 '  - {id: die, name: Die, pattern: "{attack} ({defence})", dice: [defence]}')
    mini.replace("game.yaml", "  - {id: inf, name: Infantry, symbol: infantry}",
                 "  - {id: inf, name: Infantry, symbol: infantry}\n"
                 "  - {id: gun, name: Guns, symbol: artillery, factor_layout: [plain, die]}")
    mini.append("units.csv", "g1,bl,gun,II,G,3 (4)|2 (3),,1,illustrative,2,two")
    return load_game(mini.path).game


def test_a_die_face_layout_is_kept_from_the_loader(mini):
    game = _dice_game(mini)
    unit = game.unit_index["g1"]
    assert [f.layout for f in unit.faces] == ["die", "die"]
    gun = game.unit_types["gun"]
    assert layout_of(game, gun, unit.faces[0]).id == "die"  # both layouts give attack and defence
    assert face_layout(game, gun, unit.faces[1]).id == "die"
    front = unit_counters(game, unit)[0].front
    assert (front.factors, front.dice) == ("3", (4,))


def test_faces_and_levels_come_from_one_place(mini):
    game = load_game(mini.path).game
    r3 = game.unit_index["r3"]  # four steps on two counters
    assert [(p.slot, p.face.text, p.state) for p in printed_faces(game, r3)] == [
        ("A.front", "6-6-4", "full"), ("A.back", "5-5-4", "reduced"), ("B.front", "3-3-4", "reduced"),
        ("B.back", "2-2-4", "reduced")]
    assert level_faces(game, r3) == ("A.front", "A.back", "B.front", "B.back")
    assert [face_at(game, r3, s) for s in (4, 3, 2, 1, None)] == ["A.front", "A.back", "B.front", "B.back", "A.front"]
    b3 = game.unit_index["b3"]  # a reformed back
    assert [(p.slot, p.state) for p in printed_faces(game, b3)] == [("A.front", "full"), ("A.back", "reformed")]


def test_a_spent_face_is_never_stronger_an_hqs_too(mini):
    mini.replace("game.yaml", "  - {id: inf, name: Infantry, symbol: infantry}",
                 "  - {id: inf, name: Infantry, symbol: infantry}\n"
                 "  - {id: hq, name: Headquarters, symbol: headquarters, stacking: free, steps: false}")
    mini.append("units.csv", "h1,bl,hq,,HQ,1-1-3|2-1-3,,1,illustrative,0,")
    assert [i for i in issues(mini) if " units.faces" in i] == [
        "mini/units.csv:9:6: error: units.faces: [factors] face 2 '2-1-3' has attack 2, above the 1 of the stronger "
        "face '1-1-3'"]
