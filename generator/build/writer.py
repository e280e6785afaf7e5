"""Write outputs atomically and only when their content changed.

A build stages its files: each goes to a temporary name beside its target as soon as it is
rendered (while other components are still being laid out), and only when everything is
ready are they renamed into place. An interrupted or failed build therefore changes no
output; the worst it leaves behind is a `.<name>.<random>.part` file, which the next build
removes.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from generator.errors import WarkitError

TEMPORARY = re.compile(r"^\..+\.part$")  # what write_temporary creates: .<name>.<random>.part


def output_path(folder: Path, name: str, resolved: dict[Path, Path] | None = None) -> Path:
    """`folder / name` for an output a component names, refusing a name or a symbolic link
    that would carry the write outside `folder` (a unit id is part of file names). One step
    naming many files passes a `resolved` dict, so each folder is resolved once."""
    pure = PurePosixPath(name)
    if (not name or "\\" in name or pure.is_absolute() or ".." in pure.parts
            or any(ord(char) < 32 for char in name)):
        raise WarkitError(f"refusing to write {name!r}: an output's name must be a plain relative path "
                          f"inside {folder}")
    path = folder / pure
    resolved = {} if resolved is None else resolved
    if folder not in resolved:
        resolved[folder] = folder.resolve()
    root = resolved[folder]
    if path.parent not in resolved:
        resolved[path.parent] = path.parent.resolve()
    parent = resolved[path.parent]
    if parent != root and root not in parent.parents:
        raise WarkitError(f"refusing to write {name!r}: {path.parent} leads outside {folder} (a symbolic link)")
    return path


def write_atomic(path: Path, data: bytes) -> bool:
    """Write via a temporary file and rename; False (and no write) when content is unchanged."""
    if is_unchanged(path, data):
        return False
    temporary = write_temporary(path, data)
    try:
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return True


def is_unchanged(path: Path, data: bytes) -> bool:
    """True when `path` already holds exactly `data`."""
    try:
        if path.stat().st_size != len(data):
            return False
    except OSError:
        return False
    return path.is_file() and path.read_bytes() == data


def write_temporary(path: Path, data: bytes) -> Path:
    """`data` in a new temporary file in `path`'s folder (created if need be), with the
    permissions an ordinary file gets; the caller renames it to `path` or removes it."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    except OSError as error:  # no permission, a file where a folder should be
        raise WarkitError(f"cannot write {path}: {error.strerror or error}") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, _FILE_MODE)  # mkstemp makes 0600; outputs are ordinary files
    except BaseException as error:
        Path(temporary).unlink(missing_ok=True)
        if isinstance(error, OSError):  # a full disk
            raise WarkitError(f"cannot write {path}: {error.strerror or error}") from None
        raise
    return Path(temporary)


@dataclass(frozen=True)
class Staged:
    """One output written under a temporary name (None: the file already holds it)."""

    path: Path
    size: int
    sha256: str
    temporary: Path | None


def stage(path: Path, data: bytes) -> Staged:
    temporary = None if is_unchanged(path, data) else write_temporary(path, data)
    return Staged(path, len(data), _digest(data), temporary)


class Staging:
    """Files staged under temporary names (here or by a worker process), renamed into place
    together by `commit`, or removed by `discard`."""

    def __init__(self) -> None:
        self.written: list[Path] = []  # in staging order
        self.unchanged: list[Path] = []
        self._temporaries: list[tuple[Path, Path]] = []

    def add(self, path: Path, data: bytes) -> Staged:
        staged = stage(path, data)
        self.adopt(staged)
        return staged

    def adopt(self, staged: Staged) -> None:
        if staged.temporary is None:
            self.unchanged.append(staged.path)
        else:
            self._temporaries.append((staged.temporary, staged.path))
            self.written.append(staged.path)

    def commit(self) -> None:
        for temporary, path in self._temporaries:
            os.replace(temporary, path)
        self._temporaries = []

    def discard(self) -> None:
        for temporary, _ in self._temporaries:
            temporary.unlink(missing_ok=True)
        self._temporaries = []


def _file_mode() -> int:
    """0666 less the process umask, as open() would give."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


_FILE_MODE = _file_mode()


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
