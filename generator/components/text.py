"""warkit's own words on the charts ("Die roll", "Odds", "Turn"), in one place.

Every string a component prints that does not come from the game's data goes through `ui`,
so translating the charts means translating this function's messages (gettext, by the i18n
work). Game strings (table names, unit names, notes) come from the model as they are.
"""

from __future__ import annotations


def ui(context, message: str, /, **fields) -> str:
    """`message` in the build's language (English for now), with `{fields}` filled in.

    `context` is the BuildContext (it carries the language); None means the source language.
    """
    return message.format(**fields) if fields else message
