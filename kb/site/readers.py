"""What ``kb serve`` reads, without a global lock on the request path.

* :class:`Readers` -- the published knowledge base of a data directory, as
  the request threads of one server process see it: the current
  :class:`BuildState`, a pool of warm :class:`BudgetSearcher` lent to one
  request at a time (:class:`SearcherPool`) and one read-only connection
  (for ``/api/check``) per thread.  When ``kb build`` publishes a new
  knowledge base (the ``current`` link changes) the state is replaced and
  the searchers and connections of the old one are closed once returned.
* :class:`UiPages` -- the pages of one interface language: the site is
  planned once; the home page, the French documents, the terms page and the
  pages of the latest edition are rendered ahead at start
  (:meth:`Readers.warm`), every other page when first asked for and kept in
  a :class:`ByteCache`, an LRU cache bounded by the bytes of what it holds
  (:data:`PAGE_CACHE_BYTES`), which also remembers the pages that do not
  exist, so a missing page is never rendered twice.  Only planning an edition or a card page (which extends
  the link registry) takes the site's lock.
* :class:`ProcessConnection` -- the state's SQLite connection, reopened by
  each process that uses it: the gunicorn master loads and warms the
  application once (pages rendered ahead, parsers built) and forks the
  workers, which inherit all of it but must not share a SQLite connection
  or an open index (:meth:`Readers.release` closes them before the fork).
"""
from __future__ import annotations

import functools
import logging
import os
import sqlite3
import sys
import threading
import time
from collections import OrderedDict, namedtuple
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Hashable, Iterator, Optional

from kb.cards.names import card_slugs
from kb.rules import versions
from kb.search.searcher import Searcher, SearchResponse
from kb.site.context import Page
from kb.site.render import Site
from kb.store import db as store

log = logging.getLogger("kb.serve")

PAGE_CACHE_BYTES = 48 << 20  # bytes of rendered pages kept per interface language (and per process)
ENTRY_OVERHEAD = 160         # bytes an entry costs besides its key's text and its value (slots, links, sizes)
LARGEST_SHARE = 4            # an entry larger than 1/4 of its cache is not kept (it would evict the rest)
FILL_WAIT = 1.0              # seconds a search waits for a searcher being warmed (then opens its own)
SEARCH_BUDGET = 0.15         # seconds a search may take before it returns what it has
OVER_BUDGET = "search stopped at its time budget: results may be incomplete (narrow the query)"


class BudgetSearcher(Searcher):
    """A :class:`Searcher` with a time budget per search: rule numbers, card
    names and the full-text pass always run (a search never answers nothing
    because it was slow); once the budget is spent, the loose second pass of
    the full text is skipped and the response says so in its notice.  One
    instance per thread."""

    def search(self, *args, budget: Optional[float] = None, **kwargs) -> SearchResponse:
        """:meth:`Searcher.search` within ``budget`` seconds (default
        :data:`SEARCH_BUDGET`)."""
        self._deadline = time.monotonic() + (SEARCH_BUDGET if budget is None else budget)
        self._over = False
        response = super().search(*args, **kwargs)
        if self._over:
            response.notice = "; ".join(filter(None, [response.notice, OVER_BUDGET]))
        return response

    def __init__(self, data_dir: Path):
        super().__init__(data_dir)
        self._deadline, self._over = float("inf"), False
        run = self.index.run

        def run_in_budget(*args, **kwargs):      # the loose second pass waits for no one
            return ([], 0) if kwargs.get("loose") and self._late() else run(*args, **kwargs)

        self.index.run = run_in_budget

    def _late(self) -> bool:
        if time.monotonic() > self._deadline:
            self._over = True
        return self._over



CacheInfo = namedtuple("CacheInfo", "hits misses maxsize currsize bytes")


