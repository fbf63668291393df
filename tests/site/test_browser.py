"""End to end in a real headless Chromium: `kb serve`, search, follow the result.

Needs Debian's `chromium` and `chromium-driver` (installed by .ci/run); the
test skips, saying so, where they are missing.  The screenshot is kept in
tests/artifacts/.
"""
from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from tests.conftest import ARTIFACTS

ARTIFACTS = ARTIFACTS
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(seed_kb):
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "kb.cli", "serve", "--port", str(port), "--data-dir", str(seed_kb)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            urllib.request.urlopen(base + "/", timeout=1).read()
            break
        except OSError:
            time.sleep(0.2)
    else:
        proc.kill()
        pytest.fail("kb serve did not start: " + proc.stdout.read().decode(errors="replace"))
    yield base
    proc.terminate()
    proc.wait(timeout=10)


def test_api_search(server):
    q = urllib.request.quote("association d'âmes")
    data = json.loads(urllib.request.urlopen(f"{server}/api/search?q={q}&limit=5").read())
    assert data["query"] == "association d'âmes"
    first = data["results"][0]
    assert first["source"] == "000_a77091c15e8840d5" and first["url"].startswith("/fr/faq/association-d-ames#702.92")
    page = urllib.request.urlopen(server + "/fr/faq/sombrelande").read().decode()
    assert 'id="implorer-la-reine"' in page
    english_ui = urllib.request.urlopen(server + "/?ui=en").read().decode()
    assert "French documents" in english_ui and "Documents en français" not in english_ui


@pytest.fixture(scope="module")
def browser():
    if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()):
        pytest.skip("Chromium / chromedriver not installed (apt-get install chromium chromium-driver; .ci/run does)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--window-size=1200,1000"):
        opts.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    yield driver
    driver.quit()


@pytest.mark.browser
def test_search_and_follow_first_result(server, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(server + "/")
    assert "Règles de Magic" in browser.title or "Magic" in browser.title
    box = browser.find_element(By.NAME, "q")
    box.send_keys("association d'âmes")
    box.submit()
    first = WebDriverWait(browser, 15).until(
        lambda b: (b.find_elements(By.CSS_SELECTOR, "ol.results a.result-link") or [None])[0])
    assert "702.92" in first.text
    first.click()
    WebDriverWait(browser, 15).until(lambda b: "/fr/faq/association-d-ames" in b.current_url)
    assert "#702.92" in browser.current_url
    rule = browser.find_element(By.ID, "702.92a")
    assert rule.text.startswith("702.92a")
    assert "L'association d'âmes est un mot-clé qui représente deux capacités déclenchées." in rule.text
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "search-association-d-ames.png"
    assert browser.save_screenshot(str(shot)) and shot.stat().st_size > 5000
