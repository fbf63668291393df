"""The bilingual card database: cards read back from the ``mtg_*`` tables.

:func:`get_card` gives a :class:`Card` (oracle data, faces, printings,
French translations, rulings) by English name, :func:`find_card` by any
French or English name or prefix (through :mod:`kb.cards.names`, the one
place a name is mapped to cards), :func:`side_by_side` the English and
French texts of a card in two columns.

The tables are filled by :mod:`kb.cards.ingest` (MTGJSON set files) and
created with every other table by :func:`kb.store.schema.create_all`,
prefixed ``mtg_`` so they never collide with the document tables of
:mod:`kb.store.db`:

* ``mtg_meta``       key, value (``ingest_id``: changes at every ingest)
* ``mtg_sets``       code, name, release_date, type
* ``mtg_cards``      name (English, PK), layout, mana_cost, mana_value, colors,
                     color_identity, keywords, oracle_id, face_count
* ``mtg_faces``      card, side (``a``, ``b``…), face_name, mana_cost,
                     mana_value, colors, color_indicator, supertypes, types,
                     subtypes, type_line, power, toughness, loyalty, text
* ``mtg_printings``  card, set_code, number, release_date, uuid, rarity,
                     multiverse_id
* ``mtg_french``     card, side, set_code, number, release_date, name,
                     face_name, type_line, text, multiverse_id (one row per
                     French printing of a face)
* ``mtg_rulings``    card, date, text
* ``mtg_names``      fold, name (English card), lang, surface, kind
                     (``card``/``face``) -- the lookup index of
                     :mod:`kb.cards.names` and :mod:`kb.cards.nameindex`
* ``mtg_words``      lang, word, count -- every word written in lowercase
                     in the card texts (folded), the vocabulary the linker
                     uses to tell a one-word card name that is also an
                     ordinary word (« peur », « flash ») and to spot
                     capitalised names the data does not know.

List-valued columns (colors, types, keywords…) hold JSON arrays.

The tables are filled by :mod:`kb.cards.ingest`; names are mapped to cards by
:mod:`kb.cards.names`.
"""
from __future__ import annotations

import json
import sqlite3
from dataclasses import asdict, dataclass, field
from typing import Optional

from kb.cards.ingest import MULTI_NAME_LAYOUTS
from kb.cards.names import resolve_name

# --------------------------------------------------------------------------
# Cards

@dataclass
class Face:
    """One face of a card (the only face of a normal card).

    ``side`` is MTGJSON's ``a``/``b``/…; lists are English type words as in
    MTGJSON (``supertypes=["Legendary"]``); ``power``/``toughness``/
    ``loyalty`` are strings as printed (``*``, ``1+*``) or None.
    """

    side: str
    name: str
    mana_cost: Optional[str]
    mana_value: float
    colors: list[str]
    color_indicator: list[str]
    supertypes: list[str]
    types: list[str]
    subtypes: list[str]
    type_line: str
    power: Optional[str]
    toughness: Optional[str]
    loyalty: Optional[str]
    text: str


@dataclass
class Printing:
    set_code: str
    number: Optional[str]
    release_date: Optional[str]
    set_name: Optional[str] = None
    rarity: Optional[str] = None
    multiverse_id: Optional[str] = None


@dataclass
class FrenchTranslation:
    """One French wording of one face, with every printing that used it.

    ``sets`` lists ``{"set_code", "number", "release_date"}`` oldest first;
    a card reprinted with a new wording has several FrenchTranslation
    entries for the same side (« en jeu » then « sur le champ de bataille »).
    """

    side: str
    name: str
    face_name: Optional[str]
    type_line: Optional[str]
    text: Optional[str]
    sets: list[dict] = field(default_factory=list)
    doubtful: list = field(default_factory=list)   # fields not to trust (kb.cards.frenchcheck)

    @property
    def first_date(self) -> str:
        return min((s["release_date"] or "9999") for s in self.sets) if self.sets else "9999"


@dataclass
class Ruling:
    date: str
    text: str


@dataclass
class Card:
    """A card: English name, oracle data, faces, printings, French, rulings.

    ``mana_cost``/``mana_value``/``colors``/``color_identity``/``keywords``
    are the card's (MTGJSON ``manaValue`` is the whole card's, e.g. 6 for
    Beseech the Queen {2/B}{2/B}{2/B}); per-face values are in ``faces``.
    """

    name: str
    layout: str
    mana_cost: Optional[str]
    mana_value: float
    colors: list[str]
    color_identity: list[str]
    keywords: list[str]
    oracle_id: Optional[str]
    faces: list[Face] = field(default_factory=list)
    printings: list[Printing] = field(default_factory=list)
    french: list[FrenchTranslation] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)

    @property
    def face(self) -> Face:
        """The front face (side ``a``)."""
        return self.faces[0]

    @property
    def type_line(self) -> str:
        return " // ".join(f.type_line for f in self.faces) if self.layout in MULTI_NAME_LAYOUTS else self.face.type_line

    def french_names(self) -> list[str]:
        """Distinct French names, oldest printing first."""
        out: list[str] = []
        for t in sorted(self.french, key=lambda t: t.first_date):
            if t.name not in out:
                out.append(t.name)
        return out

    def french_for_set(self, set_code: str, side: str = "a") -> Optional[FrenchTranslation]:
        """The French wording printed in ``set_code`` for ``side``, or None."""
        set_code = set_code.upper()
        for t in self.french:
            if t.side == side and any(s["set_code"] == set_code for s in t.sets):
                return t
        return None

    def to_dict(self) -> dict:
        d = asdict(self)
        d["type_line"] = self.type_line
        d["french_names"] = self.french_names()
        d["french_name"] = d["french_names"][-1] if d["french_names"] else None
        return d


