"""French seed rules aligned with the English editions (kb/rules/alignment.py,
kb/rules/evidence.py).

Uses the shared full-corpus knowledge base (``full_kb_conn``,
tests/conftest.py); skips when ../shared/corpus is absent.  The
expected editions were checked by reading the seeds and the editions.
"""
from __future__ import annotations

import json

import pytest

from kb.rules import alignment
from kb.rules.evidence import translate_title

SOULBOND = "000_a77091c15e8840d5"
SOMBRELANDE = "001_b5a1e1d9799bc96e"
LINKED = "002_f6a566c3e70ee678"
BANDING = "004_1ad7f9fe6443779b"


@pytest.fixture(scope="module")
def aligned(full_kb_conn):
    return {(a.source, a.number): a for a in alignment.align_french(full_kb_conn, store=False)}


def test_every_seed_rule_is_aligned(aligned, seed_docs):
    french = {(doc_id, r.number) for doc_id, doc in seed_docs.items() for r in doc.rules if r.lang == "fr"}
    assert french == set(aligned)
    unmatched = sorted(k for k, a in aligned.items() if not a.editions)
    assert len(unmatched) <= 2, unmatched


def test_linked_abilities_match_2010_2011(aligned):
    """607.2i is about champion and 702.30 is kicker only from 2010-04-23 to 2011-04-01."""
    champion = aligned[(LINKED, "607.2i")]
    assert champion.editions[0] == "2010-04-23" and champion.editions[-1] == "2011-04-01"
    assert champion.document_editions == champion.editions
    kicker = aligned[(LINKED, "607.2g")]          # « Cf. règle 702.30, « Kick. » »
    assert kicker.editions == champion.editions
    assert champion.current == ["607.2k"]       # today's number
    assert aligned[(LINKED, "607.2a")].current == ["607.2a"]


def test_banding_matches_the_planeswalker_era(aligned):
    """seeds/004 502.10b says « le même joueur ou le même arpenteur »: the
    English 502.10b says « the same player or planeswalker » from 2007-10-01
    until banding left 502.10 in 2009-07-11."""
    band = aligned[(BANDING, "502.10b")]
    assert band.document_editions[0] == "2007-10-01"
    assert band.document_editions[-1] == "2009-05-01"
    assert "2004-10-01" in aligned[(BANDING, "502.10a")].editions   # the definition matches from 2003 on
    assert aligned[(BANDING, "502.10")].current == ["702.22"]
    assert aligned[(BANDING, "502.11")].current == ["702.22"]       # bands with other folded into banding


def test_sombrelande_faq_matches_shadowmoor_editions(aligned):
    persist = aligned[(SOMBRELANDE, "502.79a")]
    assert persist.editions == ["2008-05-01", "2008-07-15", "2009-02-01", "2009-05-01"]
    assert persist.current == ["702.79a"]
    assert aligned[(SOMBRELANDE, "212.3f")].current == ["302.6"]       # summoning sickness
    assert aligned[(SOMBRELANDE, "104.3f")].current == ["107.4e"]      # hybrid mana
    assert aligned[(SOMBRELANDE, "502.78a")].document_editions[0] == "2008-05-01"


def test_soulbond_discrepancy(aligned):
    """The soulbond FAQ numbers it 702.92; the English edition of 2012-05-01 has 702.93."""
    al = aligned[(SOULBOND, "702.92")]
    assert al.english_number == "702.93"
    assert al.editions[0] == "2012-05-01"
    assert al.discrepancy is not None
    assert (al.discrepancy.number, al.discrepancy.english_number) == ("702.92", "702.93")
    sub = aligned[(SOULBOND, "702.92c")]
    assert sub.english_number == "702.93c" and sub.current == ["702.95c"]


def test_stored_and_side_by_side(full_kb_conn):
    alignment.align_french(full_kb_conn)       # store
    rows = alignment.side_by_side(full_kb_conn, "607.2a")
    assert len(rows) == 1
    row = rows[0]
    assert row["french"]["text"].startswith("Si un objet a une capacité activée ou déclenchée")
    assert row["english"]["edition"] == "2011-04-01"
    assert row["english"]["text"].startswith("If an object has an activated or triggered ability printed on it")
    assert row["current"] == ["607.2a"]
    soulbond = alignment.side_by_side(full_kb_conn, "702.92")[0]
    assert soulbond["english"]["number"] == "702.93" and soulbond["english"]["title"] == "Soulbond"
    assert soulbond["discrepancy"]["english_number"] == "702.93"
    assert soulbond["current"] == ["702.95"]
    json.dumps(rows, ensure_ascii=False)
    assert alignment.document_editions(full_kb_conn, LINKED)[0] == "2010-04-23"


def test_translate_title():
    assert translate_title("Persistance") == ("persist",)
    assert translate_title("Association d'âmes") == ("soulbond",)
    assert translate_title("Regroupement") == ("banding",)
