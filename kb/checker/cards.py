"""Card facts for the checker, read from the knowledge base.

A lookup is any callable ``name -> CardFacts | None`` (French or English
name, matched folded: case, accents, ligatures, apostrophes, a leading
article).  :class:`KBCards` is the lookup over a knowledge base: the card
records of its documents (table ``card_records``), then the MTGJSON card
database (``mtg_cards``, ``mtg_faces``, French names in ``mtg_french``)
when it was ingested.  Anything with attributes or keys ``name``,
``mana_cost``, ``type_line`` (``power``, ``toughness``, ``text``,
``color_indicator`` optional) is accepted as a card and wrapped by
:func:`as_facts`.
"""
from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, field
from typing import Callable, Optional

from kb.cards import db as carddb
from kb.cards import names
from kb.checker.vocabulary import NAME_ARTICLE, card_type, keyword_in_text
from parser.textkeys import fold_name

#: English names of the seed FAQ's cards (Shadowmoor, 2008), English -> French.
#: The seed documents print only the French names; a knowledge base with
#: MTGJSON data knows every pair (``mtg_french``), one built from the seeds
#: alone knows these.
ENGLISH_NAMES = {
    "Beseech the Queen": "Implorer la reine",
    "Wasp Lancer": "Lancier guêpe",
    "Murderous Redcap": "Bonnet-rouge meurtrier",
    "Kulrath Knight": "Chevalier de Kulrajh",
    "Godhead of Awe": "Divinité de respect",
    "Inkfathom Witch": "Envoûteur d'Encrebrasse",
    "Cerulean Wisps": "Feux céruléens",
    "Cauldron of Souls": "Chaudron des âmes",
    "Leech Bonder": "Attacheur de sangsues",
    "Puncture Bolt": "Éclair perforant",
    "Devoted Druid": "Druidesse dévouée",
    "Burn Trail": "Trace de brûlure",
    "Torrent of Souls": "Torrent d'âmes",
    "Reflecting Pool": "Bassin réfléchissant",
    "Prismatic Omen": "Augure prismatique",
    "Wilt-Leaf Liege": "Noble féale de Feuilleterne",
    "Shield of the Oversoul": "Bouclier de la Gouve",
    "Swans of Bryn Argoll": "Cygnes de Bryn Argoll",
    "Deus of Calamity": "Deus de la Calamité",
    "Demigod of Revenge": "Demi-dieu de la revanche",
}

Lookup = Callable[[str], Optional["CardFacts"]]


class AmbiguousCard(LookupError):
    """A name that fits several cards of the card database."""


@dataclass
class CardFacts:
    """What the checker needs of a card.

    ``mana_cost`` as printed (None: no mana cost); ``types`` lowercase
    English card types; ``power``/``toughness`` as printed strings;
    ``color_indicator`` letters (WUBRG) when the card has one;
    ``keywords`` lowercase English keywords read from the rules text.
    """

    name: str
    mana_cost: Optional[str] = None
    type_line: str = ""
    power: Optional[str] = None
    toughness: Optional[str] = None
    text: str = ""
    color_indicator: Optional[tuple[str, ...]] = None
    english_name: Optional[str] = None
    #: What the card database says, when the card is in it: its colours
    #: (WUBRG letters, MTGJSON ``colors``), mana value, layout (``split``,
    #: ``flip``, ``adventure``, ``transform``…) and faces.
    db_colors: Optional[tuple[str, ...]] = None
    db_mana_value: Optional[float] = None
    layout: str = "normal"
    faces: tuple = ()
    types: set[str] = field(default_factory=set)
    subtypes: set[str] = field(default_factory=set)
    keywords: set[str] = field(default_factory=set)

    def __post_init__(self):
        if not self.types and self.type_line:
            self.types, self.subtypes = split_type_line(self.type_line)
        if not self.keywords and self.text:
            self.keywords = keywords_of(self.text)


def split_type_line(type_line: str) -> tuple[set[str], set[str]]:
    """Card types (lowercase English) and subtypes (folded) of a French or
    English type line: « Créature-artefact : épouvantail » -> ({artifact,
    creature}, {epouvantail})."""
    parts = re.split(r"\s*[:—–]\s*|\s+-\s+", type_line, maxsplit=1)
    head = parts[0]
    tail = parts[1] if len(parts) > 1 else ""
    types = {t for t in map(card_type, re.split(r"[\s\-]+", fold_name(head))) if t}
    subtypes = {fold_name(s) for s in re.split(r"\s+et\s+|\s+", tail) if s} if tail else set()
    return types, subtypes


