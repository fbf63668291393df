"""French pages as users find them (issue 12, second round): keyword
abilities with a cost inside card records, prose that starts with a number,
site buttons under rules, a bracketed number with its text on the next line,
card records in a sentence and in a flattened FAQ after prose, a rule cited
by its number then quoted after a colon.  (The NUL byte is in
test_faq_hostile.py, the date wordings in test_dates.py.)

The documents are in ``tests/fixtures/french/`` (golden parses checked by
``tests/parser/test_faq_layouts.py``); these tests check the values each
family must give.
"""
from __future__ import annotations

from tests.parser.test_faq_layouts import _doc  # the layout documents of tests/fixtures/french


def test_a_keyword_with_its_cost_is_a_line_of_the_card_text():
    doc = _doc("keyword_costs")
    got = {c.name: c for c in doc.cards}
    assert list(got) == ["Hachoir de boucher", "Lamenoire reforgée", "Réfléchir à deux fois", "Jugement divin",
                         "Pillage sans foi", "Purification de la tombe"]
    assert got["Hachoir de boucher"].text.split("\n") == [
        "La créature équipée gagne +3/+0.", "Tant que la créature équipée est un humain, elle a le lien de vie.",
        "Équipement {3}"]
    # two keyword lines in a row (Dominaria), then the note stays on the card
    assert got["Lamenoire reforgée"].text.split("\n")[1:] == ["Équipement de créature légendaire {3}",
                                                             "Équipement {7}"]
    assert [n.text for n in got["Lamenoire reforgée"].notes] == ["Le bonus est calculé en continu."]
    # the keyword line first, and the line after it, are both the card's text
    assert got["Réfléchir à deux fois"].text == "Flashback {2}{U}\nPiochez une carte."
    assert got["Jugement divin"].text.endswith("Flashback {5}{W}{W} (Vous pouvez lancer cette carte depuis votre "
                                               "cimetière pour son coût de flashback. Exilez-la ensuite.)")
    # a name and a cost followed by a type line still start a record, even right under a keyword line
    assert got["Pillage sans foi"].text.endswith("\nFlashback {2}{R}")
    assert (got["Purification de la tombe"].mana_cost, got["Purification de la tombe"].type_line,
            got["Purification de la tombe"].text) == ("{W}", "Éphémère", "Exilez une carte ciblée depuis un cimetière.")
    assert got["Hachoir de boucher"].mana_cost == "{3}" and got["Lamenoire reforgée"].mana_cost == "{2}"
    assert not any("{" in p for p in doc.paragraphs) and doc.warnings == []


def test_prose_that_starts_with_a_number_is_never_a_rule(seed_docs):
    doc, seed = _doc("numbered_prose"), seed_docs["000_a77091c15e8840d5"]
    assert [r.number for r in doc.rules] == ["702.92", "702.92c", "702.92d"]
    assert doc.rule("702.92").title == "Association d'âmes"
    # the line right under 702.92c is prose, not a hard-wrapped line of the rule
    assert [r.text for r in doc.rules[1:]] == [seed.rule("702.92c").text, seed.rule("702.92d").text]
    assert doc.paragraphs[1:] == [
        "120.000 joueurs ont participé aux avant-premières cette saison.",
        "100.5 euros pour le booster box, c'est cher.", "702.92c est la règle qui couvre ce cas, voir plus bas.",
        "250.3 Mo : taille du fichier PDF des règles.", "301. Cartes disponibles dans l'extension.",
        "12.5 % des joueurs jouaient l'association d'âmes.", "• 702.92d est la règle citée plus haut."]
    assert doc.rule("702.92").children == ["702.92c", "702.92d"] and doc.warnings == []


def test_site_buttons_under_rules_are_never_rule_text(seed_docs):
    doc, seed = _doc("buttons_under_rules"), seed_docs["002_f6a566c3e70ee678"]
    assert [r.number for r in doc.rules] == ["607.1", "607.1a", "607.1b", "607.2", "607.3"]
    for r in doc.rules:
        assert r.text == seed.rule(r.number).text
    assert doc.paragraphs == ["Règles complètes — Capacités liées", "Copied!", "Copier le lien",
                              "Partager | Imprimer", "Tweet", "Share on Facebook", "• Citer (2)", "Règle suivante →"]


def test_buttons_end_a_card_record_and_a_note():
    from parser.faq import parse_text

    text = ("Amphybane\n{2}{G}\nCréature : élémental\n2/2\nPiétinement\nPartager\n\n"
            "* Une note qui continue\nsur la ligne suivante\nImprimer\n")
    doc = parse_text(text, "btn")
    [card] = doc.cards
    assert (card.name, card.text) == ("Amphybane", "Piétinement")
    assert [n.text for n in doc.notes] == ["Une note qui continue sur la ligne suivante"]
    assert doc.paragraphs == ["Partager", "Imprimer"]


def test_a_bracketed_number_takes_the_text_on_the_next_line(seed_docs):
    doc, seed = _doc("bracket_next_line"), seed_docs["002_f6a566c3e70ee678"]
    assert [(r.number, r.line) for r in doc.rules] == [("607.3", 3), ("607.4", 6), ("607.2", 10),
                                                      ("607.2a", 13), ("607.2b", 15)]
    for r in doc.rules:   # with or without a blank line between, and before numbered items
        assert r.text == seed.rule(r.number).text
    assert doc.rule("607.2").children == ["607.2a", "607.2b"]
    assert doc.paragraphs == ["Capacités liées, règle par règle"] and doc.warnings == []


