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
``mtg_*`` tables of :mod:`kb.cards.db`.  A family's names in both languages
are the glossary's pair (:func:`kb.cards.terms.load_terms`).
"""
from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass
from typing import Optional

from kb.cards.terms import TermPair, load_terms
from parser.textkeys import fold


@dataclass(frozen=True)
class Family:
    """A mechanic: ``key`` (``persist``), its labels in both languages, the
    folded rule titles that head it (``persist``, ``persistance``), the
    English ``keywords`` that mark a member and the oracle-text ``patterns``
    that do (``{name}`` stands for the card's own name)."""

    key: str
    label_en: str
    label_fr: str
    titles: tuple[str, ...]
    keywords: tuple[str, ...] = ()
    patterns: tuple[str, ...] = ()


def _term(en: str) -> TermPair:
    """The glossary pair whose English side is ``en`` (keyword abilities first)."""
    pairs = [p for p in load_terms() if p.en.lower() == en.lower()]
    if not pairs:
        raise LookupError(f"{en!r} is not in the terms glossary (corpus/terms/terms_fr_en.tsv)")
    return min(pairs, key=lambda p: p.kind != "keyword_ability")


def _family(key: str, en: str, keywords: tuple[str, ...] = (), patterns: tuple[str, ...] = ()) -> Family:
    """A family named after the glossary pair of ``en``: its labels are the
    pair's sides, capitalised, and its titles their folded forms."""
    pair = _term(en)
    label_en, label_fr = pair.en[:1].upper() + pair.en[1:], pair.fr[:1].upper() + pair.fr[1:]
    return Family(key, label_en, label_fr, (fold(pair.en), fold(pair.fr)), keywords, patterns)


FAMILIES = (
    _family("linked", "linked abilities", keywords=("Champion",),
            patterns=(r"\bexiled with {name}\b", r"\bcards? exiled with\b",
                      r"\bthe chosen (?:color|creature type|type|name|player|number)\b",
                      r"\bthe (?:last )?named card\b", r"\bwith the chosen name\b", r"\bif {name} was kicked\b",
                      r"\bif it was kicked\b", r"\bput onto the battlefield with {name}\b",
                      r"\bas {name} entered the battlefield\b")),
    _family("soulbond", "Soulbond", keywords=("Soulbond",)),
    _family("persist", "Persist", keywords=("Persist",)),
    _family("wither", "Wither", keywords=("Wither",)),
    _family("conspire", "Conspire", keywords=("Conspire",)),
    _family("banding", "Banding", keywords=("Banding",), patterns=(r"\bbands with other\b",)),
    _family("bands-with-other", "Bands with other", patterns=(r"\bbands with other\b",)),
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
    card data (every list empty when no card data was ingested)."""
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
