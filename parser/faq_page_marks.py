"""What a page writes around its lines and is no part of them, removed before the other layouts.

Forums, chats and apps wrap a card's lines in their own marks:

* a forum's tags (BBCode): « [b][card]Name[/card][/b] — [mana]1RG[/mana] », « [card=Name]Name[/card] »,
  « [i]Enchantement[/i] », a line « [list] » or « [code] » alone: the tags are left out (a line of tags
  only is no line at all), their text kept;
* an app's mana codes (« Name   :3::G::G: », « :2: »): written as mana symbols (« {3}{G}{G} »);
* a wiki's markup: mana templates (« {{Mana|1}}{{Mana|U}} » -> « {1}{U} »), links (« [[Révolte éthérique]] »,
  « [[Liste des cartes bannies|bannie]] ») and quotes for bold and italics (« '''Name''' »): their text kept;
* a chat log's stamp and speaker before a message of several lines (« [12/03/2022 21:16:40] Paul: Name »
  over the card's other lines): the message starts a line of its own under the stamp, as a post's
  text under its header;
* a picture's box at the left of a record's lines (« ┌──────┐   Name », « │ [image] │   English Name », « │      │
  1W », « └──────┘   1/1 »): the box is left out, the lines right of it kept (the box's rows with nothing right of it
  are no line);
* a page's legend of French letters for the colours (« V = vert, R = rouge, B = blanc, N = noir,
  U = bleu »): a cost after a spaced dash at a line's end in those letters (« Name — 3V »,
  « — (V/B) ») written as mana symbols, B read as the legend says (white).

Each line keeps the (line, column) of the page it comes from.  A page with none of these marks is left
as it is (one search per kind).
"""
from __future__ import annotations

import re
from typing import Optional

Placed = tuple[str, tuple[int, int]]

#: The forum tags this stage removes (their text stays): « [b] », « [/card] », « [card=Name] », « [*] ».
_TAG = re.compile(r"\[(?:/?(?:b|i|u|s|card|carte|cardname|mana|code|list|size|color|font|center|spoiler|quote|c)"
                  r"(?:=[^\]\n]{0,60})?|\*)\]", re.I)
#: « [card=Name]Name[/card] », « [quote="x"]…[/quote] »: a tag with a value; « [/card] »: a closing tag.
_BB_GATE = re.compile(r"\[/(?:b|i|card|carte|mana|code|list|quote|spoiler|size)\]", re.I)
#: An app's mana codes after a space or at a line's start: « :3::G::G: », « :2: », « :W/U: ».
_APP_CODES = re.compile(r"(?:^|(?<=[ \t]))((?::(?:\d{1,2}|[WUBRGCXS]|[WUBRG2]/[WUBRGP]):)+)(?=[ \t]|$)")
_APP_CODE = re.compile(r":([^:]+):")
#: A wiki's mana template (« {{Mana|U}} », « {{M|2}} »), link (« [[Page]] », « [[Page|text]] »), bold or italics.
_WIKI_MANA = re.compile(r"\{\{(?:[Mm]ana|[Mm]|[Ss]ymbole)\|([0-9A-Za-z/]{1,3})\}\}")
_WIKI_LINK = re.compile(r"\[\[(?:[^\[\]|\n]*\|)?([^\[\]|\n]+)\]\]")
_WIKI_QUOTES = re.compile(r"'{2,3}([^\n]+?)'{2,3}")
_WIKI_QUOTED = re.compile(r"''\w")
#: A chat log's stamp and speaker: « [12/03/2022 21:16:40] Paul Bleu: », « [21:16] Nico : », « [05.02.21 18:50] Léa: »
#: (an export's), « 12/03/2024, 21:07 - Camille: » (a phone's export, without brackets).
_CHAT = re.compile(r"((?:\[(?:\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4},?[ \t]+)?\d{1,2}:\d{2}(?::\d{2})?\]|\d{1,2}[/.]\d{1,2}[/.]\d{2,4},?"
                   r"[ \t]+\d{1,2}:\d{2}[ \t]+[-–])[ \t]*[^:\n\[\]]{1,40}?[ \t]?:)[ \t]+(\S.*)$", re.M)
#: A chat stamp, bracketed or a phone's (« 21:07 - Name: »): each gate starts with its one character (a search that
#: starts with a class is tried at every position of the text).
_CHAT_GATES = (re.compile(r"\[(?:\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4},?[ \t]+)?\d{1,2}:\d{2}(?::\d{2})?\]"),
               re.compile(r":\d{2}[ \t]+[-–][ \t]*[^:\n\[\]]{1,40}?[ \t]?:[ \t]"))
#: A legend of the French letters (« V = vert », « B = blanc »), the two that differ from the English symbols.
_LEGEND_V = re.compile(r"\bV[ \t]*(?:=|:|pour)[ \t]*vert", re.I)
_LEGEND_B = re.compile(r"\bB[ \t]*(?:=|:|pour)[ \t]*blanc", re.I)
#: A cost in those letters after a spaced dash at a line's end (« — 3V », « — 2RR », « — (V/B) »).
_LETTER_COST = re.compile(r"([ \t][—–-][ \t]+)(\d{0,2}[VRBNUXC]{0,8}(?:\([VRBNU]/[VRBNU]\))*)[ \t]*$")
_LEGEND = {"V": "G", "B": "W", "N": "B", "R": "R", "U": "U", "X": "X", "C": "C"}


