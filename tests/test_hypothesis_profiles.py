"""The property tests' profiles (tests/conftest.py): the same examples on every CI run, no
deadline, nothing written into the tree; a thorough profile for local runs."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import settings
from hypothesis.database import DirectoryBasedExampleDatabase


def test_the_ci_profile_is_repeatable_and_writes_nothing():
    ci = settings.get_profile("ci")
    assert (ci.derandomize, ci.deadline, ci.database, ci.max_examples) == (True, None, None, 100)
    if os.environ.get("HYPOTHESIS_PROFILE", "ci") == "ci":
        assert settings.default.derandomize and settings.default.database is None


def test_the_thorough_profile_draws_ten_times_as_many_and_remembers_failures_outside_the_tree():
    thorough = settings.get_profile("thorough")
    assert (thorough.derandomize, thorough.deadline, thorough.max_examples) == (False, None, 1000)
    assert isinstance(thorough.database, DirectoryBasedExampleDatabase)
    tree = Path(__file__).resolve().parent.parent
    assert tree not in Path(thorough.database.path).resolve().parents


def test_the_mutants_profile_repeats_the_ci_examples_without_shrinking():
    mutants = settings.get_profile("mutants")
    assert (mutants.derandomize, mutants.deadline, mutants.database, mutants.max_examples) == (True, None, None, 25)
    assert "shrink" not in {phase.name for phase in mutants.phases}
