"""Quoted phrases word for word, rulings as their own kind, card names
weighing less than card texts (issue 15)."""
from __future__ import annotations

import pytest

from kb.search.index import tokens_with_stops
from kb.search.phrases import phrase_check
from kb.search.query import parse_query
from tests.conftest import build_with_card_subset, require_shared


def _check(q):
    return phrase_check(parse_query(q).tree, tokens_with_stops)


def test_phrase_with_stop_word_checked_word_for_word():
    check = _check('"exiled with"')
    assert check("en", "607.2a", "cards exiled with this object")
    assert check("en", "", "A card Exiled With it")
    assert not check("en", "406.2", "exile it; with the cards exiled")
    fr = _check('"exilée avec"')
    assert fr("fr", "", "une carte exilée avec le Sauvoir") and not fr("fr", "", "exilée, puis avec")


def test_phrase_without_stop_word_left_to_the_engine():
    assert _check('"contact mortel"') is None and _check("exiled with") is None


@pytest.fixture(scope="module")
def judge_kb(tmp_path_factory):
    cr = require_shared("cr", "en")
    return build_with_card_subset(tmp_path_factory.mktemp("judgekb"), ("SHM", "EVE", "TMP", "F05"),
                                  cr=[cr / "2026-01-16.txt"])


@pytest.fixture(scope="module")
def searcher(judge_kb):
    from kb.search.searcher import Searcher

    s = Searcher(judge_kb)
    yield s
    s.close()


def _ids(resp):
    return [f"{r.kind}:{r.id}" for r in resp.results]


@pytest.mark.corpus
def test_exiled_with_phrase_finds_607_2a(searcher):
    assert "rule:607.2a" in _ids(searcher.search('"exiled with"', kind="rule", limit=5))


@pytest.mark.corpus
def test_ruling_found_and_linked_to_its_card(searcher):
    resp = searcher.search("You choose which pile to put into your hand", limit=5)
    rulings = [r for r in resp.results if r.kind == "ruling"]
    assert rulings and rulings[0].id == "Fact or Fiction"
    only = searcher.search("pile kind:ruling", limit=20)
    assert only.results and all(r.kind == "ruling" for r in only.results)


@pytest.mark.corpus
def test_keyword_card_above_name_sharing_stem(searcher):
    resp = searcher.search("persist kind:card lang:fr -jeton", limit=10)
    names = [r.id for r in resp.results]
    assert "Brumes persistantes" in names or len(names) == 10
    first_name_only = names.index("Brumes persistantes") if "Brumes persistantes" in names else len(names)
    assert first_name_only >= 3, names


@pytest.mark.corpus
def test_term_initiative_keeps_725_out_of_first_strike(judge_kb):
    from kb.cards.terms import term_report
    from kb.store import db as store

    conn = store.connect(judge_kb)
    report = term_report(conn, "initiative", limit=500)
    conn.close()
    if all(p["en"] == "First strike" for p in report["pairs"]):
        assert not [r for r in report["rules"] if r["number"].startswith("725") and r["lang"] == "en"]
    assert any(r["number"].startswith("702.7") for r in report["rules"])


@pytest.mark.parametrize("lang,seen", [("fr", [("associ", False), ("ame", False), ("jusqu'a", True)]),
                                       ("en", [("exil", False), ("with", True), ("the", True)])])
def test_tokens_with_stops_are_the_analyzers(lang, seen):
    """The phrase check's fast tokens are the analyzer's own, stop words kept and folded."""
    from kb.search.index import analyzer_for

    text = "L'Association d’âmes : jusqu'à {2/B}, -1/-1 and the Exiled with 702.19c Œuvre"
    expected = [(t.text, t.stopped) for t in analyzer_for(lang)(text, removestops=False)]
    assert tokens_with_stops(text, lang) == expected
    assert all(t in expected for t in seen), expected
