"""warkit: a wargame's data tables in, a checked print-and-play kit out."""

__version__ = "0.1.0"
