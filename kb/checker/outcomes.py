"""The outcomes of a situation, one function per grammar alias, each
returning whether it holds once the events are over: power/toughness with
counters, features, dying and surviving, returning with persist, colours,
soulbond triggering and pairing, activating a {Q}/{T} ability, conspire
copies.  :data:`OUTCOMES` is called with the situation and the subtree.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lark import Tree

from kb.checker import keywords, layers
from kb.checker.features import has_all_features, has_feature, matches_colors
from kb.checker.reading import Handlers, count, polarity, pt, subtrees, tokens
from kb.checker.verdict import Unknown

if TYPE_CHECKING:
    from kb.checker.situation import Situation

OUTCOMES = Handlers("outcome {form} is not modelled")


# ---- conspire copies

@OUTCOMES.of("copies_n")
def _copies_n(state: "Situation", o: Tree) -> bool:
    return state.copies == count(o.children[0])


@OUTCOMES.of("copies_none")
def _copies_none(state: "Situation", o: Tree) -> bool:
    return state.copies == 0


@OUTCOMES.of("copies_one")
def _copies_one(state: "Situation", o: Tree) -> bool:
    return state.copies == 1


@OUTCOMES.of("copies_outcome")
def _copies(state: "Situation", o: Tree) -> bool:
    return state.outcome(o.children[0])


# ---- the creature

@OUTCOMES.of("pt_outcome")
def _power_toughness(state: "Situation", o: Tree) -> bool:
    """« elle est 1/1 avec un marqueur -1/-1 » (the power/toughness layer, concepts ``pt_*``)."""
    is_, value = o.children[0], o.children[1]
    if subtrees(o, "eot_time"):
        state.end_turn()
    p = state.current()
    actual = layers.power_toughness(p, state.ed, state.trace)
    ok = actual == pt(value)
    lki = state.trace.tr(" (last known information)") if p is state.lki and p is not state.returned else ""
    state.trace.step("result: {name} is {power}/{toughness}{lki}", name=state.trace.tr(p.name), power=actual[0],
                     toughness=actual[1], lki=lki)
    for group in o.children[2:]:
        for feat in group.children:
            ok = ok and has_feature(p, feat)
        state.trace.step("counters: {counters}", counters=state.trace.tr(p.describe_counters()))
    return ok == polarity(is_)


@OUTCOMES.of("has_outcome")
def _has(state: "Situation", o: Tree) -> bool:
    has, feat = o.children
    p = state.current()
    ok = has_feature(p, feat)
    state.trace.step("{name}: {counters}; keywords {keywords}", name=state.trace.tr(p.name),
                     counters=state.trace.tr(p.describe_counters()),
                     keywords=", ".join(sorted(map(state.trace.keyword, (p.keywords | p.granted) - p.lost)))
                     or state.trace.tr("none"))
    return ok == polarity(has)


@OUTCOMES.of("kept_outcome")
def _kept(state: "Situation", o: Tree) -> bool:
    """« elle garde son marqueur +1/+1 »: it has every counter of that kind it started with."""
    keeps, counters = o.children
    kind = "+1/+1" if "+1/+1" in str(counters) else "-1/-1"
    had = state.initial_counters.get(kind, 0)
    if not had:
        raise Unknown("the situation gives it no {kind} counter to keep", kind=kind)
    p = state.current()
    state.trace.step("counters: {counters}", counters=state.trace.tr(p.describe_counters()))
    return (p.counters.get(kind, 0) >= had) == polarity(keeps)


@OUTCOMES.of("no_counter_outcome")
def _no_counter(state: "Situation", o: Tree) -> bool:
    p = state.current()
    kinds = [k for k in ("+1/+1", "-1/-1") if k in str(tokens(o, "NO_COUNTER")[0])]
    if kinds:
        return p.counters.get(kinds[0], 0) == 0
    return not +p.counters


@OUTCOMES.of("color_outcome")
def _color(state: "Situation", o: Tree) -> bool:
    """Colours after colour-changing effects (concept ``layer_color``)."""
    is_, desc = o.children
    p = state.current()
    if not state.colors_known and not any(not e.additive for e in p.color_effects):
        raise Unknown("the situation does not say the creature's colors")
    cols = layers.colors(p, state.trace)
    state.trace.step("{label} is {colors}", "color", label=state.trace.tr(p.name),
                     colors="".join(cols) or state.trace.tr("colorless"))
    return matches_colors(cols, desc, state.trace) == polarity(is_)


@OUTCOMES.of("activate_outcome")
def _activate(state: "Situation", o: Tree) -> bool:
    """Whether a {Q} or {T} ability can be activated (concepts ``summoning_sickness``, ``haste``)."""
    can, sym = o.children[0], str(o.children[1])
    p = state.current()
    if ("ability " + sym) not in p.keywords:
        state.trace.step("(assuming {name} has an ability with {symbol} in its cost)", name=state.trace.tr(p.name),
                         symbol=sym)
    return keywords.can_activate_tap_or_untap(p, sym, state.trace) == polarity(can)


@OUTCOMES.of("activate_it_outcome")
def _activate_it(state: "Situation", o: Tree) -> bool:
    """« elle peut l'activer »: the actor's one ability with {Q} or {T} in its cost."""
    p = state.current()
    symbols = [k.split(" ", 1)[1] for k in sorted(p.keywords) if k in ("ability {Q}", "ability {T}")]
    if len(symbols) != 1:
        raise Unknown("« it » names no single ability with {Q} or {T} in its cost; say which (« sa capacité {Q} »)")
    return keywords.can_activate_tap_or_untap(p, symbols[0], state.trace) == polarity(o.children[0])


# ---- dying and returning

@OUTCOMES.of("dies_outcome")
def _dies(state: "Situation", o: Tree) -> bool:
    state.trace.step("it was put into a graveyard" if state.died else "it stayed on the battlefield")
    return state.died


@OUTCOMES.of("survives_outcome")
def _survives(state: "Situation", o: Tree) -> bool:
    return not state.died


@OUTCOMES.of("returns_outcome")
def _returns(state: "Situation", o: Tree) -> bool:
    """Persist returned it, with the features stated (concept ``persist``)."""
    _require_death(state)
    if state.returned is None:
        if state.lki is not None and not state.lki.has("persist"):
            state.trace.step("it had no persist (nor another ability returning it) when it died", "persist")
        return False
    return has_all_features(state.returned, o.children)


@OUTCOMES.of("not_returns_outcome")
def _not_returns(state: "Situation", o: Tree) -> bool:
    _require_death(state)
    return state.returned is None


def _require_death(state: "Situation") -> None:
    """Whether it returns is a question only once it died: « les créatures
    avec la persistance reviennent » says nothing of their death."""
    if not state.died:
        raise Unknown("the claim says whether it returns to the battlefield, but nothing puts it into a "
                      "graveyard (say « … meurt : elle revient … » / \"… dies: it returns …\")")


# ---- soulbond

@OUTCOMES.of("soulbond_trigger_outcome")
def _soulbond_triggers(state: "Situation", o: Tree) -> bool:
    if state.soulbond_triggered is None:
        raise Unknown("the situation has no creature with soulbond entering the battlefield")
    return state.soulbond_triggered == polarity(o.children[0])


@OUTCOMES.of("paired_outcome", "unpaired_outcome")
def _paired(state: "Situation", o: Tree) -> bool:
    """Whether the creature is (still) paired (concepts ``soulbond_*``)."""
    state.require_soulbond()
    if state.soulbond_triggered is not None and state.still_paired is None:
        if state.soulbond_triggered:
            raise Unknown("soulbond triggered, but pairing is the player's choice (« vous pouvez associer »)")
        state.trace.step("soulbond did not trigger: the creature stays unpaired", "soulbond")
        return o.data == "unpaired_outcome"
    paired = state.still_paired if state.still_paired is not None else (
        state.perm is not None and state.perm.paired_with is not None)
    if state.still_paired is None:
        state.trace.step("nothing that unpairs happened", "soulbond_unpair")
    return paired if o.data == "paired_outcome" else not paired
