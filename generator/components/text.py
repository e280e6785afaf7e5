"""warkit's own words on the charts ("Die roll", "Odds", "Turn"), in one place.

Every string a component prints that does not come from the game's data goes through `ui`,
so translating the charts means translating this function's messages (gettext, by the i18n
work). Game strings (table names, unit names, notes) come from the model as they are.
"""

from __future__ import annotations


def ui_text(context, message: str, /, **fields) -> str:
    """`message` in the build's language, with `{fields}` filled in after translation.

    `context` is the BuildContext (its translator knows the language); None means the source
    language. `warkit i18n extract --ui` finds these calls by name (see i18n/extract.py).
    """
    text = context.translator.ui(message) if context is not None else message
    return text.format(**fields) if fields else text
