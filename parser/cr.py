"""Comprehensive Rules parser: a rules document -> :class:`kb.model.Edition`.

* :func:`parse_cr` -- a file as published (any encoding, any line ends) ->
  :class:`Edition`;
* :func:`parse_cr_text` -- decoded text -> :class:`Edition`;
* :func:`find_cr_files` -- files and directories -> the rules files to read;
* :class:`NotARulesDocument` -- raised for a file that is not a rules text.

The grammar is ``parser/cr.lark`` (one LALR grammar, line-oriented, for every
layout from 2003 to today and for French rules texts).  This module

1. runs it with a small post-lexer (:class:`_Numbering`) that keeps rule,
   chapter and section lines in numbering order: a hard-wrapped line that
   merely starts with a rule number (« 103.4. If a player… » inside rule
   413.2d of 2003-12-01) becomes text of the rule it sits in;
2. recovers from lines the grammar cannot place: each one becomes a
   :class:`ParseWarning` (file, line, column) and, where the parser accepts
   text at that point, is kept as text, so that nothing is lost;
3. walks the tree into rules with their parent, children, examples and
   titles, sections, chapters, contents, glossary entries and credits.

Numbering as the Comprehensive Rules describe it in their « Introduction »:
``7`` is a section, ``702`` a chapter, ``702.19`` a rule, ``702.19c`` a
subrule; subrule letters skip « l » and « o » (704.5k, 704.5m, 704.5n,
704.5p).  Chapters and sections go to ``Edition.chapters`` and
``Edition.sections``; ``Edition.rules`` holds rules and subrules.
"""
from __future__ import annotations

import re
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator, Optional, Union

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.lark import PostLex

from parser import grammars

from kb.model import Edition, GlossaryEntry, ParseWarning, Rule, rule_parent
from parser.decode import DecodeError, count_lost_quotes, decode_file

__all__ = ["parse_cr", "parse_cr_text", "find_cr_files", "NotARulesDocument", "SUBRULE_LETTERS"]

#: Subrule letters in Comprehensive Rules order (« l » and « o » are skipped).
SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"


# Splitting a line the grammar has already classified (not classifying it).
_RULE_HEAD_RE = re.compile(r"[ \t]*(\d{3})\.( ?)(\d+)([a-z]?)\.?[ \t\u00a0]*")
_EXAMPLE_HEAD_RE = re.compile(r"[ \t]*(?:Example|Exemple)[ \u00a0\u202f]?:[ \t\u00a0\u202f]*")
_HEADING_RE = re.compile(r"(\d+)\.[ \t\u00a0]+(.*)")

_MONTHS = {
    m: i + 1 for i, m in enumerate(
        ["january", "february", "march", "april", "may", "june", "july", "august",
         "september", "october", "november", "december"])
}
_MONTHS.update({
    m: i + 1 for i, m in enumerate(
        ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
         "septembre", "octobre", "novembre", "décembre"])
})
_EN_DATE_RE = re.compile(r"([A-Z][a-z]+)\s*(\d{1,2}),\s*(\d{4})")
_FR_DATE_RE = re.compile(r"(\d{1,2})(?:er)?\s+([a-zéû]+)\s+(\d{4})")
_FILE_DATE_RE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


class NotARulesDocument(ValueError):
    """The file (named in the message) is not a Comprehensive Rules text.

    Raised when it cannot be decoded as text or holds no numbered rule.
    """

    def __init__(self, path: str, reason: str):
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: not a Comprehensive Rules document ({reason})")


# ---------------------------------------------------------------------------
# Parser construction and the post-lexer
# ---------------------------------------------------------------------------

def _content(tok: str) -> str:
    """The line a token stands for, without the blank lines before it and
    without its newline and trailing spaces."""
    start = tok.rfind("\n", 0, len(tok) - 1) + 1
    return tok[start:].rstrip()


def _gap(tok: str) -> int:
    """How many blank lines come before the line of a token."""
    return tok.count("\n") - 1


