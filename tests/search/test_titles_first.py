"""A hit whose title is the query (or the query's translation as a whole
term) comes first among the full-text hits (kb/search/searcher.py)."""
from kb.search.results import Result
from kb.search.ordering import titles_first as _titles_first


def _hit(kind, ident, title, score):
    return Result(kind=kind, id=ident, lang="en", edition="2026-01-16", source="cr", score=score,
                  snippet="", title=title)


# the scores of the full corpus for « mana value » (CR 2026-01-16): three subrules of 202.3 outscore the entry
HITS = [_hit("rule", "202.3g", "202.3g", 13.0), _hit("rule", "202.3f", "202.3f", 12.4),
        _hit("glossary", "Mana Value", "Mana Value", 11.4), _hit("rule", "702.19", "702.19 Trample", 9.7)]


def test_the_entry_named_by_the_query_comes_first():
    assert [h.id for h in _titles_first(HITS, "mana value", [])] == ["Mana Value", "202.3g", "202.3f", "702.19"]


def test_a_translated_term_names_the_entry_too():
    used = [("coût converti de mana", "mana value"), ("coût converti de mana", "converted mana cost")]
    assert _titles_first(HITS, "coût converti de mana", used)[0].id == "Mana Value"
    # a pair the query is only part of does not count
    assert _titles_first(HITS, "coût converti", used)[0].id == "202.3g"


def test_a_rule_title_is_read_without_its_number():
    assert _titles_first(HITS, "Trample", [])[0].id == "702.19"
    assert _titles_first(HITS, "piétinement", [("Piétinement", "Trample")])[0].id == "702.19"


def test_no_title_named_keeps_the_score_order():
    assert _titles_first(HITS, "hybrid", []) == HITS
