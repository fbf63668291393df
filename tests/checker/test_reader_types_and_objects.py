"""Claims of blind round I (issue 21), by family, on the full knowledge base: types said after an article
(a card name made only of types is not that card there), a number of colours, French feminine creature
types, and an effect said from its object (« … et la créature ciblée gagne +4/+4 »)."""
import pytest

from kb.checker import check_claim

pytestmark = pytest.mark.corpus


@pytest.mark.parametrize("claim,answer", [
    # Thraximundar: Legendary Creature — Zombie Assassin, {4}{U}{B}{R}; Zombie Assassin is a card too
    ("Thraximundar is a legendary Zombie Assassin with exactly three colors and a mana value of 7.", "true"),
    ("Thraximundar is a legendary Zombie Wizard.", "false"),
    ("Ruthless Ripper is a 1/1 Human Assassin with deathtouch.", "true"),
    ("Zombie Assassin is a 3/2 creature.", "true"),            # the card, named as the subject
    ("Does Serra Angel have flying? No.", "false"),             # "Serra" and "Angel" are types each, too
])
def test_types_after_an_article_are_types(full_conn, claim, answer):
    assert check_claim(claim, cards=full_conn).answer == answer


@pytest.mark.parametrize("claim,answer", [
    ("Thraximundar has three colors.", "true"),
    ("Thraximundar has exactly two colors.", "false"),
    ("Thraximundar has at least two colors.", "true"),
    ("Thraximundar a trois couleurs.", "true"),
])
def test_a_number_of_colors_is_counted(full_conn, claim, answer):
    assert check_claim(claim, cards=full_conn).answer == answer


@pytest.mark.parametrize("claim,answer", [
    # Hobgoblin Captain: « Créature : gobelin et barbare », 3/1
    ("La Capitaine hobgobeline est une gobeline et barbare 3/1.", "true"),
    ("La Capitaine hobgobeline est une gobeline et barbare 1/3.", "false"),
])
def test_a_feminine_creature_type(full_conn, claim, answer):
    assert check_claim(claim, cards=full_conn).answer == answer


@pytest.mark.parametrize("claim,answer", [
    # Invigorate / Revigoration: « La créature ciblée gagne +4/+4 jusqu'à la fin du tour. », {2}{G}
    ("Revigoration coûte {2}{G} et la créature ciblée gagne +4/+4 jusqu'à la fin du tour.", "true"),
    ("Avec Revigoration, la créature ciblée gagne +4/+4 jusqu'à la fin du tour.", "true"),
    ("With Invigorate, target creature gets +4/+4 until end of turn.", "true"),
    ("Invigorate costs {2}{G} and target creature gets +4/+4 until end of turn.", "true"),
    ("Invigorate costs {1}{G} and target creature gets +4/+4 until end of turn.", "false"),
    # Crusade: « Les créatures blanches gagnent +1/+1. »
    ("Avec la Croisade, les créatures blanches gagnent +1/+1.", "true"),
])
def test_an_effect_said_from_its_object(full_conn, claim, answer):
    assert check_claim(claim, cards=full_conn).answer == answer


def test_an_effect_from_its_object_the_text_does_not_say_is_not_true(full_conn):
    assert check_claim("Avec la Croisade, les créatures noires gagnent +1/+1.", cards=full_conn).answer != "true"
