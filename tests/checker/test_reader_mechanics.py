"""The claim reader's families of general statements about mechanics (issue 21, task R2), each in
French and English, with the values the rules and the engine give: where a mechanic stands in the
Comprehensive Rules of an edition, effects on P/T and keywords as events, soulbond's pairing and
targets, what removes damage and counters, unspent mana of a named card, and a note's card as the
referent of « cette carte » in ``kb check --document``."""
from __future__ import annotations

import pytest

from kb.checker import check_claim
from kb.checker.document import with_referent


def _check(conn, claim, edition=None):
    v = check_claim(claim, edition=edition, cards=conn)
    assert v.reading is not None, (claim, v.reason, v.not_understood)      # read by the claim reader
    return v


# --- where a mechanic stands in the rules (kb/checker/rule_refs.py) --------------------------------

@pytest.mark.parametrize("claim, edition, answer, rule", [
    ("In the current Comprehensive Rules, soulbond is rule 702.95, not 702.92.", None, "true", "702.95a"),
    ("L'association d'âmes est la règle 702.92.", None, "false", "702.95a"),
    ("In the 2026 Comprehensive Rules, banding is rule 702.22.", "2026-01-16", "true", "702.22a"),
    ("Selon les règles de 2008, la persistance est la règle 502.79.", "2008-05-01", "true", "502.79a"),
    ("La persistance est la règle 702.80.", None, "false", "702.79a"),
    ("La règle 702.79 est la persistance.", None, "true", "702.79a"),
])
def test_a_keyword_rule_number_by_edition_from_the_concept_table(seed_conn, claim, edition, answer, rule):
    v = _check(seed_conn, claim, edition)
    assert v.answer == answer
    assert v.rules == [rule]
    assert "concept table" in v.numbering      # the seeds hold no rule history


@pytest.mark.parametrize("claim, edition, answer", [
    ("Soulbond didn't exist yet in the 2008 Comprehensive Rules.", "2008-05-01", "true"),
    ("L'association d'âmes n'existait pas encore dans les règles de 2008.", None, "true"),
    ("L'association d'âmes existait dans les règles de 2008.", None, "false"),
    ("Soulbond exists in the current rules.", None, "true"),
])
def test_whether_a_keyword_has_a_rule_in_an_edition(seed_conn, claim, edition, answer):
    assert _check(seed_conn, claim, edition).answer == answer


def test_another_subrule_of_the_keyword_rule_is_not_its_definition(seed_conn):
    v = _check(seed_conn, "Soulbond is rule 702.95c.")
    assert v.answer == "unknown"
    assert "part of the rule of soulbond" in v.reason


@pytest.mark.corpus
@pytest.mark.parametrize("claim, edition, answer, rule, step", [
    ("In the current Comprehensive Rules, soulbond is rule 702.95, not 702.92.", None, "true", "702.95",
     "rules of 2026-01-16: rule 702.95 is titled « Soulbond »"),
    ("Selon les règles de 2012, l'association d'âmes est la règle 702.93.", "2012-05-01", "true", "702.93",
     "règles du 2012-05-01 : la règle 702.93 s'intitule « Soulbond »"),
    ("Flying is rule 702.9.", None, "true", "702.9", "rules of 2026-01-16: rule 702.9 is titled « Flying »"),
    # an edition named by its day or month, in either language; the number said without "rule"
    ("In the Comprehensive Rules of May 1, 2012, soulbond was numbered 702.93.", None, "true", "702.93",
     "rules of 2012-05-01: rule 702.93 is titled « Soulbond »"),
    ("Under the 2012-05-01 rules, soulbond is rule 702.95.", None, "false", "702.93",
     "rules of 2012-05-01: rule 702.93 is titled « Soulbond »"),
    ("Selon les règles de mai 2008, la persistance est la règle 502.79.", None, "true", "502.79",
     "règles du 2008-05-01 : la règle 502.79 s'intitule « Persist »"),
    ("Banding was still numbered 502.10 in the Comprehensive Rules of May 2008.", None, "true", "502.10",
     "rules of 2008-05-01: rule 502.10 is titled « Banding »"),
    ("Under the current rules, persist is 702.79.", None, "true", "702.79",
     "rules of 2026-01-16: rule 702.79 is titled « Persist »"),
    ("Selon les règles actuelles, l'association d'âmes correspond à la règle 702.95, et non plus à la 702.92.",
     None, "true", "702.95", "règles du 2026-01-16 : la règle 702.95 s'intitule « Soulbond »"),
])
def test_a_keyword_rule_number_from_the_rule_history_by_title(full_conn, claim, edition, answer, rule, step):
    v = _check(full_conn, claim, edition)
    assert v.answer == answer
    assert v.rules == [rule]
    assert step in v.explanation


# --- effects as events, « devient » as an outcome (kb/checker/meaning_effects.py) -------------------

@pytest.mark.parametrize("claim, edition, answer, last", [
    ("A -2/2 creature that gets +3/+3 becomes 1/5.", None, "true", "gets +3/+3 -> 1/5"),
    ("Une créature -2/2 qui gagne +3/+3 devient 3/5.", None, "false", "gagne +3/+3 -> 1/5"),
    ("Selon les règles de 2008, une créature 3/3 qui gagne +3/+3 puis devient 1/1 est 1/1", None, "true", None),
    ("Une créature 3/3 qui gagne +3/+3 puis devient 1/1 est 1/1", None, "false", "gagne +3/+3 -> 4/4"),
])
def test_p_t_effects_in_order_by_edition(seed_conn, claim, edition, answer, last):
    v = _check(seed_conn, claim, edition)
    assert v.answer == answer
    if last:
        assert last in v.explanation


