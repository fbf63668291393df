"""The combat damage steps.

Each :class:`Block` is one attacking creature, the creatures blocking it
(in the order its controller puts them) and the player it attacks.  If
any attacking or blocking creature has first strike or double strike,
there are two combat damage steps: in the first, only creatures with
first strike or double strike deal damage; in the second, those without
first strike, and those with double strike again (concepts
``combat_damage_step``, ``first_strike``, ``double_strike``).  State-based
actions are checked after each step, so a creature that dies in the first
deals no damage in the second.

Assignment (concept ``combat_damage_assignment``): an unblocked attacker
deals its damage to the player; a blocked one assigns lethal damage to
each blocker in order (lethal: its toughness less the damage already
marked; any nonzero amount with deathtouch) and the rest to the first
blocker, or with trample to the player (concept ``trample``); a blocked
creature whose blockers have all left deals no damage unless it has
trample.  A blocker deals its damage to the attacker it blocks.  All
damage of one step is dealt at once (:mod:`.replacement`: wither, infect,
lifelink, deathtouch).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Union

from kb.checker.engine.citing import name_of, say
from kb.checker.layers import power_toughness
from kb.checker.permanents import Permanent

if TYPE_CHECKING:
    from kb.checker.engine.game import Game

Target = Union[Permanent, str]      # a creature, or a player's name


@dataclass
class Block:
    """``attacker`` attacking ``defender``, blocked by ``blockers`` (in
    damage assignment order); ``blocked`` stays True once blockers were declared."""

    attacker: Permanent
    blockers: list[Permanent] = field(default_factory=list)
    defender: str = "opponent"

    @property
    def blocked(self) -> bool:
        return bool(self.blockers)


@dataclass
class Assignment:
    """``amount`` combat damage from ``source`` to ``target`` in a step."""

    source: Permanent
    target: Target
    amount: int


def can_attack(p: Permanent, trace=None) -> bool:
    """Whether ``p`` can be declared as an attacker: a creature without
    defender, under its controller's control since their most recent turn
    began unless it has haste."""
    if not p.is_creature or p.zone != "battlefield" or p.tapped:
        return False
    if p.has("defender"):
        say(trace, "{name} has defender: it can't attack", "defender", name=name_of(trace, p.name))
        return False
    if not p.continuous_control and not p.has("haste"):
        say(trace, "{name} has summoning sickness and no haste: it can't attack", "summoning_sickness",
            name=name_of(trace, p.name))
        return False
    return True


def declare_attacker(p: Permanent, trace=None) -> None:
    """``p`` attacks: it taps, unless it has vigilance."""
    if p.has("vigilance"):
        say(trace, "{name} has vigilance: attacking does not tap it", "vigilance", name=name_of(trace, p.name))
    else:
        p.tapped = True


def can_be_blocked_by(attacker: Permanent, blockers: list[Permanent], defender_lands: set[str] = frozenset(),
                      trace=None) -> bool:
    """Whether ``blockers`` together may block ``attacker``: menace needs two
    or more; a landwalk (``forestwalk``…) makes it unblockable while the
    defending player controls a land of that subtype (``defender_lands``)."""
    for kw in sorted((attacker.keywords | attacker.granted) - attacker.lost):
        if kw.endswith("walk") and kw[:-len("walk")] in defender_lands:
            say(trace, "{name} has {keyword} and the defending player controls such a land: it can't be blocked",
                "landwalk", name=name_of(trace, attacker.name), keyword=trace.keyword(kw) if trace else kw)
            return False
    if attacker.has("menace") and len(blockers) == 1:
        say(trace, "{name} has menace: it can't be blocked except by two or more creatures", "menace",
            name=name_of(trace, attacker.name))
        return False
    return all(b.is_creature and b.zone == "battlefield" and not b.tapped for b in blockers)


def strikes_first(p: Permanent) -> bool:
    return p.has("first strike") or p.has("double strike")


def deals_in(step: str, p: Permanent, dealt_first: set[int]) -> bool:
    """Whether ``p`` deals combat damage in ``step`` (``first`` or ``regular``)."""
    if step == "first":
        return strikes_first(p)
    return p.has("double strike") or id(p) not in dealt_first


def lethal(blocker: Permanent, game: "Game", deathtouch: bool) -> int:
    """The damage lethal to ``blocker`` now (damage already marked counted)."""
    needed = max(power_toughness(blocker, game.edition)[1] - blocker.damage, 0)
    return min(needed, 1) if deathtouch else needed


def assign(block: Block, game: "Game") -> list[Assignment]:
    """How ``block.attacker`` assigns its combat damage (its power)."""
    att = block.attacker
    power = power_toughness(att, game.edition)[0]
    if power <= 0:
        return []
    if not block.blocked:
        return [Assignment(att, block.defender, power)]
    left = [b for b in block.blockers if _in_combat(b, game)]
    if not left:
        if att.has("trample"):
            say(game.trace, "its blockers are gone: with trample, {name} assigns all its damage to the player",
                "trample", name=name_of(game.trace, att.name))
            return [Assignment(att, block.defender, power)]
        say(game.trace, "{name} was blocked and its blockers are gone: it assigns no combat damage",
            "combat_damage_assignment", name=name_of(game.trace, att.name))
        return []
    out, rest = [], power
    for b in left:
        n = min(lethal(b, game, att.has("deathtouch")), rest)
        out.append(Assignment(att, b, n))
        rest -= n
    if rest and att.has("trample"):
        out.append(Assignment(att, block.defender, rest))
        say(game.trace, "{name} has trample: lethal damage to its blockers, the other {n} to {player}",
            "trample", "deathtouch_lethal" if att.has("deathtouch") else "trample", name=name_of(game.trace, att.name),
            n=rest, player=name_of(game.trace, block.defender))
    elif rest:
        out[0].amount += rest
    return [a for a in out if a.amount > 0]


def _in_combat(p: Permanent, game: "Game") -> bool:
    return p.zone == "battlefield" and id(p) not in game.removed_from_combat and p.is_creature


def step_assignments(blocks: list[Block], game: "Game", step: str, dealt_first: set[int]) -> list[Assignment]:
    """Every combat damage assignment of ``step``."""
    out: list[Assignment] = []
    for block in blocks:
        att = block.attacker
        if _in_combat(att, game) and deals_in(step, att, dealt_first):
            out += assign(block, game)
        for b in block.blockers:
            if _in_combat(b, game) and _in_combat(att, game) and deals_in(step, b, dealt_first):
                power = power_toughness(b, game.edition)[0]
                if power > 0:
                    out.append(Assignment(b, att, power))
    return out


def combat_damage(game: "Game", blocks: list[Block]) -> list[list[Assignment]]:
    """Play the combat damage steps of ``blocks``; the assignments of each step."""
    fighters = [p for b in blocks for p in (b.attacker, *b.blockers)]
    steps = ["first", "regular"] if any(strikes_first(p) for p in fighters) else ["regular"]
    if len(steps) == 2:
        say(game.trace, "a creature in combat has first strike or double strike: there are two combat damage "
            "steps", "first_strike", "combat_damage_step")
    dealt_first: set[int] = set()
    done = []
    for step in steps:
        assignments = step_assignments(blocks, game, step, dealt_first)
        if step == "first":
            dealt_first = {id(p) for p in fighters if strikes_first(p)}
        lkis = {id(a.source): a.source.snapshot() for a in assignments}     # dealt at once
        for a in assignments:
            src = lkis[id(a.source)]
            say(game.trace, "{source} deals {n} combat damage to {target}", "combat_damage_step",
                source=name_of(game.trace, src.name), n=a.amount,
                target=name_of(game.trace, a.target if isinstance(a.target, str) else a.target.name))
            game.damage(a.target, a.amount, src)
        game.check()
        done.append(assignments)
    return done
