"""The layout of French pages as tokens, before the grammar: the lexer stage of ``faq.lark``.

``parser/grammars/faq.lark`` reads a page line by line with Lark's contextual lexer.  What a line *is*
often depends on its layout, not on its words: where the line starts, what decorates a rule number,
whether a line of cells is a card record.  Those decisions are taken here, one line (or one cell) at
a time, and handed to the parser as tokens, so that the grammar's terminals stay small and carry no
lookarounds (as :class:`parser.cr_lines.Numbering` does for the English rules):

* **line starts**: ``BLANK``, ``QUOTE_INTRO`` and ``CITE_LEAD`` are only ever lexed at the start of a
  line (``LINE_START``): the stage keeps them out of the lexer everywhere else;
* **page breaks** (``PAGE_BREAK``): a PDF copy's running header or footer, or a page number, with the
  blank lines around it (:func:`page_break`);
* **decorations before numbers** (``RULE_LEAD``, ``MARKED_NUMBER``): bullets, « § », emoji, Markdown
  marks and headings, backticks, « Règle », « Article », an opening quotation mark before a rule
  number, and the number in bold, followed by « ) » or a colon, or in backticks (:func:`decorated_number`);
* **one-line records**: a line of cells (« Name | {cost} | Type | P/T | text », ``FIELD_*``), a line
  of spaced dashes (« Name (1BB) – Créature : zombie – 2/2 », ``DASH_*``), a record run into a
  sentence (« …, on trouve aussi Voyageur damné {W} Créature : … », ``INLINE_*``), and a Markdown
  table's header row (``TABLE_HEAD``): the cells become the tokens of the record.

The stage runs inside the parse (:class:`LayoutLexer` wraps the contextual lexer and is asked for
each token in turn, with the parser's state): a recognizer is tried only where the parser accepts its
first token, and it wins over the lexer's own match only if its priority is not lower, as a terminal
of the grammar would.  Nothing reads the raw text after the parse.
"""
from __future__ import annotations

import re
from copy import copy
from dataclasses import dataclass
from typing import Callable, Iterator, Optional

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedToken
from lark.lexer import BasicLexer, Lexer

from parser import grammars
from parser import faq_record_cells
from parser.faq_first_chars import may_start
from parser.faq_record_cells import dash_line, field_line, inline_record, pt_cell, table_head

__all__ = ["LINE_START", "LayoutLexer", "decorated_number", "layout_parser", "page_break"]

#: Terminals that only ever start a line (the lexer is not offered them elsewhere).
LINE_START = frozenset({"BLANK", "QUOTE_INTRO", "CITE_LEAD"})

#: One token the stage gives: its type and its text.
Piece = tuple[str, str]

_SP = r"[ \t\u00a0]"

# ---- page breaks ----------------------------------------------------------------------------------
_PAGE_WORD = rf"(?:Page|p\.){_SP}*\d{{1,4}}(?:{_SP}*(?:/|sur|of){_SP}*\d{{1,4}})?"
_PAGE_NO = rf"(?:{_PAGE_WORD}|\d{{1,4}}(?:{_SP}*/{_SP}*\d{{1,4}})?)"
_AROUND = rf"(?:{_SP}*\n)*"
_PAGE_LINE = re.compile(rf"{_AROUND}{_SP}*(?:{_PAGE_NO}|[^\n.!?]{{3,90}}?{_SP}+[-–—|·]{_SP}+{_PAGE_NO}|"
                        rf"{_PAGE_NO}{_SP}+[-–—|·]{_SP}+[^\n.!?]{{3,90}}?){_SP}*\n{_AROUND}")
_FIRST_FILLED = re.compile(rf"{_AROUND}{_SP}*")


def may_break(text: str, pos: int, line: str) -> bool:
    """Whether a page break may start at ``pos``: its first line with text starts with a figure or
    « Page », or ends with a figure, and has no sentence's end (most lines fail here)."""
    if line[:1] in ("", " ", "\t", "\u00a0"):
        start = _FIRST_FILLED.match(text, pos).end()
        line = _line(text, start)
    line = line.rstrip(" \t")
    if not line or not (line[0] in "0123456789" or line.startswith(("Page", "p.")) or line[-1] in "0123456789"):
        return False
    bare = line.replace("p.", "") if "p." in line else line
    return not ("." in bare or "!" in bare or "?" in bare)


