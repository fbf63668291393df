"""The one reference resolver: every reference of the knowledge base is
found once, resolved once at build time and stored in the
``references`` table; the dangling ones are also reported (:class:`Dangling`)
and stored as typed, located warnings (``reference_warnings``, written by
:mod:`kb.rules.references`, which also reads both tables back).

Every rule text, example and glossary definition is read with
:mod:`parser.references`.  A cited number resolves when the same edition has
a node with that number: a rule or subrule, a chapter (« rule 614 »), or a
section (« section 8 »); ranges are expanded first, so « 409.1f–h » needs
409.1f, 409.1g and 409.1h.  A glossary cross-reference (« See Typecycling. »)
resolves when that edition's glossary has the term.  A French document's
references resolve against the document itself, then against the English
edition the document matches (:func:`kb.rules.alignment.document_editions`, the
latest of them), else the one in force at the document's date (its
own date, ``documents.edition``), else the latest edition.

A reference whose quoted title does not match the rule it reaches (« See rule
702.30, “Kicker.” » in an edition where 702.30 is another keyword) is
reported too, as ``title``; the resolver then looks the title up in the
edition (and, for a French document, in every edition it matches; French
titles are translated with the committed French↔English terms) and resolves
the reference to the rule carrying that title (status ``title_mismatch``;
``ambiguous`` when several do).  A missing member of a range whose other
members exist has status ``range``.

The build resolves in two phases: the CR editions first
(:func:`store_edition_references`: they resolve in themselves, and the
French alignment reads their stored references), then, once the alignment
has chosen their editions, the French documents
(:func:`store_document_references`).

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
from kb.rules.references import RefRows, Where, english_title
from parser.textkeys import fold
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
    this same missing target (``document`` is the first of them).
    ``type``: the warning type (``ref.missing``, ``ref.range``,
    ``ref.title_mismatch``, ``ref.ambiguous``); ``resolved_to``: the rule
    carrying the cited title; ``source``, ``line``, ``col``: where the
    citing text is (line of its rule, note or entry; column in the text)."""

    document: str
    rule: str
    target: str
    phrase: str
    kind: str = "rule"
    reason: str = "missing"
    expected: Optional[str] = None
    editions: list[str] = field(default_factory=list)
    type: str = "ref.missing"
    resolved_to: Optional[str] = None
    source: Optional[str] = None
    line: Optional[int] = None
    col: Optional[int] = None

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class ReferenceReport:
    """Counts of references checked and resolved, and the dangling ones."""

    checked: int = 0
    resolved: int = 0
    dangling: list[Dangling] = field(default_factory=list)
    stored: int = 0

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


def _title_key(title: str) -> str:
    return fold(typo_key(title)).strip().rstrip(".,").strip()


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
        self.source = source
        self._by_title: Optional[dict[str, list[str]]] = None

    def has(self, number: str) -> bool:
        return number in self.titles or number in self.sections

    def titled(self, title: str) -> list[str]:
        """The numbers whose title is ``title`` (folded; a final s ignored)."""
        if self._by_title is None:
            self._by_title = {}
            for number, t in self.titles.items():
                if t:
                    self._by_title.setdefault(_title_key(t).rstrip("s"), []).append(number)
        return self._by_title.get(_title_key(title).rstrip("s"), [])


class _DocumentNodes(_Edition):
    """The rules quoted in one French document."""

    def __init__(self, numbers: set[str], source: str):  # noqa: D107 -- no database read
        self.titles = {n: None for n in numbers}
        self.sections = set()
        self.terms = set()
        self.date = None
        self.source = source
        self._by_title = {}


@dataclass
class _Context:
    """One edition or document being resolved: where its references may
    land (``chain``, in order), how its titles are read, what it found."""

    document: str
    lang: str
    chain: list
    check_titles: bool
    french: bool = False
    found: dict = field(default_factory=dict)


def _resolve(ctx: _Context, number: str, title: Optional[str], alone: bool) -> tuple:
    """(target number, _Edition reached or None, status, actual title of the cited number)."""
    hit = next((ed for ed in ctx.chain if ed.has(number)), None)
    if hit is None:
        return number, None, "missing", None
    if not (title and alone and ctx.check_titles and hit.date):
        return number, hit, "resolved", None
    wanted = english_title(title) if ctx.french else title
    actual = hit.titles.get(number)
    if wanted is None or _title_matches(wanted, actual):
        return number, hit, "resolved", None
    carriers = {(ed.source, n): ed for ed in ctx.chain if ed.date for n in ed.titled(wanted)}
    numbers = {n for _, n in carriers}
    if len(numbers) == 1:
        (src, n), ed = next(iter(carriers.items()))
        return n, ed, "title_mismatch", actual
    return number, hit, ("ambiguous" if numbers else "title_mismatch"), actual


