"""A build killed at any instant leaves the old kit or the new one, whole, and the next build
runs without --force.

The build below turns an old kit (a CRT and a TEC, in English and Spanish) into a new one (the
TEC changed, the CRT gone: two stale files per language to delete). It is killed with SIGKILL
at every step of its commit protocol — after the lock, after each staged file, after the
journal is written, after it is renamed (the commit point), after each rename and each
deletion, after the journal is deleted — each time in a forked child process. Then the
folder, as the next build finds it (after it took the lock and recovered), is byte for byte
the old kit (killed before the commit point) or the new one (after it), and that next build
succeeds without --force.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.build import commit
from generator.build.lock import LOCK, OutputLock
from generator.build.runner import build_game
from generator.io.atomic import new_token

MINI = Path(__file__).parent / "fixtures" / "mini"
OPTIONS = {"only": ("crt", "tec"), "languages": ("en", "es")}
pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="kills a forked build")


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under the game's output folder (dot files included) and its bytes."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def new_data(game: Path) -> None:
    """The new kit's data: a terrain renamed (the TEC changes), the combat table removed."""
    text = (game / "game.yaml").read_text(encoding="utf-8")
    text = text[:text.index("tables:\n")] + text[text.index("sequence_of_play:"):]
    (game / "game.yaml").write_text(text.replace("{id: forest, name: Forest", "{id: forest, name: Woods"),
                                    encoding="utf-8")


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    base = tmp_path_factory.mktemp("kill")
    old_game, new_game = base / "old" / "mini", base / "new" / "mini"
    shutil.copytree(MINI, old_game)
    shutil.copytree(MINI, new_game)
    new_data(new_game)
    build_game(old_game, base / "old-out", OPTIONS)
    shutil.copytree(base / "old-out", base / "new-out")
    build_game(new_game, base / "new-out", OPTIONS)
    old, new = snapshot(base / "old-out" / "mini"), snapshot(base / "new-out" / "mini")
    assert sorted(old) == ["en/crt.pdf", "en/crt.svg", "en/manifest.json", "en/tec.pdf", "en/tec.svg",
                           "es/crt.pdf", "es/crt.svg", "es/manifest.json", "es/tec.pdf", "es/tec.svg"]
    assert sorted(new) == ["en/manifest.json", "en/tec.pdf", "en/tec.svg", "es/manifest.json", "es/tec.pdf",
                           "es/tec.svg"]
    assert all(old[name] != new[name] for name in new)  # every file the new build keeps, it changed
    return base, new_game, old, new


def forked_build(game: Path, out: Path, kill_at: int | None, log: Path | None = None) -> int:
    """Build in a forked child whose commit hook SIGKILLs it at step `kill_at` (1-based) and
    writes each step's name to `log`; the child's wait status."""
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        try:
            count = 0

            def hook(name: str) -> None:
                nonlocal count
                count += 1
                if log is not None:
                    with open(log, "a", encoding="utf-8") as stream:
                        stream.write(name + "\n")
                if count == kill_at:
                    os.kill(os.getpid(), signal.SIGKILL)

            commit.STEP = hook
            build_game(game, out, OPTIONS)
            os._exit(0)
        except BaseException:  # noqa: BLE001
            os._exit(3)
    _, status = os.waitpid(pid, 0)
    return status


def steps_of_a_build(kits) -> list[str]:
    base, game, _, _ = kits
    out = base / "count"
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(base / "old-out", out)
    log = base / "steps.log"
    log.unlink(missing_ok=True)
    assert os.WEXITSTATUS(forked_build(game, out, None, log)) == 0
    return log.read_text(encoding="utf-8").split()


def test_the_commit_goes_through_these_steps(kits):
    # lock; 3 files staged per language (TEC pdf and svg, manifest); the journal; per language
    # 3 renames and 2 stale files deleted (the CRT's pdf and svg); the journal deleted
    per_language = ["renamed"] * 3 + ["removed"] * 2
    assert steps_of_a_build(kits) == (["locked"] + ["staged"] * 6 + ["journal-written", "committed"]
                                      + per_language * 2 + ["finished"])


def recovered(root: Path) -> dict[str, bytes]:
    """The folder as the next build finds it once it holds the lock (and recovered)."""
    with OutputLock(root, new_token()):
        pass
    return snapshot(root)


def test_killed_at_every_step_the_kit_is_whole_and_the_next_build_needs_no_force(kits, tmp_path):
    base, game, old, new = kits
    steps = steps_of_a_build(kits)
    commit_point = steps.index("committed") + 1  # killed at or after this step: the new kit
    for kill_at in range(1, len(steps) + 1):
        out = tmp_path / f"out-{kill_at}"
        shutil.copytree(base / "old-out", out)
        status = forked_build(game, out, kill_at)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, (kill_at, status)
        assert (out / "mini" / LOCK).exists()  # a dead build's lock file, not locked any more
        state = recovered(out / "mini")
        expected, which = (new, "new") if kill_at >= commit_point else (old, "old")
        assert state == expected, f"killed after step {kill_at} ({steps[kill_at - 1]}): not the {which} kit"
        result = build_game(game, out, OPTIONS)  # no force
        assert snapshot(out / "mini") == new
        assert sorted(p.name for p in result.written) == ([] if which == "new" else sorted(
            ["manifest.json", "tec.pdf", "tec.svg"] * 2))


def test_a_journal_is_carried_out_again_from_any_point(kits, tmp_path):
    """Recovery itself may be killed: carrying out a journal twice (or three times) ends in
    the same new kit."""
    base, game, _, new = kits
    steps = steps_of_a_build(kits)
    out = tmp_path / "out"
    shutil.copytree(base / "old-out", out)
    forked_build(game, out, steps.index("renamed") + 3)  # two renames done
    journal = json.loads((out / "mini" / commit.JOURNAL).read_bytes())
    commit.carry_out(out / "mini", journal)  # an interrupted recovery: the journal is still there
    assert recovered(out / "mini") == new


