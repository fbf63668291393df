"""The page of differences between two editions shows the word diff of each changed rule."""
from __future__ import annotations

import pytest

from kb.site.diffpage import trimmed


def test_long_unchanged_runs_are_cut_beside_the_changes():
    words = " ".join(f"w{i}" for i in range(40))
    ops = [("equal", words), ("delete", "another"), ("insert", "any other"), ("equal", words)]
    assert trimmed(ops, keep=3) == [("equal", "… w37 w38 w39"), ("delete", "another"), ("insert", "any other"),
                                    ("equal", "w0 w1 w2 …")]
    middle = [("insert", "a"), ("equal", words), ("delete", "b")]
    assert trimmed(middle, keep=2)[1] == ("equal", "w0 w1 … w38 w39")
    assert trimmed([("equal", "one two three")], keep=1) == [("equal", "one two three")]


@pytest.fixture(scope="module")
def diff_page(tmp_path_factory):
    from kb.build import build
    from kb.site.render import render_site
    from kb.store import db as store
    from tests.conftest import require_shared

    cr = require_shared("cr", "en")
    tmp = tmp_path_factory.mktemp("diffpage")
    build(tmp / "kb", cr=[cr / "2025-11-14.txt", cr / "2026-01-16.txt"])
    with store.connect(tmp / "kb") as conn:
        render_site(conn, tmp / "site", search=False)
    return (tmp / "site/diff/2025-11-14_2026-01-16.html").read_text(encoding="utf-8")


@pytest.mark.corpus
def test_reworded_rule_shows_its_word_diff(diff_page):
    item = diff_page.split('href="../cr/2026-01-16/115.html#115.7e">115.7e</a>')[1].split("</li>")[0]
    assert item.startswith(' <span class="meta">texte modifié</span><p class="word-diff">')     # French page
    assert "1 damage to <del>another</del> <ins>any other</ins> target.” The current targets" in item
    creature_types = diff_page.split('#205.3m">205.3m</a>')[1].split("</li>")[0]
    assert "…" in creature_types and len(creature_types) < 2000
