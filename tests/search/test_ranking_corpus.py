"""Ranking and the bounded any-order pass over the latest real Comprehensive
Rules (issue 15): near-ties decided by the plain words side by side and by
leaving cited rule titles out of the indexed text; the any-order pass
bounded by its rarest words returns what the unbounded pass returns.
Skipped when ../shared/corpus is absent."""
from __future__ import annotations

import pytest

from kb.search import narrowing
from kb.search.expansions import expand
from kb.search.index import analyze
from kb.search.query import parse_query
from kb.search.scope import Scope
from kb.search.searcher import Searcher
from tests.conftest import require_shared

pytestmark = pytest.mark.corpus

LATEST = "2026-01-16"


@pytest.fixture(scope="module")
def searcher(tmp_path_factory):
    from kb.build import build

    cr = require_shared("cr", "en")
    data_dir = tmp_path_factory.mktemp("kbrank")
    build(data_dir, cr=[cr / f"{LATEST}.txt"])
    s = Searcher(data_dir)
    yield s
    s.close()


def first(searcher, q: str) -> str:
    r = searcher.search(q).results[0]
    return f"{r.kind}:{r.id}@{r.lang}"


@pytest.mark.parametrize("q", ["linked abilities", "capacités liées"])
def test_a_rule_citing_linked_abilities_ranks_below_the_rule_about_them(searcher, q):
    # 702.72b (champion) ends « See rule 607, “Linked Abilities.” »: a pointer, not its subject
    hits = [(r.id, r.lang) for r in searcher.search(q, limit=20).results]
    assert ("607.2", "en") in hits[:3]
    if q == "linked abilities":
        assert ("702.72b", "en") in hits  # still found (« … are linked »), below 607.2
    assert ("702.72b", "en") not in hits or hits.index(("702.72b", "en")) > hits.index(("607.2", "en"))


def test_plain_words_side_by_side_beside_a_translated_word(searcher):
    # « legendary » has a French translation; « permanents same name » are still side by side in 704.5j
    r = searcher.search("legendary permanents same name").results
    assert (r[0].kind, r[0].id) == ("rule", "704.5j")
    assert "legendary permanents with the same name" in r[0].snippet.replace("<b>", "").replace("</b>", "")


def test_bounded_any_order_pass_finds_what_the_unbounded_one_finds(searcher, monkeypatch):
    q = "You choose which pile to put into your hand"
    tree = expand(parse_query(q).tree, searcher.table, analyze, [])
    index = searcher.index
    scope = Scope(rulings=False)
    monkeypatch.setattr(narrowing, "CANDIDATE_BUDGET", 100)   # one edition: « put », « hand » in fewer rules
    assert narrowing.narrowed(tree, lambda n: index._frequency(n, scope)) is not None   # the bound applies
    bounded, _ = index.run(tree, scope, limit=10, loose=True)
    monkeypatch.setattr(narrowing, "CANDIDATE_BUDGET", 10 ** 9)
    assert narrowing.narrowed(tree, lambda n: index._frequency(n, scope)) is None
    unbounded, _ = index.run(tree, scope, limit=10, loose=True)
    assert [h.key for h in bounded[:5]] == [h.key for h in unbounded[:5]]
    assert "700.3b" in [h.id for h in bounded]   # « … separates cards into two piles »
