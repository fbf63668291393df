"""A header line read as a byline: its fields, their words and dates (``parser/grammars/faq_byline.lark``).

:func:`read_byline` parses one line of a page's header region (as the lexer of
faq.lark read it) with faq_byline.lark, and :class:`_Reader`, a Lark
Transformer, turns the parse into a :class:`Byline`: the line's fields (what
lies between its marks), each a list of :class:`Piece` (one token of the
grammar each).  A piece knows

* the words it is part of: each word of the line has a number, and the pieces
  of one word share it — the grammar cuts « l'événement » into « l », « ' »,
  « événement », « 21h05 » into « 21 », « h », « 05 »; two pieces glued together, or
  on both sides of an apostrophe or a point, are one word (« mise à jour »,
  a date « 3 mars 2011 » are several).  Counting a field's words is counting
  the numbers of its pieces;
* whether it is a word that says the document changed (``CHANGED``:
  faq_header.lark's ``CHANGE_WORD``) or names another event (``OTHER_EVENT``),
  when it is a word of its own (not glued after letters, figures or a hyphen:
  « 2maj », « mini-tournoi »);
* for a date: where it is, as written, its ISO date (:func:`parser.dates.read_date`;
  None for no such day), and whether a posting gives it (« Posté par Lou, le … »:
  faq_byline.lark's ``posting``, a name of at most :data:`MAX_NAME` characters).

:mod:`parser.faq_dates` decides on these objects which dates date the document.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Iterator, Optional, Union

from lark import Lark, Token, Transformer
from lark.exceptions import LarkError

from parser import grammars
from parser.dates import FoundDate, read_date

__all__ = ["Byline", "Field", "MAX_NAME", "Piece", "read_byline", "word_count"]

#: The name in « Posté par NAME, le … » has from 1 to this many characters.
MAX_NAME = 40

#: Terminals that are one word each, and those that may be several (« mise à jour », « 3 mars 2011 »).
_ONE_WORD = frozenset({"LETTERS", "DIGITS", "PAR", "LE_DU"})
_WORDS = frozenset({"CHANGED", "OTHER_EVENT", "POSTED", "DATE"})
#: Terminals that never go on the word before them (they start with spaces).
_OWN_START = frozenset({"PAR", "LE_DU"})


@dataclass(frozen=True)
class Piece:
    """One token of a byline's field (``kind``: its terminal; ``start``, ``end``: its place in the line)."""

    kind: str
    start: int
    end: int
    words: tuple[int, ...] = ()                 # the numbers of the words it is part of
    changed: bool = False                       # a word saying the document changed (« màj »)
    event: bool = False                         # a word naming another event (« sortie », « tournoi »)
    found: Optional[FoundDate] = None           # a date: where, as written, its ISO date
    posted: bool = False                        # a date a posting gives (« Posté le … »)


@dataclass(frozen=True)
class Field:
    """What lies between two marks of the line (or before the first, after the last), in order."""

    pieces: tuple[Piece, ...]


@dataclass(frozen=True)
class Byline:
    """A header line's fields; ``event``: a word of the line names another event."""

    fields: tuple[Field, ...]
    event: bool = False

    def dates(self) -> Iterator[tuple[int, int]]:
        """(field, piece) index of every date of the line, in order."""
        for f, field in enumerate(self.fields):
            for i, piece in enumerate(field.pieces):
                if piece.found is not None:
                    yield f, i


def word_count(pieces: Iterable[Piece]) -> int:
    """How many words ``pieces`` hold (a word of several pieces counts once)."""
    return len({w for p in pieces for w in p.words})


@dataclass
class _Date:
    """A DATE token while the line is read, and the POSTED token of the posting that gives it."""

    token: Token
    posting: Optional[Token] = None


_Item = Union[Token, _Date]


