"""Relevance on the seed knowledge base: every query of
tests/fixtures/search_queries.yaml marked ``seeds: true`` finds an expected
result in its first five, and most of them first (the full-corpus figures
come from benchmarks/bench_search.py)."""
from __future__ import annotations

import pytest

from kb.search.relevance import load_entries, rank_of
from kb.search.searcher import Searcher
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "search_queries.yaml"
ENTRIES = load_entries(FIXTURE)
SEED_ENTRIES = load_entries(FIXTURE, seeds_only=True)


def rank(searcher, entry):
    results = searcher.search(entry["q"], limit=10, **(entry.get("opts") or {})).results
    return rank_of(results, entry["expect"])


@pytest.fixture(scope="module")
def searcher(seed_kb):
    s = Searcher(seed_kb)
    yield s
    s.close()


def test_fixture_is_big_and_varied():
    assert len(ENTRIES) >= 60
    qs = [e["q"] for e in ENTRIES]
    assert {"associaton d'ames", "persit", "{2/B}", "-1/-1", "Implorer la reine", "Beseech the Queen"} <= set(qs)


@pytest.mark.parametrize("entry", SEED_ENTRIES, ids=[e["q"] for e in SEED_ENTRIES])
def test_seed_query_in_top5(searcher, entry):
    r = rank(searcher, entry)
    assert r is not None and r <= 5, f"{entry['q']!r}: expected {entry['expect']} in the top 5 (rank {r})"


def test_seed_success_at_1(searcher):
    ranks = [rank(searcher, e) for e in SEED_ENTRIES]
    assert sum(1 for r in ranks if r == 1) / len(ranks) >= 0.8