def _check_text(report: ReferenceReport, ctx: _Context, rows: RefRows, text: str, where: Where,
                label: str) -> None:
    """Resolve the references of one text (located by ``where``; ``label``
    names the citing rule in the Dangling report)."""
    for span in _spans(text, ctx.lang):
        phrase = text[span.start:span.end]
        alone = len(span.numbers) == 1
        results = [(n, *_resolve(ctx, n, span.title, alone)) for n in span.numbers]
        ranged = not alone and re.search(r"\w[ \u00a0]?[-–—?][ \u00a0]?\w", phrase) \
            and any(r[3] != "missing" for r in results)
        for cited, target, ed, status, actual in results:
            report.checked += 1
            kind = "section" if cited.isdigit() and len(cited) == 1 else "rule"
            if status == "missing" and ranged:
                status = "range"
            rows.add(where, span, phrase, cited, target if ed else None, kind, ed, status)
            if ed is None:
                key = (label, cited, "missing", text)
                ctx.found.setdefault(key, Dangling(ctx.document, label, cited, phrase, kind,
                                                   type="ref.range" if status == "range" else "ref.missing",
                                                   source=where.source, line=where.line, col=span.start + 1))
                continue
            report.resolved += 1
            if status in ("title_mismatch", "ambiguous"):
                key = (label, cited, "title", text)
                ctx.found.setdefault(key, Dangling(
                    ctx.document, label, cited, f"{phrase}, “{span.title}”", kind, "title", actual,
                    type=f"ref.{status}", resolved_to=target if target != cited else None,
                    source=where.source, line=where.line, col=span.start + 1))


def _check_glossary(report: ReferenceReport, ctx: _Context, rows: RefRows, ed: _Edition, term: str,
                    definition: str, where: Where) -> None:
    for g in _glossary_refs(definition, ctx.lang):
        report.checked += 1
        ok = _glossary_has(ed.terms, g.term)
        rows.add_term(where, g, definition[g.start:g.end], ed if ok else None)
        if ok:
            report.resolved += 1
        else:
            ctx.found.setdefault((f"glossary:{term}", g.term, "missing", definition), Dangling(
                ctx.document, f"glossary:{term}", g.term, f"See {'also ' if g.also else ''}{g.term}.",
                "glossary", source=where.source, line=where.line, col=g.start + 1))


def check_references(conn: sqlite3.Connection, editions: Optional[Iterable[str]] = None,
                     documents: bool = True, store: bool = False, replace: bool = True) -> ReferenceReport:
    """Resolve every reference of the stored CR editions (all, or those whose
    dates are in ``editions``) and, with ``documents``, of the French
    documents.  Returns a ReferenceReport; a missing reference repeated by
    the same text in consecutive editions is one Dangling entry listing
    those editions.  With ``store`` (the build), every reference goes to
    the ``references`` table and every Dangling to ``reference_warnings``,
    both emptied first unless ``replace`` is False."""
    report = ReferenceReport()
    rows = RefRows(conn, store, replace)
    wanted = set(editions) if editions is not None else None
    eds = conn.execute("SELECT date, source, lang FROM editions WHERE date IS NOT NULL ORDER BY date").fetchall()
    loaded: dict[str, _Edition] = {}
    grouped: dict[tuple, Dangling] = {}
    for date, source, lang in eds:
        if wanted is not None and date not in wanted:
            continue
        ed = loaded[source] = _Edition(conn, date, source)
        ctx = _Context(date, lang or "en", [ed], lang == "en")
        _check_edition(conn, report, ctx, rows, ed)
        rows.flush()
        for key, d in ctx.found.items():
            g = grouped.get(key)
            if g is None:
                d.editions = [date]
                grouped[key] = d
            else:
                g.editions.append(date)
    report.dangling.extend(grouped.values())
    if documents:
        _check_documents(conn, report, eds, loaded, rows)
    report.dangling.sort(key=lambda d: (d.document, d.rule, d.target))
    if store:
        rows.finish(report.dangling)
    report.stored = rows.count
    return report


