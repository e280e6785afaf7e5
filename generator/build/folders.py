"""The output folders a build owns: what may be written into them, and what is stale.

warkit writes only into OUT/<game>/<lang>/ and knows what it wrote there from the previous
build's manifest.json. A folder holding anything else (a user's notes, another tool's output,
a kit from before manifests existed) is refused unless --force, so a mistyped `--out ~` can
never replace or delete somebody's files. Stale outputs — listed in the previous manifest,
no longer produced — are removed; nothing the manifest does not list is ever deleted.
"""

from __future__ import annotations

from pathlib import Path

from generator.build import manifest
from generator.build.writer import TEMPORARY
from generator.errors import WarkitError

SHOWN = 5  # how many foreign files the refusal names


class OutputNotOurs(WarkitError):
    """The output folder holds files warkit did not write (use --force)."""

    def __init__(self, folder: Path, names: list[str]):
        self.folder = folder
        self.names = names
        shown = ", ".join(names[:SHOWN]) + (f" and {len(names) - SHOWN} more" if len(names) > SHOWN else "")
        super().__init__(f"{folder} holds {len(names)} file(s) warkit did not write ({shown}); "
                         f"choose another --out, or pass --force to build there anyway")


def files_in(folder: Path) -> list[str]:
    """Every file under `folder`, relative, with forward slashes, sorted."""
    if not folder.is_dir():
        return []
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file() or p.is_symlink())


def foreign_files(folder: Path, previous: dict[str, manifest.Entry] | None) -> list[str]:
    """Files in `folder` the previous manifest does not list (leftover .part files are ours)."""
    known = set(previous or {}) | {manifest.NAME}
    return [name for name in files_in(folder) if name not in known and not _leftover(name)]


def guard(folder: Path, previous: dict[str, manifest.Entry] | None, force: bool) -> None:
    if force:
        return
    foreign = foreign_files(folder, previous)
    if foreign:
        raise OutputNotOurs(folder, foreign)


def remove_leftovers(folder: Path) -> None:
    """Temporary files of an interrupted build."""
    for name in files_in(folder):
        if _leftover(name):
            (folder / name).unlink(missing_ok=True)


def remove_stale(folder: Path, stale: list[str]) -> list[Path]:
    """Delete the listed files (never a path outside `folder`) and the folders they leave empty."""
    removed = []
    root = folder.resolve()
    for name in stale:
        path = folder / name
        if root not in path.resolve().parents or not path.is_file():
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
