"""Card facts for the checker, read from the knowledge base.

A lookup is any callable ``name -> CardFacts | None`` (French or English
name, matched folded by :mod:`kb.cards.names`: case, accents, ligatures,
apostrophes, a leading article).  :class:`KBCards` is the lookup over a
knowledge base: the card records of its documents (table
``card_records``), then the card database (``mtg_*``) when it was ingested,
whose characteristics -- of the card, or of the face or half the name
designates -- are computed by :mod:`kb.cards.faces` by the rules of each
layout.  Anything with attributes or keys ``name``, ``mana_cost``,
``type_line`` (``power``, ``toughness``, ``text``, ``color_indicator``
optional) is accepted as a card and wrapped by :func:`as_facts`.
"""
from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, field
from typing import Callable, Optional

from kb.cards import faces as cardfaces
from kb.cards import names
from kb.checker.vocabulary import keyword_in_text
from parser.cardface import CardFaceError, parse_type_line
from parser.textkeys import fold_name

Lookup = Callable[[str], Optional["CardFacts"]]


class AmbiguousCard(LookupError):
    """A name that fits several cards of the card database."""


@dataclass
class CardFacts:
    """What the checker needs of a card (or of the face of a card a name designates).

    ``mana_cost`` as printed (None: no mana cost); ``types`` lowercase
    English card types; ``power``/``toughness`` as printed strings;
    ``color_indicator`` letters (WUBRG) when the card has one;
    ``keywords`` lowercase English keywords the card has.
    """

    name: str
    mana_cost: Optional[str] = None
    type_line: str = ""
    power: Optional[str] = None
    toughness: Optional[str] = None
    text: str = ""
    color_indicator: Optional[tuple[str, ...]] = None
    english_name: Optional[str] = None
    #: What the card database says, when the card is in it: its colours and
    #: mana value by the rules (:mod:`kb.cards.faces`), layout and faces.
    db_colors: Optional[tuple[str, ...]] = None
    db_mana_value: Optional[float] = None
    layout: str = "normal"
    faces: tuple = ()
    types: set[str] = field(default_factory=set)
    subtypes: set[str] = field(default_factory=set)
    keywords: set[str] = field(default_factory=set)
    #: The characteristics of the card database's face (or whole card) these facts are
    #: (None for a card known only by a card record or a dict).
    characteristics: Optional[cardfaces.FaceCharacteristics] = None
    #: True when the facts are those printed by a card record of the documents.
    from_record: bool = False

    def __post_init__(self):
        if not self.types and self.type_line:
            self.types, self.subtypes = types_of(self.type_line)
        if not self.keywords and self.text:
            self.keywords = keywords_of(self.text)


def types_of(type_line: str) -> tuple[set[str], set[str]]:
    """Card types (lowercase English) and subtypes (folded) of a French or English
    type line, read by :func:`parser.cardface.parse_type_line` (each half of
    « A // B »): « Créature-artefact : épouvantail » -> ({artifact, creature},
    {epouvantail}).  A line neither grammar reads gives no types."""
    types: set[str] = set()
    subtypes: set[str] = set()
    for part in type_line.split(" // "):
        for lang in ("en", "fr"):
            try:
                tl = parse_type_line(part, lang)
            except CardFaceError:
                continue
            types |= {t.lower() for t in tl.types_en}
            subtypes |= {fold_name(s) for s in tl.subtypes}
            break
    return types, subtypes


def keywords_of(text: str) -> set[str]:
    """Keywords found at the start of rules-text lines of a card record
    (« Vol, célérité », « Persistance (Quand… ) »)."""
    found = set()
    for line in text.splitlines():
        line = re.sub(r"\(.*?\)", "", line)
        for part in line.split(","):
            kw = keyword_in_text(part)
            if kw:
                found.add(kw)
    return found


