"""The component registry: each printable component turns the model into output files."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Callable

from generator.build.options import BuildOptions
from generator.model.game import Game


@dataclass(frozen=True)
class OutputFile:
    """One file a component produces, by its name inside output/<game>/<lang>/."""

    name: str
    data: bytes
    pages: int = 0  # for PDFs: page count (the kit and the summary use it)
    kit: bool = True  # a top-level PDF goes into kit.pdf unless False (the whole map at true size)
    title: str = ""  # the kit's contents line; default the PDF's own title less the game's title
    sheets: int | None = None  # sheets of paper it is printed on; None: one a page
    fills: tuple[float, ...] = ()  # piece sheets: the share of each sheet's usable area its pieces cover
    # A chart that shares pages in kit.pdf: the band of its pages (top, bottom, mm from the
    # page's top) its body lies in, under the running header and over the page number. Its
    # first page goes on under the previous such chart's last page where it fits (kit/joins.py).
    body_mm: tuple[float, float] | None = None
    # Such a chart set tighter (its lines closer, the words and type the same): kit.pdf takes
    # it instead where only it goes on under the chart before (kit/joins.py). Not a file.
    snug: bytes = b""

    @property
    def paper_sheets(self) -> int:
        return self.pages if self.sheets is None else self.sheets

    @property
    def in_kit(self) -> bool:
        return self.kit and self.name.endswith(".pdf") and "/" not in self.name


@dataclass(frozen=True)
class BuildContext:
    game: Game
    options: BuildOptions
    language: str

    @cached_property
    def translator(self):
        """The Translator for this game and language, shared by every component of the build
        (so each untranslated string is reported once)."""
        from generator.i18n import Translator

        return Translator.for_game(self.game, self.language)


Builder = Callable[[BuildContext], list[OutputFile]]


@dataclass(frozen=True)
class Component:
    name: str  # the --only name: map, counters, turn-track, crt …
    order: int  # print order in the kit
    build: Builder
    # True: a parallel build runs every language of this component in one worker, one after
    # the other, because the later languages reuse what the first one cached (counter images);
    # False: each language is a task of its own, so two languages run on two cores.
    languages_together: bool = False
    # The component whose task a parallel build runs this one in, right after it, with the
    # same context (when both are built): it reuses what that one drew (the setup maps draw
    # the map's body), which workers apart would each draw again.
    runs_with: str | None = None


COMPONENTS: dict[str, Component] = {}


def component(name: str, order: int, languages_together: bool = False, runs_with: str | None = None):
    """Register a component builder under its --only name."""

    def register(build: Builder) -> Builder:
        COMPONENTS[name] = Component(name, order, build, languages_together, runs_with)
        return build

    return register


def component_names() -> list[str]:
    """Every component's --only name, without importing any of them."""
    from generator.components import MODULES

    return sorted(set(MODULES) | set(COMPONENTS))


def load_components(names) -> list[Component]:
    """The components named, in print order, importing only their modules (so `--only
    counters` never pays for the map's or the charts' code)."""
    import importlib

    from generator.components import MODULES

    for name in names:
        if name not in COMPONENTS:
            importlib.import_module(MODULES[name])
    return sorted((COMPONENTS[name] for name in set(names)), key=lambda c: (c.order, c.name))


def all_components() -> list[Component]:
    return load_components(component_names())
