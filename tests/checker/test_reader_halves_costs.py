"""A half of a split card named through its card (« la moitié Pain de Pain // Suffering », "Demand, the other
half of Supply // Demand") and a cost said before the card whose ability it is (« Pour {1}, le Moustodon
donne … », "For {2}{R}, Slaughter Cry gives …"), on the card data of the full knowledge base.

Sources (MTGJSON): Pain // Suffering (split): Pain {B} sorcery, Suffering {3}{R} sorcery "Destroy target
land."; Supply // Demand: Demand {1}{W}{U}; Night // Day: Night {B} "Target creature gets -1/-1 until end of
turn.", Day {2}{W}; Brute Force // Threat (« Briser // Braver »): Threat {2}{R}{G} « Créez un jeton de
créature 4/4 rouge et verte Bête avec le piétinement. »; Mosstodon "{1}: Target creature with power 5 or
greater gains trample until end of turn."; Needle Spires "{2}{R}{W}: Needle Spires becomes a 2/1 red and
white Elemental creature with double strike until end of turn."; Slaughter Cry, an instant of {2}{R},
"Target creature gets +3/+0 and gains first strike until end of turn."; Serra Angel {3}{W}{W}."""
from __future__ import annotations

import pytest

from kb.checker import check_claim


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer, step", [
    ("Suffering, the red half of Pain // Suffering, destroys target land.", "true",
     "the text says what the claim says: « destroy target land »"),
    ("Demand, the other half of Supply // Demand, costs {1}{W}{U}.", "true",
     "Demand is the face designated as other Supply // Demand"),
    ("Demand, the other half of Supply // Demand, costs {1}{W}.", "false", "mana cost of Demand: {1}{W}{U}"),
    ("Serra Angel, the other half of Night // Day, costs {B}.", "false",
     "Serra Angel is not the face designated as other Night // Day"),
    ("The Pain half of Pain // Suffering costs {B}.", "true", "mana cost of Pain: {B}"),
    ("The other half of Night costs {2}{W}.", "true", "mana cost of Day: {2}{W}"),
    ("Braver, la moitié Threat de Briser // Braver, crée un jeton Bête 4/4 rouge et vert avec le piétinement.",
     "true", "le texte dit ce que dit l'affirmation : « creez jeton 4/4 rouge verte bete avec pietinement »"),
])
def test_a_half_named_through_its_card(full_conn, claim, answer, step):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert step in v.explanation


@pytest.mark.corpus
@pytest.mark.parametrize("claim, why", [
    ("The half of Night // Day costs {B}.", "which half of Night // Day the claim means"),
    ("The other half of Serra Angel costs {B}.", "Serra Angel has a single face"),
])
def test_a_half_that_is_not_told_is_unknown(full_conn, claim, why):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == "unknown"
    assert why in v.reason


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer, step", [
    ("Pour {1}, le Moustodon donne le piétinement jusqu'à la fin du tour à une créature ciblée de force 5 ou plus.",
     "true", "texte de règles de Mosstodon : « {1} : La créature ciblée de force supérieure ou égale à 5 acquiert "
     "le piétinement jusqu'à la fin du tour. »"),
    ("Pour seulement {1}, le Moustodon donne le piétinement jusqu'à la fin du tour à une créature ciblée de force 5 "
     "ou plus.", "true", "le texte dit ce que dit l'affirmation : « creature ciblee force 5 plus acquiert pietinement "
     "fin tour »"),
    ("For {1}, Mosstodon gives target creature with power 5 or greater trample until end of turn.", "true",
     "rules text of Mosstodon: « {1}: Target creature with power 5 or greater gains trample until end of turn. »"),
    ("Needle Spires, for {2}{R}{W}, becomes a 2/1 red and white Elemental creature with double strike until end "
     "of turn.", "true", "the text says what the claim says: « becomes 2/1 red white elemental creature with double "
     "strike until end turn »"),
    ("Pour {2}{R}{W}, les Cimes aiguilles deviennent une créature 2/1 avec le vol jusqu'à la fin du tour.", "false",
     "là où l'affirmation dit flying"),
    # an instant's own mana cost, said as what its effect costs
    ("For {2}{R}, Slaughter Cry gives target creature +3/+0 and first strike until end of turn.", "true",
     "mana cost of Slaughter Cry: {2}{R}"),
    ("For {1}{R}, Slaughter Cry gives target creature +3/+0 and first strike until end of turn.", "false",
     "mana cost of Slaughter Cry: {2}{R}"),
])
def test_a_cost_said_before_the_card(full_conn, claim, answer, step):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert any(step in e for e in v.explanation), v.explanation


@pytest.mark.corpus
def test_a_cost_no_ability_of_the_card_has_is_unknown(full_conn):
    v = check_claim("For {2}, Mosstodon gives target creature trample until end of turn.", cards=full_conn)
    assert v.answer == "unknown"
    assert v.reason == "Mosstodon has no ability of cost {2} in its text"


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer", [
    # Spined Karok: {2}{G} Creature — Crocodile 2/4, no rules text
    ("Spined Karok is a green 2/4 Crocodile costing {2}{G}.", "true"),
    ("Spined Karok is a green 2/4 Crocodile costing {1}{G}.", "false"),
    ("Le Karok à piquants est un crocodile vert 2/4 coûtant {2}{G}.", "true"),
])
def test_a_cost_said_by_a_participle_after_the_noun(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert any("{2}{G}" in e for e in v.explanation)


@pytest.mark.corpus
def test_a_cost_said_before_a_spell_with_x_is_no_contradiction(full_conn):
    # Fireball {X}{R}: "For {2}{R}" is X = 2 paid, not another mana cost
    v = check_claim("For {2}{R}, Fireball deals 2 damage to any target.", cards=full_conn)
    assert v.answer != "false"
