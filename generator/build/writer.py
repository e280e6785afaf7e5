"""Write outputs atomically and only when their content changed."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, data: bytes) -> bool:
    """Write via a temporary file and rename; False (and no write) when content is unchanged."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_file() and path.stat().st_size == len(data) and _digest(path.read_bytes()) == _digest(data):
        return False
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, _FILE_MODE)  # mkstemp makes 0600; outputs are ordinary files
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return True


def _file_mode() -> int:
    """0666 less the process umask, as open() would give."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


_FILE_MODE = _file_mode()


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
