"""Claims that restate a card's ruling (kb/checker/rulings.py): decided by aligning the claim with the
ruling's sentence, its negations compared; everything else left unknown with the ruling as evidence."""
from __future__ import annotations

import pytest

from kb.checker import check_claim
from kb.checker.gist import SELF, Gist, gist
from kb.checker.gist_judge import judge


def test_a_negated_auxiliary_marks_the_content_word_after_it():
    g = gist("Tezzeret himself doesn’t have affinity for artifacts.", {"Tezzeret"})
    assert g.atoms == (SELF, "affinity", "artifact")
    assert g.marks == ("", "n", "")


def test_a_contrasted_word_is_negated_and_nothing_is_a_word_of_its_own():
    g = gist("Your opponent, not you, creates the token.")
    assert g.atoms == ("your", "opponent", "you", "create", "token") and g.marks == ("", "", "n", "", "")
    # Darksteel Axe's ruling of 2013-07-01: the equipped creature is the word negated
    g = gist("Darksteel Axe itself has indestructible, not the creature it's equipping.", {"Darksteel Axe"})
    assert g.atoms == (SELF, "indestructible", "creature", "equip") and g.marks == ("", "", "n", "")
    g = gist("Its ability will trigger, but it will do nothing.")
    assert g.atoms == ("ability", "trigger", "nothing") and not any(g.marks)


def test_converted_mana_cost_is_read_as_mana_value():
    assert gist("It has a converted mana cost of 0.").atoms == ("mana", "value", "0")
    assert gist("Its mana value is 0.").atoms == ("mana", "value", "0")


def test_who_does_what_to_whom_must_align_in_order():
    ruling = gist("The blocking creature deals damage to the attacking creature first.")
    swapped = gist("The attacking creature deals damage to the blocking creature first.")
    j = judge(swapped, ruling)
    assert (j.cover, j.aligned, j.answer) == (1.0, 5 / 7, None)
    assert judge(ruling, ruling).answer == "true"


def test_one_word_moved_is_still_a_paraphrase():
    ruling = gist("If you’re casting a split card with fuse from any zone other than your hand, you can’t cast "
                  "both halves.", {"Turn // Burn"})
    claim = gist("If you cast Turn // Burn from a zone other than your hand, you can't cast both halves fused.",
                 {"Turn // Burn"})
    assert judge(claim, ruling, of_the_card=True).answer == "true"


def test_one_negation_flipped_is_false_two_are_unknown():
    ruling = Gist(("SELF", "trigger", "put", "battlefield"), ("", "n", "", ""))
    once = Gist(("SELF", "trigger", "put", "battlefield"), ("", "", "", ""))
    twice = Gist(("SELF", "trigger", "put", "battlefield"), ("", "", "n", ""))
    j = judge(once, ruling)
    assert (j.answer, j.flipped) == ("false", ("trigger", "sentence"))
    assert judge(twice, ruling).answer is None


@pytest.mark.corpus
def test_a_ruling_reversed_is_false_and_restated_is_true(full_conn):
    reversed_ = check_claim("Tezzeret, Master of the Bridge itself has affinity for artifacts.", cards=full_conn)
    assert reversed_.answer == "false"
    assert "2019-05-03" in reversed_.explanation[0] and "doesn’t have affinity" in reversed_.explanation[0]
    assert "the ruling negates “affinity” and the claim does not" in reversed_.explanation[1]
    kept = check_claim("Tezzeret, Master of the Bridge itself doesn't have affinity for artifacts.", cards=full_conn)
    assert kept.answer == "true"


@pytest.mark.corpus
def test_a_trigger_the_ruling_denies(full_conn):
    v = check_claim("Demigod of Revenge's ability triggers even when it's put directly onto the battlefield.",
                    cards=full_conn)
    assert v.answer == "false"
    assert "It won’t trigger if Demigod of Revenge is put directly onto the battlefield." in v.explanation[0]
    assert check_claim("You can cast New Horizons even if you control no creatures.", cards=full_conn).answer == "true"


@pytest.mark.corpus
def test_french_claims_and_earlier_editions_are_not_compared(full_conn):
    assert check_claim("Tezzeret, Master of the Bridge itself has affinity for artifacts.", edition="2019",
                       cards=full_conn).answer == "unknown"
    french = check_claim("Tezzeret, maître du Pont lui-même a l'affinité pour les artefacts.", cards=full_conn)
    assert not any(step.startswith("ruling of") for step in french.explanation)


@pytest.mark.corpus
def test_an_undecided_claim_shows_the_closest_ruling(full_conn):
    v = check_claim("Gleancrawler only returns creature cards that were put into your graveyard after "
                    "Gleancrawler entered the battlefield.", cards=full_conn)
    assert v.answer == "unknown"
    rulings = [e for e in v.evidence if e["kind"] == "ruling"]
    assert rulings and rulings[0]["id"].startswith("Gleancrawler (")
    assert "before Gleancrawler entered the battlefield" in rulings[0]["snippet"]
