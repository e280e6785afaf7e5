"""Code compiled once and kept (generator/keptcode.py): a class made from kept code is the
class `dataclasses` makes, a forward reference the one `typing` makes, a pattern the one
`re` makes; a changed class is compiled afresh, and a damaged, foreign or other-Python file,
or one others could have written, is never used."""

from __future__ import annotations

import dataclasses
import hashlib
import inspect
import marshal
import os
import re
import subprocess
import sys
import typing
from pathlib import Path

import pytest

from generator import keptcode

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def run(tmp_path, monkeypatch):
    """A fresh "run" of warkit with the kept code in `tmp_path`: call it to start the next one."""
    monkeypatch.setenv("WARKIT_CACHE", str(tmp_path))
    monkeypatch.delenv("MUTANT_UNDER_TEST", raising=False)
    monkeypatch.setattr(dataclasses, "exec", keptcode._exec, raising=False)
    monkeypatch.setattr(typing, "compile", keptcode._compile, raising=False)
    monkeypatch.setattr(keptcode, "_FEW", 0)  # every run below keeps what it compiled
    compiler = re._compiler  # re compiles through the kept programs for this test alone
    for owner, name in ((compiler, "compile"), (compiler, "_sre"), (keptcode, "_re_compile"),
                        (keptcode, "_sre_compile")):
        monkeypatch.setattr(owner, name, getattr(owner, name))  # put back after the test
    keptcode._install_regex()

    def start():
        monkeypatch.setattr(keptcode, "_known", None)
        monkeypatch.setattr(keptcode, "_new", {})
        monkeypatch.setattr(keptcode, "_used", set())

    start()
    return start


def _point(**options):
    @dataclasses.dataclass(frozen=True, **options)
    class Point:
        x: int
        y: str = "a"
        tags: list = dataclasses.field(default_factory=list)

    return Point


def _other():
    @dataclasses.dataclass
    class Other:
        w: int = 9

    return Other


def _file(tmp_path: Path) -> Path:
    return tmp_path / "code" / keptcode._name()


def _rewrite(path: Path, entries: dict) -> None:
    """The file with `entries`, and a digest that matches them (as a writer of the folder could)."""
    content = marshal.dumps(entries)
    path.write_bytes(hashlib.sha256(content).digest() + content)


def test_a_class_from_kept_code_is_the_class_dataclasses_makes(run, tmp_path):
    first = _point()
    assert keptcode._new  # compiled, then kept
    keptcode.save()
    assert _file(tmp_path).exists()
    run()
    second = _point()
    assert not keptcode._new  # every method from the file
    for cls in (first, second):
        point = cls(1)
        assert repr(point) == "_point.<locals>.Point(x=1, y='a', tags=[])"
        assert point == cls(1, "a", []) and point != cls(2)
        assert cls.__init__.__annotations__ == {"x": "int", "y": "str", "tags": "list", "return": None}
        assert str(inspect.signature(cls)) == "(x: 'int', y: 'str' = 'a', tags: 'list' = <factory>) -> None"
        assert cls(1).tags is not cls(1).tags
        with pytest.raises(dataclasses.FrozenInstanceError):
            point.x = 2
        with pytest.raises(TypeError):
            hash(point)  # a list inside: unhashable, as dataclasses says


def test_a_forward_reference_from_kept_code_is_the_one_typing_makes(run):
    first = typing.ForwardRef("dict[str, tuple[int, ...]]")
    assert keptcode._new
    keptcode.save()
    run()
    second = typing.ForwardRef("dict[str, tuple[int, ...]]")
    assert not keptcode._new
    assert first == second
    for ref in (first, second):
        assert eval(ref.__forward_code__, {}, {}) == dict[str, tuple[int, ...]]  # noqa: S307 - its own code
    with pytest.raises(SyntaxError, match="Forward reference must be an expression"):
        typing.ForwardRef("not an expression")
    assert typing.get_type_hints(_point()) == {"x": int, "y": str, "tags": list}


def _pattern(text, flags=0):
    return keptcode._regex(text, int(flags))  # as re hands it over: the flags as a number


def test_a_pattern_from_its_kept_program_is_the_pattern_re_makes(run):
    text = r"(?P<left>\d+)\s*[-–]\s*(?P<right>\d+)(?:\s*\(([a-z]+)\))?"
    first = _pattern(text)
    folded = _pattern("abc[à-ÿ]", re.IGNORECASE)
    raw = _pattern(b"0x[0-9a-f]{2}")
    assert len([key for key in keptcode._new if key[0] == "re"]) == 3
    keptcode.save()
    run()
    second, folded_again, raw_again = _pattern(text), _pattern("abc[à-ÿ]", re.IGNORECASE), _pattern(b"0x[0-9a-f]{2}")
    assert not keptcode._new  # every program from the file
    assert (second, folded_again, raw_again) == (first, folded, raw)  # the same program, flags and groups
    for pattern in (first, second):
        found = pattern.fullmatch("12 – 345 (ab)")
        assert found.group("left", "right", 3) == ("12", "345", "ab")
        assert pattern.groupindex == {"left": 1, "right": 2} and pattern.groups == 3
        assert pattern.match("x") is None
    assert folded_again.fullmatch("ABCÉ") and not folded_again.fullmatch("ABCE")
    assert raw_again.findall(b"0x1f 0xZZ 0x0a") == [b"0x1f", b"0x0a"]


