"""Card mentions across documents and the knowledge base.

* :func:`link_document`, :func:`annotate_document`: every card link of a
  parsed :class:`kb.model.Document` (``kb links``, ``--json`` output).
* :func:`index_card_mentions`: link every text of the knowledge base once,
  at build time, into table ``card_mentions``; :func:`index_document_links`
  stores :func:`link_document` of each French document (``kb links`` reads
  it with :func:`document_links`: nothing is parsed or linked again).
* :func:`mentions_of`, :func:`card_links`, :func:`rule_with_links`: read
  that table (``kb card``, ``kb rule``).

The linking itself is :func:`kb.cards.linker.link_text`; a record's or a
note's card (the context of short forms) is :func:`kb.cards.names.record_card`.
"""
from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Optional

from kb.cards.linker import link_text
from kb.cards.names import record_card
from kb.model import CardRecord, Document, Note, Rule, Section
from kb.progress import Progress, no_progress
from kb.store import db as store

#: Columns of ``card_mentions`` :func:`mentions_of` returns, in order.
MENTION_FIELDS = ("source", "kind", "number", "example", "line", "record", "surface", "start", "end", "lang")

#: Texts linked between two progress steps.
_PROGRESS_EVERY = 500


def _context(english: Optional[str]) -> list[str]:
    return [english] if english else []


def link_document(conn: sqlite3.Connection, doc: Document) -> dict:
    """Every card link of a :class:`kb.model.Document`, for ``kb links``.

    Returns ``{"document", "links": [{"where", <locator>, "surface",
    "name", "start", "end", "matched", "kind"}], "unresolved": [{"where",
    <locator>, "surface", "start", "end", "reason", "candidates"}]}``.
    ``where`` is ``rule`` (locator ``number``; offsets in the rule's
    ``text``), ``rule_title`` (in ``title``), ``example`` (``number``,
    ``example`` index; offsets in that example), ``card_record`` (``card``,
    ``line``; offsets in the record's ``text``), ``record`` (the record's
header: ``card``, ``line``; offsets in its name), ``note`` (``line``,
    ``card``) or ``section`` (``section``, ``line``).
    """
    lang = doc.lang or "fr"
    out = {"document": doc.id, "links": [], "unresolved": []}

    def add(where: str, ident: dict, text: str, context=()):
        res = link_text(text or "", lang, conn=conn, context=context)
        out["links"].extend({"where": where, **ident, **l.to_dict()} for l in res.links)
        out["unresolved"].extend({"where": where, **ident, **u.to_dict()} for u in res.unresolved)

    for r in doc.rules:
        if r.title:
            add("rule_title", {"number": r.number}, r.title)
        add("rule", {"number": r.number}, r.text or "")
        for k, ex in enumerate(r.examples):
            add("example", {"number": r.number, "example": k}, ex)
    for c in doc.cards:
        english = record_card(conn, c.name)
        header = {"where": "record", "card": c.name, "line": c.line, "surface": c.name, "start": 0, "end": len(c.name)}
        if english:
            out["links"].append({**header, "name": english, "matched": c.name, "kind": "record"})
        else:
            out["unresolved"].append({**header, "reason": "unknown", "candidates": []})
        add("card_record", {"card": c.name, "line": c.line}, c.text, context=_context(english))
    for note in doc.notes:
        add("note", {"line": note.line, "card": note.card}, note.text,
            context=_context(record_card(conn, note.card)))
    for s in doc.sections:
        if s.text:
            add("section", {"section": s.id, "line": s.line}, s.text)
    return out


def stored_document(conn: sqlite3.Connection, source: str) -> Document:
    """The texts of stored document ``source`` that :func:`link_document`
    reads (rules, card records, notes, sections), as a :class:`Document`
    rebuilt from the knowledge base, in document order."""
    row = store.document(conn, source)
    doc = Document(source, row["path"], row["lang"] or "fr")
    doc.rules = store.rules_of_source(conn, source)
    doc.cards = [CardRecord(r["name"], source, r["line"], text=r["text"] or "") for r in store.card_records(conn, source)]
    doc.notes = [Note(source, n["text"] or "", n["line"], card=n["card"]) for n in store.notes_of(conn, source)]
    doc.sections = [Section(s["id"], source, s["title"], s["line"], text=s["text"] or "")
                    for s in store.sections_of(conn, source)]
    return doc