class _Reader(Transformer):
    """faq_byline.lark's parse of a line -> :class:`Byline`."""

    @staticmethod
    def date(children: list[Token]) -> _Date:
        return _Date(children[0])

    @staticmethod
    def posting(children: list[_Item]) -> list[_Item]:
        """A posting's tokens; its date, if it ends it, given by it when the name fits."""
        last = children[-1]
        if isinstance(last, _Date) and _name_fits(children[1:-1]):
            last.posting = children[0]
        return children

    @staticmethod
    def field(children: list[Union[_Item, list[_Item]]]) -> list[_Item]:
        return [item for child in children for item in (child if isinstance(child, list) else [child])]

    @staticmethod
    def start(children: list[Union[Token, list[_Item]]]) -> Byline:
        numbered = _Numbering()
        fields = tuple(Field(tuple(numbered.piece(item) for item in child))
                       for child in children if isinstance(child, list))
        return Byline(fields, any(p.event for f in fields for p in f.pieces))


def _name_fits(between: list[Token]) -> bool:
    """Whether the tokens between a posting's POSTED and its date are « le » (or « du »), maybe a colon,
    or « par NAME, le »: a space after « par », a name of 1 to MAX_NAME characters."""
    if between[0].type != "PAR":
        return True
    final = max(i for i, t in enumerate(between) if t.type == "LE_DU")
    name = between[1:final]
    comma = name.pop() if name and name[-1].type == "COMMA" else None
    solid = [t for t in name if t.type != "SPACE"]
    if not solid or (name[0].type != "SPACE" and name[0].start_pos == between[0].end_pos):
        return False
    end = comma.start_pos if comma is not None else solid[-1].end_pos
    return end - solid[0].start_pos <= MAX_NAME


class _Numbering:
    """Numbers the words of a line as its pieces come, in order: a piece glued to the
    one before it (letters, figures, a date), or joined to it by an apostrophe or a
    point, goes on its last word."""

    def __init__(self) -> None:
        self.words = 0
        self.last: Optional[Piece] = None
        self.before: Optional[Piece] = None
        self.alone: dict[int, bool] = {}        # start -> whether the word there is a word of its own

    def piece(self, item: _Item) -> Piece:
        token = item.token if isinstance(item, _Date) else item
        kind, start, end = token.type, token.start_pos, token.end_pos
        last = self.last
        glued = last is not None and last.end == start and kind not in _OWN_START
        count = _count(token)
        words: tuple[int, ...] = ()
        if count:
            first = (self._on_word() if glued else None) or self._new()
            words = (first, *(self._new() for _ in range(count - 1)))
        # a word of its own: after a space or a sign, an apostrophe or a point (« l'ajout »); not glued
        # to letters or figures (« 2maj », « postéemaj ») or after a hyphen (« -tournoi », « _maj »)
        self.alone[start] = not (glued and (last.words or last.kind == "HYPHEN"))
        found, posted = None, False
        if isinstance(item, _Date):
            found = FoundDate(start, end, str(token), read_date(str(token)))
            posted = item.posting is not None and self.alone.get(item.posting.start_pos, False)
        piece = Piece(kind, start, end, words, kind == "CHANGED" and self.alone[start],
                      kind == "OTHER_EVENT" and self.alone[start], found, posted)
        self.before, self.last = self.last, piece
        return piece

    def _on_word(self) -> Optional[int]:
        """The word a piece glued to the last one goes on: the last one's last word, or the
        last word of the piece before an apostrophe or a point glued to both; None: a word of its own."""
        last, before = self.last, self.before
        if last.words:
            return last.words[-1]
        if last.kind == "JOINER" and before is not None and before.words and before.end == last.start:
            return before.words[-1]
        return None

    def _new(self) -> int:
        self.words += 1
        return self.words


def _count(token: Token) -> int:
    """How many words a token is (a sign none; « mise à jour », « Lun 15 Aoû 2011 14:32 » several: the runs
    of letters and figures between its spaces, hyphens, slashes, colons and commas; « 27.03.2011 » one)."""
    if token.type in _ONE_WORD:
        return 1
    if token.type not in _WORDS:
        return 0
    text = str(token)
    for sep in "-/:,":
        text = text.replace(sep, " ")
    return sum(1 for part in text.split() if any(c.isalnum() for c in part))


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return grammars.load("faq_byline", parser="lalr", lexer="contextual", transformer=_Reader())


@lru_cache(maxsize=4096)
def read_byline(line: str) -> Byline:
    """The fields of one header line, its words and dates; a line the grammar cannot read
    (none should: every character is some terminal) has no field, so no date."""
    try:
        return _parser().parse(line)
    except LarkError:
        return Byline(())
