"""The meaning of a claim: what it sets up, what happens, what it asserts.

The claim reader (:mod:`kb.checker.reader`) turns the words of a claim into
one :class:`Reading`; the model evaluates the reading, never the words.
``kb check --json`` prints it as the field ``reading`` (:meth:`Reading.to_dict`).

* ``setup``: the objects the claim names (:class:`Entity`: a card, one face
  or half of it, a permanent) and the edition or source it names;
* ``events``: what happens, in order (none for a claim about characteristics);
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
    question: bool = False
    passed_over: list[str] = field(default_factory=list)

    def entity(self, eid: str) -> Entity:
        return next(e for e in self.setup if e.id == eid)

    def to_dict(self) -> dict:
        return {"reader": "typed", "lang": self.lang, "question": self.question,
                "setup": {"entities": [asdict(e) for e in self.setup], "edition": self.edition,
                          "source": self.source},
                "events": list(self.events),
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
