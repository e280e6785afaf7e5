"""The unit rules' remaining error paths (`units.steps`, `units.faces`, `units.marks`,
`units.code`, `units.copies`, a face mark declared twice): one invalid units.csv row or
game.yaml key each, with the exact message, file, line and column the author reads."""

from __future__ import annotations

import pytest

from checks import assert_exact

B2 = "b2,bl,inf,XX,2,3-3-4,0101,1,illustrative,,"


def b2(row: str):
    return lambda g: g.replace("units.csv", B2, row)


def not_from_codes(what: str):
    return lambda g: g.replace("scenarios/opening.yaml", f"{what}_from_codes: true\n", f"{what}_from_codes: false\n")


CASES = [
    pytest.param(lambda g: g.replace("units.csv", "b4,bl,art,II,HA,,0202,1,illustrative,,",
                                     "b4,bl,art,II,HA,,0202,1,illustrative,2,"), "units.steps",
                 "mini/units.csv:5:10: error: units.steps: [steps] unit type 'art' has no steps, but the unit lists 2",
                 id="steps-of-a-type-without-steps"),
    pytest.param(b2("b2,bl,inf,XX,2,3-3-4,0101,1,illustrative,2,one"), "units.steps",
                 "mini/units.csv:3:10: error: units.steps: [steps] step system 'one' has one step; the unit lists 2",
                 id="single-step-system-with-two-steps"),
    pytest.param(b2("b2,bl,inf,XX,2,3-3-4|1-1-4,0101,1,illustrative,,one"), "units.faces",
                 "mini/units.csv:3:6: error: units.faces: [factors] a one-step unit prints factors on its front only; "
                 "found 2 faces (use a flip or reformed step system for a printed back)",
                 id="single-step-unit-with-a-back"),
    pytest.param(b2("b2,bl,inf,XX,2,3-3-4,0101,1,illustrative,,reformed"), "units.faces",
                 "mini/units.csv:3:6: error: units.faces: [factors] a unit with a reformed back needs back values, "
                 "e.g. '6-7-4|3-4-3'",
                 id="reformed-unit-without-a-back"),
    pytest.param(b2("b2,bl,inf,XX,2,3-3-4*,0101,1,illustrative,,"), "units.marks",
                 "mini/units.csv:3:6: warning: units.marks: [factors] faces print the mark '*' (first on unit 'b2') "
                 "but game.yaml's 'face_marks' does not say what it means; players find it explained nowhere",
                 id="a-mark-explained-nowhere"),
    pytest.param(lambda g: g.append("game.yaml", 'face_marks:\n  - {mark: "*", meaning: spent}\n'
                                                 '  - {mark: "*", meaning: worn out}'), "ids.duplicate",
                 "mini/game.yaml:137:6: error: ids.duplicate: face mark '*' is declared twice (first at face_marks[0])",
                 id="a-face-mark-declared-twice"),
    pytest.param(b2("b2,bl,inf,XX,2,3-3-4,0909,1,illustrative,,"), "setup.",
                 "mini/units.csv:3:7: error: setup.hex-exists: [code] set-up hex '0909' is off map 'main' (hexes run "
                 "from 0101 to 0605)",
                 id="corner-code-hex-off-the-map-set-up-from-codes"),
    pytest.param(lambda g: (b2("b2,bl,inf,XX,2,3-3-4,0909,1,illustrative,,")(g), not_from_codes("setup")(g)), "",
                 "mini/units.csv:3:7: error: hex.off-map: [code] corner-code hex '0909' is off map 'main' (hexes run "
                 "from 0101 to 0605)",
                 id="corner-code-hex-off-the-map"),
    pytest.param(b2("b2,bl,inf,XX,2,3-3-4,7,1,illustrative,,"), "",
                 "mini/units.csv:3:7: error: reinforcement.turn-range: [code] unit 'b2' arrives on turn 7, outside the "
                 "turn track (1-4)",
                 id="corner-code-arrival-off-the-track"),
    pytest.param(lambda g: (b2("b2,bl,inf,XX,2,3-3-4,7,1,illustrative,,")(g), not_from_codes("reinforcements")(g)),
                 "",
                 "mini/units.csv:3:7: error: units.code: [code] corner code '7' names turn 7, which is not on the turn "
                 "track (1-4)",
                 id="corner-code-turn-off-the-track"),
    pytest.param(b2("b2,bl,inf,XX,2,3-3-4,0101,51,illustrative,,"), "units.copies",
                 "mini/units.csv:3:8: error: units.copies: [copies] 51 copies of one unit; expected at most 50",
                 id="fifty-one-copies"),
]


@pytest.mark.parametrize("edit, code, expected", CASES)
def test_a_broken_unit_gives_the_exact_message(mini, edit, code, expected):
    assert_exact(mini, edit, code, expected)