def page_break(text: str, pos: int, line: str) -> Optional[list[Piece]]:
    """A page's running header or footer, or its number, with the blank lines around it: the line
    (the first one with text) starts with a figure or « Page », or ends with a figure."""
    if not may_break(text, pos, line):
        return None
    m = _PAGE_LINE.match(text, pos)
    return [("PAGE_BREAK", m.group())] if m else None


# ---- decorations before numbers --------------------------------------------------------------------
_LEAD = re.compile(rf"(?:(?:{_SP}+|[•·▪►>–—*-]{_SP}*|[§¶\u2600-\u27bf\U0001f000-\U0001faff]{{1,4}}{_SP}*|#{{1,6}}[ \t]+|"
                   rf"(?:Règle|Article|Art\.){_SP}++|[«“][ \t\u00a0\u202f]*)`?|`)")
_NUMBER = r"\d{3}\.\d++[a-z]?"
_CAPITAL_OR_QUOTE = "ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞ«\"“"
#: A number as the lead's words announce it: maybe in bold, then a space, « ) », « ** », « ` » or a colon.
_LED_NUMBER = re.compile(rf"(?:\*\*)?{_NUMBER}\.?(?P<close>\*\*|\)|`)?(?P<after>{_SP}|:{_SP}+(?P<first>.))?")
#: After a lead, a number then a lower-case word is prose (« - 100.5 euros »).
_PROSE_AFTER = re.compile(rf"{_NUMBER}\.?`?{_SP}+[a-zà-öø-ÿ]")
_BOLD = re.compile(rf"\*\*{_NUMBER}\.?\*\*")
_CLOSED = re.compile(rf"{_NUMBER}(?P<mark>\)|:{_SP}+(?P<first>.))")
_TICKED = re.compile(rf"{_NUMBER}\.?`")
_MARK_GATE = re.compile(rf"\*\*\d|{_NUMBER}(?:\)|:|\.?`)")
#: A note's bullet before a rule number: a decorated rule, or prose (never a note).
_BULLET_NUMBER = re.compile(rf"[*•–-]{_SP}*(?:\*\*|`)?\d{{3}}\.\d")


def _marked(text: str, pos: int) -> Optional[str]:
    """(One quick test first: most lines start with a number followed by a space, or no number.)
    « **702.19a** », « 702.19a) », « 702.19a: Le … », « 702.19a` »: a number with its marks (the
    marks up to the space, or up to the colon)."""
    if not _MARK_GATE.match(text, pos):
        return None
    m = _BOLD.match(text, pos)
    if m and text[m.end():m.end() + 1] in (" ", "\t", "\u00a0"):
        return m.group()
    m = _CLOSED.match(text, pos)
    if m and (m["mark"] == ")" and text[m.end():m.end() + 1] in (" ", "\t", "\u00a0")
              or m["first"] is not None and m["first"] in _CAPITAL_OR_QUOTE):
        return m.group()[:m.end() - m.start() - len(m["mark"])] + (")" if m["mark"] == ")" else "")
    m = _TICKED.match(text, pos)
    if m and text[m.end():m.end() + 1] in (" ", "\t", "\u00a0"):
        return m.group()[:-1]
    return None


def decorated_number(text: str, pos: int, line: str) -> Optional[list[Piece]]:
    """What a site puts before a rule number at a line's start (``RULE_LEAD``), and the number when
    its own marks make it a ``MARKED_NUMBER``; None when the line does not start so."""
    pieces: list[Piece] = []
    if text[pos] in _DIGITS:                             # (most lines: a number without a lead)
        marked = _marked(text, pos)
        return [("MARKED_NUMBER", marked)] if marked else None
    lead = _LEAD.match(text, pos)
    if lead and lead.end() > pos:
        after = lead.end()
        number = _LED_NUMBER.match(text, after)
        if (number and number["after"] is not None and (number["first"] is None or number["first"] in _CAPITAL_OR_QUOTE)
                and not _PROSE_AFTER.match(text, after)):
            pieces.append(("RULE_LEAD", lead.group()))
            pos = after
    marked = _marked(text, pos)
    if marked:
        pieces.append(("MARKED_NUMBER", marked))
    if not pieces and _BULLET_NUMBER.match(text, pos):   # « • 702.92d est la règle … »: prose, never a note
        return [("TEXT", text[pos:pos + len(line) + 1])]
    return pieces or None


