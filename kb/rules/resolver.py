"""Resolve the references cited in the knowledge base and report dangling ones.

Every rule text, example and glossary definition is read with
:mod:`parser.references`.  A cited number resolves when the same edition has
a node with that number: a rule or subrule, a chapter (« rule 614 »), or a
section (« section 8 »); ranges are expanded first, so « 409.1f–h » needs
409.1f, 409.1g and 409.1h.  A glossary cross-reference (« See Typecycling. »)
resolves when that edition's glossary has the term.  A French document's
references resolve against the document itself, then against the English
edition the document matches (:func:`kb.rules.alignment.document_editions`, the
latest of them), else the one in force at the document's date (its
``last_modified`` metadata), else the latest edition.

A reference whose quoted title does not match the rule it reaches (« See rule
702.30, “Kicker.” » in an edition where 702.30 is another keyword) is
reported too, as ``title`` (English editions only).

Texts repeat across editions, so each distinct text is parsed once.
"""
from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Iterable, Optional

from rapidfuzz import fuzz

from kb.rules.alignment import document_editions
from parser.textkeys import typo_key
from parser.references import GlossaryReference, ReferenceSpan, find_glossary_references, find_reference_spans


@dataclass
class Dangling:
    """A reference that reaches nothing (``reason`` ``missing``) or reaches a
    rule with another title (``reason`` ``title``).

    ``document``: edition date or document id; ``rule``: the citing rule
    number (or ``glossary:<term>``); ``target``: the cited number or term;
    ``phrase``: the citing words as written; ``kind``: ``rule``, ``section``
    or ``glossary``; ``expected``: the target's actual title for ``title``;
    ``editions``: for CR editions, every edition where this same text cites
    this same missing target (``document`` is the first of them)."""

    document: str
    rule: str
    target: str
    phrase: str
    kind: str = "rule"
    reason: str = "missing"
    expected: Optional[str] = None
    editions: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class ReferenceReport:
    """Counts of references checked and resolved, and the dangling ones."""

    checked: int = 0
    resolved: int = 0
    dangling: list[Dangling] = field(default_factory=list)

    @property
    def missing(self) -> list[Dangling]:
        return [d for d in self.dangling if d.reason == "missing"]

    @property
    def title_mismatches(self) -> list[Dangling]:
        return [d for d in self.dangling if d.reason == "title"]

    def to_dict(self) -> dict:
        return {"checked": self.checked, "resolved": self.resolved,
                "dangling": [d.to_dict() for d in self.dangling]}


@lru_cache(maxsize=65536)
def _spans(text: str, lang: str) -> tuple[ReferenceSpan, ...]:
    return tuple(find_reference_spans(text, lang))


@lru_cache(maxsize=16384)
def _glossary_refs(text: str, lang: str) -> tuple[GlossaryReference, ...]:
    return tuple(find_glossary_references(text, lang))


def _title_matches(given: str, actual: Optional[str]) -> bool:
    """True unless the cited title is clearly another rule's: a title that
    merely drifted (« Playing Spells and Abilities » for « Playing Spells and
    Activated Abilities ») still matches (rapidfuzz token_set_ratio >= 70)."""
    if not actual:
        return True  # the target has no title to compare with
    a, b = typo_key(given).lower().rstrip(".,"), typo_key(actual).lower()
    return a == b or fuzz.token_set_ratio(a, b) >= 70


def _glossary_has(terms: set[str], term: str) -> bool:
    """A term, or each of the terms a « See A, B. » phrase joins, is in the
    glossary (singular and plural forms accepted: « Continuous Effects » finds
    « Continuous Effect »)."""
    def has(t: str) -> bool:
        return t in terms or t.rstrip("s") in terms or t + "s" in terms

    key = term.lower()
    if has(key):
        return True
    parts = [p.strip() for p in key.replace(" and ", ", ").split(",") if p.strip()]
    return len(parts) > 1 and all(has(p) for p in parts)


def _term_keys(term: str) -> set[str]:
    """The names a glossary entry answers to: « Kicker, Kicked » gives kicker,
    kicked and the whole; « Public Information (Informal) » also gives
    « public information »."""
    t = term.lower().strip()
    bare = re.sub(r"\s*\([^)]*\)\s*$", "", t)
    keys = {t, bare}
    keys.update(p.strip().strip('"“”') for p in bare.split(",") if p.strip())
    return keys


class _Edition:
    """The nodes a reference may reach in one edition."""

    def __init__(self, conn: sqlite3.Connection, date: str, source: str):
        row = conn.execute("SELECT sections, chapters FROM editions WHERE source=?", (source,)).fetchone()
        self.sections = set(json.loads(row[0] or "{}")) if row else set()
        chapters = json.loads(row[1] or "{}") if row else {}
        self.titles: dict[str, Optional[str]] = dict(chapters)
        for number, title in conn.execute("SELECT number, title FROM rules WHERE source=?", (source,)):
            self.titles.setdefault(number, title)
        self.terms = set()
        for (term,) in conn.execute("SELECT term FROM glossary WHERE source=?", (source,)):
            self.terms.update(_term_keys(term))
        self.date = date

    def has(self, number: str) -> bool:
        return number in self.titles or number in self.sections


