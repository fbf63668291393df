"""The faster index build and scoring (issue 24, speed) change no result:
the index is given the analyser's own terms, the writer reads the field
lengths from lists, BM25F scores from per-field tables of the length
normalisation, and the analysis cache stays bounded."""
from __future__ import annotations

from collections import Counter

import pytest

from kb.search import words
from kb.search.fields import TEXT_FIELDS, index_fields
from kb.search.index import Index, analyze, index_terms, whoosh_query
from kb.search.query import Word
from kb.search.scope import Scope
from kb.search.words import WordTerms
from kb.store import db as store

TEXTS = [
    "Association d’âmes : l'Œuvre {2/B} -1/-1 702.19c, les marqueurs +1/+1 qu'il a",
    "Persisted tokens {T}: Add {G}. Ætherize; 'Whenever' X/X creature's",
    "jusqu'à la fin du tour, lorsqu’elle meurt, renvoyez-la",
]


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_index_terms_are_the_analysers_terms(text, lang):
    assert index_terms(text, lang) == analyze(text, lang)


def test_index_terms_values():
    assert index_terms("Association d’âmes", "fr") == ["associ", "ame"]
    assert index_terms("Persisted {2/B} -1/-1 702.19c", "en") == ["persist", "{2/b}", "-1/-1", "702.19c"]


def test_analysis_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(words, "CACHE_LIMIT", 3)
    terms = WordTerms("en", frozenset({"the"}), None)
    for i in range(20):
        terms.cached(f"word{i}")
        assert len(terms.cache) <= 3
    assert terms.terms(["The", "Trample", "the", "lifelink"]) == ["trample", "lifelink"]
    assert len(terms.cache) <= 3


@pytest.fixture(scope="module")
def seed_index(seed_kb):
    index = Index(store.current_dir(seed_kb) / store.INDEX_NAME)
    yield index
    index.close()


def test_index_holds_the_analysed_terms_with_their_positions(seed_kb, seed_index):
    """Each text field of each document holds its analysed terms, with their
    counts (times the kind boost) and their positions one after the other."""
    from kb.search.documents import index_docs

    conn = store.connect(seed_kb)
    docs = list(index_docs(conn))
    conn.close()
    reader = seed_index.reader
    assert reader.doc_count_all() == len(docs)
    checked = 0
    for docnum, d in enumerate(docs):
        fields = index_fields(d)
        assert reader.stored_fields(docnum)["key"] == d.key
        for name in TEXT_FIELDS.keys() & fields.keys():
            terms = analyze(fields[name], TEXT_FIELDS[name])
            for term, count in Counter(terms).items():
                m = reader.postings(name, term)
                m.skip_to(docnum)
                assert m.id() == docnum
                assert m.weight() == pytest.approx(count * fields["_boost"])
                expected = [i for i, t in enumerate(terms) if t == term]
                got = m.value_as("positions")
                assert [p - got[0] for p in got] == [p - expected[0] for p in expected]
                checked += 1
    assert checked > 5000


@pytest.mark.parametrize("word", ["persistance", "association", "marqueur", "créature", "regroupement"])
def test_table_scores_are_whooshs_bm25f_scores(seed_index, word):
    """The same documents, in the same order, with the same scores to the
    last bit as Whoosh's own BM25F searcher."""
    q = whoosh_query(Word(word), Scope(all_editions=True))
    plain = seed_index.ix.searcher()          # Whoosh's default weighting: BM25F
    try:
        expected = [(h.docnum, h.score) for h in plain.search(q, limit=None)]
    finally:
        plain.close()
    got = [(h.docnum, h.score) for h in seed_index.searcher.search(q, limit=None)]
    assert len(got) > 3 and got == expected


def test_the_pickled_analysis_keeps_no_words():
    """Whoosh pickles the schema, analysers included, into the index's table
    of contents: the cache of analysed words stays out of it (1.67 MB before,
    read back at every start), and an index written with the cache in its
    analysers still opens."""
    import pickle

    from kb.search.index import TermFilter, make_schema

    index_terms(" ".join(f"mot{i} créatures" for i in range(5000)), "fr")
    assert len(pickle.dumps(make_schema())) < 10_000
    old = TermFilter.__new__(TermFilter)
    old.__setstate__({"lang": "fr", "stem": True, "stops": frozenset(), "cache": {"x": "y"}})
    assert old.words.terms(["Créatures", "les"]) == ["creatur"]


def test_an_index_without_the_first_pass_arrays_answers_the_same(seed_kb, tmp_path, monkeypatch):
    import shutil

    from kb.search import firstpass

    src = store.current_dir(seed_kb) / store.INDEX_NAME
    bare = tmp_path / "index"
    shutil.copytree(src, bare)
    for name in (firstpass.IMPACT_IDS, firstpass.IMPACT_WEIGHTS, firstpass.IMPACT_TABLE):
        (bare / name).unlink()
    monkeypatch.setattr(firstpass, "MIN_MATCHES", 0)
    with_arrays, without = Index(src), Index(bare)
    try:
        assert with_arrays.first_pass.impacts is not None and without.first_pass.impacts is None
        for word in ("persistance", "créature", "marqueur"):
            a, b = with_arrays.run(Word(word), Scope()), without.run(Word(word), Scope())
            assert [(h.key, h.score) for h in a[0]] == [(h.key, h.score) for h in b[0]] and a[0]
    finally:
        with_arrays.close()
        without.close()


def test_spelling_looks_at_near_words_only_and_finds_the_same(tmp_path):
    """The speller measures Damerau's distance only on the words of a near
    length within twice the distance by Levenshtein's: the same word as
    measuring every vocabulary word, by distance, first letter, frequency."""
    from rapidfuzz.distance import DamerauLevenshtein

    from kb.search.spelling import Speller, VocabularyCounter

    vocabulary = VocabularyCounter()
    vocabulary.add("en", "deathtouch deathtouch death touch trample trample flying lightning lightning "
                         "lighting association persist persists creature creatures counter counters")
    vocabulary.add("fr", "association associations persistance créature regroupement flétrissure")
    vocabulary.write(tmp_path)
    speller = Speller(tmp_path)

    def every_word(word: str):
        maxdist = 2 if len(word) >= 7 else 1
        found = [(DamerauLevenshtein.distance(word, w), w[0] != word[0], -c, w)
                 for lang in ("fr", "en") for w, c in zip(*speller.vocabulary(lang))]
        found = [f for f in found if 0 < f[0] <= maxdist]
        return min(found)[3] if found else None

    typed = ["deathtuch", "lightnig", "associaton", "persit", "creatrue", "tramplle", "flyng", "regroupment",
             "fletrisure", "countre", "xyzzyq"]
    assert [speller.correct(w) for w in typed] == [every_word(w) for w in typed] == [
        "deathtouch", "lightning", "association", "persist", "creature", "trample", "flying", "regroupement",
        "fletrissure", "counter", None]
