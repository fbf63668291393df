"""Links between rule pages, rule histories and edition diffs on the served
site of the full knowledge base (102 English editions): a year in any
edition of an address means the edition in force at its end (as on the
command line), glossary terms of the rule texts link to the glossary, and
the history and diff codes read in French on French pages."""
from __future__ import annotations

import re

import pytest

from kb.site.serve import create_app
from kb.site.urls import with_editions

pytestmark = pytest.mark.corpus


@pytest.fixture(scope="module")
def client(full_kb):
    return create_app(full_kb, warm=False).test_client()


def test_with_editions_resolves_each_edition_segment():
    meant = {"2019": "2019-08-23", "2026": "2026-01-16", "2008": "2008-07-15"}.get
    assert with_editions("diff/2019_2026", meant) == "diff/2019-08-23_2026-01-16"
    assert with_editions("diff/2019_2026.html", meant) == "diff/2019-08-23_2026-01-16.html"
    assert with_editions("cr/2008/502", meant) == "cr/2008-07-15/502"
    assert with_editions("history/2019/702.19.html", meant) == "history/2019-08-23/702.19.html"
    assert with_editions("fr/faq/sombrelande", meant) == "fr/faq/sombrelande"
    assert with_editions("diff/1990_2026", meant) is None


def test_years_in_addresses_redirect_to_the_editions_in_force(client):
    r = client.get("/diff/2019_2026")
    assert (r.status_code, r.headers["Location"]) == (302, "/diff/2019-08-23_2026-01-16")
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "<h1>2019-08-23 → 2026-01-16</h1>" in page
    assert client.get("/cr/2008/502").headers["Location"] == "/cr/2008-07-15/502"     # 2008-07-15 in force on 12-31
    assert client.get("/history/2019-06/702.19").headers["Location"] == "/history/2019-06-14/702.19"
    missing = client.get("/diff/1990_2026")
    assert missing.status_code == 404 and "no English edition was in force then" in missing.get_data(as_text=True)


def test_rule_page_links_history_diffs_and_glossary(client):
    page = client.get("/cr/2026-01-16/704").get_data(as_text=True)
    rule = page.split('id="704.5g">')[1].split("</section>")[0]
    assert ('dealt <a class="term" href="glossary.html#lethal-damage" title="Lethal Damage">lethal damage</a>'
            ' and is destroyed') in rule
    assert '<a href="../../history/2026-01-16/704.5g.html">historique</a>' in rule
    h = page.split('id="704.5h">')[1].split("</section>")[0]
    assert 'href="glossary.html#state-based-actions" title="State-Based Actions">state-based actions</a>' in h
    assert ('<a href="../../diff/2025-11-14_2026-01-16.html">Différences avec l\'édition précédente '
            '(2025-11-14 → 2026-01-16)</a>') in page
    older = client.get("/cr/2019-08-23/").get_data(as_text=True)
    assert "(2019-07-12 → 2019-08-23)" in older and "(2019-08-23 → 2020-01-24)" in older
    glossary = client.get("/cr/2026-01-16/glossary").get_data(as_text=True)
    assert 'class="term"' not in glossary      # a definition does not link the terms it defines


def test_home_page_links_editions_and_diffs(client):
    home = client.get("/").get_data(as_text=True)
    assert ('<tr><td><a href="cr/2003-07-01/index.html">2003-07-01</a></td><td>647</td><td>290</td><td>0</td>'
            '<td><a href="diff/2003-03-15_2003-07-01.html">2003-03-15 → 2003-07-01</a></td></tr>') in home


def test_history_page_in_french_links_the_diffs(client):
    page = client.get("/history/2026-01-16/702.19c").get_data(as_text=True)
    assert "[ajoutée]" in page and "[added]" not in page
    moved = client.get("/history/2008-05-01/502.79").get_data(as_text=True)       # persist, now 702.79
    assert "[déplacée]" in moved and "[moved]" not in moved
    assert ('<strong>702.76</strong> — 2009-07-11 … 2011-05-01 (10 éditions) <span class="meta">[déplacée] '
            '<a href="../../diff/2009-05-01_2009-07-11.html">différences 2009-05-01 → 2009-07-11</a>') in moved
    english = client.get("/history/2008-05-01/502.79?ui=en").get_data(as_text=True)
    assert "(10 editions) <span class=\"meta\">[moved] " in english and "[déplacée]" not in english


def test_diff_page_labels_in_french(client):
    page = client.get("/diff/2025-11-14_2026-01-16").get_data(as_text=True)
    item = page.split('#115.7e">115.7e</a>')[1].split("</li>")[0]
    assert item.startswith(' <span class="meta">texte modifié</span>')
    assert '<span class="meta">words</span>' not in page


def test_claim_check_of_a_year_links_the_edition_in_force(client):
    d = client.get("/api/check", query_string={"claim": "Implorer la reine a une valeur de mana de 6",
                                                "edition": "2019"}).get_json()
    assert d["answer"] == "true"
    assert d["rule_urls"]["202.3"] == "/cr/2019-08-23/202#202.3"      # in force on 2019-12-31


def test_french_rule_pages_link_the_glossary_and_the_diffs_of_their_english_edition(client):
    """A French rule's terms link to the English glossary (« capacité activée » -> Activated Ability, of the
    latest edition, whose pages the site holds), and its English side to the diff of its edition to today's."""
    page = client.get("/fr/rules/607.html").get_data(as_text=True)
    rule = page.split('id="607.2a">')[1].split("</section>")[0]
    assert ('une <a class="term" href="../../cr/2026-01-16/glossary.html#activated-ability" title="Activated Ability">'
            'capacité activée</a> ou déclenchée') in rule
    assert ('<a class="edition-diff" href="../../diff/2011-04-01_2026-01-16.html">différences 2011-04-01 → '
            '2026-01-16</a>') in rule
    combat = client.get("/fr/rules/502.html").get_data(as_text=True)
    assert 'title="Combat Damage">blessures de combat</a>' in combat
