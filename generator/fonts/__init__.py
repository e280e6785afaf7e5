"""Fonts and text metrics, below layout and render: the faces text is set in (the bundled
DejaVu files of this folder, or a game's own), their registration with reportlab, and how
wide a string is set in them. Layout measures text here; the backends draw it with the
same faces, so a label fitted while laying out fits in both formats."""
