"""The claim box (issue 14, item 7): on every page `kb serve` answers, in
the page's interface language and with the page's edition; absent from the
static site, which has no server to ask; the cited rules and evidence
linked to the site's pages."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from kb.cli.main import main
from kb.site.serve import create_app


@pytest.fixture(scope="module")
def client(seed_kb):
    return create_app(seed_kb).test_client()


def test_served_pages_carry_the_box_in_their_language(client):
    french = client.get("/fr/faq/sombrelande").get_data(as_text=True)
    assert 'id="claim-form"' in french and 'action="/api/check"' in french
    assert "Vérifier une affirmation" in french and 'data-true="Vrai"' in french
    english = client.get("/fr/faq/sombrelande?ui=en").get_data(as_text=True)
    assert "Check a claim" in english and 'data-true="True"' in english and "Vérifier une affirmation" not in english
    # a French document is of no English edition: the claim is checked against the latest
    assert 'name="edition"' not in french


def test_static_site_has_no_box(seed_kb, tmp_path):
    out = tmp_path / "site"
    result = CliRunner().invoke(main, ["render", "--out", str(out), "--data-dir", str(seed_kb), "--no-search"])
    assert result.exit_code == 0, result.output
    for page in out.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert "claim-box" not in html and "/api/check" not in html, page


def test_check_answer_links_evidence_to_the_pages(client):
    body = client.get("/api/check", query_string={"claim": "Implorer la reine a une valeur de mana de 6"}).get_json()
    assert body["answer"] == "true" and body["rules"] == ["202.3", "202.3f"]
    urls = {e["id"]: e["url"] for e in body["evidence"]}
    # the FAQ note on monocolored hybrid mana value, and rule 607.2d of the French rules text 607
    assert urls["001_b5a1e1d9799bc96e#7"] == "/fr/faq/sombrelande#note-7"
    assert urls["607.2d"] == "/fr/rules/607#607.2d"
    for url in urls.values():
        assert client.get(url.split("#")[0]).status_code == 200
    # no page holds rule 202.3 in the seeds (no English edition): unlinked, not guessed
    assert body["rule_urls"] == {"202.3": None, "202.3f": None}
