"""``kb serve``: the HTML site and live search over HTTP (Flask).

Routes (``?ui=en`` switches the interface language of any page):

* ``/`` -- home page with a search box;
* the static site's pages, with or without ``.html``:
  ``/fr/faq/sombrelande#implorer-la-reine``, ``/fr/rules/607``,
  ``/cr/2026-01-16/702#702.92a``;
* ``/search?q=…&kind=…&lang=…&limit=…&page=…&all_editions=1`` -- results
  as an HTML page (paged);
* ``/api/search?q=…`` -- the same results as JSON
  (``{"query", "notice", "results": [{kind, id, lang, edition, source,
  score, snippet, url, …}]}``);
* ``/style.css``.

Pages are rendered once per interface language at start-up and kept in
memory; search opens the knowledge base once (:class:`kb.search.searcher.Searcher`).
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Optional

from flask import Flask, Response, abort, jsonify, request, send_file

from kb.store import db as store

from kb.site import urls
from kb.site.render import TEMPLATES, Site, render_pages
from kb.search.searcher import KINDS, Searcher


class _Pages:
    """Rendered pages per interface language, built on first use, and the
    searcher; both are dropped when ``kb build`` publishes a new knowledge
    base (the ``current`` link changes), so the server never serves a
    replaced build."""

    def __init__(self, data_dir: Path):
        self.data_dir = data_dir
        self.lock = threading.RLock()
        self.cache: dict[str, tuple[Site, dict[str, str]]] = {}
        self.searcher: Optional[Searcher] = None
        self.build = store.current_dir(data_dir)
        self.slugs: Optional[dict[str, str]] = None

    def _check_current(self) -> None:
        build = store.current_dir(self.data_dir)
        if build != self.build:
            self.build, self.cache, self.slugs = build, {}, None
            if self.searcher is not None:
                self.searcher.close()
            self.searcher = None

    def get(self, ui: str) -> tuple[Site, dict[str, str]]:
        with self.lock:
            self._check_current()
            if ui not in self.cache:
                conn = store.connect(self.data_dir)
                site = Site(conn, ui=ui, live=True)
                self.cache[ui] = (site, render_pages(site))
            return self.cache[ui]

    def search(self, *args, **kwargs):
        with self.lock:
            self._check_current()
            if self.searcher is None:
                self.searcher = Searcher(self.data_dir)
            return self.searcher.search(*args, **kwargs)

    def on_demand(self, ui: str, key: str) -> Optional[str]:
        """Render a page that is not pre-rendered: a chapter, contents or
        glossary page of an older edition, or any card's page."""
        site, rendered = self.get(ui)
        with self.lock:
            parts = key.split("/")
            if parts[0] == "cr" and len(parts) == 3:
                ed = next((e for e in store.editions(site.conn) if e["date"] == parts[1]), None)
                if ed is None:
                    return None
                site.add_edition(ed)
                rendered.update(site.edition_pages(ed))
            elif parts[0] == "history" and len(parts) == 3 and site.has_history:
                page = site.lineage_page(parts[1], parts[2].removesuffix(".html"))
                if page is not None:
                    rendered[page[0]] = page[1]
            elif parts[0] == "diff" and len(parts) == 2 and site.has_history and "_" in parts[1]:
                a, _, b = parts[1].removesuffix(".html").partition("_")
                page = site.diff_page(a, b)
                if page is not None:
                    rendered[page[0]] = page[1]
            elif parts[0] == "card" and len(parts) == 2 and site.has_cards:
                if self.slugs is None:
                    self.slugs = {urls.slugify(n): n for (n,) in site.conn.execute("SELECT name FROM mtg_cards")}
                name = self.slugs.get(parts[1].removesuffix(".html"))
                page = site.card_page(name) if name else None
                if page is not None:
                    rendered[page[0]] = page[1]
            return rendered.get(key)


def pretty(path: str) -> str:
    """``fr/faq/x.html#a`` -> ``/fr/faq/x#a`` (the server answers both)."""
    page, hash_, anchor = path.partition("#")
    return "/" + page.removesuffix(".html") + hash_ + anchor


