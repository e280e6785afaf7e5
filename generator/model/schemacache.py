"""The validators of the data model kept from one run to the next, as Python keeps bytecode.

pydantic builds a model's validator on its first use (the models are declared with
`defer_build`): it works out a core schema from the classes' annotations, which costs more than
reading and checking a small game (≈ 0.08 s for a game and its scenarios). The core schema is
plain data naming the model classes and their validator functions, so it is kept in a file
per model class; a later run that finds it, made by the same Python, pydantic and warkit
sources, gives the class its validator from it (pydantic-core compiles one in well under a
millisecond) instead of working it out again. Only the models a run validates are built.

Where: the folder `schemas` of warkit's kept files (`generator/kept.py`), a file per class
and copy of warkit (named by the folder it runs from). A file is used only when every warkit source file loaded when it was written has the same size and
modification time (as Python checks a `.pyc` against its source) and the versions match;
anything else — a stale, damaged or foreign file — means the schema is built as before. The
file is read with an unpickler that loads nothing but warkit's own classes and functions and
a few builtins. (The validator is pydantic-core's own, so pydantic plugins, which warkit
does not use, do not see the models given one from a kept schema.)
"""

from __future__ import annotations

import io
import os
import pickle
import sys

from generator import kept

FORMAT = 1
_ALLOWED_BUILTINS = frozenset({"getattr", "list", "dict", "set", "frozenset", "tuple"})


def _versions() -> tuple:
    import pydantic
    import pydantic_core

    from generator import __version__

    return (FORMAT, sys.version, pydantic.VERSION, pydantic_core.__version__, __version__)


def _sources() -> dict[str, tuple[int, int]]:
    """(size, modification time) of the file of every warkit module loaded now: the schema
    can depend on nothing else of warkit's."""
    found = {}
    for name, module in list(sys.modules.items()):
        if name == "generator" or name.startswith("generator."):
            path = getattr(module, "__file__", None)
            if path:
                try:
                    stat = os.stat(path)
                except OSError:
                    continue
                found[path] = (stat.st_size, stat.st_mtime_ns)
    return found


_now: dict[str, tuple[int, int] | None] = {}  # each source file's (size, time), looked up once a run


def _stat(path: str) -> tuple[int, int] | None:
    if path not in _now:
        try:
            stat = os.stat(path)
            _now[path] = (stat.st_size, stat.st_mtime_ns)
        except OSError:
            _now[path] = None
    return _now[path]


def _unchanged(sources: dict) -> bool:
    """Every file has the size and time it had when the schema was kept (each file of warkit
    is looked up once a run, however many kept schemas name it)."""
    return all(_stat(path) == tuple(seen) for path, seen in sources.items())


class _OwnUnpickler(pickle.Unpickler):
    """Loads warkit's classes and functions and a few builtins, nothing else."""

    def find_class(self, module: str, name: str):
        if module == "generator" or module.startswith("generator.") or (
                module == "builtins" and name in _ALLOWED_BUILTINS):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not warkit's")


def _name(cls) -> str:
    """The class, and the warkit it belongs to: two copies of warkit (an installed one and a
    checkout) keep their schemas apart."""
    import hashlib

    import generator

    home = hashlib.sha256(os.path.dirname(os.path.abspath(generator.__file__)).encode()).hexdigest()[:16]
    return f"{cls.__module__}.{cls.__qualname__}.{home}.pickle"


def load(cls):
    """The core schema kept for `cls`, or None."""
    data = kept.read("schemas", _name(cls))
    if data is None:
        return None
    try:
        head, sources, body = pickle.loads(data)
        if head != _versions() or not _unchanged(sources):
            return None
        return _OwnUnpickler(io.BytesIO(body)).load()
    except Exception:  # noqa: BLE001 - stale or foreign: the schema is built as before
        return None


def keep(cls, schema) -> None:
    """Keep `cls`'s core schema for later runs (silently nothing when it cannot be)."""
    if kept.folder("schemas") is None:
        return
    body = kept.pickled(schema, _OwnUnpickler)
    if body is None:  # a schema that cannot be kept is built again next time
        return
    kept.write("schemas", _name(cls), pickle.dumps((_versions(), _sources(), body), protocol=pickle.HIGHEST_PROTOCOL))


def install(cls, schema) -> bool:
    """Give `cls` the validator and serializer of `schema`, as pydantic's own build would."""
    from functools import partial

    from pydantic._internal._config import ConfigWrapper
    from pydantic._internal._fields import collect_model_fields  # noqa: F401 - pydantic's build is loaded
    from pydantic._internal._model_construction import generate_pydantic_signature
    from pydantic._internal._utils import LazyClassAttribute
    from pydantic_core import SchemaSerializer, SchemaValidator

    if not cls.__pydantic_fields_complete__ or cls.__pydantic_decorators__.computed_fields:
        return False
    config = ConfigWrapper(cls.model_config, check=False)
    core_config = config.core_config(title=cls.__name__)
    cls.__pydantic_computed_fields__ = {}
    cls.__pydantic_core_schema__ = schema
    cls.__pydantic_validator__ = SchemaValidator(schema, core_config)
    cls.__pydantic_serializer__ = SchemaSerializer(schema, core_config)
    cls.__signature__ = LazyClassAttribute("__signature__", partial(
        generate_pydantic_signature, init=cls.__init__, fields=cls.__pydantic_fields__,
        validate_by_alias=config.validate_by_alias, extra=config.extra))
    cls.__pydantic_complete__ = True
    cls.__pydantic_on_complete__()
    return True
