"""The build's commit: every output folder goes from the old kit to the new one as a whole.

A build has staged its new files under temporary names carrying its token
(`.<name>.<token>.part`, manifests included). Committing is then:

1. the **journal** `OUT/<game>/.warkit-journal.json` is written: every rename (temporary ->
   target, each folder's manifest last) and every stale file to delete with the sha256 it
   must still have. It is written to a temporary, flushed to the disk, and renamed: that
   rename is the commit point;
2. the renames and deletions are carried out in the journal's order;
3. the journal is deleted.

Killed before the journal's rename, the folders hold the old kit and some temporaries,
which the next build removes (the lock file names the dead build's token). Killed after it,
the next build first carries the journal out again — every step may be repeated: a rename
whose temporary is gone was done, a deletion checks the hash first — and so completes the
new kit. Either way, the next build starts from a whole kit, old or new, and needs no
--force. The journal lies in the output tree, which is not trusted: carrying it out renames
only this token's temporaries onto plain paths inside the folder and deletes only files that
still hold what the build that wrote the journal said they held.

`step` is called between the steps (each staged file, the journal, each rename and deletion)
so tests can kill a build at every one of them.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from pathlib import Path, PurePosixPath

from generator.errors import WarkitError
from generator.io.atomic import TOKEN, digest, is_temporary, sync_folder, temporary_name, write_temporary

JOURNAL = ".warkit-journal.json"
FORMAT = 1
MAX_JOURNAL_BYTES = 200_000_000

STEP: Callable[[str], None] | None = None  # a test's hook: called with each step's name


def step(name: str) -> None:
    if STEP is not None:
        STEP(name)


Renames = list[tuple[str, str]]  # (temporary, target), relative to the language folder
Removals = list[tuple[str, str]]  # (path, sha256 it must still hold)


def commit(root: Path, token: str, plans: dict[str, tuple[Renames, Removals]]) -> list[Path]:
    """Carry out `plans` (folder name under `root` -> renames and deletions) through the
    journal; the files deleted."""
    journal = {"format": FORMAT, "token": token,
               "folders": {name: {"renames": [list(r) for r in renames], "remove": [list(r) for r in removals]}
                           for name, (renames, removals) in plans.items()}}
    data = json.dumps(journal, indent=1, ensure_ascii=False).encode("utf-8")
    temporary = write_temporary(root / JOURNAL, data, token)
    _sync(temporary)
    step("journal-written")
    os.replace(temporary, root / JOURNAL)
    sync_folder(root)
    step("committed")
    removed = carry_out(root, journal)
    (root / JOURNAL).unlink()
    sync_folder(root)
    step("finished")
    return removed


def carry_out(root: Path, journal: dict) -> list[Path]:
    """The journal's renames and deletions, each only if it is still to be done."""
    token = journal["token"]
    removed, touched = [], set()
    for name, plan in journal["folders"].items():
        folder = root / name
        for temporary, target in plan["renames"]:
            source, destination = folder / temporary, folder / target
            if _real_folders(folder, target) and _is_file(source) and not _is_link_or_special(destination):
                os.replace(source, destination)
                touched.add(destination.parent)
            step("renamed")
        for path, sha256 in plan["remove"]:
            target = folder / path
            if _real_folders(folder, path) and _holds(target, sha256):
                target.unlink()
                removed.append(target)
                touched.add(target.parent)
                _prune(target.parent, folder)
            step("removed")
    for folder in sorted(touched):
        sync_folder(folder)
    return removed


def recover(root: Path, dead_tokens: list[str]) -> bool:
    """Before a build: finish the commit a killed build started (its journal), then remove
    the temporaries of the killed builds. True when there was anything to do."""
    journal_path = root / JOURNAL
    acted = False
    tokens = list(dead_tokens)
    if journal_path.exists() or journal_path.is_symlink():
        journal = read_journal(journal_path)
        carry_out(root, journal)
        journal_path.unlink()
        sync_folder(root)
        tokens.append(journal["token"])
        acted = True
    for token in dict.fromkeys(tokens):
        acted = sweep(root, token) > 0 or acted
    return acted