def result_url(site: Site, r) -> Optional[str]:
    """Readable URL (from the root, with anchor) of a search result: French
    documents and the latest edition are pre-rendered, older editions and
    card pages are rendered when first asked for."""
    if r.kind == "rule":
        target = site.targets.get((r.source, r.id))
        if target:
            return pretty(target)
        if r.edition:
            return f"/cr/{r.edition}/{r.id.split('.')[0]}#{r.id}"
        return None
    if r.kind == "glossary" and r.edition:
        return f"/cr/{r.edition}/glossary#{urls.slugify(r.id)}"
    doc = next((d for d in site.docs if d["row"]["id"] == r.source), None)
    if doc is None:
        if r.kind == "card":
            english = r.id if r.lang == "en" else (r.about or r.id)
            return "/" + (site.card_path(english) or f"card/{urls.slugify(english)}").removesuffix(".html")
        return None
    base = pretty(doc["path"])
    if r.kind == "card":
        return f"{base}#{urls.card_anchor(r.id)}"
    if r.kind == "note":
        return f"{base}#{urls.note_anchor(int(r.id.rpartition('#')[2]))}"
    if r.kind == "section":
        return f"{base}#{r.id}"
    return base


def create_app(data_dir: Path) -> Flask:
    """The Flask application serving ``data_dir``'s knowledge base.
    Raises store.KBNotFound when nothing is built there."""
    store.current_dir(data_dir)  # fail early with a clear message
    app = Flask(__name__, static_folder=None)
    pages = _Pages(Path(data_dir))

    class BadRequest(ValueError):
        pass

    @app.errorhandler(BadRequest)
    def bad_request(err):
        if request.path.startswith("/api/"):
            return jsonify({"error": str(err)}), 400
        return Response(f"Bad request: {err}", status=400, mimetype="text/plain")

    def ui() -> str:
        return "en" if request.args.get("ui") == "en" else "fr"

    def run_search():
        q = request.args.get("q", "")
        kind = request.args.get("kind") or None
        lang = request.args.get("lang") or None
        if kind not in (None, *KINDS):
            raise BadRequest(f"kind must be one of {', '.join(KINDS)}")
        if lang not in (None, "fr", "en"):
            raise BadRequest("lang must be fr or en")
        try:
            limit = int(request.args.get("limit", 20))
        except ValueError:
            raise BadRequest("limit must be a whole number from 1 to 200") from None
        if not 1 <= limit <= 200:
            raise BadRequest("limit must be a whole number from 1 to 200")
        try:
            page_no = int(request.args.get("page", 1))
        except ValueError:
            raise BadRequest("page must be a whole number from 1") from None
        if page_no < 1:
            raise BadRequest("page must be a whole number from 1")
        all_editions = request.args.get("all_editions", "") in ("1", "true", "yes", "on")
        response = pages.search(q, limit=limit, kind=kind, lang=lang, offset=(page_no - 1) * limit,
                                all_editions=all_editions)
        site, _ = pages.get(ui())
        titles = {d["row"]["id"]: d["row"]["title"] for d in site.docs}
        rows = []
        for r in response.results:
            d = r.to_dict()
            d["url"] = result_url(site, r)
            d["source_title"] = titles.get(r.source, r.source)
            rows.append(d)
        return q, response, rows

    @app.get("/api/search")
    def api_search():
        q, response, rows = run_search()
        return jsonify({"query": q, "notice": response.notice, "results": rows,
                        "total": getattr(response, "total", None), "has_more": getattr(response, "has_more", False),
                        "page": int(request.args.get("page", 1)), "limit": int(request.args.get("limit", 20))})

    @app.get("/search")
    def html_search():
        q, response, rows = run_search()
        site, _ = pages.get(ui())
        args = request.args.to_dict()
        args["page"] = str(int(args.get("page", 1)) + 1)
        from urllib.parse import urlencode
        next_url = f"/search?{urlencode(args)}" if getattr(response, "has_more", False) else None
        html = site.env.get_template("search.html").render(
            page="search", query=q, notice=response.notice, results=rows, next_url=next_url,
            title=f"{q} — kb", lang=ui())
        return Response(html, mimetype="text/html")

    @app.get("/style.css")
    def style():
        return send_file(TEMPLATES / "style.css", mimetype="text/css")

    @app.get("/")
    @app.get("/<path:path>")
    def page(path: str = "index.html"):
        _, rendered = pages.get(ui())
        key = path if path.endswith(".html") else f"{path.rstrip('/')}.html"
        html = rendered.get(key) or pages.on_demand(ui(), key) or rendered.get(f"{path.strip('/')}/index.html") \
            or pages.on_demand(ui(), f"{path.strip('/')}/index.html")
        if html is None:
            abort(404)
        return Response(html, mimetype="text/html")

    return app


def serve(data_dir: Path, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the server until interrupted (Flask's threaded server)."""
    create_app(data_dir).run(host=host, port=port, threaded=True, use_reloader=False)
