"""French rules and FAQ text in the layouts rules sites use (issue 12).

Each document of ``tests/fixtures/french/`` re-lays out seed texts in one
layout; its full parse is a golden file of ``tests/golden/french/``
(regenerate with ``python -m pytest tests/parser/test_faq_layouts.py --update-golden``).
"""
from __future__ import annotations


import pytest

from parser.faq import parse_document
from tests.parser.golden import assert_french_golden
from tests.conftest import FIXTURES

FRENCH = FIXTURES / "french"
LAYOUTS = sorted(p.stem for p in FRENCH.glob("*.txt"))


def _doc(stem: str):
    return parse_document(FRENCH / f"{stem}.txt")


@pytest.mark.parametrize("stem", LAYOUTS)
def test_layout_golden(stem, request):
    assert_french_golden(_doc(stem), stem, request)


def test_layouts_are_all_covered():
    assert LAYOUTS == ["bare_number", "bilingual", "bracket_next_line", "bracketed", "buttons_under_rules",
                       "card_records", "decorated", "flattened", "full_cr", "hard_wrapped", "inline_records",
                       "keyword_costs", "labelled_records", "numbered_prose", "one_line", "printed_mana_values", "quoted_in_prose",
                       "records_in_prose", "run_together", "site_chrome"]


def test_bare_number_then_paragraph(seed_docs):
    doc, seed = _doc("bare_number"), seed_docs["004_1ad7f9fe6443779b"]
    assert [r.number for r in doc.rules] == [r.number for r in seed.rules[:10]]
    assert doc.rule("502.10").title == "Regroupement"
    assert [r.text for r in doc.rules] == [r.text for r in seed.rules[:10]]
    assert doc.rule("502.10e").examples == seed.rule("502.10e").examples
    assert doc.warnings == []


def test_number_and_text_on_one_line(seed_docs):
    doc, seed = _doc("one_line"), seed_docs["002_f6a566c3e70ee678"]
    assert [(r.number, r.text, r.examples) for r in doc.rules] == \
        [(r.number, r.text, r.examples) for r in seed.rules]
    assert doc.rule("607.2").children == seed.rule("607.2").children


def test_rules_run_together(seed_docs):
    doc, seed = _doc("run_together"), seed_docs["000_a77091c15e8840d5"]
    assert [(r.number, r.title, r.text) for r in doc.rules] == [(r.number, r.title, r.text) for r in seed.rules]
    assert doc.rule("702.92").children == ["702.92a", "702.92b", "702.92c", "702.92d", "702.92e"]


def test_bracketed_number_with_numbered_items(seed_docs):
    doc = _doc("bracketed")
    band, soul = seed_docs["004_1ad7f9fe6443779b"], seed_docs["000_a77091c15e8840d5"]
    expected = band.rules[10:] + soul.rules
    assert [(r.number, r.title, r.text) for r in doc.rules] == [(r.number, r.title, r.text) for r in expected]
    assert doc.rule("502.11b").parent == "502.11"


def test_hard_wrapped_text(seed_docs):
    doc, seed = _doc("hard_wrapped"), seed_docs["002_f6a566c3e70ee678"]
    assert [(r.number, r.text) for r in doc.rules] == [(r.number, r.text) for r in seed.rules[:6]]
    soul = seed_docs["000_a77091c15e8840d5"]
    assert [n.text for n in doc.notes] == [soul.notes[3].text.rstrip("."), soul.notes[1].text]


def test_site_chrome_is_text_never_rules(seed_docs):
    doc = _doc("site_chrome")
    assert [r.number for r in doc.rules] == ["702", "702.92", "702.92a", "702.92b", "702.92c", "702.92d",
                                             "702.92e"]
    assert doc.rule("702").title == "Capacités mot-clé"   # the site's « Règles additionnelles : » prefix
    assert doc.rule("702.92").parent == "702"
    assert {"Copied!", "Tweeter", "1. Concepts du jeu"} <= set(doc.paragraphs)
    assert any(p.startswith("Sommaire 0. Introduction") for p in doc.paragraphs)
    assert doc.warnings == []


def test_card_records_in_every_layout(seed_docs):
    doc, seed = _doc("card_records"), seed_docs["001_b5a1e1d9799bc96e"]
    assert [c.name for c in doc.cards] == [c.name for c in seed.cards[12:20]]
    got = {c.name: c for c in doc.cards}
    for c in seed.cards[12:20]:
        assert (got[c.name].type_line, got[c.name].power, got[c.name].toughness, got[c.name].text) == \
            (c.type_line, c.power, c.toughness, c.text)
    assert got["Amphybane"].mana_cost == "{2}{G}"                  # name and cost on one line
    assert got["Attacheur de sangsues"].mana_cost == "{2}{U}"      # « 2U », no braces
    assert got["Augure prismatique"].mana_cost == "{1}{G}"         # then « (2) »
    assert got["Barghest de Hurledent"].mana_cost is None          # cost shown as an image
    assert all(len(c.notes) >= 1 for c in doc.cards)
    assert doc.warnings == []


def test_faq_flattened_into_one_paragraph(seed_docs):
    doc, seed = _doc("flattened"), seed_docs["000_a77091c15e8840d5"]
    assert [(r.number, r.title, r.text) for r in doc.rules] == [(r.number, r.title, r.text) for r in seed.rules]
    assert [n.text for n in doc.notes[:-1]] == [n.text for n in seed.notes[:-1]]
    assert doc.notes[-1].text.startswith(seed.notes[-1].text)     # the flavour text runs on
    assert [s.title for s in doc.sections] == [s.title for s in seed.sections]
    assert {r.line for r in doc.rules} == {1} and doc.warnings == []
