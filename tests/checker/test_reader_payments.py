"""What a card's mana cost can be paid with (kb/checker/meaning_payments.py -> card_payments.py):
« peut être payé avec », "you can pay for … with".  Sources: the seeds' FAQ (001_… « Hybride » note 2:
a hybrid card has every colour of its cost whatever is spent; note 4: each symbol paid on its own),
the card data (Wasp Lancer / Lancier guêpe {U/B}{U/B}{U/B}, Kitchen Finks {1}{G/W}{G/W}, Spectral
Procession {2/W}{2/W}{2/W}, Birthing Pod {3}{G/P}); CR 2026-01-16 107.4e, 202.2d."""
from __future__ import annotations

import pytest

from kb.checker import check_claim
from kb.checker.reader import Reader


def test_pay_with_exact_mana_is_one_query(seed_conn):
    reading = Reader(seed_conn).read("Le Lancier guêpe peut être payé avec {U}{U}{U}", "fr")
    assert reading.asserts.attribute == "payable" and reading.asserts.value == {"mana": "{U}{U}{U}"}
    reading = Reader(seed_conn).read("Le Lancier guêpe ne peut pas être payé avec du mana vert uniquement", "fr")
    assert (reading.asserts.value, reading.asserts.polarity) == ({"only": "G"}, False)


def test_pay_with_a_colour_on_the_faq_record(seed_conn):
    v = check_claim("Le Lancier guêpe ne peut pas être payé avec du mana vert uniquement", cards=seed_conn)
    assert v.answer == "true"
    assert "coût de mana de Lancier guêpe : {U/B}{U/B}{U/B}" in v.explanation


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer, step", [
    ("The Lancier guêpe is both blue and black, even though you could pay for it with only blue mana.", "true",
     "hybrid/Phyrexian symbols {U/B}{U/B}{U/B} give each of their colors, whatever is spent"),
    ("Le Lancier guêpe peut être payé avec {U}{U}{U}", "true",
     "dépenser {U}{U}{U} correspond à la façon de payer {U}{U}{U}"),
    ("Le Lancier guêpe peut être payé avec {U}{U}{R}", "false", "dépenser {U}{U}{R} ne correspond à aucune d'elles"),
    ("Vous pouvez payer les Fourbes de cuisine avec du mana vert uniquement", "true",
     "la réserve {G}{G}{G}{G}{G}{G}{G} peut payer {1}{G/W}{G/W} sous la forme {1}{G}{G}"),
    ("Kitchen Finks can be paid with {G}{G}{W}", "true", "spending {W}{G}{G} matches the way {1}{W}{G}"),
    ("Kitchen Finks can't be paid with {G}{G}{G}{G}", "true", "spending {G}{G}{G}{G} matches none of them"),
    ("Spectral Procession can be paid with {W}{W}{W}", "true", "ways to pay {2/W}{2/W}{2/W}: {W}{W}{W}, {2}{W}{W}, "
     "{4}{W}, {6}"),
    ("You can pay for Kitchen Finks with only red mana", "false", "mana cost of Kitchen Finks: {1}{G/W}{G/W}"),
])
def test_payments_on_the_card_data(full_conn, claim, answer, step):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert step in v.explanation


@pytest.mark.corpus
def test_phyrexian_mana_only_is_unknown(full_kb):
    from kb.store.db import connect

    conn = connect(full_kb)
    try:
        v = check_claim("You can pay for Birthing Pod with only green mana", cards=conn)
    finally:
        conn.close()
    assert v.answer == "unknown"
    assert "Phyrexian symbols" in v.reason
