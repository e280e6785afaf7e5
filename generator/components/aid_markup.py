"""The small document markup the aid templates produce, read into a tree of nodes.

    <aid>
      <title>Player aid: Allied</title> <subtitle>…</subtitle>
      <h>Stacking</h> <p>A paragraph.</p> <note>Small grey print.</note>
      <list><item>A point.</item> …</list>
      <chart name="sequence"/> <chart name="crt" table="crt"/> <chart name="tec"/>
      <chart name="tables" columns="2"/>
      <pagebreak/>
    </aid>

Text is plain: runs of white space become one space. The markup is read with expat; a
document type declaration or an entity is refused (templates have no use for them, and
they are how XML parsers are attacked).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.parsers import expat

from generator.errors import WarkitError

ELEMENTS = {
    "aid": (), "title": (), "subtitle": (), "h": (), "p": (), "note": (), "list": (), "item": (),
    "chart": ("name", "table", "tables", "columns"), "pagebreak": (),
}  # fmt: skip
TEXT_ELEMENTS = {"title", "subtitle", "h", "p", "note", "item"}


@dataclass
class Node:
    tag: str
    attributes: dict[str, str]
    line: int
    children: list["Node"] = field(default_factory=list)
    parts: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return " ".join("".join(self.parts).split())


def parse_markup(markup: str, shown_name: str) -> Node:
    """The document's root node; WarkitError (naming `shown_name` and the line of the
    rendered markup) for anything malformed or unknown."""
    root = Node("#document", {}, 0)
    stack = [root]
    parser = expat.ParserCreate()

    def fail(message: str, line: int | None = None) -> WarkitError:
        at = line if line is not None else parser.CurrentLineNumber
        return WarkitError(f"{shown_name}: the rendered markup, line {at}: {message}")

    def start(tag: str, attributes: dict[str, str]) -> None:
        if tag not in ELEMENTS:
            raise fail(f"unknown element <{tag}> (known: {', '.join(sorted(ELEMENTS))})")
        unknown = sorted(set(attributes) - set(ELEMENTS[tag]))
        if unknown:
            raise fail(f"<{tag}> has no attribute {unknown[0]!r}")
        parent = stack[-1]
        if parent.tag in TEXT_ELEMENTS:
            raise fail(f"<{tag}> inside <{parent.tag}>: text elements hold text only")
        if parent.tag == "list" and tag != "item" or tag == "item" and parent.tag != "list":
            raise fail("a <list> holds <item>s only, and an <item> belongs in a <list>")
        node = Node(tag, dict(attributes), parser.CurrentLineNumber)
        parent.children.append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    def text(data: str) -> None:
        node = stack[-1]
        if node.tag in TEXT_ELEMENTS:
            node.parts.append(data)
        elif data.strip():
            raise fail(f"text {data.strip()[:30]!r} outside a text element (put it in a <p>)")

    def refuse(*_args) -> None:
        raise fail("document type declarations and entities are not allowed")

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    try:
        parser.Parse(markup, True)
    except expat.ExpatError as error:
        raise fail(f"not well-formed markup: {expat.ErrorString(error.code)}", error.lineno) from None
    if len(root.children) != 1 or root.children[0].tag != "aid":
        raise WarkitError(f"{shown_name}: the rendered markup must be one <aid> element")
    return root.children[0]
