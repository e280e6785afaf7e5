"""Atomic writes: no partial files, unchanged content not rewritten, ordinary permissions."""

from __future__ import annotations

import os

import pytest

from generator.build import writer


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

    monkeypatch.setattr(writer.os, "replace", broken_replace)
    with pytest.raises(OSError):
        writer.write_atomic(path, b"new content")
    assert path.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["kit.pdf"]
