"""Which characteristics an entity of a claim designates.

A claim names a card (« l'Ange de Serra »), one face or half of it by its
own name (« Stomp », « Brute homicide ») or through its card (« la face
arrière de … », "the Adventure of …").  :func:`designate_in` finds the face
in the card data of a knowledge base (:func:`kb.cards.faces.characteristics`,
the characteristics of each layout by the rules), or, in a knowledge base
built without card data, in the FAQ card record of that name
(:func:`record_face`).
"""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Callable, Optional

from kb.checker.verdict import OutsideModel, Unknown
from parser.textkeys import fold

#: The layouts of cards with two halves on one face (split cards: fuse, aftermath).
HALVES = ("split", "aftermath", "fuse")


@dataclass
class Designated:
    """The characteristics a claim's entity designates, with how it was found."""

    face: object                 # a kb.cards.faces.FaceCharacteristics (or the same shape)
    card: object                 # the CardCharacteristics, or None for a FAQ card record
    label: str
    facts: object = None         # the same face as kb.checker.cards.CardFacts (colours and mana value are
                                 # explained from it by kb.checker.characteristics)
    #: a card said by its cost alone: a real card of that very cost whose colours are others (its name and
    #: colours), which a claim about "a card costing …" cannot speak for
    other_colors: object = None


Designate = Callable[[object], Designated]


def designate_in(conn: sqlite3.Connection) -> Designate:
    """The designation of a reading's entities in the card data of ``conn``."""
    from kb.cards import faces as cardfaces
    from kb.checker.cards import KBCards, face_facts

    cache: dict = {}

    def designate(entity) -> Designated:
        if entity.by == "costed":
            return costed(entity.cost, entity.surface, conn)
        key = (entity.card, entity.face, entity.which)
        if key in cache:
            return cache[key]
        halves = entity.which in ("half", "other")       # the half is told by the face named
        found = cardfaces.characteristics(conn, entity.card if halves else entity.face or entity.card)
        if found is None and entity.face:
            found = cardfaces.characteristics(conn, entity.card)
        if found is None:
            facts = KBCards(conn).record(entity.card)
            record = record_face(facts) if facts is not None else None
            if record is None or entity.which:
                raise OutsideModel("no card data for {name}", name=entity.surface or entity.card)
            cache[key] = Designated(record, None, record.name, facts)
            return cache[key]
        face = found.designated
        if entity.which:
            face = _face_by_position(found, entity.which, entity.surface, entity.face)
        cache[key] = Designated(face, found, face.name, face_facts(face, found.faces))
        return cache[key]
    return designate


def costed(cost: str, label: str, conn: Optional[sqlite3.Connection] = None) -> Designated:
    """A card said by its mana cost alone (« une carte qui coûte {U/B} »): the colours and the mana value
    that cost gives (:func:`kb.cards.faces.face_colors` with no text, no colour indicator), nothing else;
    with the first card of the card data that has that very cost and other colours (a colour indicator,
    devoid, « Ghostfire is colorless »), if any."""
    import json

    from kb.cards import faces as cardfaces
    from kb.checker.cards import CardFacts

    colors, decided, _ = cardfaces.face_colors("", [], cost, (), ())
    other = None
    if conn is not None:
        for name, found in conn.execute("SELECT card, colors FROM mtg_faces WHERE mana_cost = ? ORDER BY card", (cost,)):
            if sorted(json.loads(found or "[]")) != sorted(colors):
                other = (name, "".join(json.loads(found or "[]")))
                break
    face = cardfaces.FaceCharacteristics(
        card=label, side="a", name=label, french_name=None, layout="normal", mana_cost=cost,
        mana_value=cardfaces.cost_mana_value(cost), colors=colors, color_indicator=(), supertypes=(), types=(),
        subtypes=(), power=None, toughness=None, loyalty=None, keywords=(), mentioned_keywords=(), text="",
        french_text=None, french_type_line=None, type_line="", decided_by=(decided,))
    facts = CardFacts(name=label, mana_cost=cost, type_line="", power=None, toughness=None, text="",
                      english_name=label)
    return Designated(face, None, label, facts, other)


def record_face(facts):
    """The characteristics of a FAQ card record (``facts``, a :class:`kb.checker.cards.CardFacts`
    read from a knowledge base without card data) in the shape of the card data's faces: colours
    by :func:`kb.cards.faces.face_colors`, types by :func:`parser.cardface.parse_type_line`, French
    subtypes in English through the term pairs; None when its type line or a subtype is not read."""
    from kb.cards import faces as cardfaces
    from kb.checker.entities import vocabulary
    from parser.cardface import CardFaceError, parse_type_line

    try:
        line = parse_type_line(facts.type_line, "fr")
    except CardFaceError:
        return None
    vocab = vocabulary()
    subtypes = []
    for word in line.subtypes:
        hit = vocab.get("fr", fold(word))
        if hit is None or hit[0] != "SUBTYPE":
            return None        # a subtype the term pairs do not know: no guess
        subtypes.append(hit[1])
    keywords = tuple(k.capitalize() for k in sorted(facts.keywords))
    names = [n for n in (facts.name, facts.english_name) if n]
    colors, decided, text = cardfaces.face_colors(facts.text or "", names, facts.mana_cost,
                                                  facts.color_indicator or (), keywords)
    return cardfaces.FaceCharacteristics(
        card=facts.english_name or facts.name, side="a", name=facts.name, french_name=facts.name,
        layout="normal", mana_cost=facts.mana_cost, mana_value=cardfaces.cost_mana_value(facts.mana_cost),
        colors=colors, color_indicator=tuple(facts.color_indicator or ()), supertypes=tuple(line.supertypes_en),
        types=tuple(line.types_en), subtypes=tuple(subtypes), power=facts.power, toughness=facts.toughness,
        loyalty=None, keywords=keywords, mentioned_keywords=(), text=facts.text or "", french_text=facts.text,
        french_type_line=facts.type_line, type_line=facts.type_line, decided_by=(decided,), color_text=text)


def _face_by_position(found, which: str, surface: str, named: Optional[str] = None):
    faces = list(found.faces)
    if len(faces) < 2:
        raise Unknown("{name} has a single face: it has no {which} face", name=found.name, which=which)
    if which in ("half", "other"):
        return _half(found, faces, which, named)
    if which in ("front", "left"):
        return faces[0]
    if which == "adventure":
        adventure = [f for f in faces if "Adventure" in f.subtypes]
        if not adventure:
            raise Unknown("{name} has no Adventure", name=found.name)
        return adventure[0]
    return faces[1]


def _half(found, faces, which: str, named: Optional[str]):
    """"the half X of" a card is X; « l'autre moitié de X » the half that is not X; "a half" of a card with
    no half named tells no half."""
    if found.layout not in HALVES:
        raise Unknown("{name} is not a split card: it has no halves", name=found.name)
    if named is None:
        raise Unknown("which half of {name} the claim means (name it: « la moitié Pain de Pain // Suffering »)",
                      name=found.name)
    hits = [f for f in faces if (fold(f.name) == fold(named)) != (which == "other")]
    if len(hits) != 1:
        raise Unknown("{name} has no half named {which}", name=found.name, which=named)
    return hits[0]
