"""A cost said as the subject of a claim: "A {W/U}{W/U} cost can be paid with one white mana and one blue
mana", « Un coût {2/B} peut être payé avec deux manas rouges » (the Sombrelande FAQ: each hybrid symbol is
paid with either half; {2/B} with two mana of any type or {B}); what the rules decide of a card of that cost."""
from __future__ import annotations

import pytest

from kb.checker.claims import check_claim


@pytest.mark.parametrize("claim,answer", [
    ("A {W/U}{W/U} cost can be paid with one white mana and one blue mana.", "true"),
    ("Un coût {W/U}{W/U} peut être payé avec un mana blanc et un mana bleu.", "true"),
    ("Un coût {2/B} peut être payé avec deux manas rouges.", "true"),
    ("A {W/U}{W/U} cost can be paid with two black mana.", "false"),
    ("A {2/B} cost has a mana value of 2.", "true"),
    ("Un coût {W/U} est noir.", "false"),
])
def test_a_cost_as_the_subject(seed_conn, claim, answer):
    v = check_claim(claim, cards=seed_conn)
    assert v.answer == answer, v.reason


def test_mana_of_a_colour_in_no_stated_amount_is_not_guessed(seed_conn):
    assert check_claim("A {W/U}{W/U} cost can be paid with white mana.", cards=seed_conn).answer == "unknown"


@pytest.mark.parametrize("claim,answer", [
    # "one" is a number wherever a number is read, not only in a payment ("one white and one blue mana")
    ("If a 2/2 creature with persist dies, it returns with one -1/-1 counter.", "true"),
    ("If a 2/2 creature with persist dies, it returns with two -1/-1 counters.", "false"),
])
def test_one_is_a_number(seed_conn, claim, answer):
    assert check_claim(claim, cards=seed_conn).answer == answer
