"""The first pass of a full-text search (issue 24, speed): bounds computed
with arrays are never below Whoosh's scores, and the answers it lets Whoosh
compute from the candidates are the full search's answers."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from kb.search import firstpass
from kb.search.expansions import expand
from kb.search.index import Index, analyze, whoosh_query
from kb.search.query import Word, parse_query
from kb.search.relevance import load_entries
from kb.search.scope import Scope
from kb.store import db as store
from tests.conftest import FIXTURES

SEED_QUERIES = ["persistance", "association d'âmes", "marqueur -1/-1", "créature jeton", "regroupement -jeton",
                '"capacités liées"', "carte exilée", "coût de mana", "joueur défenseur", "fin du tour"]


def test_candidates_and_the_bound_check():
    bounds = np.array([0.0, 5.0, 1.0, 7.0, 3.0, 2.0])
    matches = bounds > 0
    assert firstpass.candidates(bounds, matches, 2) == ([1, 3], 3.0)      # 3.0: the best left out
    assert firstpass.candidates(bounds, matches, 9) == ([1, 2, 3, 4, 5], 0.0)
    assert firstpass.complete([6.5, 4.0], 2, 3.0)          # the 2nd exact score beats every bound left out
    assert not firstpass.complete([6.5, 2.9], 2, 3.0)
    assert not firstpass.complete([6.5], 2, 3.0)           # too few: one left out may be second
    assert firstpass.complete([6.5], 2, 0.0)               # nothing left out


def test_plan_reads_the_whoosh_query():
    q = whoosh_query(Word("persistance"), Scope(kinds=["rule"]))
    tree = firstpass.plan(q)
    assert tree[0] == "and"                                # the text AND the kind filter
    leaves = repr(tree)
    assert "('term', 'text_fr', 'persist', 1.0)" in leaves and "('term', 'kind', 'rule', 1.0)" in leaves


@pytest.fixture(scope="module")
def seed_index(seed_kb):
    index = Index(store.current_dir(seed_kb) / store.INDEX_NAME)
    yield index
    index.close()


def _tree(text: str, index: Index):
    from kb.search.expansions import current_table
    return expand(parse_query(text).tree, current_table(index.directory, analyze), analyze, [])


@pytest.mark.parametrize("text", SEED_QUERIES)
def test_bounds_are_never_below_whooshs_scores(seed_index, text):
    q = whoosh_query(_tree(text, seed_index), Scope(all_editions=True))
    bounds, matches = firstpass.Bounds(seed_index.reader.doc_count_all(),
                                       lambda f, t: seed_index.first_pass._term_scores(f, t, {})).evaluate(
        firstpass.plan(q))
    hits = seed_index.searcher.search(q, limit=None)
    assert len(hits) > 0
    for h in hits:
        assert matches[h.docnum] and bounds[h.docnum] >= h.score * (1 - 1e-9)


def _both(index: Index, tree, scope: Scope, monkeypatch, loose: bool = False):
    monkeypatch.setattr(firstpass, "MIN_POSTINGS", float("inf"))   # the engine alone below MIN_MATCHES
    full = index.run(tree, scope, limit=40, loose=loose)
    monkeypatch.setattr(firstpass, "MIN_MATCHES", 0)     # the first pass for every query
    used = []
    real = index.first_pass.run

    def counted(q, best, walks=True, read=None):
        found = real(q, best, walks, read)
        used.append(found is not None)
        return found
    monkeypatch.setattr(index.first_pass, "run", counted)
    fast = index.run(tree, scope, limit=40, loose=loose)
    monkeypatch.undo()
    return full, fast, used


@pytest.mark.parametrize("text", SEED_QUERIES)
def test_first_pass_answers_as_the_full_search(seed_index, text, monkeypatch):
    scope = replace(Scope(all_editions=True), rulings=False)
    for loose in (False, True):
        (hits, total), (fast, fast_total), used = _both(seed_index, _tree(text, seed_index), scope, monkeypatch,
                                                        loose)
        assert [(h.key, h.score) for h in fast] == [(h.key, h.score) for h in hits]
        if len(hits) < 40:
            assert fast_total == total == len(hits)         # every match read: the same exact count


def test_first_pass_on_the_relevance_set(full_kb, monkeypatch):
    """On the full corpus, every query of the relevance set gets the full
    search's first 40 hits, in the same order with the same scores; but
    for « {T} », where Whoosh's own union of a phrase matcher gives the
    glossary entry Swamp (« {T}: Add {B} ») the score of Tap Symbol
    (15.35, which its matcher cannot give Swamp alone)."""
    from kb.search.searcher import Searcher

    searcher = Searcher(full_kb)
    index, used_any, differ = searcher.index, [], []
    try:
        for e in load_entries(FIXTURES / "search_queries.yaml", False):
            opts = e.get("opts") or {}
            parsed = parse_query(e["q"])
            if parsed.tree is None:
                continue
            scope = replace(Scope(kinds=[opts["kind"]] if opts.get("kind") else parsed.filters.get("kind"),
                                  langs=[opts["lang"]] if opts.get("lang") else parsed.filters.get("lang")),
                            rulings=bool(opts.get("kind")))
            tree = expand(parsed.tree, searcher.table, analyze, [])
            (hits, _t), (fast, _f), used = _both(index, tree, scope, monkeypatch)
            used_any += used
            if [(h.key, h.score) for h in fast] != [(h.key, h.score) for h in hits]:
                differ.append(e["q"])
    finally:
        searcher.close()
    assert sum(used_any) > 40          # the pass answered most queries itself
    assert differ in ([], ["{T}"])