def as_facts(obj) -> Optional[CardFacts]:
    """Wrap a CardRecord, a dict or a CardFacts as CardFacts (None stays None)."""
    if obj is None or isinstance(obj, CardFacts):
        return obj
    get = obj.get if isinstance(obj, dict) else (lambda k, d=None: getattr(obj, k, d))
    indicator = get("color_indicator")
    return CardFacts(name=get("name"), mana_cost=get("mana_cost"), type_line=get("type_line") or "",
                     power=get("power"), toughness=get("toughness"), text=get("text") or "",
                     color_indicator=tuple(indicator) if indicator else None)


def face_facts(face: cardfaces.FaceCharacteristics, layout_faces=()) -> CardFacts:
    """CardFacts of one face (or a split card as a whole) of the card database."""
    facts = CardFacts(name=face.name, mana_cost=face.mana_cost, type_line=face.type_line, power=face.power,
                      toughness=face.toughness, text=face.text, english_name=face.name,
                      color_indicator=face.color_indicator or None,
                      types={t.lower() for t in face.types}, subtypes={fold_name(s) for s in face.subtypes},
                      keywords={k.lower() for k in face.keyword_names})
    _add_database(facts, face, layout_faces)
    return facts


def _add_database(facts: CardFacts, face: cardfaces.FaceCharacteristics, layout_faces=()) -> None:
    """Fill ``facts`` with what the card database gives of ``face``: its colours and
    mana value by the rules, its layout and faces; P/T and colour indicator
    when the card record printed none."""
    facts.characteristics = face
    facts.db_colors = face.colors
    facts.db_mana_value = face.mana_value
    facts.layout = face.layout
    facts.faces = tuple(face.halves or layout_faces)
    if facts.power is None and facts.toughness is None:
        facts.power, facts.toughness = face.power, face.toughness
    if not facts.color_indicator and face.color_indicator:
        facts.color_indicator = face.color_indicator


class KBCards:
    """The card lookup of a knowledge base (see the module docstring).

    A name is first a card record of the documents (its French name, or
    its English name: from the card database, else from the seed names of
    :func:`kb.cards.names.seed_pair`; the first record of that name); else
    a card (or face) of the card database, given as its French card record
    when the documents print one for the whole card.  Raises
    :class:`AmbiguousCard` when the card database has several cards of
    that name.
    """

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self._records: Optional[names.RecordNames] = None

    def record(self, name: str) -> Optional[CardFacts]:
        """The card record named ``name``, a leading article ignored, or None."""
        if self._records is None:
            self._records = names.RecordNames(self.conn)
        for folded in names.name_variants(name):
            english, french = names.seed_pair(folded) or (None, folded)
            rows = self._records.named(folded) or self._records.named(french)
            if rows:
                facts = as_facts(dict(rows[0]))
                facts.english_name = english
                facts.from_record = True
                return facts
        return None

    def characteristics(self, name: str) -> Optional[cardfaces.CardCharacteristics]:
        """The card database's characteristics of the card (or face) named ``name``."""
        for folded in names.name_variants(name):
            try:
                found = cardfaces.characteristics(self.conn, folded)
            except names.AmbiguousName as exc:
                raise AmbiguousCard(str(exc)) from None
            if found is not None:
                return found
        return None

    def database_card(self, name: str) -> Optional[CardFacts]:
        """The card (or face) of the card database named ``name`` (exact folded
        name, English or French), as its card record when one exists, or None."""
        found = self.characteristics(name)
        if found is None:
            return None
        if found.designated is found.whole:
            for french in found.french_names:
                facts = self.record(french)
                if facts is not None:
                    facts.english_name = found.english_name
                    _add_database(facts, found.whole, found.faces)
                    return facts
        return face_facts(found.designated, found.faces)

    def __call__(self, name: str) -> Optional[CardFacts]:
        found = self.record(name)
        if found is None:
            return self.database_card(name)
        english = names.record_card(self.conn, found.name)
        card = cardfaces.characteristics(self.conn, english) if english else None
        if card is not None:
            found.english_name = found.english_name or card.english_name
            _add_database(found, card.whole, card.faces)
        return found