def index_document_links(conn: sqlite3.Connection) -> int:
    """Store :func:`link_document` of every French document (table
    ``document_links``, what ``kb links`` prints), once, at build time;
    returns the number of documents."""
    conn.execute("DELETE FROM document_links")
    rows = [(d["id"], json.dumps(link_document(conn, stored_document(conn, d["id"])), ensure_ascii=False))
            for d in store.documents(conn)]
    with conn:
        conn.executemany("INSERT INTO document_links VALUES (?,?)", rows)
    return len(rows)


def document_links(conn: sqlite3.Connection, source: str) -> Optional[dict]:
    """What :func:`index_document_links` stored for ``source`` (None: no card data was linked)."""
    row = conn.execute("SELECT links FROM document_links WHERE source=?", (source,)).fetchone()
    return json.loads(row[0]) if row else None


def annotate_document(conn: sqlite3.Connection, doc: Document) -> dict:
    """``doc.to_dict()`` with card links added, for ``--json`` output.

    Every rule gets ``card_links`` (over ``text``), ``title_links`` (over
    ``title``) and ``example_links`` (one list per example, offsets within
    that example); every note and every card record (and the notes nested
    in it) gets ``card_links`` over its ``text``.  A link is ``{"surface",
    "name" (English), "start", "end", "matched", "kind"}``.  The top level
    gets ``unresolved_names``: ``[{"where", "line", "surface", "start",
    "end", "reason", "candidates"}]``.
    """
    lang = doc.lang or "fr"
    d = doc.to_dict()
    unresolved: list[dict] = []

    def links(text: Optional[str], where: str, line: int, context=()) -> list[dict]:
        res = link_text(text or "", lang, conn=conn, context=context)
        unresolved.extend({"where": where, "line": line, **u.to_dict()} for u in res.unresolved)
        return [l.to_dict() for l in res.links]

    for rd in d.get("rules", []):
        rd["card_links"] = links(rd.get("text"), "rule " + rd["number"], rd.get("line", 0))
        rd["title_links"] = links(rd.get("title"), "rule " + rd["number"], rd.get("line", 0))
        rd["example_links"] = [links(ex, "example " + rd["number"], rd.get("line", 0))
                               for ex in rd.get("examples", [])]
    for nd in d.get("notes", []):
        nd["card_links"] = links(nd.get("text"), "note", nd.get("line", 0), _context(record_card(conn, nd.get("card"))))
    for cd in d.get("cards", []):
        english = record_card(conn, cd.get("name"))
        cd["card"] = english
        cd["card_links"] = links(cd.get("text"), "card record " + cd["name"], cd.get("line", 0), _context(english))
        for nd in cd.get("notes", []):  # the same notes as doc.notes, nested under their record
            nd["card_links"] = links(nd.get("text"), "note", nd.get("line", 0), _context(english))
    seen: set = set()
    d["unresolved_names"] = []
    for u in unresolved:
        k = (u["where"], u["line"], u["start"], u["surface"])
        if k not in seen:
            seen.add(k)
            d["unresolved_names"].append(u)
    return d


# --------------------------------------------------------------------------
# The card_mentions table

@dataclass
class MentionText:
    """One text of the knowledge base to link: where it is (the locator
    columns of ``card_mentions``), its language and the card it is about."""

    kind: str
    source: str
    number: Optional[str]
    example: Optional[int]
    line: Optional[int]
    record: Optional[str]
    text: str
    lang: str
    context: tuple[str, ...] = ()


def _rule_texts(conn: sqlite3.Connection, skip: set[str]) -> list[MentionText]:
    out = []
    for number, lang, source, title, text, examples, line in conn.execute(
            "SELECT number, lang, source, title, text, examples, line FROM rules"):
        if source in skip:
            continue
        lang = lang or "en"
        out.append(MentionText("rule", source, number, None, line, None, text, lang))
        if title:
            out.append(MentionText("rule_title", source, number, None, line, None, title, lang))
        for k, ex in enumerate(json.loads(examples or "[]")):
            out.append(MentionText("example", source, number, k, line, None, ex, lang))
    return out


