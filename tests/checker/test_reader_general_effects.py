"""General families of round D's card claims (task R3): an effect said after any trigger of the card, a
causative ("X has/lets you …"), the player named before the text's imperative, « Avec X, … » / "With X, …"
leads, « dont la valeur de mana est … » / "whose mana value is …", "it's", and numbers in the rulings.
Sources: the card data (Doomed Dissenter: « When Doomed Dissenter dies, create a 2/2 black Zombie creature
token. »; Stronghold Discipline: « Each player loses 1 life for each creature they control. »; Brainstorm:
« Draw three cards, then put two cards from your hand on top of your library in any order. »; Sphinx-Bone
Wand: {7} artifact; Ghostfire: {2}{R}, « Ghostfire is colorless. »; Kessig Dire Swine 6/6; Lightning Bolt:
3 damage) and Brainstorm's ruling of 2018-03-16 (« You draw three cards and put two cards back all while
Brainstorm is resolving. »)."""
from __future__ import annotations

import pytest

from kb.checker import check_claim
from kb.checker.gist import gist


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer, step", [
    # the effect after the card's trigger, whatever the event, its player named first (« vous créez »)
    ("When Doomed Dissenter dies, you create a 2/2 black Zombie creature token.", "true",
     "the text says what the claim says: « when dies create 2/2 black zombie token »"),
    ("When Doomed Dissenter dies you create a 1/1 black Zombie token.", "false",
     "the text says « when dies create 2/2 black zombie token »: 2/2, where the claim says 1/1"),
    ("Quand le Dissident damné meurt, vous créez un jeton de créature 2/2 noire Zombie.", "true",
     "le texte dit ce que dit l'affirmation : « quand meurt creez jeton 2/2 noire zombie »"),
    # a causative: what the player is made to do is the effect
    ("Brainstorm has you draw three cards, then put two cards from your hand on top of your library in any order.",
     "true", "the text says what the claim says: « draw three cards put two cards your hand top your library any "
     "order »"),
    # « Avec X, … » / "With X, …": the card first, what its text does after the comma
    ("Avec la Discipline de la forteresse, chaque joueur perd 1 point de vie pour chaque créature qu'il contrôle.",
     "true", "texte de règles de Stronghold Discipline : « Chaque joueur perd 1 point de vie pour chaque créature "
     "qu'il contrôle. »"),
    ("With Stronghold Discipline, each player loses 3 life for each creature they control.", "false",
     "the text says « each player loses 1 life foreach creature control »: 1 life, where the claim says 3 life"),
    # "you deal" is not the text's word: the card deals the damage
    ("With Lightning Bolt, you deal 3 damage to any target.", "unknown", None),
])
def test_effects_said_of_players(full_conn, claim, answer, step):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    if step is not None:
        assert step in v.explanation
    assert v.reading is not None and v.reading["asserts"]["attribute"] == "text_does"


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer, step", [
    ("La Baguette d'os de sphinx est un artefact incolore dont la valeur de mana est 7.", "true",
     "valeur de mana de {7} : {7}=7 = 7"),
    ("La Baguette d'os de sphinx est un artefact incolore dont la valeur de mana est 6.", "false",
     "valeur de mana de {7} : {7}=7 = 7"),
    ("Sphinx-Bone Wand is an artifact whose mana cost contains {U}.", "false", "mana cost of Sphinx-Bone Wand: {7}"),
    ("Kessig Dire Swine is a green creature whose power is 6.", "true", "power of Kessig Dire Swine: 6"),
    # "it's" is "it is", not a possessive
    ("Ghostfire costs {2}{R}, yet it's colorless.", "true", "the card database agrees: colors colorless"),
    ("Ghostfire costs {2}{R}, yet it's red.", "false", "the card database agrees: colors colorless"),
])
def test_whose_attribute_and_its(full_conn, claim, answer, step):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert step in v.explanation


def test_numbers_in_words_are_quantities_of_a_ruling():
    assert gist("You draw three cards and put two cards back.").atoms[:4] == ("you", "draw", "3", "card")


@pytest.mark.corpus
def test_a_number_passed_over_in_a_ruling_decides_nothing(full_conn):
    # the ruling says « draw three cards and put two cards back »: "draw two cards" is not what it says
    v = check_claim("Brainstorm has you draw two cards.", cards=full_conn)
    assert v.answer == "unknown", v.explanation
    assert not any("ruling of 2018-03-16" in s for s in v.explanation or [])


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer, step", [
    # a card whose name is a subtype, named first in the singular: the card (Swamp: « Terrain de base : marais »)
    ("Le Marais est un terrain de base de type marais.", "true", "sous-types de Swamp : Swamp"),
    ("Le Marais est un terrain de base de type forêt.", "false", "sous-types de Swamp : Swamp"),
    # « ne … aucune » is one negation; "has no color" asks whether the card has any colour
    ("Le Marais n'a aucune couleur.", "true", "la base de cartes concorde : couleurs incolore"),
    ("L'Ange de Serra n'a aucune couleur.", "false", "the card database agrees: colors W"),
    ("Serra Angel has no color.", "false", "the card database agrees: colors W"),
    ("Island has no color.", "true", "the card database agrees: colors colorless"),
    ("L'Ange de Serra n'a pas de couleur.", "false", "la base de cartes concorde : couleurs W"),
])
def test_subtype_named_cards_and_no_color(full_conn, claim, answer, step):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert step in v.explanation


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer, step", [
    # « sa capacité à {0} »: the line of that cost of the card named last (Jodah's Avenger: « {0} : Jusqu'à la
    # fin du tour, le Vengeur de Jodah prend -1/-1 … »); Prodigal Pyromancer: « {T}: ~ deals 1 damage … »
    ("Le Vengeur de Jodah est un changeforme bleu 4/4 ; sa capacité à {0} lui donne -2/-2.", "false",
     "sous-types de Jodah's Avenger : Shapeshifter"),
    ("Prodigal Pyromancer is a creature and its ability deals 1 damage to any target.", "true",
     "rules text of Prodigal Pyromancer: « {t}: ~ deals 1 damage to any target. »"),
    ("Prodigal Pyromancer is a creature and its ability deals 2 damage to any target.", "false",
     "rules text of Prodigal Pyromancer: « {t}: ~ deals 1 damage to any target. »"),
])
def test_its_ability_does(full_conn, claim, answer, step):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert step in v.explanation


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer", [
    # "for {1}{W}" after a noun phrase is its cost (Shepherd of the Flock {1}{W}, its Adventure Usher to Safety)
    ("Shepherd of the Flock is a 3/1 Human Peasant for {1}{W}, and its Adventure, Usher to Safety, is an instant.",
     "true"),
    ("Shepherd of the Flock is a 3/1 Human Peasant for {2}{W}.", "false"),
])
def test_a_cost_after_for(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert "mana cost of Shepherd of the Flock: {1}{W}" in v.explanation


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer", [
    # "~ gets a +1/+1 counter each time …" is « Whenever …, put a +1/+1 counter on Champion of the Perished. »
    ("Champion of the Perished gets a +1/+1 counter each time another Zombie enters the battlefield under your "
     "control.", "true"),
    ("Champion of the Perished gets two +1/+1 counters each time another Zombie enters the battlefield under your "
     "control.", "unknown"),
])
def test_gets_a_counter_is_put_a_counter_on_it(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert "rules text of Champion of the Perished: « Whenever another Zombie enters the battlefield under your " \
           "control, put a +1/+1 counter on Champion of the Perished. »" in v.explanation
