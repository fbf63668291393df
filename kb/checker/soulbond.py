"""Soulbond (association d'âmes): pairing and unpairing, per seed
000_a77091c15e8840d5 (rules 702.92a–e as quoted there; CR 702.95a–e).
"""
from __future__ import annotations

import re
from typing import Optional

from kb.checker.permanents import Permanent
from kb.checker.verdict import Trace

#: Label of the P/T effects a pairing grants (they end with the pairing, seed 000_… note 4).
PAIRING_BONUS = "pairing bonus"


def soulbond_triggers(entering: Permanent, others: list[Permanent], trace: Trace) -> bool:
    """Whether a soulbond ability triggers when ``entering`` enters.

    It triggers only if its controller controls another *unpaired* creature
    at that moment (seed 000_… note 3; 702.95a intervening « if »); the
    partner is chosen on resolution, and no creature is targeted.
    """
    if not entering.has("soulbond"):
        trace.step("{name} has no soulbond", "soulbond", name=trace.tr(entering.name))
        return False
    candidates = [o for o in others if o is not entering and o.is_creature and o.zone == "battlefield"
                  and o.controller == entering.controller and o.paired_with is None]
    if candidates:
        trace.step("another unpaired creature under the same control ({name}): soulbond triggers; "
                   "the partner is chosen on resolution, nothing is targeted", "soulbond",
                   name=trace.tr(candidates[0].name))
        return True
    trace.step("no other unpaired creature under the same control: soulbond does not trigger", "soulbond")
    return False


#: The soulbond reminder text (Avacyn Restored printings), read when no rule text is at hand.
REMINDER = ("You may pair this creature with another unpaired creature when either enters the battlefield. "
            "They remain paired for as long as you control both of them.")


def trigger_targets(entering: Permanent, others: list[Permanent], trace: Trace,
                    text: Optional[str] = None) -> Optional[list[Permanent]]:
    """The creatures the soulbond trigger of ``entering`` targets as it is
    put on the stack; None when it does not trigger.  An ability targets
    only what its text calls « target » (CR 115.1); ``text`` is soulbond's
    wording (its rule in the edition asked, else :data:`REMINDER`): it
    says « pair … with another unpaired creature », a partner chosen as the
    ability resolves (702.95c), so the trigger targets none."""
    if not soulbond_triggers(entering, others, trace):
        return None
    says_target = "target" in re.findall(r"[a-z]+", (text or REMINDER).lower())
    chosen = [o for o in others if o is not entering and o.paired_with is None] if says_target else []
    trace.step("the soulbond ability's text says « target »: {n} creature(s) targeted" if says_target else
               "the soulbond ability's text has no « target »: it targets nothing as it is put on the stack", "soulbond", "soulbond_resolve", n=len(chosen))
    return chosen


def targets_on_an_instance(trace: Trace) -> bool:
    """Whether the soulbond trigger targets, played on an instance named in the explanation: a 2/2
    creature with soulbond entering while its controller controls an unpaired 3/3 creature; its targets
    are those its text calls « target » (the edition's rule, else the reminder text), and it pairs the two
    as it resolves."""
    entering = Permanent(name="the creature", base_power=2, base_toughness=2, keywords={"soulbond"})
    other = Permanent(name="the other creature", base_power=3, base_toughness=3)
    trace.step("read on an instance: a 2/2 creature with soulbond entering the battlefield while you "
               "control an unpaired 3/3 creature")
    targets = trigger_targets(entering, [other], trace, trace.rule_text("soulbond"))
    if targets is not None:
        pair(entering, other, entering.controller, trace)
    return bool(targets)


def pair(a: Permanent, b: Permanent, controller: str, trace: Trace) -> bool:
    """Resolve soulbond: pair ``a`` and ``b`` if both are still unpaired
    creatures on the battlefield controlled by ``controller`` (702.95c–d)."""
    for p in (a, b):
        if not p.is_creature or p.zone != "battlefield" or p.controller != controller or p.paired_with is not None:
            trace.step("{name} is no longer an unpaired creature on the battlefield under {controller}'s "
                       "control: neither becomes paired", "soulbond_resolve", "soulbond_one",
                       name=trace.tr(p.name), controller=controller)
            return False
    a.paired_with, b.paired_with = b, a
    trace.step("{name} and {partner} become paired", "soulbond_paired", name=trace.tr(a.name),
               partner=trace.tr(b.name))
    return True


def still_paired(a: Permanent, trace: Trace, event: Optional[str] = None) -> bool:
    """Check whether ``a`` stays paired after ``event`` happened to ``a`` or
    its partner: ``leaves`` (the battlefield), ``control`` (another player
    gains control), ``noncreature`` (stops being a creature) unpair them
    (702.95e) and end the bonuses the pairing granted (P/T effects labelled
    :data:`PAIRING_BONUS`, seed 000_… note 4); ``loses_soulbond`` does not
    (seed 000_… last note)."""
    b = a.paired_with
    if b is None:
        trace.step("{name} is not paired", "soulbond_paired", name=trace.tr(a.name))
        return False
    if event in ("leaves", "control", "noncreature"):
        what = {"leaves": "leaves the battlefield", "control": "changes controller",
                "noncreature": "stops being a creature"}[event]
        trace.step("one of the pair {what}: both become unpaired; bonuses granted by the pairing end at once",
                   "soulbond_unpair", what=trace.tr(what))
        a.paired_with = b.paired_with = None
        for p in (a, b):
            p.pt_effects = [e for e in p.pt_effects if e.label != PAIRING_BONUS]
        return False
    if event == "loses_soulbond":
        trace.step("losing soulbond is not one of the unpairing events: it stays paired", "soulbond_unpair")
        return True
    trace.step("{name} stays paired with {partner}", "soulbond_paired", name=trace.tr(a.name),
               partner=trace.tr(b.name))
    return True
