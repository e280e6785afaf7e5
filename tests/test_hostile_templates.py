"""Game templates from the hostile side: the sandbox is bounded, so a template cannot hang the
build or exhaust its memory, and every way of trying ends in one message naming the template
and its line — quickly (each case here takes well under a second)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from charts_game import context_for
from generator.cli.app import app
from generator.components import aid_templates
from generator.components.aid_templates import find_template
from generator.errors import WarkitError

NAME = "mini/templates/player-aid.xml.j2"
BOUNDS = "(game templates run with bounds on time and memory)"
STEPS = f"stopped: more than {aid_templates.MAX_STEPS} loop steps and calls (an endless loop?) {BOUNDS}"
FEW = 10_000  # the runaway cases run with fewer steps allowed: the same stop, ten times sooner
FEW_STEPS = f"stopped: more than {FEW} loop steps and calls (an endless loop?) {BOUNDS}"


def rendered(mini, body: str) -> str:
    mini.write("templates/player-aid.xml.j2", body)
    return find_template(context_for(mini.path), ["player-aid.xml.j2"]).render(side="blue")


@pytest.mark.parametrize("body, message", [
    # time: loops and calls count, wherever the iterable came from
    ("{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}", f"1: {FEW_STEPS}"),
    ("{% set x = range(100000)|list %}\n{% for a in x %}{% for b in x %}{% endfor %}{% endfor %}", f"2: {FEW_STEPS}"),
    ("{% macro f(n) %}{% if n %}{{ f(n-1) }}{{ f(n-1) }}{% endif %}{% endmacro %}{{ f(40) }}", f"1: {FEW_STEPS}"),
    ("{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}",
     "1: stopped: calls nested too deep (a macro that calls itself without end?)"),
    # memory: nothing too big is built, however it is asked for
    ("{{ 'x' * 1000000000 }}", f"1: stopped: a value of 1000000000 characters or items (at most 200000) {BOUNDS}"),
    ("{{ [0] * 1000000000 }}", f"1: stopped: a value of 1000000000 characters or items (at most 200000) {BOUNDS}"),
    ("{% set ns = namespace(s='xx') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
     f"1: stopped: a value of 262144 characters or items (at most 200000) {BOUNDS}"),
    ("{% set s = 'x' * 150000 %}{{ s + s }}", f"1: stopped: a value of 300000 characters or items (at most 200000) "
                                              f"{BOUNDS}"),
    ("{% set ns = namespace(n=2) %}{% for i in range(30) %}{% set ns.n = ns.n * ns.n %}{% endfor %}",
     f"1: stopped: a number of more than 4096 bits {BOUNDS}"),
    ("{{ 10 ** 100000 }}", f"1: stopped: a number of more than 4096 bits {BOUNDS}"),
    ("{{ 'x'.center(999999999) }}", f"1: stopped: the number 999999999 is too large to hand to a function (at most "
                                    f"100000) {BOUNDS}"),
    ("{{ 'x'|center(999999999) }}", f"1: stopped: the number 999999999 is too large to hand to a function (at most "
                                    f"100000) {BOUNDS}"),
    ("{{ '%999999999s' % 'x' }}", f"1: stopped: format field too wide in '%999999999s' (at most 4 digits) {BOUNDS}"),
    ("{{ '%*s' % (999999999, 'x') }}", f"1: stopped: format field too wide in '%*s' (at most 4 digits) {BOUNDS}"),
    ("{{ '%999999999s'|format('x') }}", f"1: stopped: format field too wide in '%999999999s' (at most 4 digits) "
                                        f"{BOUNDS}"),
    ("{{ '{:>999999999}'.format('x') }}", f"1: stopped: format field too wide in '{{:>999999999}}' (at most 4 "
                                          f"digits) {BOUNDS}"),
    ("{% set s = 'x' * 100000 %}{{ s.replace('x', s) }}", f"1: stopped: a value of 10000000000 characters or items "
                                                          f"(at most 200000) {BOUNDS}"),
    ("{% set s = 'x' * 100000 %}{{ s|replace('x', s) }}", f"1: stopped: a value of 10000000000 characters or items "
                                                          f"(at most 200000) {BOUNDS}"),
    ("{% set s = 'x' * 1000 %}{{ range(1000)|map('string')|join(s) }}",  # 1000 separators and 2890 digits
     f"1: stopped: a value of 1002890 characters or items (at most 200000) {BOUNDS}"),
    ("{% set s = 'x' * 1000 %}{{ s.join(range(1000)|map('string')|list) }}",
     f"1: stopped: a value of 1002890 characters or items (at most 200000) {BOUNDS}"),
    ("{% for i in range(5000) %}{{ 'x' * 100 }}{% endfor %}",
     f": stopped: the output passed {aid_templates.MAX_OUTPUT_CHARS} characters {BOUNDS}"),
    # string methods and filters that amplify, measured before they build anything
    ("{% set s = '\\t' * 100000 %}{{ s.expandtabs(100000) }}",
     f"1: stopped: a value of 10000100000 characters or items (at most 200000) {BOUNDS}"),
    ("{% set s = 'x' * 100000 %}{{ s.translate({120: 'y' * 100000}) }}",
     f"1: stopped: a value of 10000000000 characters or items (at most 200000) {BOUNDS}"),
    ("{% set s = 'x\\n' * 90000 %}{{ s|indent(100000) }}",  # 90,001 lines of 100,000 spaces each
     f"1: stopped: a value of 9000280000 characters or items (at most 200000) {BOUNDS}"),
    ("{{ ('x' * 190000)|center(100000) }}", f"1: stopped: a value of 290000 characters or items (at most 200000) "
                                            f"{BOUNDS}"),
    # every format measured, field by field, before it is formatted
    ("{{ ('{0:9999}' * 20000).format('x') }}",  # 160,000 characters of pattern and 20,000 fields of 9,999
     f"1: stopped: a value of 200140000 characters or items (at most 200000) {BOUNDS}"),
    ("{{ ('{:{}}' * 60000).format(*(['x', 99999] * 60000)) }}",
     f"1: stopped: a value of 300000 characters or items (at most 200000) {BOUNDS}"),
    ("{{ ('%9999s' * 20000)|format(*(['x'] * 20000)) }}",
     f"1: stopped: a value of 200100000 characters or items (at most 200000) {BOUNDS}"),
    ("{{ _('%(a)9999s' * 20000, a='x') }}",  # gettext's message: 180,000 characters and 20,000 fields of 9,999
     f"1: stopped: a value of 200160000 characters or items (at most 200000) {BOUNDS}"),
    # lists of lists print as far more than they hold
    ("{% set a = [0] * 1000 %}{% set b = [a] * 1000 %}{% set c = [b] * 1000 %}{{ c }}",
     f"1: stopped: a value that prints as more than 2000000 characters {BOUNDS}"),
    ("{% set a = [0] * 1000 %}{% set b = [a] * 100 %}{{ b|string }}",
     f"1: stopped: a value that prints as more than 200000 characters {BOUNDS}"),
    ("{% set a = [0] * 1000 %}{% set b = [a] * 100 %}{{ b ~ '' }}",
     f"1: stopped: a value that prints as more than 200000 characters {BOUNDS}"),
    ("{% set a = [0] * 1000 %}{% set b = [a] * 100 %}{{ b|tojson }}",
     f"1: stopped: a value that prints as more than 200000 characters {BOUNDS}"),
    # values built again and again, each within bounds, count against the rendering's budget
    ("{% set l = [] %}{% for i in range(100000) %}{% set _ = l.append('x' * 100000) %}{% endfor %}",
     f"1: stopped: more than {aid_templates.MAX_BUILT} characters and items built in all (values made again and "
     f"again in a loop?) {BOUNDS}"),
    # no way to make text at scale, and ordinary Python errors are one line too
    ("{{ lipsum(100000) }}", "1: unknown name in the template: 'lipsum' is undefined"),
    ("<aid>\n{{ 1 // 0 }}</aid>", "2: template error: ZeroDivisionError: integer division or modulo by zero"),
    ("{{ 'a' + 1 }}", "1: template error: TypeError: can only concatenate str (not \"int\") to str"),
])
def test_a_runaway_template_is_stopped_with_one_message(mini, monkeypatch, body, message):
    monkeypatch.setattr(aid_templates, "MAX_STEPS", FEW)
    with pytest.raises(WarkitError) as raised:
        rendered(mini, body)
    expected = NAME + message if message.startswith(":") else f"{NAME}:{message}"
    assert str(raised.value) == expected


def test_ordinary_templates_stay_well_inside_the_bounds(mini):
    body = ("<aid>{{ 250000|string }} {{ 1e300|round(2) }}{% for i in range(200) %}<p>{{ '%5d'|format(i) ~ ' ' ~ 'word ' * 10 }}{{ [i, i]|join('-') }}"
            "</p>{% endfor %}{{ '{:>8}'.format('x') }}</aid>")
    text = rendered(mini, body)
    assert text.count("<p>") == 200 and "  199 word" in text and "199-199" in text and "250000 1e+300" in text


def test_a_template_extending_warkits_runs_inside_the_bounds_too(mini):
    mini.write("templates/player-aid-blue.xml.j2", '{% extends "player-aid.xml.j2" %}{% block more %}'
                                                   '{% for i in range(100000) %}{% for j in range(100) %}{% endfor %}'
                                                   '{% endfor %}{% endblock %}')
    from generator.components.player_aid import build_player_aids

    with pytest.raises(WarkitError) as raised:
        build_player_aids(context_for(mini.path))
    assert str(raised.value) == f"mini/templates/player-aid-blue.xml.j2:1: {STEPS}"


def test_a_template_file_too_big_or_not_utf8_is_refused(mini, monkeypatch):
    mini.path.joinpath("templates").mkdir()
    mini.path.joinpath("templates", "player-aid.xml.j2").write_bytes("<aid><p>Espa\xf1a</p></aid>".encode("cp1252"))
    with pytest.raises(WarkitError) as raised:
        find_template(context_for(mini.path), ["player-aid.xml.j2"])
    assert str(raised.value) == f"{NAME}:1:13: is not UTF-8 text: byte 0xF1 cannot be read (save the file as UTF-8)"
    monkeypatch.setattr(aid_templates, "MAX_TEMPLATE_BYTES", 10)
    mini.write("templates/player-aid.xml.j2", "<aid><p>long enough</p></aid>")
    with pytest.raises(WarkitError, match=f"^{NAME}: is 29 bytes; templates are limited to 10$"):
        find_template(context_for(mini.path), ["player-aid.xml.j2"])


def test_the_cli_stops_a_runaway_template_in_one_line_and_writes_nothing(mini, tmp_path):
    mini.write("templates/player-aid.xml.j2", "{% for a in range(100000) %}{% for b in range(100000) %}"
                                              "{% endfor %}{% endfor %}")
    result = CliRunner().invoke(app, ["build", str(mini.path), "--only", "player-aids", "--out", str(tmp_path / "o"),
                                      "--jobs", "1", "--quiet"])
    assert (result.exit_code, result.output) == (2, f"warkit: {NAME}:1: {STEPS}\n")
    assert not (tmp_path / "o").exists()
