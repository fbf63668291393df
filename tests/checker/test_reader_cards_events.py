"""Claims that name a card and say what happens to it, read by the claim reader
(kb/checker/meaning_events.py: a CARD subject) and played by the engine on the card as printed
(kb/checker/situation_cards.py).  Sources: the card data (Kitchen Finks 3/2 persist, « When
Kitchen Finks enters the battlefield, you gain 2 life. »; Grizzly Bears 2/2; Serra Angel 4/4
flying, vigilance), the seeds' FAQ record of Bonnet-rouge meurtrier (2/2, persistance, « Quand
le Bonnet-rouge meurtrier arrive en jeu, il inflige … »), CR 2026-01-16 702.79a, 704.5g."""
from __future__ import annotations

import pytest

from kb.checker import check_claim
from kb.checker.situation_cards import _keyword_line


def _typed(v):
    assert v.reading is not None and v.reading["reader"] == "typed", v.reason
    return v.reading


def test_a_keyword_line_in_english_or_french():
    assert _keyword_line("flying, vigilance", {"flying", "vigilance"})
    assert _keyword_line("persistance", {"persist"})
    assert _keyword_line("bushido 1", {"bushido"})
    assert not _keyword_line("~ can't block.", {"defender"})


def test_a_faq_record_with_a_minus_counter_does_not_return(seed_conn):
    v = check_claim("If the Bonnet-rouge meurtrier dies with a -1/-1 counter on it, it returns", cards=seed_conn)
    assert v.answer == "false"
    reading = _typed(v)
    card = reading["setup"]["entities"][0]
    assert (card["by"], card["card"]) == ("name", "Bonnet-rouge meurtrier")
    assert [e["kind"] for e in reading["events"]] == ["counters", "dies"]
    assert "Bonnet-rouge meurtrier: 2/2, 1 -1/-1, keywords: persist" in v.explanation
    assert any("had 1 -1/-1 counter(s) when it died, so it does not return" in s for s in v.explanation)


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer", [
    ("If Kitchen Finks dies with a -1/-1 counter on it, it doesn't return", "true"),
    ("If Kitchen Finks dies, it returns with a -1/-1 counter", "true"),
    ("If Kitchen Finks dies, it returns with two -1/-1 counters", "false"),
    ("Le Bonnet-rouge meurtrier meurt et revient avec un marqueur -1/-1", "true"),
    ("If Grizzly Bears is dealt 2 damage, it dies", "true"),
    ("If Grizzly Bears is dealt 1 damage, it dies", "false"),
    ("If Serra Angel dies, it returns", "false"),
])
def test_named_creature_cards_played_as_printed(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert _typed(v)["setup"]["entities"][0]["by"] == "name"


@pytest.mark.corpus
def test_an_ability_triggered_by_the_return_leaves_the_later_outcome_unknown(full_kb):
    from kb.store.db import connect

    conn = connect(full_kb)
    try:
        v = check_claim("If Kitchen Finks dies, it returns and it is 2/1", cards=conn)
        shown = check_claim("If Grizzly Bears is dealt 2 damage, it dies", cards=conn)
    finally:
        conn.close()
    assert v.answer == "unknown"
    assert "you gain 2 life" in v.reason and "triggers when it returns" in v.reason
    assert "Grizzly Bears: 2/2, no counters, keywords: none" in shown.explanation


@pytest.mark.corpus
def test_a_card_with_an_ability_the_engine_does_not_play_is_outside_the_model(full_kb):
    from kb.checker.designation import designate_in
    from kb.checker.meaning import Entity
    from kb.checker.situation_cards import card_instance
    from kb.checker.verdict import OutsideModel, Trace
    from kb.checker.editions import LATEST
    from kb.store.db import connect

    conn = connect(full_kb)
    try:
        designate = designate_in(conn)
        trace = Trace(LATEST, None, "en")
        with pytest.raises(OutsideModel) as static:     # « Gravecrawler can't block. »: a static ability
            card_instance(Entity("e1", "Gravecrawler", None, "Gravecrawler"), designate, trace)
        with pytest.raises(OutsideModel) as spell:
            card_instance(Entity("e1", "Lightning Bolt", None, "Lightning Bolt"), designate, trace)
        finks = card_instance(Entity("e1", "Kitchen Finks", None, "Kitchen Finks"), designate, trace)
    finally:
        conn.close()
    assert "~ can't block." in str(static.value.told("en"))
    assert "not a creature card" in str(spell.value.told("en"))
    assert (finks.pt, finks.keywords, finks.types) == ((3, 2), {"persist"}, {"creature"})
    assert finks.on_enter == ["when ~ enters the battlefield, you gain 2 life."]