class ByteCache:
    """A thread-safe LRU cache bounded by the bytes of what it holds, not
    by its number of entries: each entry costs the size its caller measured
    for the value (a page's text, an answer's encoded JSON), the text of its
    key and :data:`ENTRY_OVERHEAD`; the least recently used entries go
    first.  An entry larger than 1/:data:`LARGEST_SHARE` of ``capacity`` is
    not kept.  Values are computed outside the lock (two threads asking for
    the same missing key at once both compute it)."""

    def __init__(self, capacity: int):
        self.capacity = capacity
        self.bytes = 0
        self.hits = self.misses = 0
        self._entries: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, default=None):
        with self._lock:
            found = self._entries.get(key)
            if found is None:
                self.misses += 1
                return default
            self._entries.move_to_end(key)
            self.hits += 1
            return found[0]

    def put(self, key: Hashable, value, size: int) -> bool:
        """Keep ``value`` (of ``size`` bytes) under ``key``; False if it is
        too large to be kept."""
        cost = size + len(repr(key)) + ENTRY_OVERHEAD
        if cost > self.capacity // LARGEST_SHARE:
            return False
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            self._entries[key] = (value, cost)
            self.bytes += cost
            while self.bytes > self.capacity:
                _, (_, freed) = self._entries.popitem(last=False)
                self.bytes -= freed
        return True

    def __len__(self) -> int:
        return len(self._entries)

    def cache_info(self) -> CacheInfo:
        with self._lock:
            return CacheInfo(self.hits, self.misses, self.capacity, len(self._entries), self.bytes)


_ABSENT = object()


class CachedPages:
    """``render(key)`` (a page's HTML, or None when there is no such page)
    remembered in a :class:`ByteCache` of ``capacity`` bytes: a page costs
    the memory of its text, a missing page only its key."""

    def __init__(self, render: Callable[[str], Optional[str]], capacity: int):
        self.render = render
        self.cache = ByteCache(capacity)

    def __call__(self, key: str) -> Optional[str]:
        html = self.cache.get(key, _ABSENT)
        if html is _ABSENT:
            html = self.render(key)
            self.cache.put(key, html, 0 if html is None else sys.getsizeof(html))
        return html

    def cache_info(self) -> CacheInfo:
        return self.cache.cache_info()


class UiPages:
    """The site of one interface language and its rendered pages."""

    def __init__(self, conn, ui: str, dates: dict[str, sqlite3.Row]):
        self.site = Site(conn, ui=ui, live=True)
        self.dates = dates
        self.lock = threading.Lock()
        self.planned: set[str] = {ed["date"] for ed in self.site.links.editions}
        self.slugs: Optional[dict[str, str]] = None      # card page slug -> English card name
        self.fixed = self._fixed_pages()
        self.ahead: dict[str, str] = {}       # written before the requests come, only read after
        self.page = CachedPages(self._render, PAGE_CACHE_BYTES)

    def edition_meant(self, text: str) -> Optional[str]:
        """The English edition an address means by ``text``: itself when it
        is one, else the edition in force on that date, at the end of that
        month or year (:func:`kb.rules.versions.edition_in_force`, as on the
        command line); None when it is no date or none was in force."""
        if text in self.dates:
            return text
        english = sorted(d for d, ed in self.dates.items() if ed["lang"] == "en" and d)
        try:
            return versions.edition_in_force(english, text)
        except (KeyError, ValueError):
            return None

    def html(self, key: str) -> Optional[str]:
        """The HTML of the page at site path ``key``: rendered ahead, or
        now and kept; None if there is none."""
        found = self.ahead.get(key)
        return found if found is not None else self.page(key)

    def render_ahead(self) -> int:
        """Render the fixed pages and those of the latest edition (the
        pages most asked for, and the biggest); returns how many."""
        for key in self.fixed:
            html = self._render(key)
            if html is not None:
                self.ahead[key] = html
        latest = self.site.links.latest
        if latest is not None and latest["date"] in self.planned:
            for page in self.site.contexts.edition(latest):
                self.ahead[page.path] = self.site.render(page)[1]
        return len(self.ahead)

    def _fixed_pages(self) -> dict[str, Callable[[], Optional[Page]]]:
        """The pages planned with the site that no address pattern below
        finds: the home page, the French documents, the terms page and the
        page of doubtful references."""
        contexts = self.site.contexts
        fixed: dict[str, Callable[[], Optional[Page]]] = {"index.html": contexts.index}
        for doc in self.site.links.documents:
            fixed[doc.path] = functools.partial(contexts.document, doc)
        for page in (contexts.terms(), contexts.warnings()):
            if page is not None:
                fixed[page.path] = functools.partial(lambda p: p, page)
        return fixed

    def _render(self, key: str) -> Optional[str]:
        """The HTML of the page at site path ``key``, None if there is none."""
        page = self._find(key)
        return None if page is None else self.site.render(page)[1]

    def _find(self, key: str) -> Optional[Page]:
        if key in self.fixed:
            return self.fixed[key]()
        parts = key.removesuffix(".html").split("/")
        links, contexts = self.site.links, self.site.contexts
        if parts[0] == "cr" and len(parts) == 3 and parts[1] in self.dates:
            return self._edition_page(parts[1], key)
        if parts[0] == "history" and len(parts) == 3 and links.has_history and parts[1] in self.dates:
            return contexts.lineage(parts[1], parts[2])
        if parts[0] == "diff" and len(parts) == 2 and links.has_history:
            a, _, b = parts[1].partition("_")
            return contexts.diff(a, b) if a in self.dates and b in self.dates and a != b else None
        if parts[0] == "card" and len(parts) == 2 and links.has_cards:
            with self.lock:
                if self.slugs is None:
                    self.slugs = card_slugs(self.site.conn)
                name = self.slugs.get(parts[1])
                return contexts.card(name) if name else None
        return None

    def _edition_page(self, date: str, key: str) -> Optional[Page]:
        """The page ``key`` of edition ``date`` (contents, chapter or
        glossary), the edition planned first if it was not; only that page
        is built."""
        ed = self.dates[date]
        with self.lock:
            if date not in self.planned:
                self.site.links.add_edition(ed)
                self.planned.add(date)
        return next((page for page in self.site.contexts.edition(ed) if page.path == key), None)


