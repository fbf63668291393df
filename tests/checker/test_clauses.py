"""Claims of two clauses checked clause by clause (kb/checker/clauses.py), the gist's guard against a
word the sentence never says, and the characteristics the claim reader now reads (a type a card "has",
« à la fois », « le coût »).  Cards and notes are the knowledge base's own."""
from __future__ import annotations

import pytest

from kb.checker import check_claim
from kb.checker.clauses import splits
from kb.checker.gist import gist
from kb.checker.gist_judge import judge
from kb.checker.reader import Reader


def _splits(conn, claim: str, lang: str):
    return splits(claim, Reader(conn).tokenizer.tokenize(claim, lang).tokens, lang)


@pytest.mark.corpus
def test_two_predicates_of_one_card_are_each_checked(full_conn):
    v = check_claim("Bruits nocturnes coûte {B} et a un flashback de {5}{R}.", cards=full_conn)
    assert v.answer == "true"
    joined = v.reading["clauses"]
    assert joined["role"] == "conjunction"
    assert [p["text"] for p in joined["parts"]] == ["Bruits nocturnes coûte {B}",
                                                    "Bruits nocturnes a un flashback de {5}{R}."]
    assert [p["answer"] for p in joined["parts"]] == ["true", "true"]
    assert "{B}" in v.explanation[1] and "Flashback {5}{R}" in v.explanation[2]


@pytest.mark.corpus
def test_a_reason_is_checked_with_its_pronoun_read_as_the_card(full_conn):
    claim = "L'Escogriffe cytoïde arrive sur le champ de bataille avec six marqueurs +1/+1, puisqu'il a la greffe 6."
    v = check_claim(claim, cards=full_conn)
    assert v.answer == "true"
    assert v.reading["clauses"]["role"] == "reason"
    assert v.reading["clauses"]["parts"][1]["text"] == "Escogriffe cytoïde a la greffe 6."


@pytest.mark.corpus
def test_one_false_clause_makes_the_claim_false(full_conn):
    # Diabolic Tutor is a sorcery (its type line in the card data): the consequence is not checked
    v = check_claim("Diabolic Tutor is an instant, so you can search your library with it during your "
                    "opponent's turn.", cards=full_conn)
    assert v.answer == "false"
    assert v.reading["clauses"]["role"] == "consequence"
    assert [p["answer"] for p in v.reading["clauses"]["parts"]] == ["false", "unknown"]
    assert "Sorcery" in v.explanation[1]


@pytest.mark.corpus
def test_a_conjunction_needs_both_clauses_decided(full_conn):
    # Sol Ring costs {1}, but its text says nothing of tournaments: not decided
    assert check_claim("Sol Ring costs {1} and wins many tournaments.", cards=full_conn).answer == "unknown"
    v = check_claim("Sol Ring costs {1} and taps for two colorless mana.", cards=full_conn)
    assert v.answer == "true"


@pytest.mark.corpus
def test_nothing_after_a_condition_is_split(full_conn):
    # Reflecting Pool's ruling: the second clause holds under the condition, not of the card alone
    claim = ("If every other land you control is also a Reflecting Pool, you can still activate Reflecting "
             "Pool, but it won't produce any mana.")
    assert _splits(full_conn, claim, "en") == []
    assert check_claim(claim, cards=full_conn).answer != "false"


@pytest.mark.corpus
def test_a_pronoun_after_another_object_is_not_read_as_the_card(full_conn):
    claim = "Les Feux céruléens rendent bleue une créature bleue et noire, mais elle reste aussi noire."
    (split,) = _splits(full_conn, claim, "fr")
    assert split.role == "contrast" and split.second == "elle reste aussi noire."


@pytest.mark.corpus
def test_a_question_is_not_split(full_conn):
    assert _splits(full_conn, "Is Diabolic Tutor an instant, since it can be cast at any time?", "en") == []


@pytest.mark.corpus
def test_a_type_the_card_has_and_keywords_it_has_both(full_conn):
    assert check_claim("Sapseep Forest has the Forest subtype.", cards=full_conn).answer == "true"
    assert check_claim("Serra Angel has the subtype Human.", cards=full_conn).answer == "false"
    assert check_claim("L'Ange de Serra a à la fois le vol et la vigilance.", cards=full_conn).answer == "true"
    assert check_claim("Le coût des Elfes de Llanowar est {G}.", cards=full_conn).answer == "true"
    assert check_claim("Le coût des Elfes de Llanowar est {1}{G}.", cards=full_conn).answer == "false"