def _record_texts(conn: sqlite3.Connection) -> list[MentionText]:
    """FAQ card records and notes, each with the card its record names."""
    doc_lang = {i: (l or "fr") for i, l in conn.execute("SELECT id, lang FROM documents")}
    cards: dict[str, Optional[str]] = {}

    def context(name: Optional[str]) -> tuple[str, ...]:
        if not name:
            return ()
        if name not in cards:
            cards[name] = record_card(conn, name)
        return (cards[name],) if cards[name] else ()

    out = []
    for source, name, text, line in conn.execute("SELECT source, name, text, line FROM card_records"):
        out.append(MentionText("card_record", source, None, None, line, name, text, doc_lang.get(source, "fr"),
                               context(name)))
    for source, card, text, line in conn.execute("SELECT source, card, text, line FROM notes"):
        out.append(MentionText("note", source, None, None, line, card, text, doc_lang.get(source, "fr"),
                               context(card)))
    return out


def index_card_mentions(conn: sqlite3.Connection, all_editions: bool = False,
                        progress: Progress = no_progress) -> int:
    """Link every text of the knowledge base once and store the links in
    table ``card_mentions`` (replacing its rows); returns the row count.

    Reads kb.store.db's tables: ``rules`` (text, title, examples) of every FAQ
    / rules-excerpt document and, for Comprehensive Rules editions, only the
    latest edition of each language unless ``all_editions`` (102 English
    editions take minutes); ``notes`` and ``card_records`` (with the
    record's card as context for short forms).  ``progress`` (:data:`kb.progress.Progress`)
    is called per 500 items.  Needs the ``mtg_*`` card tables filled.
    """
    conn.execute("DELETE FROM card_mentions")
    skip = set() if all_editions else store.superseded_editions(conn)
    items = _rule_texts(conn, skip) + _record_texts(conn)
    rows = []
    step = progress("Linking card names", len(items))
    for i, t in enumerate(items):
        for l in link_text(t.text or "", t.lang, conn=conn, context=t.context, suggest=False).links:
            rows.append((l.name, t.source, t.kind, t.number, t.example, t.line, t.record, l.surface,
                         l.start, l.end, t.lang))
        if i % _PROGRESS_EVERY == _PROGRESS_EVERY - 1 or i == len(items) - 1:
            step(i % _PROGRESS_EVERY + 1)
    with conn:
        conn.executemany("INSERT INTO card_mentions VALUES (?,?,?,?,?,?,?,?,?,?,?)", rows)
    return len(rows)


def mentions_of(conn: sqlite3.Connection, name: str) -> list[dict]:
    """Where the card (English name) is mentioned: rows of ``card_mentions``
    as dicts with the keys :data:`MENTION_FIELDS`."""
    rows = conn.execute('SELECT source, kind, number, example, line, record, surface, start, "end", lang '
                        "FROM card_mentions WHERE card = ? ORDER BY source, line, start", (name,)).fetchall()
    return [dict(zip(MENTION_FIELDS, r)) for r in rows]


def card_links(conn: sqlite3.Connection, source: str, kind: str, *, number: Optional[str] = None,
               line: Optional[int] = None, example: Optional[int] = None) -> list[dict]:
    """Card names found in one text of the knowledge base (table
    ``card_mentions``, filled at build time by :func:`index_card_mentions`).

    ``kind`` is ``rule``, ``rule_title``, ``example``, ``note`` or
    ``card_record``; rules are located by ``number`` (and ``example``
    index), notes and records by ``line``.  Each link: ``{"surface": as
    written, "name": English card name, "start", "end"}`` (character offsets
    in that text).  Empty when no card data was ingested."""
    sql = 'SELECT surface, card, start, "end" FROM card_mentions WHERE source=? AND kind=?'
    args: list = [source, kind]
    for col, val in (("number", number), ("line", line), ("example", example)):
        if val is not None:
            sql += f" AND {col}=?"
            args.append(val)
    return [{"surface": s, "name": c, "start": a, "end": b}
            for s, c, a, b in conn.execute(sql + " ORDER BY start", args)]


def rule_with_links(conn: sqlite3.Connection, rule: Rule) -> dict:
    """``rule.to_dict()`` plus ``card_links`` (over the text), ``title_links``
    and ``example_links`` (one list per example)."""
    d = rule.to_dict()
    d["card_links"] = card_links(conn, rule.source, "rule", number=rule.number)
    d["title_links"] = card_links(conn, rule.source, "rule_title", number=rule.number) if rule.title else []
    d["example_links"] = [card_links(conn, rule.source, "example", number=rule.number, example=i)
                          for i in range(len(rule.examples))]
    return d