class ProcessConnection:
    """A read-only connection to the published knowledge base that each
    process opens for itself on first use (a SQLite connection must not be
    used on both sides of a fork); it stands for a
    :class:`sqlite3.Connection` (``execute``, ``executemany``, …)."""

    def __init__(self, data_dir: Path):
        self.data_dir = data_dir
        self._lock = threading.Lock()
        self._pid: Optional[int] = None
        self._conn: Optional[sqlite3.Connection] = None

    def _current(self) -> sqlite3.Connection:
        if self._pid != os.getpid():
            with self._lock:
                if self._pid != os.getpid():     # the parent's (never closed here) or none yet
                    self._conn = store.connect(self.data_dir)
                    self._pid = os.getpid()
        return self._conn

    def __getattr__(self, name: str):
        return getattr(self._current(), name)

    def close(self) -> None:
        """Close this process's connection (the next use opens another)."""
        with self._lock:
            if self._conn is not None and self._pid == os.getpid():
                self._conn.close()
            self._conn, self._pid = None, None


class SearcherPool:
    """The searchers of one build, each lent to one request at a time:
    they stay open and warm between requests, and a process opens only as
    many as it runs searches at once.  While :meth:`fill` is warming
    searchers, a request that finds none idle waits for the next one (up to
    :data:`FILL_WAIT` seconds) rather than opening a cold one of its own."""

    def __init__(self, data_dir: Path):
        self.data_dir = data_dir
        self._lock = threading.Condition()
        self._idle: list[BudgetSearcher] = []
        self._filling = 0
        self._pid = os.getpid()
        self.closed = False

    @contextmanager
    def lend(self) -> Iterator[BudgetSearcher]:
        searcher = self._take() or BudgetSearcher(self.data_dir)
        try:
            yield searcher
        finally:
            self._give(searcher)

    def _take(self) -> Optional[BudgetSearcher]:
        with self._lock:
            self._adopt()
            if not self._idle and self._filling:
                self._lock.wait_for(lambda: self._idle or not self._filling, timeout=FILL_WAIT)
            return self._idle.pop() if self._idle else None

    def _give(self, searcher: BudgetSearcher) -> None:
        with self._lock:
            self._adopt()
            if not self.closed:
                self._idle.append(searcher)
                self._lock.notify()
                return
        searcher.close()

    def _adopt(self) -> None:
        """In a forked process, the pool starts empty: the parent's
        searchers (if it left any) are not this process's to use."""
        if self._pid != os.getpid():
            self._idle, self._filling, self._pid = [], 0, os.getpid()

    def fill(self, count: int) -> None:
        """Open ``count`` searchers and run a search on each, so that the
        first requests find them warm; each is lent as soon as it is."""
        with self._lock:
            self._adopt()
            self._filling += count
        try:
            for _ in range(count):
                searcher = BudgetSearcher(self.data_dir)
                searcher.search("persistance", limit=1)
                with self._lock:
                    self._filling -= 1
                self._give(searcher)
                count -= 1
        finally:
            with self._lock:
                self._filling -= count      # those not opened (an error)
                self._lock.notify_all()

    def close(self) -> None:
        """Close the idle searchers; those lent out are closed when returned."""
        with self._lock:
            idle, self._idle, self.closed = self._idle, [], True
        for searcher in idle:
            searcher.close()


