"""``kb serve``: the HTML site, live search and claim checks over HTTP (a
Flask application, run by :mod:`kb.site.wsgi` on gunicorn).

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
* ``/api/check?claim=…&edition=…`` -- the verdict of ``kb check --json``;
* ``/style.css``.

Every answer under ``/api/`` is JSON, errors included (:mod:`kb.site.apierrors`).
The most asked-for pages are rendered ahead at start, the others when first
asked for and cached per page; searches run in parallel, each with a warm
searcher lent from a pool and a time budget (:mod:`kb.site.readers`);
heavy searches, told from their parsed query before they run, take turns
in a process of lower priority (:class:`HeavyLane`) so that light requests
do not wait behind them; search and check answers are cached per build
(:class:`Answers`); queries and claims longer than
:data:`MAX_QUERY_CHARS` are refused with 400.
"""
from __future__ import annotations

import json
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Optional
from urllib.parse import urlencode, urlsplit, urlunsplit

from flask import Flask, Response, abort, jsonify, redirect, request, send_file
from werkzeug.exceptions import ServiceUnavailable

from kb.search.budget import time_limit
from kb.search.query import parse_query, words_of
from kb.search.searcher import KINDS, SearchResponse
from kb.site import urls
from kb.site.apierrors import BadRequest, add_error_handlers
from kb.site.context import Page
from kb.site.readers import OVER_BUDGET, ByteCache, Readers
from kb.site.render import TEMPLATES, Site
from kb.site.urls import pretty
from kb.store import db as store
from parser.textkeys import slugify

MAX_QUERY_CHARS = 1000      # longest query or claim answered (characters)
MAX_BODY_BYTES = 64 * 1024  # longest request body accepted (413 beyond)
SEARCH_CACHE_BYTES = 32 << 20   # bytes of search answers kept per process (their encoded JSON)
CHECK_CACHE_BYTES = 16 << 20    # bytes of check verdicts kept per process (their encoded JSON)
LONG_QUERY_CHARS = 200      # a longer query is heavy, whatever its words
HEAVY_WORDS = 8             # a query of more words is heavy (each word adds passes over the index)
LONG_QUERY_WAIT = 5.0       # seconds a heavy query waits for the other heavy ones at most (then 503)
HEAVY_TIMEOUT = 30.0        # seconds a heavy query may take in its lane, waiting included (then 503)
SEARCH_LIMIT = 3.0          # seconds a search may take in a request thread (then 503, « too expensive »)
HEAVY_SEARCH_LIMIT = 10.0   # seconds a heavy search may take in the lane (then 503)
LANE_PARENT_CHECK = 1.0     # seconds between two checks that a lane's server process lives
HEAVY_NICENESS = 10         # how much lower the heavy lane's operating-system priority is
LANE_STARTS = 2             # lanes a heavy query is given: one that died (even idle) is replaced once, then 503


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
        if r.kind in ("card", "ruling"):      # a ruling is shown on its card's page
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


@dataclass(frozen=True)
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
        page = _whole_number(args.get("page", 1), 1, 10_000, "page must be a whole number from 1 to 10000")
        return cls(capped_text("q"), kind, lang, limit, page,
                   args.get("all_editions", "") in ("1", "true", "yes", "on"))


def capped_text(name: str, required: bool = False) -> str:
    """Request argument ``name``, at most :data:`MAX_QUERY_CHARS` long (BadRequest)."""
    text = request.args.get(name, "")
    if len(text) > MAX_QUERY_CHARS:
        raise BadRequest(f"{name} is too long ({len(text)} characters; at most {MAX_QUERY_CHARS}): shorten it")
    if required and not text.strip():
        raise BadRequest(f"{name} is missing: give ?{name}=…")
    return text


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


def heavy(q: str) -> bool:
    """Whether search ``q`` is heavy, estimated from its parsed query
    before it runs: longer than :data:`LONG_QUERY_CHARS`, or more than
    :data:`HEAVY_WORDS` words (each one a full-text term, a spelling check
    and an expansion; sentence-like queries also get a rulings pass)."""
    return len(q) > LONG_QUERY_CHARS or len(words_of(parse_query(q).tree)) > HEAVY_WORDS


