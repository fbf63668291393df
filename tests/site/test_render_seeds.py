"""`kb render` on the seeds: pages, anchors, hyperlinked references, no broken link."""
from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from click.testing import CliRunner

from kb.store import db as store
from kb.cli.main import main
from kb.site.render import render_site


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.hrefs, self.ems = set(), [], 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag in ("a", "link") and attrs.get("href"):
            self.hrefs.append(attrs["href"])
        if tag == "em":
            self.ems += 1


def scan(path: Path) -> _Links:
    p = _Links()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def check_links(site: Path) -> int:
    """Assert every internal href resolves to a file and, if any, an anchor; return the link count."""
    pages = {p: scan(p) for p in site.rglob("*.html")}
    n = 0
    for page, links in pages.items():
        for href in links.hrefs:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc:
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            assert target.exists(), f"{page.relative_to(site)}: broken link {href}"
            if parts.fragment and target.suffix == ".html":
                assert unquote(parts.fragment) in pages[target].ids, f"{page.relative_to(site)}: missing anchor {href}"
            n += 1
    return n


@pytest.fixture(scope="module")
def site(seed_kb, tmp_path_factory):
    out = tmp_path_factory.mktemp("site") / "site"
    result = CliRunner().invoke(main, ["render", "--out", str(out), "--data-dir", str(seed_kb)])
    assert result.exit_code == 0, result.output
    assert "Wrote 6 pages" in result.output
    return out


def test_pages_and_anchors(site):
    assert sorted(str(p.relative_to(site)) for p in site.rglob("*.html")) == [
        "fr/faq/association-d-ames.html", "fr/faq/sombrelande.html", "fr/rules/502.html", "fr/rules/607.html",
        "index.html", "terms.html"]
    faq = scan(site / "fr/faq/sombrelande.html")
    assert {"104.3f", "502.79a", "implorer-la-reine", "faerie-macabre", "bonnet-rouge-meurtrier",
            "bonnet-rouge-meurtrier-2", "note-0", "nouvelle-capacite-mot-cle-persistance"} <= faq.ids
    assert {"702.92a", "702.92e"} <= scan(site / "fr/faq/association-d-ames.html").ids
    assert {"607.2h", "607.4"} <= scan(site / "fr/rules/607.html").ids


def test_no_broken_internal_link(site):
    assert check_links(site) > 20


def test_references_are_links(site):
    faq = (site / "fr/faq/sombrelande.html").read_text(encoding="utf-8")
    # « Voir règle 212.3f » inside 104.5 points at the quoted rule in the same page
    assert '<a class="ref" href="sombrelande.html#212.3f">règle 212.3f</a>' in faq
    # rules 409.1b and 409.1f–h are not in the corpus: plain text, no dead link
    assert "règles 409.1b et 409.1f–h" in faq and 'href="sombrelande.html#409.1b"' not in faq
    rules607 = (site / "fr/rules/607.html").read_text(encoding="utf-8")
    assert '<a class="ref" href="607.html#607.1">règle 607.1</a>' in rules607
    # « Cited by » backlinks: 212.3f is cited by 104.5 and 502.5b
    block = faq.split('id="212.3f"')[1].split("</section>")[0]
    assert 'Cité par : <a href="sombrelande.html#104.5">104.5</a>, <a href="sombrelande.html#502.5b">502.5b</a>' in block
    banding = (site / "fr/rules/502.html").read_text(encoding="utf-8")
    assert '<a class="ref" href="502.html#502.10h">règle 502.10h</a>' in banding


def test_italics_and_header(site):
    faq = (site / "fr/faq/sombrelande.html").read_text(encoding="utf-8")
    assert "<h1>Foire aux questions Sombrelande</h1>" in faq
    assert "<em>Sombrelande</em>" in faq and "_Sombrelande_" not in faq
    assert '<time datetime="2008-04-04">' in faq
    index = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="fr/faq/sombrelande.html"' in index


def test_text_is_escaped(tmp_path):
    from kb.build import build

    doc = tmp_path / "evil.txt"
    doc.write_text("NOTES SUR DES CARTES SPÉCIFIQUES\n\nCarte <script>alert(1)</script>\n{1}{G}\nRituel\n"
                   "Infligez <b>2</b> blessures.\n\n* Voir règle 999.1 <i>ici</i>.\n", encoding="utf-8")
    build(tmp_path / "kb", docs=[doc])
    conn = store.connect(tmp_path / "kb")
    render_site(conn, tmp_path / "site")
    html = next((tmp_path / "site" / "fr" / "faq").glob("*.html")).read_text(encoding="utf-8")
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;b&gt;2&lt;/b&gt;" in html and "&lt;i&gt;ici&lt;/i&gt;" in html
    assert check_links(tmp_path / "site") > 0


def test_terms_page(site):
    terms = (site / "terms.html").read_text(encoding="utf-8")
    assert '<td lang="fr">Persistance</td><td lang="en">Persist' in terms
    assert '<td lang="fr">Association d&#39;âmes</td><td lang="en">Soulbond' in terms
