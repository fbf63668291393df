"""A payment said as the situation of a claim, and a card said by its mana cost alone
(kb/checker/meaning_payments.py, card_payments.py, designation.costed).

Sources: the seeds' FAQ (001_… « Hybride » notes: a card has every colour of its hybrid symbols whatever
is spent; « Hybride monochrome »: Implorer la reine {2/B}{2/B}{2/B} has a converted mana cost of 6 even
paid {B}{B}{B}); the card data (Kitchen Finks {1}{G/W}{G/W}, Birthing Pod {3}{G/P}, Wasp Lancer
{U/B}{U/B}{U/B}); CR 2026-01-16 105.2, 107.4f, 202.2, 202.3, 202.3e (X is 0 except on the stack)."""
from __future__ import annotations

import pytest

from kb.checker import check_claim
from kb.checker.reader import Reader


def test_a_concession_of_payment_is_a_payable_query(seed_conn):
    reading = Reader(seed_conn).read("Implorer la reine a un coût converti de mana de 6 même si vous ne payez "
                                     "que {B}{B}{B}", "fr")
    assert reading.asserts.attribute == "mana_value" and reading.asserts.value == 6
    assert (reading.concession.attribute, reading.concession.value) == ("payable", {"mana": "{B}{B}{B}"})
    assert reading.concession.subject == reading.asserts.subject


@pytest.mark.parametrize("claim, answer", [
    ("Implorer la reine a un coût converti de mana de 6 même si vous ne payez que {B}{B}{B}.", "true"),
    ("Implorer la reine a un coût converti de mana de 3 quand on la paie avec {B}{B}{B}.", "false"),
    ("Implorer la reine reste noire même si on dépense six manas rouges pour la lancer.", "true"),
    ("Implorer la reine devient incolore si on la paie avec six manas rouges.", "false"),
    ("If you spend six red mana on Implorer la reine, it is a colorless sorcery.", "false"),
    ("Le Lancier guêpe est bleu et noir, peu importe le mana dépensé.", "true"),
])
def test_a_payment_changes_no_characteristic(seed_conn, claim, answer):
    v = check_claim(claim, cards=seed_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert v.reading["concession"]["attribute"] == "payable"


def test_becoming_what_it_already_is_is_unknown(seed_conn):
    v = check_claim("Implorer la reine devient noire si on la paie avec six manas rouges.", cards=seed_conn)
    assert v.answer == "unknown"
    assert "déjà ce que l'affirmation dit qu'elle devient" in v.reason


def test_what_a_payment_may_change_stays_unknown(seed_conn):
    """Abilities and P/T may depend on the mana spent (adamant, sunburst): no answer under a payment."""
    v = check_claim("Le Lancier guêpe a le vol même si vous le payez avec {U}{U}{U}.", cards=seed_conn)
    assert v.answer == "unknown"
    assert "un paiement peut changer ce que l'affirmation demande" in v.reason


def test_a_payment_the_cost_does_not_allow_leaves_it_unknown(seed_conn):
    v = check_claim("Le Lancier guêpe est bleu même si vous le payez avec {G}{G}{G}.", cards=seed_conn)
    assert v.answer == "unknown"
    assert "la concession de l'affirmation ne tient pas" in v.reason


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer, step", [
    ("Birthing Pod is green even if you pay its {G/P} with 2 life.", "true", "{G/P} of {3}{G/P} paid with 2 life"),
    ("Kitchen Finks is green and white no matter which mana you spend on it.", "true",
     "any payment the mana cost allows"),
    ("Kitchen Finks, costing {1}{G/W}{G/W}, has a mana value of 3 even if you pay {G}{G}{G}.", "true",
     "mana cost of Kitchen Finks: {1}{G/W}{G/W}"),
    ("If you pay for Wasp Lancer with only black mana, it is a mono-black creature.", "false",
     "mana cost of Wasp Lancer: {U/B}{U/B}{U/B}"),
])
def test_payments_on_the_card_data(full_conn, claim, answer, step):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert step in v.explanation


@pytest.mark.parametrize("claim, answer", [
    ("Une carte qui coûte {G/W}{G/W} est verte et blanche et a une valeur de mana de 2.", "true"),
    ("Une carte dont le coût de mana est {R/G} est seulement rouge.", "false"),
    ("A spell costing {2/R}{2/R} has mana value 4 and is red.", "true"),
    ("A card costing {2/U}{2/U}{2/U} has a mana value of only 3 if you pay {U}{U}{U} for it.", "false"),
    ("A card costing {X}{R} has mana value 1.", "true"),
])
def test_a_card_said_by_its_cost(seed_conn, claim, answer):
    v = check_claim(claim, cards=seed_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert v.reading["setup"]["entities"][0]["by"] == "costed"


@pytest.mark.parametrize("claim, reason", [
    ("Une carte qui coûte {G/W}{G/W} est une créature.", "ne donne que le coût de mana"),
    ("A spell costing {X}{R} has mana value 1.", "counts the value chosen for X"),
])
def test_what_a_cost_does_not_say_is_unknown(seed_conn, claim, reason):
    v = check_claim(claim, cards=seed_conn)
    assert v.answer == "unknown"
    assert reason in v.reason
