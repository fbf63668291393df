"""The whole list of a card's keyword abilities or types (kb/checker/listed.py), and mana said as counted
colours in a payment ("one white and one blue mana", « un mana vert et un mana blanc »).

Sources: the card data (Serra Angel: Flying, Vigilance; Dhund Operative: Creature — Human Rogue; Savannah:
Land — Forest Plains; Avian Changeling: Changeling, Flying; Kitchen Finks {1}{G/W}{G/W}); the seeds'
FAQ (001_… « Hybride » note 4: each hybrid symbol paid on its own)."""
from __future__ import annotations

import pytest

from kb.checker import check_claim

pytestmark = pytest.mark.corpus


@pytest.mark.parametrize("claim, answer, step", [
    ("Serra Angel's keywords are flying and vigilance.", "true", "keywords of Serra Angel: flying, vigilance"),
    ("Serra Angel's keywords are flying and trample.", "false", "Serra Angel does not have « trample »"),
    ("Les types de créature de l'Agent de Dhund sont humain et gredin.", "true",
     "sous-types de Dhund Operative : human, rogue"),
    ("Dhund Operative costs {1}{B}, and its creature types are Human and Rogue.", "true",
     "subtypes of Dhund Operative: human, rogue"),
    ("Savannah has the Forest and Island types.", "false", "subtypes of Savannah: Forest, Plains"),
    # Snow-Covered Swamp: Basic Snow Land — Swamp; a list named in the singular
    ("Snow-Covered Swamp's supertypes are basic and snow.", "true", "supertypes of Snow-Covered Swamp: basic, snow"),
    ("Les supertypes du Marais enneigé sont de base et neigeux.", "true",
     "supertypes de Snow-Covered Swamp : basic, snow"),
    ("Snow-Covered Swamp's subtype is Swamp.", "true", "subtypes of Snow-Covered Swamp: swamp"),
    ("Serra Angel's creature type is Angel.", "true", "subtypes of Serra Angel: angel"),
])
def test_a_list_of_keywords_or_types(full_conn, claim, answer, step):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert step in v.explanation


@pytest.mark.parametrize("claim, reason", [
    ("Les types de créature de l'Agent de Dhund sont humain.", "a plus de sous-types que l'affirmation n'en énumère"),
    ("Avian Changeling's creature types are Bird and Goblin.", "every creature type through changeling"),
])
def test_part_of_a_list_is_unknown(full_conn, claim, reason):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == "unknown"
    assert reason in v.reason


@pytest.mark.parametrize("claim, answer", [
    ("Kitchen Finks can be paid with one green and two white mana.", "true"),
    ("Kitchen Finks can be paid with one green and one white mana.", "false"),
    ("Un coût de {G/W}{G/W} peut être payé avec un mana vert et un mana blanc.", "true"),
])
def test_counted_colours_of_mana(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)


@pytest.mark.parametrize("claim, answer", [
    ("Snow-Covered Swamp has the snow supertype.", "true"),
    ("Snow-Covered Swamp has the legendary supertype.", "false"),
])
def test_a_type_a_card_has(full_conn, claim, answer):
    assert check_claim(claim, cards=full_conn).answer == answer
