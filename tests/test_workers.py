"""A build forks workers only where they pay: never for a single task, never more than the
tasks that can run side by side."""

from __future__ import annotations

import pytest

from generator.build.components import Component
from generator.build.execution import workers_that_pay


def _component(name: str, together: bool = False) -> Component:
    return Component(name, 10, lambda context: [], together)


MAP, CRT, COUNTERS = _component("map"), _component("crt"), _component("counters", together=True)


def test_one_component_in_one_language_runs_here():
    assert workers_that_pay(2, [MAP], ("en",), kit=False) == 1
    assert workers_that_pay(8, [COUNTERS], ("en", "es"), kit=False) == 1  # its languages run together


def test_no_more_workers_than_tasks():
    assert workers_that_pay(8, [MAP], ("en", "es"), kit=False) == 2
    assert workers_that_pay(8, [MAP, CRT], ("en",), kit=False) == 2
    assert workers_that_pay(2, [MAP, CRT, COUNTERS], ("en", "es"), kit=True) == 2
    assert workers_that_pay(8, [MAP, CRT, COUNTERS], ("en", "es"), kit=True) == 7  # 2 + 2 + 1 + 2 kits


def test_a_component_that_runs_with_another_shares_its_tasks(monkeypatch):
    from generator.build import execution

    setup = Component("setup", 70, lambda context: [], runs_with="map")
    aids = Component("player-aids", 60, lambda context: [])
    known = {c.name: c for c in (MAP, CRT, COUNTERS, setup, aids)}
    monkeypatch.setattr(execution, "COMPONENTS", known)
    names = ["map", "counters", "crt", "player-aids", "setup"]
    assert execution._tasks(names, ("en", "es")) == [
        (("counters",), ("en", "es")),  # its languages together: longest
        (("map", "setup"), ("en",)), (("map", "setup"), ("es",)),  # the setup maps reuse the map's body
        (("player-aids",), ("en",)), (("player-aids",), ("es",)),
        (("crt",), ("en",)), (("crt",), ("es",)),
    ]
    assert execution._tasks(["crt", "setup"], ("en",)) == [(("setup",), ("en",)), (("crt",), ("en",))]  # no map
    assert workers_that_pay(8, [MAP, setup], ("en", "es"), kit=False) == 2
    assert workers_that_pay(8, [MAP, setup], ("en",), kit=False) == 1
    assert workers_that_pay(8, [setup, CRT], ("en",), kit=False) == 2


def test_jobs_one_never_forks():
    assert workers_that_pay(1, [MAP, CRT, COUNTERS], ("en", "es"), kit=True) == 1


def test_a_build_of_one_component_in_one_language_forks_nothing(mini, tmp_path, monkeypatch):
    import concurrent.futures

    from generator.build.runner import build_game

    def no_pool(*args, **kwargs):
        raise AssertionError("a worker pool was started")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_pool)  # as execution.Runner finds it
    result = build_game(mini.path, tmp_path / "out", {"only": ("crt",), "languages": ("en",)}, jobs=2)
    assert (tmp_path / "out" / "mini" / "en" / "crt.pdf").is_file(), result
    with pytest.raises(AssertionError, match="worker pool"):
        build_game(mini.path, tmp_path / "out2", {"only": ("crt", "tec"), "languages": ("en",)}, jobs=2)


_REAL_START: list = []


def _record_mask_then_start(parent: int) -> None:
    """A worker's initializer for the test: what the worker was forked with, then the real start."""
    import os
    import signal

    blocked_at_fork = signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, [])
    _REAL_START[0](parent)
    blocked_after = signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, [])
    ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    with open(os.environ["WARKIT_TEST_MASKS"], "a", encoding="utf-8") as out:
        out.write(f"{blocked_at_fork} {blocked_after} {ignored}\n")


def test_workers_are_forked_with_ctrl_c_held_back_until_they_ignore_it(mini, tmp_path, monkeypatch):
    """A Ctrl-C that lands between a worker's fork and its start must not kill it with a
    traceback of its own: the worker starts with SIGINT blocked, ignores it, then unblocks it;
    the parent's own Ctrl-C is blocked only while it forks."""
    import signal

    from generator.build import execution
    from generator.build.runner import build_game

    masks = tmp_path / "masks.txt"
    monkeypatch.setenv("WARKIT_TEST_MASKS", str(masks))
    _REAL_START[:] = [execution._worker_start]
    monkeypatch.setattr(execution, "_worker_start", _record_mask_then_start)
    build_game(mini.path, tmp_path / "out", {"only": ("crt", "tec"), "languages": ("en",)}, jobs=2)
    assert masks.read_text(encoding="utf-8").splitlines() == ["True False True", "True False True"]
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])  # the parent's is released
