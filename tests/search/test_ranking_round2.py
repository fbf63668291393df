"""Ranking, round 2 (issue 24), on the full knowledge base: the rule a
glossary entry cites comes right after it (« mulligan »: 103.5 before
103.5b; « initiative »: 725.1 in the first five, whatever the page size),
a card the first notes are about comes right after them (« faerie »: Færie
macabre), and a small total is counted, not estimated."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from kb.cli.main import main
from kb.search.searcher import Searcher

pytestmark = pytest.mark.corpus


@pytest.fixture(scope="module")
def searcher(full_kb):
    s = Searcher(full_kb)
    yield s
    s.close()


def ids(response):
    return [r.id for r in response.results]


def test_mulligan_puts_the_rule_before_its_subrules(searcher):
    got = ids(searcher.search("mulligan"))
    assert got[:2] == ["Mulligan", "103.5"]         # the glossary entry: « See rule 103.5. »
    assert got.index("103.5") < got.index("103.5b")


@pytest.mark.parametrize("limit", [5, 10])
def test_initiative_brings_the_initiative_rule(searcher, limit):
    got = ids(searcher.search("initiative", limit=limit))
    assert got[:3] == ["702.7", "First Strike", "Initiative"]     # two senses: first strike, the initiative
    assert "725.1" in got[:5]
    first = searcher.search("initiative", limit=5).results
    rule = next(r for r in first if r.id == "725.1")
    assert rule.snippet.startswith("The <b>initiative</b> is a designation a player can have.")


def test_faerie_shows_the_card_faerie_macabre(searcher):
    got = searcher.search("faerie").results
    top = [(r.kind, r.id) for r in got[:5]]
    assert ("card", "Faerie Macabre") in top
    assert got[0].kind == "note" and got[0].about == "Færie macabre"     # the seed FAQ's note about it
    card = next(r for r in got if r.id == "Faerie Macabre")
    assert card.about == "Faerie macabre"       # its French name


def test_small_totals_are_exact_and_pages_agree(searcher):
    for q, kind in (("mulligan", None), ("soulbond", "rule"), ("blessures mortelles", "rule")):
        first = searcher.search(q, kind=kind, limit=10)
        every, offset = [], 0
        while True:
            page = searcher.search(q, kind=kind, limit=10, offset=offset)
            if not page.results:
                break
            every += page.results
            offset += 10
        assert first.total_exact and first.total == len(every), q
    assert searcher.search("mulligan").total == 19
    assert not searcher.search("trample").total_exact        # 1,500 and more: estimated


def test_cli_says_about_only_for_estimates(full_kb):
    out = CliRunner().invoke(main, ["search", "mulligan", "--data-dir", str(full_kb)]).output
    assert out.splitlines()[-1] == "… 19 results; next: --page 2"
    out = CliRunner().invoke(main, ["search", "trample", "--data-dir", str(full_kb)]).output
    assert out.splitlines()[-1].startswith("… about ")
