"""`python -m generator` runs the warkit command line."""

from generator.cli.launch import main

main()