def _lineno(tok: Token) -> int:
    """1-based line number of the token's own line (after its blank lines)."""
    return tok.line + _gap(tok)


def _rule_key(tok: str) -> tuple[int, int, str]:
    m = _RULE_HEAD_RE.match(_content(tok))
    return int(m.group(1)), int(m.group(3)), m.group(4)


class _Numbering(PostLex):
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
        prev = "BLANK"
        last_rule: Optional[tuple] = None
        last_chapter = -1
        last_section = 0
        for tok in stream:
            t = tok.type
            gap = tok[0] == "\n" or _gap(tok) > 0
            continues = not gap and prev in ("TEXT_LINE", "PARA_LINE", "RULE_LINE", "EXAMPLE_LINE")
            text_type = "PARA_LINE" if gap else "TEXT_LINE"
            if t == "RULE_LINE":
                key = _rule_key(tok)
                if continues and last_rule is not None and not (
                        key[0] == last_rule[0] and key[1] in (last_rule[1], last_rule[1] + 1)
                        and key > last_rule):
                    tok = Token.new_borrow_pos("TEXT_LINE", tok, tok)
                else:
                    last_rule = key
            elif t == "CHAPTER_LINE":
                n = int(_content(tok)[:3])
                if n <= last_chapter and (continues or n // 100 < last_section):
                    tok = Token.new_borrow_pos(text_type, tok, tok)
                else:
                    last_chapter = n
                    last_rule = None
            elif t == "SECTION_LINE":
                n = int(_content(tok)[0])
                if n <= last_section:
                    tok = Token.new_borrow_pos(text_type, tok, tok)
                else:
                    last_section = n
            elif t == "GLOSSARY_LINE":
                last_chapter, last_section, last_rule = -1, 0, None
            prev = tok.type
            yield tok


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return grammars.load("cr", parser="lalr", lexer="contextual", postlex=_Numbering(),
                         propagate_positions=False, maybe_placeholders=False)


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------

def parse_cr(path: Union[str, Path], *, source: Optional[str] = None,
             lang: str = "en") -> Edition:
    """Parse the Comprehensive Rules file at ``path`` into an :class:`Edition`.

    The file is decoded as published (:func:`parser.decode.decode_file`);
    ``source`` defaults to the file stem (``2026-01-16``).  Raises OSError if
    the file cannot be read and :class:`NotARulesDocument` (naming the file)
    if it is not text or holds no numbered rule.
    """
    path = Path(path)
    try:
        decoded = decode_file(path)
    except DecodeError as exc:
        reason = str(exc).removeprefix(f"{path}: ")
        raise NotARulesDocument(str(path), f"not text: {reason}") from None
    edition = parse_cr_text(decoded.text, source or path.stem, path=str(path), lang=lang)
    edition.encoding = decoded.encoding
    return edition


def find_cr_files(paths: Iterable[Union[str, Path]]) -> list[Path]:
    """Expand ``kb build --cr PATH...`` arguments into rules files.

    A file is taken as given; a directory gives its ``*.txt`` files (not
    recursive), sorted by name, which for the archive is by date.  Raises
    FileNotFoundError naming a path that does not exist.
    """
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(q for q in p.glob("*.txt") if q.is_file()))
        elif p.exists():
            out.append(p)
        else:
            raise FileNotFoundError(f"{p}: no such file or directory")
    return out


