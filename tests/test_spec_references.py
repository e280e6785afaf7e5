"""`ref.spec`, `ref.units` and `ref.map`: every id game.yaml or a table refers to must be
declared. One bad reference per case, each with the exact message (file, line, column, the
unknown id, the nearest known one and what is known) an author reads."""

from __future__ import annotations

import pytest

from checks import issues

CASES = [
    pytest.param(
        lambda g: g.append("game.yaml", "default_scenario: openning"),
        "mini/game.yaml:135:1: error: ref.unknown-scenario: unknown scenario 'openning'; did you mean 'opening'? "
        "(known: opening)",
        id="default-scenario",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "    name: Blueland\n    side: blue\n", "    name: Blueland\n    side: bleu\n"),
        "mini/game.yaml:12:5: error: ref.unknown-side: unknown side 'bleu'; did you mean 'blue'? (known: blue, red)",
        id="nationality-side",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "    step_system: reformed\n", "    step_system: reform\n"),
        ["mini/game.yaml:21:5: error: ref.unknown-step-system: unknown step system 'reform'; did you mean "
         "'reformed'? (known: big, one, reformed, two)",
         # Greyland's unit b3 takes its nationality's step system
         "mini/units.csv:4:11: error: ref.unknown-step-system: [step_system] unknown step system 'reform'; did you "
         "mean 'reformed'? (known: big, one, reformed, two)"],
        id="nationality-step-system",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "factor_layout: cav}", "factor_layout: cavalry}"),
        "mini/game.yaml:25:47: error: ref.unknown-factor-layout: unknown factor layout 'cavalry'; did you mean "
        "'cav'? (known: adm, cav, none)",
        id="unit-type-factor-layout",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "{measure: weight, max: 2, name: at most 2 corps}",
                            "{measure: weight, max: 2, name: at most 2 corps, sizes: [XXXX]}"),
        "mini/game.yaml:50:56: error: ref.unknown-size: unknown size 'XXXX'; did you mean 'XXX'? (known: II, XX, XXX)",
        id="stacking-size",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "{measure: weight, max: 2, name: at most 2 corps}",
                            "{measure: weight, max: 2, name: at most 2 corps, types: [infantry]}"),
        "mini/game.yaml:50:56: error: ref.unknown-unit-type: unknown unit type 'infantry' (known: art, cav, inf)",
        id="stacking-type",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "{measure: weight, max: 2, name: at most 2 corps}",
                            "{measure: weight, max: 2, name: at most 2 corps, exempt_types: [artillery]}"),
        "mini/game.yaml:50:56: error: ref.unknown-unit-type: unknown unit type 'artillery' (known: art, cav, inf)",
        id="stacking-exempt-type",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "{measure: weight, max: 2, name: at most 2 corps}",
                            "{measure: weight, max: 2, name: at most 2 corps, exempt_features: [town]}"),
        "mini/game.yaml:50:56: error: ref.unknown-feature: unknown feature 'town' (known: city)",
        id="stacking-exempt-feature",
    ),
    pytest.param(
        lambda g: g.append("game.yaml", "unit_states:\n  - {id: disorganised, name: Disorganised, marker: disorg}"),
        "mini/game.yaml:136:44: error: ref.unknown-marker: unknown marker 'disorg' (known: control-red, turn)",
        id="unit-state-marker",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "{id: blueland, name: Blueland, side: blue}",
                            "{id: blueland, name: Blueland, side: blues}"),
        "mini/game.yaml:61:36: error: ref.unknown-side: unknown side 'blues'; did you mean 'blue'? (known: blue, red)",
        id="region-side",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "{id: neutralia, name: Neutralia, neutral: true}",
                            "{id: neutralia, name: Neutralia, neutral: true, prohibited_to: [inf]}"),
        "mini/game.yaml:63:53: error: ref.unknown-side-or-nationality: unknown side or nationality 'inf' "
        "(known: bl, blue, gy, rd, red)",
        id="region-prohibited-to-a-unit-type",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "    default_region: blueland\n",
                            "    default_region: blueland\n    default_terrain: plains\n"),
        "mini/game.yaml:71:5: error: ref.unknown-terrain: unknown terrain 'plains' (known: clear, forest, sea)",
        id="map-default-terrain",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "    default_region: blueland\n", "    default_region: bluland\n"),
        ["mini/game.yaml:70:5: error: ref.unknown-region: unknown region 'bluland'; did you mean 'blueland'? "
         "(known: blueland, neutralia, redland)",
         # the hexes that name no region are in the map's default one
         "mini/map/hexes.csv:3:5: error: ref.unknown-region: [region] unknown region 'bluland'; did you mean "
         "'blueland'? (known: blueland, neutralia, redland)",
         "mini/map/hexes.csv:4:5: error: ref.unknown-region: [region] unknown region 'bluland'; did you mean "
         "'blueland'? (known: blueland, neutralia, redland)"],
        id="map-default-region",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "    default_region: blueland\n",
                            "    default_region: blueland\n    edges:\n      - {edge: west, friendly_to: gray}\n"),
        "mini/game.yaml:72:22: error: ref.unknown-side: unknown side 'gray' (known: blue, red)",
        id="map-edge-friendly-to",
    ),
    pytest.param(
        lambda g: g.replace("units.csv", "b2,bl,inf,XX,2,3-3-4,0101,1,illustrative,,",
                            "b2,bl,inf,XX,2,3-3-4,0101,1,illustrative,,too"),
        "mini/units.csv:3:11: error: ref.unknown-step-system: [step_system] unknown step system 'too'; did you mean "
        "'two'? (known: big, one, reformed, two)",
        id="unit-step-system",
    ),
    pytest.param(
        lambda g: g.replace("markers.csv", "control-red,Red control,Control,,red,", "control-red,Red control,Control,,reds,"),
        "mini/markers.csv:3:5: error: ref.unknown-side: [side] unknown side 'reds'; did you mean 'red'? (known: blue, red)",
        id="marker-side",
    ),
    pytest.param(
        lambda g: g.replace("map/hexes.csv", "0101,clear,Blueton,city,blueland,red=2", "0101,clear,Blueton,city,blueland,rot=2"),
        "mini/map/hexes.csv:2:6: error: ref.unknown-side: [vp] unknown side 'rot' (known: blue, red)",
        id="hex-victory-side",
    ),
]


@pytest.mark.parametrize("edit, expected", CASES)
def test_an_unknown_reference_names_its_place_and_the_known_ids(mini, edit, expected):
    edit(mini)
    assert issues(mini, "ref.") == (expected if isinstance(expected, list) else [expected])
