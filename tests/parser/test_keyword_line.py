"""Keyword lines of card rules text read into parts (parser/grammars/keyword_line.lark).

The lines are the oracle texts of the MTGJSON card data: Forbid « Buyback—Discard two cards. »,
Necravolver « Kicker {1}{G} and/or {W} », Steelclaw Lance « Equip Knight {1} », Woe Strider
« Escape—{3}{B}{B}, Exile four other cards from your graveyard. », Aeon Chronicler
« Suspend X—{X}{3}{U}. X can't be 0. »; and lines that only start with a keyword word
(Fluctuator, Auriok Steelshaper, Champion of the Flame)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from parser.keyword_line import KeywordLineReader, PrintedKeyword

NAMES = {n.lower(): n for n in (
    "Flying", "Vigilance", "First strike", "Bushido", "Equip", "Kicker", "Multikicker", "Suspend", "Buyback",
    "Escape", "Protection", "Enchant", "Splice", "Affinity", "Cycling", "Ward", "Cumulative upkeep", "Partner",
    "Champion", "Hexproof", "Megamorph", "Awaken", "Flashback", "Forecast")}


@pytest.fixture(scope="module")
def reader():
    return KeywordLineReader(NAMES)


@pytest.mark.parametrize("line,expected", [
    ("Flying, vigilance", [PrintedKeyword("Flying", "Flying"), PrintedKeyword("Vigilance", "Vigilance")]),
    ("First strike, protection from white",
     [PrintedKeyword("First strike", "First strike"),
      PrintedKeyword("Protection", "Protection from white", quality="from white")]),
    ("Bushido 1", [PrintedKeyword("Bushido", "Bushido 1", number="1")]),
    ("Equip {2}", [PrintedKeyword("Equip", "Equip {2}", costs=("{2}",))]),
    ("Kicker {1}{G} and/or {W}", [PrintedKeyword("Kicker", "Kicker {1}{G} and/or {W}", costs=("{1}{G}", "{W}"))]),
    ("Suspend 4—{1}{U}", [PrintedKeyword("Suspend", "Suspend 4—{1}{U}", number="4", costs=("{1}{U}",))]),
    ("Awaken 3—{4}{W}{W}", [PrintedKeyword("Awaken", "Awaken 3—{4}{W}{W}", number="3", costs=("{4}{W}{W}",))]),
    ("Buyback—Discard two cards.",
     [PrintedKeyword("Buyback", "Buyback—Discard two cards", cost_words="Discard two cards")]),
    ("Escape—{3}{B}{B}, Exile four other cards from your graveyard.",
     [PrintedKeyword("Escape", "Escape—{3}{B}{B}, Exile four other cards from your graveyard", costs=("{3}{B}{B}",),
                     cost_words="Exile four other cards from your graveyard")]),
    ("Cumulative upkeep—Add {R}.",
     [PrintedKeyword("Cumulative upkeep", "Cumulative upkeep—Add {R}", cost_words="Add {R}")]),
    ("Ward — Pay 2 life", [PrintedKeyword("Ward", "Ward — Pay 2 life", cost_words="Pay 2 life")]),
    ("Equip Knight {1}", [PrintedKeyword("Equip", "Equip Knight {1}", costs=("{1}",), quality="Knight")]),
    ("Splice onto Arcane {1}{U}",
     [PrintedKeyword("Splice", "Splice onto Arcane {1}{U}", costs=("{1}{U}",), quality="onto Arcane")]),
    ("Enchant creature you control",
     [PrintedKeyword("Enchant", "Enchant creature you control", quality="creature you control")]),
    ("Affinity for artifacts", [PrintedKeyword("Affinity", "Affinity for artifacts", quality="for artifacts")]),
    ("Partner with Trynn, Champion of Freedom",
     [PrintedKeyword("Partner", "Partner with Trynn, Champion of Freedom", quality="with Trynn, Champion of Freedom")]),
    ("Champion an Elf", [PrintedKeyword("Champion", "Champion an Elf", quality="an Elf")]),
    ("Suspend X—{X}{3}{U}. X can't be 0.",
     [PrintedKeyword("Suspend", "Suspend X—{X}{3}{U}", number="X", costs=("{X}{3}{U}",), rider="X can't be 0")]),
    ("Equip {0}. Activate only once each turn.",
     [PrintedKeyword("Equip", "Equip {0}", costs=("{0}",), rider="Activate only once each turn")]),
    ("Multikicker {1}{G}", [PrintedKeyword("Multikicker", "Multikicker {1}{G}", costs=("{1}{G}",))]),
    ("Megamorph {5}{G}{G}", [PrintedKeyword("Megamorph", "Megamorph {5}{G}{G}", costs=("{5}{G}{G}",))]),
])
def test_a_keyword_line_is_read_into_its_parts(reader, line, expected):
    assert reader.read(line) == expected


@pytest.mark.parametrize("line", [
    "Cycling abilities you activate cost up to {2} less to activate.",      # Fluctuator
    "Equip costs you pay cost {1} less.",                                    # Auriok Steelshaper
    "Equip abilities you activate that target Fervent Champion cost {3} less to activate.",
    "Champion of the Flame gets +2/+2 for each Aura and Equipment attached to it.",
    "Flying creatures you control get +1/+1.",
    "Landfall — Whenever a land enters the battlefield under your control, draw a card.",
    "",
])
def test_a_line_that_only_starts_with_a_keyword_word_is_no_keyword_line(reader, line):
    assert reader.read(line) is None


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("Flying, equip{}12GW—.-X protection from red and/or ")), max_size=40))
def test_any_text_is_read_or_refused_never_raises(reader, text):
    found = reader.read(text)
    assert found is None or all(isinstance(k, PrintedKeyword) and k.name in NAMES.values() and k.text
                                for k in found)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["flying", "vigilance", "first strike", "bushido 2", "equip {3}",
                                 "protection from red"]), min_size=1, max_size=4))
def test_keywords_joined_by_commas_are_each_read(reader, parts):
    line = ", ".join(parts)
    found = reader.read(line[:1].upper() + line[1:])
    assert [k.text.lower() for k in found] == parts