def parse_cr_text(text: str, source: str, path: str = "", lang: str = "en") -> Edition:
    """Parse decoded rules text (``\\n`` line ends) into an :class:`Edition`.

    ``source`` labels every rule and glossary entry (a file stem such as
    ``2026-01-16``); ``path`` names the file in warnings (``source`` if
    empty); ``lang`` is ``en`` or ``fr``.  The edition's ``date`` is the
    effective date the text states (« These rules are effective as of
    January 16, 2026. », « Ces règles entrent en vigueur au 1er février
    2010. »), else a ``YYYY-MM-DD`` date in the file name, else None.

    Problems become ``edition.warnings`` (1-based line and column, sorted):
    lines the grammar cannot place, a rule number misprinted with a space
    (« 606. 8b »), duplicated rule numbers (both rules are kept), subrules
    without their rule, subrule letters « l », « o » or out of order, text
    outside any rule, one-character stray lines, glossary terms without a
    definition, an effective date that differs from the file name's, a file
    that stops before its credits.  Raises :class:`NotARulesDocument` when
    the text holds no numbered rule.
    """
    label = path or source
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.endswith("\n"):
        text += "\n"
    warnings: list[ParseWarning] = []

    def on_error(exc: UnexpectedInput) -> bool:
        if isinstance(exc, UnexpectedToken):
            tok = exc.token
            if tok.type == "$END":
                return False
            ip = exc.interactive_parser
            accepted = ip.accepts()
            kept = "left out of the tree"
            if tok.type != "BLANK":
                # Keep the line as text: a new paragraph or a continuation line,
                # whichever the parser takes here.
                for as_text in ("PARA_LINE", "TEXT_LINE"):
                    if as_text != tok.type and as_text in accepted:
                        ip.feed_token(Token.new_borrow_pos(as_text, tok, tok))
                        kept = "kept as text"
                        break
            if tok.type != "BLANK":
                warnings.append(ParseWarning(label, _lineno(tok), 1, _content(tok),
                                             f"unexpected {tok.type} ({kept})"))
            return True
        if isinstance(exc, UnexpectedCharacters):
            line = text.split("\n")[exc.line - 1] if exc.line else ""
            warnings.append(ParseWarning(label, exc.line, exc.column, line,
                                         "no terminal matches here"))
            return True
        return False

    try:
        tree = _parser().parse(text, on_error=on_error)
    except UnexpectedInput as exc:
        if isinstance(exc, UnexpectedToken) and exc.token.type == "$END":
            reason = "no numbered rules found"
        else:
            reason = f"unreadable layout at line {getattr(exc, 'line', '?')}"
        raise NotARulesDocument(label, reason) from None

    builder = _EditionBuilder(label, source, lang, warnings)
    edition = builder.build(tree)
    if not edition.rules:
        raise NotARulesDocument(label, "no numbered rules found")
    edition.path = path
    edition.lost_quotes = count_lost_quotes(text)
    if edition.date is None:
        m = _FILE_DATE_RE.search(Path(path or source).name)
        if m:
            edition.date = _iso(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    else:
        m = _FILE_DATE_RE.search(Path(path or source).name)
        if m and _iso(int(m.group(1)), int(m.group(2)), int(m.group(3))) != edition.date:
            warnings.append(ParseWarning(label, builder.date_line, 1, builder.date_text,
                                         f"effective date {edition.date} differs from the "
                                         f"file name's {m.group(0)}"))
    for r in edition.rules:
        r.edition = edition.date
    for g in edition.glossary:
        g.edition = edition.date
    builder.check_numbering(edition)
    edition.warnings = sorted(warnings, key=lambda w: (w.line, w.column))
    return edition


# ---------------------------------------------------------------------------
# Tree -> Edition
# ---------------------------------------------------------------------------

def _iso(y: int, m: int, d: int) -> Optional[str]:
    try:
        return date(y, m, d).isoformat()
    except ValueError:
        return None


def _parse_date(line: str) -> Optional[str]:
    """« …effective as of January 16, 2026. » / « …au 1er février 2010. » -> ISO date."""
    m = _EN_DATE_RE.search(line)
    if m and m.group(1).lower() in _MONTHS:
        return _iso(int(m.group(3)), _MONTHS[m.group(1).lower()], int(m.group(2)))
    m = _FR_DATE_RE.search(line)
    if m and m.group(2).lower() in _MONTHS:
        return _iso(int(m.group(3)), _MONTHS[m.group(2).lower()], int(m.group(1)))
    return None


def _glossary_references(definition: str, lang: str) -> list[str]:
    """Rule numbers a glossary definition cites (« See rule 702.19 » -> 702.19).

    Delegates to :func:`parser.references.find_references`; cached because
    most definitions are word for word the same from one edition to the
    next.  Each call returns a new list.
    """
    return list(_cached_references(definition, lang))


@lru_cache(maxsize=16384)
def _cached_references(definition: str, lang: str) -> tuple[str, ...]:
    try:
        from parser.references import find_references
    except ImportError:  # the references parser is optional here
        return ()
    return tuple(find_references(definition, lang))


_line = _content


def _is_heading_text(text: str) -> bool:
    """« Trample », « Regroupement avec d'autres »: a rule that is a title."""
    return bool(text) and len(text) <= 80 and text[-1] not in ".:;!?”\"’)" and "\n" not in text


class _EditionBuilder:
    """Walks the parse tree of one document into an :class:`Edition`."""

    def __init__(self, label: str, source: str, lang: str, warnings: list[ParseWarning]):
        self.label = label
        self.source = source
        self.lang = lang
        self.warnings = warnings
        self.edition = Edition(date=None, path=label, lang=lang, source=source)
        self.section: Optional[str] = None
        self.date_line = 0
        self.date_text = ""

    def warn(self, tok: Token, message: str, column: Optional[int] = None) -> None:
        self.warnings.append(ParseWarning(self.label, _lineno(tok), column or 1,
                                          _line(tok), message))

    # -- walking ---------------------------------------------------------------
    def build(self, tree: Tree) -> Edition:
        parts = [part.data for part in tree.children]
        for part in tree.children:
            getattr(self, "_" + part.data)(part)
        if "contents" in parts and "credits" not in parts:
            last = self.edition.glossary[-1].line if self.edition.glossary else 0
            self.warnings.append(ParseWarning(
                self.label, last, 1, "", "no credits after the "
                + ("glossary" if "glossary" in parts else "rules") + ": the file may be truncated"))
        return self.edition

    def _preamble(self, tree: Tree) -> None:
        for tok in tree.children:
            if tok.type == "EFFECTIVE_LINE" and self.edition.date is None:
                self.edition.date = _parse_date(tok)
                self.date_line, self.date_text = _lineno(tok), _line(tok)

    def _contents(self, tree: Tree) -> None:
        out = self.edition.contents
        for node in tree.children:
            toks = node.children if isinstance(node, Tree) else [node]
            out.extend(_line(t) for t in toks if t.type != "BLANK")

    def _rules_part(self, tree: Tree) -> None:
        for section in tree.children:
            head = section.children[0]
            m = _HEADING_RE.match(_line(head))
            self.section = m.group(1)
            self.edition.sections[self.section] = m.group(2).strip()
            for node in section.children[1:]:
                if isinstance(node, Tree):
                    self._chapter(node)
                elif node.type in ("TEXT_LINE", "PARA_LINE"):
                    self.warn(node, f"text between section {self.section} and its first chapter "
                                    "(not part of any rule)")

    def _excerpt(self, tree: Tree) -> None:
        for node in tree.children:
            if node.data == "chapter":
                self._chapter(node)
            else:
                self._rule(node)

    def _chapter(self, tree: Tree) -> None:
        head = tree.children[0]
        m = _HEADING_RE.match(_line(head))
        number = m.group(1)
        if number in self.edition.chapters:
            self.warn(head, f"duplicated chapter number {number}")
        self.edition.chapters[number] = m.group(2).strip()
        self.section = number[0]
        for node in tree.children[1:]:
            if isinstance(node, Tree):
                self._rule(node)
            elif node.type in ("TEXT_LINE", "PARA_LINE"):
                self.warn(node, f"text between chapter {number} and its first rule "
                                "(not part of any rule)")

    def _rule(self, tree: Tree) -> None:
        head = tree.children[0]
        m = _RULE_HEAD_RE.match(_line(head))
        number = f"{m.group(1)}.{m.group(3)}{m.group(4)}"
        if m.group(2):
            self.warn(head, f"rule number misprinted with a space, read as {number}",
                      column=1 + m.start(2))
        first = _line(head)[m.end():]
        paragraphs: list[list[str]] = []
        examples: list[list[str]] = []
        current: Optional[list[str]] = None
        if first:
            current = [first]
            paragraphs.append(current)
        for tok in tree.children[1:]:
            t = tok.type
            if t == "BLANK":
                current = None
            elif t == "EXAMPLE_LINE":
                line = _line(tok)
                current = [line[_EXAMPLE_HEAD_RE.match(line).end():]]
                examples.append(current)
            else:
                if t == "PARA_LINE":
                    current = None
                line = _line(tok)
                if len(line.strip()) == 1:
                    self.warn(tok, f"one-character line kept in the text of rule {number}")
                if current is None:
                    current = [line]
                    paragraphs.append(current)
                else:
                    current.append(line)
        text = "\n\n".join("\n".join(p) for p in paragraphs)
        rule = Rule(number=number, lang=self.lang, source=self.source, text=text,
                    examples=["\n".join(e) for e in examples], line=_lineno(head),
                    section=m.group(1)[0])
        try:
            rule.parent = rule_parent(number)
        except ValueError:
            rule.parent = None
        self.edition.rules.append(rule)

    def _glossary(self, tree: Tree) -> None:
        for entry in tree.children:
            if not isinstance(entry, Tree):
                continue
            term_tok = entry.children[0]
            paragraphs: list[list[str]] = []
            for d in entry.children[1:]:
                tok = d.children[0] if isinstance(d, Tree) else d
                if tok.type == "INDENTED_PARA" or not paragraphs:
                    paragraphs.append([])
                paragraphs[-1].append(_line(tok))
            definition = "\n\n".join("\n".join(p) for p in paragraphs)
            g = GlossaryEntry(term=_line(term_tok).strip(), definition=definition,
                              edition=None, lang=self.lang, source=self.source,
                              line=_lineno(term_tok))
            if not definition:
                self.warn(term_tok, "glossary term without a definition")
            else:
                g.references = _glossary_references(definition, self.lang)
            self.edition.glossary.append(g)

    def _credits(self, tree: Tree) -> None:
        lines = [line.rstrip() for line in "".join(tree.children[1:]).split("\n")]
        while lines and not lines[-1]:
            lines.pop()
        while lines and not lines[0]:
            lines.pop(0)
        self.edition.credits = "\n".join(lines)

    # -- checks across rules ---------------------------------------------------
    def check_numbering(self, edition: Edition) -> None:
        """Link parents and children; report duplicates, orphans and letters.

        A duplicated number is kept twice in ``edition.rules`` (nothing is
        merged) and reported; a subrule letter « l » or « o », or one that
        does not come after its elder sibling in CR order, is reported.
        """
        by_number: dict[str, Rule] = {}
        last_letter: dict[str, str] = {}
        for r in edition.rules:
            if r.number in by_number:
                self.warnings.append(ParseWarning(
                    self.label, r.line, 1, r.number,
                    f"duplicated rule number {r.number} (first at line {by_number[r.number].line})"))
                continue
            by_number[r.number] = r
            parent = by_number.get(r.parent) if r.parent else None
            if parent is not None:
                parent.children.append(r.number)
            elif r.is_subrule:
                self.warnings.append(ParseWarning(self.label, r.line, 1, r.number,
                                                  f"subrule {r.number} has no rule {r.parent}"))
            if r.is_subrule:
                letter = r.number[-1]
                prev = last_letter.get(r.parent)
                if letter not in SUBRULE_LETTERS:
                    self.warnings.append(ParseWarning(
                        self.label, r.line, 1, r.number,
                        f"subrule letter {letter!r} is not used by the Comprehensive Rules"))
                elif prev is not None and letter <= prev:
                    self.warnings.append(ParseWarning(
                        self.label, r.line, 1, r.number,
                        f"subrule {r.number} comes after {r.parent}{prev}"))
                last_letter[r.parent] = letter
        for r in edition.rules:
            if r.children and not r.is_subrule and _is_heading_text(r.text):
                r.title = r.text
