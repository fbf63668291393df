"""Query language (parser/grammars/query.lark, kb/search/query.py) and glossary expansion
(kb/search/expansions.py): no knowledge base needed."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from kb.search.expansions import compile_table, expand, is_term, load_pairs
from kb.search.index import analyze, english_analyzer, french_analyzer
from kb.search.query import All, Any, Not, Phrase, Word, literal_query, parse_query


def terms(analyzer, text):
    return [t.text for t in analyzer(text)]


# ----------------------------------------------------------------- parsing

def test_words_are_all_required():
    q = parse_query("association d'âmes")
    assert q.tree == All((Word("association"), Word("d'âmes"))) and q.notice is None


def test_phrases_exclusions_or_and_groups():
    assert parse_query('"association d\'âmes"').tree == Phrase("association d'âmes")
    assert parse_query("« association d’âmes »").tree == Phrase("association d’âmes")
    assert parse_query("persist -wither").tree == All((Word("persist"), Not(Word("wither"))))
    assert parse_query("(persist OR undying) -wither").tree == All(
        (Any((Word("persist"), Word("undying"))), Not(Word("wither"))))


def test_notation_is_one_word_not_an_exclusion():
    assert parse_query("marqueur -1/-1").tree == All((Word("marqueur"), Word("-1/-1")))
    assert parse_query("+1/+1 -persist").tree == All((Word("+1/+1"), Not(Word("persist"))))
    assert parse_query("{2/B}").tree == Word("{2/B}")
    assert parse_query("702.19c").tree == Word("702.19c")


def test_filters():
    q = parse_query("persist OR wither lang:fr kind:card|rule edition:2008-05-01")
    assert q.tree == Any((Word("persist"), Word("wither")))
    assert q.filters == {"lang": ["fr"], "kind": ["card", "rule"], "edition": ["2008-05-01"]}
    assert parse_query("kind:cartes").filters == {"kind": ["card"]}


@pytest.mark.parametrize("text,reason,words", [
    ("règle:", "a filter has no value", [Word("règle")]),
    ('"702.19', "unclosed quote", [Word("702.19")]),
    ("(piétinement", "unbalanced parenthesis", [Word("piétinement")]),
    ("lang:de flying", "lang:de: expected fr or en", [Word("lang"), Word("de"), Word("flying")]),
    ("Magic: The Gathering", "unknown filter Magic:", [Word("Magic"), Word("The"), Word("Gathering")]),
])
def test_malformed_queries_fall_back_to_their_words(text, reason, words):
    q = parse_query(text)
    assert q.literal and reason in q.notice and "literally" in q.notice
    assert q.tree == (words[0] if len(words) == 1 else All(tuple(words)))


def test_empty_and_only_exclusions():
    assert parse_query("").tree is None and parse_query("").notice is None
    q = parse_query("-persist")
    assert q.tree == Word("persist") and "only exclusions" in q.notice


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcé'’\"«»()-+/{}:|.0123456789 ORXlang", max_size=40))
def test_parse_query_never_raises(text):
    q = parse_query(text)
    assert q.tree is None or isinstance(q.tree, (Word, Phrase, All, Any, Not))


def test_literal_query_keeps_notation():
    assert literal_query("(marqueurs -1/-1") == All((Word("marqueurs"), Word("-1/-1")))


# ----------------------------------------------------------------- analysis

def test_analysis_elision_folding_stemming():
    fr, en = french_analyzer(), english_analyzer()
    assert terms(fr, "jusqu’à l'Œuvre") == terms(fr, "jusqu'a l'oeuvre")
    assert analyze("Sœurs ÆTHER", "fr", stem=False) == ["soeurs", "aether"]
    assert terms(en, "Persisted counters") == ["persist", "counter"]
    assert analyze("Associations d’âmes", "fr", stem=False) == ["associations", "ames"]


def test_positions_skip_stop_words_and_chars_point_at_the_text():
    fr = french_analyzer()
    assert [(t.text, t.pos) for t in fr("coût converti de mana", positions=True)] == [
        ("cout", 0), ("convert", 1), ("man", 2)]
    text = "les marqueurs -1/-1"
    spans = [text[t.startchar:t.endchar] for t in fr(text, chars=True)]
    assert spans == ["marqueurs", "-1/-1"]


# ----------------------------------------------------------------- expansion

@pytest.fixture(scope="module")
def table():
    return compile_table(load_pairs(), analyze)


def test_hand_written_pairs_have_sources():
    pairs = load_pairs()
    assert ("persistance", "persist") in {(fr.lower(), en.lower()) for fr, en, _ in pairs}
    assert all(src for _, _, src in pairs)


def test_soulbond_expands_to_association_d_ames(table):
    tree = expand(Word("soulbond"), table, analyze)
    assert isinstance(tree, Any) and tree.alt
    assert any(isinstance(n, Phrase) and n.lang == "fr" and n.text.lower() == "association d'âmes"
               for n in tree.nodes)


def test_french_span_expands_to_english(table):
    tree = expand(parse_query("l'association d’ames").tree, table, analyze)
    assert any(isinstance(n, Phrase) and n.lang == "en" and n.text.lower() == "soulbond" for n in tree.nodes)
    tree = expand(parse_query("marqueurs -1/-1").tree, table, analyze)  # stemmed match: marqueur
    first = tree.nodes[0]
    assert isinstance(first, Any) and Phrase("counter", "en", 1.0) in first.nodes


def test_translation_weights(table):
    deathtouch = expand(parse_query("contact mortel").tree, table, analyze)
    assert [n.boost for n in deathtouch.nodes if isinstance(n, Phrase) and n.lang == "en"] == [1.5]
    soulbond = expand(Word("soulbond"), table, analyze)
    assert all(n.boost == 0.5 for n in soulbond.nodes if isinstance(n, Phrase) and n.lang == "fr")


def test_is_term(table):
    assert is_term(table, analyze, "Persistance") and is_term(table, analyze, "association d'âmes")
    assert not is_term(table, analyze, "Implorer la reine")