def _line(text: str, pos: int) -> str:
    """The line that starts at ``pos``, without its newline."""
    end = text.find("\n", pos)
    return text[pos:end if end >= 0 else len(text)]


# ---- the stage -------------------------------------------------------------------------------------
_DIGITS = "0123456789"
_LEAD_FIRST = " \t\u00a0•·▪►>–—*-§¶#«“`RA" + _DIGITS
#: What a line some layout reads may start with (a line of cells aside): a lead, « Page », « | », a blank line.
_MAY_START = frozenset(_LEAD_FIRST + "Pp|\n")


#: What a page break's first line with text may start with (« 36 », « Page 36 »; a running header that ends
#: with its number is any line ending with a figure).
_PAGE_FIRST = frozenset("0123456789Pp \t\u00a0\n")
#: A line that starts with a plain rule number and a space (most lines of a rules text).
_PLAIN_NUMBER = re.compile(r"\d{3}\.\d+[a-z]?\.? ")
#: Figures, then a period (« 702. », « 1. »).
_FIGURES_DOT = re.compile(r"[0-9]+\.")

@dataclass(frozen=True)
class _Recognizer:
    """A layout the stage reads: the token types it may start with, its priority against the lexer's
    own match (as a terminal's), whether only at a line's start, the characters it may start with
    (None: any), and the reading itself."""

    starts: frozenset[str]
    #: one priority, or one for each first token
    priority: int | dict[str, int]
    line_start: bool
    first: Optional[str]
    #: (the text, the position, the rest of the line from there) -> the tokens, or None
    read: Callable[[str, int, str], Optional[list[Piece]]]
    #: a reader of one-line records: only on the lines with a brace, a « | », a tab or a dash
    cells: bool = False
    #: never a line that starts with a plain rule number (« 702.19a Le … »: no page's line, no mark)
    not_numbered: bool = False
    #: (a reader of any line:) the characters its line starts with, unless it ends with a figure
    may_start: str = ""
    ends_with_figure: bool = False


_RECOGNIZERS = (
    _Recognizer(frozenset({"PAGE_BREAK"}), 10, True, None, page_break, not_numbered=True, ends_with_figure=True,
                may_start="".join(_PAGE_FIRST)),
    _Recognizer(frozenset({"TABLE_HEAD"}), 8, True, "|", table_head, cells=True),
    _Recognizer(frozenset({"FIELD_BULLET", "FIELD_NAME"}), 7, True, None, field_line, cells=True),
    _Recognizer(frozenset({"DASH_BULLET", "DASH_NAME"}), 7, True, None, dash_line, cells=True),
    _Recognizer(frozenset({"INLINE_LEAD", "INLINE_NAME"}), {"INLINE_LEAD": 4, "INLINE_NAME": 3}, True, None,
                inline_record, cells=True),
    _Recognizer(frozenset({"RULE_LEAD", "MARKED_NUMBER", "TEXT"}), 8, True, _LEAD_FIRST, decorated_number,
                not_numbered=True),
    _Recognizer(frozenset({"FIELD_PT"}), 2, False, "-+0123456789*X", pt_cell("FIELD_PT")),
    _Recognizer(frozenset({"DASH_PT"}), 2, False, "-+0123456789*X", pt_cell("DASH_PT")),
)


#: What a line of one-line records has somewhere: a brace, a « | », a tab, a dash before a space.  (One
#: class, searched for its characters, then a dash's next character tested: a search for « [{|\t]|[–—-][ \t] »
#: tries both branches at every position of the line, three times slower.)
_CELL_CHAR = re.compile(r"[{|\t–—-]")


