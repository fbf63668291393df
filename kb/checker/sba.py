"""State-based actions on a set of permanents (2008 rule 420.5, CR 704.5).

Modelled: toughness 0 or less -> put into its owner's graveyard
(regeneration and indestructible do not help, CR 704.5f / 2008 420.5b);
lethal damage -> destroyed (regeneration replaces it, indestructible
ignores it, CR 704.5g / 420.5c); +1/+1 and -1/-1 counters annihilate in
pairs (CR 704.5q / 420.5n); a token that left the battlefield ceases to
exist (CR 704.5d / 420.5f).  All applicable actions of one check happen
at the same time, so a creature that dies in a check leaves with all its
counters (seeds/001_… « Marqueurs -1/-1 », last known information note).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional

from kb.checker.editions import LATEST, EditionInfo
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


def check_state_based_actions(perms: Iterable[Permanent], edition: EditionInfo = LATEST,
                              trace: Optional[Trace] = None) -> list[Event]:
    """Perform state-based actions until none applies; return the events.

    Permanents that die get ``zone = "graveyard"`` (or ``"none"`` for a
    token, which then ceases to exist).
    """
    perms = [p for p in perms if p.zone == "battlefield"]
    say = trace.step if trace else (lambda *a, **k: None)
    events: list[Event] = []
    noted: set[int] = set()
    for _round in range(20):
        doing = []
        for p in perms:
            if p.zone != "battlefield":
                continue
            if p.is_creature and (p.base_toughness is not None or any(e.kind in ("set", "cda") for e in p.pt_effects)):
                pw, tg = power_toughness(p, edition, None)
                if tg <= 0:
                    doing.append(("toughness", p, tg))
                    continue
                if p.damage >= tg and p.damage > 0:
                    if p.has("indestructible"):
                        if id(p) not in noted:
                            noted.add(id(p))
                            say(f"{p.name} has lethal damage ({p.damage} ≥ {tg}) but is indestructible: "
                                "not destroyed", "sba_lethal", "indestructible")
                    else:
                        doing.append(("lethal", p, tg))
            if p.counters.get(PLUS, 0) and p.counters.get(MINUS, 0):
                doing.append(("counters", p, None))
        if not doing:
            break
        say(f"state-based actions check {_round + 1}")
        # Everything below happens simultaneously: take LKI first.
        snapshots = {id(p): p.snapshot() for _, p, _ in doing}
        for kind, p, tg in doing:
            if kind == "toughness":
                say(f"{p.name} has toughness {tg} ≤ 0: put into its owner's graveyard "
                    "(regeneration and indestructible don't apply)", "sba_toughness")
                _leave(p, snapshots[id(p)], events, edition, trace)
            elif kind == "lethal":
                if p.regeneration_shields > 0:
                    say(f"{p.name} has lethal damage ({p.damage} ≥ {tg}) but regenerates: damage removed, tapped",
                        "sba_lethal", "regeneration")
                    p.regeneration_shields -= 1
                    p.damage = 0
                    p.tapped = True
                    events.append(Event("regenerated", p))
                else:
                    say(f"{p.name} has lethal damage ({p.damage} ≥ toughness {tg}): destroyed", "sba_lethal")
                    _leave(p, snapshots[id(p)], events, edition, trace)
            elif kind == "counters" and p.zone == "battlefield":
                n = min(p.counters[PLUS], p.counters[MINUS])
                p.counters[PLUS] -= n
                p.counters[MINUS] -= n
                p.counters = +p.counters
                say(f"{n} {PLUS} and {n} {MINUS} counters removed from {p.name} in pairs -> {p.describe_counters()}",
                    "sba_counters")
                events.append(Event("counters_removed", p, detail=str(n)))
    return events


def _leave(p: Permanent, lki: Permanent, events: list, edition: EditionInfo, trace: Optional[Trace]) -> None:
    p.zone = "graveyard"
    events.append(Event("dies", p, lki))
    if trace and lki.counters:
        trace.step(f"{p.name} leaves with {lki.describe_counters()} (last known information)",
                   "last_known_information")
    if p.is_token:
        p.zone = "none"
        if trace:
            trace.step(f"{p.name} is a token: it ceases to exist once in the graveyard", "sba_token")
