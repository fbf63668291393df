"""Line tokens of the Comprehensive Rules grammar and the numbering post-lexer.

Every terminal of ``parser/grammars/cr.lark`` is one whole line together with
the blank lines before it.  :func:`line_text`, :func:`blank_lines_before` and
:func:`line_number` read such a token; :class:`Numbering` is the post-lexer
that keeps rule, chapter and section lines in numbering order, re-typing as
text a hard-wrapped line that merely starts with a rule number.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator, Optional

from lark import Token
from lark.lark import PostLex

__all__ = ["RULE_HEAD_RE", "Numbering", "blank_lines_before", "line_number", "line_text"]

#: The head of a rule line: chapter, optional misprinted space, rule, letter.
RULE_HEAD_RE = re.compile(r"[ \t]*(\d{3})\.( ?)(\d+)([a-z]?)\.?[ \t\u00a0]*")

#: Token types that carry text a following line may continue.
_TEXT_TYPES = ("TEXT_LINE", "PARA_LINE", "RULE_LINE", "EXAMPLE_LINE")


def line_text(tok: str) -> str:
    """The line a token stands for, without the blank lines before it and
    without its newline and trailing spaces."""
    start = tok.rfind("\n", 0, len(tok) - 1) + 1
    return tok[start:].rstrip()


def blank_lines_before(tok: str) -> int:
    """How many blank lines come before the line of a token."""
    return tok.count("\n") - 1


def line_number(tok: Token) -> int:
    """1-based line number of the token's own line (after its blank lines)."""
    return tok.line + blank_lines_before(tok)


def _rule_key(tok: str) -> tuple[int, int, str]:
    """(chapter, rule, letter) of a rule line: ``702.19c`` -> (702, 19, "c")."""
    m = RULE_HEAD_RE.match(line_text(tok))
    return int(m.group(1)), int(m.group(3)), m.group(4)


@dataclass
class _NumberingReached:
    """How far the numbering has gone in one document: the last rule
    (chapter, rule, letter), chapter and section lines kept as such."""

    rule: Optional[tuple] = None
    chapter: int = -1
    section: int = 0

    def keeps(self, tok: Token, continues: bool) -> bool:
        """Whether a heading or rule line keeps its type; records it if so.
        ``continues``: the line continues the paragraph above."""
        t = tok.type
        if t == "RULE_LINE":
            key = _rule_key(tok)
            last = self.rule
            if continues and last is not None and not (
                    key[0] == last[0] and key[1] in (last[1], last[1] + 1) and key > last):
                return False
            self.rule = key
        elif t == "CHAPTER_LINE":
            n = int(line_text(tok)[:3])
            if n <= self.chapter and (continues or n // 100 < self.section):
                return False
            self.chapter, self.rule = n, None
        elif t == "SECTION_LINE":
            n = int(line_text(tok)[0])
            if n <= self.section:
                return False
            self.section = n
        elif t == "GLOSSARY_LINE":
            self.chapter, self.section, self.rule = -1, 0, None
        return True


class Numbering(PostLex):
    """Post-lexer keeping headings and rule numbers in numbering order.

    A rule line that continues a paragraph (no blank line before it, and
    text above) is a real rule only if it comes next in the numbering after the
    last rule (same chapter, same or next rule number, higher in CR order):
    2005-02-01 puts subrule 310.2d right under 310.2c, but 2003-12-01 wraps
    « See rule / 103.4. If a player… » inside rule 413.2d.  Section and
    chapter lines must likewise go up (the count restarts after the
    contents, at their « Glossary » line).  Lines failing the test are
    re-typed ``TEXT_LINE`` (``PARA_LINE`` after blank lines).
    """

    always_accept = ()

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        reached = _NumberingReached()
        prev = "BLANK"
        for tok in stream:
            gap = tok[0] == "\n" or blank_lines_before(tok) > 0
            continues = not gap and prev in _TEXT_TYPES
            if not reached.keeps(tok, continues):
                tok = Token.new_borrow_pos("PARA_LINE" if gap else "TEXT_LINE", tok, tok)
            prev = tok.type
            yield tok
