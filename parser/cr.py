"""Comprehensive Rules parser: a rules document -> :class:`kb.model.Edition`.

* :func:`parse_cr` -- a file as published (any encoding, any line ends) ->
  :class:`Edition`;
* :func:`parse_cr_text` -- decoded text -> :class:`Edition`;
* :func:`find_cr_files` -- files and directories -> the rules files to read;
* :class:`NotARulesDocument` -- raised for a file that is not a rules text.

The grammar is ``parser/grammars/cr.lark`` (one LALR grammar, line-oriented,
for every English layout from 2003 to today).  French rules text has one
grammar of its own, ``faq.lark``: with ``lang="fr"`` the text goes there and
comes back as an :class:`Edition` (:mod:`parser.cr_fr`).
:func:`parse_cr_text` goes through these steps:

1. the grammar runs with the post-lexer :class:`parser.cr_lines.Numbering`,
   which keeps rule, chapter and section lines in numbering order: a
   hard-wrapped line that merely starts with a rule number (« 103.4. If a
   player… » inside rule 413.2d of 2003-12-01) becomes text of the rule it
   sits in;
2. :class:`_Recovery` handles the lines the grammar cannot place (Lark's
   ``on_error`` with its interactive parser): each one becomes a
   :class:`ParseWarning` (file, line, column) and, where the parser accepts
   text at that point, is kept as text, so that nothing is lost;
3. :class:`parser.cr_tree.EditionBuilder` walks the tree into rules with
   their parent, children, examples and titles, sections, chapters,
   contents, glossary entries and credits;
4. the edition gets its date (the text's, else the file name's), the
   glossary its rule references, and the numbering is checked.

Numbering as the Comprehensive Rules describe it in their « Introduction »:
``7`` is a section, ``702`` a chapter, ``702.19`` a rule, ``702.19c`` a
subrule; subrule letters skip « l » and « o » (704.5k, 704.5m, 704.5n,
704.5p; :data:`kb.model.SUBRULE_LETTERS`).  Chapters and sections go to
``Edition.chapters`` and ``Edition.sections``; ``Edition.rules`` holds rules
and subrules.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Optional, Union

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from kb.model import Edition, ParseWarning
from parser import grammars
from parser.cr_lines import Numbering, line_number, line_text
from parser.cr_fr import french_edition
from parser.cr_tree import EditionBuilder
from parser.dates import iso_date
from parser.decode import DecodeError, count_lost_quotes, decode_file
from parser.faq import parse_text
from parser.lang import detect
from parser.references import find_references

__all__ = ["parse_cr", "parse_cr_text", "find_cr_files", "NotARulesDocument"]

_FILE_DATE_RE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")

#: How much of a rules file tells its language (its title, date and introduction).
_SAMPLE = 3000


class NotARulesDocument(ValueError):
    """The file (named in the message) is not a Comprehensive Rules text.

    Raised when it cannot be decoded as text or holds no numbered rule.
    """

    def __init__(self, path: str, reason: str):
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: not a Comprehensive Rules document ({reason})")


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return grammars.load("cr", parser="lalr", lexer="contextual", postlex=Numbering(),
                         propagate_positions=False, maybe_placeholders=False)


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------

def parse_cr(path: Union[str, Path], *, source: Optional[str] = None,
             lang: Optional[str] = None) -> Edition:
    """Parse the Comprehensive Rules file at ``path`` into an :class:`Edition`.

    The file is decoded as published (:func:`parser.decode.decode_file`);
    ``source`` defaults to the file stem (``2026-01-16``); ``lang`` (``en``
    or ``fr``) defaults to the language of the text's beginning
    (:func:`parser.lang.detect`; English when it cannot tell), so that a
    French Comprehensive Rules file given to ``kb build --cr`` is read by
    the French grammar.  Raises OSError if
    the file cannot be read and :class:`NotARulesDocument` (naming the file)
    if it is not text or holds no numbered rule.
    """
    path = Path(path)
    try:
        decoded = decode_file(path)
    except DecodeError as exc:
        reason = str(exc).removeprefix(f"{path}: ")
        raise NotARulesDocument(str(path), f"not text: {reason}") from None
    lang = lang or detect(decoded.text, _SAMPLE) or "en"
    edition = parse_cr_text(decoded.text, source or path.stem, path=str(path), lang=lang)
    edition.encoding = decoded.encoding
    edition.warnings[:0] = decoded.warnings  # lines in another encoding (mixed_encoding)
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
    if lang == "fr":
        return _french(text, source, path)
    doc = _RulesText(_as_lines(text), source, path, lang)
    builder = EditionBuilder(doc.label, source, lang, doc.warnings)
    edition = builder.build(_parse_tree(doc))
    if not edition.rules:
        raise NotARulesDocument(doc.label, "no numbered rules found")
    edition.path = path
    edition.lost_quotes = count_lost_quotes(doc.text)
    _settle_date(edition, doc, builder)
    _attach_glossary_references(edition)
    builder.check_numbering(edition)
    edition.warnings = sorted(doc.warnings, key=lambda w: (w.line, w.column))
    return edition


def _french(text: str, source: str, path: str) -> Edition:
    """A French rules text, read by the one French rules grammar
    (``faq.lark``, :mod:`parser.cr_fr`), dated as an English edition is."""
    edition = french_edition(parse_text(text, source=source, path=path, lang="fr"))
    if not edition.rules:
        raise NotARulesDocument(path or source, "no numbered rules found")
    m = _FILE_DATE_RE.search(Path(path or source).name)
    if edition.date is None and m:
        edition.date = iso_date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    for r in [*edition.rules, *edition.glossary]:
        r.edition = edition.date
    edition.lost_quotes = count_lost_quotes(text)
    return edition


# ---------------------------------------------------------------------------
# The steps of parse_cr_text
# ---------------------------------------------------------------------------

@dataclass
class _RulesText:
    """One rules text on its way to an :class:`Edition`: the decoded text,
    its labels and the warnings gathered so far."""

    text: str
    source: str
    path: str
    lang: str
    warnings: list[ParseWarning] = field(default_factory=list)

    @property
    def label(self) -> str:
        """The name warnings give: the path, else the source."""
        return self.path or self.source


def _as_lines(text: str) -> str:
    """The text without byte-order mark, ending with a newline (every
    terminal of the grammar is a whole line)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    return text if text.endswith("\n") else text + "\n"