class HeavyLane:
    """The heavy searches of one server process, run one at a time in a
    process of their own at a lower operating-system priority: a heavy
    search never holds the interpreter lock of the threads answering the
    other requests, and the operating system gives the processor to those
    first.  A heavy search that cannot start within :data:`LONG_QUERY_WAIT`
    seconds is answered 503.  The lane process, started by the first heavy
    search (so that starting it never slows a server's first requests), has
    its own readers of the published build; a lane process that died (killed
    while idle, or by its query) is replaced by the next heavy query, which
    is run again once in the new lane (:data:`LANE_STARTS`)."""

    def __init__(self, data_dir: Path):
        self.data_dir = Path(data_dir)
        self._slot = threading.BoundedSemaphore(1)
        self._pool: Optional[tuple[int, ProcessPoolExecutor]] = None
        self._lock = threading.Lock()

    def run(self, fn, *args):
        """``fn(answers, *args)`` in the lane process (``answers``: its
        :class:`Answers`); ``fn`` and ``args`` must be picklable."""
        if not self._slot.acquire(timeout=LONG_QUERY_WAIT):
            raise ServiceUnavailable("too many long queries at once: retry in a moment, or shorten the query")
        try:
            for attempt in range(LANE_STARTS):
                try:
                    return self._executor().submit(_in_lane, fn, *args).result(timeout=HEAVY_TIMEOUT)
                except BrokenProcessPool:      # the lane died (idle, or on this query): a new one
                    self._discard()
            raise ServiceUnavailable("the search of long queries stopped: retry in a moment") from None
        except FutureTimeout:
            raise ServiceUnavailable("this long query took too long: shorten it, or retry in a moment") from None
        finally:
            self._slot.release()

    def _discard(self) -> None:
        """Forget a lane whose process died; the next query starts another."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None and pool[0] == os.getpid():
            pool[1].shutdown(wait=False, cancel_futures=True)

    def _executor(self) -> ProcessPoolExecutor:
        """This process's lane (a forked server process starts its own)."""
        with self._lock:
            if self._pool is None or self._pool[0] != os.getpid():
                lane = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                           initializer=_lane_init, initargs=(str(self.data_dir), os.getpid()))
                self._pool = (os.getpid(), lane)
            return self._pool[1]


_LANE: dict = {}     # in a lane process: its Answers


