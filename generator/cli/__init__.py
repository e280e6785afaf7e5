"""The only part of warkit that talks to the terminal."""
