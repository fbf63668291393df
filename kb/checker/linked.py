"""Linked abilities (rule 607, seed 002_f6a566c3e70ee678): an ability that
refers to what « [this object] » exiled (or chose, or put onto the
battlefield) refers only to what its *own* linked partner did.

The model: an object's abilities each belong to a *link group* — the pair
printed together on a card, or, for abilities gained, the pair gained
together from one effect (607.4).  Exiling records the group; a returning
ability sees only cards exiled by its own group.  The Quicksilver Elemental
example of 607.4 (seed 002_…) is the test case.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from kb.checker.verdict import Trace


@dataclass
class Ability:
    """An ability as held by an object: its text label, the card it was
    printed on, and ``group``: the link group (the gaining effect for gained
    abilities)."""

    label: str
    printed_on: str
    group: str


@dataclass
class LinkedObject:
    """An object that may gain abilities and exile cards with them."""

    name: str
    abilities: list[Ability] = field(default_factory=list)
    exiled: list[tuple[str, str]] = field(default_factory=list)  # (card, link group)

    def gain(self, labels: list[str], printed_on: str, effect: str, trace: Trace) -> list[Ability]:
        """Gain the abilities ``labels`` of ``printed_on`` through one effect:
        they are linked to each other on this object only (607.4)."""
        group = f"{printed_on} via {effect}"
        new = [Ability(lab, printed_on, group) for lab in labels]
        self.abilities += new
        trace.step("{name} gains {abilities} of {card} through one effect: "
                   "those abilities are linked to each other, and to nothing else", "linked_gained",
                   name=self.name, abilities=", ".join(labels), card=printed_on)
        return new

    def exile_with(self, ability: Ability, card: str, trace: Trace) -> None:
        self.exiled.append((card, ability.group))
        trace.step("{name} exiles {card} with the ability gained from {source}", name=self.name, card=card,
                   source=ability.printed_on)

    def can_return(self, ability: Ability, card: str, trace: Trace) -> bool:
        """Whether ``ability`` (« … a card exiled by [this object] ») can return
        ``card``: only if its own linked ability exiled it (607.1, 607.2a, 607.4)."""
        for c, group in self.exiled:
            if c == card:
                ok = group == ability.group
                trace.step("{card} was exiled by the ability gained as {group}; the returning ability belongs to "
                           "{other}: linked" if ok else
                           "{card} was exiled by the ability gained as {group}; the returning ability belongs to "
                           "{other}: not linked", "linked", "linked_exile", card=card, group=group, other=ability.group)
                return ok
        trace.step("{card} was not exiled by {name}", "linked_exile", card=card, name=self.name)
        return False
