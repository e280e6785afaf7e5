"""The packages' layering, read from the import graph of the source (every `import` statement,
at the top of a module or inside a function): fonts and text metrics lie below layout, layout
below render, and no lower package reaches up, however indirectly."""

from __future__ import annotations

import ast
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "generator"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in PACKAGE.rglob("*.py")}


@cache
def direct_imports(module: str) -> frozenset[str]:
    """The warkit modules `module` imports anywhere in its text (a package's `__init__` counts
    as imported with any of its modules, as Python runs it)."""
    path = _modules()[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            while name and name not in _modules():
                name = name.rpartition(".")[0]
            if name.startswith("generator"):
                found.add(name)
                parent = name.rpartition(".")[0]
                while parent:  # importing a.b.c runs a/__init__ and a/b/__init__
                    if parent in _modules():
                        found.add(parent)
                    parent = parent.rpartition(".")[0]
    found.discard(module)
    return frozenset(found)


def reachable(module: str) -> dict[str, str]:
    """Every warkit module `module` may load, each with the module that imports it."""
    seen = {module: ""}
    todo = [module]
    while todo:
        current = todo.pop()
        for imported in sorted(direct_imports(current)):
            if imported not in seen:
                seen[imported] = current
                todo.append(imported)
    return seen


def chain(seen: dict[str, str], module: str) -> str:
    links = [module]
    while seen[links[-1]]:
        links.append(seen[links[-1]])
    return " <- ".join(links)


def modules_under(package: str) -> list[str]:
    return sorted(name for name in _modules() if name == package or name.startswith(package + "."))


# (the lower package, the packages it must never load)
LAYERS = [
    ("generator.fonts", ("generator.layout", "generator.render", "generator.components", "generator.build")),
    ("generator.layout", ("generator.render", "generator.components", "generator.build", "generator.kit")),
    ("generator.model", ("generator.layout", "generator.render", "generator.fonts", "generator.io")),
]


@pytest.mark.parametrize(("lower", "upper"), LAYERS, ids=[layer[0] for layer in LAYERS])
def test_a_lower_package_never_imports_an_upper_one(lower, upper):
    for module in modules_under(lower):
        seen = reachable(module)
        wrong = sorted(name for name in seen if name.startswith(upper) and name.split(".")[:2] != lower.split("."))
        wrong = [name for name in wrong if any(name == u or name.startswith(u + ".") for u in upper)]
        assert not wrong, f"{module} reaches {wrong[0]}: {chain(seen, wrong[0])}"


def test_the_graph_reader_sees_imports_inside_functions_and_relative_ones(tmp_path):
    # the reader itself: a lazy import and the package of a module both count
    assert "generator.fonts.faces" in direct_imports("generator.fonts.metrics")
    assert "generator.render.pdf" in reachable("generator.kit")
    assert "generator.fonts" in direct_imports("generator.fonts.metrics")  # the package's __init__


def test_text_is_measured_in_the_fonts_package_and_placed_by_layout():
    assert "generator.fonts.metrics" in direct_imports("generator.layout.wrap")
    assert "generator.fonts.faces" in direct_imports("generator.render.pdf")
    assert not (PACKAGE / "render" / "fonts.py").exists()
    assert not (PACKAGE / "layout" / "text_metrics.py").exists()


def _loaded_after(statement: str) -> set[str]:
    code = f"import sys\n{statement}\nprint('\\n'.join(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    return set(done.stdout.split())


def test_laying_out_loads_no_backend():
    layout = ", ".join(modules_under("generator.layout"))
    loaded = _loaded_after(f"import {layout}")
    assert {"generator.layout.wrap", "generator.fonts.metrics"} <= loaded
    assert not {m for m in loaded if m.startswith("generator.render")}
    assert "svgwrite" not in loaded


def test_every_component_is_found_by_name_without_importing_the_others():
    from generator.components import MODULES

    registered = {}
    for module, path in _modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "component" and node.args:
                registered[node.args[0].value] = module
    assert registered and set(registered) == set(MODULES)
    for name, module in registered.items():  # the listed module is (or imports) the registering one
        assert module == MODULES[name] or module in reachable(MODULES[name]), name
    loaded = _loaded_after("from generator.build.components import load_components; "
                           "print([c.name for c in load_components(['counters'])])")
    assert "generator.components.counters.component" in loaded
    assert not loaded & {"generator.components.map", "generator.components.setup_chart",
                         "generator.components.player_aid", "generator.components.crt"}


def test_a_build_without_its_kit_loads_no_pdf_library():
    loaded = _loaded_after("import generator.kit, generator.build.runner, generator.build.execution")
    assert not loaded & {"pypdf", "pypdfium2", "jinja2"}
    loaded = _loaded_after("from generator.kit import build_kit; import generator.kit.assemble")
    assert "pypdf" in loaded  # the kit itself does load it
