"""The French -> English lexicon learned from the card data's parallel texts (kb/checker/lexicon.py), and the
claims it lets the checker compare across languages."""
from __future__ import annotations

import pytest

from kb.checker import check_claim
from kb.checker.gist import NEGATED, gist
from kb.checker.lexicon import learn, lexicon, to_english


def test_a_word_is_the_one_it_meets_most_in_the_other_text():
    # « piocher » meets "draw" and "card" four times each, but "card" also meets « défausser »: its Dice
    # coefficient with "draw" is the higher one
    rows = [("Piochez une carte.", "Draw a card."), ("Piochez deux cartes.", "Draw two cards."),
            ("Défaussez une carte.", "Discard a card."), ("Défaussez deux cartes.", "Discard two cards.")] * 2
    lex = learn(rows)
    assert (lex["piocher"], lex["défausser"], lex["carte"]) == ("draw", "discard", "card")


@pytest.mark.corpus
def test_the_lexicon_of_the_card_data(full_conn):
    lex = lexicon(full_conn)
    assert len(lex) > 1000
    assert (lex["créature"], lex["blessure"], lex["cimetière"], lex["marqueur"], lex["flétrissure"]) == \
        ("creature", "damage", "graveyard", "counter", "wither")
    # « champ de bataille » is one English word (`translation` in gist_words.tsv: "enters" says it no more)
    assert to_english(gist("sur le champ de bataille", (), "fr"), lex).atoms == ("battlefield",)


@pytest.mark.corpus
def test_a_french_sentence_in_english_atoms(full_conn):
    said = to_english(gist("Aucune créature ne peut bloquer le Planeur.", (), "fr"), lexicon(full_conn))
    assert said.atoms[:2] == ("creature", "block")
    assert NEGATED in said.marks[0]                 # « aucune » gives its negation to the word after it
    both = to_english(gist("sur le champ de bataille", (), "fr"), lexicon(full_conn))
    assert both.atoms == ("battlefield",)            # two French atoms, one English atom


@pytest.mark.corpus
def test_an_english_claim_decided_by_a_french_note(full_conn):
    # the soulbond release notes (000_a77091c15e8840d5), note 9: « Si une créature associée qui a l'association
    # d'âmes perd l'association d'âmes, elle reste associée à l'autre créature. »
    v = check_claim("A paired soulbond creature that loses soulbond stays paired.", cards=full_conn)
    assert v.answer == "true"
    assert "the French sentence is read in English words learned from the card data's French and English texts" \
        in v.explanation


@pytest.mark.corpus
def test_a_french_claim_decided_by_an_english_ruling(full_conn):
    # Bant Charm's ruling of 2008-10-01: "If this spell is copied, the copy will have the same mode as the original."
    v = check_claim("Quand on copie le Charme de Bant, la copie garde le même mode que le sort original.",
                    cards=full_conn)
    assert v.answer == "true"
    assert v.explanation == [
        "décision du 2008-10-01 sur Bant Charm : « If this spell is copied, the copy will have the same mode as the "
        "original. »",
        "l'affirmation couvre 80 % de ses mots, dans son ordre ; les négations concordent",
        "la phrase anglaise est comparée à l'affirmation lue en mots anglais appris des textes français et anglais "
        "des données de cartes"]


@pytest.mark.corpus
def test_the_french_documents_parallel_texts_teach_the_words_of_rules(full_conn):
    from kb.checker.lexicon import _documents
    from kb.store.db import database_path
    pairs = _documents(full_conn, database_path(full_conn))
    # the French rule 702.92d and its twin, 702.93d of 2012
    assert ("Une créature peut uniquement être associée à une autre créature.",
            "A creature can be paired with only one other creature.") in pairs
    assert lexicon(full_conn)["objet"] == "object"     # « objet » is in rules and notes, seldom in card texts