@pytest.mark.corpus
def test_a_claim_naming_mana_of_two_abilities_is_not_the_first_ability_contradicted(full_conn):
    # Skarrg, the Rage Pits: "{T}: Add {C}." and "{R}{G}, {T}: Target creature gets +1/+1 and gains trample …"
    v = check_claim("Skarrg, the Rage Pits taps for {C}, and for {R}{G} plus a tap it gives target creature "
                    "+1/+1 and trample until end of turn.", cards=full_conn)
    assert v.answer != "false"
    assert check_claim("Sol Ring adds {C}{C}{C}.", cards=full_conn).answer == "false"


def test_a_french_question_reads_its_verb_without_the_inverted_pronoun():
    assert gist("Les capacités d'association d'âmes ciblent-elles une créature ?", lang="fr").atoms == \
        ("capacité", "association", "âme", "cibler", "créature")
    # « pouvoir » is an auxiliary; « lancer » is the 2008 FAQ's « jouer » (gist_words.tsv, `verb`)
    assert gist("Peut-on la lancer ?", lang="fr").atoms == ("jouer",)


def test_a_word_the_sentence_never_says_decides_nothing():
    # note 9 of the soulbond FAQ says when soulbond triggers, never that its abilities target
    claim = gist("Les capacités d'association d'âmes ciblent-elles une créature ?", lang="fr")
    note = gist("Si vous contrôlez plusieurs créatures dissociées qui ont l'association d'âmes et qu'une autre "
                "créature arrive sur le champ de bataille, chaque capacité d'association d'âmes se déclenche.",
                lang="fr")
    assert judge(claim, note).answer is None
    # one wording for another between two words that align still reads (note 45: « est retirée »)
    said = gist("Si la carte quitte le cimetière avant que la persistance ne se résolve, elle ne revient pas.",
                lang="fr")
    note45 = gist("Si la carte est retirée du cimetière avant que sa capacité de persistance ne se résolve, elle ne "
                  "revient pas en jeu.", lang="fr")
    assert judge(said, note45).answer == "true"


@pytest.mark.corpus
def test_a_face_named_through_its_card(full_conn):
    # Bonecrusher Giant // Stomp (layout adventure), Trial // Error (split), Hanweir Watchkeep // Bane of Hanweir
    assert check_claim("Stomp is the Adventure of Bonecrusher Giant.", cards=full_conn).answer == "true"
    assert check_claim("Stomp is the back face of Bonecrusher Giant.", cards=full_conn).answer == "false"
    assert check_claim("Error is the second half of Trial // Error.", cards=full_conn).answer == "true"
    assert check_claim("Trial is the second half of Trial // Error.", cards=full_conn).answer == "false"
    assert check_claim("Pas fertiles est l'aventure du Géant de tige de haricot.", cards=full_conn).answer == "true"
    # in apposition: the face is the subject of what follows
    v = check_claim("Stomp, the Adventure half of Bonecrusher Giant, is a sorcery.", cards=full_conn)
    assert v.answer == "false" and "Instant — Adventure" in v.explanation[0]


@pytest.mark.corpus
def test_a_cost_said_as_an_amount_of_mana_before_the_noun(full_conn):
    # Serra Angel {3}{W}{W} (mana value 5), Llanowar Elves {G}
    assert check_claim("Serra Angel is a five-mana creature.", cards=full_conn).answer == "true"
    assert check_claim("Serra Angel is a 4-mana creature.", cards=full_conn).answer == "false"
    assert check_claim("Llanowar Elves is a one-mana green creature.", cards=full_conn).answer == "true"
    assert check_claim("L'Ange de Serra est une créature à cinq manas.", cards=full_conn).answer == "true"


@pytest.mark.corpus
def test_a_trigger_said_after_the_action_is_no_contradiction(full_conn):
    # Tovolar's Magehunter: « À chaque fois qu'un adversaire lance un sort, la Chassemage de Tovolar inflige
    # 2 blessures à ce joueur. »  The claim puts the trigger after the damage: « sort » is in the sentence.
    v = check_claim("Tovolar's Magehunter inflige 2 blessures à un adversaire chaque fois qu'il lance un sort.",
                    cards=full_conn)
    assert v.answer != "false"


