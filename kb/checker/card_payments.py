"""« Le Lancier guêpe peut être payé avec {U}{U}{U} », "you could pay for it with only blue mana":
a ``payable`` query (:mod:`kb.checker.meaning_payments`) evaluated on the face's mana cost by the
mana model (:mod:`kb.checker.mana`: each hybrid, monocolored hybrid and Phyrexian symbol's
options, CR 107.4e, 202.2d; seeds/001_… « Hybride » note 4: each symbol's colour chosen on its own).

* ``{"mana": "{U}{U}{U}"}``: that mana, spent, pays the cost exactly (:func:`kb.checker.mana.pays_exactly`);
* ``{"only": "U"}``: mana of that colour alone can pay it: a pool of that colour large enough for every
  symbol (:func:`kb.checker.mana.pool_pays`).  A Phyrexian symbol could be paid with life instead of
  mana, so « only blue mana » is then unknown; no mana cost, or {X}, is said as it is;
* ``{"life": 2, "part": "{W/P}"}``: that Phyrexian symbol of the cost paid with 2 life (CR 107.4f);
* ``{"any": True}``: any payment the cost allows ("no matter which mana you spend");
* ``"part"`` beside ``"mana"``: the mana pays those symbols of the cost, which must be the whole cost.

A payment said as the situation of a claim (« … même si vous ne dépensez que {B}{B}{B} ») changes none of
the card's characteristics: a card is the colours of the symbols of its mana cost, and its mana value is
the total of that cost, whatever was spent (CR 105.2, 202.2, 202.3; seeds/001_… « Hybride » notes).
:func:`guard_situation` lets the main clause be answered on the printed card only when it asks such a
characteristic, and :func:`changed` answers « it becomes … » there.
"""
from __future__ import annotations

import re
from typing import Optional

from kb.checker import mana
from kb.checker.meaning import Junction, Query
from kb.checker.verdict import OutsideModel, Trace, Unknown


_SYMBOL = re.compile(r"\{[^}]*\}")

#: What a payment never changes, and what a card said by its mana cost alone has: the colours and the
#: mana value its cost decides, the cost itself, whether it can be paid so.
DECIDED_BY_COST = frozenset(("color", "colorless", "multicolored", "monocolored", "mana_value", "mana_cost",
                             "mana_symbols", "payable", "cost_amount"))
#: What else no payment changes: a card's name, card types, supertypes and subtypes.
NOT_PAID_FOR = DECIDED_BY_COST | {"card_type", "supertype", "subtype", "same_card", "same_object", "name_en",
                                  "name_fr"}


def _queries(node):
    if isinstance(node, Junction):
        for p in node.parts:
            yield from _queries(p)
    elif isinstance(node, Query):
        yield node


def situation_of_payment(reading) -> bool:
    """Whether the claim's situation (its concession) is a payment."""
    return any(q.attribute == "payable" for q in _queries(reading.concession))


def guard_situation(reading) -> None:
    """Raise :class:`Unknown` when the claim is said in the situation of a payment and asks something a
    payment could change (P/T and abilities: "adamant", sunburst), or says « it becomes … » elsewhere."""
    paid = situation_of_payment(reading)
    for q in _queries(reading.asserts):
        if paid and q.attribute not in NOT_PAID_FOR:
            raise Unknown("a payment may change what the claim asks ({words}): the model tells only that it changes "
                          "no colour, mana value, name or type", words=q.attribute.replace("_", " "))
        if q.change and not paid:
            raise Unknown("the claim says what the card becomes, and the model does not compute the change")


def guard_costed(entity, attribute: str) -> None:
    """A card said by its mana cost alone has only what its cost decides."""
    if entity.by != "costed":
        return
    if attribute not in DECIDED_BY_COST:
        raise Unknown("the claim gives only the mana cost of « {label} », not what it asks", label=entity.surface)
    if entity.kind == "spell" and "{X}" in (entity.cost or "") and attribute in ("mana_value", "cost_amount"):
        raise Unknown("on the stack, the mana value of « {label} » counts the value chosen for X", label=entity.surface)


def changed(q: Query, holds: bool) -> Optional[bool]:
    """« it becomes … » after a payment: false when the card is not so (paying changes nothing); None
    (unknown) when it already is so, or when the change is denied."""
    if q.polarity and not holds:
        return False
    return None


def payable(d, value: dict, trace: Trace) -> bool:
    """Whether the mana cost of the face ``d`` designates can be paid as ``value`` says."""
    cost = d.face.mana_cost
    trace.step("mana cost of {label}: {cost}", "mana_cost", label=d.label, cost=cost or trace.tr("none"))
    if not cost:
        raise Unknown("{label} has no mana cost to pay", label=d.label)
    if "X" in cost:
        raise OutsideModel("the model does not compute {what}", what="a cost with {X}")
    if value.get("part") and sorted(_SYMBOL.findall(value["part"])) != sorted(_SYMBOL.findall(cost)) and \
            "life" not in value:
        raise Unknown("the claim pays {part}, only part of the mana cost {cost}", part=value["part"], cost=cost)
    if value.get("any"):
        trace.step("any payment the mana cost allows", "mana_cost")
        return True
    if "life" in value:
        part = value["part"]
        found = part in _SYMBOL.findall(cost) and part.endswith("/P}")
        trace.step("{part} of {cost} paid with {life} life", "phyrexian_mana", part=part, cost=cost, life=value["life"])
        return found and value["life"] == 2
    if "mana" in value:
        try:
            spent = mana.parse_mana(value["mana"])
        except (ValueError, KeyError):
            raise OutsideModel("the model does not compute {what}", what=value["mana"])
        return mana.pays_exactly(cost, spent, trace) is not None
    if "/P}" in cost:
        raise Unknown("{cost} has Phyrexian symbols, which can be paid with 2 life instead of mana", cost=cost)
    symbols = re.findall(r"\{[^}]*\}", cost)
    pool = "{" + value["only"] + "}"
    pool *= 2 * len(symbols) + sum(int(s.strip("{}")) for s in symbols if s.strip("{}").isdigit())
    return mana.pool_pays(pool, cost, trace) is not None
