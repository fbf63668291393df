"""Banding and « bands with other » (regroupement, regroupement avec
d'autres): band formation, blocking a band, who divides combat damage.

2008 rules as quoted by seed 004_1ad7f9fe6443779b (502.10–502.11) and
today's 702.22.  Differences by edition (read from the CR corpus, 2009-07-11
onwards): a « bands with other [quality] » band may today include any number
of other attacking [quality] creatures (702.22c), while in 2008 only
creatures with the same « bands with other » ability or with banding could
join (502.11b); the defending player divides an attacker's damage today
when a [quality] creature with « bands with other [quality] » and another
[quality] creature block it (702.22j), in 2008 when at least two creatures
with the same ability did (502.11c).
"""
from __future__ import annotations

from kb.checker.permanents import Permanent
from kb.checker.verdict import Trace


def _bwo(p: Permanent) -> set[str]:
    """The qualities of p's « bands with other » abilities (lost with banding, 702.22b)."""
    if "banding" in p.lost:
        return set()
    return {k[len("bands with other "):] for k in (p.keywords | p.granted) - p.lost
            if k.startswith("bands with other ")}


def _is(p: Permanent, quality: str) -> bool:
    return quality in p.subtypes or quality in p.types


def can_form_band(members: list[Permanent], trace: Trace, *, same_target: bool = True) -> bool:
    """Whether attacking creatures ``members`` may be declared as one band.

    Banding: any number with banding and at most one without (502.10b,
    702.22c).  Bands with other: see the module docstring.  All must attack
    the same player or planeswalker (702.22d).
    """
    ed = trace.edition
    if not same_target:
        trace.step("the creatures of a band must all attack the same player or planeswalker", "band_same_target")
        return False
    with_banding = [p for p in members if p.has("banding")]
    without = [p for p in members if not p.has("banding")]
    if with_banding and len(without) <= 1:
        trace.step("{n} creature(s) with banding and {m} without "
                   "(at most one without banding allowed): a legal band", "band_formation",
                   n=len(with_banding), m=len(without))
        return True
    if with_banding:
        trace.step("{m} creatures without banding: a band may include at most one creature "
                   "without banding", "band_formation", m=len(without))
    # Bands with other.
    qualities = set.intersection(*[_bwo(p) for p in members if _bwo(p)]) if any(_bwo(p) for p in members) else set()
    for q in sorted(qualities):
        holders = [p for p in members if q in _bwo(p)]
        others = [p for p in members if q not in _bwo(p)]
        if ed.before_m10:
            bad = [p for p in others if not p.has("banding")]
            if not bad:
                trace.step("every other creature has banding or the same « bands with other {q} »: a legal band "
                           "(2008 rules)", "band_bwo_formation", q=q)
                return True
            trace.step("{n} creature(s) have neither banding nor « bands with other {q} »: under the 2008 "
                       "rules they can't join the band", "band_bwo_formation", n=len(bad), q=q)
        else:
            bad = [p for p in members if not _is(p, q)]
            if holders and not bad:
                trace.step("attacking {q} creatures with « bands with other {q} » and other attacking {q} "
                           "creatures: a legal band", "band_bwo_formation", q=q)
                return True
            trace.step("{n} creature(s) are not {q}: they can't join a « bands with other {q} » band",
                       "band_bwo_formation", n=len(bad), q=q)
    if not with_banding and not qualities:
        trace.step("no creature has banding or a shared « bands with other »: no band", "band_formation")
    return False


def band_blocked(band: list[Permanent], blocked_member: Permanent, trace: Trace, *, by_effect: bool = False) -> list[Permanent]:
    """The members that become blocked when ``blocked_member`` is blocked:
    the whole band (502.10e/g, 702.22h/i), each by the same blocker."""
    trace.step("{name} becomes blocked by an effect: every other creature in its band becomes blocked" if by_effect
               else "{name} is blocked: every other creature in its band becomes blocked by the same creature",
               "band_blocked_effect" if by_effect else "band_blocked", name=trace.tr(blocked_member.name))
    return list(band)


def damage_chooser(attacker: Permanent, blockers: list[Permanent], trace: Trace, *, whose: str) -> str:
    """Who chooses how combat damage is assigned.

    ``whose="blockers"``: the damage of creatures blocking ``attacker``; the
    attacking (active) player chooses if ``attacker`` has banding
    (502.10h, 702.22k), else the defending player.  ``whose="attacker"``: the
    damage of ``attacker``; the defending player chooses if a blocker has
    banding (502.10h, 702.22j) or the bands-with-other condition holds,
    else the active player.  Returns ``"attacking player"`` or
    ``"defending player"``; banding must be there when damage is assigned.
    """
    ed = trace.edition
    if whose == "blockers":
        if attacker.has("banding"):
            trace.step("{name} has banding: the attacking player chooses how the blockers' combat damage is assigned"
                       if ed.before_m10 else "{name} has banding: the attacking player chooses how the blockers' "
                       "combat damage is assigned, dividing it freely among the band", "band_damage_attacker",
                       name=trace.tr(attacker.name))
            return "attacking player"
        trace.step("{name} has no banding (now): each blocker's controller assigns its damage normally",
                   "band_damage_attacker", name=trace.tr(attacker.name))
        return "defending player"
    if any(b.has("banding") for b in blockers):
        trace.step("a blocker has banding: the defending player chooses how the attacker's combat damage is "
                   "assigned", "band_damage_blocker")
        return "defending player"
    for q in set().union(*[_bwo(b) for b in blockers]) if blockers else set():
        holders = [b for b in blockers if q in _bwo(b)]
        if ed.before_m10:
            if len(holders) >= 2:
                trace.step("at least two blockers with « bands with other {q} »: the defending player chooses "
                           "(2008 rules)", "band_bwo_damage", q=q)
                return "defending player"
            trace.step("only {n} blocker with « bands with other {q} »: under the 2008 rules two are "
                       "needed", "band_bwo_damage", n=len(holders), q=q)
        else:
            others = [b for b in blockers if b not in holders[:1] and _is(b, q)]
            if holders and _is(holders[0], q) and others:
                trace.step("a {q} blocker with « bands with other {q} » and another {q} blocker: the defending "
                           "player chooses", "band_bwo_damage", q=q)
                return "defending player"
            trace.step("the blockers do not include both a {q} with « bands with other {q} » and another {q}",
                       "band_bwo_damage", q=q)
    trace.step("no blocker has banding: the attacking player assigns the attacker's damage normally",
               "band_damage_blocker")
    return "attacking player"
