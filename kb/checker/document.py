"""``kb check --document``: every note and quoted rule of a stored document read as claims.

Each note (and each rule the document quotes) is cut into sentences; each
sentence is checked as a claim (:func:`kb.checker.claims.check_claim`) under
the edition asked.  A unit is false when one of its sentences is false, true
when all are true, unknown otherwise.  Under the document's own edition (the
Sombrelande FAQ: 2008-05-01) its notes are the authority, so a note read as
false there is a misreading of the checker; under today's rules the false
ones are what a writer of the document must update, each with the rules its
verdict cites.
"""
from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, field
from typing import Optional

from kb.checker.claims import Cards, check_claim
from kb.checker.evidence import Evidence
from kb.checker.verdict import Verdict
from kb.progress import Progress, no_progress
from kb.store import db as store

#: A sentence ends at . ! ? followed by a space and a capital letter or a quote (« 2.5 », « etc. » stay).
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[«\"A-ZÀ-ÖØ-Þ])")


def sentences(text: str) -> list[str]:
    """The sentences of a note or rule text."""
    return [s.strip() for s in _SENTENCE_END.split(" ".join((text or "").split())) if s.strip()]


@dataclass
class UnitVerdict:
    """The verdict on one note or quoted rule: ``kind`` (``note``/``rule``), its ``id`` (note
    number, rule number), its ``text``, the ``answer`` and each sentence's verdict."""

    kind: str
    id: str
    text: str
    answer: str
    card: Optional[str] = None
    sentences: list[Verdict] = field(default_factory=list)

    @property
    def rules(self) -> list[str]:
        return list(dict.fromkeys(r for v in self.sentences if v.answer == self.answer for r in v.rules))

    def to_dict(self) -> dict:
        return {"kind": self.kind, "id": self.id, "card": self.card, "text": self.text, "answer": self.answer,
                "rules": self.rules, "sentences": [v.to_dict() for v in self.sentences]}


@dataclass
class DocumentReport:
    """Every unit of a document checked under one edition."""

    document: str
    title: str
    edition: str
    document_edition: Optional[str]
    units: list[UnitVerdict] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        out = {"true": 0, "false": 0, "unknown": 0}
        for u in self.units:
            out[u.answer] += 1
        return out

    def to_dict(self) -> dict:
        sentences = [v for u in self.units for v in u.sentences]
        return {"document": self.document, "title": self.title, "edition": self.edition,
                "document_edition": self.document_edition, "counts": self.counts(),
                "sentence_counts": {a: sum(v.answer == a for v in sentences) for a in ("true", "false", "unknown")},
                "units": [u.to_dict() for u in self.units]}


#: Words of a note that name the card the note is about (« cette carte », « la carte ci-dessus »,
#: « le sort ci-dessus »): the note's card is their referent.
_THIS_CARD = re.compile(r"\b(?:(?:cette|la|le|l')\s*(?:carte|cartes?|sort|créature|enchantement|artefact|terrain)"
                        r"\s+ci-dessus|cette carte|this card)\b", re.I)


def with_referent(sentence: str, card: Optional[str]) -> str:
    """``sentence`` with the words naming the note's card (« cette carte », « la créature ci-dessus »)
    replaced by ``card``'s name, so that the claim is about that card; unchanged without a card."""
    if not card:
        return sentence
    return _THIS_CARD.sub(lambda m: card, sentence)


def _unit(kind: str, uid: str, text: str, card: Optional[str], edition, cards: Cards, evidence: Evidence,
          doc_id: str) -> UnitVerdict:
    verdicts = []
    for s in sentences(text):
        v = check_claim(with_referent(s, card), edition=edition, cards=cards, evidence=evidence, not_from=doc_id)
        v.claim = s
        verdicts.append(v)
    answers = {v.answer for v in verdicts}
    answer = "false" if "false" in answers else ("true" if answers == {"true"} else "unknown")
    return UnitVerdict(kind, uid, text, answer, card, verdicts)


def check_document(conn: sqlite3.Connection, doc_id: str, *, edition: Optional[str] = None, cards: Cards = None,
                   evidence: Evidence = None, progress: Progress = no_progress) -> DocumentReport:
    """Check every note and quoted rule of document ``doc_id`` (see the module docstring).
    Raises LookupError naming the stored documents when ``doc_id`` is not one of them."""
    row = store.document(conn, doc_id)
    if row is None:
        known = ", ".join(r["id"] for r in store.documents(conn))
        raise LookupError(f"no stored document {doc_id!r}; the knowledge base holds: {known}")
    cards = conn if cards is None else cards
    report = DocumentReport(doc_id, row["title"] or doc_id, edition or "latest", row["edition"])
    notes = store.notes_of(conn, doc_id)
    rules = conn.execute("SELECT number, text FROM rules WHERE source = ? AND text != '' ORDER BY position",
                         (doc_id,)).fetchall()
    step = progress("checking notes and rules", len(notes) + len(rules))
    for note in notes:
        report.units.append(_unit("note", str(note["nid"]), note["text"], note["card"], edition, cards, evidence, doc_id))
        step(1)
    for rule in rules:
        report.units.append(_unit("rule", rule["number"], rule["text"], None, edition, cards, evidence, doc_id))
        step(1)
    return report
