"""Full-text search of the static site (Pagefind): the bundles `kb render`
writes, one per language, and the search box in a real headless Chromium
over a local static server (python's http.server, nothing of kb running)."""
from __future__ import annotations

import json
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from kb.site.render import render_site
from kb.site.staticsearch import language_globs
from kb.store import db as store
from tests.conftest import ARTIFACTS, build_with_card_subset, require_shared
from tests.site.test_browser import browser  # noqa: F401  (the Chromium fixture)


def test_language_globs_group_folders_of_one_language():
    pages = {"index.html": "fr", "fr/faq/a.html": "fr", "fr/rules/607.html": "fr", "card/x.html": "fr",
             "cr/2026-01-16/702.html": "en", "history/2026-01-16/702.1.html": "en", "mixed/a.html": "fr",
             "mixed/b.html": "en"}
    assert language_globs(pages) == {
        "fr": "{card/**/*.html,fr/**/*.html,index.html,mixed/a.html}",
        "en": "{cr/**/*.html,history/**/*.html,mixed/b.html}"}
    assert language_globs({"index.html": "fr"}) == {"fr": "{index.html}"}


@pytest.fixture(scope="module")
def seed_site(seed_kb, tmp_path_factory):
    out = tmp_path_factory.mktemp("static") / "site"
    with store.connect(seed_kb) as conn:
        pages = render_site(conn, out)
    return out, pages


def test_render_writes_the_french_bundle(seed_site):
    site, pages = seed_site
    entry = json.loads((site / "pagefind-fr/pagefind-entry.json").read_text())
    assert entry["languages"]["fr"]["page_count"] == len(pages) == 6
    assert not (site / "pagefind-en").exists()        # the seeds have no English page
    assert (site / "pagefind-fr/pagefind-ui.js").stat().st_size > 10_000
    html = (site / "fr/faq/association-d-ames.html").read_text(encoding="utf-8")
    assert '<script src="../../pagefind-fr/pagefind-ui.js"></script>' in html
    assert 'data-other="../../pagefind-en/"' in html and 'id="site-search"' in html
    index = (site / "index.html").read_text(encoding="utf-8")
    assert '<script src="pagefind-fr/pagefind-ui.js"></script>' in index and 'id="site-search"' in index
    assert "cdn" not in index.lower() and "https://" not in index.split("<footer>")[0]


def test_render_without_search(seed_kb, tmp_path):
    with store.connect(seed_kb) as conn:
        render_site(conn, tmp_path / "site", search=False)
    assert not (tmp_path / "site/pagefind-fr").exists()
    assert "site-search" not in (tmp_path / "site/index.html").read_text(encoding="utf-8")


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture()
def static_server():
    """Serve a directory on 127.0.0.1; returns a function dir -> base URL."""
    servers = []

    def serve(directory: Path) -> str:
        httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(directory)))
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        servers.append(httpd)
        return f"http://127.0.0.1:{httpd.server_address[1]}"

    yield serve
    for httpd in servers:
        httpd.shutdown()
        httpd.server_close()


def search(driver, url: str, query: str) -> list[tuple[str, str]]:
    """Open ``url``, type ``query`` in the search box; (title, href) of the results."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(url)
    box = WebDriverWait(driver, 15).until(lambda d: d.find_element(By.CSS_SELECTOR, ".pagefind-ui__search-input"))
    box.send_keys(query)
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, "a.pagefind-ui__result-link"))
    return [(a.text, a.get_attribute("href"))
            for a in driver.find_elements(By.CSS_SELECTOR, "a.pagefind-ui__result-link")]


@pytest.mark.browser
def test_browser_finds_association_d_ames(seed_site, static_server, browser):  # noqa: F811
    site, _ = seed_site
    base = static_server(site.parent)               # the site in a sub-folder: result links stay inside it
    results = search(browser, f"{base}/site/index.html", "association d'âmes")
    title, href = results[0]
    assert title == "Nouveau mot-clé : Association d'âmes"
    assert href == f"{base}/site/fr/faq/association-d-ames.html"
    assert browser.find_element("css selector", ".pagefind-ui__search-input").get_attribute("placeholder") == \
        "Rechercher une règle, une carte, une note…"
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "static-search-association-d-ames.png"
    assert browser.save_screenshot(str(shot)) and shot.stat().st_size > 5000
    browser.get((site / "index.html").as_uri())     # from disk the browser refuses to load the index: say so
    from selenium.webdriver.support.ui import WebDriverWait
    hint = WebDriverWait(browser, 10).until(lambda d: d.find_element("id", "site-search").text)
    assert hint.startswith("La recherche a besoin d’un serveur : lancez « python -m http.server »")


@pytest.fixture(scope="module")
def bilingual_site(tmp_path_factory):
    """Seeds, one English edition and the Avacyn Restored cards (soulbond)."""
    tmp = tmp_path_factory.mktemp("bilingual")
    edition = require_shared("cr", "en") / "2026-01-16.txt"
    build_with_card_subset(tmp, ("AVR",), cr=[edition])
    with store.connect(tmp / "kb") as conn:
        render_site(conn, tmp / "site")
    return tmp / "site"


@pytest.mark.corpus
def test_bilingual_bundles(bilingual_site):
    fr = json.loads((bilingual_site / "pagefind-fr/pagefind-entry.json").read_text())["languages"]
    en = json.loads((bilingual_site / "pagefind-en/pagefind-entry.json").read_text())["languages"]
    assert set(fr) == {"fr"} and set(en) == {"en"}
    # the rules' pages; their history pages are reached from them, not searched (they would bury them)
    assert en["en"]["page_count"] == len(list((bilingual_site / "cr").rglob("*.html")))
    assert list((bilingual_site / "history").rglob("*.html"))


@pytest.mark.corpus
@pytest.mark.browser
def test_browser_finds_soulbond_in_english_from_a_french_page(bilingual_site, static_server, browser):  # noqa: F811
    base = static_server(bilingual_site)
    hrefs = [href for _, href in search(browser, f"{base}/index.html", "soulbond")]
    assert f"{base}/cr/2026-01-16/702.html" in hrefs          # the English chapter, through the merged bundle
    assert not any("/history/" in h for h in hrefs)          # history pages are not searched
    french = search(browser, f"{base}/fr/rules/607.html", "association d'âmes")
    assert french[0][1] == f"{base}/fr/faq/association-d-ames.html"
