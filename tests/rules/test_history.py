"""Rule history across Comprehensive Rules editions (kb/rules/history.py and the
modules it builds on: versions, mapping, lineage, diff, changes).

The corpus tests read the history of the shared full-corpus knowledge base
(``full_kb_conn``, tests/conftest.py: seeds, the 102 English editions, the
card data); they skip when ../shared/corpus is absent.  The truth table
tests/fixtures/history_truth.yaml was written by reading the editions.
"""
from __future__ import annotations

import json
import sqlite3

import pytest
import yaml

from kb.rules import diff as edition_diff
from kb.rules import history
from kb.rules import lineage as rule_lineage
from kb.rules import versions
from kb.rules.changes import change_kind, fuzzy_key
from kb.rules.mapping import map_editions
from kb.rules.similarity import Node
from kb.rules.wordiff import word_diff, word_diff_text
from tests.conftest import FIXTURES

TRUTH = FIXTURES / "history_truth.yaml"


# ---------------------------------------------------------------- corpus KB


@pytest.fixture(scope="session")
def truth() -> dict:
    return yaml.safe_load(TRUTH.read_text(encoding="utf-8"))


def test_versioned_store_counts(full_kb_conn):
    q = lambda sql: full_kb_conn.execute(sql).fetchone()[0]  # noqa: E731
    assert q("SELECT COUNT(*) FROM history_editions") == 102
    # every rule row of every edition is one occurrence (chapters are stored too)
    rules = q("SELECT COUNT(*) FROM rules WHERE source IN (SELECT source FROM editions)")
    rule_occ = q("SELECT COUNT(*) FROM rule_occurrences o JOIN rule_versions v ON v.vid=o.vid "
                 "WHERE v.number LIKE '%.%'")
    dup = q("SELECT COUNT(*) FROM (SELECT source, number, text FROM rules WHERE source IN "
            "(SELECT source FROM editions) GROUP BY source, number, text HAVING COUNT(*) > 1)")
    assert rule_occ == rules - dup
    assert 200_000 < rules < 210_000
    versions = q("SELECT COUNT(*) FROM rule_versions WHERE number LIKE '%.%'")
    assert 14_000 < versions < 19_000          # about 12 occurrences per stored version
    # persist's definition, identical from 2021-04-22 to 2026-01-16, is stored once
    row = full_kb_conn.execute("SELECT first_edition, last_edition, edition_count FROM rule_versions "
                          "WHERE number='702.79a'").fetchall()
    assert ("2021-04-22", "2026-01-16", 24) in [tuple(r) for r in row]


def test_edition_rules_view_gives_back_an_edition(full_kb_conn):
    text = full_kb_conn.execute("SELECT text FROM edition_rules WHERE edition='2008-05-01' AND number='502.79a'"
                           ).fetchone()[0]
    assert text.startswith("Persist is a triggered ability.")
    assert "put into a graveyard from play" in text


def test_rules_of_edition_from_the_versioned_store(full_kb_conn):
    from kb.store import db as store

    rules = versions.rules_of_edition(full_kb_conn, "2008-05-01")
    full_kb_conn.row_factory = sqlite3.Row          # kb.store.db reads rows by name
    try:
        stored = store.rules_of_source(full_kb_conn, "2008-05-01")
    finally:
        full_kb_conn.row_factory = None
    assert [r.number for r in rules] == [r.number for r in stored]
    assert [r.text for r in rules] == [r.text for r in stored]
    persist = versions.rules_of_edition(full_kb_conn, "2008-05-01", prefix="502.79")
    assert [r.number for r in persist] == ["502.79", "502.79a"]
    assert persist[0].children == ["502.79a"] and persist[0].title == "Persist"


def _scores(conn, cases):
    tp = fp = fn = 0
    misses = []
    for c in cases:
        rows = conn.execute("SELECT to_number FROM rule_maps WHERE from_edition=? AND to_edition=? "
                            "AND from_number=? AND to_number IS NOT NULL",
                            (str(c["from"]), str(c["to"]), c["number"])).fetchall()
        pred, exp = {r[0] for r in rows}, set(c["expect"])
        if not pred and not exp:
            tp += 1  # a vanished rule correctly reported removed
            continue
        tp += len(pred & exp)
        fp += len(pred - exp)
        fn += len(exp - pred)
        if pred != exp:
            misses.append((c["number"], str(c["from"]), sorted(exp), sorted(pred)))
    return tp / (tp + fp), tp / (tp + fn), misses


