"""`kb search` over real Comprehensive Rules editions: rule versions with
their editions, rule numbers (exact, ranges, prefixes, old numbers and their
current equivalent), default scope and --all-editions, edition: filter,
cross-language expansion, paging, malformed queries.

The knowledge base holds the seeds and two English editions (2008-05-01,
with Persist at 502.79, and 2026-01-16), plus the rule history; skipped when
../shared/corpus is absent."""
from __future__ import annotations

import sqlite3

import pytest

from kb.search.searcher import Searcher
from tests.conftest import SOULBOND, SOMBRELANDE, require_shared

pytestmark = pytest.mark.corpus

OLD, NEW = "2008-05-01", "2026-01-16"


@pytest.fixture(scope="module")
def searcher(tmp_path_factory):
    cr = require_shared("cr", "en")
    from kb.rules import history
    from kb.store import db as store
    from kb.build import build

    data_dir = tmp_path_factory.mktemp("kbcr")
    build(data_dir, cr=[cr / f"{OLD}.txt", cr / f"{NEW}.txt"])
    conn = sqlite3.connect(store.current_dir(data_dir) / store.DB_NAME)
    history.build_history(conn)
    conn.commit()
    conn.close()
    s = Searcher(data_dir)
    yield s
    s.close()


def ids(response, **match):
    return [(r.kind, r.id, r.lang) for r in response.results
            if all(getattr(r, k) == v for k, v in match.items())]


def test_each_distinct_version_is_indexed_once_with_its_editions(searcher):
    """Typography aside (lost quotes, quote styles), a text is one document."""
    conn = searcher.conn
    both = conn.execute(
        "SELECT a.number FROM rules a JOIN rules b ON a.number = b.number AND a.text = b.text"
        " AND a.examples = b.examples AND coalesce(a.title, '') = coalesce(b.title, '')"
        " WHERE a.source = ? AND b.source = ? AND a.number LIKE '1%' ORDER BY a.position LIMIT 1",
        (OLD, NEW)).fetchone()[0]
    r = searcher.search(both, all_editions=True)
    versions = [x for x in r.results if x.exact and x.lang == "en"]
    assert len(versions) == 1 and versions[0].editions == [OLD, NEW]
    rows = conn.execute("SELECT count(*) FROM rules WHERE source IN (?, ?)", (OLD, NEW)).fetchone()[0]
    from parser.textkeys import typo_key
    distinct = len({(n, typo_key(t), typo_key(x), typo_key(e)) for n, t, x, e in conn.execute(
        "SELECT number, title, text, examples FROM rules WHERE source IN (?, ?)", (OLD, NEW))})
    seed_rules = conn.execute("SELECT count(*) FROM rules WHERE source IN (SELECT id FROM documents)").fetchone()[0]
    rule_docs = sum(1 for _ in searcher.index.searcher.documents(kind="rule"))
    assert rule_docs - seed_rules == distinct < rows  # unchanged rules are stored once


def test_rule_number_exact_never_prefix(searcher):
    r = searcher.search("702.6")
    assert [x.id for x in r.results if x.exact] == ["702.6"]
    assert r.results[0].title.startswith("702.6 Equip")
    assert "702.60" not in [x.id for x in r.results[:5]]
    r = searcher.search("702.6*", kind="rule", limit=50)
    exact = [x.id for x in r.results if x.exact]
    assert exact[0] == "702.6" and "702.6a" in exact and "702.60" in exact


def test_letter_range_skips_l(searcher):
    r = searcher.search("704.5k-n")
    assert [x.id for x in r.results if x.exact] == ["704.5k", "704.5m", "704.5n"]


def test_rule_and_regle(searcher):
    en = searcher.search("rule 702.92")
    fr = searcher.search("règle 702.92")
    assert (en.results[0].lang, en.results[0].id) == ("en", "702.92")
    assert (fr.results[0].lang, fr.results[0].id, fr.results[0].source) == ("fr", "702.92", SOULBOND)


def test_old_number_offers_current_equivalent(searcher):
    r = searcher.search("502.79")
    got = [(x.id, x.lang, x.edition, x.equivalent_of) for x in r.results[:4]]
    assert ("502.79", "fr", "2008-04-04", None) in got        # the Sombrelande FAQ quote
    assert ("502.79", "en", OLD, None) in got                 # its last English version
    assert ("702.79", "en", NEW, "502.79") in got             # Persist today
    assert "502.79 is not in the latest edition" in r.notice


def test_default_scope_and_all_editions(searcher):
    r = searcher.search("persist", kind="rule", limit=30)
    assert all(x.current for x in r.results)
    assert ("rule", "702.79", "en") in ids(r)[:3]
    wide = searcher.search("persist", kind="rule", limit=30, all_editions=True)
    assert any(x.id == "502.79" and x.lang == "en" and x.editions == [OLD] for x in wide.results)


def test_edition_filter(searcher):
    r = searcher.search("persist edition:2008-05-01 kind:rule")
    assert r.results[0].id == "502.79" and r.results[0].editions == [OLD]
    assert all(OLD in x.editions for x in r.results)


def test_cross_language(searcher):
    r = searcher.search("persistance", limit=10)
    assert {("rule", "702.79", "en"), ("rule", "502.79", "fr")} <= set(ids(r))
    r = searcher.search("soulbond", limit=10)
    assert {("rule", "702.95", "en"), ("rule", "702.92", "fr")} <= set(ids(r))
    assert ["association d'âmes", "soulbond"] in [[a.lower(), b.lower()] for a, b in r.expansions]


def test_misspelling_is_corrected_and_said(searcher):
    r = searcher.search("persit", kind="rule")
    assert r.corrections == {"persit": "persist"} and "persist" in r.notice
    assert r.results[0].id in ("702.79", "502.79")


def test_paging_is_consistent(searcher):
    whole = searcher.search("trample", limit=20)
    first = searcher.search("trample", limit=10)
    second = searcher.search("trample", limit=10, offset=10)
    assert [x.key for x in first.results + second.results] == [x.key for x in whole.results]
    assert first.has_more and first.total >= len(whole.results) > 10


@pytest.mark.parametrize("text,notice", [
    ("règle:", "a filter has no value"),
    ('"702.19', "unclosed quote"),
    ("(piétinement", "unbalanced parenthesis"),
    ("", "empty query"),
])
def test_malformed_queries_never_raise(searcher, text, notice):
    r = searcher.search(text)
    assert notice in r.notice


def test_literal_fallback_still_finds_the_number(searcher):
    r = searcher.search('"702.19')
    assert (r.results[0].id, r.results[0].exact) == ("702.19", True)


def test_notation(searcher):
    r = searcher.search("-1/-1 +1/+1", kind="rule")
    assert "704.5r" in [x.id for x in r.results[:3]] or "704.5q" in [x.id for x in r.results[:3]]
    r = searcher.search("{2/B}", limit=5)
    assert any(x.source == SOMBRELANDE for x in r.results)


def test_french_heading_offers_the_current_rule_of_the_same_name(searcher):
    r = searcher.search("règle 702.92")
    got = [(x.id, x.lang, x.equivalent_of) for x in r.results[:4]]
    assert got[0] == ("702.92", "fr", None)
    assert ("702.95", "en", "702.92") in got   # Soulbond today (« Association d'âmes » in the 2012 FAQ)