def store_edition_references(conn: sqlite3.Connection) -> ReferenceReport:
    """The build's first phase: every CR edition's references, resolved in
    the edition itself and stored (the French alignment reads them,
    :mod:`kb.rules.evidence`)."""
    return check_references(conn, documents=False, store=True)


def store_document_references(conn: sqlite3.Connection) -> ReferenceReport:
    """The build's second phase, after the French alignment: every
    document's references, resolved in the editions it chose, stored next
    to the editions' ones."""
    return check_references(conn, editions=(), store=True, replace=False)


def _check_edition(conn, report: ReferenceReport, ctx: _Context, rows: RefRows, ed: _Edition) -> None:
    for number, text, examples, line in conn.execute(
            "SELECT number, text, examples, line FROM rules WHERE source=? ORDER BY position", (ed.source,)):
        _check_text(report, ctx, rows, text or "", Where(ed.source, "rule", number, line=line), number)
        for i, t in enumerate(json.loads(examples or "[]")):
            _check_text(report, ctx, rows, t, Where(ed.source, "example", number, i, line), number)
    for term, definition, line in conn.execute(
            "SELECT term, definition, line FROM glossary WHERE source=?", (ed.source,)):
        where = Where(ed.source, "glossary", term, line=line)
        _check_text(report, ctx, rows, definition or "", where, f"glossary:{term}")
        _check_glossary(report, ctx, rows, ed, term, definition or "", where)


def _document_chain(conn, doc_id: str, date: Optional[str], english: list, loaded: dict) -> list:
    """The editions a French document's references resolve in: those its
    alignment chose -- first the one nearest its date (the document's own
    date, ``documents.edition``, from its words: kb.model.Document.edition):
    the first in force from that date, else the last before it), then the
    others, latest first --, else the one in force at its date, else the
    latest."""
    if not english:
        return []
    chosen = set(document_editions(conn, doc_id))
    aligned = [e for e in english if e[0] in chosen][::-1]
    if aligned and date:
        after = [e for e in aligned if e[0] >= date]
        first = after[-1] if after else aligned[0]
        aligned = [first] + [e for e in aligned if e != first]
    if not aligned:
        before = [e for e in english if date and e[0] <= date]
        aligned = [before[-1] if before else english[-1]]
    return [loaded.get(s) or _Edition(conn, d, s) for d, s in aligned]


def _check_documents(conn, report: ReferenceReport, eds: list, loaded: dict, rows: RefRows) -> None:
    english = [(d, s) for d, s, lang in eds if lang == "en"]
    for doc_id, lang, date in conn.execute("SELECT id, lang, edition FROM documents ORDER BY id"):
        rules = conn.execute("SELECT number, text, examples, line FROM rules WHERE source=? ORDER BY position",
                             (doc_id,)).fetchall()
        chain = [_DocumentNodes({r[0] for r in rules}, doc_id),
                 *_document_chain(conn, doc_id, date, english, loaded)]
        ctx = _Context(doc_id, lang or "fr", chain, True, french=(lang or "fr") == "fr")
        for number, text, examples, line in rules:
            _check_text(report, ctx, rows, text or "", Where(doc_id, "rule", number, line=line), number)
            for i, t in enumerate(json.loads(examples or "[]")):
                _check_text(report, ctx, rows, t, Where(doc_id, "example", number, i, line), number)
        for text, line in conn.execute("SELECT text, line FROM notes WHERE source=?", (doc_id,)):
            _check_text(report, ctx, rows, text or "", Where(doc_id, "note", None, line=line), "note")
        _check_document_texts(conn, report, ctx, rows, doc_id)
        rows.flush()
        if english:  # without any English edition, the rules cited elsewhere cannot be looked up
            report.dangling.extend(ctx.found.values())


def _check_document_texts(conn, report: ReferenceReport, ctx: _Context, rows: RefRows, doc_id: str) -> None:
    """Section titles and texts, card records: linked on the site, not counted."""
    quiet = ReferenceReport()
    saved, ctx.found = ctx.found, {}
    for title, text, line in conn.execute("SELECT title, text, line FROM sections WHERE source=?", (doc_id,)):
        _check_text(quiet, ctx, rows, title or "", Where(doc_id, "section_title", None, line=line), "section")
        _check_text(quiet, ctx, rows, text or "", Where(doc_id, "section", None, line=line), "section")
    for text, line in conn.execute("SELECT text, line FROM card_records WHERE source=?", (doc_id,)):
        _check_text(quiet, ctx, rows, text or "", Where(doc_id, "card_record", None, line=line), "card")
    ctx.found = saved
