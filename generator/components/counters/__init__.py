"""Counter sheets and per-counter images; importing the package registers the component and
installs the counters' art into `counter_hook`, so every chart shows the real counters."""

from generator.components import counter_hook
from generator.components.counters import component  # noqa: F401
from generator.components.counters.chart_art import marker_art, unit_art

counter_hook.use_counter_art(unit_art, marker_art)
