"""What a claim costs to read: the controlled language is not parsed for words neither reader knows,
a guessed split stops at its first undecided clause, and the gists of the rules are read once."""
from __future__ import annotations

import pytest

from kb.checker import claims as claims_module
from kb.checker.claims import check_claim
from kb.checker.reading import outside_grammar


def test_a_word_no_literal_of_the_grammar_writes_is_outside_it():
    norm = "if rakdos carnarium is the only land i have, it winds up bouncing itself back to my hand"
    assert "bouncing" in outside_grammar(norm, ["I", "up", "bouncing", "my", "hand"])
    # a word the grammar writes ("land"), and a capitalised word (it may be a card's name), are never counted
    assert outside_grammar(norm, ["land", "Rakdos"]) == []


@pytest.mark.corpus
def test_with_card_data_the_controlled_language_is_not_parsed_for_unknown_words(full_conn, monkeypatch):
    parsed = []
    real = claims_module.parse_claim
    monkeypatch.setattr(claims_module, "parse_claim", lambda norm: parsed.append(norm) or real(norm))
    v = check_claim("If Rakdos Carnarium is the only land I have, it winds up bouncing itself back to my hand.",
                    cards=full_conn)
    assert v.answer == "unknown"
    assert "bouncing" in v.reason and "bouncing" in v.not_understood
    assert not any("bouncing" in norm for norm in parsed)


@pytest.mark.corpus
def test_the_controlled_language_still_reads_its_own_claims(full_conn):
    # a claim of tests/fixtures/faq_claims.yaml that only the controlled language reads
    v = check_claim("L'Attacheur de sangsues avec deux marqueurs -1/-1 : il est 1/1", cards=full_conn)
    assert v.answer == "true"


def test_without_card_data_a_name_the_card_records_hold_is_still_looked_up(seed_conn):
    # the seed knowledge base has no card data: the controlled language looks the words up as a card
    v = check_claim("Le ciel est bleu", cards=seed_conn)
    assert v.answer == "unknown" and "aucune carte nommée" in v.reason


@pytest.mark.corpus
@pytest.mark.parametrize("claim,answer", [
    ("Sur l'Élémental de vif-argent, une carte exilée par la capacité du Frappeur à l'arc peut être renvoyée par "
     "la capacité des Sœurs de la mort de pierre", "false"),
    ("Sur l'Élémental de vif-argent, une carte exilée par la capacité des Sœurs de la mort de pierre peut être "
     "renvoyée par la capacité des Sœurs de la mort de pierre", "true"),
])
def test_card_names_inside_what_a_text_does_still_reach_the_controlled_language(full_conn, claim, answer):
    # (faq_claims.yaml, rule 607.4's example): the reader types the end as what a text does, names and all
    assert check_claim(claim, cards=full_conn).answer == answer