class BuildState:
    """One published build: its directory, its connection, its searchers
    and the pages of each language."""

    def __init__(self, data_dir: Path, build: Path, link: Optional[str]):
        self.build = build
        self.link = link
        self.conn = ProcessConnection(data_dir)
        self.searchers = SearcherPool(data_dir)
        dates = {ed["date"]: ed for ed in store.editions(self.conn)}
        self.pages = {ui: UiPages(self.conn, ui, dates) for ui in ("fr", "en")}

    def close(self) -> None:
        self.searchers.close()
        self.conn.close()


def _link(data_dir: Path) -> Optional[str]:
    """Where ``data_dir/current`` points (one system call), None if it is not a link."""
    try:
        return os.readlink(data_dir / "current")
    except OSError:
        return None


class Readers:
    """The knowledge base of ``data_dir`` as the threads of one process read
    it.  Every accessor raises :class:`kb.store.db.KBNotFound` while nothing
    is published there (the caller answers 503)."""

    def __init__(self, data_dir: Path):
        self.data_dir = Path(data_dir)
        self._state: Optional[BuildState] = None
        self._reload = threading.Lock()
        self._local = threading.local()

    def state(self) -> BuildState:
        """The state of the published build, replaced after a rebuild (a
        new target of the ``current`` link: a build directory's name is
        never reused)."""
        link = _link(self.data_dir)
        state = self._state
        if state is not None and link is not None and state.link == link:
            return state
        build = store.current_dir(self.data_dir)
        with self._reload:          # taken only when the build changed
            if self._state is None or self._state.build != build:
                old, self._state = self._state, BuildState(self.data_dir, build, link)
                if old is not None:
                    old.close()
            self._state.link = link
            return self._state

    def warm(self) -> None:
        """Open the knowledge base, render the fixed pages and those of the
        latest edition in both languages, build the claim parser and run one
        search and one check, so that the first requests find them ready."""
        from kb.checker.claims import check_claim

        state = self.state()
        rendered = sum(pages.render_ahead() for pages in state.pages.values())
        conn = store.connect(self.data_dir)
        try:
            with self.searcher() as searcher:
                searcher.search("persistance", limit=1)
                check_claim("Implorer la reine est noire", cards=conn, evidence=searcher)
        finally:
            conn.close()
        log.info("rendered %d pages ahead", rendered)

    def release(self) -> None:
        """Close what this process opened (connection, searchers): done by
        the gunicorn master after warming, before it forks the workers;
        pages, parsers and caches stay."""
        state = self._state
        if state is not None:
            state.searchers.close()
            state.searchers = SearcherPool(self.data_dir)
            state.conn.close()
        held = getattr(self._local, "conn", None)
        if held is not None:
            held[1].close()
            self._local.conn = None

    def prepare(self, searchers: int) -> None:
        """In a new worker: open and warm ``searchers`` searchers of the
        published build (none while nothing is published)."""
        try:
            self.state().searchers.fill(searchers)
        except store.KBNotFound:
            pass
        except Exception as err:      # the requests open their own (and report any error)
            log.warning("warming the searchers stopped: %s", err)

    def pages(self, ui: str) -> UiPages:
        return self.state().pages[ui]

    def searcher(self):
        """A searcher of the published build, lent for a ``with`` block."""
        return self.state().searchers.lend()

    def connection(self) -> sqlite3.Connection:
        """This thread's read-only connection to the published build."""
        build = self.state().build
        held = getattr(self._local, "conn", None)
        if held is not None and held[0] == build:
            return held[1]
        if held is not None:
            held[1].close()
        conn = store.connect(self.data_dir)
        self._local.conn = (build, conn)
        return conn
