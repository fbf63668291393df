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


def test_a_keyword_line_with_a_number_and_a_dash_is_a_printed_keyword_ability():
    from kb.cards.facekeywords import keyword_line

    class Vocab:           # the vocabulary's two parts keyword_line uses
        import re
        pattern = re.compile(r"(suspend|awaken)\b")

        @staticmethod
        def canonical(word):
            return word.capitalize()

    assert keyword_line("Suspend 1—{R} (Rather than cast this card …)", Vocab) == [("Suspend", "Suspend 1—{R}")]
    assert keyword_line("Awaken 3—{4}{W}{W}", Vocab) == [("Awaken", "Awaken 3—{4}{W}{W}")]


@pytest.mark.parametrize("claim", [
    "Encircling Fissure has awaken 4.",          # Awaken 2—{4}{W}
    "Living End has suspend 2.",                 # Suspend 3—{2}{B}{B}
    "Greater Gargadon has suspend 1.",           # Suspend 10—{R}
    "Detritivore has suspend 3.",                # Suspend X—{X}{3}{R}
    "Bannerhide Krushok has reinforce 1.",       # Reinforce 2—{1}{G}
])
def test_a_keywords_number_is_never_a_digit_of_its_cost(full_conn, claim):
    assert check_claim(claim, cards=full_conn).answer == "false"
