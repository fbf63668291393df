"""Properties of the combat damage steps (issue 22), on random creatures."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kb.checker.engine.combat import Block, assign, combat_damage
from kb.checker.engine.game import Game
from kb.checker.permanents import Permanent

KEYWORDS = ("trample", "deathtouch", "first strike", "double strike", "lifelink", "wither")


@st.composite
def fights(draw):
    """An attacker with some keywords and zero to three blockers, with power, toughness and damage marked."""
    def creature(name, owner):
        t = draw(st.integers(1, 8))
        return Permanent(name=name, base_power=draw(st.integers(0, 8)), base_toughness=t,
                         damage=draw(st.integers(0, t - 1)), owner=owner, controller=owner,
                         keywords=set(draw(st.lists(st.sampled_from(KEYWORDS), max_size=3))))
    attacker = creature("attacker", "you")
    blockers = [creature(f"blocker {i}", "opponent") for i in range(draw(st.integers(0, 3)))]
    return attacker, blockers


def _setup(attacker, blockers):
    g = Game()
    g.enter(attacker)
    for b in blockers:
        g.enter(b)
    return g, Block(attacker, blockers)


@settings(max_examples=200, deadline=None)
@given(fights())
def test_assigned_damage_equals_power(fight):
    attacker, blockers = fight
    g, block = _setup(attacker, blockers)
    assigned = assign(block, g)
    assert sum(a.amount for a in assigned) == attacker.base_power
    assert all(a.amount > 0 and a.source is attacker for a in assigned)


@settings(max_examples=200, deadline=None)
@given(fights())
def test_a_blocked_creature_without_trample_deals_nothing_to_the_player(fight):
    attacker, blockers = fight
    attacker.keywords.discard("trample")
    g, block = _setup(attacker, blockers)
    steps = combat_damage(g, [block])
    opponent = g.player("opponent")
    if blockers:
        assert not [a for s in steps for a in s if a.target == "opponent"]
        lifelinked = sum(a.amount for s in steps for a in s
                         if a.source.has("lifelink") and a.source.controller == "opponent")
        assert opponent.life == 20 + lifelinked and opponent.poison == 0
    else:
        hits = 2 if attacker.has("double strike") else 1
        assert opponent.life == 20 - hits * attacker.base_power


@settings(max_examples=200, deadline=None)
@given(fights())
def test_trample_gives_the_player_the_power_beyond_lethal(fight):
    attacker, blockers = fight
    attacker.keywords = {"trample"} | (attacker.keywords & {"deathtouch"})
    g, block = _setup(attacker, blockers)
    deathtouch = attacker.has("deathtouch")
    lethal = sum(min(b.base_toughness - b.damage, 1) if deathtouch else b.base_toughness - b.damage
                 for b in blockers)
    assigned = assign(block, g)
    to_player = sum(a.amount for a in assigned if a.target == "opponent")
    assert to_player == max(attacker.base_power - lethal, 0)
