"""Counter sheets and per-counter images; importing the package registers the component.
The charts draw the same art through `counter_hook`, which loads `chart_art` when a chart
first draws a counter."""

from generator.components.counters import component  # noqa: F401
