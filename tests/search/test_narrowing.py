"""Search speed and ranking without special cases (issue 15): the any-order
pass bounded by the rarest words, the side-by-side bonus of the plain words
when another word of the query has a translation, and the titles a rule
quotes when citing another rule left out of its indexed text; snippets
highlighted for the hits shown only."""
from __future__ import annotations

import pytest

from kb.search.documents import without_cited_titles
from kb.search.narrowing import narrowed, rarest
from kb.search.query import All, Any, Not, Phrase, Word, parse_query, plain_words

#: Documents holding each word in the full corpus's default scope (both
#: readings, text and name fields), as measured for « You choose which pile
#: to put into your hand » and « counter marker ».
FREQUENCY = {"pile": 126, "choose": 1816, "put": 4923, "hand": 6126, "your": 0, "counter": 6543, "marker": 48}


def df(node) -> int:
    return FREQUENCY.get(node.text.lower(), 0) if isinstance(node, Word) else 10_000


def test_rarest_keeps_the_rare_words_in_query_order():
    words = [Word("choose"), Word("pile"), Word("put"), Word("hand")]
    assert rarest(words, df) == [Word("pile")]
    assert rarest(words, df, budget=2000) == [Word("choose"), Word("pile")]
    assert rarest(words, df, budget=100_000) == words
    # never empty: the rarest word bounds the pass even past the budget
    assert rarest([Word("put"), Word("hand")], df) == [Word("put")]


def test_narrowed_queries():
    pile = parse_query("You choose which pile to put into your hand").tree
    assert narrowed(pile, df) == All((Word("You"), Word("which"), Word("pile"), Word("to"), Word("into"),
                                      Word("your")))
    assert narrowed(parse_query("counter marker").tree, df) == Word("marker")
    assert narrowed(parse_query("counter").tree, df) is None                    # one word
    assert narrowed(parse_query("pile marker").tree, df) is None                # every word rare
    # an exclusion never bounds the pass
    assert narrowed(parse_query("counter marker -pile").tree, df) == Word("marker")


@pytest.mark.parametrize("counts", [{"a": 5000, "b": 3, "c": 700}, {"a": 0, "b": 0, "c": 0},
                                    {"a": 999, "b": 2, "c": 2}])
def test_rarest_is_within_budget_or_the_rarest(counts):
    words = [Word(w) for w in counts]
    kept = rarest(words, lambda n: counts[n.text])
    assert kept and min(counts.values()) == min(counts[n.text] for n in kept)
    assert len(kept) == 1 or sum(counts[n.text] for n in kept) <= 1000


def test_plain_words_leave_out_the_translated_ones():
    legendary = Any((Word("legendary"), Phrase("légendaire", "fr")), alt=True)
    tree = All((legendary, Word("permanents"), Word("same"), Word("name")))
    assert plain_words(tree.nodes) == [Word("permanents"), Word("same"), Word("name")]
    assert plain_words([Word("counter"), Phrase("marker")]) is None
    assert plain_words([Word("counter"), Not(Word("marker"))]) is None
    assert plain_words([Word("persist", "en"), Word("marker")]) is None


def test_cited_rule_titles_are_not_indexed():
    champion = "The two abilities represented by champion are linked. See rule 607, “Linked Abilities.”"
    assert without_cited_titles(champion) == ("The two abilities represented by champion are linked."
                                              " See rule 607, “.”")
    french = "Cet effet est un effet de remplacement. Cf. règle 614, « Effets de remplacement. »"
    assert "614" in without_cited_titles(french) and "Effets" not in without_cited_titles(french)
    # old editions lost their curly quotes to « ? »
    assert without_cited_titles("See rule 702.78, ?Persist.?") == "See rule 702.78, ?.?"
    assert without_cited_titles("See rule 704.5j.") is None
    assert without_cited_titles("This is called the “legend rule.”") is None


def test_snippets_are_highlighted_for_the_hits_shown_only(seed_kb):
    from kb.search.scope import Scope
    from kb.search.searcher import Searcher

    s = Searcher(seed_kb)
    try:
        shown = s.search("marqueurs", limit=2).results
        assert len(shown) == 2 and all(r.highlight is None for r in shown)
        assert all("<b>marqueur" in r.snippet.lower() for r in shown)
        assert "highlight" not in shown[0].to_dict()
        fetched, _ = s.index.run(Word("marqueurs"), Scope(), limit=20)
        assert len(fetched) > 2 and all(r.highlight is not None for r in fetched)   # made when shown
        assert "<b>" in fetched[-1].fill_snippet().snippet and fetched[-1].highlight is None
    finally:
        s.close()