def _lane_init(data_dir: str, parent: int) -> None:
    """Start of a lane process: a lower priority, its own readers, and an
    end when its server process ends, even killed (no orphan left); Ctrl-C
    in a terminal, which reaches every process of the server, is left to
    the server (no traceback of the lane)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        os.nice(HEAVY_NICENESS)
    except (AttributeError, OSError):
        pass
    _LANE["answers"] = Answers(Readers(Path(data_dir)), lane=False)
    threading.Thread(target=_end_with, args=(parent,), name="kb-lane-parent", daemon=True).start()


def _end_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(LANE_PARENT_CHECK)
    os._exit(0)


def _in_lane(fn, *args):
    return fn(_LANE["answers"], *args)


def _lane_search(answers: "Answers", args: "SearchArgs", ui: str):
    return answers._cached_search(args, ui)


def _niceness(_answers: "Answers") -> int:
    return os.getpriority(os.PRIO_PROCESS, 0)


def _lane_pid(_answers: "Answers") -> int:
    return os.getpid()


@dataclass(frozen=True)
class SearchAnswer:
    """What a search route shows of a :class:`SearchResponse`: its notice,
    total and whether more pages follow, and its results as dicts (with
    ``url`` and ``source_title``); kept in the answer cache as its encoded
    JSON (:meth:`encode`), which is all it needs."""

    notice: Optional[str]
    total: int
    has_more: bool
    rows: list

    def encode(self) -> bytes:
        return json.dumps([self.notice, self.total, self.has_more, self.rows], ensure_ascii=False,
                          separators=(",", ":")).encode()

    @classmethod
    def decode(cls, data: bytes) -> "SearchAnswer":
        return cls(*json.loads(data))


def _remembered(cache: ByteCache, key, compute, encode, decode):
    """``compute()``, or its value kept in ``cache`` under ``key`` (kept
    encoded: ``encode(value)`` bytes, read back with ``decode``)."""
    data = cache.get(key)
    if data is not None:
        return decode(data)
    value = compute()
    data = encode(value)
    cache.put(key, data, sys.getsizeof(data))
    return value


class Answers:
    """Search and check answers of the published build, kept in LRU caches
    bounded by their bytes (:class:`kb.site.readers.ByteCache`: an answer is
    kept as its encoded JSON, and costs its length); a search cut by its
    time budget is not kept.  Heavy searches (:func:`heavy`) go through the
    process's :class:`HeavyLane`."""

    def __init__(self, readers: Readers, lane: bool = True):
        self.readers = readers
        self.search_cache = ByteCache(SEARCH_CACHE_BYTES)
        self.check_cache = ByteCache(CHECK_CACHE_BYTES)
        self.lane = HeavyLane(readers.data_dir) if lane else None
        self.search_limit = SEARCH_LIMIT if lane else HEAVY_SEARCH_LIMIT   # (lane=False: in the lane)

    def search(self, args: SearchArgs, ui: str) -> SearchAnswer:
        """The answer of search ``args`` for interface language ``ui``."""
        if self.lane is not None and heavy(args.q):
            self.readers.state()          # 503 here while nothing is published
            return self.lane.run(_lane_search, args, ui)
        return self._cached_search(args, ui)

    def _cached_search(self, args: SearchArgs, ui: str) -> SearchAnswer:
        build = self.readers.state().build
        try:
            return _remembered(self.search_cache, (build, ui, args), lambda: self._search_now(build, ui, args),
                               SearchAnswer.encode, SearchAnswer.decode)
        except _Incomplete as cut:
            return cut.answer

    def check(self, claim: str, edition: Optional[str]) -> dict:
        """The verdict of ``claim``, as ``kb check --json`` prints it."""
        build = self.readers.state().build
        return _remembered(self.check_cache, (build, claim, edition), lambda: self._check_now(build, claim, edition),
                           lambda v: json.dumps(v, ensure_ascii=False, separators=(",", ":")).encode(), json.loads)

    def _search_now(self, build: Path, ui: str, args: SearchArgs) -> SearchAnswer:
        with time_limit(self.search_limit), self.readers.searcher() as searcher:
            response = searcher.search(args.q, limit=args.limit, kind=args.kind, lang=args.lang,
                                       offset=(args.page - 1) * args.limit, all_editions=args.all_editions)
        site = self.readers.pages(ui).site
        titles = {d.row["id"]: d.row["title"] for d in site.links.documents}
        rows = []
        for r in response.results:
            d = r.to_dict()
            d["url"] = result_url(site, r)
            d["source_title"] = titles.get(r.source, r.source)
            rows.append(d)
        answer = SearchAnswer(response.notice, response.total, response.has_more, rows)
        if OVER_BUDGET in (response.notice or ""):
            raise _Incomplete(answer)
        return answer

    def _check_now(self, build: Path, claim: str, edition: Optional[str]) -> dict:
        from kb.checker.claims import check_claim

        site = self.readers.pages("fr").site
        with time_limit(self.search_limit), self.readers.searcher() as searcher:
            linking = _LinkingSearcher(searcher, site)
            verdict = check_claim(claim, edition=edition, cards=self.readers.connection(),
                                  evidence=linking).to_dict()
        for item in verdict.get("evidence") or []:
            item["url"] = item.get("url") or linking.urls.get((item.get("kind"), item.get("id")))
        pages = self.readers.pages("fr")
        verdict["rule_urls"] = rule_urls(site, verdict.get("rules") or [],
                                         pages.edition_meant(verdict.get("edition") or "") or verdict.get("edition"),
                                         pages.dates)
        return verdict


def rule_urls(site: Site, numbers: list[str], edition: Optional[str], dates) -> dict[str, Optional[str]]:
    """The page of each rule a verdict cites: in the English edition of the
    verdict (the latest for ``latest``; a year or date already read as the
    edition in force then), else in the French rules text; None where the
    site has no page for it."""
    links = site.links
    if edition not in dates:
        edition = links.latest["date"] if links.latest is not None else None
    found = {}
    for number in numbers:
        target = (links.rule_link(edition, number) if edition else None) or links.fr_targets.get(number)
        found[number] = pretty(target) if target else None
    return found


class _LinkingSearcher:
    """A searcher that keeps the site address of every result it returns
    (the checker's evidence gets the addresses of the French documents,
    which only the site knows)."""

    def __init__(self, searcher, site: Site):
        self.searcher, self.site = searcher, site
        self.urls: dict[tuple[str, str], Optional[str]] = {}

    def search(self, *args, **kwargs) -> SearchResponse:
        response = self.searcher.search(*args, **kwargs)
        for r in response.results:
            self.urls[(r.kind, r.id)] = result_url(self.site, r)
        return response


