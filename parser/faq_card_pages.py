"""Card pages laid out for the document grammar: a layout stage before the parse.

Card sites, card databases and articles print a card record in layouts the
record grammar (``card`` of ``parser/grammars/faq.lark``) does not hold, and it
is the layout, not the record, that differs.  This stage rewrites those lines,
one line of the page at a time, into the record layout the grammar reads, and
keeps for each line it gives the line and column of the page it comes from
(as :mod:`parser.faq_flat` does for a flattened FAQ):

* a card site's header line, the French name, the English name and the
  language (« Sentier de la sève / Sap Trail · French », « Nom (English) —
  Français »), then the type, the cost and the mana value on one line
  (« Éphémère, 1G (2) »): the header becomes the name line with the cost and
  the mana value (« Sentier de la sève / Sap Trail {1}{G} (2) »: the English
  name goes to the record's text as « Nom VO : … »), the next line the type
  line alone;
* a card database's English title line with the set and the collector
  number (« Ember Colossus (DMU) #142 ») right above the record's name line:
  a paragraph of its own (a blank line after it);
* a legality list or a block of notes or rulings under a record's text, with
  no blank line between (« Legalities », « Notes », « Rulings »): a paragraph
  of its own (a blank line before it), never a line of the card's text;
* a table copied with tabs or semicolons between its cells (an app's or a spreadsheet's export, a CSV file), whose header row
  names its columns (« Nom<TAB>Édition<TAB>Coût<TAB>Type<TAB>F/E »): written as a Markdown table, the
  layout the grammar's ``table_card`` reads (parser/faq_tables.py reads the labels);
* an article's name alone on its line, a blank line, then a type line and
  the record's other lines (« Gardien des sables » / « » / « Créature : zombie
  et chacal et guerrier » / « 2/2 » / « Vigilance, menace »: no cost at all):
  the blank line between the name and the type line is left out.

Every rewrite is gated by one regular expression over the whole text, so a
page without such a layout costs one search per rule below.
"""
from __future__ import annotations

import re
from typing import Optional

from parser.faq_columns import has_columns, lay_out_columns
from parser.faq_delimited_tables import has_delimited, lay_out_delimited
from parser.faq_text_tables import has_text_table, lay_out_text_tables
from parser.faq_page_marks import has_marks, lay_out_marks
from parser.faq_field_blocks import lay_out_blocks, needs_blocks
from parser.faq_field_reader import TYPE_WORDS, is_type_line, type_and_pt
from parser.faq_spotlights import has_spotlights, lay_out_spotlights, split_spotlights
from parser.mana import ManaCostError, parse_written_cost

#: A laid-out line: its text, and the (line, column) of the page it starts at.
Placed = tuple[str, tuple[int, int]]

_TYPE_WORDS = TYPE_WORDS
#: « Sentier de la sève / Sap Trail · French », « Nom (English Name) — Français ».
_SITE_HEAD = re.compile(r"(?P<names>[^\n·•|]{2,120}?)[ \t]+[·•|—–-][ \t]+(?:French|Français|Francais|FR)[ \t]*$")
#: (Gates searched over the text with a newline before it: « \n » where a line starts, not « ^ »,
#: which the regular expression engine tests at every position.)
#: (The language's word first, a literal: a gate that starts with the class of separators is tried at every position.)
_SITE_LANG_WORD = re.compile(r"(?m)(?:Fr(?:ench|ançais|ancais)|FR)[ \t]*$")


def _site_lang_gate(text: str) -> Optional[re.Match]:
    """A line that ends with « · French », « — Français », « | FR » (a separator, spaces, the word)."""
    for m in _SITE_LANG_WORD.finditer(text):
        at = m.start()
        while at > 0 and text[at - 1] in " \t":
            at -= 1
        if at < m.start() and at > 0 and text[at - 1] in "·•|—–-":
            return m
    return None
_SITE_HEAD_GATE = re.compile(r"\n(?:Créature|Rituel|Éphémère|Enchantement|Artefact|Terrain|Planeswalker|Arpenteur|Tribal|"
                             r"Bataille|Légendaire)[^,\n]{0,80},[ \t]*(?:[{(\dXWUBRGC]|$)")
#: « Éphémère, 1G (2) », « Créature : elfe, {2}{G} (3) », « Terrain, (0) ».
_SITE_TYPE = re.compile(r"(?P<type>" + _TYPE_WORDS + r"[^,\n]{0,80}?),[ \t]*(?P<cost>[^()\n]*?(?:\([^()\n]{1,4}\))*?)"
                        r"[ \t]*(?:\((?P<mv>\d{1,2})\))?[ \t]*$")
