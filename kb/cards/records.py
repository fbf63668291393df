"""The check of a FAQ's card records against the card database (:func:`resolve_records`).

Each :class:`kb.model.CardRecord` of a FAQ is resolved to its card
(:func:`kb.cards.names.resolve_name`, exact names only) and its cost, type
line, P/T and text compared with the card data: the oracle cost and P/T,
the French type line and text printed in the FAQ's set (SHM for the
Sombrelande FAQ).  Notes that announce an erratum are attached to the
record's report.
"""
from __future__ import annotations

import difflib
import re
import sqlite3
import unicodedata
from dataclasses import dataclass
from typing import Optional

from kb.cards.db import Card, FrenchTranslation, get_card
from kb.cards.names import AmbiguousName, resolve_name
from kb.model import CardRecord, Document
from parser.cardface import CardFaceError, parse_type_line
from parser.mana import ManaCostError, parse_mana_cost

_SPACES = re.compile(r"[ \t\u00a0\u202f]+")
_ERRATUM = re.compile(r"\s*Erratum", re.I)


@dataclass
class RecordMatch:
    """A card record and the English card it names (None, with ``problem``, when unknown or ambiguous)."""

    record: CardRecord
    card: Optional[str]
    problem: Optional[str] = None


def normalise_text(s: Optional[str]) -> str:
    """Card text with apostrophes, no-break spaces and runs of spaces made
    uniform (NFC), so that only the wording is compared."""
    s = (s or "").replace("’", "'").replace("‘", "'").replace("\u00a0", " ").replace("\u202f", " ")
    s = unicodedata.normalize("NFC", s)
    return "\n".join(_SPACES.sub(" ", line).strip() for line in s.strip().splitlines())


