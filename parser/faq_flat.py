"""A French FAQ flattened onto one line -> the same FAQ laid out one item a line.

Sites often serve a FAQ as one paragraph: header, headings, « ***section*** »
titles, « * » notes (or « • », « – »), « -- » sub-items and quoted rules run together.  The
grammar ``parser/grammars/faq_flat.lark`` finds where each item starts;
:func:`relayout` puts each on its own line (blank lines around notes,
sections and rules, as in the seed layout) so that the document grammar
reads it, and returns for each new line the line and column it came from.
"""
from __future__ import annotations

import re
from functools import lru_cache

from lark import Lark, Token

from parser import grammars

#: A line is read as a flattened FAQ when it is this long and has one of these marks.
MIN_LENGTH = 200
MARKS = (" * ", "***", " • ")

#: What starts a new line, and whether a blank line goes before it.
_BREAKS = {"SECTION_INLINE": True, "NOTE_MARK": True, "RULE_MARK": True, "CARD_MARK": True, "HEADING_INLINE": True,
           "SEPARATOR_INLINE": True, "FOOTER_INLINE": True, "SUB_MARK": False, "HEADER_MARK": False,
           "EXAMPLE_MARK": False}


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return grammars.load("faq_flat", parser="lalr", lexer="basic", propagate_positions=False,
                         maybe_placeholders=False)


def is_flattened(line: str) -> bool:
    """A long line with at least two note or section marks."""
    return len(line) >= MIN_LENGTH and sum(line.count(mark) for mark in MARKS) >= 2


#: Any of the marks (a line without one is never flattened).
_ANY_MARK = re.compile("|".join(re.escape(mark) for mark in MARKS))


def has_flattened(text: str) -> bool:
    """Whether a line of ``text`` is a flattened FAQ: only the lines holding a mark are looked at."""
    if sum(text.count(mark) for mark in MARKS) < 2:      # (a line needs two marks: a text with fewer has none)
        return False
    seen = -1
    for found in _ANY_MARK.finditer(text):
        start = text.rfind("\n", 0, found.start()) + 1
        if start == seen:
            continue
        seen, end = start, text.find("\n", found.end())
        if is_flattened(text[start:end if end >= 0 else len(text)]):
            return True
    return False


def relayout(line: str) -> list[tuple[str, int]]:
    """The items of a flattened ``line``, one a line: ``[(text, column), …]``
    with the 1-based column of each line's start in ``line`` (``""`` for a
    blank line)."""
    out: list[tuple[str, int]] = []
    cur, start = "", 1
    for tok in _parser().lex(line):
        tok: Token
        brk = _BREAKS.get(tok.type)
        if brk is not None and cur.strip():
            out.append((cur.strip(), start))
            if brk:
                out.append(("", start))
            cur = ""
        if not cur.strip():      # (a card's name starts after the spaces its token opens with)
            start = tok.column + len(tok) - len(str(tok).lstrip())
        cur += str(tok)
        if tok.type in ("SECTION_INLINE", "HEADING_INLINE", "SEPARATOR_INLINE", "FOOTER_INLINE", "DATE_INLINE"):
            out += [(cur.strip(), start), ("", start)]
            cur = ""
    if cur.strip():
        out.append((cur.strip(), start))
    return out
