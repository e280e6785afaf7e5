"""Counter sheets and per-counter images; importing the package registers the component."""

from generator.components.counters import component  # noqa: F401