#: « Ember Colossus (DMU) #142 », « Ember Colossus · DMU · 142 ».
_DB_TITLE = re.compile(r"[A-Z][^\n(){}]{1,80}?[ \t]+(?:\([A-Z0-9]{2,6}\)[ \t]*(?:#|n°|No\.?)?|·[ \t]*[A-Z0-9]{2,6}[ \t]*·)"
                       r"[ \t]*\d{1,4}[a-z★]?[ \t]*$")
#: (Two gates, each starting with its one character: one gate of both would start with a class, tried at every position.)
_DB_TITLE_GATES = (re.compile(r"(?m)\([A-Z0-9]{2,6}\)[ \t]*(?:#|n°|No\.?)?[ \t]*\d{1,4}[a-z★]?[ \t]*$"),
                   re.compile(r"(?m)·[ \t]*[A-Z0-9]{2,6}[ \t]*·[ \t]*\d{1,4}[a-z★]?[ \t]*$"))
_NUMBER_MARK = re.compile(r"\)[ \t]*(?:#|n°|No\.?)[ \t]*\d|·[ \t]*[A-Z0-9]{2,6}[ \t]*·")
#: The heading of a block that is no part of a card's text.
_BLOCK_HEAD = re.compile(r"(?i)(?:legalities|legality|légalités?|formats?(?: légaux)?|rulings|notes(?: et (?:règles|décisions))?|"
                         r"décisions|règles spécifiques)[ \t]*:?[ \t]*$")
_BLOCK_GATE = re.compile(r"(?m)\n(?:[Ll](?:egalit|égalit)|[Ff]ormats?[ \t]*:?$|[Rr]ulings|[Nn]otes|[Dd]écisions|[Rr]ègles spécifiques)")
#: A blank line, then a type line: the article's record, or nothing.
_ARTICLE_GATE = re.compile(r"\n[ \t]*\n[>_* \t]*" + _TYPE_WORDS)
_TYPE_START = re.compile(_TYPE_WORDS)


def lay_out(text: str) -> Optional[list[Placed]]:
    """The lines of ``text`` laid out for the grammar, each with the (line,
    column) it comes from, or None when no layout of this module is in it."""
    marked = None
    if has_marks(text):                  # forum tags, an app's codes, chat stamps: parser/faq_page_marks.py
        marked = lay_out_marks([(line, (number, 1)) for number, line in enumerate(text.split("\n"), 1)])
        text = "\n".join(line for line, _ in marked)
    if has_columns(text):                # a PDF's two columns side by side: parser/faq_columns.py
        lines = marked or [(line, (number, 1)) for number, line in enumerate(text.split("\n"), 1)]
        laid = lay_out_columns(lines)
        if len(laid) != len(lines):
            marked, text = laid, "\n".join(line for line, _ in laid)
    lined = "\n" + text
    site = _SITE_HEAD_GATE.search(lined) or ("Fr" in text or "FR" in text) and _site_lang_gate(text)
    gates = (site, _db_title_gate(text), _BLOCK_GATE.search(lined), _ARTICLE_GATE.search(text))
    blocks = needs_blocks(text)
    tabs = has_delimited(text)
    drawn = has_text_table(text)
    spotlights = has_spotlights(text)
    if not any(gates) and not blocks and not tabs and not drawn and not spotlights:
        return marked
    lines = marked or [(line, (number, 1)) for number, line in enumerate(text.split("\n"), 1)]
    if tabs:
        lines = lay_out_delimited(lines)   # a table copied with tabs or semicolons: parser/faq_delimited_tables.py
    if drawn:                            # a table drawn with spaces or bars: parser/faq_text_tables.py
        lines = lay_out_text_tables(lines)
    if spotlights:                       # a line of several spotlights: one line each
        lines = split_spotlights(lines)
    if blocks:                           # blocks of card fields: parser/faq_field_blocks.py
        lines = lay_out_blocks(lines)
    if spotlights:                       # records in an article's sentences: parser/faq_spotlights.py
        lines = lay_out_spotlights(lines)
    return relaid(lines, *(g is not None for g in gates))


def _db_title_gate(text: str) -> Optional[re.Match]:
    return _DB_TITLE_GATES[0].search(text) or _DB_TITLE_GATES[1].search(text)


def relaid(lines: list[Placed], site: bool = True, database: bool = True, blocks: bool = True,
           article: bool = True) -> list[Placed]:
    """``lines`` (already placed) with the layouts of this module rewritten."""
    if site:
        lines = _site_headers(lines)
    if database:
        lines = _database_titles(lines)
    if blocks:
        lines = _block_heads(lines)
    if article:
        lines = _article_names(lines)
    return lines


