"""« X ne … que si Y », « X seulement si Y », "X only if Y" (kb/checker/meaning_conditions.py): the
outcome played on the engine where the condition holds (Reading.events) and where it does not
(Reading.only_if).  Sources: seeds/001_… Persistance 502.79a (« s'il n'avait pas de marqueurs
-1/-1 sur lui, renvoyez-le en jeu … avec un marqueur -1/-1 »); CR 2026-01-16 702.79a."""
from __future__ import annotations

import pytest

from kb.checker import check_claim
from kb.checker.reader import NotRead, Reader


def _typed(v):
    assert v.reading is not None and v.reading["reader"] == "typed", v.reason
    return v.reading


def test_persist_returns_only_without_a_minus_counter_fr(seed_conn):
    v = check_claim("La persistance ne ramène une créature que si elle n'avait aucun marqueur -1/-1 en mourant.",
                    cards=seed_conn)
    assert v.answer == "true"
    reading = _typed(v)
    assert reading["events"] == [{"kind": "dies", "subject": "e1"}]
    assert reading["only_if"] == [{"kind": "counters", "subject": "e1", "counter": "-1/-1", "n": 1, "setup": True},
                                  {"kind": "dies", "subject": "e1"}]
    # « ne … que » is *only*: the outcome asked is that it returns, not that it does not
    assert (reading["asserts"]["attribute"], reading["asserts"]["polarity"]) == ("returns", True)
    assert "là où la condition n'est pas remplie :" in v.explanation
    assert any("avait 1 marqueur(s) -1/-1 en allant au cimetière, et ne revient donc pas" in s
               for s in v.explanation)


@pytest.mark.parametrize("claim, answer", [
    ("Persist returns a creature only if it had no -1/-1 counters on it", "true"),
    ("A creature with persist returns only if it dies without a -1/-1 counter", "true"),
    ("A creature with persist returns only if it dies with a -1/-1 counter", "false"),
    ("La persistance ne ramène une créature que si elle avait un marqueur -1/-1", "false"),
    ("Une créature avec la persistance ne revient que si elle meurt sans marqueur -1/-1", "true"),
])
def test_only_if_played_both_ways(seed_conn, claim, answer):
    v = check_claim(claim, cards=seed_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert _typed(v)["only_if"] is not None


def test_an_outcome_in_neither_situation_is_unknown(seed_conn):
    # the negation of « it dies » is that nothing happens: the claim does not say what follows then
    v = check_claim("A creature with persist returns only if it dies", cards=seed_conn)
    assert v.answer == "unknown"


def test_ne_que_with_another_negation_is_not_read():
    with pytest.raises(NotRead):
        Reader().read("La persistance ne ramène pas une créature que si elle n'avait aucun marqueur -1/-1 "
                      "en mourant.", "fr")
