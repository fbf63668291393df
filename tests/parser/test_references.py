"""Rule and glossary references (parser/grammars/references.lark, parser/references.py)
and their resolution in the knowledge base (kb/rules/resolver.py).

Real phrases come from the seeds and the Comprehensive Rules editions; the
grammar is also exercised with hypothesis-generated numbers, ranges and titles.
"""
from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.rules import resolver as references

from kb.store import db as store
from kb.model import SUBRULE_LETTERS, Edition, GlossaryEntry, Rule, subrule_letter_range
from parser.references import find_glossary_references, find_reference_spans, find_references, parse_reference

# ---------------------------------------------------------------- real phrases


@pytest.mark.parametrize("text, lang, numbers, title", [
    ("rule 702.19c", "en", ["702.19c"], None),
    ("rules 409.1b and 409.1f–h", "en", ["409.1b", "409.1f", "409.1g", "409.1h"], None),
    ("See rule 702.30, “Kicker.”", "en", ["702.30"], "Kicker"),
    ("section 8", "en", ["8"], None),
    ("510.1 c-d", "en", ["510.1c", "510.1d"], None),
    ("voir règle 212.3f", "fr", ["212.3f"], None),
    ("Cf. règle 614, « Effets de remplacement. »", "fr", ["614"], "Effets de remplacement"),
    ("règles 409.1b et 409.1f–h", "fr", ["409.1b", "409.1f", "409.1g", "409.1h"], None),
    # seeds/002 rule 607.2g and 607.2i
    ("Cf. règle 702.30, « Kick. »", "fr", ["702.30"], "Kick"),
    ("Cf. règle 702.69, « Appui. »", "fr", ["702.69"], "Appui"),
    # CR 2008-05-01 502.79a glossary, curly quotes lost to « ? »
    ("See rule 502.79, ?Persist.?", "en", ["502.79"], "Persist"),
    # CR 2008-05-01 502.78a: the en dash of « 409.1f–h » lost to « ? »
    ("additional costs in rules 409.1b and 409.1f?h.", "en", ["409.1b", "409.1f", "409.1g", "409.1h"], None),
    # CR 2026-01-16 glossary « Type-Changing Effect »
    ("See rules 205.1a–b, 305.7, and 613.1d.", "en", ["205.1a", "205.1b", "305.7", "613.1d"], None),
    ("rules 702.19–702.21", "en", ["702.19", "702.20", "702.21"], None),
])
def test_reference_phrases(text, lang, numbers, title):
    spans = find_reference_spans(text, lang)
    assert [n for s in spans for n in s.numbers] == numbers
    assert spans[0].title == title
    assert find_references(text, lang) == numbers


def test_span_covers_numbers_not_title():
    text = "See rule 113, “Abilities,” and section 6, “Spells, Abilities, and Effects.”"
    spans = find_reference_spans(text)
    assert [text[s.start:s.end] for s in spans] == ["rule 113", "section 6"]
    assert [s.title for s in spans] == ["Abilities", "Spells, Abilities, and Effects"]


def test_seed_references(seed_docs):
    """The seeds' own references, as parsed by parser/faq.py."""
    sombrelande = seed_docs["001_b5a1e1d9799bc96e"]
    assert sombrelande.rule("502.78a").references == ["409.1b", "409.1f", "409.1g", "409.1h"]
    assert sombrelande.rule("212.3g").references == ["420.5c", "501.5", "314.2"]
    linked = seed_docs["002_f6a566c3e70ee678"]
    assert linked.rule("607.2b").references == ["614"]
    assert linked.rule("607.2g").references == ["702.30"]


def test_not_references():
    assert find_references("a 3/3 creature with 20 life and 999,999 counters") == []
    assert find_references("Gleemax has 1,000,000 mana") == []
    assert find_reference_spans("Draw 7 cards.") == []       # a lone digit needs « section »


def test_glossary_references():
    refs = find_glossary_references("Basic Landcycling: See Typecycling.")
    assert [(r.term, r.also) for r in refs] == [("Typecycling", False)]
    text = ("A default status a permanent may have. See rule 110.5 and rule 701.26, “Tap and Untap.” "
            "See also Tapped.")
    assert [(r.term, r.also) for r in find_glossary_references(text)] == [("Tapped", True)]
    assert [r.term for r in find_glossary_references("See Active Player, Nonactive Player Order.")] == [
        "Active Player, Nonactive Player Order"]
    assert [r.term for r in find_glossary_references("See X.")] == ["X"]
    assert find_glossary_references("See rule 107.3.") == []


# ---------------------------------------------------------------- hypothesis

numbers = st.builds(lambda c, r: f"{c}.{r}", st.integers(100, 999), st.integers(1, 250))
letters = st.sampled_from(SUBRULE_LETTERS)
dashes = st.sampled_from(["-", "–", "—"])