def keywords_of(text: str) -> set[str]:
    """Keywords found at the start of rules-text lines (« Vol, célérité »,
    « Persistance (Quand… ) »)."""
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


#: Folded English name -> (English, French) name, of :data:`ENGLISH_NAMES`.
_SEED_PAIRS = {fold_name(en): (en, fr) for en, fr in ENGLISH_NAMES.items()}


def _names(name: str) -> list[str]:
    """``name`` folded and, when it starts with an article, the rest
    (« la Forêt de Suintesève » -> ``la foret de suinteseve``, ``foret de suinteseve``),
    then the same with each word made singular."""
    folded = fold_name(name)
    m = NAME_ARTICLE.match(folded)
    found = [folded, folded[m.end():]] if m else [folded]
    # a name written in the plural (« les Lanciers guêpes »): each word singular
    singular = [re.sub(r"\b([a-z0-9]{3,})[sx]\b", r"\1", f) for f in found]
    return found + [f for f in singular if f not in found]


def _card_facts(card: carddb.Card) -> CardFacts:
    """CardFacts of an English card of the card database (its front face)."""
    face = card.face
    facts = CardFacts(name=card.name, mana_cost=card.mana_cost, type_line=card.type_line, power=face.power,
                      toughness=face.toughness, text=face.text or "", english_name=card.name,
                      color_indicator=tuple(face.color_indicator) if face.color_indicator else None,
                      keywords={k.lower() for k in card.keywords})
    _add_database(facts, card)
    return facts


def _add_database(facts: CardFacts, card: carddb.Card) -> None:
    """Fill ``facts`` with what the card database knows of ``card`` (its
    colours, mana value, layout and faces; P/T and colour indicator of the
    front face when the card record printed none)."""
    face = card.face
    shown = {c for f in card.faces for c in f.colors} if card.layout in ("split", "aftermath") else set(card.colors)
    facts.db_colors = tuple(c for c in "WUBRG" if c in shown)
    facts.db_mana_value = card.mana_value
    facts.layout = card.layout
    facts.faces = tuple(card.faces)
    if facts.power is None and facts.toughness is None:
        facts.power, facts.toughness = face.power, face.toughness
    if not facts.color_indicator and face.color_indicator:
        facts.color_indicator = tuple(face.color_indicator)


class KBCards:
    """The card lookup of a knowledge base (see the module docstring).

    A name is first a card record of the documents (its French name, or
    the English name of :data:`ENGLISH_NAMES`; the first record of that
    name); else a card of the card database, given as its French card
    record when the documents print one.  Raises :class:`AmbiguousCard`
    when the card database has several cards of that name.
    """

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def record(self, name: str) -> Optional[CardFacts]:
        """The card record named ``name``, a leading article ignored, or None."""
        for folded in _names(name):
            english, french = _SEED_PAIRS.get(folded, (None, folded))
            rows = names.records_named(self.conn, french)
            if rows:
                facts = as_facts(dict(rows[0]))
                facts.english_name = english
                return facts
        return None

    def database_card(self, name: str) -> Optional[CardFacts]:
        """The card of the card database named ``name`` (exact folded name,
        English or French), as its card record when one exists, or None."""
        for folded in _names(name):
            try:
                english = names.resolve_name(self.conn, folded, prefix=False)
            except names.AmbiguousName as exc:
                raise AmbiguousCard(str(exc)) from None
            card = carddb.get_card(self.conn, english) if english else None
            if card is None:
                continue
            for french in card.french_names():
                found = self.record(french)
                if found is not None:
                    found.english_name = card.name
                    _add_database(found, card)
                    return found
            return _card_facts(card)
        return None

    def __call__(self, name: str) -> Optional[CardFacts]:
        found = self.record(name)
        if found is None:
            return self.database_card(name)
        english = names.record_card(self.conn, found.name)
        card = carddb.get_card(self.conn, english) if english else None
        if card is not None:
            found.english_name = found.english_name or card.name
            _add_database(found, card)
        return found
