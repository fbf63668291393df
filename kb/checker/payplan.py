"""Paying a cost with many choices, counted instead of enumerated.

A cost's symbols that leave a choice (hybrid {W/U}, monocolored hybrid
{2/B}, Phyrexian {B/P}, hybrid Phyrexian {G/U/P}) are grouped by the
choice they leave; whether some way of paying fits a given mana is then a
small transportation problem — symbols to the mana types, to « generic »
(the {2} half of {2/B}) or to « 2 life » — solved as a maximum flow on at
most a few dozen nodes, whatever the number of symbols.  So ``{2/B}``
×1000 is decided in a few milliseconds, where listing its 1001 ways took
seconds (each way is a multiset: CR 107.4e, 202.2d; seeds/001_… « Hybride »).

:func:`way_count_bound` bounds the number of distinct ways (the product,
over groups, of the ways to split a group among its options); the mana
model lists the ways only under :data:`LIST_LIMIT`.
"""
from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass
from math import comb
from typing import Optional

from kb.checker.verdict import OutsideModel

#: Above this bound on the number of ways, ways are counted, never listed.
LIST_LIMIT = 256

_TYPES = ("W", "U", "B", "R", "G", "C")


@dataclass(frozen=True)
class Choice:
    """What one symbol may be paid with: one mana of a type in ``types``,
    ``generic`` mana (0: not allowed), or 2 life when ``life``."""

    types: tuple[str, ...]
    generic: int = 0
    life: bool = False

    @property
    def options(self) -> int:
        return len(self.types) + bool(self.generic) + self.life


@dataclass
class Plan:
    """A cost as fixed generic mana, snow symbols and groups of symbols
    with the same :class:`Choice` (a plain {B} is a group with one option)."""

    generic: int
    snow: int
    groups: Counter

    @property
    def symbols(self) -> int:
        return sum(self.groups.values())


def plan_of(cost, x: int = 0) -> Plan:
    """The :class:`Plan` of a parsed ``ManaCost`` (``x`` for each {X})."""
    generic, snow, groups = 0, 0, Counter()
    for s in cost.symbols:
        k = s.kind
        if k == "generic":
            generic += s.generic
        elif k == "variable":
            generic += x
        elif k == "snow":
            snow += 1
        elif k == "colorless":
            groups[Choice(("C",))] += 1
        elif k in ("colored", "hybrid"):
            groups[Choice(tuple(s.colors))] += 1
        elif k == "monocolored_hybrid":
            groups[Choice(tuple(s.colors), generic=s.generic)] += 1
        elif k in ("phyrexian", "hybrid_phyrexian"):
            groups[Choice(tuple(s.colors), life=True)] += 1
        else:
            raise OutsideModel("paying {symbol} (half mana) is outside the model", symbol=s.text)
    return Plan(generic, snow, groups)


def way_count_bound(plan: Plan) -> int:
    """An upper bound on the number of distinct ways to pay (exact when the
    groups' options do not overlap)."""
    bound = 1
    for choice, k in plan.groups.items():
        bound *= comb(k + choice.options - 1, choice.options - 1)
    return bound


def _max_flow(cap: dict, source: str, sink: str) -> tuple[int, dict]:
    """Edmonds–Karp on a capacity map ``{u: {v: c}}``; (flow value, flow map)."""
    nodes = set(cap) | {v for u in cap for v in cap[u]}
    residual = {u: Counter(cap.get(u, {})) for u in nodes}
    for u in list(cap):
        for v in cap[u]:
            residual[v].setdefault(u, 0)
    total = 0
    while True:
        parent = {source: None}
        queue = deque([source])
        while queue and sink not in parent:
            u = queue.popleft()
            for v, c in residual[u].items():
                if c > 0 and v not in parent:
                    parent[v] = u
                    queue.append(v)
        if sink not in parent:
            break
        path, v = [], sink
        while parent[v] is not None:
            path.append((parent[v], v))
            v = parent[v]
        push = min(residual[u][v] for u, v in path)
        for u, v in path:
            residual[u][v] -= push
            residual[v][u] += push
        total += push
    flow = {u: {v: c - residual[u][v] for v, c in cap[u].items()} for u in cap}
    return total, flow


def assign(plan: Plan, type_caps: dict, generic_symbols: int, life_symbols: int) -> Optional[Counter]:
    """Mana of each type used when every grouped symbol is paid, exactly
    ``generic_symbols`` of them with their generic half and ``life_symbols``
    with 2 life, each type used at most ``type_caps[t]`` times; or None."""
    n = plan.symbols
    coloured = n - generic_symbols - life_symbols
    if coloured < 0:
        return None
    cap: dict = {"S": {}, "GEN": {"T": generic_symbols}, "LIFE": {"T": life_symbols}, "AGG": {"T": coloured}}
    for t in _TYPES:
        cap[t] = {"AGG": type_caps.get(t, 0)}
    for i, (choice, k) in enumerate(plan.groups.items()):
        g = f"g{i}"
        cap["S"][g] = k
        cap[g] = {t: k for t in choice.types}
        if choice.generic:
            cap[g]["GEN"] = k
        if choice.life:
            cap[g]["LIFE"] = k
    value, flow = _max_flow(cap, "S", "T")
    if value != n:
        return None
    return Counter({t: flow[t]["AGG"] for t in _TYPES if flow[t]["AGG"] > 0})


def generic_half(plan: Plan) -> Optional[int]:
    """The generic amount of the monocolored hybrid symbols (2 for {2/B}),
    0 when there are none; raises OutsideModel when they differ."""
    amounts = {c.generic for c in plan.groups if c.generic}
    if len(amounts) > 1:
        raise OutsideModel("monocolored hybrid symbols with different generic halves are not counted")
    return amounts.pop() if amounts else 0


def capable(plan: Plan, what: str) -> int:
    """How many symbols may be paid with their generic half (``generic``) or with life (``life``)."""
    return sum(k for c, k in plan.groups.items() if (c.generic if what == "generic" else c.life))
