"""`kb serve` routes with Flask's test client, on a KB with two CR editions
and a few card sets: readable URLs, on-demand pages, JSON errors, reload
after a rebuild."""
from __future__ import annotations

import pytest

from kb.build import build
from kb.site.serve import create_app
from tests.conftest import require_shared


@pytest.fixture(scope="module")
def kb_dir(tmp_path_factory):
    cr = require_shared("cr", "en")
    mtgjson = require_shared("cards", "mtgjson")
    tmp = tmp_path_factory.mktemp("serve")
    subset = tmp / "mtgjson"
    subset.mkdir()
    for code in ("SHM", "EVE"):
        (subset / f"{code}.json").symlink_to(mtgjson / f"{code}.json")
    build(tmp / "kb", cr=[cr / "2008-05-01.txt", cr / "2026-01-16.txt"], mtgjson=subset)
    return tmp / "kb"


@pytest.fixture(scope="module")
def client(kb_dir):
    return create_app(kb_dir).test_client()


@pytest.mark.corpus
def test_readable_urls(client):
    assert b'id="702.92a"' in client.get("/cr/2026-01-16/702").data
    assert client.get("/cr/2026-01-16/702.html").status_code == 200
    assert b'id="implorer-la-reine"' in client.get("/fr/faq/sombrelande").data
    card = client.get("/card/beseech-the-queen")
    assert card.status_code == 200 and "Implorer la reine" in card.get_data(as_text=True)
    assert client.get("/card/no-such-card").status_code == 404


@pytest.mark.corpus
def test_older_edition_rendered_on_demand(client):
    page = client.get("/cr/2008-05-01/502").get_data(as_text=True)
    assert 'id="502.79a"' in page and "Persist is a triggered ability." in page
    assert client.get("/cr/2008-05-01").status_code == 200  # its contents page
    assert client.get("/cr/1999-01-01/502").status_code == 404


@pytest.mark.corpus
def test_every_result_has_a_working_url(client):
    for q in ("persist", "persistance", "trample", "association d'âmes", "502.79a"):
        data = client.get("/api/search", query_string={"q": q, "limit": 20}).get_json()
        assert data["results"], q
        for r in data["results"]:
            assert r["url"], (q, r)
            path = r["url"].split("#")[0]
            assert client.get(path).status_code == 200, (q, r["url"])


@pytest.mark.corpus
def test_api_errors_are_json(client):
    for qs in ({"q": "x", "limit": "abc"}, {"q": "x", "limit": "0"}, {"q": "x", "kind": "banana"}):
        resp = client.get("/api/search", query_string=qs)
        assert resp.status_code == 400 and "error" in resp.get_json()


def test_serves_the_new_build_after_a_rebuild(tmp_path):
    build(tmp_path / "kb")
    client = create_app(tmp_path / "kb").test_client()
    assert client.get("/fr/rules/607").status_code == 200
    from tests.conftest import SEEDS
    build(tmp_path / "kb", docs=[SEEDS / "004_1ad7f9fe6443779b.txt"])
    assert client.get("/fr/rules/607").status_code == 404
    assert client.get("/fr/rules/502").status_code == 200
    data = client.get("/api/search", query_string={"q": "association d'âmes"}).get_json()
    assert all(r["source"] == "004_1ad7f9fe6443779b" for r in data["results"])


@pytest.mark.corpus
def test_paging_and_scope(client):
    first = client.get("/api/search", query_string={"q": "persist", "limit": 5}).get_json()
    second = client.get("/api/search", query_string={"q": "persist", "limit": 5, "page": 2}).get_json()
    assert first["has_more"] and len(first["results"]) == 5
    assert not {r["id"] + r["source"] for r in first["results"]} & {r["id"] + r["source"] for r in second["results"]}
    wide = client.get("/api/search", query_string={"q": "502.79a", "all_editions": 1}).get_json()
    assert any(r["edition"] == "2008-05-01" for r in wide["results"])
    html = client.get("/search", query_string={"q": "persist", "limit": 5}).get_data(as_text=True)
    assert 'rel="next" href="/search?q=persist&amp;limit=5&amp;page=2"' in html


@pytest.mark.corpus
def test_missing_pages_of_real_editions_are_404_without_rendering(client):
    import time

    assert client.get("/diff/2008-05-01_zzz").status_code == 404
    assert client.get("/diff/zzz_2026-01-16").status_code == 404
    assert client.get("/diff/2008-05-01_2026-01-16").status_code == 200
    assert client.get("/history/1999-01-01/702.79a").status_code == 404
    for _ in range(3):
        t0 = time.perf_counter()
        resp = client.get("/cr/2008-05-01/9999")
        assert resp.status_code == 404 and time.perf_counter() - t0 < 0.2
    resp = client.get("/api/cr/2008-05-01/9999")
    assert resp.status_code == 404 and "error" in resp.get_json()


@pytest.mark.corpus
def test_claim_box_checks_against_the_page_edition(client):
    page = client.get("/cr/2008-05-01/502").get_data(as_text=True)
    assert 'id="claim-form"' in page and '<input type="hidden" name="edition" value="2008-05-01">' in page
    assert 'name="edition"' not in client.get("/fr/faq/sombrelande").get_data(as_text=True)
    claim = "Implorer la reine a une valeur de mana de 6"
    dated = client.get("/api/check", query_string={"claim": claim, "edition": "2008-05-01"}).get_json()
    # mana value was « converted mana cost », rule 203.3 in 2008; 202.3 today: each linked in its edition
    assert dated["answer"] == "true" and dated["rule_urls"]["203.3c"] == "/cr/2008-05-01/203#203.3c"
    latest = client.get("/api/check", query_string={"claim": claim}).get_json()
    assert latest["rule_urls"]["202.3f"] == "/cr/2026-01-16/202#202.3f"
    for url in [*dated["rule_urls"].values(), *latest["rule_urls"].values()]:
        assert client.get(url.split("#")[0]).status_code == 200, url
