"""`kb search` on the seed knowledge base: French analysis and rule numbers."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.cli.main import main
from kb.search.index import english_analyzer, french_analyzer
from kb.search.searcher import Searcher
from tests.conftest import BANDING, LINKED, SOMBRELANDE, SOULBOND


@pytest.fixture(scope="module")
def searcher(seed_kb):
    s = Searcher(seed_kb)
    yield s
    s.close()


def ids(response, kind=None):
    return [r.id for r in response.results if kind is None or r.kind == kind]


def terms(analyzer, text):
    return [t.text for t in analyzer(text)]


# ----------------------------------------------------------------- analysis

def test_french_analysis_folds_elides_stems():
    fr = french_analyzer()
    assert terms(fr, "association d'ames") == terms(fr, "Association d’âmes")
    assert terms(fr, "l'association") == terms(fr, "association")
    assert terms(fr, "marqueurs") == terms(fr, "marqueur")
    assert terms(fr, "faerie") == terms(fr, "Færie")
    assert terms(fr, "Soeurs") == terms(fr, "Sœurs")
    assert terms(fr, "qu'une") == terms(fr, "une")


def test_notation_survives_tokenizing():
    fr, en = french_analyzer(), english_analyzer()
    assert terms(fr, "un marqueur -1/-1") [-1] == "-1/-1"
    assert "+1/+1" in terms(fr, "marqueurs +1/+1")
    assert "{2/b}" in terms(fr, "{2/B}{2/B}")
    assert "702.19c" in terms(en, "see rule 702.19c.")


# ----------------------------------------------------------------- behaviours

def test_accent_folding(searcher):
    r = searcher.search("association d'ames")
    assert r.results[0].source == SOULBOND
    assert {x.id for x in r.results[:3]} & {"702.92", "702.92a"}
    assert "<b>association</b>" in " ".join(x.snippet for x in r.results).lower()


def test_elision_with_both_apostrophes(searcher):
    a = searcher.search("l'association", limit=5)
    b = searcher.search("l’association", limit=5)
    assert ids(a) == ids(b) and a.results[0].source == SOULBOND


def test_stemming(searcher):
    r = searcher.search("marqueurs", limit=50)
    snippets = " ".join(x.snippet for x in r.results)
    assert "<b>marqueur</b>" in snippets and "<b>marqueurs</b>" in snippets  # words as written


def test_ligature(searcher):
    r = searcher.search("faerie macabre", limit=5)
    assert ("card", "Færie macabre") in [(x.kind, x.id) for x in r.results]
    assert "Færie" in r.results[0].snippet


@pytest.mark.parametrize("query,number,source", [
    ("702.92", "702.92", SOULBOND),
    ("702.92a", "702.92a", SOULBOND),
    ("502.10h", "502.10h", BANDING),
    ("règle 607.2i", "607.2i", LINKED),
    ("rule 212.3f", "212.3f", SOMBRELANDE),
])
def test_rule_number_first(searcher, query, number, source):
    r = searcher.search(query)
    first = r.results[0]
    assert (first.kind, first.id, first.source, first.exact) == ("rule", number, source, True)


def test_rule_number_is_exact(searcher):
    r = searcher.search("502.10")
    assert r.results[0].id == "502.10"
    assert [x.id for x in r.results if x.exact] == ["502.10"]


def test_kind_filter_and_limit(searcher):
    r = searcher.search("persistance", kind="card", limit=3)
    assert len(r.results) == 3 and all(x.kind == "card" for x in r.results)
    assert "Bonnet-rouge meurtrier" in ids(r)
    r = searcher.search("persistance", kind="section")
    assert ids(r)[0] == "nouvelle-capacite-mot-cle-persistance"


def test_note_results_name_their_card(searcher):
    r = searcher.search("Tisse-miroir", kind="note")
    assert r.results and all(x.about == "Amphybane" for x in r.results)


def test_empty_query(searcher):
    r = searcher.search("   ")
    assert r.results == [] and "empty query" in r.notice


def test_search_cli_json(seed_kb):
    result = CliRunner().invoke(main, ["search", "implorer", "la", "reine", "--json", "--limit", "3",
                                       "--data-dir", str(seed_kb)])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert len(rows) == 3
    assert set(rows[0]) >= {"kind", "id", "lang", "edition", "source", "score", "snippet"}
    assert ("card", "Implorer la reine") in [(r["kind"], r["id"]) for r in rows]


def test_search_cli_text(seed_kb):
    result = CliRunner().invoke(main, ["search", "regroupement", "--kind", "rule", "--data-dir", str(seed_kb)])
    assert result.exit_code == 0
    first = result.output.splitlines()[0]
    assert "rule" in first and "502.1" in first and BANDING in first