class _Incomplete(Exception):
    """Carries an answer that must not be cached."""

    def __init__(self, answer):
        super().__init__("incomplete answer")
        self.answer = answer


def _add_api_routes(app: Flask, answers: Answers) -> None:
    @app.get("/api/search")
    def api_search():
        args = SearchArgs.from_request()
        response = answers.search(args, ui())
        return jsonify({"query": args.q, "notice": response.notice, "results": response.rows,
                        "total": response.total, "has_more": response.has_more,
                        "page": args.page, "limit": args.limit})

    @app.get("/api/check")
    def api_check():
        claim = capped_text("claim", required=True)
        return jsonify(answers.check(claim, capped_text("edition") or None))

    @app.route("/api/", defaults={"rest": ""})
    @app.route("/api/<path:rest>")
    def api_unknown(rest: str):
        abort(404, description=f"no API at /api/{rest} (try /api/search?q=… or /api/check?claim=…)")


def _add_search_routes(app: Flask, readers: Readers, answers: Answers) -> None:
    @app.get("/search")
    def html_search():
        args = SearchArgs.from_request()
        response = answers.search(args, ui())
        site = readers.pages(ui()).site
        following = request.args.to_dict()
        following["page"] = str(args.page + 1)
        next_url = f"/search?{urlencode(following)}" if response.has_more else None
        _, html = site.render(Page("search", "search.html", f"{args.q} — kb", ui(), dict(
            query=args.q, notice=response.notice, results=response.rows, next_url=next_url)))
        return Response(html, mimetype="text/html")


def _add_page_routes(app: Flask, readers: Readers) -> None:
    @app.get("/style.css")
    def style():
        return send_file(TEMPLATES / "style.css", mimetype="text/css")

    @app.get("/")
    @app.get("/<path:path>")
    def page(path: str = "index.html"):
        pages = readers.pages(ui())
        key = path if path.endswith(".html") else f"{path.rstrip('/')}.html"
        html = pages.html(key) or pages.html(f"{path.strip('/')}/index.html")
        if html is None:
            moved = urls.with_editions(path.strip("/"), pages.edition_meant)
            if moved is not None and moved != path.strip("/"):
                return redirect("/" + moved + (f"?{request.query_string.decode()}" if request.query_string else ""))
            abort(404, description=f"no page at /{path}" + ("" if moved is not None else
                                                              ": no English edition was in force then"))
        return Response(html, mimetype="text/html")


def relative_location(resp: Response) -> Response:
    """A redirect's ``Location`` made relative to this server (its path,
    query and fragment): Werkzeug's own redirects (``/api`` -> ``/api/``)
    are absolute URLs built from the request's Host header, which a client
    chooses; the site never redirects elsewhere."""
    location = resp.headers.get("Location")
    if location:
        parts = urlsplit(location)
        path = "/" + parts.path.lstrip("/")       # never « //host/… », which a browser reads as another host
        resp.headers["Location"] = urlunsplit(("", "", path, parts.query, parts.fragment))
    return resp


def create_app(data_dir: Path, warm: bool = True) -> Flask:
    """The Flask application serving ``data_dir``'s knowledge base.
    Raises store.KBNotFound when nothing is built there."""
    store.current_dir(data_dir)  # fail early with a clear message
    return make_app(data_dir, warm=warm)


def make_app(data_dir: Path, warm: bool = True) -> Flask:
    """The Flask application serving ``data_dir``, which may hold no
    knowledge base yet (answered 503 until one is published).  ``warm``:
    open the knowledge base and render the home page now, not on the first
    request."""
    app = Flask(__name__, static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY_BYTES
    readers = Readers(Path(data_dir))
    if warm:
        readers.warm()
    answers = Answers(readers)
    app.extensions["kb"] = {"readers": readers, "answers": answers}
    add_error_handlers(app)
    app.after_request(relative_location)
    _add_api_routes(app, answers)
    _add_search_routes(app, readers, answers)
    _add_page_routes(app, readers)
    return app


def serve(data_dir: Path, host: str = "127.0.0.1", port: int = 8000, **options) -> None:
    """Run the production server until interrupted (:func:`kb.site.wsgi.run`)."""
    from kb.site.wsgi import run

    run(data_dir, host=host, port=port, **options)
