"""The .vmod file: a zip written the same way every time (sorted entries, fixed dates and
permissions), so the same data gives the same bytes."""

from __future__ import annotations

import io
import zipfile

EPOCH = (1980, 1, 1, 0, 0, 0)  # the earliest date a zip can hold
STORED = (".png", ".pdf")  # already compressed


def zip_bytes(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=EPOCH)
            info.create_system = 3  # unix, so the permissions below are read
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_STORED if name.endswith(STORED) else zipfile.ZIP_DEFLATED
            archive.writestr(info, files[name], compresslevel=6 if info.compress_type == zipfile.ZIP_DEFLATED else None)
    return out.getvalue()