def changed_word_runs(record: str, data: str) -> list[dict]:
    """The runs of words that differ between the record's text and the
    card data's, aligned pairwise: ``{"op": replace | delete | insert,
    "record": words, "data": words, "after": the three record words before}``.
    Line breaks count as words and show as ``/``.

    Unlike :func:`kb.rules.wordiff.word_diff` (a rendering of one rule text
    turned into another), each run keeps both sides and its context, which
    is what a reader checking a FAQ against the printed card needs."""
    wa, wb = re.findall(r"\S+|\n", record), re.findall(r"\S+|\n", data)
    out = []
    matcher = difflib.SequenceMatcher(a=wa, b=wb, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        out.append({"op": op, "record": " ".join(wa[i1:i2]).replace("\n", "/"),
                    "data": " ".join(wb[j1:j2]).replace("\n", "/"),
                    "after": " ".join(wa[max(0, i1 - 3):i1]).replace("\n", "/")})
    return out


def infer_set(conn: sqlite3.Connection, english: list[str]) -> Optional[str]:
    """The set most of these cards have a French printing in (the oldest
    among equals): the set a FAQ is about."""
    counts: dict[str, int] = {}
    for name in english:
        for (code,) in conn.execute("SELECT DISTINCT set_code FROM mtg_french WHERE card = ?", (name,)):
            counts[code] = counts.get(code, 0) + 1
    if not counts:
        return None
    top = max(counts.values())
    best = [c for c, k in counts.items() if k == top]
    dates = {c: d for c, d in conn.execute("SELECT code, release_date FROM mtg_sets")}
    return min(best, key=lambda c: dates.get(c) or "9999")


def _match_records(conn: sqlite3.Connection, document: Document) -> list[RecordMatch]:
    out = []
    for rec in document.cards:
        try:
            out.append(RecordMatch(rec, resolve_name(conn, rec.name, prefix=False)))
        except AmbiguousName as exc:
            out.append(RecordMatch(rec, None, f"ambiguous: {exc}"))
    return out


def _notes_by_card(document: Document) -> dict[str, list[str]]:
    """Note texts per record name, the document's and the records' own, once each."""
    out: dict[str, list[str]] = {}
    for note in list(document.notes) + [n for c in document.cards for n in c.notes]:
        if note.card:
            texts = out.setdefault(note.card, [])
            if note.text not in texts:
                texts.append(note.text)
    return out


def _mana_cost_difference(rec: CardRecord, data_cost: Optional[str]) -> Optional[dict]:
    try:
        record_cost = str(parse_mana_cost(rec.mana_cost)) if rec.mana_cost else None
    except ManaCostError as exc:
        record_cost = f"unparsable: {exc}"
    if record_cost != (str(parse_mana_cost(data_cost)) if data_cost else None):
        return {"field": "mana_cost", "record": rec.mana_cost, "data": data_cost}
    return None


def _type_line_difference(rec: CardRecord, fr: FrenchTranslation) -> Optional[dict]:
    if normalise_text(rec.type_line) == normalise_text(fr.type_line):
        return None
    d = {"field": "type_line", "record": rec.type_line, "data": fr.type_line}
    try:
        a, b = parse_type_line(rec.type_line, "fr"), parse_type_line(fr.type_line, "fr")
        d["same_parse"] = (a.types_en, a.supertypes_en, a.subtypes) == (b.types_en, b.supertypes_en, b.subtypes)
    except CardFaceError as exc:
        d["parse_error"] = str(exc)
    return d


def _differences(rec: CardRecord, card: Card, fr: Optional[FrenchTranslation]) -> list[dict]:
    """Name, mana cost, type line, P/T and text of the record against the card data."""
    face = card.faces[0]
    diffs: list[dict] = []
    if fr is not None and rec.name != fr.name:
        diffs.append({"field": "name", "record": rec.name, "data": fr.name})
    cost = _mana_cost_difference(rec, face.mana_cost)
    if cost:
        diffs.append(cost)
    if fr is not None and fr.type_line:
        type_line = _type_line_difference(rec, fr)
        if type_line:
            diffs.append(type_line)
    for fld, rv, dv in (("power", rec.power, face.power), ("toughness", rec.toughness, face.toughness)):
        if (rv or None) != (dv or None):
            diffs.append({"field": fld, "record": rv, "data": dv})
    if fr is not None and fr.text is not None:
        a, b = normalise_text(rec.text), normalise_text(fr.text)
        if a != b:
            diffs.append({"field": "text", "record": rec.text, "data": fr.text, "changes": changed_word_runs(a, b)})
    return diffs


def _check_record(conn: sqlite3.Connection, match: RecordMatch, set_code: Optional[str],
                  notes: dict[str, list[str]]) -> dict:
    rec = match.record
    entry = {"name": rec.name, "line": rec.line, "card": match.card, "french_name": None,
             "status": "unresolved", "differences": [],
             "errata": [t for t in notes.get(rec.name, []) if _ERRATUM.match(t)]}
    if match.card is None:
        entry["problem"] = match.problem or "no card with that French or English name"
        return entry
    card = get_card(conn, match.card)
    fr = card.french_for_set(set_code) if set_code else None
    if fr is None and card.french:
        fr = card.french[0]
        entry["french_set_fallback"] = [s["set_code"] for s in fr.sets]
    if fr is not None:
        entry["french_name"] = fr.name
    entry["differences"] = _differences(rec, card, fr)
    entry["status"] = "differs" if entry["differences"] else "same"
    return entry


def resolve_records(conn: sqlite3.Connection, document: Document, set_code: Optional[str] = None) -> dict:
    """Resolve each card record of ``document`` and compare it with the data.

    ``document``: a :class:`kb.model.Document` (``cards`` = CardRecord
    list, ``notes``).  ``set_code``: the set whose French printing is the
    reference; by default the set most records were printed in (SHM for
    the Sombrelande FAQ).  Comparisons: ``name`` (record vs the French name
    printed in that set, exact spelling), ``mana_cost`` (vs oracle cost,
    parsed with parser.mana), ``type_line`` (vs the French type line of
    that set, parsed with parser.cardface; raw text too), ``power`` /
    ``toughness`` (vs oracle), ``text`` (vs the French text of that set,
    spaces and apostrophes normalised; word-level differences listed).

    Returns ``{"document", "set_code", "records": [{"name", "line", "card"
    (English or None), "french_name", "status" ("same" | "differs" |
    "unresolved"), "differences": [{"field", "record", "data",
    "changes"?}], "errata": [note texts]}], "summary": {"records",
    "resolved", "unresolved", "with_differences", "errata"}}``.
    """
    matches = _match_records(conn, document)
    if set_code is None:
        set_code = infer_set(conn, [m.card for m in matches if m.card])
    notes = _notes_by_card(document)
    recs = [_check_record(conn, m, set_code, notes) for m in matches]
    return {"document": document.id, "set_code": set_code, "records": recs,
            "summary": {"records": len(recs),
                        "resolved": sum(1 for r in recs if r["card"]),
                        "unresolved": sum(1 for r in recs if not r["card"]),
                        "with_differences": sum(1 for r in recs if r["status"] == "differs"),
                        "errata": sum(1 for r in recs if r["errata"])}}
