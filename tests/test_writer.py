"""Atomic writes: no partial files, unchanged content not rewritten, ordinary permissions."""

from __future__ import annotations

import os

import pytest

from generator.build import writer
from generator.io import atomic


def test_write_then_unchanged_is_not_rewritten(tmp_path):
    path = tmp_path / "out" / "crt.pdf"
    assert writer.write_atomic(path, b"one") is True
    first = path.stat().st_mtime_ns
    assert writer.write_atomic(path, b"one") is False
    assert path.stat().st_mtime_ns == first
    assert writer.write_atomic(path, b"two") is True
    assert path.read_bytes() == b"two"


def test_outputs_get_ordinary_permissions(tmp_path):
    path = tmp_path / "map.pdf"
    writer.write_atomic(path, b"x")
    mask = os.umask(0)
    os.umask(mask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~mask


def test_a_failed_write_leaves_no_partial_file(tmp_path, monkeypatch):
    path = tmp_path / "kit.pdf"
    path.write_bytes(b"old")

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(atomic.os, "replace", broken_replace)
    with pytest.raises(OSError):
        writer.write_atomic(path, b"new content")
    assert path.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["kit.pdf"]


def test_a_replaced_file_keeps_its_permissions(tmp_path):
    path = tmp_path / "game.po"
    path.write_bytes(b"old")
    os.chmod(path, 0o640)
    assert writer.write_atomic(path, b"new") is True
    assert path.stat().st_mode & 0o777 == 0o640 and path.read_bytes() == b"new"
    os.chmod(path, 0o664)
    assert writer.write_atomic(path, b"newer") is True
    assert path.stat().st_mode & 0o777 == 0o664


def test_a_staged_output_keeps_the_permissions_of_the_file_it_replaces(tmp_path):
    path = tmp_path / "kit.pdf"
    path.write_bytes(b"old")
    os.chmod(path, 0o444)  # someone made the kit read-only
    staged = writer.stage(path, b"new", "0123456789abcdef")
    assert staged.temporary.name == ".kit.pdf.0123456789abcdef.part"
    assert staged.temporary.stat().st_mode & 0o777 == 0o444


def test_a_temporary_name_is_never_written_through(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    (tmp_path / ".kit.pdf.0123456789abcdef.part").symlink_to(elsewhere)
    with pytest.raises(writer.WarkitError, match="cannot write .*kit.pdf: File exists"):
        writer.stage(tmp_path / "kit.pdf", b"new", "0123456789abcdef")
    assert not elsewhere.exists()
