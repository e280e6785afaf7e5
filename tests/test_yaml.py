"""YAML loading: safe, positions kept, hostile documents refused with a position."""

from __future__ import annotations

import pytest

from generator.errors import InputError
from generator.io.yamlio import parse_yaml


def test_scalars_stay_text_so_hex_ids_keep_their_zeros():
    doc = parse_yaml("hex: 0712\nturn: 5\nflag: yes\nnone: ~\n", "s.yaml")
    assert doc.data == {"hex": "0712", "turn": "5", "flag": "yes", "none": None}


def test_positions_of_keys_and_items():
    doc = parse_yaml("a:\n  - x: 1\n  - x: 2\n", "s.yaml")
    assert doc.where(("a", 1, "x")) == (3, 5)
    assert doc.where(("a", 1, "missing")) == (3, 5)


@pytest.mark.parametrize(
    "text, message",
    [
        ("a: 1\na: 2\n", "s.yaml:2:1: duplicate key 'a'"),
        ("a: !!python/object:os.system x\n", "s.yaml:1:4: tag 'tag:yaml.org,2002:python/object:os.system' is not allowed (plain values only)"),
        ("a: &x [1]\nb:\n  <<: *x\n", "s.yaml:3:3: merge keys ('<<') are not supported"),
    ],
)
def test_bad_yaml_is_one_positioned_message(text, message):
    with pytest.raises(InputError) as caught:
        parse_yaml(text, "s.yaml")
    assert str(caught.value) == message


def test_syntax_error_names_the_position_and_the_problem():
    with pytest.raises(InputError) as caught:
        parse_yaml("a: [1, 2\n", "s.yaml")
    # libyaml and the pure-Python parser word it differently; both name what was expected.
    assert str(caught.value) in (
        "s.yaml:2:1: YAML syntax error: did not find expected ',' or ']'",
        "s.yaml:2:1: YAML syntax error: expected ',' or ']', but got '<stream end>'",
    )


def test_alias_bomb_is_refused():
    bomb = 'a: &a ["x","x","x","x","x","x","x","x","x"]\n'
    for n in range(1, 9):
        bomb += f"{chr(97 + n)}: &{chr(97 + n)} [" + ",".join([f"*{chr(96 + n)}"] * 9) + "]\n"
    with pytest.raises(InputError, match="more than 200000 values"):
        parse_yaml(bomb, "bomb.yaml")


def test_deep_nesting_is_refused():
    with pytest.raises(InputError, match="nested deeper than 64 levels"):
        parse_yaml("a: " + "[" * 80 + "]" * 80 + "\n", "deep.yaml")