# --- the lock ---------------------------------------------------------------------------------


def test_a_second_build_into_the_same_folder_is_refused_while_the_first_runs(kits, tmp_path):
    base, game, _, _ = kits
    out = tmp_path / "out"
    shutil.copytree(base / "old-out", out)
    with OutputLock(out / "mini", new_token()):
        result = subprocess.run([sys.executable, "-m", "generator", "build", str(game), "--out", str(out),
                                 "--only", "crt,tec", "--lang", "en,es", "--jobs", "1"],
                                capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert result.stderr == (f"warkit: another warkit build (process {os.getpid()}) is writing into {out / 'mini'}; "
                             "wait for it to finish, or build into another --out\n")
    assert snapshot(out / "mini") == snapshot(base / "old-out" / "mini")  # the lock file went with the lock


def test_a_lock_file_left_by_a_killed_build_is_taken_over(kits, tmp_path):
    base, game, _, new = kits
    out = tmp_path / "out"
    shutil.copytree(base / "old-out", out)
    forked_build(game, out, 1)  # killed holding the lock
    build_game(game, out, OPTIONS)
    assert snapshot(out / "mini") == new and not (out / "mini" / LOCK).exists()


def test_nothing_of_a_failed_build_is_left(kits, tmp_path):
    base, game, old, _ = kits
    out = tmp_path / "out"
    shutil.copytree(base / "old-out", out)
    (game / "templates").mkdir(exist_ok=True)
    with pytest.raises(Exception):
        build_game(game, out, {**OPTIONS, "only": ("crt", "tec", "nonsense")})
    assert snapshot(out / "mini") == old


# --- signals, from outside, through the command line ------------------------------------------


def _start(game: Path, out: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "generator", "build", str(game), "--out", str(out), "--quiet",
                             *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def _wait_for_temporaries(out: Path, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 120
    while not list(out.rglob(".*.part")):
        assert process.poll() is None and time.monotonic() < deadline, "the build ended before staging"
        time.sleep(0.02)


def _ignores_sigint(pid: int) -> bool:
    """Whether the process ignores SIGINT (its SigIgn mask in /proc); False once it is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    mask = next(line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:"))
    return bool(int(mask, 16) & (1 << (signal.SIGINT - 1)))


def _wait_for_workers_ready(process: subprocess.Popen, jobs: int) -> bool:
    """Wait until the build has forked its `jobs` workers and each has put its own Ctrl-C
    handling in place (ignoring SIGINT, the parent's to handle): a worker forked but not yet
    started would die of a Ctrl-C with a traceback of its own. False if the build ended first."""
    deadline = time.monotonic() + 120
    while True:
        if process.poll() is not None:
            return False
        try:
            children = [int(p) for p in Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()]
        except OSError:
            children = []
        if len(children) >= jobs and all(_ignores_sigint(pid) for pid in children):
            return True
        assert time.monotonic() < deadline, "the build's workers never got ready"
        time.sleep(0.01)


def test_ctrl_c_prints_one_line_and_leaves_the_old_kit(tmp_path):
    """Ctrl-C while the new files are staged: one line, exit 130, the old kit untouched. A
    signal that lands once the commit has begun is held until the new kit is whole (exit 0):
    on a loaded machine the small kit can reach that point before the signal, so the build is
    tried again (each try must end in one of the two whole kits) until one is interrupted. The
    Ctrl-C goes out once every worker ignores SIGINT (a worker forked but not yet started would
    print a traceback of its own) and the build has begun staging."""
    for attempt in range(10):
        game, out = tmp_path / f"mini{attempt}", tmp_path / f"out{attempt}"
        shutil.copytree(MINI, game)
        build_game(game, out, {"only": ("counters", "tec"), "languages": ("en",)})
        before = snapshot(out / "mini")
        new_data(game)
        process = _start(game, out, "--lang", "en,es,qps", "--jobs", "2")
        if _wait_for_workers_ready(process, 2):  # each worker's Ctrl-C handling in place, then staging
            _wait_for_temporaries(out, process)
            os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole process group
        stdout, stderr = process.communicate(timeout=60)
        if process.returncode == 130:
            assert (stdout, stderr) == ("", "warkit: interrupted\n")
            assert snapshot(out / "mini") == before
            return
        assert process.returncode == 0, stderr  # interrupted only after the commit began: the new kit
        assert not list(out.rglob(".*.part")) and not (out / "mini" / LOCK).exists()
        assert snapshot(out / "mini") != before
    pytest.fail("no try was interrupted while staging")


def test_workers_exit_with_a_killed_parent_and_the_next_build_recovers(tmp_path):
    game = tmp_path / "mini"
    shutil.copytree(MINI, game)
    out = tmp_path / "out"
    build_game(game, out, {"only": ("counters", "tec"), "languages": ("en",)})
    before = snapshot(out / "mini")
    new_data(game)
    process = _start(game, out, "--lang", "en", "--jobs", "2")
    _wait_for_temporaries(out, process)
    workers = [int(p) for p in Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()]
    os.kill(process.pid, signal.SIGKILL)
    process.communicate(timeout=60)
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() and "zombie" not in Path(f"/proc/{pid}/status").read_text()
              for pid in workers):
        assert time.monotonic() < deadline, "a worker outlived its parent"
        time.sleep(0.05)
    assert recovered(out / "mini") == before  # killed while staging: the old kit, no temporaries
    build_game(game, out, {"only": ("counters", "tec"), "languages": ("en",)})
    assert not list(out.rglob(".*.part")) and not (out / "mini" / LOCK).exists()
