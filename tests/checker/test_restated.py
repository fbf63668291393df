"""Claims that restate a FAQ note or a rule (kb/checker/restated.py), read through the gist of
kb/checker/gist.py: French negation, restriction and quantities, the sentence quoted, and the guards
(the card must align, game terms must be the sentence's, the note must be of the claim's time)."""
from __future__ import annotations

import pytest

from kb.checker import check_claim
from kb.checker.document import check_document
from kb.checker.gist import SELF, gist
from kb.checker.gist_judge import judge


def test_ne_pas_negates_the_verb_and_ne_que_restricts_the_word_after_it():
    g = gist("Si la carte est retirée du cimetière, elle ne revient pas en jeu.", lang="fr")
    assert g.atoms == ("carte", "retirer", "cimetière", "revenir", "champ", "bataille")   # « retirée »: the verb
    assert g.marks == ("", "", "", "n", "", "")
    only = gist("Une même capacité ne peut faire partie que d'une seule paire de capacités liées.", lang="fr")
    assert dict(zip(only.atoms, only.marks))["seul"] == "o" and "n" not in "".join(only.marks)


def test_aucun_carries_the_negation_and_its_ne_is_not_a_second_one():
    g = gist("Aucune des capacités d'association d'âmes ne cible une créature.", lang="fr")
    assert g.atoms == ("aucun", "capacité", "association", "âme", "cible", "créature")
    assert g.marks == ("n", "", "", "", "", "")


def test_an_expletive_ne_is_no_negation_and_a_ne_never_closed_is_unclear():
    g = gist("avant que sa capacité de persistance ne se résolve", lang="fr")
    assert dict(zip(g.atoms, g.marks))["résoudre"] == ""
    # the seed's 502.10 sentence lacks its « pas »: read unclearly, it decides nothing
    g = gist("Le regroupement ne permet aux créatures dans un même groupe de partager des capacités.", lang="fr")
    assert dict(zip(g.atoms, g.marks))["permettre"] == "?"
    assert judge(gist("Le regroupement permet aux créatures d'un groupe de partager leurs capacités.",
                      lang="fr"), g).answer is None


def test_one_quantity_changed_in_its_place_is_false():
    said = gist("La persistance renvoie la créature avec deux marqueurs -1/-1 sur elle.", lang="fr")
    note = gist("La persistance renvoie la créature avec trois marqueurs -1/-1 sur elle.", lang="fr")
    j = judge(said, note)
    assert (j.answer, j.changed) == ("false", ("2", "3"))


def test_a_card_of_the_claim_must_align_with_the_card_of_the_sentence():
    names = {"Fantogre sinistre"}
    said = gist("Le Fantogre sinistre arrive sur le champ de bataille avec deux marqueurs -1/-1.", names, "fr")
    other = gist("Si l'Attacheur de sangsues arrive sur le champ de bataille avec deux marqueurs -1/-1, la capacité "
                 "se déclenche deux fois.", names, "fr")
    assert SELF in said.atoms and judge(said, other).answer is None


def test_a_note_denied_is_false_with_the_note_quoted(seed_conn):
    v = check_claim("Les symboles de mana hybride représentent de nouvelles couleurs.", cards=seed_conn)
    assert v.answer == "false"
    assert v.explanation[0].startswith("note ") and "ne représentent pas de nouvelles couleurs" in v.explanation[0]
    assert "la phrase nie « représenter », l'affirmation non" in v.explanation[1]


def test_cesser_is_a_negation(seed_conn):
    v = check_claim("Une créature qui perd l'association d'âmes cesse d'être associée.", cards=seed_conn)
    assert v.answer == "false" and "elle reste associée à l'autre créature" in v.explanation[0]


def test_a_restated_note_is_true(seed_conn):
    v = check_claim("Les blessures d'une source avec la flétrissure affectent normalement les joueurs et les "
                    "arpenteurs.", cards=seed_conn)
    assert v.answer == "true"
    assert "Les blessures de sources avec la flétrissure affectent les joueurs et les arpenteurs normalement" \
        in v.explanation[0]


