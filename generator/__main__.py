"""`python -m generator` runs the warkit command line."""

from generator.cli.app import main

main()