def test_truth_table_precision_and_recall(full_kb_conn, truth):
    cases = truth["cases"]
    assert len(cases) >= 40
    kinds = {c["kind"] for c in cases}
    assert {"keyword-2009", "renamed", "split", "merged", "vanished"} <= kinds
    precision, recall, misses = _scores(full_kb_conn, cases)
    print(f"\nhistory truth table: {len(cases)} cases, precision {precision:.3f}, recall {recall:.3f}")
    assert precision >= 0.95, misses
    assert recall >= 0.95, misses


def test_truth_table_lineages(full_kb_conn, truth):
    for case in truth["lineages"]:
        lin = rule_lineage.lineage(full_kb_conn, case["number"], str(case["edition"]))
        for edition, number in case["expect"].items():
            assert lin.number_in(str(edition)) == number, (case["note"], edition)


def test_persist_lineage(full_kb_conn):
    lin = rule_lineage.lineage(full_kb_conn, "502.79", "2008-05-01")
    assert lin.numbers == ["502.79", "702.76", "702.77", "702.78", "702.79"]
    first = lin.spans[0]
    assert (first.first, first.last, first.entered) == ("2008-05-01", "2009-05-01", "added")  # Shadowmoor
    assert lin.spans[-1].first == "2021-04-22"
    assert lin.current == ["702.79"]
    assert lin.spans[1].entered == "moved"


def test_banding_lineage_from_today(full_kb_conn):
    lin = rule_lineage.lineage(full_kb_conn, "702.22")          # latest edition holding 702.22
    assert lin.edition == "2026-01-16"
    assert lin.numbers[0] == "502.10"
    assert lin.number_in("2004-10-01") == "502.10" and lin.number_in("2008-05-01") == "502.10"
    assert lin.number_in("2009-07-11") == "702.19"


def test_summoning_sickness_and_hybrid(full_kb_conn):
    assert rule_lineage.current_equivalent(full_kb_conn, "212.3f", "2008-05-01") == ["302.6"]
    assert rule_lineage.current_equivalent(full_kb_conn, "104.3f", "2008-05-01")[0].startswith("107.4")
    lin = rule_lineage.lineage(full_kb_conn, "302.6", diffs=True)
    assert "212.3f" in lin.numbers
    span = [s for s in lin.spans if s.number == "302.6"][0]
    assert span.versions[0].change == "words"   # « can't be played » -> « can't be activated » in 2009
    assert "{+activated+}" in (span.versions[0].diff or "")


def test_layer_system_across_the_2009_renumbering(full_kb_conn):
    """418.5 « Interaction of Continuous Effects » became chapter 612 in Magic 2010
    (613 from 2009-10-01), its lettered subrules numbered rules."""
    assert rule_lineage.current_equivalent(full_kb_conn, "418.5a", "2008-05-01") == [
        "613.1", "613.1a", "613.1b", "613.1c", "613.1d", "613.3", "613.4"]
    # the layers, « within layers 2-6 » (« Inside each layer from 1 through 5 … ») and, since the
    # sentence passes of issue 23, « within layer 7 » (« Inside layer 6, apply effects in a series
    # of sublayers … », 612.3 of 2009-07-11)
    lin = rule_lineage.lineage(full_kb_conn, "613.1")
    assert lin.numbers == ["418.5e", "418.5a", "612.1", "613.1"]      # the layers were 418.5e until 2003-07-01
    assert [(s.number, s.first, s.entered) for s in lin.spans[1:3]] == [
        ("418.5a", "2003-07-01", "moved"), ("612.1", "2009-07-11", "moved")]
    assert rule_lineage.lineage(full_kb_conn, "418.5i", "2008-05-01").current == ["613.4d"]   # layer 7d


def test_removed_rule(full_kb_conn):
    lin = rule_lineage.lineage(full_kb_conn, "502.49", "2009-05-01")   # Substance
    assert lin.removed_after == "2009-05-01"
    assert lin.current == []
    assert rule_lineage.current_equivalent(full_kb_conn, "502.49", "2009-05-01") == []


def test_diff_2009_renumbering(full_kb_conn):
    d = edition_diff.diff_editions(full_kb_conn, "2009-05-01", "2009-07-11")
    renumbered = {(r["from"], r["to"]) for r in d.renumbered}
    assert ("502.79", "702.76") in renumbered and ("212.3f", "302.6") in renumbered
    assert "502.49" in {r["number"] for r in d.removed}
    assert "702.11" in {r["number"] for r in d.added}      # intimidate, new in Magic 2010
    assert {"from": "420.1", "to": ["704.1", "704.1a"]} in d.split
    assert any(m["to"] == "702.19m" and "502.10i" in m["from"] for m in d.merged)
    json.dumps(d.to_dict())


