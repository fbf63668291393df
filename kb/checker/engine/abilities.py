"""Keyword abilities: what kind of ability each keyword is, and what it does.

:data:`ABILITIES` maps a keyword (English, lowercase, as on
:class:`~kb.checker.permanents.Permanent`) to an :class:`Ability`: its
``kind`` as the engine applies it — ``triggered`` (put on the stack when
its event happens), ``replacement`` (modifies an event as it would
happen), ``static`` (changes the rules while it is there), ``evasion``
(limits how it can be blocked), ``cost`` (an optional additional cost) —
its effect in words (from the rule that defines it), the concept keys of
the rules it comes from (numbered per edition by the trace), and where the
engine applies it.  Persist and undying, the abilities that return a dying
creature with a counter, are implemented here; the others where they act
(:mod:`.replacement`, :mod:`.combat`, :mod:`kb.checker.sba`).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Optional

from kb.checker.engine.citing import name_of, say
from kb.checker.engine.replacement import enters_with_counters
from kb.checker.engine.stack import Triggered
from kb.checker.engine.zones import Move, fresh
from kb.checker.permanents import MINUS, PLUS, Permanent
from kb.checker.verdict import Trace

if TYPE_CHECKING:
    from kb.checker.engine.game import Game

KINDS = ("triggered", "replacement", "static", "evasion", "cost")


@dataclass(frozen=True)
class Ability:
    """A keyword ability: ``kind`` (one of :data:`KINDS`), its ``effect`` in
    words, the ``concepts`` of its rules, and the module applying it."""

    keyword: str
    kind: str
    effect: str
    concepts: tuple[str, ...]
    applied_by: str


def _a(keyword: str, kind: str, effect: str, applied_by: str, *concepts: str) -> Ability:
    return Ability(keyword, kind, effect, concepts or (keyword.replace(" ", "_"),), applied_by)


ABILITIES: dict[str, Ability] = {a.keyword: a for a in (
    _a("persist", "triggered", "when it is put into a graveyard from the battlefield, if it had no -1/-1 counter "
       "on it, return it to the battlefield under its owner's control with a -1/-1 counter on it", "abilities"),
    _a("undying", "triggered", "when it is put into a graveyard from the battlefield, if it had no +1/+1 counter "
       "on it, return it to the battlefield under its owner's control with a +1/+1 counter on it", "abilities"),
    _a("wither", "replacement", "damage it deals to a creature is not marked but puts that many -1/-1 counters "
       "on that creature", "replacement", "wither", "wither_damage"),
    _a("infect", "replacement", "damage it deals to a creature puts that many -1/-1 counters on it, and damage "
       "it deals to a player gives that player that many poison counters, instead of the usual result",
       "replacement", "infect", "infect_damage"),
    _a("lifelink", "static", "damage it deals also makes its controller gain that much life", "replacement"),
    _a("deathtouch", "static", "any nonzero damage it deals to a creature is lethal, and a creature dealt "
       "damage by it is destroyed by a state-based action", "combat", "deathtouch", "deathtouch_lethal",
       "sba_deathtouch"),
    _a("first strike", "static", "it deals combat damage in a first combat damage step, before creatures "
       "without first strike or double strike", "combat", "first_strike", "combat_damage_step"),
    _a("double strike", "static", "it deals combat damage in both the first-strike and the regular combat "
       "damage steps", "combat", "double_strike", "combat_damage_step"),
    _a("trample", "static", "attacking and blocked, it may assign damage beyond lethal damage to its blockers "
       "to the player or planeswalker it attacks", "combat", "trample"),
    _a("indestructible", "static", "it can't be destroyed: lethal damage and effects that destroy do not "
       "destroy it", "replacement"),
    _a("regeneration", "replacement", "the next time it would be destroyed this turn, instead remove all "
       "damage from it, tap it and remove it from combat", "replacement", "regeneration"),
    _a("conspire", "cost", "as you cast the spell, you may tap two untapped creatures you control that share a "
       "color with it; when you do, copy it", "kb.checker.keywords", "conspire", "conspire_instances"),
    _a("soulbond", "triggered", "when it or another unpaired creature enters under your control, you may pair "
       "them; each gets the bonus while both are paired creatures you control", "kb.checker.soulbond",
       "soulbond", "soulbond_paired"),
    _a("protection", "static", "it can't be damaged, enchanted or equipped, blocked or targeted by what it has "
       "protection from (damage from such sources is prevented)", "(qualities: not modelled)", "protection"),
    _a("hexproof", "static", "it can't be the target of spells or abilities its opponents control",
       "(targeting: not modelled)", "hexproof"),
    _a("menace", "evasion", "it can't be blocked except by two or more creatures", "combat", "menace"),
    _a("landwalk", "evasion", "it can't be blocked as long as the defending player controls a land of the "
       "stated type", "combat", "landwalk"),
    _a("flash", "static", "it may be cast any time its controller could cast an instant",
       "(timing: not modelled)", "flash"),
    _a("haste", "static", "it can attack and its {T} and {Q} abilities can be activated even if it has not "
       "been under its controller's control since their most recent turn began", "kb.checker.keywords",
       "haste", "summoning_sickness"),
    _a("vigilance", "static", "attacking does not cause it to tap", "combat", "vigilance"),
    _a("defender", "static", "it can't attack", "combat", "defender"),
)}

#: The triggered abilities that return a dying creature, and the counter it comes back with.
RETURNING = {"persist": MINUS, "undying": PLUS}

_TOLD = {
    MINUS: {
        "no": "persist checks last known information: {name} had {n} -1/-1 counter(s) when it died, so it does "
              "not return",
        "yes": "persist triggers: {name} had no -1/-1 counter when it died",
        "token": "a token ceases to exist in the graveyard: persist cannot return it",
        "left": "the card left the graveyard before persist resolved: it does not return",
        "back": "{name} returns under its owner's control with a -1/-1 counter; it is a new object with no "
                "memory of its previous existence (summoning sick)",
        "granted": "its persist came from an effect, so the returned creature does not have persist",
    },
    PLUS: {
        "no": "undying checks last known information: {name} had {n} +1/+1 counter(s) when it died, so it does "
              "not return",
        "yes": "undying triggers: {name} had no +1/+1 counter when it died",
        "token": "a token ceases to exist in the graveyard: undying cannot return it",
        "left": "the card left the graveyard before undying resolved: it does not return",
        "back": "{name} returns under its owner's control with a +1/+1 counter; it is a new object with no "
                "memory of its previous existence (summoning sick)",
        "granted": "its undying came from an effect, so the returned creature does not have undying",
    },
}


def kind(keyword: str) -> Optional[str]:
    """The kind of ``keyword`` (None: not in the table)."""
    found = ABILITIES.get(keyword)
    return found.kind if found else None


def returns_if(keyword: str, lki: Permanent, trace: Optional[Trace]) -> bool:
    """Whether persist/undying triggers for ``lki`` (its condition, read by last known information)."""
    counter = RETURNING[keyword]
    n = lki.counters.get(counter, 0)
    told = _TOLD[counter]
    if n:
        say(trace, told["no"], keyword, "last_known_information", name=name_of(trace, lki.name), n=n)
        return False
    say(trace, told["yes"], keyword, "last_known_information", name=name_of(trace, lki.name))
    return True


def death_triggers(move: Move, trace: Optional[Trace]) -> list[Triggered]:
    """The abilities that trigger as ``move`` puts a permanent into a graveyard from the battlefield."""
    return [Triggered(kw, move.lki, move.lki.controller, _resolve_return, card=move.new, origin=move.old)
            for kw in RETURNING if move.lki.has(kw) and returns_if(kw, move.lki, trace)]


def return_with_counter(keyword: str, lki: Permanent, trace: Optional[Trace], *, present: bool,
                        bring: Callable[[], Permanent]) -> Optional[Permanent]:
    """Resolve persist/undying for ``lki``: ``present`` says whether the card
    is still in the graveyard, ``bring()`` moves it to the battlefield (the
    new object); the new object enters with the counter (a replacement)."""
    told = _TOLD[RETURNING[keyword]]
    if lki.is_token:
        say(trace, told["token"], "sba_token")
        return None
    if not present:
        say(trace, told["left"], keyword)
        return None
    new = bring()
    new.controller = new.owner = lki.owner
    enters_with_counters(new, Counter({RETURNING[keyword]: 1}))
    say(trace, told["back"], keyword, "new_object", name=name_of(trace, lki.name))
    if keyword in lki.granted and keyword not in lki.keywords:
        say(trace, told["granted"], "new_object")
    return new


def return_card(keyword: str, lki: Permanent, trace: Optional[Trace], *,
                left_graveyard: bool = False) -> Optional[Permanent]:
    """Persist/undying resolved outside a game: the new object made from ``lki``'s printed characteristics."""
    return return_with_counter(keyword, lki, trace, present=not left_graveyard,
                               bring=lambda: fresh(lki, "battlefield"))


def _resolve_return(game: "Game", ability: Triggered) -> None:
    card = ability.card
    present = card is not None and game.zones.zone_of(card) == "graveyard"
    new = return_with_counter(ability.keyword, ability.source, game.trace, present=present,
                              bring=lambda: game.zones.move(card, "battlefield").new)
    if new is not None:
        game.returned[id(ability.origin)] = new
