"""Faults, round 3 (issue 26), the rest, of ``kb serve``: caches bounded by
their bytes (an answer kept as its encoded JSON, not its objects), a heavy
query lane that died while idle restarted, redirects that do not echo the
Host header, a 503 that does not show the data directory."""
from __future__ import annotations

import json

from kb.site import readers, serve
from kb.site.readers import ByteCache, Readers

WORDS = ("persistance", "marqueur", "flétrissure", "créature", "cimetière", "sacrifice", "bataille",
         "piétinement", "contrôleur", "blessure", "association", "âmes")


def test_a_byte_cache_keeps_what_fits_in_its_bytes_least_recently_used_first():
    cache = ByteCache(10_000)
    for i in range(50):
        assert cache.put(f"k{i}", b"x" * 1000, 1000)
    assert cache.bytes <= 10_000 and len(cache) == 8          # 8 x (1000 + key + 160)
    assert cache.get("k0") is None and cache.get("k49") == b"x" * 1000
    assert cache.get("k42") is not None                       # used: k43 goes first now
    cache.put("new", b"y" * 1000, 1000)
    assert cache.get("k43") is None and cache.get("k42") is not None
    assert not cache.put("huge", b"z" * 3000, 3000)            # over a quarter of the cache: not kept
    assert cache.get("huge") is None and cache.bytes <= 10_000


def test_search_answers_are_kept_as_their_json_within_the_byte_bound(seed_kb, monkeypatch):
    monkeypatch.setattr(serve, "SEARCH_CACHE_BYTES", 60_000)
    app = serve.create_app(seed_kb)
    client, answers = app.test_client(), app.extensions["kb"]["answers"]
    first = client.get("/api/search?q=persistance").get_json()
    assert first["results"][0]["id"] == "502.79"
    cost = answers.search_cache.bytes
    body = json.dumps(first["results"], ensure_ascii=False, separators=(",", ":")).encode()
    assert len(body) < cost < len(body) + 1000              # what it holds is its JSON, not its objects
    for a in WORDS:
        for b in WORDS[:6]:
            assert client.get("/api/search", query_string={"q": f"{a} {b}", "limit": 30}).status_code == 200
    info = answers.search_cache.cache_info()
    assert info.bytes <= 60_000 and 1 < info.currsize < len(WORDS) * 6
    assert all(isinstance(value, bytes) for value, _ in answers.search_cache._entries.values())
    last = client.get("/api/search", query_string={"q": "âmes sacrifice", "limit": 30})    # kept: read back
    assert answers.search_cache.hits >= 1
    again = last.get_json()
    assert again["results"] and again["results"][0].keys() >= {"id", "url", "source_title", "snippet"}


def test_check_verdicts_are_kept_in_bytes(seed_kb, monkeypatch):
    app = serve.create_app(seed_kb)
    client, answers = app.test_client(), app.extensions["kb"]["answers"]
    claim = {"claim": "Implorer la reine a un coût converti de mana de 6"}
    fresh = client.get("/api/check", query_string=claim).get_json()
    kept = client.get("/api/check", query_string=claim).get_json()
    assert fresh == kept and kept["answer"] == "true" and kept["rule_urls"]
    assert answers.check_cache.hits == 1 and 0 < answers.check_cache.bytes < serve.CHECK_CACHE_BYTES


def test_pages_are_kept_within_their_byte_bound(seed_kb, monkeypatch):
    monkeypatch.setattr(readers, "PAGE_CACHE_BYTES", 200_000)
    pages = Readers(seed_kb).pages("fr")
    for key in [*pages.fixed, *(f"fr/rules/{n}.html" for n in range(100, 1000))]:
        pages.page(key)
    info = pages.page.cache_info()
    assert info.maxsize == 200_000 and info.bytes <= 200_000
    kept = dict(pages.page.cache._entries)
    assert "fr/rules/607.html" in kept and kept["fr/rules/607.html"][0].count("607.") > 3
    assert "fr/faq/sombrelande.html" not in kept        # 125 KB: over a quarter of the cache
    assert "Implorer la reine" in pages.page("fr/faq/sombrelande.html")
    assert kept["fr/rules/999.html"] == (None, len(repr("fr/rules/999.html")) + readers.ENTRY_OVERHEAD)


SENTENCE = "persistance marqueur flétrissure créature bataille cimetière sacrifice piétinement contrôleur"


def test_a_heavy_query_lane_that_died_while_idle_is_restarted(seed_kb):
    import os
    import signal
    import time

    app = serve.create_app(seed_kb)
    client, answers = app.test_client(), app.extensions["kb"]["answers"]
    assert serve.heavy(SENTENCE)
    first = client.get("/api/search", query_string={"q": SENTENCE}).get_json()["results"]
    lane = answers.lane.run(serve._lane_pid)
    assert lane != os.getpid()
    os.kill(lane, signal.SIGKILL)          # the lane dies while idle
    time.sleep(0.5)
    resp = client.get("/api/search", query_string={"q": SENTENCE, "limit": 19})      # not in the cache
    assert resp.status_code == 200, resp.get_data(as_text=True)
    assert resp.get_json()["results"][0]["id"] == first[0]["id"]
    assert answers.lane.run(serve._lane_pid) not in (lane, os.getpid())


def test_redirects_do_not_echo_the_host_header(seed_kb):
    client = serve.create_app(seed_kb, warm=False).test_client()
    for path, target in (("/api", "/api/"), ("/api?q=persistance", "/api/?q=persistance")):
        resp = client.get(path, headers={"Host": "evil.example:666"})
        assert resp.status_code == 308 and resp.headers["Location"] == target
    followed = client.get("/api", follow_redirects=True)
    assert followed.status_code == 404 and "/api/search?q=" in followed.get_json()["error"]


def test_a_location_is_never_another_host():
    from flask import Flask, redirect

    with Flask(__name__).test_request_context("/"):
        for location, relative in (("http://evil.example/x?a=1#f", "/x?a=1#f"), ("//evil.example/x", "/x"), ("///evil.example/y", "/evil.example/y"),
                                   ("/cr/2026-01-16/702", "/cr/2026-01-16/702")):
            assert serve.relative_location(redirect(location)).headers["Location"] == relative


def test_a_503_does_not_show_the_data_directory(tmp_path, caplog):
    data_dir = tmp_path / "secret-place"
    client = serve.make_app(data_dir, warm=False).test_client()
    api, page = client.get("/api/search?q=persistance"), client.get("/fr/rules/607")
    assert api.status_code == page.status_code == 503
    assert api.get_json()["error"] == "no knowledge base published yet: retry once `kb build` has published one"
    assert "no knowledge base published yet" in page.get_data(as_text=True)
    for resp in (api, page):
        assert "secret-place" not in resp.get_data(as_text=True)
    assert "secret-place" in caplog.text          # the server's log says where it looked