@pytest.mark.parametrize("claim", [
    "A paired creature that loses soulbond immediately becomes unpaired.",
    "Une créature associée qui perd l'association d'âmes devient aussitôt dissociée.",
])
def test_losing_soulbond_does_not_unpair(seed_conn, claim):
    v = _check(seed_conn, claim)
    assert v.answer == "false"
    assert "702.95e" in v.rules


# --- soulbond: how many partners, « l'une d'elles », what it targets --------------------------------

@pytest.mark.parametrize("claim, answer", [
    ("A creature can be paired with only one other creature.", "true"),
    ("Une créature ne peut être associée qu'à une seule autre créature.", "true"),
    ("A creature can be paired with two other creatures.", "false"),
    ("Une créature peut être associée à deux autres créatures.", "false"),
])
def test_a_creature_is_paired_with_one_other_at_most(seed_conn, claim, answer):
    v = _check(seed_conn, claim)
    assert v.answer == answer
    assert "702.95d" in v.rules
    assert any("1 other creature(s) at once" in s or "1 autre(s) créature(s) à la fois" in s for s in v.explanation)


@pytest.mark.parametrize("claim", [
    "Paired creatures become unpaired if another player gains control of either of them.",
    "Les créatures associées deviennent dissociées si un autre joueur acquiert le contrôle de l'une d'elles.",
])
def test_either_of_a_pair_changing_control_unpairs_both(seed_conn, claim):
    v = _check(seed_conn, claim)
    assert v.answer == "true"
    assert "702.95e" in v.rules


@pytest.mark.parametrize("claim", [
    "Does soulbond target the creature it pairs with?",
    "Puisque l'association d'âmes cible, on ne peut pas s'associer à une créature qui a le linceul.",
])
def test_soulbond_targets_nothing(seed_conn, claim):
    v = _check(seed_conn, claim)
    assert v.answer == "false"
    assert any("has no « target »" in s or "« cible »" in s for s in v.explanation)


# --- what removes damage and counters (kb/checker/situation_removal.py) -----------------------------

@pytest.mark.parametrize("claim, answer", [
    ("Les marqueurs -1/-1 de la flétrissure ne partent ni en fin de tour ni avec la régénération.", "true"),
    ("Damage marked on a creature is removed when it regenerates and during the cleanup step.", "true"),
    ("The -1/-1 counters are removed during the cleanup step.", "false"),
    ("Les blessures disparaissent en fin de tour.", "true"),
])
def test_what_removes_damage_and_counters(seed_conn, claim, answer):
    v = _check(seed_conn, claim)
    assert v.answer == answer
    assert "514.2" in v.rules


def test_a_wither_counter_survives_regeneration(seed_conn):
    v = _check(seed_conn, "Les marqueurs -1/-1 de la flétrissure ne partent pas avec la régénération.")
    assert v.answer == "true"
    assert v.explanation[-1] == "résultat : la créature a 0 blessure(s) marquée(s) et 1 -1/-1"


# --- tokens, returns with no event ------------------------------------------------------------------

def test_a_token_with_persist_does_not_come_back(seed_conn):
    v = _check(seed_conn, "Un jeton avec la persistance revient sur le champ de bataille avec un marqueur -1/-1.")
    assert v.answer == "false"
    v = _check(seed_conn, "A creature with persist returns to the battlefield with a -1/-1 counter.")
    assert v.answer == "true"


# --- unspent mana of a named card: mana burn by edition ---------------------------------------------

@pytest.mark.parametrize("edition, answer", [("2008-05-01", "true"), (None, "false")])
def test_unspent_mana_of_a_named_card(seed_conn, edition, answer):
    v = _check(seed_conn, "Le mana {G}{G}{G} du Forgeur de vallée qui n'est pas dépensé avant la fin de la phase "
                          "provoque une brûlure de mana.", edition)
    assert v.answer == answer


# --- kb check --document: the note's card --------------------------------------------------------------

def test_this_card_in_a_note_is_the_note_card(seed_conn):
    assert with_referent("Cette carte est un rituel noir.", "Implorer la reine") == "Implorer la reine est un rituel noir."
    assert with_referent("La carte ci-dessus coûte 6.", "Implorer la reine") == "Implorer la reine coûte 6."
    assert with_referent("Cette carte est noire.", None) == "Cette carte est noire."
    v = check_claim(with_referent("Cette carte a un coût converti de mana de 6.", "Implorer la reine"), cards=seed_conn)
    assert v.answer == "true"


# --- a concession first: « Même si Y, X » ---------------------------------------------------------------

@pytest.mark.parametrize("claim", [
    "Even if the card leaves the graveyard before persist resolves, it still comes back to the battlefield.",
    "Même si la carte quitte le cimetière avant la résolution de la persistance, elle revient sur le champ de bataille.",
])
def test_a_concession_first_that_stops_the_outcome(seed_conn, claim):
    v = _check(seed_conn, claim)
    assert v.answer == "false"
    assert v.explanation[-1] in ("outcome: a creature with persist does not return to the battlefield",
                                 "résultat : une créature avec persistance ne revient pas sur le champ de bataille")
