"""32 French card pages of 11 kinds of site (card databases, shops, wikis, forums, newsletters, blogs, PDF
copies, app copy-paste, deck articles, tournament reports, a chat bot), written by a tester who never saw the
grammar (issue 25), with the records each page shows (truth.yaml).  Measured blind before and after the layout
stage of issue 25: 8/67 records with name and cost right, 12 spurious; then used as fixtures for the field
blocks (parser/faq_field_blocks.py): 33/67, 8 spurious; then for the families they show (cost and type on
one line, dotted leaders, picture placeholders, decorated names, rarity after the type line, lower-case hybrid
costs, indented PDF blocks, tables copied with tabs, hybrid costs in words, records in an article's sentences, a framed infobox's wrapped type line): 64/67, 0 spurious.  These are
seen figures, not blind ones.  The floors keep what was reached."""
from __future__ import annotations

from pathlib import Path

from tests.parser.tester_pages import score

PAGES = Path(__file__).resolve().parents[1] / "fixtures" / "french" / "tester_pages"


def test_tester_pages_keep_their_records():
    result = score(PAGES)
    assert result.total == 67
    assert result.right >= 64
    assert result.spurious == []
