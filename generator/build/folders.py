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
from pathlib import Path, PurePosixPath

from generator.build import manifest
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
    """Every file under `folder`, relative, with forward slashes, sorted; a symbolic link or a
    special file (a pipe, a device) anywhere in it stops the build — writing through a link
    writes outside the folder, reading a pipe never ends — with or without --force."""
    try:
        mode = os.lstat(folder).st_mode
    except OSError:
        return []
    if not stat.S_ISDIR(mode):  # the language folder itself a link (to anywhere) or a pipe
        raise SpecialFile(folder, mode) if not stat.S_ISREG(mode) else WarkitError(
            f"cannot build into {folder}: it is a file, not a folder")
    found = []
    pending = [(str(folder), "")]  # (folder, its path relative to `folder` with a trailing "/")
    while pending:
        current, prefix = pending.pop()
        try:
            entries = list(os.scandir(current))
        except OSError as error:
            raise WarkitError(f"cannot read the folder {current}: {error.strerror or error}") from None
        for entry in entries:
            mode = entry.stat(follow_symlinks=False).st_mode
            if stat.S_ISDIR(mode):
                pending.append((entry.path, f"{prefix}{entry.name}/"))
            elif stat.S_ISREG(mode):
                found.append(prefix + entry.name)
            else:
                raise SpecialFile(Path(entry.path), mode)
    return sorted(found)


class SpecialFile(WarkitError):
    """A link or a special file in the output tree."""

    def __init__(self, path: Path, mode: int) -> None:
        from generator.build.lock import kind

        what = kind(mode)
        if stat.S_ISLNK(mode):
            what += f" (to {os.readlink(path)!r})"
        super().__init__(f"{path} is {what}; warkit writes only real folders and files into its output: remove "
                         "it, or choose another --out (even --force does not write through it)")


def foreign_files(folder: Path, previous: dict[str, manifest.Entry] | None) -> list[str]:
    """Files in `folder` the previous manifest does not list."""
    known = set(previous or {}) | {manifest.NAME}
    return [name for name in files_in(folder) if name not in known]


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
                (deep and manifest.file_sha256(path) != entry.sha256):
            changed.append(name)
    return changed


def guard(folder: Path, previous: dict[str, manifest.Entry] | None, force: bool) -> None:
    """Before the build: a folder that cannot be one, a link or a special file anywhere in it
    (even with `force`), files warkit did not write, and listed files of another size or kind
    (cheap: no file is read; `guard_replaced` reads those the build replaces)."""
    existing = folder
    while not os.path.lexists(existing) and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        raise WarkitError(f"cannot build into {folder}: {existing} is a file, not a folder (--out names a folder)")
    names = files_in(folder)
    if force:
        return
    known = set(previous or {}) | {manifest.NAME}
    foreign = [name for name in names if name not in known]
    changed = changed_files(folder, previous, deep=False)
    if foreign or changed:
        raise OutputNotOurs(folder, foreign, changed)


def guard_replaced(folder: Path, previous: dict[str, manifest.Entry] | None, replaced: list[str]) -> None:
    """Before anything is renamed: the files this build replaces must still hold what warkit
    wrote (a same-size edit of kit.pdf is found here, where it is about to be lost)."""
    changed = changed_files(folder, previous, replaced)
    if changed:
        raise OutputNotOurs(folder, [], changed)


def stale_removals(folder: Path, stale: list[str], previous: dict[str, manifest.Entry] | None) -> list[tuple[str, str]]:
    """(name, sha256) of the stale outputs that may be deleted: listed in `previous`, inside
    the folder, a regular file (not a link) still holding what warkit wrote. A forged
    manifest naming `../../x` deletes nothing."""
    entries = previous or {}
    changed = set(changed_files(folder, previous, stale))
    removals = []
    for name in stale:
        pure = PurePosixPath(name)
        if (name not in entries or name in changed or pure.is_absolute() or ".." in pure.parts or "\\" in name
                or not name):
            continue
        try:
            info = os.lstat(folder / name)
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode) and all(not (folder / p).is_symlink() for p in _parents(pure)):
            removals.append((name, entries[name].sha256))
    return removals


def _parents(pure: PurePosixPath) -> list[str]:
    return [PurePosixPath(*pure.parts[:i]).as_posix() for i in range(1, len(pure.parts))]
