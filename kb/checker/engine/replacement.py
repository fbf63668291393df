"""Events as they happen, modified by the effects that replace or change them.

- Damage (:func:`deal_damage`): prevention first (concept ``prevention``),
  then its result: marked on a creature (``damage_marked``), or as -1/-1
  counters from a source with wither or infect (``wither_damage``,
  ``infect_damage``), life lost by a player, or poison counters from a
  source with infect; a source with lifelink makes its controller gain
  that much life; damage from a source with deathtouch is remembered for
  the state-based action that destroys.
- Destruction (:func:`destroy`): an indestructible permanent is not
  destroyed; a regeneration shield replaces the destruction (damage
  removed, tapped, removed from combat).
- Entering with counters (:func:`enters_with_counters`): the counters are
  on the permanent as it enters, not put on it afterwards.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Union

from kb.checker.engine.citing import name_of, say
from kb.checker.permanents import MINUS, Permanent
from kb.checker.verdict import Trace

if TYPE_CHECKING:
    from kb.checker.engine.game import Player


@dataclass
class Dealt:
    """What one damage event did: ``amount`` dealt (after prevention), to
    ``target``, and the life ``gained`` by the source's controller (lifelink)."""

    source: Optional[Permanent]
    target: Union[Permanent, "Player"]
    amount: int
    gained: int = 0


def deal_damage(target: Union[Permanent, "Player"], amount: int, trace: Optional[Trace] = None, *,
                source: Optional[Permanent] = None, prevented: int = 0, wither: bool = False,
                lifelink_to: Optional["Player"] = None) -> Dealt:
    """Deal ``amount`` damage from ``source`` (its last known information) to
    a creature or a player, ``prevented`` of it prevented; ``wither`` stands
    for a source with wither when no source is given.  ``lifelink_to`` is
    the player who controls a source with lifelink."""
    dealt = max(amount - prevented, 0)
    if prevented:
        say(trace, "{n} damage prevented", "prevention", n=min(prevented, amount))
    if not dealt:
        say(trace, "no damage is dealt, so no counter is put and nothing is marked")
        return Dealt(source, target, 0)
    has = (lambda kw: source.has(kw)) if source is not None else (lambda kw: False)
    if isinstance(target, Permanent):
        _to_creature(target, dealt, trace, wither=wither or has("wither"), infect=has("infect"),
                     deathtouch=has("deathtouch"))
    else:
        _to_player(target, dealt, trace, infect=has("infect"))
    gained = 0
    if has("lifelink") and lifelink_to is not None:
        before = lifelink_to.life
        lifelink_to.life += dealt
        gained = dealt
        say(trace, "{name} has lifelink: {player} gains {n} life ({before} -> {after})", "lifelink",
            name=name_of(trace, source.name), player=name_of(trace, lifelink_to.name), n=dealt, before=before,
            after=lifelink_to.life)
    return Dealt(source, target, dealt, gained)


def _to_creature(target: Permanent, dealt: int, trace: Optional[Trace], *, wither: bool, infect: bool,
                 deathtouch: bool) -> None:
    if infect:
        target.counters[MINUS] += dealt
        say(trace, "{n} damage from a source with infect: {n} -1/-1 counter(s) put on {name} instead of "
            "marking damage (still damage)", "infect", "infect_damage", n=dealt, name=name_of(trace, target.name))
    elif wither:
        target.counters[MINUS] += dealt
        say(trace, "{n} damage from a source with wither: {n} -1/-1 counter(s) put on {name} "
            "instead of marking damage (still damage)", "wither", "wither_damage", n=dealt,
            name=name_of(trace, target.name))
    else:
        target.damage += dealt
        say(trace, "{n} damage marked on {name} (total {total})", "damage_marked", n=dealt,
            name=name_of(trace, target.name), total=target.damage)
    if deathtouch:
        target.deathtouch_damage = True


def _to_player(player: "Player", dealt: int, trace: Optional[Trace], *, infect: bool) -> None:
    if infect:
        player.poison += dealt
        say(trace, "{n} damage from a source with infect to {player}: {n} poison counter(s) (total {total}) "
            "instead of losing life", "infect", "infect_damage", "poison", n=dealt,
            player=name_of(trace, player.name), total=player.poison)
    else:
        before = player.life
        player.life -= dealt
        say(trace, "{n} damage to {player}: life {before} -> {after}", "damage_player", n=dealt,
            player=name_of(trace, player.name), before=before, after=player.life)


def destroy(p: Permanent, trace: Optional[Trace] = None) -> str:
    """What destroying ``p`` does: ``destroyed`` (it is to be put into the
    graveyard), ``indestructible`` (nothing), ``regenerated`` (a regeneration
    shield replaced the destruction)."""
    if p.has("indestructible"):
        say(trace, "{name} is indestructible: not destroyed", "indestructible", name=name_of(trace, p.name))
        return "indestructible"
    if p.regeneration_shields:
        regenerate(p)
        say(trace, "{name} regenerates instead of being destroyed", "regeneration", name=name_of(trace, p.name))
        return "regenerated"
    say(trace, "{name} is destroyed", name=name_of(trace, p.name))
    return "destroyed"


def regenerate(p: Permanent) -> None:
    """A regeneration shield is used: all damage removed, tapped (and removed from combat, by the game)."""
    p.regeneration_shields = max(p.regeneration_shields - 1, 0)
    p.damage = 0
    p.deathtouch_damage = False
    p.tapped = True


def enters_with_counters(p: Permanent, counters: Counter) -> None:
    """``p`` enters the battlefield with ``counters`` on it (they are there as it enters)."""
    p.counters.update(counters)
