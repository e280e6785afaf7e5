"""Every file a game refers to must stay inside the game folder, and be a file of sane size.

A game folder may come from anyone, so a path written in its data is held to this policy
(docs/security.md):

- it is relative, with no `..` part, no drive (`C:`) and no leading `/` (a `\\` counts as a
  separator, so `..\\x` is refused too);
- resolved with every symbolic link followed, it lies inside the game folder;
- it names a regular file: not a folder, a device or a pipe (reading `/dev/zero` or a FIFO
  would never end);
- it is read with a size limit, never more than the limit plus one byte.

Every PNG or JPEG the data names (a counter's picture, a map's background: `io/pictures.py`)
is read by `read_image`: the same path rules, a size limit on the file and on its pixels
(counted from the header, before anything is decoded), and only PNG or JPEG.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import struct
from pathlib import Path, PurePosixPath

from generator.errors import InputError, one_line, shown
from generator.model.source import Location
from generator.validation.report import Report

MAX_IMAGE_BYTES = 20_000_000
MAX_IMAGE_PIXELS = 40_000_000  # 8000 x 5000: a 68 x 42 cm map at 300 dpi
_DRIVE = re.compile(r"^[A-Za-z]:")


def path_problem(text: str) -> str | None:
    """Why a path written in the data may not be used (None: it may)."""
    parts = PurePosixPath(text.replace("\\", "/")).parts
    if not text.strip():
        return "is empty (expected a file name inside the game folder)"
    if text.startswith(("/", "\\")) or _DRIVE.match(text):
        return "must be relative to the game folder (no absolute path)"
    if ".." in parts:
        return "must not contain '..' (files stay inside the game folder)"
    return None


def is_inside(root: Path, path: Path) -> bool:
    """Whether `path`, with every symbolic link followed, lies in `root` (or is `root`); a
    link that leads round in a loop leads nowhere inside."""
    try:
        resolved, base = path.resolve(), root.resolve()
    except (RuntimeError, OSError):  # "Symlink loop" (RuntimeError before Python 3.13)
        return False
    return resolved == base or base in resolved.parents


def resolve_inside(game_dir: Path, candidate: Path | str, report: Report, where: Location) -> Path | None:
    """`game_dir / candidate` if it lies inside `game_dir` with symlinks followed; else None
    after reporting why."""
    raw = str(candidate)
    problem = path_problem(raw)
    if problem:
        report.error(where, "path.outside", f"path {raw!r} {problem}")
        return None
    path = game_dir / raw.replace("\\", "/")
    if not is_inside(game_dir, path):
        loop = " in a loop" if _loops(path) else " outside the game folder"
        report.error(where, "path.outside", f"path {shown(raw)} leads{loop} (a symbolic link?)")
        return None
    return path


def read_limited(path: Path, display: str, limit: int, what: str = "files") -> bytes:
    """The bytes of a regular file of at most `limit` bytes; InputError saying why not."""
    try:
        info = path.stat()
    except FileNotFoundError:
        raise InputError(display, "file not found") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise InputError(display, "is a symbolic link that leads round in a loop (expected a file)") from None
        raise InputError(display, f"cannot be read ({exc.strerror})") from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError(display, "is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise InputError(display, "is not a regular file (a device, pipe or socket cannot be read as data)")
    if info.st_size > limit:
        raise InputError(display, f"is {info.st_size} bytes; {what} are limited to {limit}")
    try:
        with open(path, "rb", buffering=0) as stream:
            data = stream.read(limit + 1)
    except OSError as exc:
        raise InputError(display, f"cannot be read ({exc.strerror})") from None
    if len(data) > limit:  # it grew since stat()
        raise InputError(display, f"is more than {limit} bytes; {what} are limited to {limit}")
    return data


def read_inside(game_dir: Path, path: Path, display: str, limit: int, what: str = "files") -> bytes:
    """`read_limited` for a file that must lie in the game folder (game.yaml, a scenario)."""
    if path.is_symlink() and _loops(path):
        raise InputError(display, "is a symbolic link that leads round in a loop (expected a file)")
    if path.is_symlink() and not is_inside(game_dir, path):
        raise InputError(display, f"is a symbolic link leading outside the game folder (to {one_line(os.readlink(path))})")
    return read_limited(path, display, limit, what)


def _loops(path: Path) -> bool:
    try:
        path.resolve(strict=False)
    except (RuntimeError, OSError):
        return True
    try:
        os.stat(path)
    except OSError as error:
        return error.errno == errno.ELOOP
    return False


def read_image(game_dir: Path, relative: str, report: Report, where: Location) -> bytes | None:
    """A PNG or JPEG the data refers to: inside the game folder, at most MAX_IMAGE_BYTES and
    MAX_IMAGE_PIXELS; None after reporting why not."""
    path = resolve_inside(game_dir, relative, report, where)
    if path is None:
        return None
    display = f"{game_dir.name}/{relative}"
    try:
        data = read_limited(path, display, MAX_IMAGE_BYTES, "images")
    except InputError as exc:
        report.error(where, "path.image", f"image {relative!r} {exc.message}")
        return None
    size = image_size(data)
    if size is None:
        report.error(where, "path.image", f"image {relative!r} is not a PNG or JPEG file (expected one of those)")
        return None
    width, height = size
    if width * height > MAX_IMAGE_PIXELS or not width or not height:
        report.error(where, "path.image", f"image {relative!r} is {width} x {height} pixels; images are limited "
                                          f"to {MAX_IMAGE_PIXELS} pixels (and may not be empty)")
        return None
    return data


def image_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a PNG or JPEG header, without decoding the pixels; None for
    anything else."""
    if data.startswith(b"\x89PNG\r\n\x1a\n") and data[12:16] == b"IHDR" and len(data) >= 24:
        return struct.unpack(">II", data[16:24])
    if data.startswith(b"\xff\xd8"):
        return _jpeg_size(data)
    return None


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    at = 2
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            return None
        marker = data[at + 1]
        if marker == 0xFF:  # fill byte
            at += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:  # no length
            at += 2
            continue
        length = struct.unpack(">H", data[at + 2:at + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC) and at + 9 <= len(data):
            height, width = struct.unpack(">HH", data[at + 5:at + 9])
            return width, height
        at += 2 + length
    return None
