"""The meaning of a claim: what it sets up, what happens, what it asserts.

The claim reader (:mod:`kb.checker.reader`) turns the words of a claim into
one :class:`Reading`; the model evaluates the reading, never the words.
``kb check --json`` prints it as the field ``reading`` (:meth:`Reading.to_dict`).

* ``setup``: the objects the claim names (:class:`Entity`: a card, one face
  or half of it, a permanent) and the edition or source it names;
* ``events``: what happens, in order (none for a claim about characteristics): dicts with a
  ``kind`` (``dies``, ``damage``, ``counters``, ``leaves_graveyard``, ``end_of_turn``) and the
  entity ids they are about (``subject``, ``source``, ``target``), played by the game engine
  (:mod:`kb.checker.situation_queries`);
* ``asserts``: what is claimed, a tree of :class:`Query` leaves joined by
  :class:`Junction` nodes (``and``, ``or``, ``nor``); each query has a
  polarity (a negated query is false where its positive is true) and a
  quantifier (``only`` for « n'est que rouge », a comparison for « au moins 3 »).
* ``reason`` / ``concession``: « X, puisque Y » is true when X and Y both
  hold, false when either is false; « X même si Y » asserts X in the
  situation Y (Y must hold, or the answer is unknown).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Optional, Union


#: Attributes a query may ask of a card or face (the card data's characteristics).
ATTRIBUTES = ("color", "colorless", "multicolored", "mana_value", "mana_cost", "power", "toughness", "pt",
              "loyalty", "card_type", "supertype", "subtype", "keyword", "name_en", "name_fr", "layout")

#: Comparisons of a numeric query.
COMPARISONS = ("eq", "ge", "gt", "le", "lt")


@dataclass
class Entity:
    """An object the claim names: ``card`` (English card name of the card
    data), ``face`` (the English face name a claim designates, None for the
    whole card), the words the claim wrote (``surface``) and how it was
    designated (``by``: ``name``, ``face_of``, ``pronoun``)."""

    id: str
    card: str
    face: Optional[str] = None
    surface: str = ""
    by: str = "name"
    which: Optional[str] = None      # face_of: "back", "front", "adventure", "left", "right"
    #: An object the claim describes without naming a card (``by`` ``described``: « une créature 2/2
    #: avec la persistance », "a source with wither"): its kind (``creature``, ``permanent``,
    #: ``source``), P/T, keyword abilities and the counters it starts with.
    kind: Optional[str] = None
    pt: Optional[str] = None
    keywords: list = field(default_factory=list)
    counters: dict = field(default_factory=dict)
    #: who controls a described object (``you``, ``opponent``; None: you)
    controller: Optional[str] = None
    #: the entity a described creature is paired with (soulbond: « une créature associée »)
    paired_with: Optional[str] = None
    #: the mana cost of a card said by its cost alone (``by`` ``costed``: « une carte qui coûte {U/B} »)
    cost: Optional[str] = None


@dataclass
class Query:
    """One assertion about ``subject`` (an :class:`Entity` id): its
    ``attribute`` compared (``compare``) with ``value``; ``polarity`` False
    when the claim denies it; ``quantifier`` ``only`` (« seulement »,
    « n'est que », mono-) or None."""

    subject: str
    attribute: str
    value: Any = None
    compare: str = "eq"
    polarity: bool = True
    quantifier: Optional[str] = None
    words: str = ""
    #: said as a change (« devient », "becomes"): read only in the situation of a payment
    change: bool = False


@dataclass
class Junction:
    """``op`` (``and``, ``or``, ``nor``) over ``parts``; ``polarity`` False negates the whole."""

    op: str
    parts: list = field(default_factory=list)
    polarity: bool = True


Assertion = Union[Query, Junction]


@dataclass
class Reading:
    """What a claim means (see the module docstring)."""

    lang: str
    setup: list[Entity] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)
    asserts: Optional[Assertion] = None
    reason: Optional[Assertion] = None
    concession: Optional[Assertion] = None
    edition: Optional[str] = None
    source: Optional[str] = None
    #: The rule or ruling the claim cites ("Per rule 502.10b, …"), read without it (kb/checker/sources.py).
    cited: Optional[dict] = None
    question: bool = False
    #: « X seulement si Y »: the events of the situation where the condition Y does not hold (X is
    #: asked in both: kb/checker/meaning_conditions.py); None for any other claim
    only_if: Optional[list] = None
    #: « X même si Y »: X is asked where Y happens (``events``) and where it does not (``only_if``)
    even_if: bool = False
    passed_over: list[str] = field(default_factory=list)
    #: The zone a claim puts its card in first (« Dans votre cimetière, … »: kb/checker/reader.py), or None.
    zone: Optional[str] = None

    def entity(self, eid: str) -> Entity:
        return next(e for e in self.setup if e.id == eid)

    def to_dict(self) -> dict:
        return {"reader": "typed", "lang": self.lang, "question": self.question,
                "setup": {"entities": [asdict(e) for e in self.setup], "edition": self.edition,
                          "source": self.source, "cited": self.cited, "zone": self.zone},
                "events": list(self.events),
                "only_if": None if self.only_if is None else list(self.only_if),
                "even_if": self.even_if,
                "asserts": _assertion_dict(self.asserts),
                "reason": _assertion_dict(self.reason),
                "concession": _assertion_dict(self.concession),
                "passed_over": list(self.passed_over)}


def _assertion_dict(node: Optional[Assertion]) -> Optional[dict]:
    if node is None:
        return None
    if isinstance(node, Query):
        d = asdict(node)
        d["kind"] = "query"
        return d
    return {"kind": node.op, "polarity": node.polarity, "parts": [_assertion_dict(p) for p in node.parts]}


def negate(node: Assertion) -> Assertion:
    """``node`` with its polarity reversed."""
    node.polarity = not node.polarity
    return node


# --------------------------------------------------------------------------
# How the words of a claim make the tree: negation words and connectives

#: Negation words that only open a French negation (« ne … pas », « ne … que »).
_OPENING = {"ne", "n'"}


def polarity(negs: list[str], only: bool, nor: bool) -> bool:
    """True when the negation words of a verb group leave the clause positive."""
    closing = [n for n in negs if n.lower() not in _OPENING]
    if closing:
        return len(closing) % 2 == 0
    if any(n.lower() in _OPENING for n in negs):
        return only or nor      # « n'est que rouge », « n'a ni … ni … »: no plain negation
    return True


def combine(items: list, joins: list[str]) -> object:
    """Items joined by connectives: "or" binds loosest, "and" (juxtaposition, but, both) tighter."""
    if len(items) == 1:
        return items[0]
    groups, current = [], [items[0]]
    for join, item in zip(joins, items[1:]):
        if join == "or":
            groups.append(current)
            current = [item]
        else:
            current.append(item)
    groups.append(current)
    ands = [g[0] if len(g) == 1 else Junction("and", g) for g in groups]
    return ands[0] if len(ands) == 1 else Junction("or", ands)


def join_word(tok) -> str:
    types = [t.type for t in tok.children] if hasattr(tok, "children") else [tok.type]
    return "or" if "OR" in types else "and"
