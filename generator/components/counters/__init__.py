"""Counter sheets and per-counter images. The component registers itself when `component` is
imported (components/MODULES); the package itself imports nothing, so the checks can measure a
counter's picture slot (`anatomy`, `plan`) without loading the sheets. The charts draw the same
art through `counter_hook`, which loads `chart_art` when a chart first draws a counter."""
