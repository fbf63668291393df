"""Mana symbols drawn as symbols (kb/site/mana.py), the written symbol kept in title and aria-label."""
from __future__ import annotations

import pytest

from kb.site.mana import mana_cost, symbol, symbols_in
from kb.site.render import render_site
from kb.store import db as store


def test_one_colored_symbol():
    assert symbol("{B}") == ('<span class="ms ms-colored ms-b" role="img" title="{B}" aria-label="{B}">'
                             '<span class="ms-part">B</span></span>')


def test_hybrid_symbols_are_split_with_a_colour_per_half():
    assert symbol("{2/B}") == ('<span class="ms ms-monocolored-hybrid ms-b ms-split" role="img" title="{2/B}" '
                               'aria-label="{2/B}"><span class="ms-part">2</span>'
                               '<span class="ms-part ms-b">B</span></span>')
    assert 'class="ms ms-hybrid ms-w ms-u ms-split"' in symbol("{W/U}")
    assert '<span class="ms-part ms-g">G</span><span class="ms-part ms-w">W</span>' in symbol("{G/W}")


def test_other_symbols():
    assert 'class="ms ms-phyrexian ms-b"' in symbol("{B/P}") and '>B</span></span>' in symbol("{B/P}")
    assert 'class="ms ms-generic"' in symbol("{10}") and ">10<" in symbol("{10}")
    assert 'class="ms ms-tap"' in symbol("{T}")
    assert symbol("{foo}") is None and symbol("{B}{B}") is None


def test_text_is_escaped_around_symbols():
    html = symbols_in("Payez {B}{B} <b>ou</b> {foo}")
    assert html.startswith("Payez <span class=\"ms ms-colored ms-b\"")
    assert html.count('class="ms ') == 2 and html.endswith(" &lt;b&gt;ou&lt;/b&gt; {foo}")
    assert mana_cost("{1}{G}").startswith('<span class="cost" title="{1}{G}"><span class="ms ms-generic"')
    assert mana_cost(None) == "" and symbols_in("") == ""


@pytest.fixture(scope="module")
def rules_page(seed_kb, tmp_path_factory):
    out = tmp_path_factory.mktemp("mana") / "site"
    with store.connect(seed_kb) as conn:
        render_site(conn, out, search=False)
    return (out / "fr/faq/sombrelande.html").read_text(encoding="utf-8")


def test_symbols_in_rendered_notes(rules_page):
    assert ('dépensez <span class="ms ms-colored ms-b" role="img" title="{B}" aria-label="{B}">'
            '<span class="ms-part">B</span></span>') in rules_page
    assert 'title="{2/B}" aria-label="{2/B}"' in rules_page
    assert "dépensez {B}" not in rules_page
