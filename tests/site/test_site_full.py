"""The site rendered from the shared full-corpus knowledge base (seeds, 102
editions, 579 MTGJSON sets: ``full_kb`` in tests/conftest.py): zero broken
internal links or anchors, and the cross-links a reader expects."""
from __future__ import annotations

import pytest

from kb.site.render import render_site
from kb.store import db as store
from tests.site.test_render_seeds import check_links

pytestmark = pytest.mark.corpus


@pytest.fixture(scope="module")
def full_site(full_kb, tmp_path_factory):
    site = tmp_path_factory.mktemp("full") / "site"
    conn = store.connect(full_kb)
    try:
        pages = render_site(conn, site)
    finally:
        conn.close()
    return site, pages


def test_no_broken_link_or_anchor(full_site):
    site, pages = full_site
    assert len(pages) > 700
    assert check_links(site) > 10000


def test_expected_pages(full_site):
    site, pages = full_site
    for path in ("index.html", "terms.html", "cr/2026-01-16/702.html", "cr/2026-01-16/glossary.html",
                 "fr/faq/sombrelande.html", "fr/faq/association-d-ames.html", "fr/rules/607.html",
                 "card/beseech-the-queen.html", "diff/2025-11-14_2026-01-16.html"):
        assert path in pages, path


def test_607_lists_kicker_and_exile_cards(full_site):
    site, _ = full_site
    page = (site / "fr/rules/607.html").read_text(encoding="utf-8")
    block = page.split('id="607.1"')[1].split("</section>")[0]
    assert "« if it was kicked »" in block or "« if {name} was kicked »" in block
    # the cards named in 607.4's example link to their pages
    assert 'href="../../card/arc-slogger.html" title="Arc-Slogger">Frappeur à l&#39;arc</a>' in page
    assert 'title="Quicksilver Elemental">Élémental de vif-argent</a>' in page


def test_soulbond_faq_beside_english(full_site):
    site, _ = full_site
    page = (site / "fr/faq/association-d-ames.html").read_text(encoding="utf-8")
    block = page.split('id="702.92a"')[1].split("</section>")[0]
    assert 'class="english-beside"' in block and "Soulbond is a keyword that represents two triggered abilities" in block
    assert 'href="../../cr/2026-01-16/702.html#702.95a">702.95a</a>' in block


def test_english_chapter_links_whole_rules(full_site):
    site, _ = full_site
    page = (site / "cr/2026-01-16/702.html").read_text(encoding="utf-8")
    assert '<a class="ref" href="704.html">rule 704</a>' in page
    assert page.count('<a class="card"') > 10
