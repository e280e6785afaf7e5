"""Writing a file so that nobody ever sees it half-written.

The bytes go to a temporary file beside the target, `.<name>.<token>.part`, created new
(never through an existing file or a symbolic link), and are renamed over the target only
when complete. A replaced file keeps its permissions (a catalog someone made group-writable
stays so); a new file gets those of an ordinary file (0666 less the umask), never the 0600
of a temporary file.

A build names all its temporary files with one token (docs/architecture.md, "Building a
kit"), so what a killed build left behind can be found and removed by the next one without
touching anybody else's files; a single write uses a token of its own.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
import stat
from pathlib import Path

from generator.errors import WarkitError

TOKEN = re.compile(r"[0-9a-f]{16}")
_LONGEST_NAME = 180  # a temporary name stays under the 255 bytes most file systems allow
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def new_token() -> str:
    return secrets.token_hex(8)


def temporary_name(name: str, token: str) -> str:
    """The temporary file that stands for `name` until it is renamed."""
    return f".{name[:_LONGEST_NAME]}.{token}.part"


def is_temporary(name: str, token: str) -> bool:
    """Whether `name` is one of the temporary files of the write (or build) `token`."""
    return name.startswith(".") and name.endswith(f".{token}.part")


def ordinary_mode() -> int:
    """0666 less the process umask, as open() would give."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def mode_for(path: Path) -> int:
    """The permissions `path`'s new content gets: those of the file it replaces, if any."""
    try:
        info = os.lstat(path)
    except OSError:
        return ordinary_mode()
    return stat.S_IMODE(info.st_mode) if stat.S_ISREG(info.st_mode) else ordinary_mode()


def make_folders(folder: Path) -> None:
    """`folder` and its parents; a file or a special file in the way is one message."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise WarkitError(f"cannot write into {folder}: it is a file, not a folder") from None
    except OSError as error:  # no permission, a read-only disk
        raise WarkitError(f"cannot create {folder}: {error.strerror or error}") from None


def write_temporary(path: Path, data: bytes, token: str, mode: int | None = None) -> Path:
    """`data` in a new temporary file in `path`'s folder (created if need be); the caller
    renames it to `path` or removes it."""
    make_folders(path.parent)
    temporary = path.parent / temporary_name(path.name, token)
    mode = mode_for(path) if mode is None else mode
    try:
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o600)
    except OSError as error:  # no permission, a file already there under that name
        raise WarkitError(f"cannot write {path}: {error.strerror or error}") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            if hasattr(os, "fchmod"):
                os.fchmod(stream.fileno(), mode)  # exactly the mode: the umask does not apply twice
        if not hasattr(os, "fchmod"):
            os.chmod(temporary, mode)
    except BaseException as error:
        temporary.unlink(missing_ok=True)
        if isinstance(error, OSError):  # a full disk
            raise WarkitError(f"cannot write {path}: {error.strerror or error}") from None
        raise
    return temporary


def is_unchanged(path: Path, data: bytes) -> bool:
    """True when `path` is a regular file holding exactly `data`."""
    try:
        info = os.lstat(path)
    except OSError:
        return False
    if not stat.S_ISREG(info.st_mode) or info.st_size != len(data):
        return False
    try:
        with open(path, "rb") as stream:
            return digest(stream.read(len(data) + 1)) == digest(data)
    except OSError:
        return False


def write_atomic(path: Path, data: bytes, *, durable: bool = True) -> bool:
    """Write `path` through a temporary file; False (and no write) when it already holds
    `data`. `durable`: the bytes reach the disk before the rename (a power cut leaves the
    old file or the new one)."""
    path = Path(path)
    if is_unchanged(path, data):
        return False
    temporary = write_temporary(path, data, new_token())
    try:
        if durable:
            _sync_file(temporary)
        os.replace(temporary, path)
    except BaseException as error:
        temporary.unlink(missing_ok=True)
        if isinstance(error, IsADirectoryError):
            raise WarkitError(f"cannot write {path}: it is a folder") from None
        raise
    if durable:
        sync_folder(path.parent)
    return True


def _sync_file(path: Path) -> None:
    handle = os.open(path, os.O_RDONLY | _CLOEXEC)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def sync_folder(folder: Path) -> None:
    """Make the renames in `folder` durable (where the system allows opening a folder)."""
    try:
        handle = os.open(folder, os.O_RDONLY | _CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
