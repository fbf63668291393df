"""More French layouts (issue 12): the full French Comprehensive Rules, card
records inline in a paragraph or printed « Créature : - élémental » / « 7 / 5 »,
rules quoted in prose, a French rule followed by its English version.

The documents are in ``tests/fixtures/french/`` with the other layouts, whose
golden parses ``tests/parser/test_faq_layouts.py`` checks; these tests check
the values each new layout must give.
"""
from __future__ import annotations

from tests.parser.test_faq_layouts import _doc  # the layout documents of tests/fixtures/french


def test_card_records_inline_and_printed_variants(seed_docs):
    doc, seed = _doc("inline_records"), seed_docs["001_b5a1e1d9799bc96e"]
    names = ["Brute incontournable", "Carabin de Barrenton", "Chaudron des âmes", "Claqueur tétanique",
             "Corbeiller", "Clique Scietalent"]
    assert [c.name for c in doc.cards] == names
    for c in doc.cards:
        s = seed.card(c.name)
        assert (c.type_line, c.power, c.toughness) == (s.type_line, s.power, s.toughness)
        assert c.mana_cost == (None if c.name == "Clique Scietalent" else s.mana_cost)
    got = {c.name: c for c in doc.cards}
    # inline in a paragraph: the text after the P/T is the record's text, the note after it is its note
    assert got["Brute incontournable"].text.endswith("La Brute incontournable doit être bloquée si possible.")
    assert [n.text[:38] for n in got["Brute incontournable"].notes] == ["Si la Brute incontournable attaque, le"]
    assert got["Carabin de Barrenton"].text.startswith("{T} : Prévenez, ce tour-ci")
    assert got["Corbeiller"].mana_value == 4 and got["Brute incontournable"].mana_value is None
    # a name and a cost followed by prose is not a record
    assert doc.paragraphs == ["Il faut payer {2} Pour lancer ce sort, dit la règle."]
    assert doc.warnings == []


def test_rules_quoted_in_prose_and_site_chrome(seed_docs):
    doc, seed = _doc("quoted_in_prose"), seed_docs["002_f6a566c3e70ee678"]
    assert [r.number for r in doc.rules] == ["607.1", "607.1a", "607.1b", "607.2"]
    for r in doc.rules:
        assert r.text == seed.rule(r.number).text and r.line in (10, 12)
    assert doc.rule("607.1a").parent == "607.1" and doc.rule("607.1").children == ["607.1a", "607.1b"]
    # the words before the quotes, the cited rule and the chrome are text, never rules
    assert {"On nous demande souvent ce que sont des capacités liées. La traduction française des règles a dit :",
            "Comme le dit la règle 607.2a, ces capacités sont liées.", "La règle 607.1b dit : 607.1 n'est pas cité ici",
            "Partager sur Facebook", "Tweeter", "Copied!", "« Précédent | Suivant »"} <= set(doc.paragraphs)
    # « Sommaire » alone on its line: its entries are contents, not sections or rules
    assert doc.metadata["contents"] == ["0. Introduction", "1. Concepts du jeu", "6. Capacités"]
    assert "rule_sections" not in doc.metadata and doc.warnings == []


def test_a_french_rule_and_its_english_version_are_both_kept_and_paired(seed_docs):
    doc, seed = _doc("bilingual"), seed_docs["000_a77091c15e8840d5"]
    got = [(r.number, r.lang, r.line, r.pair_of) for r in doc.rules]
    assert got == [("702.92", "fr", 3, None), ("702.92", "fr", 5, None),
                   ("702.92b", "fr", 7, 9), ("702.92b", "en", 9, 7),
                   ("702.92c", "fr", 11, 13), ("702.92c", "en", 13, 11),
                   ("702.92d", "fr", 15, 17), ("702.92d", "en", 17, 15)]
    assert doc.rules[2].text == seed.rule("702.92b").text
    assert doc.rules[3].text.startswith('A creature becomes "paired" with another')
    assert doc.rule("702.92").children == ["702.92b", "702.92c", "702.92d"]   # once each
    # a pair is no duplicate; two one-word titles (« Soulbond ») cannot be told apart: reported
    assert [(w.type, w.line) for w in doc.warnings] == [("duplicate_number", 5)]


def test_quoted_rules_run_together_and_the_numbers_they_cite():
    from parser.faq import parse_text

    doc = parse_text("Texte.\n\nLa règle dit : 702.19c Le piétinement est vérifié - 702.19d Si toutes les créatures "
                     "sont retirées du combat, voir la règle 702.19b. Fin 702.19e Une créature sans bloqueur\n", "q")
    assert [(r.number, r.text) for r in doc.rules] == [
        ("702.19c", "Le piétinement est vérifié"),
        ("702.19d", "Si toutes les créatures sont retirées du combat, voir la règle 702.19b. Fin"),
        ("702.19e", "Une créature sans bloqueur")]
    assert doc.rule("702.19d").references == ["702.19b"] and doc.paragraphs == ["Texte.", "La règle dit :"]


def test_decorated_numbers_and_inline_examples(seed_docs):
    """« • 502.10. », indentation, « > », « Règle 502.10c » bold « **502.10c** »,
    « 502.10b) », « 502.10d - », « 502.10e : » and an « Exemple : » on the
    rule's own line: the same rules, titles, texts and examples as the seed."""
    doc, seed = _doc("decorated"), seed_docs["004_1ad7f9fe6443779b"]
    assert [(r.number, r.title, r.text, r.examples) for r in doc.rules] == \
        [(r.number, r.title, r.text, r.examples) for r in seed.rules[:10]]
    assert doc.rule("502.10e").examples[0].startswith("un joueur attaque avec un groupe constitué")
    assert doc.warnings == [] and doc.paragraphs == ["Le regroupement (mise en page d'un forum)"]


def test_card_records_with_labelled_fields(seed_docs):
    """« Nom : », « Coût : », « Type : », « Force/Endurance : », « Texte : »:
    the records read as the seed's, labels left out, notes attached."""
    doc, seed = _doc("labelled_records"), seed_docs["001_b5a1e1d9799bc96e"]
    assert len(doc.cards) == 5
    for c in doc.cards:
        s = seed.card(c.name)
        assert (c.mana_cost, c.type_line, c.power, c.toughness, c.text) == \
            (s.mana_cost, s.type_line, s.power, s.toughness, s.text)
        assert [n.text for n in c.notes] == [s.notes[0].text]
    assert doc.warnings == [] and doc.paragraphs == ["Fiches des cartes de Sombrelande"]