def test_diff_puts_every_rule_in_one_list(full_kb_conn):
    """A split or merged rule is not also counted as renumbered."""
    d = edition_diff.diff_editions(full_kb_conn, "2009-05-01", "2009-07-11")
    seen = ([r["from"] for r in d.renumbered] + [r["number"] for r in d.reworded]
            + [r["number"] for r in d.removed] + [s["from"] for s in d.split]
            + [n for m in d.merged for n in m["from"]])
    assert len(seen) == len(set(seen))
    total = len(edition_diff.rules_by_number(full_kb_conn, "2009-05-01"))
    assert len(seen) + d.unchanged == total
    assert "420.1" not in {r["from"] for r in d.renumbered}      # split into 704.1, 704.1a
    assert "502.10i" not in {r["from"] for r in d.renumbered}    # merged into 702.19m


def test_diff_mana_value_and_across_many_editions(full_kb_conn):
    d = edition_diff.diff_editions(full_kb_conn, "2021-02-15", "2021-04-22")
    assert "202.3" in {r["number"] for r in d.reworded}
    d = edition_diff.diff_editions(full_kb_conn, "2008-05-01", "2026-01-16")
    assert ("502.79", "702.79") in {(r["from"], r["to"]) for r in d.renumbered}
    # a date between editions means the edition then in force
    assert edition_diff.diff_editions(full_kb_conn, "2008-06-01", "2008-08-01").a == "2008-05-01"


def test_lineage_errors(full_kb_conn):
    with pytest.raises(KeyError):
        rule_lineage.lineage(full_kb_conn, "999.99")
    with pytest.raises(KeyError):
        rule_lineage.lineage(full_kb_conn, "702.79", "2008-05-01")   # persist was 502.79 then
    with pytest.raises(ValueError):
        edition_diff.diff_editions(full_kb_conn, "2026-01-16", "2008-05-01")


def test_lineage_json_shape(full_kb_conn):
    data = rule_lineage.lineage(full_kb_conn, "702.95").to_dict()      # soulbond
    assert set(data) >= {"query", "edition", "spans", "branches", "current", "removed_after"}
    first = data["spans"][0]
    assert first["number"] == "702.93" and first["first"] == "2012-05-01"
    assert set(first["versions"][0]) >= {"vid", "first", "last", "editions", "change", "text"}
    json.dumps(data)


def test_add_edition_matches_full_build(full_kb_conn, tmp_path):
    """Re-adding the latest edition incrementally gives the same maps."""
    db = tmp_path / "kb.sqlite"
    copy = sqlite3.connect(db)
    full_kb_conn.backup(copy)
    last = versions.history_editions(copy)[-1]
    before = sorted(map(repr, copy.execute("SELECT * FROM rule_maps WHERE to_edition=?", (last,))))
    copy.execute("DELETE FROM rule_maps WHERE to_edition=?", (last,))
    copy.execute("DELETE FROM rule_occurrences WHERE edition=?", (last,))
    copy.execute("DELETE FROM rule_versions WHERE vid NOT IN (SELECT vid FROM rule_occurrences)")
    copy.execute("DELETE FROM history_editions WHERE edition=?", (last,))
    source = copy.execute("SELECT source FROM editions WHERE date=?", (last,)).fetchone()[0]
    report = history.add_edition(copy, source)
    after = sorted(map(repr, copy.execute("SELECT * FROM rule_maps WHERE to_edition=?", (last,))))
    assert after == before
    assert report.editions == 102
    assert rule_lineage.current_equivalent(copy, "502.79", "2008-05-01") == ["702.79"]
    with pytest.raises(KeyError):
        history.add_edition(copy, "no-such-edition")


# ---------------------------------------------------------------- matcher (no corpus)


def _n(number, text, title=None):
    return Node.make(number, title, text)


def test_map_same_moved_added_removed():
    a = [_n("502.79", "Persist", "Persist"),
         _n("502.79a", "Persist is a triggered ability. See rule 502.79."),
         _n("502.49", "Substance", "Substance")]
    b = [_n("702.76", "Persist", "Persist"),
         _n("702.76a", "Persist is a triggered ability. See rule 702.76."),
         _n("702.11", "Intimidate", "Intimidate")]
    links = {(l.from_number, l.to_number): l for l in map_editions(a, b)}
    assert links[("502.79", "702.76")].relation == "moved"
    assert links[("502.79a", "702.76a")].change == "refs"    # only the cited number changed
    assert links[("502.49", None)].relation == "removed"
    assert links[(None, "702.11")].relation == "added"


