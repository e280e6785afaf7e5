"""The output folders a build owns: what may be written into them, and what is stale.

warkit writes only into OUT/<game>/<lang>/ and knows what it wrote there from the previous
build's manifest.json. A folder holding anything else (a user's notes, another tool's output,
a kit from before manifests existed, a symbolic link) is refused unless --force, so a
mistyped `--out ~` can never replace or delete somebody's files; so is a folder where a file
the manifest lists no longer holds what warkit wrote (someone annotated kit.pdf), since the
build would replace it. Stale outputs — listed in the previous manifest, no longer produced,
still holding what warkit wrote — are removed; nothing else is ever deleted.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from generator.build import manifest
from generator.build.writer import TEMPORARY
from generator.errors import WarkitError

SHOWN = 5  # how many foreign files the refusal names


class OutputNotOurs(WarkitError):
    """The output folder holds files warkit did not write (use --force)."""

    def __init__(self, folder: Path, names: list[str], changed: list[str] | None = None):
        self.folder = folder
        self.names = names
        self.changed = changed or []
        parts = []
        if names:
            parts.append(f"{len(names)} file(s) warkit did not write ({_shown(names)})")
        if self.changed:
            parts.append(f"{len(self.changed)} file(s) changed since warkit wrote them ({_shown(self.changed)})")
        super().__init__(f"{folder} holds {' and '.join(parts)}; choose another --out, or pass --force to build "
                         f"there anyway")


def _shown(names: list[str]) -> str:
    return ", ".join(names[:SHOWN]) + (f" and {len(names) - SHOWN} more" if len(names) > SHOWN else "")


def files_in(folder: Path) -> list[str]:
    """Every file under `folder`, relative, with forward slashes, sorted; a symbolic link is
    listed as a file, never followed."""
    out: list[str] = []

    def walk(path: str, prefix: str) -> None:
        try:
            entries = os.scandir(path)
        except (FileNotFoundError, NotADirectoryError):
            return
        with entries:
            for entry in entries:
                if entry.is_symlink():
                    out.append(prefix + entry.name)
                elif entry.is_dir():
                    walk(entry.path, f"{prefix}{entry.name}/")
                elif entry.is_file():
                    out.append(prefix + entry.name)

    walk(str(folder), "")
    return sorted(out)


def foreign_files(folder: Path, previous: dict[str, manifest.Entry] | None) -> list[str]:
    """Files in `folder` the previous manifest does not list (leftover .part files are ours)."""
    known = set(previous or {}) | {manifest.NAME}
    return [name for name in files_in(folder) if name not in known and not _leftover(name)]


def changed_files(folder: Path, previous: dict[str, manifest.Entry] | None, names=None, deep: bool = True) -> list[str]:
    """Of `names` (default: all), the files the previous manifest lists that no longer hold
    what warkit wrote: a link or a folder in their place, another size, or (`deep`) other
    bytes. A file that is gone has not changed: there is nothing to lose."""
    changed = []
    entries = previous or {}
    for name in sorted(entries if names is None else set(names) & set(entries)):
        entry, path = entries[name], folder / name
        try:
            info = path.lstat()
        except OSError:
            continue
        if not stat.S_ISREG(info.st_mode) or info.st_size != entry.size or \
                (deep and manifest.sha256(path.read_bytes()) != entry.sha256):
            changed.append(name)
    return changed


def guard(folder: Path, previous: dict[str, manifest.Entry] | None, force: bool) -> None:
    """Before the build: a folder that cannot be one, files warkit did not write, and
    listed files of another size or kind (cheap: no file is read; `guard_replaced` reads
    those the build replaces)."""
    existing = folder
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        raise WarkitError(f"cannot build into {folder}: {existing} is a file, not a folder (--out names a folder)")
    if force:
        return
    foreign = foreign_files(folder, previous)
    changed = changed_files(folder, previous, deep=False)
    if foreign or changed:
        raise OutputNotOurs(folder, foreign, changed)


def guard_replaced(folder: Path, previous: dict[str, manifest.Entry] | None, replaced: list[str]) -> None:
    """Before anything is renamed: the files this build replaces must still hold what warkit
    wrote (a same-size edit of kit.pdf is found here, where it is about to be lost)."""
    changed = changed_files(folder, previous, replaced)
    if changed:
        raise OutputNotOurs(folder, [], changed)


def remove_leftovers(folder: Path) -> None:
    """Temporary files of an interrupted build."""
    for name in files_in(folder):
        if _leftover(name):
            (folder / name).unlink(missing_ok=True)


def remove_stale(folder: Path, stale: list[str], previous: dict[str, manifest.Entry] | None = None) -> list[Path]:
    """Delete the listed files (never a path outside `folder`, never a link, never a file that
    no longer holds what `previous` says warkit wrote) and the folders they leave empty."""
    removed = []
    root = folder.resolve()
    changed = set(changed_files(folder, previous, stale))
    for name in stale:
        path = folder / name
        if root not in path.resolve().parents or path.is_symlink() or not path.is_file() or name in changed:
            continue
        path.unlink()
        removed.append(path)
        parent = path.parent
        while parent != folder and parent.is_dir() and not any(parent.iterdir()):
            parent.rmdir()
            parent = parent.parent
    return removed


def _leftover(name: str) -> bool:
    return bool(TEMPORARY.match(name.rsplit("/", 1)[-1]))
