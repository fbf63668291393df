"""The wordings a claim restates a sentence in (kb/checker/gist.py, kb/checker/restated.py): a note's aside
left out, a condition said last, an imperative's pronoun, the old "in play", a note of the card's FAQ record
that doesn't name it, and the set a French FAQ is about, named in English."""
from __future__ import annotations

import pytest

from kb.checker import check_claim
from kb.checker.gist import compared, condition_last, gist


def test_a_note_is_also_compared_without_its_aside_in_brackets(seed_conn):
    note = ("Par exemple, si l'Attacheur de sangsues (une créature qui arrive en jeu avec deux marqueurs -1/-1 "
            "sur elle) arrive en jeu, la capacité des Défenses abondantes se déclenche deux fois.")
    assert ("Par exemple, si l'Attacheur de sangsues arrive en jeu, la capacité des Défenses abondantes se "
            "déclenche deux fois.", note) in compared([note])
    v = check_claim("Si l'Attacheur de sangsues arrive en jeu, la capacité des Défenses abondantes se déclenche "
                    "deux fois.", cards=seed_conn)
    assert v.answer == "true"
    assert v.explanation[0] == f"note 111 (001_b5a1e1d9799bc96e, 2008-04-04) : « {note} »"     # as written


@pytest.mark.corpus
def test_a_claim_about_a_mechanic_restates_a_ruling_given_for_many_cards(full_conn):
    v = check_claim("You can't activate a {Q} ability of a permanent that's already untapped, since you can't pay "
                    "the cost.", cards=full_conn)
    assert v.answer == "true"
    assert v.explanation[0] == ("ruling of 2008-08-01, given for 15 cards (among them Crackleburr): “If the "
                                "permanent is already untapped, you can’t activate its {Q} ability. That’s because "
                                "you can’t pay the “Untap this permanent” cost.”")
    v = check_claim("Si un permanent est déjà dégagé, vous pouvez activer sa capacité {Q}.", cards=full_conn)
    assert v.answer == "false"


def test_a_sentence_is_also_compared_with_its_condition_said_last():
    assert condition_last("At the beginning of each player's upkeep, that player mills a card.") == \
        "that player mills a card at the beginning of each player's upkeep."
    assert condition_last("Quand la créature meurt, renvoyez-la sur le champ de bataille.") == \
        "renvoyez-la sur le champ de bataille quand la créature meurt."
    assert condition_last("Siphon Mind makes each other player discard a card.") is None
    assert condition_last("Par exemple, si l'Attacheur de sangsues arrive en jeu, la capacité des Défenses "
                          "abondantes se déclenche deux fois.") == \
        "la capacité des Défenses abondantes se déclenche deux fois si l'Attacheur de sangsues arrive en jeu."
    assert condition_last("Si, quand la capacité se résout, …") is None      # no condition before the comma


def test_an_imperative_s_object_pronoun_is_not_part_of_its_verb():
    assert gist("retirez-lui autant de paires de marqueurs que possible", (), "fr").atoms == \
        gist("on lui retire autant de paires de marqueurs que possible", (), "fr").atoms == \
        ("retirer", "autant", "paire", "marqueur", "possible")


def test_in_play_is_on_the_battlefield_and_enters_the_battlefield_is_enters():
    assert gist("If two Godheads of Awe are in play", (), "en").atoms == \
        gist("If two Godheads of Awe are on the battlefield", (), "en").atoms
    assert gist("When it comes into play", (), "en").atoms == gist("When it enters the battlefield", (), "en").atoms \
        == gist("When it enters", (), "en").atoms == ("enter",)


@pytest.mark.corpus
def test_an_old_wording_restates_today_s_ruling(full_conn):
    v = check_claim("When two Divinité de respect are in play, each one makes the other a 1/1.", cards=full_conn)
    assert v.answer == "true"
    assert "If two Godheads of Awe are on the battlefield, they’ll each make the other one 1/1." in v.explanation[0]


@pytest.mark.parametrize("claim", [
    "Quand elle bloque, la Guivre à écailles flétrissantes acquiert elle-même la flétrissure jusqu'à la fin du tour.",
    "Quand la Guivre à écailles flétrissantes bloque, elle acquiert elle-même la flétrissure jusqu'à la fin du tour.",
])
def test_the_card_itself_must_align_in_a_note_that_names_it(seed_conn, claim):
    # the note says the creature blocked or blocking gains wither (« cette créature »), not the Wurm itself
    assert check_claim(claim, cards=seed_conn).answer == "unknown"


@pytest.mark.corpus
def test_a_french_faq_is_named_by_the_english_name_of_its_set(full_conn):
    v = check_claim("According to the Shadowmoor FAQ, Implorer la reine is still black even if you spend six red "
                    "mana to cast it.", cards=full_conn)
    assert v.answer == "true" and v.edition == "2008-04-04"
    v = check_claim("According to the Lorwyn FAQ, Beseech the Queen is black.", cards=full_conn)
    assert v.answer == "unknown" and v.reason == "no stored document is named Lorwyn"


