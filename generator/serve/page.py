"""The live preview page: a static page whose script reads /api/state and /events."""

from __future__ import annotations

import html
from pathlib import Path

_PAGE = Path(__file__).with_name("page.html")


def page_html(snapshot: dict) -> str:
    return _PAGE.read_text(encoding="utf-8").replace("{{title}}", html.escape(snapshot.get("title", "warkit")))
