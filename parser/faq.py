"""Parse French FAQ / release-notes documents and French rules texts.

Entry points:

* :func:`parse_document` -- a file path -> :class:`kb.model.Document`;
* :func:`parse_text` -- decoded text -> :class:`kb.model.Document`.

The grammar (``parser/grammars/faq.lark``) gives the structure: header lines,
sections, card records (name and cost on one line or not, costs with or
without braces, printed mana value, no cost), notes with their « -- »
sub-items, rules (number and text on one line, the number alone with its
text in the next paragraph, rules run together, bracketed numbers with
numbered items, hard-wrapped text, chapter headings) with their examples.
:class:`parser.faq_tree.DocumentBuilder`, a Lark Interpreter, turns the tree
into the model.  The same grammar reads the full French Comprehensive Rules
(contents, sections, glossary, credits; :mod:`parser.cr_fr` gives it the
shape of an edition) and rules quoted in prose: it is the one grammar of
French rules text.  After the parse, :func:`_finish` dates the document from
its own words (:func:`document_date`), tells each rule's language
(:mod:`parser.lang`) and pairs a French rule with its English version.  A FAQ flattened onto one line is first laid out one item a
line by :mod:`parser.faq_flat` (its own grammar), lines and columns kept.

Errors never raise and never cost more than their line: the grammar is
total (error productions for what looks like a record but is not one), and
a line it still cannot place is recovered from once through Lark's
``on_error`` with the interactive parser (kept as text where the parser
accepts text, else left out), reported as a typed
:class:`kb.model.ParseWarning` (file, line, column, text).  A NUL byte is
removed (its line is kept, with a warning).  The whole text is parsed once, whatever the number of errors.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from kb.model import Document, ParseWarning, Rule, rule_parent, rule_sort_key
from parser.collector import collector_paused
from parser.decode import DecodeError, decode_bytes, decode_file
from parser.faq_card_pages import lay_out
from parser.faq_dates import ambiguous_dates, byline_dates, published_in_header
from parser.faq_flat import has_flattened, is_flattened, relayout
from parser.faq_layout import layout_parser
from parser.faq_tree import DocumentBuilder
from parser.lang import SAMPLE, detect
from parser.references import find_references


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return layout_parser(propagate_positions=False, maybe_placeholders=False)


def parse_document(path: str | Path, lang: str = "fr", source: str = "") -> Document:
    """Parse one FAQ or rules-excerpt file into a :class:`Document`.

    The file is decoded with :func:`parser.decode.decode_file` (any of UTF-8,
    UTF-16, Windows-1252; any line ends).  ``Document.id`` is ``source``, by
    default the file stem.  Raises OSError if the file cannot be read, and
    DecodeError if it is not text; parse problems never raise, they become
    ``Document.warnings`` (a NUL byte, removed from its line, is one of them).
    """
    path = Path(path)
    nul_warnings: list[ParseWarning] = []
    try:
        decoded = decode_file(path)
        text, nul_warnings = decoded.text, list(decoded.warnings)  # mixed encodings
    except DecodeError:
        text, nul_warnings = _without_nul_lines(path.read_bytes(), str(path))
    doc = parse_text(text, source=source or path.stem, path=str(path), lang=lang)
    if nul_warnings:
        doc.warnings = sorted(nul_warnings + doc.warnings, key=lambda w: (w.line, w.column))
    return doc


def _without_nul_lines(data: bytes, name: str) -> tuple[str, list[ParseWarning]]:
    """The text of ``data`` with its NUL bytes removed (the lines holding
    them are kept, and parsed), and a warning per such line at its first NUL.
    Re-raises DecodeError when the data is not text with NUL bytes here and
    there (binary data, UTF-16 without BOM: NUL bytes on most lines)."""
    lines = data.split(b"\n")
    bad = [i for i, line in enumerate(lines) if b"\x00" in line]
    if not bad or len(bad) * 2 > len(lines):
        return decode_bytes(data, name).text, []
    text = decode_bytes(data.replace(b"\x00", b""), name).text
    warnings = []
    for i in bad:
        count = lines[i].count(b"\x00")
        warnings.append(ParseWarning(
            name, i + 1, len(lines[i][:lines[i].index(b"\x00")].decode("utf-8", "replace")) + 1,
            lines[i].replace(b"\x00", b"").decode("utf-8", "replace").rstrip("\r"),
            ("NUL byte" if count == 1 else f"{count} NUL bytes") + " removed: the line is kept", "nul_byte"))
    return text, warnings


def parse_text(text: str, source: str, path: str = "", lang: str = "fr") -> Document:
    """Parse decoded text (``\\n`` line ends) into a :class:`Document`.

    ``source`` becomes ``Document.id`` and the ``source`` of every node.
    """
    with collector_paused():
        return _parse_text(text, source, path, lang)


def _parse_text(text: str, source: str, path: str, lang: str) -> Document:
    if text.startswith("\ufeff"):
        text = text[1:]
    text = text if text.endswith("\n") else text + "\n"
    original, where = text, None
    if has_flattened(text):
        text, where = _relaid(text)
    placed = lay_out(text)              # card pages: parser/faq_card_pages.py
    if placed is not None:
        text = "\n".join(line for line, _ in placed)
        where = [(where[line - 1][0], where[line - 1][1] + column - 1) if where else (line, column)
                 for _, (line, column) in placed]
    recovery = _Recovery(text, path or source)
    try:
        tree = _parser().parse(text, on_error=recovery)
    except UnexpectedInput as err:  # pragma: no cover - the grammar is total
        recovery.warn(getattr(err, "line", 1) or 1, 1, "the rest of the document cannot be placed")
        tree = Tree("start", [])
    builder = DocumentBuilder(source, path, lang)
    doc = builder.visit(tree)
    doc.warnings.extend(recovery.warnings)
    published, page = builder.published, builder.header.lines
    if where is not None:
        _relocate(doc, where, original.split("\n"))
        published = [(where[line - 1][0], value) for line, value in published]
        page = _placed_lines(page, where)
    _finish(doc, page, published)
    doc.warnings.sort(key=lambda w: (w.line, w.column))
    return doc


def _relaid(text: str) -> tuple[str, list[tuple[int, int]]]:
    """``text`` with every flattened FAQ line laid out one item a line, and
    for each new line the (line, column) of the original text it starts at."""
    out: list[str] = []
    where: list[tuple[int, int]] = []
    for number, line in enumerate(text.split("\n"), 1):
        pieces = relayout(line) if is_flattened(line) else [(line, 1)]
        out += [p for p, _ in pieces]
        where += [(number, column) for _, column in pieces]
    return "\n".join(out), where


def _placed_lines(page: dict[int, str], where: list[tuple[int, int]]) -> dict[int, str]:
    """The lines the lexer read of a re-laid-out text, each put back at its line and column
    of the original text (the spaces between the pieces of a line as spaces)."""
    out: dict[int, str] = {}
    for number in sorted(page):
        if number > len(where) or not page[number].strip():
            continue
        line, column = where[number - 1]
        before = out.get(line, "")
        out[line] = before.ljust(column - 1) + page[number].strip() if len(before) < column else \
            f"{before} {page[number].strip()}"
    return out


def _relocate(doc: Document, where: list[tuple[int, int]], lines: list[str]) -> None:
    """Lines and columns of a re-laid-out text -> those of the original text."""
    for node in [*doc.rules, *doc.notes, *doc.cards, *doc.sections]:
        node.line = where[node.line - 1][0]
    for w in doc.warnings:
        line, column = where[w.line - 1]
        w.line, w.column, w.text = line, column + w.column - 1, lines[line - 1]


@dataclass
class _Recovery:
    """Lark ``on_error`` handler: one recovery per line the grammar cannot
    place, no re-parse.  The line becomes text where the parser accepts
    text there, else it is left out; either way it is a typed warning."""

    text: str
    label: str
    warnings: list[ParseWarning] = field(default_factory=list)
    _lines: list[str] = field(default_factory=list)

    def line_text(self, line: int) -> str:
        if not self._lines:
            self._lines = self.text.split("\n")
        return self._lines[line - 1] if 0 < line <= len(self._lines) else ""

    def warn(self, line: int, column: int, message: str, kind: str = "unplaceable_line") -> None:
        self.warnings.append(ParseWarning(self.label, line, column, self.line_text(line), message, kind))

    def __call__(self, err: UnexpectedInput) -> bool:
        if isinstance(err, UnexpectedCharacters):
            self.warn(err.line, err.column, "unexpected character (left out)")
            return True
        if not isinstance(err, UnexpectedToken) or err.token.type == "$END":
            return False
        tok = err.token
        if tok.type in ("_NL", "BLANK"):
            return True
        accepted = err.interactive_parser.accepts()
        kept = "left out"
        if tok.type != "TEXT" and "TEXT" in accepted:
            err.interactive_parser.feed_token(Token.new_borrow_pos("TEXT", str(tok), tok))
            kept = "kept as text"
        expected = sorted(e for e in err.expected if not e.startswith("_"))
        self.warn(tok.line, tok.column, f"line cannot be placed here (expected one of: "
                                        f"{', '.join(expected[:8])}; {kept})")
        return True


#: :func:`kb.model.rule_parent` and :func:`kb.model.rule_sort_key`, remembered: chapters and
#: rules are the parents of many rules, and the same numbers come back in every document.
_parent = lru_cache(maxsize=1 << 16)(rule_parent)
_sort_key = lru_cache(maxsize=1 << 16)(rule_sort_key)

#: A text without a digit cites no rule (the reference grammar is not run on it).
_DIGIT = re.compile(r"\d")


#: Where a French document states its own date, strongest first.
DATE_FIELDS = ("effective", "last_modified", "published", "updates", "stamps", "byline")


def document_date(meta: dict) -> tuple[Optional[str], Optional[str]]:
    """The date a document gives itself and the header field it comes from:
    « Ces règles entrent en vigueur au 1er février 2010 » (``effective``),
    « Document modifié pour la dernière fois le … » (``last_modified``),
    « Publié le mardi … », « Date : lun. … », « Paris, le … » (``published``), the
    latest changelog line « 13/07/2009 : mise à jour … » (``updates``), a
    stamp « Règles FR [04/02/2011] » (``stamps``), the latest date of the
    header's bylines « LA LETTRE — n°42 — 3 février 2011 » (``byline``:
    :mod:`parser.faq_dates`; of bylines, those that say the document changed
    come first: « Édition corrigée (28.11.2011) »); (None, None) without any."""
    for key in DATE_FIELDS:
        value = meta.get(key)
        if isinstance(value, list):
            entries = [v for v in value if v["date"]]
            dates = [v["date"] for v in ([v for v in entries if v.get("update")] or entries)]
        else:
            dates = [value] if value else []
        if dates:
            return max(dates), key
    return None, None


def _finish(doc: Document, page: dict[int, str], published: list[tuple[int, str]]) -> None:
    """Date, kind, title, languages, duplicate numbers, references, parents and children
    (``page``: the lines of the header region as the lexer read them, which may date the
    document; ``published``: the (line, text) of the date lines the grammar read,
    « Publié le … », « Date : … »)."""
    published_in_header(doc, page, published)
    if document_date(doc.metadata)[0] is None:
        bylines = byline_dates(doc, page)
        if bylines:
            doc.metadata["byline"] = bylines
    doc.edition, key = document_date(doc.metadata)
    ambiguous_dates(doc, key, page)
    doc.kind = "faq" if (doc.cards or doc.notes) else "rules"
    if not doc.title:
        doc.title = _title(doc)
    _languages(doc)
    seen: dict[str, Rule] = {}
    for rule in doc.rules:
        rule.edition = doc.edition
        if rule.number in seen and rule.pair_of is None:
            doc.warnings.append(ParseWarning(doc.path or doc.id, rule.line, 1, rule.number,
                                             f"rule {rule.number} appears twice (first on line "
                                             f"{seen[rule.number].line})", "duplicate_number"))
        seen.setdefault(rule.number, rule)
        text = " ".join([rule.text, *rule.examples])
        rule.references = find_references(text, rule.lang) if _DIGIT.search(text) else []
    for rule in doc.rules:
        parent = _parent(rule.number)
        while parent is not None and parent not in seen:
            parent = _parent(parent)
        rule.parent = parent
        if parent is not None and parent in seen and not (
                rule.pair_of is not None and rule.number in seen[parent].children):
            seen[parent].children.append(rule.number)
    for rule in doc.rules:
        if len(rule.children) > 1:
            rule.children.sort(key=_sort_key)
    _rule_sections(doc)
    for entry in doc.glossary:
        entry.edition = doc.edition
        entry.references = find_references(entry.definition, doc.lang) if _DIGIT.search(entry.definition) else []


def _title(doc: Document) -> str:
    """A document without a title line: its first section's (a FAQ), its
    first paragraph and the span of its rules (rules text), else its label."""
    label = doc.metadata.get("label", doc.id).rstrip(" :")
    if doc.kind == "faq" and doc.sections:
        return doc.sections[0].title
    if doc.rules:
        return f"{label[:1].upper()}{label[1:]} ({doc.rules[0].number}–{doc.rules[-1].number})"
    return label


def _languages(doc: Document) -> None:
    """The language of each rule (:func:`parser.lang.detect`; the document's
    when its text is too short to tell), and each rule quoted in both
    languages linked to its other version: ``pair_of`` is the line of the
    same-numbered rule in the other language (the first one not yet paired)."""
    unpaired: dict[str, dict[str, list[Rule]]] = {}
    for rule in doc.rules:
        head = f"{rule.title or ''} {rule.text}"  # detect reads the first SAMPLE characters only
        rule.lang = detect(head if len(head) >= SAMPLE else " ".join([head, *rule.examples])) or doc.lang
        waiting = unpaired.setdefault(rule.number, {})
        other = next((lang for lang, rules in waiting.items() if lang != rule.lang and rules), None) \
            if waiting else None
        if other is not None:
            mate = waiting[other].pop(0)
            mate.pair_of, rule.pair_of = rule.line, mate.line
        else:
            waiting.setdefault(rule.lang, []).append(rule)


def _rule_sections(doc: Document) -> None:
    # « 1. Concepts du jeu » is a section of the rules only with rules of its own (else a menu's text).
    sections = {n: t for n, t in doc.metadata.pop("rule_sections", {}).items()
                if any(r.number[0] == n for r in doc.rules)}
    if sections:
        doc.metadata["rule_sections"] = sections