def _check_text(report: ReferenceReport, found: dict, text: str, lang: str, ed: "_Edition",
                document: str, rule: str, check_titles: bool, extra: Optional["_Edition"] = None) -> None:
    for span in _spans(text, lang):
        phrase = text[span.start:span.end]
        for number in span.numbers:
            report.checked += 1
            kind = "section" if number.isdigit() and len(number) == 1 else "rule"
            if ed.has(number) or (extra is not None and extra.has(number)):
                report.resolved += 1
                if check_titles and span.title and len(span.numbers) == 1 and ed.has(number):
                    actual = ed.titles.get(number)
                    if not _title_matches(span.title, actual):
                        key = (rule, number, "title", text)
                        found.setdefault(key, Dangling(document, rule, number, f"{phrase}, “{span.title}”",
                                                       kind, "title", actual))
                continue
            key = (rule, number, "missing", text)
            found.setdefault(key, Dangling(document, rule, number, phrase, kind))


def check_references(conn: sqlite3.Connection, editions: Optional[Iterable[str]] = None,
                     documents: bool = True) -> ReferenceReport:
    """Resolve every reference of the stored CR editions (all, or those whose
    dates are in ``editions``) and, with ``documents``, of the French
    documents.  Returns a ReferenceReport; a missing reference repeated by
    the same text in consecutive editions is one Dangling entry listing
    those editions."""
    report = ReferenceReport()
    wanted = set(editions) if editions is not None else None
    eds = conn.execute("SELECT date, source, lang FROM editions WHERE date IS NOT NULL ORDER BY date").fetchall()
    loaded: dict[str, _Edition] = {}
    grouped: dict[tuple, Dangling] = {}
    for date, source, lang in eds:
        if wanted is not None and date not in wanted:
            continue
        ed = loaded[source] = _Edition(conn, date, source)
        found: dict = {}
        for number, text, examples in conn.execute(
                "SELECT number, text, examples FROM rules WHERE source=? ORDER BY position", (source,)):
            for t in (text or "", *json.loads(examples or "[]")):
                _check_text(report, found, t, lang or "en", ed, date, number, lang == "en")
        for term, definition in conn.execute("SELECT term, definition FROM glossary WHERE source=?", (source,)):
            _check_text(report, found, definition or "", lang or "en", ed, date, f"glossary:{term}", lang == "en")
            for g in _glossary_refs(definition or "", lang or "en"):
                report.checked += 1
                if _glossary_has(ed.terms, g.term):
                    report.resolved += 1
                else:
                    found.setdefault((f"glossary:{term}", g.term, "missing", definition),
                                     Dangling(date, f"glossary:{term}", g.term,
                                              f"See {'also ' if g.also else ''}{g.term}.", "glossary"))
        for key, d in found.items():
            g = grouped.get(key)
            if g is None:
                d.editions = [date]
                grouped[key] = d
            else:
                g.editions.append(date)
    report.dangling.extend(grouped.values())
    if documents:
        _check_documents(conn, report, eds, loaded)
    report.dangling.sort(key=lambda d: (d.document, d.rule, d.target))
    return report


def _check_documents(conn, report: ReferenceReport, eds: list, loaded: dict) -> None:
    english = [(d, s) for d, s, lang in eds if lang == "en"]
    for doc_id, lang, metadata in conn.execute("SELECT id, lang, metadata FROM documents ORDER BY id"):
        rules = conn.execute("SELECT number, text, examples FROM rules WHERE source=? ORDER BY position",
                             (doc_id,)).fetchall()
        own = {r[0] for r in rules}
        date = (json.loads(metadata or "{}") or {}).get("last_modified")
        ref_ed = None
        if english:
            aligned = document_editions(conn, doc_id)
            before = [e for e in english if date and e[0] <= date]
            if aligned:
                d, s = [e for e in english if e[0] == aligned[-1]][0]
            else:
                d, s = before[-1] if before else english[-1]
            ref_ed = loaded.get(s) or _Edition(conn, d, s)
        doc_ed = _DocumentNodes(own)
        found: dict = {}
        for number, text, examples in rules:
            for t in (text or "", *json.loads(examples or "[]")):
                _check_text(report, found, t, lang or "fr", doc_ed, doc_id, number, False, ref_ed)
        for (text,) in conn.execute("SELECT text FROM notes WHERE source=?", (doc_id,)):
            _check_text(report, found, text or "", lang or "fr", doc_ed, doc_id, "note", False, ref_ed)
        report.dangling.extend(found.values())


class _DocumentNodes(_Edition):
    """The rules quoted in one French document."""

    def __init__(self, numbers: set[str]):  # noqa: D107 -- no database read
        self.titles = {n: None for n in numbers}
        self.sections = set()
        self.terms = set()
        self.date = None