def test_a_note_of_unknown_date_speaks_only_for_today(seed_conn):
    claim = "Une créature associée qui a l'association d'âmes et la perd reste associée à l'autre créature."
    assert check_claim(claim, cards=seed_conn).answer == "true"
    assert check_claim(claim, cards=seed_conn, edition="2008-12-31").answer == "unknown"


def test_a_document_checked_is_not_its_own_authority(seed_conn):
    claim = "Aucune des capacités d'association d'âmes ne cible une créature."
    assert check_claim(claim, cards=seed_conn).answer == "true"
    soulbond = "000_a77091c15e8840d5"
    assert check_claim(claim, cards=seed_conn, not_from=soulbond).answer == "unknown"
    report = check_document(seed_conn, soulbond)
    assert not any("note " in (s.explanation or [""])[0] and soulbond in (s.explanation or [""])[0]
                   for u in report.units for s in u.sentences)


@pytest.mark.corpus
def test_an_english_rule_restated_and_a_keyword_that_is_not_the_rule_s(full_conn):
    v = check_claim("Multiple instances of wither on the same object are redundant.", cards=full_conn)
    assert v.answer == "true" and v.explanation[0].startswith("rule 702.80d (2026-01-16")
    other = check_claim("Multiple instances of flanking on the same object are redundant.", cards=full_conn)
    assert other.answer == "unknown"


@pytest.mark.corpus
def test_a_card_s_own_text_restated_or_contradicted(full_conn):
    v = check_claim("Monstrous Hound can't block unless you control more lands than the attacking player.",
                    cards=full_conn)
    assert v.answer == "true" and v.explanation[0].startswith("text of Monstrous Hound:")
    v = check_claim("Mu Yanling, Sky Dancer's −3 creates a 4/4 blue Elemental Bird token, but it doesn't have "
                    "flying.", cards=full_conn)
    assert v.answer == "false" and "Create a 4/4 blue Elemental Bird creature token with flying" in v.explanation[0]
    # the French text of the latest printing, a quantity changed in its place
    v = check_claim("La Mutilation d'Hagra coûte {2} de moins à lancer si un adversaire ne contrôle aucun terrain "
                    "de base.", cards=full_conn)
    assert v.answer == "false" and "l'affirmation dit {2} où la phrase dit {1}" in v.explanation[1]


def test_a_sentence_that_holds_only_for_a_while_backs_no_claim_without_it():
    # Sejiri Merfolk's oracle text; the claim leaves out « as long as … »
    said = gist("As long as you control a Plains, Sejiri Merfolk has first strike and lifelink.", ["Sejiri Merfolk"])
    claim = gist("Sejiri Merfolk has first strike and lifelink.", ["Sejiri Merfolk"])
    assert said.conditional and not claim.conditional
    assert judge(claim, said).answer is None
    assert judge(gist("As long as you control a Plains, Sejiri Merfolk has first strike and lifelink.",
                      ["Sejiri Merfolk"]), said).answer == "true"


def test_an_opposite_word_in_its_place_is_false():
    # Jötun Grunt's cumulative upkeep puts the cards on the bottom of their owner's library
    said = gist("Put two cards from a single graveyard on the bottom of their owner's library.")
    j = judge(gist("Put two cards from a single graveyard on the top of their owner's library."), said)
    assert (j.answer, j.changed) == ("false", ("top", "bottom"))
    assert judge(gist("Put two cards from a single graveyard on the bottom of their owner's library."),
                 said).answer == "true"