@dataclass
class _Recovery:
    """Lark ``on_error`` handler: a line the grammar cannot place becomes a
    warning and, where the parser accepts text there, text of the paragraph
    or rule around it."""

    doc: _RulesText

    def __call__(self, exc: UnexpectedInput) -> bool:
        if isinstance(exc, UnexpectedToken):
            return self._unexpected_line(exc)
        if isinstance(exc, UnexpectedCharacters):
            line = self.doc.text.split("\n")[exc.line - 1] if exc.line else ""
            self._warn(exc.line, exc.column, line, "no terminal matches here")
            return True
        return False

    def _unexpected_line(self, exc: UnexpectedToken) -> bool:
        tok = exc.token
        if tok.type == "$END":
            return False
        if tok.type == "BLANK":
            return True
        accepted = exc.interactive_parser.accepts()
        kept = "left out of the tree"
        # Keep the line as text: a new paragraph or a continuation line,
        # whichever the parser takes here.
        for as_text in ("PARA_LINE", "TEXT_LINE"):
            if as_text != tok.type and as_text in accepted:
                exc.interactive_parser.feed_token(Token.new_borrow_pos(as_text, tok, tok))
                kept = "kept as text"
                break
        self._warn(line_number(tok), 1, line_text(tok), f"unexpected {tok.type} ({kept})")
        return True

    def _warn(self, line: int, column: int, text: str, message: str) -> None:
        self.doc.warnings.append(ParseWarning(self.doc.label, line, column, text, message))


def _parse_tree(doc: _RulesText) -> Tree:
    """The parse tree of the text, unplaceable lines recovered from.
    Raises :class:`NotARulesDocument` when the parser cannot go on."""
    try:
        return _parser().parse(doc.text, on_error=_Recovery(doc))
    except UnexpectedInput as exc:
        if isinstance(exc, UnexpectedToken) and exc.token.type == "$END":
            reason = "no numbered rules found"
        else:
            reason = f"unreadable layout at line {getattr(exc, 'line', '?')}"
        raise NotARulesDocument(doc.label, reason) from None


def _settle_date(edition: Edition, doc: _RulesText, builder: EditionBuilder) -> None:
    """Date the edition and all its rules and glossary entries: the date the
    text states, else the ``YYYY-MM-DD`` of the file name.  A stated date
    that differs from the file name's is reported."""
    m = _FILE_DATE_RE.search(Path(doc.path or doc.source).name)
    name_date = iso_date(int(m.group(1)), int(m.group(2)), int(m.group(3))) if m else None
    if edition.date is None:
        edition.date = name_date
    elif m and name_date != edition.date:
        doc.warnings.append(ParseWarning(doc.label, builder.date_line, 1, builder.date_text,
                                         f"effective date {edition.date} differs from the "
                                         f"file name's {m.group(0)}"))
    for r in edition.rules:
        r.edition = edition.date
    for g in edition.glossary:
        g.edition = edition.date


def _attach_glossary_references(edition: Edition) -> None:
    """Give each glossary definition the rule numbers it cites
    (« See rule 702.19 » -> ``["702.19"]``)."""
    for g in edition.glossary:
        if g.definition:
            g.references = list(_cached_references(g.definition, edition.lang))


@lru_cache(maxsize=16384)
def _cached_references(definition: str, lang: str) -> tuple[str, ...]:
    """:func:`parser.references.find_references`, cached because most
    glossary definitions are word for word the same from one edition to the
    next."""
    return tuple(find_references(definition, lang))