@pytest.mark.corpus
def test_mana_said_in_words_is_the_text_s_symbols(full_conn):
    # Mox Jet « {T}: Add {B}. », Sol Ring « {T}: Add {C}{C}. », Azorius Guildgate « {T}: Add {W} or {U}. »
    assert check_claim("Mox Jet taps for black mana.", cards=full_conn).answer == "true"
    assert check_claim("Mox Jet taps for blue mana.", cards=full_conn).answer == "false"
    assert check_claim("Sol Ring taps for two colorless mana.", cards=full_conn).answer == "true"
    assert check_claim("Sol Ring taps for three colorless mana.", cards=full_conn).answer == "false"
    assert check_claim("Azorius Guildgate taps for either {W} or {U}.", cards=full_conn).answer == "true"
    assert check_claim("Llanowar Elves produces green mana.", cards=full_conn).answer == "true"


@pytest.mark.corpus
def test_a_printed_text_that_lost_its_line_ends_is_read_ability_by_ability(full_conn):
    # Faerie Conclave's French text: « … engagé.{T} : Ajoutez {U} à votre réserve.{1}{U} : … »: the {1}{U}
    # of the next ability is not the mana its first ability adds
    v = check_claim("Le Conseil des faeries produit {U}.", cards=full_conn)
    assert v.answer == "true"


@pytest.mark.corpus
def test_whereas_joins_two_facts(full_conn):
    assert check_claim("Serra Angel is white, whereas Llanowar Elves is green.", cards=full_conn).answer == "true"
    assert check_claim("L'Ange de Serra est blanche, tandis que les Elfes de Llanowar sont rouges.",
                       cards=full_conn).answer == "false"


@pytest.mark.corpus
def test_a_claim_too_long_to_read_whole_is_read_clause_by_clause(full_conn):
    claim = ("Serra Angel is a black creature, because its mana cost of three generic mana and two white mana "
             "symbols is what gives a card its colours under the rules of the game as they are written and "
             "applied today.")
    assert len(claim.split()) > 32
    v = check_claim(claim, cards=full_conn)
    assert v.answer == "false"
    assert v.reading["clauses"]["parts"][0] == {"text": "Serra Angel is a black creature.", "answer": "false",
                                                "reading": v.reading["clauses"]["parts"][0]["reading"]}


@pytest.mark.corpus
def test_a_claim_of_many_clauses_checks_a_bounded_number_of_them(full_conn, monkeypatch):
    from kb.checker import clauses

    checked = []
    real = clauses._consult

    def counting(verdict, tokens, check):
        return real(verdict, tokens, lambda part: checked.append(part) or check(part))
    monkeypatch.setattr(clauses, "_consult", counting)
    claim = " ".join(["Sol Ring costs {1} and wins many tournaments, because it is an artifact"] * 4)
    assert check_claim(claim, cards=full_conn).answer == "unknown"
    assert len(checked) <= clauses.MAX_CHECKS


@pytest.mark.corpus
def test_two_statements_side_by_side_are_each_checked(full_conn):
    # Kyren Glider: {1}{R} Creature — Goblin 1/1, flying, "Kyren Glider can't block."
    claim = "Le Planeur kyrène est un gobelin rouge 1/1 avec le vol : il ne peut pas bloquer."
    (split,) = _splits(full_conn, claim, "fr")
    assert (split.role, split.connective) == ("statements", ":")
    assert (split.first, split.second) == ("Le Planeur kyrène est un gobelin rouge 1/1 avec le vol.",
                                           "Planeur kyrène ne peut pas bloquer.")
    v = check_claim(claim, cards=full_conn)
    assert v.answer == "true"
    assert v.explanation[0].startswith("l'affirmation joint deux propositions par « : » (deux affirmations "
                                       "juxtaposées)")
    # one statement false, the other true: false; one not decided: unknown (both are needed)
    assert check_claim("Kyren Glider is a red 1/1 Goblin; it has haste.", cards=full_conn).answer == "false"
    assert check_claim("Kyren Glider is a red 1/1 Goblin; it wins many tournaments.",
                       cards=full_conn).answer == "unknown"


@pytest.mark.corpus
def test_a_comma_and_a_new_subject_split_two_statements(full_conn):
    claim = "Kjeldoran Escort is a white 2/3 Human Soldier costing {2}{W}{W}, and all creatures in its band attack."
    (split,) = [s for s in _splits(full_conn, claim, "en") if s.role == "statements"]
    assert split.connective == ", and"
    assert split.first == "Kjeldoran Escort is a white 2/3 Human Soldier costing {2}{W}{W}."
    assert split.second == "All creatures in its band attack."
