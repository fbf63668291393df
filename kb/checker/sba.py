"""State-based actions on a set of permanents (concept ``sba_*`` of the
rule tables: the state-based actions rule of each edition).

Modelled: toughness 0 or less -> put into its owner's graveyard
(regeneration and indestructible do not help, ``sba_toughness``); lethal
damage -> destroyed (regeneration replaces it, indestructible ignores it,
``sba_lethal``); damage from a source with deathtouch -> destroyed
(``sba_deathtouch``); +1/+1 and -1/-1 counters annihilate in pairs
(``sba_counters``); a token that left the battlefield ceases to exist
(``sba_token``).  All applicable actions of one check happen at the same
time, so a creature that dies in a check leaves with all its counters
(seeds/001_… « Marqueurs -1/-1 », last known information note).

The game engine (:mod:`kb.checker.engine.game`) passes ``leave``, which
moves a dying permanent to its owner's graveyard as a new object; the
players' state-based actions (life, poison) are the engine's.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Optional

from kb.checker.editions import LATEST, EditionInfo
from kb.checker.engine import citing
from kb.checker.layers import power_toughness
from kb.checker.permanents import MINUS, PLUS, Permanent
from kb.checker.verdict import Trace


@dataclass
class Event:
    """Something that happened: ``kind`` is ``dies`` (put into a graveyard
    from the battlefield), ``regenerated``, ``counters_removed``; ``lki``
    is the permanent as it last existed on the battlefield."""

    kind: str
    permanent: Permanent
    lki: Optional[Permanent] = None
    detail: str = ""


@dataclass
class _Action:
    """One state-based action found in a check: ``kind`` is ``toughness``
    (0 or less), ``lethal`` (damage) or ``counters`` (+1/+1 and -1/-1)."""

    kind: str
    permanent: Permanent
    toughness: Optional[int] = None


@dataclass
class _Check:
    """The permanents checked, what happened, and how to say it."""

    perms: list[Permanent]
    edition: EditionInfo
    trace: Optional[Trace]
    leave: Optional[Callable[[Permanent, Permanent], None]] = None
    events: list[Event] = field(default_factory=list)
    noted: set[int] = field(default_factory=set)

    def say(self, template: str, *concepts: str, **fields) -> None:
        if self.trace:
            if "name" in fields:
                fields["name"] = self.trace.tr(fields["name"])
            citing.say(self.trace, template, *concepts, **fields)


def check_state_based_actions(perms: Iterable[Permanent], edition: EditionInfo = LATEST,
                              trace: Optional[Trace] = None,
                              leave: Optional[Callable[[Permanent, Permanent], None]] = None) -> list[Event]:
    """Perform state-based actions until none applies; return the events.

    Permanents that die get ``zone = "graveyard"`` (or ``"none"`` for a
    token, which then ceases to exist); ``leave(permanent, lki)``, when
    given, is called to move each one.
    """
    check = _Check([p for p in perms if p.zone == "battlefield"], edition, trace, leave)
    for round_ in range(20):
        actions = [a for p in check.perms if p.zone == "battlefield" for a in _applicable(check, p)]
        if not actions:
            break
        check.say("state-based actions check {n}", n=round_ + 1)
        # Everything below happens simultaneously: take LKI first.
        snapshots = {id(a.permanent): a.permanent.snapshot() for a in actions}
        for action in actions:
            _perform(check, action, snapshots[id(action.permanent)])
    return check.events


def _applicable(check: _Check, p: Permanent) -> list[_Action]:
    """The state-based actions that apply to ``p`` now."""
    found = []
    if p.is_creature and (p.base_toughness is not None or any(e.kind in ("set", "cda") for e in p.pt_effects)):
        _, tg = power_toughness(p, check.edition, None)
        if tg <= 0:
            return [_Action("toughness", p, tg)]
        deathtouch, p.deathtouch_damage = p.deathtouch_damage, False
        if deathtouch and p.damage < tg and not p.has("indestructible"):
            found.append(_Action("deathtouch", p, tg))
        if p.damage >= tg and p.damage > 0:
            if not p.has("indestructible"):
                found.append(_Action("lethal", p, tg))
            elif id(p) not in check.noted:
                check.noted.add(id(p))
                check.say("{name} has lethal damage ({damage} ≥ {toughness}) but is indestructible: "
                          "not destroyed", "sba_lethal", "indestructible", name=p.name, damage=p.damage, toughness=tg)
    if p.counters.get(PLUS, 0) and p.counters.get(MINUS, 0):
        found.append(_Action("counters", p))
    return found


def _perform(check: _Check, action: _Action, lki: Permanent) -> None:
    """Perform one state-based action (``lki``: ``p`` before this check's actions)."""
    p, tg = action.permanent, action.toughness
    if action.kind == "toughness":
        check.say("{name} has toughness {toughness} ≤ 0: put into its owner's graveyard "
                  "(regeneration and indestructible don't apply)", "sba_toughness", name=p.name, toughness=tg)
        _leave(p, lki, check)
    elif action.kind == "deathtouch" and p.regeneration_shields > 0:
        check.say("{name} regenerates instead of being destroyed", "regeneration", name=p.name)
        _regenerate(check, p)
    elif action.kind == "lethal" and p.regeneration_shields > 0:
        check.say("{name} has lethal damage ({damage} ≥ {toughness}) but regenerates: damage removed, tapped",
                  "sba_lethal", "regeneration", name=p.name, damage=p.damage, toughness=tg)
        _regenerate(check, p)
    elif action.kind == "lethal":
        check.say("{name} has lethal damage ({damage} ≥ toughness {toughness}): destroyed", "sba_lethal",
                  name=p.name, damage=p.damage, toughness=tg)
        _leave(p, lki, check)
    elif action.kind == "deathtouch":
        check.say(citing.DEATHTOUCH_DESTROYED, "sba_deathtouch", "deathtouch", name=p.name)
        _leave(p, lki, check)
    elif action.kind == "counters" and p.zone == "battlefield":
        n = min(p.counters[PLUS], p.counters[MINUS])
        p.counters[PLUS] -= n
        p.counters[MINUS] -= n
        p.counters = +p.counters
        check.say("{n} {plus} and {n} {minus} counters removed from {name} in pairs -> {counters}",
                  "sba_counters", n=n, plus=PLUS, minus=MINUS, name=p.name,
                  counters=check.trace.tr(p.describe_counters()) if check.trace else "")
        check.events.append(Event("counters_removed", p, detail=str(n)))


def _regenerate(check: _Check, p: Permanent) -> None:
    """A regeneration shield replaces the destruction: the shield is used, damage removed, tapped."""
    p.regeneration_shields -= 1
    p.damage = 0
    p.tapped = True
    check.events.append(Event("regenerated", p))


def _leave(p: Permanent, lki: Permanent, check: _Check) -> None:
    trace = check.trace
    p.zone = "graveyard"
    check.events.append(Event("dies", p, lki))
    if trace and lki.counters:
        trace.step("{name} leaves with {counters} (last known information)", "last_known_information",
                   name=trace.tr(p.name), counters=trace.tr(lki.describe_counters()))
    if p.is_token:
        p.zone = "none"
        if trace:
            trace.step("{name} is a token: it ceases to exist once in the graveyard", "sba_token",
                       name=trace.tr(p.name))
    if check.leave is not None:
        check.leave(p, lki)
