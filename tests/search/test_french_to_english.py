"""French rule phrases reach the English rules through the term pairs, a
game term's rules come before cards, counts and pages agree, and a hit
filtered by edition is labelled with that edition (issue 24), on the full
knowledge base."""
from __future__ import annotations

import pytest

from kb.search.searcher import Searcher

pytestmark = pytest.mark.corpus


@pytest.fixture(scope="module")
def searcher(full_kb):
    s = Searcher(full_kb)
    yield s
    s.close()


def ids(response):
    return [r.id for r in response.results]


def test_french_phrase_finds_english_rules(searcher):
    lethal = searcher.search("blessures mortelles", limit=5)
    assert ids(lethal)[0] == "Lethal Damage" and "704.5g" in ids(lethal)
    assert ["blessures mortelles", "lethal damage"] in lethal.expansions
    lki = searcher.search("dernières informations connues", limit=20)
    assert ids(lki)[0] == "Last Known Information"
    assert {"608.2h", "113.7a", "701.44c"} <= set(ids(lki))


def test_game_term_puts_rules_before_cards(searcher):
    kinds = [r.kind for r in searcher.search("blessures mortelles", limit=10).results]
    assert "card" not in kinds[:10] and kinds[:2] == ["glossary", "rule"]


def test_counts_and_pages_agree(searcher):
    first = searcher.search("blessures mortelles", kind="rule", limit=10)
    second = searcher.search("blessures mortelles", kind="rule", limit=10, offset=10)
    assert first.total == 13 and len(first.results) == 10
    assert len(second.results) == 3 and ids(second)[-1] == "212.3g"      # the French seed rule, last
    assert not searcher.search("blessures mortelles", kind="rule", limit=10, offset=20).results


def test_edition_filter_labels_its_edition(searcher):
    hits = searcher.search("mana burn edition:2008-05-01", limit=3).results
    assert [(r.id, r.edition, r.source) for r in hits] == [
        ("Mana Burn", "2008-05-01", "2008-05-01"), ("300.3", "2008-05-01", "2008-05-01"),
        ("507.4", "2008-05-01", "2008-05-01")]
    assert "2009-05-01" in hits[1].editions          # the same text holds in later editions too
