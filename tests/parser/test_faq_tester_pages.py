"""32 French card pages of 11 kinds of site (card databases, shops, wikis, forums, newsletters, blogs, PDF
copies, app copy-paste, deck articles, tournament reports, a chat bot), written by a tester who never saw the
grammar (issue 25), with the records each page shows (truth.yaml).  Measured blind before and after the layout
stage of issue 25: 8/67 records with name and cost right, 12 spurious; then used as fixtures for the field
blocks (parser/faq_field_blocks.py): 33/67, 8 spurious; then for the families they show (cost and type on
one line, dotted leaders, picture placeholders, decorated names, rarity after the type line, lower-case hybrid
costs, indented PDF blocks, tables copied with tabs, hybrid costs in words, records in an article's sentences, a framed infobox's wrapped type line): 64/67, 0 spurious.  These are
seen figures, not blind ones.  The floors keep what was reached."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from parser.faq import parse_document
from parser.textkeys import fold_name

PAGES = Path(__file__).resolve().parents[1] / "fixtures" / "french" / "tester_pages"


def _symbols(cost):
    return sorted(re.findall(r"\{([^}]+)\}", (cost or "").upper().replace(" ", "")))


def test_tester_pages_keep_their_records():
    truth = yaml.safe_load((PAGES / "truth.yaml").read_text(encoding="utf-8"))
    total = right = spurious = 0
    for entry in truth:
        doc = parse_document(PAGES / entry["page"])
        found = {fold_name(r.name): r for r in doc.cards}
        wanted = {fold_name(c["name"]): c for c in entry["cards"]}
        total += len(wanted)
        right += sum(1 for k, c in wanted.items()
                     if k in found and _symbols(found[k].mana_cost) == _symbols(c["mana_cost"]))
        spurious += sum(1 for k in found if k not in wanted)
    assert total == 67
    assert right >= 64
    assert spurious == 0
