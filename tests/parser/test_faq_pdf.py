"""French rules copied out of a PDF (issue 12): running headers and footers
with a page number between two lines of a hard-wrapped rule, example or note
are text of their own, the wrapped text goes on across them, and never become
the document's title; a word cut at a line end is joined (parser/faq_pages.py
says when the hyphen is kept).

The document is ``tests/fixtures/french/pdf/pdf_copy.txt`` (rules 702.19a-c,
trample, in the French CR's words, wrapped as a PDF copy wraps them)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from parser.faq import parse_document, parse_text
from parser.faq_pages import join_wrapped
from tests.conftest import FIXTURES
from tests.parser.golden import assert_french_golden

PDF = FIXTURES / "french" / "pdf" / "pdf_copy.txt"


def test_pdf_copy_golden(request):
    assert_french_golden(parse_document(PDF), "pdf/pdf_copy", request)


def test_running_headers_between_wrapped_lines_are_skipped():
    doc = parse_document(PDF)
    rules = {r.number: r for r in doc.rules}
    assert list(rules) == ["702.19a", "702.19b", "702.19c"]
    assert rules["702.19a"].text == (
        "Le piétinement est une capacité statique qui modifie les règles d'assignation des blessures de combat "
        "d'une créature attaquante. La capacité n'a aucun effet quand une créature avec le piétinement bloque ou "
        "inflige des blessures qui ne sont pas des blessures de combat.")
    # the example goes on across « Page 37 / 210 » and the blank lines around it
    assert rules["702.19b"].examples == [
        "Une créature 6/6 avec le piétinement est bloquée par une créature 2/2. Son contrôleur peut assigner "
        "2 blessures à la créature qui bloque et 4 au joueur défenseur."]
    assert rules["702.19c"].text.endswith("Voir la règle 614, « Effets de remplacement ».")
    # kept as text, never the title
    assert {"Règles complètes de Magic : l'Assemblée — 36", "Page 37 / 210", "36"} <= set(doc.paragraphs)
    assert "Règles" not in doc.title and not doc.warnings


def test_hyphens_at_line_ends():
    text = parse_document(PDF).rules[2].text
    assert "peut-être avoir" in text            # « peut- / être »: a word French writes with a hyphen
    assert "les Bonnet-rouge n'en" in text       # a capital before the hyphen: kept
    assert "effet de remplacement peut-il" in text   # « rem- / placement »: a cut word, joined


@pytest.mark.parametrize("parts,joined", [
    (["une cré-", "ature"], "une créature"),
    (["Saint-", "Étienne"], "Saint-Étienne"),
    (["celle-", "ci"], "celle-ci"),
    (["a-t-", "il"], "a-t-il"),
    (["un sort —", "ou non"], "un sort — ou non"),
    (["1-", "2"], "1- 2"),
])
def test_join_wrapped(parts, joined):
    assert join_wrapped(parts) == joined


_WORDS = st.sampled_from(["créature", "piétinement", "blessures", "attaquante", "assignation", "capacité"])


@settings(max_examples=50, deadline=None)
@given(st.lists(_WORDS, min_size=4, max_size=12), st.integers(1, 3), st.integers(1, 999),
       st.sampled_from(["{n}", "Page {n}", "Page {n} / 210", "Règles complètes de Magic : l'Assemblée — {n}"]),
       st.booleans())
def test_a_page_break_anywhere_in_a_wrapped_rule(words, cut, page, form, blanks):
    cut = min(cut, len(words) - 1)
    head = form.format(n=page)
    gap = f"\n\n{head}\n\n" if blanks else f"\n{head}\n"
    text = f"Titre\n\n702.19a Le {' '.join(words[:cut])}{gap}{' '.join(words[cut:])}.\n"
    doc = parse_text(text, source="t")
    assert [(r.number, r.text) for r in doc.rules] == [("702.19a", f"Le {' '.join(words)}.")]
    assert head in doc.paragraphs
