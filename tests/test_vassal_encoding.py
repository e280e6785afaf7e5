"""VASSAL's SequenceEncoder ported exactly, and piece definitions built from it: the escaping
rules, round trips through the decoder at any depth, and the worked example of
shared/reference/wargame-latex.md (section 3.3) reproduced character for character."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from properties import examples

from generator.export.vassal.pieces import (
    Keystroke,
    LayerCommand,
    Trait,
    basic_piece,
    calculated_property,
    layer,
    marker,
    piece_definition,
)
from generator.export.vassal.sequence import decode, encode

T = "\t"

# Real pywargame -> VASSAL output: Layer > Mark CF > Mark MF > Prototype > BasicPiece.
EXAMPLE_LAYER = ("emb2;Activate;130;A;Flip;130;[;;130;];;;1;false;0;0;u1.png,u1_flipped.png;,Reduced +;"
                 "true;Step;;;false;;1;1;true;65,130;70,130;93,130;;1.0")
EXAMPLE = ("+/null/" + EXAMPLE_LAYER + T + "mark;CF\\" + T + "mark;MF\\\\" + T + "prototype;Allies prototype\\\\\\"
           + T + "piece;;;u1.png;1st Inf/1" + T + "4\\" + T + "3\\\\" + T + "\\\\\\" + T + "null;0;0;20;0")


# -- the encoder's rules ---------------------------------------------------------------------

def test_values_are_joined_and_a_delimiter_inside_one_gets_a_backslash():
    assert encode(["a", "b,c", ""], ",") == "a,b\\,c,"
    # VASSAL's own javadoc example: {A,{B,C}} -> A,B\,C
    assert encode(["A", encode(["B", "C"], ",")], ",") == "A,B\\,C"


def test_only_the_delimiter_is_escaped_not_a_backslash_or_another_delimiter():
    assert encode(["a\\b;c", "x"], ",") == "a\\b;c,x"


def test_a_value_ending_in_a_backslash_or_quoted_is_wrapped_in_quotes():
    assert encode(["path\\", "x"], ",") == "'path\\',x"
    assert encode(["'quoted'"], ",") == "''quoted''"
    assert encode(["'open"], ",") == "'open"  # only a value both starting and ending with '
    assert encode(["a,b\\"], ",") == "'a\\,b\\'"


def test_none_is_written_as_nothing_and_no_values_at_all_is_none():
    assert encode([None, "x", None], ";") == ";x;"
    assert encode([], ";") is None
    assert encode([""], ";") == ""


def test_numbers_and_booleans_are_written_as_java_writes_them():
    assert encode([True, False, 130, -1, 1.0, 96.5], ";") == "true;false;130;-1;1.0;96.5"


def test_the_decoder_splits_unescapes_and_unquotes():
    assert decode("a,b\\,c,", ",") == ["a", "b,c", ""]
    assert decode("'path\\',x", ",") == ["path\\", "x"]
    assert decode(",x", ",") == ["", "x"]
    assert decode("a\\,\\,b", ",") == ["a,,b"]
    assert decode("a\\\\,b", ",") == ["a\\,b"]  # only the backslash right before the delimiter goes
    assert decode(None, ",") == []


def test_a_delimiter_is_one_character():
    with pytest.raises(ValueError, match="one character"):
        encode(["a"], ";;")


# -- round trips -------------------------------------------------------------------------------

TRICKY = st.text(alphabet=st.sampled_from(["a", "Z", " ", "\\", "'", "\t", ";", ",", "/", "+", "é"]), max_size=12)


@settings(max_examples=examples(400))
@given(st.lists(TRICKY, min_size=1, max_size=6), st.sampled_from(["\t", ";", ",", "/"]))
def test_any_values_survive_a_round_trip(values, delimiter):
    assert decode(encode(values, delimiter), delimiter) == values


@settings(max_examples=examples(200))
@given(st.lists(st.lists(TRICKY, min_size=1, max_size=4), min_size=1, max_size=4))
def test_nested_sequences_survive_a_round_trip(groups):
    """Lists inside a list inside a list, as traits nest fields inside piece types."""
    inner = [encode(group, ";") for group in groups]
    outer = encode([encode(inner, "\t"), "state"], "/")
    first, state = decode(outer, "/")
    assert state == "state"
    assert [decode(part, ";") for part in decode(first, "\t")] == groups


# -- piece definitions -------------------------------------------------------------------------

def test_the_worked_example_of_the_reference_is_reproduced_exactly():
    traits = [Trait(EXAMPLE_LAYER, "1"), Trait("mark;CF", "4"), Trait("mark;MF", "3"),
              Trait("prototype;Allies prototype", "")]
    assert piece_definition(traits, Trait("piece;;;u1.png;1st Inf", "null;0;0;20;0")) == EXAMPLE


def unwrap(definition: str) -> tuple[str, list[str], list[str]]:
    """(id, trait types outermost first, their states) of a definition, as VASSAL reads it:
    BasicCommandEncoder.decode, then createPiece / Decorator.setState level by level."""
    assert definition.startswith("+/")
    piece_id, piece_type, state = decode(definition[2:], "/")
    types, states = [], []
    while True:
        outer, *inner = decode(piece_type, "\t")
        types.append(outer)
        outer_state, *inner_state = decode(state, "\t")
        states.append(outer_state)
        if not inner:
            return piece_id, types, states
        piece_type, state = inner[0], inner_state[0]


def test_the_worked_example_decodes_into_its_traits():
    piece_id, types, states = unwrap(EXAMPLE)
    assert piece_id == "null"
    assert types == [EXAMPLE_LAYER, "mark;CF", "mark;MF", "prototype;Allies prototype", "piece;;;u1.png;1st Inf"]
    assert states == ["1", "4", "3", "", "null;0;0;20;0"]


def test_our_traits_round_trip_through_the_decoder():
    step = layer("Step", ["de-1-front.png", "de-1-back.png"], ["", "+ (reduced)"], level=2,
                 increase=LayerCommand("Flip", Keystroke("F")), loop=True)
    factors = marker([("attack", "6"), ("defence", "7"), ("name", "I Corps; A/B, \\")])
    speed = calculated_property("movement", "{Step_Level==1?4:3}")
    definition = piece_definition([step, factors, speed], basic_piece("I Corps/1", "", "17"))
    _, types, states = unwrap(definition)
    assert types[0].startswith("emb2;") and states[0] == "2"
    fields = decode(types[0][len("emb2;"):], ";")
    assert decode(fields[15], ",") == ["de-1-front.png", "de-1-back.png"]
    assert decode(fields[16], ",") == ["", "+ (reduced)"]
    assert (fields[3], fields[27], fields[18], fields[17]) == ("Flip", "70,130", "Step", "true")
    assert decode(types[1][len("mark;"):], ",") == ["attack", "defence", "name"]
    assert decode(states[1], ",") == ["6", "7", "I Corps; A/B, \\"]
    assert decode(types[2][len("calcProp;"):], ";") == ["movement", "{Step_Level==1?4:3}", ""]
    assert types[3] == "piece;;;;I Corps/1"
    assert decode(states[3], ";") == ["null", "0", "0", "17", "0"]


def test_a_layer_checks_its_levels():
    with pytest.raises(ValueError, match="one name per image"):
        layer("Step", ["a.png", "b.png"], [""])
    with pytest.raises(ValueError, match="level 3"):
        layer("Step", ["a.png", "b.png"], ["", ""], level=3)
