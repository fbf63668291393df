"""A keyword ability's cost and parameters, and a card's cost said with "for" (card data of MTGJSON):
Hellspark Elemental "Unearth {1}{R}", Rift Bolt "Suspend 1—{R}", Call of the Herd "Flashback {3}{G}",
Covetous Dragon {4}{R} 6/5 flying, Childhood Horror {3}{B} 2/2 flying."""
from __future__ import annotations

import pytest

from kb.checker.claims import check_claim

pytestmark = pytest.mark.corpus


@pytest.mark.parametrize("claim,answer", [
    ("Hellspark Elemental's unearth cost is {1}{R}.", "true"),
    ("Hellspark Elemental's unearth cost is {2}{R}.", "false"),
    ("Hellspark Elemental has trample and haste, and its unearth cost is {1}{R}.", "true"),
    ("Le flashback de l'Appel du troupeau coûte {3}{G}.", "true"),
    ("Le coût de flashback de l'Appel du troupeau est de {2}{G}.", "false"),
    ("Rift Bolt has suspend 1 for {R}.", "true"),
    ("Rift Bolt has suspend 2 for {R}.", "false"),
    ("Rift Bolt has suspend 1 for {B}.", "false"),
    ("Rift Bolt has suspend 1.", "true"),
    ("Restore Balance has suspend 4—{W}.", "false"),          # Suspend 6—{W}
    ("Covetous Dragon is a 6/5 flyer for five mana.", "true"),
    ("Covetous Dragon is a 6/5 flyer for six mana.", "false"),
    ("L'Horreur enfantine est une créature noire 2/2 avec le vol pour {3}{B}.", "true"),
    ("L'Horreur enfantine est une créature noire 2/2 avec le vol pour {2}{B}.", "false"),
])
def test_keyword_costs_and_costs_said_with_for(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, v.reason


@pytest.mark.parametrize("claim", [
    "Encircling Fissure has awaken 4.",          # Awaken 2—{4}{W}
    "Living End has suspend 2.",                 # Suspend 3—{2}{B}{B}
    "Greater Gargadon has suspend 1.",           # Suspend 10—{R}
    "Detritivore has suspend 3.",                # Suspend X—{X}{3}{R}
    "Bannerhide Krushok has reinforce 1.",       # Reinforce 2—{1}{G}
])
def test_a_keywords_number_is_never_a_digit_of_its_cost(full_conn, claim):
    assert check_claim(claim, cards=full_conn).answer == "false"


# The card data's oracle texts: Forbid « Buyback—Discard two cards. », Street Wraith « Cycling—Pay 2 life. »,
# Necravolver « Kicker {1}{G} and/or {W} », Everflowing Chalice « Multikicker {2} », Den Protector
# « Megamorph {1}{G} », Blackblade Reforged « Equip legendary creature {3} » and « Equip {7} », Deep Analysis
# « Flashback—{1}{U}, Pay 3 life. », Fluctuator « Cycling abilities you activate cost up to {2} less to activate. »,
# Auriok Steelshaper « Equip costs you pay cost {1} less. », Burst Lightning « Kicker {4} ».
@pytest.mark.parametrize("claim,answer", [
    ("Forbid has buyback.", "true"),
    ("Forbid has buyback {3}.", "false"),
    ("Street Wraith has cycling.", "true"),
    ("Street Wraith a le recyclage.", "true"),
    ("Necravolver has kicker {1}{G}.", "true"),
    ("Necravolver has kicker {W}.", "true"),
    ("Necravolver has kicker {2}{W}.", "false"),
    ("Everflowing Chalice has multikicker {2}.", "true"),
    ("Den Protector has megamorph {1}{G}.", "true"),
    ("Blackblade Reforged has equip {7}.", "true"),
    ("Burst Lightning has kicker 2.", "false"),
    ("Uro, Titan of Nature's Wrath has escape.", "true"),
    ("Tel-Jilad Archers has protection from artifacts and reach.", "true"),
    # a list with a serial comma
    ("Serra Angel has flying, vigilance, and first strike.", "false"),
    ("Serra Angel has flying, and vigilance.", "true"),
    # Kheru Lich Lord grants flying, trample and haste to the creature it returns: its own data decides
    ("Kheru Lich Lord has flying, trample, and haste.", "unknown"),
    # a name glossed by its other name (Sapseep Forest is a Forest, colourless)
    ("Sapseep Forest (Forêt de Suintesève) has the Forest land type, but it isn't green.", "true"),
    # Collective Effort's escalate cost, as its text says it
    ("Collective Effort has escalate—Tap an untapped creature you control.", "true"),
    # "in addition to", « en plus de », « pour un coût de » (Hellkite Charger: flying, haste; Riftwing
    # Cloudskate: Suspend 3—{1}{U})
    ("Does Hellkite Charger have haste in addition to flying?", "true"),
    ("Does Hellkite Charger have trample in addition to flying?", "false"),
    ("L'Ange de Serra a la vigilance en plus du vol.", "true"),
    ("Le Pastenuage planefaille a le vol et la suspension 3 pour un coût de {1}{U}.", "true"),
    ("Le Pastenuage planefaille a le vol et la suspension 3 pour un coût de {2}{U}.", "false"),
    # the list after its name (Tropical Island — Land — Forest Island)
    ("Tropical Island has the land types Forest and Island, yet it isn't a basic land.", "true"),
    ("Tropical Island has the land types Forest and Swamp.", "false"),
    ("L'Île tropicale a les types de terrain forêt et île.", "true"),
])
def test_keyword_abilities_are_compared_by_their_parts(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, v.reason


@pytest.mark.parametrize("claim,why", [
    ("Fluctuator has cycling {2}.", "mentions"),                 # a line that starts with a keyword word
    ("Auriok Steelshaper has equip.", "mentions"),
    ("Everflowing Chalice has kicker {2}.", "702.33c"),         # multikicker is a variant of kicker
    ("Den Protector has morph.", "702.37b"),
    ("Blackblade Reforged has equip {3}.", "Equip legendary creature {3}"),   # an equip restricted by a quality
    ("Deep Analysis has flashback {1}{U}.", "Pay 3 life"),                    # part of its cost only
])
def test_what_a_printed_keyword_neither_proves_nor_disproves_is_unknown(full_conn, claim, why):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == "unknown" and why in v.reason, v.reason


# Knight of Grace « Hexproof from black » (702.11d: a variant of hexproof), Arcbound Wanderer « Modular—Sunburst »,
# Twinblade Paladin « As long as you have 25 or more life, Twinblade Paladin has double strike. » (and its ruling
# "… will immediately lose double strike"), Jötun Grunt « Cumulative upkeep—Put two cards from a single graveyard
# on the bottom of their owner's library. », from a tester's attack.
@pytest.mark.parametrize("claim,answer", [
    ("Knight of Grace has hexproof from black.", "true"),
    ("Knight of Grace has hexproof from white.", "false"),
    ("La Chevalière de la grâce a la défense talismanique contre le noir.", "true"),
    ("Knight of Grace has hexproof.", "unknown"),
    ("Arcbound Wanderer has modular—sunburst.", "unknown"),
    ("Arcbound Wanderer doesn't have modular—sunburst.", "unknown"),
    ("Twinblade Paladin has double strike.", "unknown"),
    ("Sejiri Merfolk has first strike and lifelink.", "unknown"),
    ("Jötun Grunt has cumulative upkeep—Put two cards from a single graveyard on the top of their owner's library.",
     "false"),      # its text says the bottom
])
def test_a_keyword_the_card_has_only_sometimes_or_in_another_form(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, v.reason