def test_a_game_term_said_where_the_sentence_says_another_of_its_kind_is_false():
    # Archaeomancer returns the card to its owner's hand, Monstrous Hound counts lands
    text = gist("Quand l'Archéomancienne arrive sur le champ de bataille, renvoyez une carte d'éphémère ou de rituel "
                "ciblée depuis votre cimetière dans votre main.", ["Archéomancienne"], "fr")
    claim = gist("Quand l'Archéomancienne arrive sur le champ de bataille, renvoyez une carte d'éphémère ou de rituel "
                 "ciblée depuis votre cimetière sur le champ de bataille.", ["Archéomancienne"], "fr")
    j = judge(claim, text, of_the_card=True)
    assert (j.answer, j.changed) == ("false", ("champ bataille", "main"))
    hound = gist("Monstrous Hound can't attack unless you control more lands than defending player.",
                 ["Monstrous Hound"])
    j = judge(gist("Monstrous Hound can't attack unless you control more creatures than defending player.",
                   ["Monstrous Hound"]), hound, of_the_card=True)
    assert (j.answer, j.changed) == ("false", ("creature", "land"))


def test_a_game_term_is_never_one_wording_of_another_word():
    # Martyr of Frost counters target spell: a claim that narrows it to creature spells decides nothing
    text = gist("Counter target spell unless its controller pays {X}.", ["Martyr of Frost"])
    assert judge(gist("Martyr of Frost can counter target creature spell unless its controller pays {X}.",
                      ["Martyr of Frost"]), text, of_the_card=True).answer is None
    # Purify the Grave "Exile target card from a graveyard.": a zone for a zone is false, a player and a
    # zone for a zone are not a changed term
    grave = gist("Exile target card from a graveyard.", ["Purify the Grave"])
    j = judge(gist("Purify the Grave exiles target card from a hand.", ["Purify the Grave"]), grave, of_the_card=True)
    assert (j.answer, j.changed) == ("false", ("hand", "graveyard"))
    assert judge(gist("Purify the Grave exiles target card from an opponent's hand.", ["Purify the Grave"]), grave,
                 of_the_card=True).answer is None


def test_a_passive_is_not_its_verb_and_power_is_not_toughness():
    # Greater Stone Spirit "can't be blocked by creatures with flying"; Fleshpulper Giant counts toughness
    spirit = gist("Greater Stone Spirit can't be blocked by creatures with flying.", ["Greater Stone Spirit"])
    assert "blocked" in spirit.atoms
    j = judge(gist("Greater Stone Spirit can't block creatures with flying.", ["Greater Stone Spirit"]), spirit,
              of_the_card=True)
    assert j.answer != "true"
    giant = gist("When Fleshpulper Giant enters the battlefield, you may destroy target creature with toughness 2 or "
                 "less.", ["Fleshpulper Giant"])
    j = judge(gist("When Fleshpulper Giant enters the battlefield, you may destroy target creature with power 2 or "
                   "less.", ["Fleshpulper Giant"]), giant, of_the_card=True)
    assert (j.answer, j.changed) == ("false", ("power", "toughness"))


def test_a_word_whose_opposite_the_sentence_says_backs_nothing_even_when_said_twice():
    # Marauding Blight-Priest: "Whenever you gain life, each opponent loses 1 life."
    text = gist("Whenever you gain life, each opponent loses 1 life.", ["Marauding Blight-Priest"])
    assert judge(gist("Whenever you lose life, Marauding Blight-Priest makes each opponent lose 1 life.",
                      ["Marauding Blight-Priest"]), text, of_the_card=True).answer is None
    # the banding rule 502.10d: a creature removed from combat is removed from the band too
    rule = gist("Toutefois, si une créature dans un groupe est retirée du combat, elle est aussi retirée du groupe.",
                lang="fr")
    assert judge(gist("Si une créature dans un groupe est retirée du combat, elle reste dans le groupe.", lang="fr"),
                 rule).answer is None
    # Ichthyomorphosis: the enchanted creature loses all abilities
    aura = gist("La créature enchantée perd toutes ses capacités et est un poisson bleu avec une force et une "
                "endurance de base de 0/1.", lang="fr")
    assert judge(gist("La créature enchantée conserve toutes ses capacités.", lang="fr"), aura).answer is None


def test_a_card_s_own_text_need_not_name_it(full_conn):
    # Bant Charm: « • Counter target instant spell. »
    assert check_claim("Bant Charm can counter an instant spell.", cards=full_conn).answer == "true"
    v = check_claim("Can Bant Charm counter a sorcery spell?", cards=full_conn)
    assert v.answer == "false" and "the claim says sorcery where the sentence says instant" in v.explanation[-1]