def test_a_card_record_in_the_middle_of_a_sentence():
    doc = _doc("records_in_prose")
    got = [(c.name, c.mana_cost, c.type_line, c.power, c.toughness, c.line) for c in doc.cards]
    assert got == [("Voyageur damné", "{W}", "Créature : humain et soldat", "1", "1", 3),
                   ("Ronger jusqu'à l'os", "{2}{G}", "Éphémère", None, None, 7)]
    assert doc.cards[0].text.startswith("Quand le Voyageur damné meurt, mettez sur le champ de bataille")
    assert [n.card for n in doc.notes] == ["Voyageur damné"]
    # the words before the name are prose; a name after « de » is no record's start
    assert doc.paragraphs[1:] == ["Parmi les cartes courantes blanches, on trouve aussi", "Il y a enfin",
                                  "Les joueurs de Carabin de Barrenton {4}{W} le savent bien : ce n'est pas une carte."]


def test_a_flattened_faq_keeps_the_records_that_follow_prose(seed_docs):
    from pathlib import Path

    from parser.faq import parse_text
    from tests.conftest import SEEDS

    seed = seed_docs["001_b5a1e1d9799bc96e"]
    flat = " ".join(Path(SEEDS / "001_b5a1e1d9799bc96e.txt").read_text(encoding="utf-8").split())
    doc = parse_text(flat, "flat")
    want = [(c.name, c.mana_cost, c.type_line) for c in seed.cards]
    got = [(c.name, c.mana_cost, c.type_line) for c in doc.cards]
    # every record but the two lands (no cost: nothing tells their name from the prose before it)
    assert got == [w for w in want if w[0] not in ("Forêt de Suintesève", "Bassin réfléchissant")]
    assert len(got) == 56 and len(doc.notes) == len(seed.notes)
    assert {"Lancier guêpe", "Courants sous-marins funestes", "Torrent d'âmes"} <= {c.name for c in doc.cards}


def test_a_rule_cited_by_its_number_then_quoted_after_a_colon(seed_docs):
    from parser.faq import parse_text

    seed = seed_docs["000_a77091c15e8840d5"]
    text = (f"Salut à tous. La règle 702.92e dit : {seed.rule('702.92e').text}\n\n"
            f"Donc elles sont dissociées. Et pour info la règle 702.92d : {seed.rule('702.92d').text}\n\n"
            "Comme le dit la règle 702.92b, une créature peut être associée.\n\n"
            "La règle 702.92c dit : 702.92a n'est pas cité ici.\n")
    doc = parse_text(text, "forum")
    assert [(r.number, r.text, r.line) for r in doc.rules] == [
        ("702.92e", seed.rule("702.92e").text, 1), ("702.92d", seed.rule("702.92d").text, 3)]
    assert doc.paragraphs == ["Salut à tous. La règle 702.92e dit :",
                              "Donc elles sont dissociées. Et pour info la règle 702.92d :",
                              "Comme le dit la règle 702.92b, une créature peut être associée.",
                              "La règle 702.92c dit : 702.92a n'est pas cité ici."]


KEYWORDS = ["Flashback", "Équipement", "Rappel", "Écho", "Cycle", "Déterrement", "Dragage", "Équipement de "
            "créature légendaire", "Mue"]
COSTS = ["{2}", "{1}{W}", "{X}{R}{R}", "{2/B}", "{G/W}{G/W}", "{0}"]


def _records():
    from hypothesis import strategies as st

    record = st.tuples(st.sampled_from(["Hachoir de boucher", "Réfléchir à deux fois", "Pillage sans foi"]),
                       st.sampled_from(COSTS), st.sampled_from(["Rituel", "Éphémère", "Artefact : équipement"]),
                       st.lists(st.tuples(st.sampled_from(KEYWORDS), st.sampled_from(COSTS)), max_size=3),
                       st.booleans(), st.booleans())
    return st.lists(record, min_size=1, max_size=5)


def test_keyword_lines_stay_in_their_record_whatever_the_layout():
    from hypothesis import given, settings

    from parser.faq import parse_text

    @settings(max_examples=80, deadline=None)
    @given(_records())
    def check(records):
        parts, want = [], []
        for i, (name, cost, type_line, keywords, one_line, blank_after) in enumerate(records):
            lines = [f"{name} {cost}" if one_line else f"{name}\n{cost}", type_line, "Piochez une carte."]
            lines += [f"{k} {c}" for k, c in keywords]
            # a record whose name has a line of its own needs a blank line above it (else it is text)
            follows_directly = not blank_after and i + 1 < len(records) and records[i + 1][4]
            parts.append("\n".join(lines) + ("\n" if follows_directly else "\n\n"))
            want.append((name, cost, type_line, "\n".join(["Piochez une carte."] + lines[3:])))
        doc = parse_text("".join(parts), "kw")
        assert [(c.name, c.mana_cost, c.type_line, c.text) for c in doc.cards] == want
        assert doc.paragraphs == []

    check()
