"""build: load + check, then every requested component for every language, then write."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.build.components import BuildContext, OutputFile, all_components
from generator.build.options import options_for
from generator.build.writer import write_atomic
from generator.checking import load_and_check
from generator.errors import CheckFailed, WarkitError


@dataclass
class BuildResult:
    written: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    pages: int = 0
    warnings: list[str] = field(default_factory=list)  # strings printed untranslated


def build_game(game_dir: Path, out_dir: Path, overrides: dict, progress=None) -> BuildResult:
    """Build every requested component; nothing is written when the check finds errors."""
    loaded = load_and_check(game_dir, overrides.get("scenarios"))
    if loaded.game is None or loaded.report.errors or loaded.report.unreadable:
        raise CheckFailed(loaded.report)
    game = loaded.game
    options = options_for(game.spec.print, out_dir, overrides)
    components = [c for c in all_components() if options.only is None or c.name in options.only]
    if options.only:
        unknown = sorted(set(options.only) - {c.name for c in all_components()})
        if unknown:
            known = ", ".join(c.name for c in all_components())
            raise WarkitError(f"unknown component(s) {', '.join(unknown)} (known: {known})")
    outputs: list[tuple[Path, OutputFile]] = []
    warnings: list[str] = []
    for language in options.languages:
        folder = options.out_dir / game.spec.id / language
        context = BuildContext(game, options, language)
        for comp in components:
            if progress:
                progress(f"{language}: {comp.name}")
            outputs.extend((folder / f.name, f) for f in comp.build(context))
        if "translator" in context.__dict__:  # only when a component asked for one
            warnings.extend(context.translator.warnings)
    result = BuildResult(warnings=warnings)
    for path, output in outputs:  # everything is laid out and rendered before the first write
        (result.written if write_atomic(path, output.data) else result.unchanged).append(path)
        result.pages += output.pages
    return result