@pytest.mark.corpus
@pytest.mark.parametrize("claim,answer", [
    ("L'Epix soldat arrive sur le champ de bataille avec trois marqueurs +1/+1.", "true"),
    ("L'Epix soldat arrive sur le champ de bataille avec deux marqueurs +1/+1.", "false"),
])
def test_a_french_claim_is_compared_with_the_english_text_of_a_card_with_no_french_text(full_conn, claim, answer):
    # Spike Soldier's French printings have no rules text
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer
    assert v.explanation[0] == "texte de Spike Soldier : « Spike Soldier enters the battlefield with three +1/+1 " \
                               "counters on it. »"


def test_a_p_t_is_one_atom_in_english_too_and_french_says_it_after_its_noun(full_conn):
    from kb.checker.lexicon import lexicon, to_english
    assert gist("with three +1/+1 counters on it", (), "en").atoms == ("3", "+1/+1", "counter")
    said = to_english(gist("avec trois marqueurs +1/+1 et un mana blanc", (), "fr"), lexicon(full_conn))
    assert said.atoms[:3] == ("3", "+1/+1", "counter") and said.atoms[-2:] == ("white", "mana")


@pytest.mark.corpus
def test_what_a_card_is_then_a_relative_clause_about_it(full_conn):
    v = check_claim("Spike Soldier is a green 0/0 creature that enters the battlefield with two +1/+1 counters.",
                    cards=full_conn)
    assert v.answer == "false"
    assert v.explanation[1] == "clause 1, “Spike Soldier is a green 0/0 creature.”: true (card Spike Soldier: " \
                               "mana cost {2}{G}{G}, type line « Creature — Spike Soldier 0/0 »)"


def test_ne_aucun_negates_aucun_not_the_verb():
    g = gist("vous ne piochez alors aucune carte", (), "fr")
    assert g.atoms == ("vous", "piocher", "aucun", "carte") and g.marks == ("", "", "n", "")


@pytest.mark.corpus
def test_a_claim_read_in_english_words_is_never_false_by_a_negation_alone(full_conn):
    # "draw no cards" and « ne piochez aucune carte » put the negation on different words
    from kb.checker.gist_judge import judge
    from kb.checker.lexicon import lexicon, to_english
    claim = to_english(gist("vous laisse vous défausser de votre main et ne piocher aucune carte", (), "fr"),
                       lexicon(full_conn))
    ruling = gist("you may choose to discard your hand and draw cards", (), "en")
    assert judge(claim, ruling, translated=True).answer is None
    v = check_claim("Si vous lancez un sort incolore, le Régent voilelune vous laisse vous défausser de votre main, "
                    "mais vous ne piochez alors aucune carte.", cards=full_conn)
    assert v.answer == "true"


@pytest.mark.corpus
def test_an_english_claim_restates_the_english_text_of_a_french_rule(full_conn):
    from kb.checker.said import TWINS, sources_of
    from kb.store.db import database_path
    twins = {(s.id, s.twin_of, s.date): s.sentence for s in sources_of(database_path(full_conn), TWINS)
             if s.source == "000_a77091c15e8840d5" and s.sentence == s.wording}
    # the seed's 702.92d is 702.93d of the 2012-05-01 edition
    assert twins[("702.92d", "702.93d", "2012-05-01")] == "A creature can be paired with only one other creature."
    v = check_claim("A kicker ability and an ability that refers to whether the object was kicked are linked "
                    "abilities.", cards=full_conn)
    assert v.answer == "true"
    assert v.explanation[0].startswith("rule 607.2g (002_f6a566c3e70ee678), in English: rule 607.2g of the "
                                       "Comprehensive Rules of 20")


@pytest.mark.corpus
def test_a_verb_and_its_passive_never_stand_for_each_other(full_conn):
    # the ruling given for 34 banding cards: "If a creature with banding is blocked, the attacking player chooses …"
    v = check_claim("When a creature with banding blocks, it's the attacking player who decides how the damage "
                    "from the creatures it blocked is assigned.", cards=full_conn)
    assert v.answer == "unknown"
    assert check_claim("If a creature with banding is blocked, the attacking player chooses how the blockers' "
                       "damage is assigned.", cards=full_conn).answer == "true"


def test_a_question_answered_with_its_reason(seed_conn):
    from kb.checker.answers import answer_with_reason
    assert answer_with_reason("Peut-on activer la capacité {Q} d'un permanent déjà dégagé ? Non, car on ne peut "
                              "pas payer le coût.") == ("Peut-on activer la capacité {Q} d'un permanent déjà "
                                                        "dégagé ?", "no", "car", "on ne peut pas payer le coût.")
    v = check_claim("Peut-on activer la capacité {Q} d'un permanent déjà dégagé ? Non, car on ne peut pas payer le "
                    "coût « dégagez ce permanent ».", cards=seed_conn)
    assert v.answer == "true"
    assert v.explanation[1].startswith("proposition 1, « Peut-on activer la capacité {Q} d'un permanent déjà "
                                       "dégagé ? Non » : vraie (note 35")
    # an answer that goes on otherwise is compared with no sentence as a whole
    assert check_claim("Peut-on activer la capacité {Q} d'un permanent déjà dégagé ? Non, mais on peut payer le "
                       "coût.", cards=seed_conn).answer == "unknown"
