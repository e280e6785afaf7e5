"""Where the test suite's CPU time goes: per test, per file, and before pytest.

A pytest plugin and its report. Run the suite with the plugin loaded:

    PYTHONPATH=. WARKIT_CPU_LOG=build/suite-cpu.jsonl \\
        /usr/bin/time -v .venv/bin/python -m pytest -n 2 -p no:cacheprovider -p benchmarks.suite_cpu -q
    .venv/bin/python benchmarks/suite_cpu.py build/suite-cpu.jsonl [--top 40]

Each test's CPU time is taken around its whole protocol (setup, call, teardown), as user +
system time of the worker process and of the children it reaped meanwhile (`os.times()`):
the subprocesses a test starts and a build's `--jobs` worker processes are counted with the
test that started them. A fixture shared by a module or a session (a kit of `tests/kits.py`)
is counted with the first test that asks for it, so a file's figure includes the builds it
triggered first. CPU time, not wall time, because the machine is shared: another process on
the same core stretches the wall clock, not the CPU a test uses. No test asserts a timing.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import pathlib
import sys

import pytest

_LOG = os.environ.get("WARKIT_CPU_LOG")


def _cpu() -> float:
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    start = _cpu()
    yield
    if _LOG:
        line = json.dumps({"test": item.nodeid, "cpu": round(_cpu() - start, 3)})
        with open(_LOG, "a", encoding="utf-8") as log:
            log.write(line + "\n")


def report(path: pathlib.Path, top: int) -> None:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    by_file: collections.Counter = collections.Counter()
    counts: collections.Counter = collections.Counter()
    for row in rows:
        name = row["test"].split("::")[0]
        by_file[name] += row["cpu"]
        counts[name] += 1
    total = sum(by_file.values())
    print(f"{len(rows)} tests, {total:.1f} s of CPU in the tests (workers + reaped children)\n")
    print("| file | tests | CPU s | share |\n| --- | ---: | ---: | ---: |")
    for name, cpu in by_file.most_common(top):
        print(f"| `{name}` | {counts[name]} | {cpu:.1f} | {100 * cpu / total:.1f} % |")
    print("\n| test | CPU s |\n| --- | ---: |")
    for row in sorted(rows, key=lambda r: -r["cpu"])[:top]:
        print(f"| `{row['test']}` | {row['cpu']:.1f} |")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log", type=pathlib.Path)
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args(argv)
    report(args.log, args.top)


if __name__ == "__main__":
    main(sys.argv[1:])
