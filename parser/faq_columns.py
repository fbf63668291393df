"""A PDF's two columns side by side, laid out one after the other for the document grammar.

A magazine's or a booklet's page copied from a PDF keeps its two columns of text on the same lines, the right one
starting at the same place on every line after a gutter of spaces:

    Chêne ancien                         Vent glacé
    {3}{G}{G} · Créature : sylvin        {1}{U} · Enchanter : créature
    Portée. Le Chêne ancien reste        Engagez la créature enchantée …

A run of such lines (a running header or footer across the page ends it) is written as its left column, a blank
line, then its right column, a blank line before and after them, each piece of a line keeping the (line, column) of
the page it comes from: a line with nothing on one side is a blank line of that column. A run is two columns only
when both hold prose (pieces of twenty characters or more on average, on several lines each, side by side on several
lines; a line with a gutter inside a piece ends the run): the columns of a table drawn with spaces
(parser/faq_text_tables.py), a label and its value, a name and its English name are short, and none of them is cut."""
from __future__ import annotations

from typing import Optional

Placed = tuple[str, tuple[int, int]]

#: The fewest spaces between the columns, lines of a run, lines of each column and lines with both.
_GUTTER = 3
_RUN = 6
_SIDE = 3
_BOTH = 3
#: The shortest average piece of a column of prose (a table's cells and a label's value are shorter).
_PROSE = 20
#: The leftmost place the right column may start at.
_LEFT_WIDTH = 24


def has_columns(text: str) -> bool:
    """Whether ``text`` has a wide gutter of spaces inside a line (a literal: the quickest scan of a whole text)."""
    return "      " in text


def _starts(text: str) -> set[int]:
    """The places a piece of text starts at after a gutter on a line (or at its indentation, past the left column)."""
    found, at = set(), text.find("   ")
    while at >= 0:
        end = at
        while end < len(text) and text[end] == " ":
            end += 1
        if end < len(text) and end - at >= _GUTTER and end >= _LEFT_WIDTH:
            found.add(end)
        at = text.find("   ", end)
    return found


def _fits(text: str, column: int) -> bool:
    """Whether ``text`` is a line of a run whose right column starts at ``column``: blank, left text ending before the
    gutter, or text starting at ``column`` after spaces."""
    body = text.rstrip()
    if "   " in body[:column].strip() or "   " in body[column:]:
        return False                     # (a gutter inside a piece: a table's row, a running footer)
    if len(body) <= column - _GUTTER:
        return True
    return len(body) > column and body[column] != " " and not body[column - _GUTTER:column].strip()


def _is_two_columns(lines: list[str], column: int) -> bool:
    lefts = [line[:column].strip() for line in lines]
    rights = [line[column:].strip() for line in lines]
    left, right = [p for p in lefts if p], [p for p in rights if p]
    both = sum(1 for a, b in zip(lefts, rights) if a and b)
    return (len(left) >= _SIDE and len(right) >= _SIDE and both >= _BOTH
            and sum(map(len, left)) >= _PROSE * len(left) and sum(map(len, right)) >= _PROSE * len(right))


def _run_at(texts: list[str], i: int) -> Optional[tuple[int, int]]:
    """The right column's start and the index after the run of two columns that starts at line ``i``, or None."""
    for column in sorted(_starts(texts[i])):
        j = i + 1
        while j < len(texts) and _fits(texts[j], column):
            j += 1
        while j > i and not texts[j - 1].strip():
            j -= 1
        if j - i >= _RUN and _is_two_columns(texts[i:j], column):
            return column, j
    return None


def lay_out_columns(lines: list[Placed]) -> list[Placed]:
    """``lines`` with every run of two columns side by side written as its left column, then its right one."""
    texts = [text for text, _ in lines]
    out: list[Placed] = []
    i = 0
    while i < len(lines):
        run = _run_at(texts, i) if "   " in texts[i] else None
        if run is None:
            out.append(lines[i])
            i += 1
            continue
        column, end = run
        left = [(text[:column].rstrip(), where) for text, where in lines[i:end]]
        right = [(text[column:].rstrip(), (where[0], where[1] + column)) for text, where in lines[i:end]]
        above = [("", lines[i][1])] if out and out[-1][0].strip() else []     # (a running header over the columns)
        out += above + left + [("", lines[end - 1][1])] + right + [("", lines[end - 1][1])]
        i = end
    return out
