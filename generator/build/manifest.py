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
from dataclasses import dataclass
from pathlib import Path

from generator import __version__
from generator.i18n import paths as i18n_paths

NAME = "manifest.json"
FORMAT = 1


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
            data = path.read_bytes()
            out.append({"path": name, "size": len(data), "sha256": sha256(data)})
    return out


def read_manifest(folder: Path) -> dict[str, Entry] | None:
    """The previous build's outputs by path; None when there is no readable manifest."""
    try:
        document = json.loads((folder / NAME).read_text(encoding="utf-8"))
        return {item["path"]: Entry(item["path"], item.get("component", ""), int(item["size"]), item["sha256"],
                                    int(item.get("pages", 0)))
                for item in document["outputs"]}  # fmt: skip
    except (OSError, ValueError, KeyError, TypeError):
        return None


def with_entries(folder: Path, game, language: str, entries: list[Entry], drop=()) -> bytes:
    """The folder's manifest with `entries` added (or replacing those of the same path): a
    file written outside the build (a VASSAL module) is listed like the build's own, so a
    later build keeps it instead of calling it foreign. The rest of the previous manifest is
    kept as it was, less the paths in `drop` (files about to be removed); without one, a
    manifest listing only these entries."""
    try:
        document = json.loads((folder / NAME).read_text(encoding="utf-8"))
        outputs = {item["path"]: item for item in document["outputs"]}
    except (OSError, ValueError, KeyError, TypeError):
        return manifest_bytes(game, language, {}, entries)
    outputs = {path: item for path, item in outputs.items() if path not in set(drop)}
    outputs.update({entry.path: entry.as_dict() for entry in entries})
    document["outputs"] = [outputs[path] for path in sorted(outputs)]
    return (json.dumps(document, indent=2, ensure_ascii=False, sort_keys=False) + "\n").encode("utf-8")
