"""One build at a time into one game's output folder, and recovery from a build that died.

`OUT/<game>/.warkit-lock` is created (never through a link) and locked with `flock` for the
whole build; it holds the build's process id and token. A second build into the same
folder finds it locked and stops with one line naming the first. The kernel releases the
lock when the build dies (and its worker processes, which share it, exit with it), so a
lock file found unlocked is a dead build's: the new build takes it over, carries out the
dead build's journal if it had one, removes the dead build's temporaries, and goes on — no
--force, nothing to delete by hand. A build that ends, well or badly, deletes the file.

Where `flock` does not exist (Windows) the file is created exclusively and a file whose
process no longer runs is taken over.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from generator.build import commit
from generator.errors import WarkitError
from generator.io.atomic import TOKEN, make_folders

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None

LOCK = ".warkit-lock"
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


class BuildLocked(WarkitError):
    """Another build is writing into the same output folder."""


class OutputLock:
    """`with OutputLock(OUT/<game>, token):` — the folder is this build's until the end."""

    def __init__(self, root: Path, token: str) -> None:
        self.root = Path(root)
        self.path = self.root / LOCK
        self.token = token
        self.recovered = False  # a dead build's journal or temporaries were dealt with
        self._handle: int | None = None
        self._made: list[Path] = []  # the folders this lock created, innermost first

    def __enter__(self) -> OutputLock:
        existing = self.root
        while not os.path.lexists(existing) and existing != existing.parent:
            existing = existing.parent
        if existing != self.root and not existing.is_dir():
            raise WarkitError(f"cannot build into {self.root}: {existing} is a file, not a folder (--out names a "
                              "folder)")
        refuse_link(self.root)
        self._made = [folder for folder in (self.root, *self.root.parents) if not os.path.lexists(folder)]
        make_folders(self.root)
        refuse_link(self.root)
        for _ in range(10):
            handle = self._open()
            if self._take(handle):
                break
        else:
            raise BuildLocked(f"cannot lock {self.path}: it keeps changing (another build starting?)")
        self._handle = handle
        try:
            previous = _tokens(os.pread(handle, 4096, 0)) if hasattr(os, "pread") else []
            self.recovered = commit.recover(self.root, previous)
            record = json.dumps({"pid": os.getpid(), "host": _host(), "token": self.token}).encode()
            os.ftruncate(handle, 0)
            os.pwrite(handle, record, 0) if hasattr(os, "pwrite") else os.write(handle, record)
            os.fsync(handle)
        except BaseException:
            self._close()  # the file stays: the next build recovers what is left
            raise
        commit.step("locked")
        return self

    def __exit__(self, *exc) -> None:
        if self._handle is None:
            return
        try:
            self.path.unlink()
        except OSError:
            pass
        self._close()
        for folder in self._made:  # a build that wrote nothing leaves no folder behind
            try:
                folder.rmdir()
            except OSError:
                break

    def _open(self) -> int:
        try:
            handle = os.open(self.path, os.O_RDWR | os.O_CREAT | _NOFOLLOW | _CLOEXEC
                             | (0 if fcntl else os.O_EXCL), 0o644)
        except FileExistsError:  # without flock: a file another build made
            return self._stale_or_refuse()
        except OSError as error:
            if self.path.is_symlink():
                raise WarkitError(f"{self.path} is a symbolic link; warkit writes only real files there "
                                  "(remove it)") from None
            raise WarkitError(f"cannot create {self.path}: {error.strerror or error}") from None
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            os.close(handle)
            raise WarkitError(f"{self.path} is not a regular file; remove it")
        return handle

    def _take(self, handle: int) -> bool:
        """Lock the open file; False when it was replaced meanwhile (try again)."""
        if fcntl is not None:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _holder(os.pread(handle, 4096, 0))
                os.close(handle)
                raise BuildLocked(f"another warkit build{holder} is writing into {self.root}; wait for it to "
                                  "finish, or build into another --out") from None
        try:
            same = os.stat(self.path, follow_symlinks=False).st_ino == os.fstat(handle).st_ino
        except OSError:
            same = False
        if not same:  # the holder deleted it as we opened it
            os.close(handle)
        return same

    def _stale_or_refuse(self) -> int:
        record = _record(self.path.read_bytes()[:4096])
        pid = record.get("pid") if isinstance(record.get("pid"), int) else None
        if pid is not None and _running(pid):
            raise BuildLocked(f"another warkit build (process {pid}) is writing into {self.root}; wait for it to "
                              "finish, or build into another --out")
        handle = os.open(self.path, os.O_RDWR | _NOFOLLOW)
        return handle

    def _close(self) -> None:
        if self._handle is not None:
            os.close(self._handle)
            self._handle = None


def refuse_link(path: Path) -> None:
    """A folder of the output tree that is a link or a special file stops the build."""
    try:
        info = os.lstat(path)
    except OSError:
        return
    if stat.S_ISLNK(info.st_mode):
        raise WarkitError(f"{path} is a symbolic link (to {os.readlink(path)}); warkit writes only into real "
                          "folders: remove the link or choose another --out")
    if not stat.S_ISDIR(info.st_mode):
        raise WarkitError(f"cannot build into {path}: it is {kind(info.st_mode)}, not a folder (--out names a "
                          "folder)")


def kind(mode: int) -> str:
    """A file's kind, in words."""
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISREG(mode):
        return "a file"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a special file"


def _record(data: bytes) -> dict:
    try:
        record = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return {}
    return record if isinstance(record, dict) else {}


def _tokens(data: bytes) -> list[str]:
    token = _record(data).get("token")
    return [token] if isinstance(token, str) and TOKEN.fullmatch(token) else []


def _holder(data: bytes) -> str:
    pid = _record(data).get("pid")
    return f" (process {pid})" if isinstance(pid, int) else ""


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _host() -> str:
    """This computer's name, for the lock's record (socket is loaded only when a lock is taken)."""
    import socket

    return socket.gethostname()
