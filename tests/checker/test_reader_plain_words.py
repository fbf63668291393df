"""Words of everyday claims the reader places (corpus/terms/claim_words.tsv, claim_reading.lark): a keyword
ability said as an adjective ("a 5/5 flying Dragon"), "ends up" as "becomes", adverbs that carry nothing
("somehow", "always", « malgré tout »)."""
from __future__ import annotations

import pytest

from kb.checker import check_claim


@pytest.mark.corpus
@pytest.mark.parametrize("claim,answer", [
    ("Spawn of Thraxes is a 5/5 flying Dragon whose mana value is 7.", "true"),     # {5}{R}{R}, Flying
    ("Spawn of Thraxes is a 5/5 flying Dragon whose mana value is 6.", "false"),
    ("Llanowar Elves is a flying Elf.", "false"),                                     # no keyword abilities
])
def test_a_keyword_said_as_an_adjective_is_a_keyword_the_card_has(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer
    assert any("flying" in step.lower() for step in v.explanation)


def test_ends_up_is_becomes(seed_conn):
    v = check_claim("A 2/2 creature with a -1/-1 counter that becomes 4/1 ends up 3/0.", cards=seed_conn)
    assert v.answer == "true"
    assert check_claim("A 2/2 creature with a -1/-1 counter that becomes 4/1 ends up 4/1.",
                       cards=seed_conn).answer == "false"


@pytest.mark.corpus
def test_an_adverb_that_carries_nothing_is_passed_over(full_conn):
    v = check_claim("Needle Spires always enters tapped, and it taps for either {R} or {W}.", cards=full_conn)
    assert v.answer == "true"
