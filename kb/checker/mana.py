"""The mana model: mana value, colors of a cost, every way to pay a cost,
whether mana spent or a mana pool pays it, and cost reductions by color.

Sources: seeds/001_… (Shadowmoor FAQ) « Hybride » and « Hybride monochrome »
sections and the 2008 rules it quotes (104.3f, 203.2e, 203.3c); today's
CR 107.4, 202.2, 202.3, 601.2f.  Costs are parsed by ``parser.mana``.

A *payment* (:class:`Payment`) is a cost with every choice made: each
hybrid symbol replaced by one of its halves, {X} by its value, a Phyrexian
symbol by its color or 2 life.  It is kept as a multiset (symbol order does
not matter): generic amount, mana of each type (W U B R G C), snow, life.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Optional, Union

from parser.mana import COLORS, ManaCost, ManaCostError, ManaSymbol, parse_mana_cost

from kb.checker import payplan
from kb.checker.verdict import OutsideModel, Trace

#: Types of mana (CR 106.1b; seeds/001_… Bassin réfléchissant: « six types de mana »).
MANA_TYPES: tuple[str, ...] = COLORS + ("C",)
_ORDER = {t: i for i, t in enumerate(MANA_TYPES)}

CostLike = Union[str, ManaCost]


def as_cost(cost: CostLike) -> ManaCost:
    """A ManaCost from a ManaCost or a cost string (ManaCostError if bad)."""
    return cost if isinstance(cost, ManaCost) else _parsed(cost)


#: A cost written as brace symbols only; long ones are parsed symbol by symbol.
_SYMBOLS = re.compile(r"\{[^{}\s]*\}")
_LONG = 16


@lru_cache(maxsize=64)
def _parsed(text: str) -> ManaCost:
    """``text`` parsed by ``parser.mana``; a long cost is parsed one distinct
    symbol at a time (the grammar reads a cost as a sequence of symbols), so
    1000 {2/B} cost one parse of {2/B}."""
    parts = _SYMBOLS.findall(text)
    if len(parts) <= _LONG or "".join(parts) != text:
        return parse_mana_cost(text)
    try:
        symbols = tuple(s for part in parts for s in _symbol(part).symbols)
    except ManaCostError:
        return parse_mana_cost(text)        # the error with its column in the whole cost
    return ManaCost(text, symbols)


@lru_cache(maxsize=256)
def _symbol(text: str) -> ManaCost:
    return parse_mana_cost(text)


@dataclass(frozen=True)
class Payment:
    """One fully chosen way to pay: ``generic`` mana of any type, specific
    ``mana`` (sorted tuple of (type, count) with type in W U B R G C),
    ``snow`` mana from snow sources and ``life`` paid for Phyrexian symbols.

    ``str()`` renders it in card notation: ``{2}{B}{B}``, ``{W}{U}``,
    ``{B} + 2 life``; an empty payment is ``{0}``.
    """

    generic: int = 0
    mana: tuple[tuple[str, int], ...] = ()
    snow: int = 0
    life: int = 0

    @staticmethod
    def make(generic: int = 0, mana: Optional[Iterable[str]] = None, snow: int = 0, life: int = 0) -> "Payment":
        counts = Counter(mana or ())
        return Payment(generic, tuple(sorted(((t, n) for t, n in counts.items() if n), key=lambda p: _ORDER[p[0]])),
                       snow, life)

    @property
    def counts(self) -> Counter:
        return Counter(dict(self.mana))

    def count(self, mana_type: str) -> int:
        return dict(self.mana).get(mana_type, 0)

    @property
    def total(self) -> int:
        """Amount of mana spent (life not counted)."""
        return self.generic + self.snow + sum(n for _, n in self.mana)

    def uses(self, mana_type: str) -> bool:
        return self.count(mana_type) > 0

    def __add__(self, other: "Payment") -> "Payment":
        return Payment.make(self.generic + other.generic, (self.counts + other.counts).elements(),
                            self.snow + other.snow, self.life + other.life)

    def sort_key(self) -> tuple:
        return (self.life, self.generic, self.snow, tuple(_ORDER[t] for t, n in self.mana for _ in range(n)))

    def __str__(self) -> str:
        parts = []
        if self.generic:
            parts.append(f"{{{self.generic}}}")
        parts += ["{S}"] * self.snow
        parts += [f"{{{t}}}" * n for t, n in self.mana]
        text = "".join(parts)
        if self.life:
            return f"{text} + {self.life} life" if text else f"{self.life} life"
        return text or "{0}"


def symbol_options(symbol: ManaSymbol, x: int = 0) -> list[Payment]:
    """The ways to pay one symbol (CR 107.4; 2008 rule 104.3f).

    {W/U} -> {W} or {U}; {2/B} -> {B} or {2}; {B/P} -> {B} or 2 life;
    {G/U/P} -> {G}, {U} or 2 life; {X} -> {x}; {S} -> one snow mana.
    Raises OutsideModel for half mana ({HW}), which no pool here can hold.
    """
    k = symbol.kind
    if k == "generic":
        return [Payment.make(generic=symbol.generic)]
    if k == "variable":
        return [Payment.make(generic=x)]
    if k == "colored":
        return [Payment.make(mana=symbol.colors)]
    if k == "colorless":
        return [Payment.make(mana=["C"])]
    if k == "snow":
        return [Payment.make(snow=1)]
    if k == "hybrid":
        return [Payment.make(mana=[c]) for c in symbol.colors]
    if k == "monocolored_hybrid":
        return [Payment.make(mana=symbol.colors), Payment.make(generic=symbol.generic)]
    if k == "phyrexian":
        return [Payment.make(mana=symbol.colors), Payment.make(life=2)]
    if k == "hybrid_phyrexian":
        return [Payment.make(mana=[c]) for c in symbol.colors] + [Payment.make(life=2)]
    raise OutsideModel("paying {symbol} (half mana) is outside the model", symbol=symbol.text)


def payments(cost: CostLike, x: int = 0) -> list[Payment]:
    """Every distinct way to pay ``cost`` (a multiset per way), sorted.

    ``{W/U}{W/U}`` -> [{W}{W}, {W}{U}, {U}{U}] (seeds/001_… hybrid note);
    ``{2/B}{2/B}{2/B}`` -> [{B}{B}{B}, {2}{B}{B}, {4}{B}, {6}] (Implorer la
    reine note).  ``x`` is the value chosen for each {X}/{Y}/{Z}.  Raises
    OutsideModel when there may be more than :data:`payplan.LIST_LIMIT`
    ways (they are counted, see :func:`pays_exactly`, never listed).
    """
    c = as_cost(cost)
    bound = payplan.way_count_bound(payplan.plan_of(c, x))
    if bound > payplan.LIST_LIMIT:
        raise OutsideModel("{cost} has up to {bound} ways to pay: too many to list (more than {limit})",
                           cost=c.text, bound=bound, limit=payplan.LIST_LIMIT)
    partial = {Payment()}
    for symbol in c.symbols:
        options = symbol_options(symbol, x)
        partial = {p + o for p in partial for o in options}
    return sorted(partial, key=Payment.sort_key)


def many_ways(cost: CostLike, x: int = 0) -> bool:
    """Whether ``cost`` may have more ways to pay than are listed (:data:`payplan.LIST_LIMIT`)."""
    return payplan.way_count_bound(payplan.plan_of(as_cost(cost), x)) > payplan.LIST_LIMIT


def counted_exact(cost: CostLike, spent: Payment, x: int = 0) -> Optional[Payment]:
    """The way of paying ``cost`` that spending exactly ``spent`` realises,
    found without listing the ways (:mod:`kb.checker.payplan`), or None."""
    plan = payplan.plan_of(as_cost(cost), x)
    if plan.snow or spent.snow:
        raise OutsideModel("snow mana ({S}) needs to know which mana came from snow sources")
    if spent.life % 2 or spent.life // 2 > payplan.capable(plan, "life"):
        return None
    life = spent.life // 2
    half = payplan.generic_half(plan)
    base = plan.generic + plan.symbols - life
    candidates = range(payplan.capable(plan, "generic") + 1) if half == 1 else \
        ([(spent.total - base) // (half - 1)] if half and (spent.total - base) % (half - 1) == 0 else [0])
    for m in candidates:
        if not 0 <= m <= payplan.capable(plan, "generic") or base + (half - 1) * m != spent.total:
            continue
        used = payplan.assign(plan, dict(spent.counts), m, life)
        if used is not None:
            return Payment.make(plan.generic + half * m, used.elements(), 0, spent.life)
    return None


def counted_pool(pool: Payment, cost: CostLike, x: int = 0) -> Optional[Payment]:
    """A way to pay ``cost`` from ``pool`` (leftovers allowed, life assumed
    payable, so every Phyrexian choice is paid with life), found without
    listing the ways, or None."""
    plan = payplan.plan_of(as_cost(cost), x)
    if plan.snow:
        raise OutsideModel("snow mana ({S}) needs to know which mana came from snow sources")
    life, half = payplan.capable(plan, "life"), payplan.generic_half(plan)
    lo, hi = 0, payplan.capable(plan, "generic")
    caps = dict(pool.counts)
    if payplan.assign(plan, caps, hi, life) is None:
        return None
    while lo < hi:                       # fewest generic halves that still fit
        mid = (lo + hi) // 2
        if payplan.assign(plan, caps, mid, life) is None:
            lo = mid + 1
        else:
            hi = mid
    used = payplan.assign(plan, caps, lo, life)
    way = Payment.make(plan.generic + half * lo, used.elements(), 0, 2 * life)
    return way if way.total <= pool.total else None


def mana_value(cost: Optional[CostLike], trace: Optional[Trace] = None, x: int = 0) -> Union[int, float]:
    """Mana value (converted mana cost) of a cost; None (no mana cost) is 0.

    A monocolored hybrid symbol counts its larger half and a hybrid symbol
    1 (2008 rule 203.3c, CR 202.3f); {X} is 0 outside the stack (202.3e);
    a Phyrexian symbol 1 (202.3g).
    """
    if cost is None:
        if trace:
            trace.step("no mana cost: mana value 0", "mana_value_no_cost")
        return 0
    c = as_cost(cost)
    value = c.mana_value_with(x)
    if trace:
        parts = [f"{s.text}={s.mana_value(x)}" for s in c.symbols]
        trace.step("mana value of {cost}: {sum} = {value}", "mana_value", cost=c.text or trace.tr("(empty)"),
                   sum=" + ".join(parts) or "0", value=value)
        kinds = {s.kind for s in c.symbols}
        if kinds & {"hybrid", "monocolored_hybrid"}:
            trace.step("a hybrid symbol counts its largest component ({2/B} counts 2)", "mana_value_hybrid")
        if "variable" in kinds:
            trace.step("each X counts {x} (X is 0 everywhere but on the stack)" if x == 0 else
                       "each X counts {x} (the value chosen, on the stack)", "mana_value_x", x=x)
        if kinds & {"phyrexian", "hybrid_phyrexian"}:
            trace.step("each Phyrexian symbol counts 1", "mana_value_phyrexian")
    return value


def cost_colors(cost: Optional[CostLike], trace: Optional[Trace] = None) -> tuple[str, ...]:
    """Colors given by a mana cost, WUBRG order (2008 rule 203.2e, CR 202.2d).

    A hybrid symbol is each of its colors, a monocolored hybrid or Phyrexian
    symbol its color, whatever mana is spent; {C}, numbers, {X} and {S} give
    no color (colorless is not a color, CR 105.2c).
    """
    if cost is None:
        if trace:
            trace.step("no mana cost: no color from a cost", "colorless")
        return ()
    c = as_cost(cost)
    colors = c.colors
    if trace:
        hybrid = [s.text for s in c.symbols if s.kind in ("hybrid", "monocolored_hybrid", "hybrid_phyrexian", "phyrexian")]
        if hybrid:
            trace.step("hybrid/Phyrexian symbols {symbols} give each of their colors, whatever is spent",
                       "hybrid_color", symbols="".join(hybrid))
        trace.step("colors of {cost}: {colors}", "color", cost=c.text,
                   colors="".join(colors) or trace.tr("none (colorless)"))
    return colors


def parse_mana(text: str) -> Payment:
    """Mana given in card notation read as a payment or pool content.

    ``{W}{U}`` -> W, U; ``{4}{B}`` -> 4 generic (mana of any type) and B;
    ``{C}`` colorless.  Hybrid, Phyrexian or {X} symbols are not mana one can
    have (seeds/001_…: « Vous ne pouvez pas ajouter de mana hybride à votre
    réserve ») and raise ManaCostError.
    """
    cost = as_cost(text)
    generic, mana, snow = 0, [], 0
    for s in cost.symbols:
        if s.kind == "generic":
            generic += s.generic
        elif s.kind == "colored":
            mana += list(s.colors)
        elif s.kind == "colorless":
            mana.append("C")
        elif s.kind == "snow":
            snow += 1
        else:
            col = text.find(s.text) + 1
            raise ManaCostError(f"{s.text} is a cost symbol, not mana one can spend or hold", text, col, s.text)
    return Payment.make(generic, mana, snow)


def _fits(spent: Payment, option: Payment) -> bool:
    # Spent mana pays ``option`` exactly: same amount, same life, and each
    # specific type needed is there (extra specific mana pays generic).
    if spent.life != option.life or spent.total != option.total:
        return False
    if option.snow or spent.snow:
        raise OutsideModel("snow mana ({S}) needs to know which mana came from snow sources")
    counts = spent.counts
    return all(counts[t] >= n for t, n in option.mana)


def pays_exactly(cost: CostLike, spent: Union[str, Payment], trace: Optional[Trace] = None, x: int = 0) -> Optional[Payment]:
    """The way of paying ``cost`` that spending exactly ``spent`` realises, or None.

    ``spent`` may hold generic amounts ({4}{B}: four mana of any type and one
    black), read as « mana of unspecified type », which pays only generic
    parts.  Seeds/001_… examples: {W/U}{W/U} with {W}{U}; Implorer la reine
    with {4}{B} or six red mana; rule 104.3f: {G/W}{G/W} with {G}{W}.
    """
    spent_p = parse_mana(spent) if isinstance(spent, str) else spent
    if many_ways(cost, x):
        option = counted_exact(cost, spent_p, x)
        if trace:
            trace.step("{cost} has too many ways to pay to list them: they are counted "
                       "(symbols grouped by choice, a flow of mana to symbols)", "hybrid_mana", cost=as_cost(cost).text)
            trace.step("spending {spent} matches the way {way}" if option else "spending {spent} matches no way",
                       "pay_cost", spent=spent_p, way=option)
        return option
    options = payments(cost, x)
    for option in options:
        if _fits(spent_p, option):
            if trace:
                trace.step("ways to pay {cost}: {ways}", "hybrid_mana", cost=as_cost(cost).text,
                           ways=", ".join(map(str, options)))
                trace.step("spending {spent} matches the way {way}", "pay_cost", spent=spent_p, way=option)
            return option
    if trace:
        trace.step("ways to pay {cost}: {ways}", "hybrid_mana", cost=as_cost(cost).text,
                   ways=", ".join(map(str, options)))
        trace.step("spending {spent} matches none of them", "pay_cost", spent=spent_p)
    return None


def pool_pays(pool: Union[str, Payment], cost: CostLike, trace: Optional[Trace] = None, x: int = 0) -> Optional[Payment]:
    """A way to pay ``cost`` from mana ``pool`` (mana may be left over), or None.

    Pool mana is written like a cost ({W}{W}{U}); a number stands for that
    much colorless mana (2008 rule 104.3d).  Life for Phyrexian symbols is
    assumed payable.
    """
    p = parse_mana(pool) if isinstance(pool, str) else pool
    if p.generic:
        p = Payment.make(0, list(p.counts.elements()) + ["C"] * p.generic, p.snow, p.life)
    if many_ways(cost, x):
        option = counted_pool(p, cost, x)
        if trace:
            trace.step("pool {pool} can pay {cost} as {way}" if option else
                       "pool {pool} pays no way of paying {cost} (ways counted, not listed)",
                       "pay_cost", pool=p, cost=as_cost(cost).text, way=option)
        return option
    counts = p.counts
    for option in payments(cost, x):
        if option.snow:
            raise OutsideModel("snow mana ({S}) needs to know which mana came from snow sources")
        if all(counts[t] >= n for t, n in option.mana) and p.total >= option.total:
            if trace:
                trace.step("pool {pool} can pay {cost} as {way}", "pay_cost", pool=p, cost=as_cost(cost).text,
                           way=option)
            return option
    if trace:
        trace.step("pool {pool} pays none of the ways {ways}", "pay_cost", pool=p,
                   ways=", ".join(map(str, payments(cost, x))))
    return None


def apply_reduction(payment: Payment, reduction: Union[str, Payment], trace: Optional[Trace] = None) -> tuple[Payment, bool]:
    """Apply a cost reduction to a chosen way of paying.

    A reduction of colored mana ({B}) applies only if the chosen payment
    includes that color; a reduction of generic mana ({1}) only if it
    includes generic mana (seeds/001_… hybrid and monocolored hybrid notes;
    2008 rule 409.1f, CR 601.2f).  Returns (reduced payment, applied?).
    """
    red = parse_mana(reduction) if isinstance(reduction, str) else reduction
    counts = payment.counts
    generic = payment.generic
    applied = False
    for t, n in red.mana:
        if counts[t]:
            take = min(n, counts[t])
            counts[t] -= take
            applied = True
            if trace:
                trace.step("the reduction of {{{t}}} applies: the payment {payment} includes {{{t}}}", "total_cost",
                           t=t, payment=payment)
        elif trace:
            trace.step("the reduction of {{{t}}} does not apply: the payment {payment} has no {{{t}}}", "total_cost",
                       t=t, payment=payment)
    if red.generic:
        if generic:
            generic -= min(red.generic, generic)
            applied = True
            if trace:
                trace.step("the generic reduction {{{n}}} applies to the generic part of {payment}",
                           "total_cost", n=red.generic, payment=payment)
        elif trace:
            trace.step("the generic reduction {{{n}}} does not apply: {payment} has no generic mana",
                       "total_cost", n=red.generic, payment=payment)
    result = Payment.make(generic, counts.elements(), payment.snow, payment.life)
    if trace:
        trace.step("cost to pay after reduction: {cost}", cost=result)
    return result, applied
