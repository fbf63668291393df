"""The characters a terminal of the French grammar may start with, to lex a line with only those terminals.

Lark's lexer tries a state's terminals as one alternation, in order, at every token: at a line's start, 40
of them, the text's line last.  Most cannot start with the line's first character (« 702.19a » is no date,
« Si un objet … » no rule number), and each still costs a try.  :func:`first_chars` reads a terminal's
regular expression (the parse ``re`` makes of it) and gives the one-character classes its first character
is in, or None when it may start with anything (a lookahead alone, a class of everything, an empty match,
a flag that changes case); :func:`may_start` tells whether a character is in them.  The lexer stage
(:class:`parser.faq_layout.LayoutLexer`) keeps, per parser state and first character, the terminals that may
start so: the same alternation less the branches that cannot match, hence the same token.
"""
from __future__ import annotations

import re
from functools import lru_cache
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Optional

__all__ = ["first_chars", "may_start"]

_CATEGORIES = {
    sre.CATEGORY_DIGIT: r"\d", sre.CATEGORY_NOT_DIGIT: r"\D", sre.CATEGORY_SPACE: r"\s",
    sre.CATEGORY_NOT_SPACE: r"\S", sre.CATEGORY_WORD: r"\w", sre.CATEGORY_NOT_WORD: r"\W",
}


class _Anything(Exception):
    """The terminal may start with any character."""


def _char_class(items) -> str:
    """The one-character class of an ``IN`` item of the parse, as a regular expression."""
    parts, negate = [], False
    for op, arg in items:
        if op is sre.NEGATE:
            negate = True
        elif op is sre.LITERAL:
            parts.append(re.escape(chr(arg)))
        elif op is sre.RANGE:
            parts.append(f"{re.escape(chr(arg[0]))}-{re.escape(chr(arg[1]))}")
        elif op is sre.CATEGORY and arg in _CATEGORIES:
            parts.append(_CATEGORIES[arg])
        else:
            raise _Anything
    return f"[{'^' if negate else ''}{''.join(parts)}]"


def _sequence(items, dotall: bool) -> tuple[list[str], bool]:
    """(the classes the character at a match of ``items`` is in, whether ``items`` may match with no
    character there: nothing at all, or only anchors and lookarounds that need none).  A lookahead needs
    its own first character where it stands: a match of ``(?=[dD])(?i:date…)`` starts with « d » or « D »."""
    classes: list[str] = []
    for op, arg in items:
        first, empty = _item(op, arg, dotall)
        classes += first
        if not empty:
            return classes, False
    return classes, True


def _item(op, arg, dotall: bool) -> tuple[list[str], bool]:
    if op is sre.LITERAL:
        return [re.escape(chr(arg))], False
    if op is sre.NOT_LITERAL:
        return [f"[^{re.escape(chr(arg))}]"], False
    if op is sre.IN:
        return [_char_class(arg)], False
    if op is sre.ANY:
        if dotall:
            raise _Anything
        return [r"[^\n]"], False
    if op is sre.SUBPATTERN:
        _, add, _, pattern = arg
        if add & (re.IGNORECASE | re.DOTALL):
            raise _Anything
        return _sequence(pattern.data, dotall)
    if op is sre.ATOMIC_GROUP:
        return _sequence(arg.data, dotall)
    if op is sre.BRANCH:
        classes, empty = [], False
        for branch in arg[1]:
            first, maybe_empty = _sequence(branch.data, dotall)
            classes += first
            empty = empty or maybe_empty
        return classes, empty
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        low, _, pattern = arg
        first, empty = _sequence(pattern.data, dotall)
        return first, empty or low == 0
    if op is sre.ASSERT and arg[0] == 1:                # a lookahead: what it needs is at the same place
        first, empty = _sequence(arg[1].data, dotall)
        return (first, False) if not empty else ([], True)
    if op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):      # (an anchor, a lookbehind, a negative lookahead)
        return [], True
    raise _Anything


@lru_cache(maxsize=None)
def first_chars(regex: str, flags: int = 0) -> Optional[re.Pattern]:
    """One character's pattern that every first character of a match of ``regex`` matches, or None when
    a match may start with anything (or be empty)."""
    try:
        parsed = sre_parse.parse(regex, flags)
        flags = parsed.state.flags
        if flags & re.IGNORECASE:
            return None
        classes, empty = _sequence(parsed.data, bool(flags & re.DOTALL))
    except _Anything:
        return None
    if empty or not classes:           # (a match may take no character, or any)
        return None
    return re.compile("|".join(dict.fromkeys(classes)))


def may_start(regex: str, flags: int, char: str) -> bool:
    """Whether a match of ``regex`` may start with ``char``."""
    first = first_chars(regex, flags)
    return first is None or first.match(char) is not None
