"""« Le Lancier guêpe peut être payé avec {U}{U}{U} », "you could pay for it with only blue mana":
a ``payable`` query (:mod:`kb.checker.meaning_payments`) evaluated on the face's mana cost by the
mana model (:mod:`kb.checker.mana`: each hybrid, monocolored hybrid and Phyrexian symbol's
options, CR 107.4e, 202.2d; seeds/001_… « Hybride » note 4: each symbol's colour chosen on its own).

* ``{"mana": "{U}{U}{U}"}``: that mana, spent, pays the cost exactly (:func:`kb.checker.mana.pays_exactly`);
* ``{"only": "U"}``: mana of that colour alone can pay it: a pool of that colour large enough for every
  symbol (:func:`kb.checker.mana.pool_pays`).  A Phyrexian symbol could be paid with life instead of
  mana, so « only blue mana » is then unknown; no mana cost, or {X}, is said as it is.
"""
from __future__ import annotations

import re

from kb.checker import mana
from kb.checker.verdict import OutsideModel, Trace, Unknown


def payable(d, value: dict, trace: Trace) -> bool:
    """Whether the mana cost of the face ``d`` designates can be paid as ``value`` says."""
    cost = d.face.mana_cost
    trace.step("mana cost of {label}: {cost}", "mana_cost", label=d.label, cost=cost or trace.tr("none"))
    if not cost:
        raise Unknown("{label} has no mana cost to pay", label=d.label)
    if "X" in cost:
        raise OutsideModel("the model does not compute {what}", what="a cost with {X}")
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