def _cell_mark(text: str, pos: int, end: int) -> bool:
    """Whether ``text[pos:end]`` has a brace, a « | », a tab, or a dash before a space or a tab."""
    found = _CELL_CHAR.search(text, pos, end)
    while found is not None:
        at = found.start()
        if text[at] in "{|\t" or text[at + 1:at + 2] in (" ", "\t"):
            return True
        found = _CELL_CHAR.search(text, at + 1, end)
    return False


def _line_end(text: str, pos: int) -> int:
    end = text.find("\n", pos)
    return len(text) if end < 0 else end


class LayoutLexer(Lexer):
    """Lark's contextual lexer with the layout stage in front of it (see the module's doc).

    For each token the parser asks for: at a line's start, the layouts the parser's state accepts are
    read first; elsewhere the cells' recognizers; the lexer's own match wins only with a higher
    priority.  Off a line's start the lexer is not offered the ``LINE_START`` terminals."""

    __future_interface__ = 2

    def __init__(self, contextual, table) -> None:
        self.contextual = contextual
        self.table = table
        self.priority = {t.name: t.priority for t in contextual.root_lexer.terminals}
        self._midline: dict[int, BasicLexer] = {}
        self._states: dict[bool, dict[int, tuple]] = {True: {}, False: {}}
        self._narrowed: dict[tuple[int, str], BasicLexer] = {}

    def _narrow(self, lexer: BasicLexer, char: str) -> BasicLexer:
        """``lexer`` with only the terminals that may start with ``char`` (:mod:`parser.faq_first_chars`): the
        same alternation less branches that cannot match there, so the same token, tried faster."""
        flags = lexer.g_regex_flags
        kept = [t for t in lexer.terminals if may_start(t.pattern.to_regexp(), flags, char)]
        narrow = lexer
        if len(kept) < len(lexer.terminals):
            narrow = copy(lexer)
            narrow.terminals = kept
            narrow._scanner = None
        self._narrowed[id(lexer), char] = narrow
        return narrow

    def _next_token(self, lexer: BasicLexer, lexer_state, parser_state, text: str, pos: int) -> Token:
        """The lexer's own token at ``pos``, tried with the terminals that may start there only (where none
        match, the whole lexer is asked again: its error names everything it expected)."""
        char = text[pos:pos + 1]
        narrow = self._narrowed.get((id(lexer), char)) or self._narrow(lexer, char)
        if narrow is lexer or not narrow.terminals:
            return lexer.next_token(lexer_state, parser_state)
        try:
            return narrow.next_token(lexer_state, parser_state)
        except UnexpectedCharacters:
            return lexer.next_token(lexer_state, parser_state)

    def _state(self, state: int, at_start: bool) -> tuple:
        """(lexer, recognizers, accepted terminals) of a parser state, at a line's start or not."""
        lexer = self.contextual.lexers[state]
        if not at_start:
            mid = self._midline.get(id(lexer))
            if mid is None:
                mid = copy(lexer)
                mid.terminals = [t for t in lexer.terminals if t.name not in LINE_START]
                mid._scanner = None
                self._midline[id(lexer)] = mid
            lexer = mid
        accepts = self.table.states[state]
        readers = tuple(r for r in _RECOGNIZERS if (at_start or not r.line_start) and any(t in accepts for t in r.starts))
        firsts = frozenset("".join(r.first if r.first is not None else r.may_start for r in readers))
        found = self._states[at_start][state] = (lexer, readers, accepts, firsts)
        return found

    def _asked(self, text: str, pos: int, firsts: frozenset, holds: dict[int, bool]) -> bool:
        """Whether a reader may apply at ``pos``: its first characters, an emoji, a line of cells or a
        line ending with a figure; a blank line only before a line a page break may start with (the
        blank lines before a rule-number line are never a page break's)."""
        char = text[pos]
        if char == "\n":                # (at a blank line only a page break reads, where the state takes one)
            return "\n" in firsts and may_break(text, pos, "")
        if char in _DIGITS:              # « 702.19a … », « 1. … »: a mark after the number, or a line of cells
            if _FIGURES_DOT.match(text, pos) is not None:
                return _MARK_GATE.match(text, pos) is not None or _cell_mark(text, pos, _line_end(text, pos))
        return char in firsts or char >= "\u2600" or self._may_hold(text, pos, holds)

    @staticmethod
    def _may_hold(text: str, pos: int, holds: dict[int, bool]) -> bool:
        """Whether the rest of a line, from ``pos``, may still hold a layout though it starts with none of
        the readers' first characters: cells, or a page's running header that ends with its number.  (A
        line is asked from the blank line above it, then at its start: ``holds`` keeps the answers.)"""
        held = holds.get(pos)
        if held is None:
            end = _line_end(text, pos)
            held = holds[pos] = _cell_mark(text, pos, end) or text[pos:end].rstrip(" \t")[-1:].isdecimal()
        return held

    def _layout(self, source, text: str, pos: int, readers, accepts, lexer) -> Optional[list[Piece]]:
        char, line = text[pos], _line(text, pos)
        cells = _cell_mark(line, 0, len(line))
        if not cells and char not in _MAY_START and char < "\u2600" and line[-1:] not in _DIGITS:
            return None                  # (a line of words: no layout of the stage; most lines)
        numbered = char in _DIGITS and _PLAIN_NUMBER.match(line) is not None
        emoji = char >= "\u2600"
        for recognizer in readers:
            first = recognizer.first
            if first is not None and char not in first and not (emoji and first is _LEAD_FIRST) or \
                    numbered and recognizer.not_numbered:
                continue
            if recognizer.cells and not cells:
                continue
            pieces = recognizer.read(text, pos, line)
            if not pieces or pieces[0][0] not in accepts:
                continue
            own = lexer.match(source, pos)
            priority = recognizer.priority
            priority = priority if isinstance(priority, int) else priority[pieces[0][0]]
            if own is None or self.priority.get(own[1], 0) <= priority:
                return pieces
        return None

    def lex(self, lexer_state, parser_state) -> Iterator[Token]:
        source = lexer_state.text
        text = source.text if hasattr(source, "text") else source
        size, ctr, starts, inside = len(text), lexer_state.line_ctr, self._states[True], self._states[False]
        holds: dict[int, bool] = {}
        try:
            while True:
                pos, state = ctr.char_pos, parser_state.position
                at_start = pos == 0 or text[pos - 1] == "\n"
                lexer, readers, accepts, firsts = (starts if at_start else inside).get(state) or self._state(state, at_start)
                pieces = None
                if readers and pos < size and self._asked(text, pos, firsts, holds):
                    pieces = self._layout(source, text, pos, readers, accepts, lexer)
                if pieces is None:
                    yield self._next_token(lexer, lexer_state, parser_state, text, pos)
                    continue
                for kind, value in pieces:
                    tok = Token(kind, value, ctr.char_pos, ctr.line, ctr.column)
                    ctr.feed(value)
                    tok.end_line, tok.end_column, tok.end_pos = ctr.line, ctr.column, ctr.char_pos
                    lexer_state.last_token = tok
                    yield tok
        except EOFError:
            pass
        except UnexpectedCharacters as e:            # (as the contextual lexer: a nicer error when it can)
            try:
                last_token = lexer_state.last_token
                token = self.contextual.root_lexer.next_token(lexer_state, parser_state)
                raise UnexpectedToken(token, e.allowed, state=parser_state, token_history=[last_token],
                                      terminals_by_name=self.contextual.root_lexer.terminals_by_name)
            except UnexpectedCharacters:
                raise e


def layout_parser(**options) -> Lark:
    """The parser of ``faq.lark`` (LALR, contextual lexer) with the layout stage in front of its lexer."""
    parser = grammars.load("faq", parser="lalr", lexer="contextual", **options)
    frontend = parser.parser
    frontend.lexer = LayoutLexer(frontend.lexer, frontend.parser._parse_table)
    faq_record_cells.use_grammar(parser.terminals)
    return parser
