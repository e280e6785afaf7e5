"""Block labels: the stickers of a block game's wooden blocks. The `blocks` component registers
itself when `component` is imported (components/MODULES); the package itself imports nothing, so
the checks can measure a label's picture slot (`label`) without loading the component."""
