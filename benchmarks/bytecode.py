"""The package compiled to bytecode before anything is timed.

An installed warkit runs from bytecode (pip compiles a package when it installs it). A
checkout whose interpreter may not write `__pycache__` (PYTHONDONTWRITEBYTECODE, as on the
project's machine) would compile every module from source at each start-up: about 0.1 s more
for `warkit check`, measured as if it were warkit's. The benchmarks therefore compile the
package first, as an install would.
"""

from __future__ import annotations

import compileall
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def compile_package(root: Path = ROOT) -> None:
    compileall.compile_dir(root / "generator", quiet=1)
