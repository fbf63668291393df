"""The French document's own date picks the English edition in force for it
(kb/rules/alignment.py, issue 12), on a small knowledge base built here from
two English editions and French documents dated in their own words."""
from __future__ import annotations

import pytest

from kb.store import db as store
from kb.build import build
from kb.data import seeds_dir
from kb.rules import alignment

EN = """Magic: The Gathering Comprehensive Rules

These rules are effective as of {date}.

702. Keyword Abilities

702.19. Trample

702.19a Trample is a static ability that modifies the rules for assigning an attacking creature's combat damage.

702.19b The controller of an attacking creature with trample first assigns damage to the creature(s) blocking it.{extra}
"""

FR_DATED = """Règles FR [04/02/2011]

702.19. Piétinement

702.19a Le piétinement est une capacité statique qui modifie les règles d'assignation des blessures de combat d'une créature attaquante.
"""

FR_UNDATED = """Extrait des règles

702.19a Le piétinement est une capacité statique qui modifie les règles d'assignation des blessures de combat d'une créature attaquante.
"""


@pytest.fixture(scope="module")
def kb_conn(tmp_path_factory):
    root = tmp_path_factory.mktemp("dated")
    (root / "cr").mkdir()
    (root / "cr" / "2010-07-01.txt").write_text(EN.format(date="July 1, 2010", extra=""), encoding="utf-8")
    (root / "cr" / "2012-07-01.txt").write_text(
        EN.format(date="July 1, 2012", extra=" If all the creatures blocking it are removed from combat, "
                                             "all its damage is assigned to the player."), encoding="utf-8")
    (root / "docs").mkdir()
    (root / "docs" / "fr-dated.txt").write_text(FR_DATED, encoding="utf-8")
    (root / "docs" / "fr-undated.txt").write_text(FR_UNDATED, encoding="utf-8")
    data = root / "kb"
    build(data, docs=[root / "docs"], cr=[root / "cr"])
    conn = store.connect(data)
    yield conn
    conn.close()


def test_the_document_date_names_the_edition_in_force(kb_conn):
    assert kb_conn.execute("SELECT edition FROM documents WHERE id='fr-dated'").fetchone()[0] == "2011-02-04"
    assert alignment.dated_edition(kb_conn, "fr-dated") == "2010-07-01"
    assert alignment.dated_edition(kb_conn, "fr-undated") is None
    got = {(a.source, a.number): a for a in alignment.align_french(kb_conn, store=False)}
    assert got[("fr-dated", "702.19a")].dated_edition == "2010-07-01"
    assert got[("fr-dated", "702.19a")].editions == ["2010-07-01", "2012-07-01"]


def test_side_by_side_shows_the_english_text_in_force_on_that_date(kb_conn):
    [dated] = alignment.side_by_side(kb_conn, "702.19a", source="fr-dated")
    assert dated["english"]["edition"] == "2010-07-01"
    assert dated["english"]["text"].startswith("Trample is a static ability")
    [undated] = alignment.side_by_side(kb_conn, "702.19a", source="fr-undated")
    assert undated["english"]["edition"] == "2012-07-01"     # no date: the latest edition both match


FR_PAIR = """Le piétinement, en français puis en anglais

702.19b Le contrôleur d'une créature attaquante avec le piétinement assigne d'abord des blessures aux créatures qui la bloquent.

702.19b The controller of an attacking creature with trample first assigns damage to the creature(s) blocking it.

Augure prismatique
{1}{G}
(2)
Enchantement
Les terrains que vous contrôlez ont chaque type de terrain de base en plus de leurs autres types.
"""


@pytest.fixture(scope="module")
def built_rw(tmp_path_factory):
    """A small build with a bilingual pair and a record with its printed mana value, opened read-write."""
    import sqlite3

    root = tmp_path_factory.mktemp("pairs")
    (root / "docs").mkdir()
    (root / "docs" / "fr-pair.txt").write_text(FR_PAIR, encoding="utf-8")
    (root / "cr").mkdir()
    (root / "cr" / "2010-07-01.txt").write_text(EN.format(date="July 1, 2010", extra=" See rule 702.19a."),
                                               encoding="utf-8")
    build(root / "kb", docs=[root / "docs", seeds_dir()], cr=[root / "cr"])
    conn = sqlite3.connect(root / "kb" / "current" / "kb.sqlite")
    conn.row_factory = sqlite3.Row
    yield conn
    conn.close()


def test_the_pair_and_the_printed_mana_value_are_stored(built_rw):
    rows = built_rw.execute("SELECT number, lang, line, pair_of FROM rules WHERE source='fr-pair' "
                            "ORDER BY position").fetchall()
    assert [tuple(r) for r in rows] == [("702.19b", "fr", 3, 5), ("702.19b", "en", 5, 3)]
    assert built_rw.execute("SELECT name, mana_cost, mana_value FROM card_records").fetchall()[0][:] == \
        ("Augure prismatique", "{1}{G}", 2)


def test_the_resolver_s_references_give_the_same_rule_references(built_rw):
    """:func:`kb.store.db.fill_rule_references` (references read once, by the
    resolver) gives every rule the references the parser lists today."""
    import json

    before = {(r["source"], r["number"], r["line"]): json.loads(r["refs"])
              for r in built_rw.execute("SELECT source, number, line, refs FROM rules")}
    assert before[("2010-07-01", "702.19b", 11)] == ["702.19a"]
    assert before[("001_b5a1e1d9799bc96e", "502.78a", 193)] == ["409.1b", "409.1f", "409.1g", "409.1h"]
    built_rw.execute("UPDATE rules SET refs='[]'")
    store.fill_rule_references(built_rw)
    after = {(r["source"], r["number"], r["line"]): json.loads(r["refs"])
             for r in built_rw.execute("SELECT source, number, line, refs FROM rules")}
    assert after == before


def test_a_french_cr_edition_outside_the_history_has_no_known_today(tmp_path):
    """A French CR given to --cr is not in the English rule history: today's
    number of its 702.19a is unknown, not "removed"."""
    from kb.rules.lookup import find_rule
    from tests.conftest import FIXTURES

    (tmp_path / "cr").mkdir()
    (tmp_path / "cr" / "2010-07-01.txt").write_text(EN.format(date="July 1, 2010", extra=""), encoding="utf-8")
    (tmp_path / "cr" / "2012-07-01.txt").write_text(EN.format(date="July 1, 2012", extra=""), encoding="utf-8")
    build(tmp_path / "kb", cr=[tmp_path / "cr", FIXTURES / "french" / "full_cr.txt"])
    conn = store.connect(tmp_path / "kb")
    try:
        answer = find_rule(conn, "702.19a", lang="fr")
        assert answer.rule.text.startswith("Le piétinement est une capacité statique")
        assert answer.now["edition"] == "2012-07-01" and answer.now["numbers"] == []
        assert "not aligned" in answer.now["unknown"]
        english = find_rule(conn, "702.19a", lang="en", now=True)
        assert english.now == {"edition": "2012-07-01", "numbers": ["702.19a"]}
    finally:
        conn.close()