def test_a_malformed_program_is_refused_and_the_pattern_compiled_afresh(run, tmp_path):
    _pattern("a(b+)c")
    keptcode.save()
    path = _file(tmp_path)
    entries = marshal.loads(path.read_bytes()[32:])
    _rewrite(path, {**entries, ("re", "a(b+)c", 0): marshal.dumps((0, [999, 1, 2], 1, {}, (None, None)))})
    run()
    pattern = _pattern("a(b+)c")
    assert pattern.fullmatch("abbc").group(1) == "bb"
    assert ("re", "a(b+)c", 0) in keptcode._new


def test_a_run_that_compiled_only_a_few_texts_leaves_the_file(run, tmp_path, monkeypatch):
    _point()
    keptcode.save()
    before = _file(tmp_path).read_bytes()
    monkeypatch.setattr(keptcode, "_FEW", 16)
    run()
    _pattern("only (one|new) text")
    keptcode.save()
    assert _file(tmp_path).read_bytes() == before
    run()
    assert ("re", "only (one|new) text", 0) not in keptcode._load()


def test_a_changed_class_is_compiled_afresh(run):
    _point()
    keptcode.save()
    run()

    @dataclasses.dataclass(frozen=True)
    class Point:
        x: int
        y: str = "b"
        z: float = 0.5

    assert keptcode._new  # another text: compiled
    assert repr(Point(1)).endswith(".<locals>.Point(x=1, y='b', z=0.5)")
    run()
    ordered = _point(order=True)  # the same fields, other options: other texts
    assert keptcode._new
    assert repr(ordered(3)) == "_point.<locals>.Point(x=3, y='a', tags=[])"
    assert ordered(1) < ordered(2)


def test_a_damaged_or_foreign_file_is_never_used(run, tmp_path):
    _point()
    keptcode.save()
    path = _file(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
    run()
    assert repr(_point()(1)) == "_point.<locals>.Point(x=1, y='a', tags=[])"
    assert keptcode._new  # damaged: its digest does not match, compiled afresh
    entries = marshal.loads(data[32:])
    _rewrite(path, {text: marshal.dumps(7) for text in entries})  # entries that are not code
    run()
    assert repr(_point()(1)) == "_point.<locals>.Point(x=1, y='a', tags=[])"
    assert keptcode._new


def _planted(tmp_path: Path) -> None:
    """The kept file with every `__repr__` replaced by one that answers "planted"."""
    path = _file(tmp_path)
    entries = marshal.loads(path.read_bytes()[32:])
    planted = compile("def __create_fn__(__dataclass_builtins_object__=None, **_):\n"
                      " def __repr__(self):\n  return 'planted'\n return __repr__", "<string>", "exec")
    _rewrite(path, {text: marshal.dumps(planted) if "__repr__" in text else body for text, body in entries.items()})


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="nothing is kept where files have no POSIX owner")
def test_a_file_others_could_write_is_never_read(run, tmp_path):
    _point()
    keptcode.save()
    assert os.stat(tmp_path / "code").st_mode & 0o777 == 0o700  # only its user may write the folder
    _planted(tmp_path)
    run()
    assert repr(_point()(1)) == "planted"  # the user's own file is read: the check below is what guards it
    for writable in (tmp_path / "code", _file(tmp_path)):
        mode = os.stat(writable).st_mode & 0o777
        os.chmod(writable, mode | 0o002)
        run()
        assert repr(_point()(1)) == "_point.<locals>.Point(x=1, y='a', tags=[])"  # not read
        os.chmod(writable, mode)
    (tmp_path / "code").chmod(0o770)
    run()
    _other()
    keptcode.save()  # a folder others may write: nothing written there
    (tmp_path / "code").chmod(0o700)
    run()
    _other()
    assert keptcode._new  # compiled again


def test_another_python_reads_another_file(run, tmp_path, monkeypatch):
    _point()
    keptcode.save()
    _planted(tmp_path)
    monkeypatch.setattr(sys, "version", sys.version + " (another build)")
    run()
    assert repr(_point()(1)) == "_point.<locals>.Point(x=1, y='a', tags=[])"
    assert keptcode._new


def test_nothing_is_kept_when_kept_files_are_off(tmp_path, monkeypatch):
    monkeypatch.setenv("WARKIT_CACHE", "off")
    monkeypatch.delattr(dataclasses, "exec", raising=False)
    keptcode.install()
    assert "exec" not in vars(dataclasses)


def test_the_command_line_keeps_and_reads_the_code(mini, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "WARKIT_CACHE": str(tmp_path / "kept")}
    env.pop("MUTANT_UNDER_TEST", None)
    off = {**env, "WARKIT_CACHE": "off"}
    check = [sys.executable, "-m", "generator", "check", str(mini.path)]
    fresh = subprocess.run(check, capture_output=True, text=True, env=off, cwd=tmp_path)
    first = subprocess.run(check, capture_output=True, text=True, env=env, cwd=tmp_path)
    kept = marshal.loads(_file(tmp_path / "kept").read_bytes()[32:])
    assert any("(self,code:_type_code,description:_type_description," in text for text in kept)  # validation.registry.Rule among them
    second = subprocess.run(check, capture_output=True, text=True, env=env, cwd=tmp_path)
    assert (first.returncode, first.stdout) == (second.returncode, second.stdout) == (fresh.returncode, fresh.stdout)
