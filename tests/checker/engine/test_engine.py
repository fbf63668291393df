"""The game engine behind `kb check` (issue 22): zones and new objects,
persist and undying on the stack in APNAP order, combat damage steps,
replacement effects (wither, infect, regeneration, indestructible),
players' state-based actions."""
from __future__ import annotations

from collections import Counter

import pytest

from kb.checker import layers
from kb.checker.editions import resolve_edition
from kb.checker.engine import abilities
from kb.checker.engine.combat import Block, combat_damage
from kb.checker.engine.game import Game
from kb.checker.engine.zones import ZONES
from kb.checker.permanents import MINUS, PLUS, Permanent
from kb.checker.verdict import Trace


def creature(name, power, toughness, *keywords, owner="you", **kw) -> Permanent:
    return Permanent(name=name, base_power=power, base_toughness=toughness, keywords=set(keywords), owner=owner,
                     controller=owner, **kw)


def new_game() -> tuple[Game, Trace]:
    t = Trace()
    return Game(trace=t), t


# ------------------------------------------------------------ zones, persist, undying

def test_zones_of_a_game():
    g, _ = new_game()
    assert ZONES == ("library", "hand", "battlefield", "graveyard", "stack", "exile")
    bear = g.enter(creature("Grizzly Bears", 2, 2))
    assert g.battlefield == [bear] and g.zones.of("graveyard") == []
    move = g.exile(bear)
    assert move.origin == "battlefield" and move.destination == "exile"
    assert g.zones.of("exile") == [move.new] and move.new is not bear and g.battlefield == []


def test_persist_two_two_returns_once_as_a_new_object():
    g, t = new_game()
    finks = g.enter(creature("Kitchen Finks", 3, 2, "persist"))
    g.damage(finks, 2)
    g.check()
    assert finks.zone == "graveyard" and len(g.stack) == 1
    g.resolve_stack()
    back = g.returned[id(finks)]
    assert back is not finks and back.zone == "battlefield" and g.battlefield == [back]
    assert back.counters == Counter({MINUS: 1}) and back.damage == 0 and not back.continuous_control
    assert layers.power_toughness(back) == (2, 1)
    assert any("returns under its owner's control with a -1/-1 counter" in s for s in t.steps)
    assert "702.79a" in t.rules and "400.7" in t.rules          # persist; a new object
    # dies again: it had a -1/-1 counter, persist does not trigger, it stays in the graveyard
    g.damage(back, 1)
    g.check()
    assert back.zone == "graveyard" and len(g.stack) == 0
    g.resolve_stack()
    assert g.battlefield == [] and [o.name for o in g.zones.of("graveyard")] == ["Kitchen Finks"]
    assert any("had 1 -1/-1 counter(s) when it died, so it does not return" in s for s in t.steps)


def test_two_persist_creatures_of_two_players_trigger_in_apnap_order():
    g, t = new_game()
    mine = g.enter(creature("Kitchen Finks", 3, 2, "persist"))
    theirs = g.enter(creature("Safehold Elite", 2, 2, "persist", owner="opponent"))
    g.damage(mine, 5)
    g.damage(theirs, 5)
    g.check()
    # the active player's trigger goes on the stack first: the opponent's is on top
    assert [(a.keyword, a.controller) for a in g.stack.items] == [("persist", "you"), ("persist", "opponent")]
    resolved = g.resolve_stack()
    assert [a.source.name for a in resolved] == ["Safehold Elite", "Kitchen Finks"]
    assert [(p.name, p.controller) for p in g.battlefield] == [("Safehold Elite", "opponent"), ("Kitchen Finks", "you")]
    assert "the active player's triggered abilities go on the stack first, so the other player's resolve first" \
        in t.steps


def test_undying_returns_with_a_plus_counter_unless_it_had_one():
    g, _ = new_game()
    geist = g.enter(creature("Strangleroot Geist", 2, 1, "undying"))
    g.dies(geist)
    g.check()
    g.resolve_stack()
    back = g.returned[id(geist)]
    assert back.counters == Counter({PLUS: 1}) and layers.power_toughness(back) == (3, 2)
    g.dies(back)
    g.check()
    assert len(g.stack) == 0 and g.battlefield == []


def test_persist_does_not_return_a_card_that_left_the_graveyard_or_a_token():
    g, t = new_game()
    finks = g.enter(creature("Kitchen Finks", 3, 2, "persist"))
    move = g.dies(finks)
    g.check()
    g.exile(move.new)                           # in response, the card is exiled from the graveyard
    g.resolve_stack()
    assert g.battlefield == [] and id(finks) not in g.returned
    assert "the card left the graveyard before persist resolved: it does not return" in t.steps
    token = g.enter(creature("Spirit", 1, 1, "persist", is_token=True))
    g.dies(token)
    g.check()
    g.resolve_stack()
    assert token.zone == "none" and g.battlefield == []


