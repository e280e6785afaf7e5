"""Components get a shared Translator from the build context; what fell back is reported once."""

from __future__ import annotations

from generator.build import components
from generator.build.components import Component, OutputFile
from generator.build.runner import build_game
from i18n_helpers import declare, edit_entry, es_po


def test_components_share_one_translator_and_the_build_reports_fallbacks(mini, tmp_path, monkeypatch):
    declare(mini, "en", "es")
    edit_entry(es_po(mini), "terrain.forest.name", string="")
    printed = []

    def tec(ctx):
        t = ctx.translator
        assert t is ctx.translator  # one per (game, language)
        names = [t.of(terrain) for terrain in ctx.game.spec.terrain]
        printed.append((ctx.language, t.ui("Terrain"), names))
        return [OutputFile("tec.txt", " ".join(names).encode())]

    monkeypatch.setitem(components.COMPONENTS, "tec-test", Component("tec-test", 99, tec))
    def again(ctx):  # the same, under another file name (two components may not write one file)
        return [OutputFile("tec-again.txt", tec(ctx)[0].data)]

    monkeypatch.setitem(components.COMPONENTS, "tec-again", Component("tec-again", 100, again))
    result = build_game(mini.path, tmp_path / "out", {"only": ("tec-test", "tec-again")})
    assert printed[0] == ("en", "Terrain", ["Clear", "Forest", "Sea"])
    assert printed[2] == ("es", "Terreno", ["Terreno abierto", "Forest", "Mar"])
    assert result.warnings == ["es: 'terrain.forest.name' is untranslated; printing the source text 'Forest'"]
    assert (tmp_path / "out" / "mini" / "es" / "tec.txt").read_text() == "Terreno abierto Forest Mar"
