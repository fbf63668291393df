"""`kb build --cr`, `kb rule --edition/--lang`, `kb editions`, `kb glossary` on real editions."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.build import build
from kb.cli.main import main
from tests.conftest import LINKED, require_shared

pytestmark = pytest.mark.corpus

EDITIONS = ("2004-10-01", "2008-05-01", "2026-01-16")


@pytest.fixture(scope="module")
def cr_kb(tmp_path_factory):
    cr = require_shared("cr", "en")
    data = tmp_path_factory.mktemp("crkb") / "kb"
    build(data, cr=[cr / f"{d}.txt" for d in EDITIONS])
    return data


def run(*args, data_dir, code=0):
    result = CliRunner().invoke(main, [*args, "--data-dir", str(data_dir)], catch_exceptions=False)
    assert result.exit_code == code, result.output
    return result.output


def test_editions(cr_kb):
    rows = json.loads(run("editions", "--json", data_dir=cr_kb))
    assert [r["date"] for r in rows] == list(EDITIONS)
    latest = rows[-1]
    assert latest["rules"] == 3114 and latest["glossary"] == 725 and latest["warnings"] == 0
    assert rows[1]["lost_quotes"] == 4742  # 2008-05-01 lost its curly quotes to '?'
    assert "3114" in run("editions", data_dir=cr_kb)


def test_rule_defaults_to_latest_edition(cr_kb):
    r = json.loads(run("rule", "702.19c", "--json", data_dir=cr_kb))
    assert (r["edition"], r["lang"], r["parent"]) == ("2026-01-16", "en", "702.19")
    assert r["text"].startswith("Trample over planeswalkers is a variant of trample")
    assert r["examples"][0].startswith("A player controls a planeswalker with three loyalty counters")


def test_rule_by_edition_and_language(cr_kb):
    r = json.loads(run("rule", "502.79a", "--edition", "2008-05-01", "--json", data_dir=cr_kb))
    assert r["lang"] == "en" and r["text"].startswith("Persist is a triggered ability.")
    fr = json.loads(run("rule", "502.79a", "--lang", "fr", "--json", data_dir=cr_kb))
    assert fr["lang"] == "fr" and fr["text"].startswith("La persistance est une capacité déclenchée.")
    banding = json.loads(run("rule", "502.10", "--edition", "2004-10-01", "--json", data_dir=cr_kb))
    assert banding["title"] == "Banding" and banding["children"][0] == "502.10a"
    assert json.loads(run("rule", "607.2a", "--lang", "fr", "--json", data_dir=cr_kb))["source"] == LINKED
    out = run("rule", "702.19c", "--edition", "1999-01-01", data_dir=cr_kb, code=1)
    assert "rule 702.19c is not in the knowledge base for edition 1999-01-01" in out


def test_glossary(cr_kb):
    g = json.loads(run("glossary", "trample", "--json", data_dir=cr_kb))
    assert g["term"] == "Trample" and g["edition"] == "2026-01-16"
    assert g["definition"].startswith("A keyword ability that modifies how a creature assigns combat damage.")
    assert "702.19" in g["references"]
    all_eds = json.loads(run("glossary", "trample", "--all", "--json", data_dir=cr_kb))
    assert [x["edition"] for x in all_eds] == ["2026-01-16", "2008-05-01", "2004-10-01"]     # one per wording
    assert [x["span"]["editions"] for x in all_eds] == [1, 1, 1]
    assert "no glossary entry for 'zzzz'" in run("glossary", "zzzz", data_dir=cr_kb, code=1)


# ----------------------------------------------------------------- history, built by kb build --cr

def test_rule_now_gives_current_number(cr_kb):
    r = json.loads(run("rule", "502.79", "--edition", "2008-05-01", "--now", "--json", data_dir=cr_kb))
    assert r["title"] == "Persist" and r["now"] == {"edition": "2026-01-16", "numbers": ["702.79"]}
    assert "today (2026-01-16): 702.79" in run("rule", "502.79", "--edition", "2008-05-01", "--now", data_dir=cr_kb)


def test_history_lineage(cr_kb):
    lin = json.loads(run("history", "502.10", "--edition", "2004-10-01", "--json", data_dir=cr_kb))
    assert [s["number"] for s in lin["spans"]][0] == "502.10"
    assert lin["current"] == ["702.22"]
    assert "702.22" in run("history", "702.22", data_dir=cr_kb)
    assert run("history", "999.9", data_dir=cr_kb, code=1)


def test_diff_between_editions(cr_kb):
    d = json.loads(run("diff", "2008-05-01", "2026-01-16", "--json", data_dir=cr_kb))
    moved = {(r["from"], r["to"]) for r in d["renumbered"]}
    assert ("502.79", "702.79") in moved and ("212.3f", "302.6") in moved
    assert d["added"] and d["removed"]


def test_french_rule_beside_english(cr_kb):
    r = json.loads(run("rule", "502.79a", "--lang", "fr", "--json", data_dir=cr_kb))
    assert r["english"]["number"] == "502.79a" and r["english"]["edition"] == "2008-05-01"
    assert r["english"]["text"].startswith("Persist is a triggered ability.")
    assert r["now"]["numbers"] == ["702.79a"]
    out = run("rule", "502.79a", "--lang", "fr", data_dir=cr_kb)
    assert "English (2008-05-01" in out and "today (2026-01-16): 702.79a" in out


def test_site_history_pages(cr_kb, tmp_path):
    from kb.store import db as store
    from kb.site.render import render_site
    from tests.site.test_render_seeds import check_links

    pages = render_site(store.connect(cr_kb), tmp_path / "site")
    assert "history/2008-05-01/502.79a.html" in pages and "diff/2008-05-01_2026-01-16.html" in pages
    faq = (tmp_path / "site" / "fr/faq/sombrelande.html").read_text(encoding="utf-8")
    block = faq.split('id="502.79a"')[1].split("</section>")[0]
    assert 'class="english-beside" lang="en"' in block and "Persist is a triggered ability." in block
    assert 'href="../../cr/2026-01-16/702.html#702.79a">702.79a</a>' in block
    assert check_links(tmp_path / "site") > 1000
