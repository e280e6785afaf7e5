"""What a command pays before it does any work: `warkit check` cold on every sample game, and
the imports of `warkit build --only <component>`.

Run:  PYTHONPATH=. .venv/bin/python benchmarks/bench_startup.py [--repeat N] [--only counters map …]
      [--before DIR] [--first-run | --cache-off]

- `--before DIR`: also run the same commands from DIR (an export of older code, e.g.
  `git archive COMMIT | tar -x -C DIR`, with this virtual environment), alternately with this
  code, so both are measured in the same minutes of a shared machine.
- `--first-run`: each command with an empty folder of kept files (`WARKIT_CACHE`, see
  generator/kept.py), as the first run after an install or an upgrade; by default the kept
  files of a former run are there (the command is run once before it is timed).
- `--cache-off`: each command with `WARKIT_CACHE=off` (nothing kept, nothing read back).

- `check`: the cold command in a subprocess, as a user runs it (interpreter start-up, imports,
  loading and checking the game); its CPU time (user + system, from `getrusage` of the child)
  and wall time, best of N.
- imports of `build --only X`: the command is run once, recording every module it loaded;
  then a fresh interpreter imports exactly those modules, having first set up what the
  command line sets up before its imports (`generator/keptcode.py`), and the CPU time of
  the imports alone is taken (`time.process_time` around them), best of N. The modules `-X importtime`
  shows as the costliest are printed for the first component.

CPU time rather than wall time, because the machine is shared: another process on the same
core stretches the wall clock, not the CPU a command uses.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
KEPT = tempfile.mkdtemp(prefix="warkit-kept-")  # this run's kept files, warmed by a first run

CHILD = """
import json, resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps([done.returncode, wall, usage.ru_utime + usage.ru_stime, done.stderr[-1500:]]))
"""

RECORD = """
import atexit, sys, json
def record():
    open({path!r}, "w").write(json.dumps(sorted(sys.modules)))
atexit.register(record)  # a build ends without the interpreter's teardown, after its exit functions
try:
    from generator.cli.launch import main
except ImportError:  # code older than launch.py
    from generator.cli.app import main
sys.argv = ["warkit", *sys.argv[2:]]
try:
    main()
except SystemExit:
    pass
"""

IMPORT = """
import json, sys, time
names = json.load(open(sys.argv[1]))
start = time.process_time()
try:  # as the command line does first: compile through what was kept (generator/keptcode.py)
    from generator import keptcode
    keptcode.install()
except ImportError:  # older code
    pass
for name in names:
    try:
        __import__(name)
    except Exception:
        pass
print(time.process_time() - start)
"""


CACHE_OFF = False  # --cache-off


def env_for(root: Path, first_run: bool) -> dict:
    kept = "off" if CACHE_OFF else tempfile.mkdtemp(prefix="warkit-first-") if first_run else KEPT
    return {**os.environ, "PYTHONPATH": str(root), "WARKIT_CACHE": kept}


def cold(args: list[str], root: Path = ROOT, first_run: bool = False) -> tuple[float, float]:
    """(CPU s, wall s) of one cold warkit command."""
    done = subprocess.run([sys.executable, "-c", CHILD, sys.executable, "-m", "generator", *args],
                          capture_output=True, text=True, env=env_for(root, first_run), check=True, cwd=root)
    code, wall, cpu, err = json.loads(done.stdout)
    if code not in (0, 1):  # 1: the check found problems, still a full run
        raise SystemExit(f"warkit {' '.join(args)} failed ({code}):\n{err}")
    return cpu, wall


def imports_of(args: list[str], repeat: int, root: Path = ROOT, first_run: bool = False) -> tuple[float, int]:
    """(best CPU s of importing what the command loads, how many modules)."""
    env = env_for(root, first_run)
    with tempfile.TemporaryDirectory() as folder:
        record = Path(folder) / "modules.json"
        if not first_run:  # the kept files of a former run
            subprocess.run([sys.executable, "-c", RECORD.format(path=str(record)), "-", *args], env=env,
                           check=True, capture_output=True, text=True, cwd=root)
        subprocess.run([sys.executable, "-c", RECORD.format(path=str(record)), "-", *args], env=env,
                       check=True, capture_output=True, text=True, cwd=root)
        names = json.loads(record.read_text())
        best = min(float(subprocess.run([sys.executable, "-c", IMPORT, str(record)], env=env, check=True,
                                        capture_output=True, text=True, cwd=root).stdout) for _ in range(repeat))
    return best, len(names)


def costliest(args: list[str], count: int = 12) -> list[tuple[int, str]]:
    """The top-level imports with the largest cumulative time (µs), from -X importtime."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "generator", *args],
                          env={**ENV, "WARKIT_CACHE": KEPT}, capture_output=True, text=True)
    rows = []
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            _, cumulative, name = (part.strip() for part in line.removeprefix("import time:").split("|"))
            if cumulative.isdigit() and not name.startswith(" ") and "." not in name.strip():
                rows.append((int(cumulative), name.strip()))
    return sorted(rows, reverse=True)[:count]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--only", nargs="*", default=["counters", "map"])
    parser.add_argument("--before", type=Path, help="an export of older code, measured alternately")
    parser.add_argument("--first-run", action="store_true", help="no kept files (the first run after an install)")
    parser.add_argument("--cache-off", action="store_true", help="WARKIT_CACHE=off: nothing kept or read back")
    args = parser.parse_args()
    global CACHE_OFF
    CACHE_OFF = args.cache_off
    from benchmarks.bytecode import compile_package

    roots = {"now": ROOT}
    if args.before:
        roots = {"before": args.before.resolve(), "now": ROOT}
    for root in roots.values():
        compile_package(root)  # as an install would: bytecode, not sources compiled at every start
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}"
          + (", first run (no kept files)" if args.first_run else "") + (", WARKIT_CACHE=off" if args.cache_off else ""))
    games = sorted(p.parent for p in (ROOT / "data").glob("*/game.yaml"))
    print("warkit check GAME, cold (best of N):")
    for game in games:
        runs: dict[str, list] = {label: [] for label in roots}
        if not args.first_run:
            for root in roots.values():
                cold(["check", str(game)], root)  # keeps what a later run reads
        for _ in range(args.repeat):
            for label, root in roots.items():
                runs[label].append(cold(["check", str(game)], root, args.first_run))
        print(f"  {game.name:<24}" + "".join(f"  {label} CPU {min(r[0] for r in found):5.2f} s wall "
                                              f"{min(r[1] for r in found):5.2f} s" for label, found in runs.items()))
    game = ROOT / "data" / "when-eagles-fight"
    with tempfile.TemporaryDirectory(dir=ROOT / "benchmarks") as out:
        for only in args.only:
            command = ["build", str(game), "--only", only, "--lang", "en", "--jobs", "1", "--quiet", "--out", out]
            found = {label: imports_of(command, args.repeat, root, args.first_run) for label, root in roots.items()}
            print(f"imports of `warkit build {game.name} --only {only}`:"
                  + "".join(f"  {label} {count} modules, CPU {seconds:.3f} s" for label, (seconds, count)
                            in found.items()))
        command = ["build", str(game), "--only", args.only[0], "--lang", "en", "--jobs", "1", "--quiet", "--out", out]
        print("  costliest top-level imports now (-X importtime, cumulative, wall):")
        for micro, name in costliest(command):
            print(f"    {micro / 1e6:6.3f} s  {name}")
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