def test_map_split_from_real_2016_naming_rule():
    whole = ("If an effect instructs a player to name a card, the player must choose the name of a card "
             "that is legal in the format of the game the player is playing. (See rule 100.6.) If the "
             "player wants to name a split card, the player must choose the name of one of its halves, "
             "but not both. (See rule 708.)")
    a = [_n("201.3", whole)]
    b = [_n("201.3", "If an effect instructs a player to name a card, the player must choose the name of a "
                     "card that is legal in the format of the game the player is playing. (See rule 100.6.)"),
         _n("201.3a", "If a player wants to name a split card, the player must choose the name of one of "
                      "its halves, but not both. (See rule 708.)")]
    rel = {(l.from_number, l.to_number): l.relation for l in map_editions(a, b)}
    assert rel[("201.3", "201.3")] == "reworded"
    assert rel[("201.3", "201.3a")] == "split"


def test_map_subrules_of_a_rule_that_became_a_chapter():
    """Real 2009 texts (shortened): 418.5 became chapter 612; its first subrule
    goes to 612.1, a subrule now inside a rule one level down goes there and the
    other pieces of its text are split from it."""
    a = [_n("418.5", "Interaction of Continuous Effects", "Interaction of Continuous Effects"),
         _n("418.5a", "The values of an object's characteristics are determined by starting with the actual "
                      "object, then applying continuous effects in a series of layers in the following order: "
                      "(1) copy effects (see rule 503, \"Copying Objects\"); (2) control-changing effects."),
         _n("418.5e", "An object's timestamp is the time it entered the zone it's currently in, with two "
                      "exceptions: (a) Whenever an Aura, Equipment, or Fortification becomes attached to an "
                      "object or player, the Aura, Equipment, or Fortification receives a new timestamp. (b) If "
                      "two or more objects would receive a timestamp simultaneously, such as by entering a zone "
                      "simultaneously or becoming attached simultaneously, the active player determines their "
                      "timestamp order at that time.")]
    b = [_n("612", "Interaction of Continuous Effects", "Interaction of Continuous Effects"),
         _n("612.1", "The values of an object's characteristics are determined by starting with the actual "
                     "object. For a card, that means the values of the characteristics printed on that card. "
                     "Then all applicable continuous effects are applied in a series of layers in the "
                     "following order:"),
         _n("612.6", "Within a layer or sublayer, determining which order effects are applied in is usually "
                     "done using a timestamp system."),
         _n("612.6c", "An object's timestamp is the time it entered the zone it's currently in, unless it's an "
                      "Aura, Equipment, or Fortification that's attached to another object or player."),
         _n("612.6d", "If an Aura, Equipment, or Fortification becomes attached to an object or player, the "
                      "Aura, Equipment, or Fortification receives a new timestamp at that time."),
         _n("612.6e", "If two or more objects would receive a timestamp simultaneously, such as by entering a "
                      "zone simultaneously or becoming attached simultaneously, the active player determines "
                      "their timestamp order at that time.")]
    rel = {(l.from_number, l.to_number): l.relation for l in map_editions(a, b)}
    assert rel[("418.5", "612")] == "moved"
    assert rel[("418.5a", "612.1")] == "moved"
    assert rel[("418.5e", "612.6c")] == "moved"
    assert rel[("418.5e", "612.6d")] == rel[("418.5e", "612.6e")] == "split"
    assert rel[(None, "612.6")] == "added"


def test_typography_is_not_a_change():
    assert change_kind(None, "can?t be played", [], None, "can’t be played", []) == "typo"
    assert change_kind(None, "see rule 502.5", [], None, "see rule 702.10", []) == "refs"
    assert change_kind(None, "from play", [], None, "from the battlefield", []) == "words"
    assert fuzzy_key("put into a graveyard from play") == "put into a graveyard from the battlefield"


def test_word_diff_on_mana_value():
    old = "The converted mana cost of an object is a number equal to the total amount of mana in its mana cost"
    new = "The mana value of an object is a number equal to the total amount of mana in its mana cost"
    assert word_diff_text(old, new).startswith("The [-converted-] mana [-cost-] {+value+} of an object")
    ops = word_diff(old, new)
    assert " ".join(t for op, t in ops if op != "delete") == new