def read_journal(path: Path) -> dict:
    """The journal at `path`, checked: a forged or damaged one stops the build (naming it)
    rather than renaming or deleting anything it names."""
    shown = str(path)
    try:
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode):
            raise WarkitError(f"{shown} is not a regular file; remove it (an interrupted build's journal is one)")
        if info.st_size > MAX_JOURNAL_BYTES:
            raise WarkitError(f"{shown} is {info.st_size} bytes, more than a journal can be; remove it")
        journal = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise WarkitError(f"{shown} cannot be read ({type(error).__name__}); remove it if no build is "
                          "running") from None
    if not _valid(journal):
        raise WarkitError(f"{shown} is not a journal warkit wrote; remove it if no build is running")
    return journal


def _valid(journal) -> bool:
    if not (isinstance(journal, dict) and journal.get("format") == FORMAT and isinstance(journal.get("token"), str)
            and TOKEN.fullmatch(journal["token"]) and isinstance(journal.get("folders"), dict)):
        return False
    token = journal["token"]
    for name, plan in journal["folders"].items():
        if not (_plain(name) and "/" not in name and isinstance(plan, dict)):
            return False
        renames, removals = plan.get("renames"), plan.get("remove")
        if not isinstance(renames, list) or not isinstance(removals, list):
            return False
        for pair in renames:
            if not (_pair(pair) and _plain(pair[0]) and _plain(pair[1])
                    and is_temporary(PurePosixPath(pair[0]).name, token)
                    and PurePosixPath(pair[0]).parent == PurePosixPath(pair[1]).parent
                    and pair[0] == (PurePosixPath(pair[1]).parent / temporary_name(PurePosixPath(pair[1]).name,
                                                                                   token)).as_posix()):
                return False
        for pair in removals:
            if not (_pair(pair) and _plain(pair[0])):
                return False
    return True


def _pair(value) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value)


def _plain(name: str) -> bool:
    pure = PurePosixPath(name)
    return (bool(name) and not pure.is_absolute() and "\\" not in name and ".." not in pure.parts
            and not any(ord(c) < 32 for c in name) and pure.as_posix() == name)


def sweep(root: Path, token: str) -> int:
    """Remove every temporary file of `token` under `root`; links are never followed."""
    count = 0
    for folder, names in _walk(root):
        for name in names:
            if is_temporary(name, token) and _is_file(folder / name):
                (folder / name).unlink()
                count += 1
    return count


def folders_under(root: Path) -> set[Path]:
    """Every real folder under `root` (links not entered)."""
    found = set()
    for folder, _ in _walk(root):
        found.add(folder)
    return found


def remove_empty_folders(root: Path, keep: set[Path]) -> None:
    """Remove the empty folders under `root` that are not in `keep`, deepest first."""
    for folder in sorted(folders_under(root) - keep - {root}, key=lambda p: len(p.parts), reverse=True):
        try:
            folder.rmdir()
        except OSError:
            pass


def _walk(root: Path):
    """(folder, file names) under `root`, without entering links."""
    pending = [root]
    while pending:
        folder = pending.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        names = []
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                pending.append(Path(entry.path))
            else:
                names.append(entry.name)
        yield folder, names


def _is_file(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _is_link_or_special(path: Path) -> bool:
    try:
        return not stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False  # not there: free to be written


def _real_folders(folder: Path, relative: str) -> bool:
    """Whether `folder` and every folder on the way to `relative` in it is a real folder (no
    link a forged journal could lead out through)."""
    current = folder
    for part in ("", *PurePosixPath(relative).parts[:-1]):
        current = current / part if part else current
        try:
            if not stat.S_ISDIR(os.lstat(current).st_mode):
                return False
        except OSError:
            return False
    return True


def _holds(path: Path, sha256: str) -> bool:
    if not _is_file(path):
        return False
    try:
        return digest(path.read_bytes()) == sha256
    except OSError:
        return False


def _prune(folder: Path, stop: Path) -> None:
    """Remove the folders a deletion left empty, up to `stop`."""
    while folder != stop and stop in folder.parents:
        try:
            folder.rmdir()
        except OSError:
            return
        folder = folder.parent


def _sync(path: Path) -> None:
    handle = os.open(path, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)
