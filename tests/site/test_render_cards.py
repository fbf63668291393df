"""The site with card data (a few MTGJSON sets of the shared corpus):
card pages, FAQ records linked to them, rule families, no broken link."""
from __future__ import annotations

import pytest

from kb.store import db as store
from kb.site.render import render_site
from tests.conftest import build_with_card_subset
from tests.site.test_render_seeds import check_links

pytestmark = pytest.mark.corpus

SETS = ("SHM", "EVE", "LRW", "M10", "ZEN", "AVR")


@pytest.fixture(scope="module")
def card_site(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("cards")
    build_with_card_subset(tmp, SETS)
    conn = store.connect(tmp / "kb")
    pages = render_site(conn, tmp / "site", all_cards=False)
    return tmp / "site", pages


def test_card_page_side_by_side(card_site):
    site, pages = card_site
    assert "card/beseech-the-queen.html" in pages
    html = (site / "card/beseech-the-queen.html").read_text(encoding="utf-8")
    assert "Beseech the Queen" in html and "Implorer la reine" in html
    assert "Search your library for a card with mana value less than or equal to the number of lands" in html
    assert "Cherchez dans votre bibliothèque une carte ayant un coût converti de mana" in html
    assert ('<span class="ms ms-monocolored-hybrid ms-b ms-split" role="img" title="{2/B}" aria-label="{2/B}">'
            '<span class="ms-part">2</span><span class="ms-part ms-b">B</span></span>') in html
    assert 'Valeur de mana</span> 6' in html
    # the FAQ notes about it, with a link back to the record
    assert "vous pouvez payer le coût d&#39;Implorer la reine en dépensant " \
           '<span class="ms ms-colored ms-b" role="img" title="{B}" aria-label="{B}">' in html
    assert 'href="../fr/faq/sombrelande.html#implorer-la-reine"' in html


def test_faq_records_link_to_card_pages(card_site):
    site, _ = card_site
    faq = (site / "fr/faq/sombrelande.html").read_text(encoding="utf-8")
    assert 'href="../../card/beseech-the-queen.html">fiche bilingue →</a>' in faq
    assert 'href="../../card/faerie-macabre.html">fiche bilingue →</a>' in faq   # « Færie macabre »


def test_rule_607_lists_linked_ability_cards(card_site):
    site, _ = card_site
    page = (site / "fr/rules/607.html").read_text(encoding="utf-8")
    block = page.split('id="607.1"')[1].split("</section>")[0]
    assert "Capacités liées" in block
    for name in ("Mistbind Clique", "Painter&#39;s Servant", "Pithing Needle", "Colfenor&#39;s Urn"):
        assert f">{name}</a>" in block
    assert "« exiled with Colfenor&#39;s Urn »" in block


def test_families_of_keywords(card_site):
    site, _ = card_site
    faq = (site / "fr/faq/sombrelande.html").read_text(encoding="utf-8")
    persist = faq.split('id="502.79"')[1].split("</section>")[0]
    assert "Persistance" in persist and ">Murderous Redcap</a> (Bonnet-rouge meurtrier)" in persist
    soulbond = (site / "fr/faq/association-d-ames.html").read_text(encoding="utf-8").split('id="702.92"')[1]
    assert ">Wolfir Silverheart</a>" in soulbond.split("</section>")[0]


def test_no_broken_link_with_cards(card_site):
    site, _ = card_site
    assert check_links(site) > 500


def test_card_names_in_texts_are_links(card_site):
    site, _ = card_site
    faq = (site / "fr/faq/sombrelande.html").read_text(encoding="utf-8")
    assert '<a class="card" href="../../card/mirrorweave.html" title="Mirrorweave">Tisse-miroir</a>' in faq
    # inside a « -- » sub-item of a note (offsets shifted by the note's first line)
    assert ('<li>Les effets qui ont lieu après que la <a class="card" href="../../card/godhead-of-awe.html" '
            'title="Godhead of Awe">Divinité de respect</a>') in faq
    assert (site / "card/mirrorweave.html").exists()
