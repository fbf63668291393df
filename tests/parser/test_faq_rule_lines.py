"""Rule lines of French pages (parser/grammars/faq_rules.lark, issue 12): a
rule cited in prose with a few words (adjectives, adverbs, commas) between
its number and the colon, then quoted; a number in Markdown code
(« `702.90a` Texte »).

Each document of ``tests/fixtures/french/rules/`` is a page written for these
tests around the seeds' rules (607 linked abilities, 502.10 banding); its full
parse is a golden file of ``tests/golden/french/rules/`` (regenerate with
``--update-golden``).
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parser.faq import parse_document, parse_text
from tests.conftest import FIXTURES
from tests.parser.golden import assert_french_golden

RULES = FIXTURES / "french" / "rules"
STEMS = sorted(p.name.removesuffix(".txt") for p in RULES.glob("*.txt"))

LINKED = "Une capacité imprimée sur un objet qui vérifie les deux critères décrits dans la règle 607.1 est liée à elle-même."
GROUPS = ("Un joueur peut constituer autant de groupes qu'il le souhaite, mais une créature ne peut faire partie "
          "que d'un seul groupe.")
BANDING = ("Le regroupement est une capacité statique qui modifie les règles de déclaration des attaquants et "
           "d'assignation des blessures de combat.")


def _doc(stem: str):
    return parse_document(RULES / f"{stem}.txt")


@pytest.mark.parametrize("stem", STEMS)
def test_rules_golden(stem, request):
    assert_french_golden(_doc(stem), f"rules/{stem}", request)


def test_the_fixtures_are_all_covered():
    assert STEMS == ["rules_cited_prose", "rules_markdown_code.md"]


def test_rules_cited_with_words_before_the_colon_then_quoted():
    doc = _doc("rules_cited_prose")
    assert [(r.line, r.number) for r in doc.rules] == [(3, "607.1b"), (5, "502.10c"), (7, "502.10a"), (9, "607.2")]
    assert doc.rule("607.1b").text == LINKED and doc.rule("502.10c").text == GROUPS
    assert doc.rule("502.10a").text == BANDING          # between straight quotes
    assert doc.rule("607.2").text == "Il y a différentes sortes de capacités liées."
    # the words up to the colon and after the closing mark stay text
    assert "Côté combat, la règle 502.10c reste étonnamment simple :" in doc.paragraphs
    assert "La règle 607.2 est, elle aussi, très courte :" in doc.paragraphs and "Rien de plus." in doc.paragraphs
    assert doc.warnings == [] and all(r.lang == "fr" for r in doc.rules)


def test_a_colon_without_marks_or_too_many_words_stays_prose():
    doc = _doc("rules_cited_prose")
    assert doc.rule("502.10e") is None and doc.rule("502.10d") is None
    assert any(p.startswith("La règle 502.10e est bien plus souvent oubliée : les joueurs") for p in doc.paragraphs)
    assert any(p.startswith("La règle 502.10d dont on parle tant au club") for p in doc.paragraphs)


def test_numbers_in_markdown_code():
    doc = _doc("rules_markdown_code.md")
    assert [(r.line, r.number) for r in doc.rules] == [(5, "502.10a"), (6, "502.10c"), (8, "502.10d"), (9, "607.1b")]
    assert doc.rule("502.10a").text == BANDING and doc.rule("502.10c").text == GROUPS
    assert doc.rule("607.1b").text == LINKED        # « - `607.1b` - Une … »: the dash is no text
    assert doc.rule("502.10d").text.startswith("Une fois qu'un groupe a été constitué")
    # in a sentence, or followed by a lower-case word: prose
    assert doc.rule("502.10e") is None and doc.rule("502.10b") is None and doc.rule("607.2") is None
    assert "`502.10b` est la règle que personne ne lit." in doc.paragraphs and doc.warnings == []


@pytest.mark.parametrize("said", [
    "— qui est courte", "(très courte)", "est très claire\u00a0", "est, elle aussi, très courte", "qui s'applique ici",
])
def test_a_citation_with_a_dash_brackets_or_commas_before_the_colon(said):
    line = f"Selon la règle 607.1b {said}: «\u202f{LINKED}\u202f» Voilà."
    doc = parse_text(f"Un article\n\n{line}\n", "c")
    assert [(r.number, r.text) for r in doc.rules] == [("607.1b", LINKED)]
    assert doc.paragraphs[1:] == [f"Selon la règle 607.1b {said}:".strip(), "Voilà."] and doc.warnings == []


@pytest.mark.parametrize("line", [
    "`702.90a` est la règle du vol.",
    "Texte avec `702.90a` au milieu.",
    "```",
    "`702.90a`",
])
def test_code_that_is_no_rule_line(line):
    doc = parse_text(f"Un titre\n\n{line}\n", "c")
    assert doc.rules == [] and line in doc.paragraphs and doc.warnings == []


# ---- generated citations --------------------------------------------------------------

_WORDS = ["est", "très", "claire", "vraiment", "courte", "simple", "elle", "aussi", "qui", "s'applique", "ici",
          "reste", "étonnamment", "bien", "plus", "précise"]
_QUOTES = [("« ", " »"), ("«\u202f", "\u202f»"), ("“", "”"), ('"', '"')]
_TEXTS = [LINKED, GROUPS, BANDING]
_NUMBERS = st.builds(lambda c, r, s: f"{c}.{r}{s}", st.integers(100, 999), st.integers(1, 120),
                     st.sampled_from(["", "a", "b", "f", "k"]))


@settings(max_examples=150, deadline=None)
@given(number=_NUMBERS, words=st.lists(st.sampled_from(_WORDS), min_size=1, max_size=6),
       commas=st.lists(st.booleans(), min_size=6, max_size=6), quotes=st.sampled_from(_QUOTES),
       text=st.sampled_from(_TEXTS), lead=st.sampled_from(["La règle", "Selon la règle", "Bref, la règle"]),
       after=st.sampled_from(["", " Voilà.", " C'est tout pour aujourd'hui."]))
def test_a_generated_citation_with_a_few_words_is_a_rule(number, words, commas, quotes, text, lead, after):
    said = " ".join(w + ("," if c and i < len(words) - 1 else "") for i, (w, c) in enumerate(zip(words, commas)))
    line = f"{lead} {number} {said} : {quotes[0]}{text}{quotes[1]}{after}"
    doc = parse_text(f"Un article\n\n{line}\n", "g")
    assert [(r.number, r.text) for r in doc.rules] == [(number, text)]
    assert f"{lead} {number} {said} :" in doc.paragraphs and doc.warnings == []
    assert (after.strip() in doc.paragraphs) if after else len(doc.paragraphs) == 2


@settings(max_examples=60, deadline=None)
@given(number=_NUMBERS, words=st.lists(st.sampled_from(_WORDS), min_size=7, max_size=10),
       text=st.sampled_from(_TEXTS))
def test_a_generated_citation_with_many_words_stays_prose(number, words, text):
    line = f"La règle {number} {' '.join(words)} : « {text} »"
    doc = parse_text(f"Un article\n\n{line}\n", "g")
    assert doc.rules == [] and line in doc.paragraphs


@settings(max_examples=100, deadline=None)
@given(number=_NUMBERS, lead=st.sampled_from(["", "* ", "- ", "> ", "• "]),
       sep=st.sampled_from([" ", " - ", " : ", " — "]), text=st.sampled_from(_TEXTS))
def test_a_generated_number_in_code_is_a_rule(number, lead, sep, text):
    doc = parse_text(f"Une page\n\n{lead}`{number}`{sep}{text}\n", "g")
    assert [(r.number, r.text) for r in doc.rules] == [(number, text)] and doc.warnings == []


def test_a_year_or_a_long_figure_in_a_rule_text_cites_no_rule():
    # « 2019 » once read as rule 201, « 1500 » as rule 150 (English 2018-2020 editions, 711.1a: « Core Set 2019 »)
    doc = parse_text("702.92f Depuis l'édition 2019, 1500 joueurs ont lu la règle 702.92a et le 607.1, "
                     "rien de plus.\n", "y")
    assert doc.rule("702.92f").references == ["702.92a", "607.1"]


def test_symbols_before_a_rule_number_are_decorations():
    # rules sheets and chats put « § » or an emoji (a flag, a pin) before a number (seed 002 rules 607.1, 607.4)
    doc = parse_text("Fiche :\n\n§ 607.1 — Un objet peut avoir deux capacités liées.\n\n"
                     "§607.2a Si un objet a une capacité activée, elle est liée.\n\n"
                     "🇫🇷 607.4. Une capacité est liée à elle-même.\n\n🇬🇧 607.4. An ability is linked to itself.\n", "sheet")
    assert [(r.number, r.lang, r.text) for r in doc.rules] == [
        ("607.1", "fr", "Un objet peut avoir deux capacités liées."),
        ("607.2a", "fr", "Si un objet a une capacité activée, elle est liée."),
        ("607.4", "fr", "Une capacité est liée à elle-même."), ("607.4", "en", "An ability is linked to itself.")]
    assert doc.rules[2].pair_of == doc.rules[3].line
