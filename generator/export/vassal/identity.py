"""What a module is known by in VASSAL: its name, its version and its entries' dates.

VASSAL caches a module's map tiles in a folder named by the SHA-1 of `<name>_<version>`
(launch/AbstractLaunchAction: `tiles/` + sha1Hex(name + "_" + version); GameModule
.getImageTileSource the same at play), and keeps a tile while the image's date in the zip is
no later than the tile's file (TilingHandler.isFresh: `imtime > 0 && imtime <= tile mtime`).
Its preferences and saved games are matched by the module's name. So:

- the **name** is the game's title in the module's language; when that is the title of
  another language the game prints in, a translation adds its language ("Strike of the Eagle
  (es)"; the data's own language keeps the bare title), so two modules never share
  preferences, saved games or tiles;
- the **version** is a hash of everything else in the module (images, buildFile, saved
  games), so any change of content — a map drawn anew, another `--dpi` — is another folder of
  tiles, and the same content is the same version;
- each zip **entry's date** is derived from its name and bytes (a day and second of
  1980-1999, always in the past, so tiles made from it stay fresh), so a changed image also
  carries another date, while the same content gives the same bytes.
"""

from __future__ import annotations

import datetime as dt
import hashlib

from generator.i18n import Translator

VERSION_DIGITS = 12
EPOCH = dt.datetime(1980, 1, 1)  # the earliest date a zip entry can hold
SPAN_SECONDS = (dt.datetime(2000, 1, 1) - EPOCH).days * 86400  # dates stay in 1980-1999


def module_name(game, language: str) -> str:
    """The title in `language`; in a translation, with the language added when another
    language of the game (its own included) gives the same title."""
    title = Translator.for_game(game, language).title()
    if language == game.spec.source_language:
        return title
    others = {game.spec.source_language, *game.spec.print.languages} - {language}
    if any(Translator.for_game(game, code).title() == title for code in others):
        return f"{title} ({language})"
    return title


def content_version(files: dict[str, bytes]) -> str:
    """A hash of every entry's name and bytes (in name order), as the module's version."""
    digest = hashlib.sha256()
    for name in sorted(files):
        data = files[name]
        digest.update(name.encode("utf-8") + b"\0" + len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()[:VERSION_DIGITS]


def entry_date(name: str, data: bytes) -> tuple[int, int, int, int, int, int]:
    """A zip entry's date (year, month, day, hour, minute, second) from its name and bytes:
    even seconds (the zip's resolution) within 1980-1999."""
    seed = int.from_bytes(hashlib.sha256(name.encode("utf-8") + b"\0" + data).digest()[:8], "big")
    when = EPOCH + dt.timedelta(seconds=(seed % SPAN_SECONDS) // 2 * 2)
    return when.year, when.month, when.day, when.hour, when.minute, when.second


def saved_ms(version: str) -> int:
    """The moduledata's and saved games' dateSaved (ms since 1970): a moment of 1980-1999
    from the version, not the clock."""
    when = EPOCH + dt.timedelta(seconds=int(version or "0", 16) % SPAN_SECONDS)
    return int((when - dt.datetime(1970, 1, 1)).total_seconds()) * 1000
