"""``kb serve``: the HTML site and live search over HTTP (Flask).

Routes (``?ui=en`` switches the interface language of any page):

* ``/`` -- home page with a search box;
* the static site's pages, with or without ``.html``:
  ``/fr/faq/sombrelande#implorer-la-reine``, ``/fr/rules/607``,
  ``/cr/2026-01-16/702#702.92a``;
* ``/search?q=…&kind=…&lang=…&limit=…`` -- results as an HTML page;
* ``/api/search?q=…`` -- the same results as JSON
  (``{"query", "notice", "results": [{kind, id, lang, edition, source,
  score, snippet, url, …}]}``);
* ``/style.css``.

Pages are rendered once per interface language at start-up and kept in
memory; search opens the knowledge base once (:class:`kb.search.Searcher`).
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Optional

from flask import Flask, Response, abort, jsonify, request, send_file

from kb import store, urls
from kb.render import TEMPLATES, Site, render_pages
from kb.search import KINDS, Searcher


class _Pages:
    """Rendered pages per interface language, built on first use."""

    def __init__(self, data_dir: Path):
        self.data_dir = data_dir
        self.lock = threading.Lock()
        self.cache: dict[str, tuple[Site, dict[str, str]]] = {}

    def get(self, ui: str) -> tuple[Site, dict[str, str]]:
        with self.lock:
            if ui not in self.cache:
                conn = store.connect(self.data_dir)
                site = Site(conn, ui=ui, live=True)
                self.cache[ui] = (site, render_pages(site))
            return self.cache[ui]


def pretty(path: str) -> str:
    """``fr/faq/x.html#a`` -> ``/fr/faq/x#a`` (the server answers both)."""
    page, hash_, anchor = path.partition("#")
    return "/" + page.removesuffix(".html") + hash_ + anchor


def result_url(site: Site, r) -> Optional[str]:
    """Readable URL (from the root, with anchor) of a search result."""
    if r.kind == "rule":
        target = site.targets.get((r.source, r.id))
        return pretty(target) if target else None
    doc = next((d for d in site.docs if d["row"]["id"] == r.source), None)
    if doc is None:
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
    searcher_box: dict[str, Searcher] = {}
    search_lock = threading.Lock()

    def ui() -> str:
        return "en" if request.args.get("ui") == "en" else "fr"

    def run_search():
        q = request.args.get("q", "")
        kind = request.args.get("kind") or None
        lang = request.args.get("lang") or None
        if kind not in (None, *KINDS) or lang not in (None, "fr", "en"):
            abort(400, "kind must be one of rule, card, note, section, glossary; lang fr or en")
        try:
            limit = max(1, min(int(request.args.get("limit", 20)), 200))
        except ValueError:
            abort(400, "limit must be a number")
        with search_lock:
            if "s" not in searcher_box:
                searcher_box["s"] = Searcher(Path(data_dir))
            response = searcher_box["s"].search(q, limit=limit, kind=kind, lang=lang)
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
        return jsonify({"query": q, "notice": response.notice, "results": rows})

    @app.get("/search")
    def html_search():
        q, response, rows = run_search()
        site, _ = pages.get(ui())
        html = site.env.get_template("search.html").render(
            page="search", query=q, notice=response.notice, results=rows,
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
        if key not in rendered:
            abort(404)
        return Response(rendered[key], mimetype="text/html")

    return app


def serve(data_dir: Path, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the server until interrupted (Flask's threaded server)."""
    create_app(data_dir).run(host=host, port=port, threaded=True, use_reloader=False)