def test_granted_persist_is_not_on_the_returned_object():
    g, t = new_game()
    bear = g.enter(creature("Grizzly Bears", 2, 2, granted={"persist"}))
    g.dies(bear)
    g.check()
    g.resolve_stack()
    assert not g.returned[id(bear)].has("persist")


def test_persist_numbers_follow_the_edition():
    t = Trace(resolve_edition("2008-05-01"))
    g = Game(t.edition, t)
    g.dies(g.enter(creature("Kitchen Finks", 3, 2, "persist")))
    g.check()
    g.resolve_stack()
    assert "502.79a" in t.rules and "702.79a" not in t.rules


# ------------------------------------------------------------ combat

def test_first_strike_two_two_against_two_two_only_one_dies():
    g, t = new_game()
    knight = g.enter(creature("White Knight", 2, 2, "first strike"))
    bear = g.enter(creature("Grizzly Bears", 2, 2, owner="opponent"))
    steps = combat_damage(g, [Block(knight, [bear])])
    assert len(steps) == 2 and [(a.source.name, a.amount) for a in steps[0]] == [("White Knight", 2)]
    assert steps[1] == []                        # the bear died before the regular step
    assert knight.zone == "battlefield" and knight.damage == 0 and bear.zone == "graveyard"


def test_without_first_strike_both_die():
    g, _ = new_game()
    a, b = g.enter(creature("A", 2, 2)), g.enter(creature("B", 2, 2, owner="opponent"))
    assert len(combat_damage(g, [Block(a, [b])])) == 1
    assert a.zone == b.zone == "graveyard"


def test_double_strike_deals_damage_in_both_steps():
    g, _ = new_game()
    a = g.enter(creature("Fencing Ace", 1, 1, "double strike"))
    steps = combat_damage(g, [Block(a)])
    assert [[x.amount for x in s] for s in steps] == [[1], [1]]
    assert g.player("opponent").life == 18


def test_trample_assigns_lethal_then_the_rest_to_the_player():
    g, t = new_game()
    wurm = g.enter(creature("Wurm", 5, 5, "trample"))
    bear = g.enter(creature("Grizzly Bears", 2, 2, owner="opponent"))
    (step,) = combat_damage(g, [Block(wurm, [bear])])
    assert sorted((a.target if isinstance(a.target, str) else a.target.name, a.amount) for a in step
                  if a.source is wurm) == [("Grizzly Bears", 2), ("opponent", 3)]
    assert g.player("opponent").life == 17 and bear.zone == "graveyard" and wurm.damage == 2


def test_trample_with_deathtouch_one_is_lethal():
    g, _ = new_game()
    wurm = g.enter(creature("Wurm", 5, 5, "trample", "deathtouch"))
    bear = g.enter(creature("Grizzly Bears", 2, 2, owner="opponent"))
    combat_damage(g, [Block(wurm, [bear])])
    assert g.player("opponent").life == 16 and bear.zone == "graveyard" and bear.damage == 1


def test_blocked_without_trample_deals_nothing_to_the_player():
    g, _ = new_game()
    giant = g.enter(creature("Hill Giant", 6, 6))
    bear = g.enter(creature("Grizzly Bears", 2, 2, owner="opponent"))
    combat_damage(g, [Block(giant, [bear])])
    assert g.player("opponent").life == 20 and bear.damage == 6


def test_lifelink_gains_life_equal_to_damage_dealt():
    g, t = new_game()
    knight = g.enter(creature("Vampire Nighthawk", 2, 3, "lifelink"))
    bear = g.enter(creature("Grizzly Bears", 2, 2, owner="opponent"))
    combat_damage(g, [Block(knight, [bear])])
    assert g.player("you").life == 22 and bear.zone == "graveyard" and knight.zone == "battlefield"
    combat_damage(g, [Block(knight)])
    assert g.player("you").life == 24 and g.player("opponent").life == 18


def test_wither_two_damage_to_a_three_three_is_two_counters():
    g, t = new_game()
    sower = g.enter(creature("Wither source", 2, 2, "wither"))
    giant = g.enter(creature("Hill Giant", 3, 3, owner="opponent"))
    combat_damage(g, [Block(giant, [sower])])
    assert giant.counters == Counter({MINUS: 2}) and giant.damage == 0
    assert layers.power_toughness(giant) == (1, 1) and giant.zone == "battlefield"
    assert "702.80a" in t.rules


