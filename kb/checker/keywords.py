"""Keyword mechanics of the seeds: persist and wither outside a game (the
engine, :mod:`kb.checker.engine`, plays them in one), conspire, the untap
symbol {Q} with summoning sickness and haste, mana burn.

Soulbond, banding and linked abilities have their own modules
(``soulbond``, ``banding``, ``linked``).  Each function cites its rules by
concept key; the Trace numbers them in the edition asked.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from kb.checker.engine import abilities, replacement
from kb.checker.permanents import Permanent
from kb.checker.verdict import OutsideModel, Trace


# --- Persist and wither (played by the engine) ----------------------------

def persist(lki: Permanent, card: Permanent, trace: Trace, *, left_graveyard: bool = False) -> Optional[Permanent]:
    """Resolve persist for a permanent put into a graveyard from the battlefield,
    outside a game (:mod:`kb.checker.engine.abilities` holds the ability).

    ``lki`` is the permanent as it last existed (its -1/-1 counters decide,
    seeds/001_… persist notes); ``card`` is the object now in the graveyard.
    Returns the new permanent (a new object with one -1/-1 counter, summoning
    sick, without persist if persist came from an effect such as the
    Chaudron des âmes), or None: no persist, it had a -1/-1 counter, it is a
    token (ceases to exist), or the card left the graveyard first.
    """
    if not lki.has("persist"):
        trace.step("{name} did not have persist when it left the battlefield", "persist", name=trace.tr(lki.name))
        return None
    if not abilities.returns_if("persist", lki, trace):
        return None
    return abilities.return_card("persist", lki, trace, left_graveyard=left_graveyard)


def deal_damage(target: Permanent, amount: int, trace: Trace, *, wither: bool = False,
                prevented: int = 0) -> int:
    """Deal ``amount`` damage to a creature, ``prevented`` of it prevented
    (:func:`kb.checker.engine.replacement.deal_damage`).

    With wither the damage becomes that many -1/-1 counters instead of being
    marked; it is still damage: it can be prevented (seeds/001_… Flétrissure
    notes, Cygnes de Bryn Argoll) and triggers lifelink-like abilities.
    Returns damage dealt.
    """
    return replacement.deal_damage(target, amount, trace, wither=wither, prevented=prevented).amount


# --- Conspire -------------------------------------------------------------

@dataclass
class Spell:
    """A spell on the stack for conspire: its colors, how many instances of
    conspire it has, and whether it was cast (a copy is not)."""

    name: str = "spell"
    colors: tuple[str, ...] = ()
    conspire: int = 1
    cast: bool = True
    is_copy: bool = False


def conspire_copies(spell: Spell, paid: int, trace: Trace,
                    tapped_colors: Optional[list[tuple[str, ...]]] = None) -> int:
    """Number of copies conspire creates.

    Each instance is paid at most once and triggers on its own payment
    (concept ``conspire_instances``), so ``paid`` instances give ``paid``
    copies; a copy has conspire but was not cast, so it gives no copy
    (seeds/001_… conspire notes).  ``tapped_colors`` lists, per tapped
    creature, its colors: each must share a color with the spell (concept ``conspire``).
    """
    if paid > spell.conspire:
        trace.step("{name} has {n} instance(s) of conspire: each cost can be paid only once",
                   "conspire_instances", name=trace.tr(spell.name), n=spell.conspire)
        raise ValueError("more conspire costs paid than instances")
    if tapped_colors is not None:
        for cs in tapped_colors:
            if not set(cs) & set(spell.colors):
                trace.step("a tapped creature ({colors}) shares no color with the spell: "
                           "the conspire cost is not paid", "conspire", colors="".join(cs) or trace.tr("colorless"))
                return 0
        trace.step("each tapped creature shares a color with the spell (they need not share one with each "
                   "other)", "conspire")
    if not spell.cast:
        trace.step("a copy is not cast: its conspire ability does not trigger, no further copy", "conspire")
        return 0
    trace.step("{n} conspire cost(s) paid: each instance triggers on its own payment -> {n} copy(ies)",
               "conspire", "conspire_instances", n=paid)
    return paid


# --- Untap symbol, summoning sickness, haste ------------------------------

def can_activate_tap_or_untap(perm: Permanent, symbol: str, trace: Trace) -> bool:
    """Whether an ability with {T} or {Q} in its cost can be activated now.

    {Q} means « untap this permanent »: impossible if it is already untapped
    (concept ``untap_symbol``); {T} needs it untapped.  A creature not
    controlled continuously since its controller's most recent turn began
    can't activate either unless it has haste (concepts ``summoning_sickness``,
    ``haste``).  A noncreature permanent is not affected.
    """
    if symbol not in ("{Q}", "{T}"):
        raise OutsideModel("{symbol} is not the tap or untap symbol", symbol=symbol)
    concept = "untap_symbol" if symbol == "{Q}" else "tap_symbol"
    if symbol == "{Q}" and not perm.tapped:
        trace.step("{name} is untapped: the cost « untap this permanent » can't be paid", concept,
                   name=trace.tr(perm.name))
        return False
    if symbol == "{T}" and perm.tapped:
        trace.step("{name} is tapped: the cost « tap this permanent » can't be paid", concept,
                   name=trace.tr(perm.name))
        return False
    trace.step("{name} is tapped: the {symbol} cost can be paid" if perm.tapped else
               "{name} is untapped: the {symbol} cost can be paid", concept, name=trace.tr(perm.name), symbol=symbol)
    if perm.is_creature and not perm.continuous_control:
        if perm.has("haste"):
            trace.step("it has not been under its controller's control since their most recent turn began, "
                       "but it has haste", "summoning_sickness", "haste")
            return True
        trace.step("it is a creature that has not been under its controller's control since their most "
                   "recent turn began (summoning sickness) and has no haste", "summoning_sickness")
        return False
    if perm.is_creature:
        trace.step("it has been under its controller's control since their most recent turn began",
                   "summoning_sickness")
    else:
        trace.step("it is not a creature: summoning sickness does not apply", "summoning_sickness")
    return True


def mana_burn(unused: int, trace: Trace) -> int:
    """Life lost for ``unused`` mana left when a phase ends: 1 each under the
    2008 rules (concept ``mana_burn``; seeds/001_… Forgeur de vallée note), 0 since the
    Magic 2010 rules (glossary « Mana Burn (Obsolete) »)."""
    if trace.edition.mana_burn:
        trace.step("{n} unused mana is lost at the end of the phase and causes {n} mana burn "
                   "(loss of life, not damage)", "mana_burn", n=unused)
        return unused
    trace.step("{n} unused mana empties from the pool; mana burn no longer exists "
               "(removed by the Magic 2010 rules, 2009-07-11)", "mana_empties", n=unused)
    return 0
