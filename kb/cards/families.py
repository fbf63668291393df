"""Families of cards that a rule describes, found in the card data.

Some rules define a mechanic that many cards share: rule 607 (linked
abilities: « exiled with », « the chosen color », « the named card », kicker
pairs, champion), soulbond (702.95 today, 702.92 in the soulbond FAQ),
persist, wither, conspire, banding and « bands with other ».  For a rule node,
:func:`family_of` tells which family it heads (by its title in English or
French, or by the linked-abilities wording of its text) and
:func:`family_cards` lists the cards of the card database that belong to it,
with the reason each was chosen.

Membership is decided on the English oracle data (keywords and text) of the
``mtg_*`` tables of :mod:`kb.cards.db`.
"""
from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass
from typing import Optional

from parser.textkeys import fold


@dataclass(frozen=True)
class Family:
    """A mechanic: ``key`` (``persist``), the English ``keywords`` that mark a
    member, the oracle-text ``patterns`` that do (``{name}`` stands for the
    card's own name), and the rule titles that head it in both languages."""

    key: str
    label_en: str
    label_fr: str
    titles: tuple[str, ...]
    keywords: tuple[str, ...] = ()
    patterns: tuple[str, ...] = ()


FAMILIES = (
    Family("linked", "Linked abilities", "Capacités liées", ("linked abilities", "capacites liees"),
           keywords=("Champion",),
           patterns=(r"\bexiled with {name}\b", r"\bcards? exiled with\b", r"\bthe chosen (?:color|creature type|type|name|player|number)\b",
                     r"\bthe (?:last )?named card\b", r"\bwith the chosen name\b", r"\bif {name} was kicked\b",
                     r"\bif it was kicked\b", r"\bput onto the battlefield with {name}\b",
                     r"\bas {name} entered the battlefield\b")),
    Family("soulbond", "Soulbond", "Association d'âmes", ("soulbond", "association d'ames"), keywords=("Soulbond",)),
    Family("persist", "Persist", "Persistance", ("persist", "persistance"), keywords=("Persist",)),
    Family("wither", "Wither", "Flétrissure", ("wither", "fletrissure"), keywords=("Wither",)),
    Family("conspire", "Conspire", "Conspiration", ("conspire", "conspiration"), keywords=("Conspire",)),
    Family("banding", "Banding", "Regroupement", ("banding", "regroupement"), keywords=("Banding",),
           patterns=(r"\bbands with other\b",)),
    Family("bands-with-other", "Bands with other", "Regroupement avec d'autres",
           ("bands with other", "regroupement avec d'autres"), patterns=(r"\bbands with other\b",)),
)

_BY_TITLE = {t: f for f in FAMILIES for t in f.titles}
_SELF = "THISCARDNAME"


def family_of(title: Optional[str], text: str = "", number: str = "") -> Optional[Family]:
    """The family a rule heads, from its title (« Persist », « Persistance »)
    or, for rule 607's definition, its text (« … these two abilities are
    linked », « ces deux capacités sont liées »)."""
    if title and fold(title.strip().rstrip(".")) in _BY_TITLE:
        return _BY_TITLE[fold(title.strip().rstrip("."))]
    folded = fold(text)
    if number.endswith(".1") and ("abilities are linked" in folded or "capacites sont liees" in folded):
        return FAMILIES[0]
    return None


@dataclass
class Member:
    """A card of a family: English ``name``, its French name if known, and
    ``why`` (the keyword or the text that matched)."""

    name: str
    french_name: Optional[str]
    why: str


def family_cards(conn: sqlite3.Connection, family: Family, limit: Optional[int] = None) -> list[Member]:
    """Cards of the card database belonging to ``family``, by English name.
    Returns [] when no card data was ingested."""
    members = members_by_family(conn, [family]).get(family.key, [])
    return members[:limit] if limit else members


def members_by_family(conn: sqlite3.Connection, families=FAMILIES) -> dict[str, list[Member]]:
    """``{family key: members}`` for several families in one pass over the
    card data ({} when no card data was ingested)."""
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE name='mtg_cards'").fetchone():
        return {}
    french = dict(conn.execute(
        "SELECT card, name FROM mtg_french WHERE side='a' GROUP BY card HAVING release_date = MIN(release_date)"))
    # The card's own name is replaced by a placeholder so each pattern compiles once.
    compiled = {f.key: [re.compile(p.replace("{name}", _SELF), re.IGNORECASE) for p in f.patterns] for f in families}
    out: dict[str, list[Member]] = {f.key: [] for f in families}
    for name, keywords, text in conn.execute(
            "SELECT c.name, c.keywords, group_concat(f.text, '\n') FROM mtg_cards c "
            "JOIN mtg_faces f ON f.card = c.name GROUP BY c.name ORDER BY c.name"):
        kws = set(json.loads(keywords or "[]"))
        own = name.split(" // ")[0]
        generic = text.replace(own, _SELF) if text else ""
        for family in families:
            why = next((k for k in family.keywords if k in kws), None)
            if why is None and generic:
                for pattern in compiled[family.key]:
                    m = pattern.search(generic)
                    if m:
                        why = f"« {m.group(0).replace(_SELF, own)} »"
                        break
            if why:
                out[family.key].append(Member(name, french.get(name), why))
    return out
