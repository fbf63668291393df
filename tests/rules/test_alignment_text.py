"""French ↔ English alignment by content (issue 23): an English edition holds a French text only
if it has every concept the text names.  Read from the editions (cr/en) and the seeds: the
Shadowmoor FAQ (seeds/001, 2008-04-04) quotes 104.3 / 104.3f with the monocolored hybrid
symbols {2/W} … {2/G}, first printed in the rules of 2008-05-01; the banding excerpt (seeds/004)
quotes 502.10b « … le même joueur ou le même arpenteur » (planeswalker: 2007-10-01 on)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.cli.main import main
from kb.rules.alignment import Alignment, align_french, outside_editions

SOMBRELANDE, BANDING = "001_b5a1e1d9799bc96e", "004_1ad7f9fe6443779b"


@pytest.fixture(scope="module")
def aligned(full_kb_conn) -> dict:
    """This checkout's alignment of every French rule (not the stored one)."""
    return {(a.source, a.number): a for a in align_french(full_kb_conn, store=False)}


@pytest.mark.corpus
@pytest.mark.parametrize("number", ["104.3", "104.3f"])
def test_monocolored_hybrid_first_held_by_2008_05_01(aligned, number):
    a = aligned[(SOMBRELANDE, number)]
    assert (a.editions[0], a.editions[-1]) == ("2008-05-01", "2009-05-01")
    assert a.lacking["2008-02-01"][0].startswith("{2/")      # scored a match before, had no {2/B}
    assert a.to_dict()["first_edition"] == "2008-05-01" and a.outside is None


@pytest.mark.corpus
def test_banding_wording_of_2007_10_01(aligned):
    a = aligned[(BANDING, "502.10b")]
    assert (a.editions[0], a.editions[-1]) == ("2007-10-01", "2009-05-01")
    assert a.lacking["2007-09-07"] == ["planeswalker"]
    # « joueur défenseur » is the defending player, not the keyword defender (2004-10-01)
    assert aligned[(BANDING, "502.10e")].editions[0] == "2003-03-15"


def test_older_or_newer_than_every_edition():
    eds = ["2003-03-15", "2026-01-16"]
    a = Alignment("doc", "702.999a", None, lacking={"2026-01-16": ["{2/B}"]})
    outside_editions(a, eds)
    assert a.outside == "newer" and "{2/B}" in a.outside_reason
    b = Alignment("doc", "502.1", None)
    outside_editions(b, eds, "2001-06-01")
    assert b.outside == "older" and "before the first edition 2003-03-15" in b.outside_reason
    c = Alignment("doc", "502.1", None, editions=["2003-03-15"])
    outside_editions(c, eds, "2001-06-01")
    assert c.outside is None                                  # an edition holds it


@pytest.mark.corpus
def test_kb_rule_french_shows_the_edition_holding_it(full_kb, full_kb_conn):
    if full_kb_conn.execute("SELECT 1 FROM french_alignments WHERE number='104.3f' AND edition='2008-02-01'").fetchone():
        pytest.skip("stored alignments of a knowledge base built before issue 23 (rebuild it)")
    r = json.loads(CliRunner().invoke(main, ["rule", "104.3f", "--lang", "fr", "--json",
                                             "--data-dir", str(full_kb)]).output)
    assert r["english"]["edition"] in r["english_editions"] and "2008-02-01" not in r["english_editions"]
    assert r["holding_editions"] == {"first": "2008-05-01", "last": "2009-05-01", "outside": None, "reason": None}