def test_a_player_said_twice_is_one_player_unless_the_sentence_has_another():
    # Wanderer's Strike ruling: "To proliferate, you can choose any permanent that has a counter, …"
    ruling = gist("To proliferate, you can choose any permanent that has a counter, including ones controlled by "
                  "opponents.")
    assert judge(gist("When you proliferate, you can choose any permanent that has a counter, including ones "
                      "controlled by opponents."), ruling).answer == "true"
    # Marauding Blight-Priest: "Whenever you gain life, each opponent loses 1 life." — "you" twice where the
    # text has an opponent of its own
    text = gist("Whenever you gain life, each opponent loses 1 life.", ["Marauding Blight-Priest"])
    assert judge(gist("Whenever you gain life, you lose 1 life.", ["Marauding Blight-Priest"]), text,
                 of_the_card=True).answer is None


def test_a_french_verb_is_one_atom_in_all_its_forms():
    # simplemma reads « engagées » as the adjective « engagé » and « se déclenche » as a noun
    tapped = gist("les créatures engagées", lang="fr").atoms
    assert tapped == ("créature", "engager")
    assert gist("la capacité se déclenche deux fois", lang="fr").atoms == ("capacité", "déclencher", "2", "fois")
    assert gist("les capacités se déclenchent deux fois", lang="fr").atoms == ("capacité", "déclencher", "2", "fois")
    # a noun that is not after « se » stays a noun (« la carte », not « carter »)
    assert gist("la carte quitte le champ de bataille", lang="fr").atoms[0] == "carte"


@pytest.mark.corpus
@pytest.mark.parametrize("claim", [
    # Bolt Hound: « À chaque fois que le Chien d'éclair attaque, les autres créatures que vous contrôlez gagnent
    # +1/+0 jusqu'à la fin du tour. »; Jade Bearer: « … mettez un marqueur +1/+1 sur un autre ondin ciblé que vous
    # contrôlez. » (round P's two wrong answers at 3253f6a)
    "Le Chien d'éclair a la célérité, et à chaque fois qu'il attaque, il gagne lui-même +1/+0 jusqu'à la fin du tour.",
    "Quand la Porteuse de jade arrive sur le champ de bataille, elle peut mettre le marqueur +1/+1 sur elle-même.",
])
def test_the_card_itself_is_not_the_other_objects_of_its_text(full_conn, claim):
    assert check_claim(claim, cards=full_conn).answer != "true"


def test_a_claim_may_say_in_one_sentence_what_a_note_says_in_two(seed_conn):
    # the Sombrelande FAQ: « Si la capacité déclenchée de conspiration est contrecarrée (…), aucune copie ne sera
    # créée. Le sort de départ n'est pas affecté. » (one note, two sentences)
    v = check_claim("Si la capacité déclenchée de conspiration est contrecarrée, aucune copie n'est créée et le sort "
                    "d'origine n'est pas affecté.", cards=seed_conn)
    assert v.answer == "true"
    assert any("aucune copie ne sera créée. Le sort de départ n'est pas affecté." in e for e in v.explanation), \
        v.explanation


def test_pas_seulement_negates_the_restriction():
    # the Sombrelande FAQ on Leech Bonder: « … peut déplacer n'importe quel type de marqueur, pas seulement un
    # marqueur -1/-1. »: a « pas » with no « ne » before « seulement » is "not only", not a negation read unclearly
    note = gist("La capacité activée de l'Attacheur de sangsues peut déplacer n'importe quel type de marqueur, "
                "pas seulement un marqueur -1/-1.", ["Attacheur de sangsues"], "fr")
    assert dict(zip(note.atoms[-2:], note.marks[-2:]))["marqueur"] == "no"
    only = gist("L'Attacheur de sangsues ne peut déplacer que des marqueurs -1/-1.", ["Attacheur de sangsues"], "fr")
    j = judge(only, note, of_the_card=True)
    assert (j.answer, j.flipped) == ("false", ("marqueur", "sentence"))
