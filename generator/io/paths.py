"""Every file a game refers to must stay inside the game folder."""

from __future__ import annotations

from pathlib import Path

from generator.model.source import Location
from generator.validation.report import Report


def resolve_inside(game_dir: Path, candidate: Path, report: Report, where: Location) -> Path | None:
    """The resolved path if it lies inside `game_dir` (symlinks followed); else report it."""
    root = game_dir.resolve()
    raw = str(candidate)
    if Path(raw).is_absolute() and not str(Path(raw).resolve()).startswith(str(root)):
        report.error(where, "path.outside", f"path {raw!r} must be relative to the game folder")
        return None
    resolved = (game_dir / candidate).resolve() if not candidate.is_absolute() else candidate.resolve()
    if resolved != root and root not in resolved.parents:
        report.error(where, "path.outside", f"path {raw!r} leads outside the game folder")
        return None
    return resolved