@given(numbers, letters, letters, dashes, st.sampled_from(["rules ", "règles ", ""]))
def test_letter_ranges_expand(number, a, b, dash, intro):
    if SUBRULE_LETTERS.index(a) > SUBRULE_LETTERS.index(b):
        a, b = b, a
    phrase = f"{intro}{number}{a}{dash}{b}"
    expected = [number + x for x in subrule_letter_range(a, b)]
    if a == b:
        expected = [number + a]
    assert parse_reference(phrase) == expected
    text = f"Voir {phrase}. Fin."
    spans = find_reference_spans(text)
    assert [n for s in spans for n in s.numbers] == expected
    assert text[spans[0].start:spans[0].end] == phrase


@given(numbers, st.integers(0, 6), dashes)
def test_number_ranges_expand(number, width, dash):
    chapter, rule = number.split(".")
    last = f"{chapter}.{int(rule) + width}"
    assert parse_reference(f"rules {number}{dash}{last}") == [f"{chapter}.{int(rule) + i}" for i in range(width + 1)]


@given(st.lists(numbers, min_size=1, max_size=4), st.sampled_from([("and", "en"), ("et", "fr")]))
def test_lists(nums, joiner):
    word, lang = joiner
    phrase = ", ".join(nums[:-1]) + (f", {word} " if len(nums) > 1 else "") + nums[-1]
    text = f"See rules {phrase}."
    assert find_references(text, lang) == list(dict.fromkeys(nums))


@given(numbers, st.text(alphabet=string.ascii_letters + " ", min_size=1, max_size=30).map(str.strip)
       .filter(bool), st.sampled_from([("“", "”"), ("« ", " »"), ('"', '"')]))
@settings(max_examples=60)
def test_titles(number, title, quotes):
    o, c = quotes
    text = f"See rule {number}, {o}{title}.{c} Then more."
    span = find_reference_spans(text)[0]
    assert span.numbers == (number,)
    assert span.title == title
    assert text[span.start:span.end] == f"rule {number}"


# ---------------------------------------------------------------- resolution


def _kb(tmp_path):
    conn = store.create(tmp_path / "kb.sqlite")
    ed = Edition(date="2008-05-01", path="x.txt", source="2008-05-01",
                 chapters={"502": "Keyword Abilities"}, sections={"5": "Additional Rules"})
    ed.rules = [Rule("502.79", "en", "2008-05-01", text="Persist", title="Persist", edition="2008-05-01"),
                Rule("502.79a", "en", "2008-05-01", edition="2008-05-01",
                     text="Persist is a triggered ability. See rule 502.80, “Persist.” and rule 502.99."),
                Rule("502.80", "en", "2008-05-01", text="Wither", title="Wither", edition="2008-05-01")]
    ed.glossary = [GlossaryEntry("Persist", "A keyword ability. See rule 502.79, “Persist.” See also Wither.",
                                 "2008-05-01", source="2008-05-01"),
                   GlossaryEntry("Undying", "See Persistence.", "2008-05-01", source="2008-05-01"),
                   GlossaryEntry("Wither", "A keyword ability. See rule 502.80.", "2008-05-01", source="2008-05-01")]
    store.save_edition(conn, ed)
    return conn


def test_check_references_synthetic(tmp_path):
    report = references.check_references(_kb(tmp_path))
    missing = {(d.rule, d.target) for d in report.missing}
    assert missing == {("502.79a", "502.99"), ("glossary:Undying", "Persistence")}
    titles = [(d.rule, d.target, d.expected) for d in report.title_mismatches]
    assert titles == [("502.79a", "502.80", "Wither")]     # 502.80 is wither, not persist
    assert report.checked == report.resolved + len(report.missing)
    assert report.to_dict()["dangling"][0]["document"] == "2008-05-01"


def test_check_references_corpus(full_kb_conn):
    report = references.check_references(full_kb_conn, editions=["2009-07-11", "2023-11-17", "2025-04-04"])
    assert report.checked > 5000 and report.resolved / report.checked > 0.99
    titles = {(d.document, d.rule, d.target, d.expected) for d in report.title_mismatches}
    # the 2025-04-04 glossary sends Endure to 702.62, which is Suspend (a real slip in that edition)
    assert ("2025-04-04", "glossary:Endure", "702.62", "Suspend") in titles
    # the Magic 2010 glossary still gave banding its pre-release number
    assert ("2009-07-11", 'glossary:Banding, "Bands with Other"', "702.20", "Rampage") in titles
    missing = {(d.document, d.rule, d.target) for d in report.missing}
    assert ("2023-11-17", "glossary:Map", "110.10") in missing
    # the French documents resolve against the edition they match
    assert not [d for d in report.dangling if not d.document[0].isdigit() or "_" in d.document]
