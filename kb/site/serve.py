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
memory (:class:`PageCache`); older editions, rule histories and card pages
are rendered when first asked for.  Search opens the knowledge base once
(:class:`kb.search.searcher.Searcher`).
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Optional
from urllib.parse import urlencode

from flask import Flask, Response, abort, jsonify, request, send_file

from kb.cards.names import card_slugs
from kb.search.searcher import KINDS, Searcher, SearchResponse
from kb.site import urls
from kb.site.context import Page
from kb.site.render import TEMPLATES, Site, render_pages
from kb.site.urls import pretty
from kb.store import db as store
from parser.textkeys import slugify


class PageCache:
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
        self.slugs: Optional[dict[str, str]] = None     # card page slug -> English card name

    def _check_current(self) -> None:
        build = store.current_dir(self.data_dir)
        if build != self.build:
            self.build, self.cache, self.slugs = build, {}, None
            if self.searcher is not None:
                self.searcher.close()
            self.searcher = None

    def get(self, ui: str) -> tuple[Site, dict[str, str]]:
        """The site and its rendered pages for interface language ``ui``."""
        with self.lock:
            self._check_current()
            if ui not in self.cache:
                conn = store.connect(self.data_dir)
                site = Site(conn, ui=ui, live=True)
                self.cache[ui] = (site, render_pages(site))
            return self.cache[ui]

    def search(self, *args, **kwargs) -> SearchResponse:
        with self.lock:
            self._check_current()
            if self.searcher is None:
                self.searcher = Searcher(self.data_dir)
            return self.searcher.search(*args, **kwargs)

    def on_demand(self, ui: str, key: str) -> Optional[str]:
        """Render a page that is not pre-rendered: a chapter, contents or
        glossary page of an older edition, a rule history, the differences
        between two editions, or any card's page."""
        site, rendered = self.get(ui)
        with self.lock:
            parts = key.split("/")
            pages: list[Page] = []
            if parts[0] == "cr" and len(parts) == 3:
                pages = self._edition_pages(site, parts[1])
            elif parts[0] == "history" and len(parts) == 3 and site.links.has_history:
                pages = [site.contexts.lineage(parts[1], parts[2].removesuffix(".html"))]
            elif parts[0] == "diff" and len(parts) == 2 and site.links.has_history and "_" in parts[1]:
                a, _, b = parts[1].removesuffix(".html").partition("_")
                pages = [site.contexts.diff(a, b)]
            elif parts[0] == "card" and len(parts) == 2 and site.links.has_cards:
                name = self._card_name(site, parts[1].removesuffix(".html"))
                pages = [site.contexts.card(name) if name else None]
            rendered.update(site.render(page) for page in pages if page is not None)
            return rendered.get(key)

    @staticmethod
    def _edition_pages(site: Site, date: str) -> list[Page]:
        """Plan edition ``date`` and return its pages (none if unknown)."""
        ed = next((e for e in store.editions(site.conn) if e["date"] == date), None)
        if ed is None:
            return []
        site.links.add_edition(ed)
        return list(site.contexts.edition(ed))

    def _card_name(self, site: Site, slug: str) -> Optional[str]:
        """The English name of the card whose page slug is ``slug``."""
        if self.slugs is None:
            self.slugs = card_slugs(site.conn)
        return self.slugs.get(slug)


def result_url(site: Site, r) -> Optional[str]:
    """Readable URL (from the root, with anchor) of a search result: French
    documents and the latest edition are pre-rendered, older editions and
    card pages are rendered when first asked for."""
    links = site.links
    if r.kind == "rule":
        target = links.targets.get((r.source, r.id))
        if target:
            return pretty(target)
        if r.edition:
            return pretty(urls.rule_path(r.edition, r.id))
        return None
    if r.kind == "glossary" and r.edition:
        return pretty(f"{urls.glossary_path(r.edition)}#{slugify(r.id)}")
    doc = links.document(r.source)
    if doc is None:
        if r.kind == "card":
            english = r.id if r.lang == "en" else (r.about or r.id)
            return "/" + (links.card_path(english) or f"card/{slugify(english)}").removesuffix(".html")
        return None
    base = pretty(doc.path)
    if r.kind == "card":
        return f"{base}#{urls.card_anchor(r.id)}"
    if r.kind == "note":
        return f"{base}#{urls.note_anchor(int(r.id.rpartition('#')[2]))}"
    if r.kind == "section":
        return f"{base}#{r.id}"
    return base


class BadRequest(ValueError):
    """A request argument out of range: answered with status 400."""


