"""Catalogs read once and kept from one run to the next, as Python keeps bytecode.

Parsing a .po file with Babel costs a check more than the rest of the translation checks
(≈ 0.01 s for warkit's own catalog, 0.02 s for a large game's, and the first one loads
Python's `email` package to read the header). What Babel made of a catalog depends only on
its bytes and on the code that read it, so it is kept in warkit's kept files
(`generator/kept.py`, folder `catalogs`) under the digest of the bytes, of this module's and
`pofiles.py`'s files and Babel's reader, and of the Python that wrote it; a later run with
the same catalog reads the catalog back (a fifth of the time) instead of parsing it.

A kept file is read with an unpickler that loads nothing but Babel's catalog, message and
locale classes and a few builtins and dates; anything else — a stale, damaged or foreign
file — counts as absent, and the catalog is parsed as before. Only catalogs that read
without error are kept: one that cannot be read says why each time.
"""

from __future__ import annotations

import hashlib
import io
import pickle
import sys

from generator import kept

KIND = "catalogs"
FORMAT = 1
_ALLOWED = frozenset({
    ("babel.messages.catalog", "Catalog"), ("babel.messages.catalog", "Message"), ("babel.core", "Locale"),
    ("datetime", "datetime"), ("datetime", "timezone"), ("datetime", "timedelta"),
    ("collections", "OrderedDict"), ("collections", "defaultdict"), ("builtins", "set"), ("builtins", "frozenset"), ("builtins", "list"),
    ("builtins", "tuple"), ("builtins", "dict"),
})


class _CatalogUnpickler(pickle.Unpickler):
    """Loads Babel's catalogs and what they hold, nothing else."""

    def find_class(self, module: str, name: str):
        if (module, name) in _ALLOWED:
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not part of a catalog")


def _name(digest: str) -> str:
    stamp = kept.stamp(__name__, "generator.i18n.pofiles", "babel", "babel.messages.pofile",
                       "babel.messages.catalog", "babel.core")
    key = repr((FORMAT, digest, sys.version, stamp))
    return hashlib.sha256(key.encode()).hexdigest() + ".pickle"


def load(digest: str):
    """The catalog kept for the bytes of `digest`, or None."""
    if kept.folder(KIND) is None:
        return None
    data = kept.read(KIND, _name(digest))
    if data is None:
        return None
    try:
        return _CatalogUnpickler(io.BytesIO(data)).load()
    except Exception:  # noqa: BLE001 - stale or foreign: the catalog is parsed as before
        return None


def keep(digest: str, catalog) -> None:
    """Keep the catalog read from the bytes of `digest` (silently nothing when it cannot be)."""
    if kept.folder(KIND) is None:
        return
    body = kept.pickled(catalog, _CatalogUnpickler)
    if body is not None:  # a catalog that cannot be kept is parsed again next time
        kept.write(KIND, _name(digest), body)
