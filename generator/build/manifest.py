"""manifest.json: what a build wrote into output/<game>/<lang>/, and from which inputs.

Every output with its size and sha256 (and the component that made it, and its pages), the
inputs the kit was made from with their hashes (paths relative to the game folder, sorted),
and the options that shaped it. No timestamps and no absolute paths, so the same input gives
the same manifest byte for byte. The next build reads it to know which files are warkit's:
only those may be replaced or removed.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from generator import __version__
from generator.i18n import paths as i18n_paths

NAME = "manifest.json"
FORMAT = 1
MAX_BYTES = 50_000_000


@dataclass(frozen=True)
class Entry:
    """One output file as the manifest records it."""

    path: str  # relative to the language folder, with forward slashes
    component: str
    size: int
    sha256: str
    pages: int = 0

    def as_dict(self) -> dict:
        entry = {"path": self.path, "component": self.component, "size": self.size, "sha256": self.sha256}
        if self.pages:
            entry["pages"] = self.pages
        return entry


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def manifest_bytes(game, language: str, options: dict, entries: list[Entry]) -> bytes:
    document = {
        "format": FORMAT,
        "generator": f"warkit {__version__}",
        "game": game.spec.id,
        "title": game.spec.title,
        "language": language,
        "options": options,
        "inputs": input_hashes(game, language),
        "outputs": [e.as_dict() for e in sorted(entries, key=lambda e: e.path)],
    }
    return (json.dumps(document, indent=2, ensure_ascii=False, sort_keys=False) + "\n").encode("utf-8")


def input_hashes(game, language: str) -> list[dict]:
    """The game's input files and this language's game catalog, relative to the game folder."""
    folder = Path(game.folder)
    prefix = (folder.name or str(folder)) + "/"
    relative = {name.removeprefix(prefix) for name in game.input_files}
    catalog = i18n_paths.game_catalog(folder, language)
    if catalog.is_file():
        relative.add(catalog.relative_to(folder).as_posix())
    out = []
    for name in sorted(relative):
        path = folder / name
        if path.is_file():
            out.append({"path": name, "size": path.stat().st_size, "sha256": file_sha256(path)})
    return out


def read_manifest(folder: Path) -> dict[str, Entry] | None:
    """The previous build's outputs by path; None when there is no readable manifest (a
    link, a pipe or a device in its place is never read). Entries whose path is not a plain
    path inside the folder (a forged manifest) are left out: never ours to replace or delete."""
    document = _document(folder / NAME)
    if document is None:
        return None
    try:
        entries = {}
        for item in document["outputs"]:
            entry = Entry(item["path"], item.get("component", ""), int(item["size"]), item["sha256"],
                          int(item.get("pages", 0)))
            if isinstance(entry.path, str) and plain_name(entry.path) and isinstance(entry.sha256, str):
                entries[entry.path] = entry
        return entries
    except (ValueError, KeyError, TypeError):
        return None


def _document(path: Path) -> dict | None:
    try:
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_BYTES:
            return None
        with open(path, "rb") as stream:
            document = json.loads(stream.read(MAX_BYTES + 1).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    return document if isinstance(document, dict) else None


def plain_name(name: str) -> bool:
    """A relative path with forward slashes, no '..', no control character: a name a
    manifest may list."""
    pure = PurePosixPath(name)
    return (bool(name) and not pure.is_absolute() and "\\" not in name and ".." not in pure.parts
            and pure.as_posix() == name and not any(ord(c) < 32 or ord(c) == 127 for c in name))


def file_sha256(path: Path) -> str:
    """The sha256 of a file, read in pieces (a forged size cannot make it read all at once)."""
    hasher = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            hasher.update(block)
    return hasher.hexdigest()


def with_entries(folder: Path, game, language: str, entries: list[Entry], drop=()) -> bytes:
    """The folder's manifest with `entries` added (or replacing those of the same path): a
    file written outside the build (a VASSAL module) is listed like the build's own, so a
    later build keeps it instead of calling it foreign. The rest of the previous manifest is
    kept as it was, less the paths in `drop` (files about to be removed); without one, a
    manifest listing only these entries."""
    document = _document(folder / NAME)
    try:
        outputs = {item["path"]: item for item in document["outputs"]}
    except (ValueError, KeyError, TypeError):
        return manifest_bytes(game, language, {}, entries)
    outputs = {path: item for path, item in outputs.items() if path not in set(drop)}
    outputs.update({entry.path: entry.as_dict() for entry in entries})
    document["outputs"] = [outputs[path] for path in sorted(outputs)]
    return (json.dumps(document, indent=2, ensure_ascii=False, sort_keys=False) + "\n").encode("utf-8")
