"""The .vmod file (and a saved game inside it): a zip written the same way every time
(sorted entries, dates derived from each entry's content, fixed permissions), so the same
data gives the same bytes and changed data changes what VASSAL's tile cache sees
(identity.py)."""

from __future__ import annotations

import io
import zipfile

from generator.export.vassal.identity import entry_date

STORED = (".png", ".pdf")  # already compressed


def zip_bytes(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=entry_date(name, files[name]))
            info.create_system = 3  # unix, so the permissions below are read
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_STORED if name.endswith(STORED) else zipfile.ZIP_DEFLATED
            archive.writestr(info, files[name], compresslevel=6 if info.compress_type == zipfile.ZIP_DEFLATED else None)
    return out.getvalue()