@dataclass
class SearchArgs:
    """The arguments of ``/search`` and ``/api/search``."""

    q: str
    kind: Optional[str]
    lang: Optional[str]
    limit: int
    page: int
    all_editions: bool

    @classmethod
    def from_request(cls) -> "SearchArgs":
        """Read and check the arguments of the current request (BadRequest)."""
        args = request.args
        kind = args.get("kind") or None
        lang = args.get("lang") or None
        if kind not in (None, *KINDS):
            raise BadRequest(f"kind must be one of {', '.join(KINDS)}")
        if lang not in (None, "fr", "en"):
            raise BadRequest("lang must be fr or en")
        limit = _whole_number(args.get("limit", 20), 1, 200, "limit must be a whole number from 1 to 200")
        page = _whole_number(args.get("page", 1), 1, None, "page must be a whole number from 1")
        return cls(args.get("q", ""), kind, lang, limit, page,
                   args.get("all_editions", "") in ("1", "true", "yes", "on"))


def _whole_number(value, low: int, high: Optional[int], message: str) -> int:
    try:
        n = int(value)
    except ValueError:
        raise BadRequest(message) from None
    if n < low or (high is not None and n > high):
        raise BadRequest(message)
    return n


def ui() -> str:
    """Interface language of the current request (``?ui=en``, else French)."""
    return "en" if request.args.get("ui") == "en" else "fr"


def _run_search(pages: PageCache) -> tuple[SearchArgs, SearchResponse, list[dict]]:
    """Search for the current request: its arguments, the response, and the
    results as dicts with their ``url`` and ``source_title``."""
    args = SearchArgs.from_request()
    response = pages.search(args.q, limit=args.limit, kind=args.kind, lang=args.lang,
                            offset=(args.page - 1) * args.limit, all_editions=args.all_editions)
    site, _ = pages.get(ui())
    titles = {d.row["id"]: d.row["title"] for d in site.links.documents}
    rows = []
    for r in response.results:
        d = r.to_dict()
        d["url"] = result_url(site, r)
        d["source_title"] = titles.get(r.source, r.source)
        rows.append(d)
    return args, response, rows


def _add_error_handlers(app: Flask) -> None:
    @app.errorhandler(BadRequest)
    def bad_request(err):
        if request.path.startswith("/api/"):
            return jsonify({"error": str(err)}), 400
        return Response(f"Bad request: {err}", status=400, mimetype="text/plain")


def _add_search_routes(app: Flask, pages: PageCache) -> None:
    @app.get("/api/search")
    def api_search():
        args, response, rows = _run_search(pages)
        return jsonify({"query": args.q, "notice": response.notice, "results": rows,
                        "total": response.total, "has_more": response.has_more,
                        "page": args.page, "limit": args.limit})

    @app.get("/search")
    def html_search():
        args, response, rows = _run_search(pages)
        site, _ = pages.get(ui())
        following = request.args.to_dict()
        following["page"] = str(args.page + 1)
        next_url = f"/search?{urlencode(following)}" if response.has_more else None
        _, html = site.render(Page("search", "search.html", f"{args.q} — kb", ui(), dict(
            query=args.q, notice=response.notice, results=rows, next_url=next_url)))
        return Response(html, mimetype="text/html")


def _add_page_routes(app: Flask, pages: PageCache) -> None:
    @app.get("/style.css")
    def style():
        return send_file(TEMPLATES / "style.css", mimetype="text/css")

    @app.get("/")
    @app.get("/<path:path>")
    def page(path: str = "index.html"):
        _, rendered = pages.get(ui())
        key = path if path.endswith(".html") else f"{path.rstrip('/')}.html"
        index = f"{path.strip('/')}/index.html"
        html = rendered.get(key) or pages.on_demand(ui(), key) or rendered.get(index) \
            or pages.on_demand(ui(), index)
        if html is None:
            abort(404)
        return Response(html, mimetype="text/html")


def create_app(data_dir: Path) -> Flask:
    """The Flask application serving ``data_dir``'s knowledge base.
    Raises store.KBNotFound when nothing is built there."""
    store.current_dir(data_dir)  # fail early with a clear message
    app = Flask(__name__, static_folder=None)
    pages = PageCache(Path(data_dir))
    _add_error_handlers(app)
    _add_search_routes(app, pages)
    _add_page_routes(app, pages)
    return app


def serve(data_dir: Path, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the server until interrupted (Flask's threaded server)."""
    create_app(data_dir).run(host=host, port=port, threaded=True, use_reloader=False)
