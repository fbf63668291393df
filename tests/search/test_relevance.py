"""Relevance on the seed knowledge base: every query of
tests/fixtures/search_queries.yaml marked ``seeds: true`` finds an expected
result in its first five, and most of them first (the full-corpus figures
come from benchmarks/bench_search.py)."""
from __future__ import annotations


import pytest
import yaml

from kb.search.searcher import Searcher
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "search_queries.yaml"
ENTRIES = yaml.safe_load(FIXTURE.read_text(encoding="utf-8"))
SEED_ENTRIES = [e for e in ENTRIES if e.get("seeds")]


def matches(result, expected: str) -> bool:
    head, _, rest = expected.partition(":")
    if head == "source":
        return result.source == rest
    if head == "about":
        return result.about == rest
    ident, _, lang = rest.partition("@")
    return result.kind == head and result.id == ident and (not lang or result.lang == lang)


def rank(searcher, entry):
    results = searcher.search(entry["q"], limit=10, **(entry.get("opts") or {})).results
    return next((i for i, r in enumerate(results, 1) if any(matches(r, e) for e in entry["expect"])), None)


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
