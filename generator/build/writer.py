"""Staging a build's outputs: each file is written under a temporary name beside its target
as soon as it is rendered, and renamed into place only when the whole build succeeded
(`generator/build/commit.py`). A file whose content did not change is not staged at all
(its date stays).

Every temporary file of a build carries the build's token (`.<name>.<token>.part`,
`generator/io/atomic.py`), so the temporaries of a build that was killed are found and
removed by the next build — and nothing else is.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from generator.build import commit
from generator.errors import WarkitError
from generator.io.atomic import digest, is_unchanged, new_token, write_atomic, write_temporary

__all__ = ["Staged", "Staging", "output_path", "stage", "write_atomic"]


def output_path(folder: Path, name: str, checked: dict[Path, bool] | None = None) -> Path:
    """`folder / name` for an output a component names, refusing a name or a symbolic link
    that would carry the write outside `folder` (a unit id is part of file names). One step
    naming many files passes a `checked` dict, so each folder on the way is checked once."""
    pure = PurePosixPath(name)
    if (not name or "\\" in name or pure.is_absolute() or ".." in pure.parts or "." in pure.parts
            or any(ord(char) < 32 or ord(char) == 127 for char in name) or name.endswith("/")):
        raise WarkitError(f"refusing to write {name!r}: an output's name must be a plain relative path "
                          f"inside {folder}")
    path = folder / pure
    if checked is not None and checked.get(path.parent):
        return path
    current = folder
    for part in pure.parts[:-1]:  # no link anywhere on the way (a link staying inside is refused too)
        current = current / part
        if current.is_symlink():
            raise WarkitError(f"refusing to write {name!r}: {current} is a symbolic link (it could lead "
                              f"outside {folder})")
    root = folder.resolve()
    parent = path.parent.resolve()
    if parent != root and root not in parent.parents:
        raise WarkitError(f"refusing to write {name!r}: {path.parent} leads outside {folder} (a symbolic link)")
    if checked is not None:
        checked[path.parent] = True
    return path


@dataclass(frozen=True)
class Staged:
    """One output written under a temporary name (None: the file already holds it)."""

    path: Path
    size: int
    sha256: str
    temporary: Path | None


def stage(path: Path, data: bytes, token: str) -> Staged:
    """`data` for `path`, under the build's temporary name unless `path` already holds it."""
    temporary = None if is_unchanged(path, data) else write_temporary(path, data, token)
    return Staged(path, len(data), digest(data), temporary)


class Staging:
    """Files staged under temporary names (here or by a worker process) with one token,
    renamed into place by the build's commit, or removed by `discard`."""

    def __init__(self, token: str | None = None) -> None:
        self.token = token or new_token()
        self.written: list[Path] = []  # in staging order
        self.unchanged: list[Path] = []
        self.temporaries: list[tuple[Path, Path]] = []  # (temporary, target)

    def add(self, path: Path, data: bytes) -> Staged:
        staged = stage(path, data, self.token)
        self.adopt(staged)
        return staged

    def adopt(self, staged: Staged) -> None:
        if staged.temporary is None:
            self.unchanged.append(staged.path)
        else:
            self.temporaries.append((staged.temporary, staged.path))
            self.written.append(staged.path)
        commit.step("staged")

    def discard(self) -> None:
        for temporary, _ in self.temporaries:
            temporary.unlink(missing_ok=True)
        self.temporaries = []