def _cost(written: str) -> Optional[str]:
    """A written cost in braces (« 1G » -> « {1}{G} »), « » for none, None if it is no cost."""
    written = written.strip()
    if not written:
        return ""
    try:
        return str(parse_written_cost(written))
    except (ManaCostError, ValueError):
        return None


def _site_headers(lines: list[Placed]) -> list[Placed]:
    out: list[Placed] = []
    i = 0
    while i < len(lines):
        text, where = lines[i]
        typed = _SITE_TYPE.fullmatch(lines[i + 1][0].strip()) if i + 1 < len(lines) else None
        head = (_SITE_HEAD.fullmatch(text.strip()) or _bare_head(text)) if typed else None
        typed = typed if head else None
        written, mv = (typed["cost"].strip(), typed["mv"]) if typed else ("", None)
        if mv is None and re.fullmatch(r"\(\d{1,2}\)", written):      # « Terrain, (0) »: a mana value alone
            written, mv = "", written[1:-1]
        cost = _cost(written) if typed else None
        if typed is None or cost is None or not is_type_line(typed["type"].strip()):
            out.append(lines[i])
            i += 1
            continue
        names = head["names"].strip()
        english = re.fullmatch(r"(.+?)[ \t]+\(([^()]+)\)", names)    # « Nom (English Name) »
        names = f"{english[1]} / {english[2]}" if english else names
        if cost:
            out.append((f"{names} {cost}" + (f" ({mv})" if mv else ""), where))
        else:                            # no cost: the printed mana value on a line of its own (« (0) »)
            out += [(names, where)] + ([(f"({mv})", lines[i + 1][1])] if mv else [])
        out.append((typed["type"].strip(), lines[i + 1][1]))
        i += 2
    return out


def _bare_head(text: str) -> Optional[re.Match]:
    """A header line without the language: the names alone (« Sentier de la sève / Sap Trail »)."""
    names = text.strip()
    french, _, english = names.partition(" / ")
    if _name_like(french) and (not english or _name_like(english)):
        return re.fullmatch(r"(?P<names>.+)", names)
    return None


def _database_titles(lines: list[Placed]) -> list[Placed]:
    """A title line with the set and its number (« # », « n° », « No. », or « · SET · ») over a
    line; « (SET) 142 » without a mark only over a name line with a braced cost (« … (GP) 2012 »
    in a hard-wrapped sentence goes on in the next line)."""
    out: list[Placed] = []
    for i, (text, where) in enumerate(lines):
        out.append((text, where))
        below = lines[i + 1][0].strip() if i + 1 < len(lines) else ""
        title = _DB_TITLE.fullmatch(text.strip()) if below else None
        if title and (_NUMBER_MARK.search(text) or below.endswith("}")):
            out.append(("", where))
    return out


def _block_heads(lines: list[Placed]) -> list[Placed]:
    out: list[Placed] = []
    for text, where in lines:
        if out and out[-1][0].strip() and _BLOCK_HEAD.fullmatch(text.strip()):
            out.append(("", where))
        out.append((text, where))
    return out


def _name_like(text: str) -> bool:
    from parser.faq_records import refused_name      # (faq_records reads the tree: imported when needed)
    text = text.strip()
    if not text or len(text.split()) > 6 or text[-1] in ".!?:;»)," or not any(c.islower() for c in text):
        return False
    return refused_name(text) is None and not _TYPE_START.match(text)


def _type_over_more(text: str, below: str) -> bool:
    """A type line with a line under it (the P/T, the keywords), or with its P/T at its end (« Créature : … — 2/3 »)."""
    kind, pt = type_and_pt(text) if not below.strip() else (text, None)
    return bool(below.strip() or pt) and kind is not None and is_type_line(kind)


def _article_names(lines: list[Placed]) -> list[Placed]:
    """(Markdown marks around the name or the type line are no part of them: « **Name** », « _Créature : …_ ».)"""
    from parser.faq_records import unmarked
    out: list[Placed] = []
    for i, (text, where) in enumerate(lines):
        if (not text.strip() and 0 < i < len(lines) - 2 and (i == 1 or not lines[i - 2][0].strip())
                and _type_over_more(unmarked(lines[i + 1][0]), lines[i + 2][0])
                and _name_like(unmarked(lines[i - 1][0]))):
            continue                     # the blank line between an article's card name and its type line
        out.append((text, where))
    return out