#: A row of a box drawn at a line's start, and what is right of it: « ┌───┐   Name », « │ [image] │   Text ».
_BOX_ROW = re.compile(r"[ \t]*[┌│└╔║╚][^\n┐│┘╗║╝]*[┐│┘╗║╝](?:[ \t]{2,}(?P<right>\S.*))?[ \t]*")


def _boxes_beside(lines: list[Placed]) -> set[int]:
    """The indices of the rows of boxes that have text right of them (a picture's box beside a record)."""
    rows: set[int] = set()
    i = 0
    while i < len(lines):
        if lines[i][0].lstrip()[:1] not in ("┌", "╔"):
            i += 1
            continue
        j = i
        while j < len(lines) and _BOX_ROW.fullmatch(lines[j][0]) and lines[j][0].lstrip()[:1] not in ("└", "╚"):
            j += 1
        end = j + 1 if j < len(lines) and _BOX_ROW.fullmatch(lines[j][0]) else j
        if end - i >= 3 and sum(1 for k in range(i, end) if _BOX_ROW.fullmatch(lines[k][0])["right"]) >= 2:
            rows.update(range(i, end))
        i = max(end, i + 1)
    return rows


def has_marks(text: str) -> bool:
    """Whether ``text`` may hold a mark of this stage: a closing forum tag, an app's mana code, a chat stamp,
    a legend of French letters."""
    return bool(("┌" in text or "╔" in text) and _boxes_beside_in(text) or _BB_GATE.search(text) or "{{" in text and _WIKI_MANA.search(text) or "[[" in text or "''" in text and
                _WIKI_QUOTED.search(text) is not None or "::" in text and _APP_CODES.search(text) or ":" in text and _app_code_alone(text)
                or "] " in text and _CHAT_GATES[0].search(text) or " - " in text and _CHAT_GATES[1].search(text)
                or _legend(text))


def _boxes_beside_in(text: str) -> bool:
    return bool(_boxes_beside([(line, (0, 0)) for line in text.split("\n")]))


#: A code alone at a line's end (« :2: »), searched from its colon (a literal: the quickest scan of a whole text).
_CODE_AT_END = re.compile(r":(?:\d{1,2}|[WUBRGC]):[ \t]*$", re.M)


def _app_code_alone(text: str) -> bool:
    """A code alone at a line's end after wide spaces (« Construction impatiente   :2: »)."""
    return any(text[m.start() - 2:m.start()] in ("  ", "\t\t", " \t", "\t ") for m in _CODE_AT_END.finditer(text))


def _legend(text: str) -> bool:
    return bool("vert" in text and "blanc" in text and _LEGEND_V.search(text) and _LEGEND_B.search(text))


def _symbols(codes: str) -> str:
    return "".join("{" + code.upper() + "}" for code in _APP_CODE.findall(codes.replace("::", ":\n:")))


def _letters(cost: str) -> Optional[str]:
    """« 3V » -> « {3}{G} », « (V/B) » -> « {G/W} » (the legend's letters), None when no letter is a colour."""
    out, rest = [], cost
    figures = re.match(r"\d{1,2}", rest)
    if figures:
        out.append("{" + figures[0] + "}")
        rest = rest[figures.end():]
    for single, hybrid in re.findall(r"([VRBNUXC])|\(([VRBNU]/[VRBNU])\)", rest):
        out.append("{" + (_LEGEND[single] if single else "/".join(_LEGEND[c] for c in hybrid.split("/"))) + "}")
    return "".join(out) if any(c in "VRBNU" for c in cost) else None


def _unmarked(text: str, legend: bool) -> Optional[str]:
    """A line without its tags and with its codes as symbols; None for a line of tags only."""
    if "[" in text and "]" in text:
        bare = _TAG.sub("", text)
        if bare != text and not bare.strip():
            return None
        text = bare
    if "{{" in text:
        text = _WIKI_MANA.sub(lambda m: "{" + m[1].upper() + "}", text)
    if "[[" in text:
        text = _WIKI_LINK.sub(r"\1", text)
    if "''" in text:
        text = _WIKI_QUOTES.sub(r"\1", text)
    if ":" in text:
        text = _APP_CODES.sub(lambda m: _symbols(m[1]), text)
    if legend and text.rstrip()[-1:] in "VRBNUXC)" and (" —" in text or " –" in text or " -" in text):
        m = _LETTER_COST.search(text)
        cost = _letters(m[2]) if m and m[2] else None
        if cost:
            text = text[:m.start()] + m[1] + cost
    return text


def lay_out_marks(lines: list[Placed]) -> list[Placed]:
    """``lines`` without the marks of this stage (see the module's doc)."""
    legend = _legend("\n".join(text for text, _ in lines))
    boxed = _boxes_beside(lines) if any(text.lstrip()[:1] in ("┌", "╔") for text, _ in lines) else set()
    out: list[Placed] = []
    for i, (text, where) in enumerate(lines):
        if i in boxed:                   # a picture's box beside the record: the text right of it
            right = _BOX_ROW.fullmatch(text)["right"]
            if right:
                out.append((right.rstrip(), (where[0], where[1] + text.index(right))))
            continue
        kept = _unmarked(text, legend)
        if kept is None:
            continue
        chat = _CHAT.match(kept) if kept[:1] == "[" or kept[:1].isdigit() else None
        below = lines[i + 1][0] if i + 1 < len(lines) else ""
        if chat and below.strip() and not _CHAT.match(below):
            out += [(chat[1], where), (chat[2], (where[0], where[1] + chat.start(2)))]
            continue
        out.append((kept, where))
    return out
