"""The claim rounds written by testers who never read the checker (tests/fixtures/claims_*_round_[ab].yaml):
never a wrong answer, and at least the right answers each had when it was measured."""
from __future__ import annotations

from pathlib import Path

import pytest

from kb.checker import check_file

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _tally(verdicts):
    wrong = [f"{v.claim} -> {v.answer} (expected {v.expected})" for v in verdicts
             if v.answer != v.expected and v.answer != "unknown"]
    right = sum(v.answer == v.expected for v in verdicts)
    return right, wrong




@pytest.mark.corpus
def test_card_round_a_on_every_card(full_conn):
    verdicts = check_file(FIXTURES / "claims_cards_round_a.yaml", cards=full_conn)
    right, wrong = _tally(verdicts)
    assert len(verdicts) == 100
    assert wrong == []
    assert right >= 62          # 23 when first measured, 41 once its families were read, 42 with what the text does,
                                # 62 with any effect compared with the card's text (kb/checker/text_does.py)


def test_seed_round_a_on_the_seeds(seed_conn):
    verdicts = check_file(FIXTURES / "claims_seeds_round_a.yaml", cards=seed_conn)
    right, wrong = _tally(verdicts)
    assert len(verdicts) == 70
    assert wrong == []
    assert right >= 21          # 6 when first measured, 15 once its families were read, 21 with « que si », payments, soulbond, bands


@pytest.mark.corpus
def test_card_round_b_on_every_card(full_conn):
    verdicts = check_file(FIXTURES / "claims_cards_round_b.yaml", cards=full_conn)
    right, wrong = _tally(verdicts)
    assert len(verdicts) == 100
    assert wrong == []
    assert right >= 51          # 33 at its one blind measure, 51 with any effect, characteristics said in passing and rulings


def test_seed_round_b_on_the_seeds(seed_conn):
    verdicts = check_file(FIXTURES / "claims_seeds_round_b.yaml", cards=seed_conn)
    right, wrong = _tally(verdicts)
    assert len(verdicts) == 70
    assert wrong == []
    assert right >= 11          # 4 at its one blind measure; 11 with the families of task R2 (rule numbers, effects, soulbond, removal)


@pytest.mark.corpus
def test_round_c_on_every_card(full_conn):
    verdicts = check_file(FIXTURES / "claims_round_c.yaml", cards=full_conn)
    right, wrong = _tally(verdicts)
    assert len(verdicts) == 120
    assert wrong == []
    assert right >= 34          # 10 at its one blind measure (seeds 0/60); 34 with what the text does, rulings and the mechanics families


@pytest.mark.corpus
def test_round_d_on_every_card(full_conn):
    """Round D (60 card claims, 60 seed claims) was measured blind at 8e7a44c (9/120) and once more
    after the families read from rounds A-C (15/120), before anything was made for it."""
    verdicts = check_file(FIXTURES / "claims_round_d.yaml", cards=full_conn)
    right, wrong = _tally(verdicts)
    assert len(verdicts) == 120
    assert wrong == []
    assert right >= 21          # 15 at its blind measure after rounds A-C's families; 21 (cards 16/60) with the
                                # general families of task R3 (who does an effect, whose-attributes, subtype names)
                                # and the kind of a keyword's ability (task R4)


@pytest.mark.corpus
def test_round_e_on_every_card(full_conn):
    """Round E (60 card claims, 60 seed claims), measured blind twice without anything made for it:
    9/120 with one wrong answer, at 4083ed5 and at c4d6809.  The wrong one was a question with its own
    answer ("Does X's first ability give X itself wither? No."), read as if it asserted its question; such
    claims are read through kb/checker/answers.py since."""
    verdicts = check_file(FIXTURES / "claims_round_e.yaml", cards=full_conn)
    right, wrong = _tally(verdicts)
    assert len(verdicts) == 120
    assert wrong == []
    assert right >= 10
