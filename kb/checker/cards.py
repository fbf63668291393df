"""Card facts for the checker and the built-in card lookup.

A lookup is any callable ``name -> CardFacts | None`` (French or English
name, matched folded: case, accents, ligatures, apostrophes, a leading
article).  :func:`builtin_lookup` knows the card records of the seed FAQ
(seeds/001_b5a1e1d9799bc96e.txt, read with the lead's ``parser.faq`` when
importable, else with :func:`_read_records`, a minimal reader) and a few
English names.  The lead can pass a lookup backed by the MTGJSON database;
anything with attributes or keys ``name``, ``mana_cost``, ``type_line``
(``power``, ``toughness``, ``text``, ``colors``/``color_indicator``
optional) is accepted and wrapped by :func:`as_facts`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable, Optional

from kb.data import seeds_dir
from parser.textkeys import fold_name

SEED_FAQ = seeds_dir() / "001_b5a1e1d9799bc96e.txt"

#: English names of seed FAQ cards (Shadowmoor, 2008), English -> French.
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

_TYPES_FR = {"creature": "creature", "artefact": "artifact", "terrain": "land", "enchantement": "enchantment",
             "rituel": "sorcery", "ephemere": "instant", "arpenteur": "planeswalker", "tribal": "tribal"}
_TYPES_EN = {"creature", "artifact", "land", "enchantment", "sorcery", "instant", "planeswalker", "tribal",
             "battle", "kindred"}

#: Keyword abilities as printed in French (seeds) and English -> English keyword.
KEYWORDS = {
    "persistance": "persist", "persist": "persist", "fletrissure": "wither", "wither": "wither",
    "conspiration": "conspire", "conspire": "conspire", "celerite": "haste", "haste": "haste",
    "vol": "flying", "flying": "flying", "association dames": "soulbond", "soulbond": "soulbond",
    "regroupement": "banding", "banding": "banding", "pietinement": "trample", "trample": "trample",
    "linceul": "shroud", "shroud": "shroud", "peur": "fear", "fear": "fear", "flash": "flash",
}


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
    types = set()
    for word in re.split(r"[\s\-]+", fold_name(head)):
        if word in _TYPES_FR:
            types.add(_TYPES_FR[word])
        elif word in _TYPES_EN:
            types.add(word)
    subtypes = {fold_name(s) for s in re.split(r"\s+et\s+|\s+", tail) if s} if tail else set()
    return types, subtypes


def keywords_of(text: str) -> set[str]:
    """Keywords found at the start of rules-text lines (« Vol, célérité »,
    « Persistance (Quand… ) »)."""
    found = set()
    for line in text.splitlines():
        line = re.sub(r"\(.*?\)", "", line)
        for part in line.split(","):
            key = fold_name(part).strip(" .")
            if key in KEYWORDS:
                found.add(KEYWORDS[key])
    return found


def as_facts(obj) -> Optional[CardFacts]:
    """Wrap a CardRecord, a dict or a CardFacts as CardFacts (None stays None)."""
    if obj is None or isinstance(obj, CardFacts):
        return obj
    get = (lambda k, d=None: obj.get(k, d)) if isinstance(obj, dict) else (lambda k, d=None: getattr(obj, k, d))
    indicator = get("color_indicator") or get("colorIndicator")
    return CardFacts(name=get("name"), mana_cost=get("mana_cost") or get("manaCost"),
                     type_line=get("type_line") or get("type") or "", power=get("power"),
                     toughness=get("toughness"), text=get("text") or "",
                     color_indicator=tuple(indicator) if indicator else None)


_ARTICLES = re.compile(r"^(le |la |les |l'|l |the |un |une |a |an )")


def _key(name: str) -> str:
    return fold_name(name).replace("-", " ")


def _keys(name: str) -> list[str]:
    k = _key(name)
    out = [k]
    m = _ARTICLES.match(fold_name(name))
    if m:
        out.append(_key(fold_name(name)[m.end():]))
    return out


def _read_records(path: Path) -> list[CardFacts]:
    """Minimal reader of the FAQ's card records: a name line, a cost line
    (or none for a land), a type line, an optional P/T line, text lines up
    to the first « * » note or blank line."""
    from parser.mana import is_mana_cost

    lines = path.read_text(encoding="utf-8").splitlines()
    cards = []
    for i in range(len(lines) - 2):
        name, nxt = lines[i].strip(), lines[i + 1].strip()
        if not name or name.startswith(("*", "{", "(", "-", "[")) or len(name) > 60:
            continue
        if i > 0 and lines[i - 1].strip() not in ("", "-----"):
            continue
        j = i + 1
        cost = None
        if is_mana_cost(nxt):
            cost, j = nxt, i + 2
        type_line = lines[j].strip() if j < len(lines) else ""
        types, _ = split_type_line(type_line)
        if not types or (cost is None and "land" not in types):
            continue
        j += 1
        power = toughness = None
        if j < len(lines) and re.fullmatch(r"[\d*+\-]+/[\d*+\-]+", lines[j].strip()):
            power, toughness = lines[j].strip().split("/")
            j += 1
        text = []
        while j < len(lines) and lines[j].strip() and not lines[j].startswith("*"):
            text.append(lines[j].strip())
            j += 1
        cards.append(CardFacts(name, cost, type_line, power, toughness, "\n".join(text)))
    return cards


@lru_cache(maxsize=1)
def seed_cards() -> dict[str, CardFacts]:
    """Folded name -> CardFacts for the seed FAQ's card records (first record wins)."""
    records: list[CardFacts] = []
    if SEED_FAQ.exists():
        try:
            from parser.faq import parse_document
            records = [as_facts(c) for c in parse_document(SEED_FAQ).cards]
        except ImportError:
            records = _read_records(SEED_FAQ)
    table: dict[str, CardFacts] = {}
    for c in records:
        table.setdefault(_key(c.name), c)
    for en, fr in ENGLISH_NAMES.items():
        card = table.get(_key(fr))
        if card is not None:
            card.english_name = en
            table.setdefault(_key(en), card)
    return table


def builtin_lookup(name: str) -> Optional[CardFacts]:
    """The seed FAQ card named ``name`` (French or the English names of
    :data:`ENGLISH_NAMES`), matched folded, a leading article ignored."""
    table = seed_cards()
    for k in _keys(name):
        if k in table:
            return table[k]
    return None


Lookup = Callable[[str], Optional[CardFacts]]