# --------------------------------------------------------------------------
# Lookup

def _loads(s: Optional[str]) -> list:
    return json.loads(s) if s else []


def get_card(conn: sqlite3.Connection, name: str) -> Optional[Card]:
    """The card with exactly this English name (MTGJSON ``name``), or None."""
    row = conn.execute("SELECT name, layout, mana_cost, mana_value, colors, color_identity, keywords, "
                       "oracle_id FROM mtg_cards WHERE name = ?", (name,)).fetchone()
    if row is None:
        return None
    card = Card(row[0], row[1], row[2], row[3], _loads(row[4]), _loads(row[5]), _loads(row[6]), row[7])
    for r in conn.execute("SELECT side, face_name, mana_cost, mana_value, colors, color_indicator, "
                          "supertypes, types, subtypes, type_line, power, toughness, loyalty, text "
                          "FROM mtg_faces WHERE card = ? ORDER BY side", (name,)):
        card.faces.append(Face(r[0], r[1], r[2], r[3], _loads(r[4]), _loads(r[5]), _loads(r[6]),
                               _loads(r[7]), _loads(r[8]), r[9], r[10], r[11], r[12], r[13]))
    for r in conn.execute("SELECT p.set_code, p.number, p.release_date, s.name, p.rarity, p.multiverse_id "
                          "FROM mtg_printings p LEFT JOIN mtg_sets s ON s.code = p.set_code "
                          "WHERE p.card = ? ORDER BY p.release_date, p.set_code, p.number", (name,)):
        card.printings.append(Printing(*r))
    groups: dict[tuple, FrenchTranslation] = {}
    for r in conn.execute("SELECT side, name, face_name, type_line, text, set_code, number, release_date, "
                          "doubtful FROM mtg_french WHERE card = ? ORDER BY release_date, set_code, number", (name,)):
        key = (r[0], r[1], r[2], r[3], r[4])
        t = groups.get(key)
        if t is None:
            t = groups[key] = FrenchTranslation(r[0], r[1], r[2], r[3], r[4], doubtful=[x for x in r[8].split(",") if x])
        t.sets.append({"set_code": r[5], "number": r[6], "release_date": r[7]})
    card.french = sorted(groups.values(), key=lambda t: (t.side, t.first_date))
    for r in conn.execute("SELECT date, text FROM mtg_rulings WHERE card = ? ORDER BY date, rowid", (name,)):
        card.rulings.append(Ruling(r[0], r[1]))
    return card


def find_card(conn: sqlite3.Connection, name: str) -> Optional[Card]:
    """Look a card up by French or English name, or an unambiguous prefix.

    Folding: :func:`fold_name` (case, accents, ’/' apostrophes, æ/œ).
    « implorer la reine », « Beseech the Queen », « Færie macabre » and
    « Faerie macabre » all work; face names too (« Stomp », « Piétineur »).
    Returns None when nothing fits; raises :class:`AmbiguousName` (with the
    candidate English names) when a name or prefix fits several cards.
    """
    english = resolve_name(conn, name)
    if english is None:
        return None
    return get_card(conn, english)


def card_count(conn: sqlite3.Connection) -> int:
    """Number of cards stored (0 when no MTGJSON data was ingested)."""
    return conn.execute("SELECT COUNT(*) FROM mtg_cards").fetchone()[0]


def side_by_side(card: Card, set_code: Optional[str] = None) -> list[tuple[str, str, str]]:
    """Rows ``(label, English, French)`` for printing a card in two columns.

    One block per face: name, mana cost, type line, P/T or loyalty, then the
    oracle text next to the French text, paragraph by paragraph.  The French
    side is the wording printed in ``set_code`` when given, else the most
    recent French printing; empty strings where French is missing.
    """
    rows: list[tuple[str, str, str]] = []
    for face in card.faces:
        fr = card.french_for_set(set_code, face.side) if set_code else None
        if fr is None:
            cands = [t for t in card.french if t.side == face.side]
            fr = max(cands, key=_trust) if cands else None
        fr_name = (fr.face_name or fr.name) if fr else ""
        shown = {f: ("" if fr is None or f in fr.doubtful else (getattr(fr, f) or "")) for f in ("type_line", "text")}
        rows.append(("name", face.name, fr_name))
        if face.mana_cost:
            rows.append(("mana cost", face.mana_cost, face.mana_cost))
        rows.append(("type", face.type_line, shown["type_line"] or _doubt(fr, "type_line")))
        if face.power is not None:
            rows.append(("P/T", f"{face.power}/{face.toughness}", f"{face.power}/{face.toughness}"))
        if face.loyalty is not None:
            rows.append(("loyalty", face.loyalty, face.loyalty))
        en_par = (face.text or "").split("\n")
        fr_par = (shown["text"] or _doubt(fr, "text")).split("\n")
        for i in range(max(len(en_par), len(fr_par))):
            rows.append(("text", en_par[i] if i < len(en_par) else "", fr_par[i] if i < len(fr_par) else ""))
    return rows


def _trust(t: FrenchTranslation) -> tuple:
    """Which French wording to show: the fewest doubtful fields, then the latest."""
    return (-len(t.doubtful), max((s["release_date"] or "") for s in t.sets))


#: Shown in place of a French field the card data gets wrong.
DOUBTFUL_MARK = "[?]"


def _doubt(fr: Optional[FrenchTranslation], field_name: str) -> str:
    return f"{DOUBTFUL_MARK} (doubtful in the card data, not shown)" if fr and field_name in fr.doubtful else ""