def test_infect_gives_poison_counters_and_ten_lose():
    g, t = new_game()
    blight = g.enter(creature("Blight Mamba", 1, 1, "infect"))
    bear = g.enter(creature("Grizzly Bears", 2, 2, owner="opponent"))
    g.damage(bear, 1, blight)
    assert bear.counters == Counter({MINUS: 1}) and bear.damage == 0
    for _ in range(9):
        combat_damage(g, [Block(blight)])
    assert g.player("opponent").poison == 9 and g.player("opponent").life == 20 and not g.player("opponent").lost
    combat_damage(g, [Block(blight)])
    assert g.player("opponent").poison == 10 and g.player("opponent").lost
    assert "opponent has 10 poison counters: they lose the game" in t.steps


def test_a_player_at_zero_life_loses():
    g, _ = new_game()
    g.damage("opponent", 20)
    g.check()
    assert g.player("opponent").lost and g.player("opponent").life == 0


# ------------------------------------------------------------ replacement effects

def test_destroy_indestructible_and_regeneration():
    g, t = new_game()
    guardian = g.enter(creature("Darksteel Myr", 0, 1, "indestructible"))
    assert g.destroy(guardian) is None and guardian.zone == "battlefield"
    troll = g.enter(creature("Troll", 2, 2, regeneration_shields=1, damage=1))
    assert g.destroy(troll) is None and troll.tapped and troll.damage == 0 and troll.regeneration_shields == 0
    assert id(troll) in g.removed_from_combat
    assert g.destroy(troll).new.zone == "graveyard"


def test_deathtouch_damage_destroys_unless_regenerated():
    g, _ = new_game()
    snake = g.enter(creature("Deathtouch Snake", 1, 1, "deathtouch"))
    giant = g.enter(creature("Hill Giant", 3, 3, owner="opponent"))
    troll = g.enter(creature("Troll", 4, 4, owner="opponent", regeneration_shields=1))
    g.damage(giant, 1, snake)
    g.damage(troll, 1, snake)
    g.check()
    assert giant.zone == "graveyard" and troll.zone == "battlefield" and troll.tapped


# ------------------------------------------------------------ the keyword table

@pytest.mark.parametrize("keyword, kind", [
    ("persist", "triggered"), ("undying", "triggered"), ("wither", "replacement"), ("infect", "replacement"),
    ("lifelink", "static"), ("deathtouch", "static"), ("first strike", "static"), ("double strike", "static"),
    ("trample", "static"), ("indestructible", "static"), ("regeneration", "replacement"), ("conspire", "cost"),
    ("soulbond", "triggered"), ("protection", "static"), ("hexproof", "static"), ("menace", "evasion"),
    ("landwalk", "evasion"), ("flash", "static"), ("haste", "static"), ("vigilance", "static"),
    ("defender", "static"),
])
def test_every_keyword_has_its_kind(keyword, kind):
    assert abilities.kind(keyword) == kind
    assert abilities.ABILITIES[keyword].effect and abilities.ABILITIES[keyword].concepts


def test_the_table_has_no_rule_numbers():
    import re
    for a in abilities.ABILITIES.values():
        assert not any(re.search(r"\d{3}\.\d", c) for c in a.concepts), a


# ------------------------------------------------------------ declaring attackers and blockers

def test_defender_haste_and_vigilance_when_attacking():
    from kb.checker.engine.combat import can_attack, declare_attacker
    wall = creature("Wall of Stone", 0, 8, "defender")
    new = creature("Raging Goblin", 1, 1, continuous_control=False)
    hasty = creature("Raging Goblin", 1, 1, "haste", continuous_control=False)
    assert not can_attack(wall) and not can_attack(new) and can_attack(hasty)
    knight = creature("Serra Angel", 4, 4, "vigilance")
    declare_attacker(knight)
    declare_attacker(hasty)
    assert not knight.tapped and hasty.tapped


def test_menace_and_landwalk_when_blocking():
    from kb.checker.engine.combat import can_be_blocked_by
    goblin = creature("Goblin Heelcutter", 3, 2, "menace")
    bears = [creature("Grizzly Bears", 2, 2, owner="opponent"), creature("Runeclaw Bear", 2, 2, owner="opponent")]
    assert not can_be_blocked_by(goblin, bears[:1]) and can_be_blocked_by(goblin, bears)
    elf = creature("Sylvan Ranger", 1, 1, "forestwalk")
    assert not can_be_blocked_by(elf, bears[:1], {"forest"}) and can_be_blocked_by(elf, bears[:1], {"island"})
