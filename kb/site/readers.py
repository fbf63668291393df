"""What ``kb serve`` reads, without a global lock on the request path.

* :class:`Readers` -- the published knowledge base of a data directory, as
  the request threads of one server process see it: the current
  :class:`BuildState`, one :class:`BudgetSearcher` and one read-only
  connection (for ``/api/check``) per thread.  When ``kb build`` publishes a
  new knowledge base (the ``current`` link changes) the state is replaced
  and each thread reopens its searcher and connection on its next request.
* :class:`UiPages` -- the pages of one interface language: the site is
  planned once, each page is rendered when first asked for and kept in a
  bounded LRU cache (:func:`functools.lru_cache`, which is thread-safe and
  also remembers the pages that do not exist, so a missing page is never
  rendered twice).  Only planning an edition or a card page (which extends
  the link registry) takes the site's lock.
"""
from __future__ import annotations

import functools
import logging
import sqlite3
import threading
import time
from pathlib import Path
from typing import Callable, Optional

from kb.cards.names import card_slugs
from kb.search.searcher import Searcher, SearchResponse
from kb.site.context import Page
from kb.site.render import Site
from kb.store import db as store

log = logging.getLogger("kb.serve")

PAGE_CACHE_SIZE = 2048       # rendered pages kept per interface language (and per process)
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



class UiPages:
    """The site of one interface language and its rendered pages."""

    def __init__(self, conn: sqlite3.Connection, ui: str, dates: dict[str, sqlite3.Row]):
        self.site = Site(conn, ui=ui, live=True)
        self.dates = dates
        self.lock = threading.Lock()
        self.planned: set[str] = {ed["date"] for ed in self.site.links.editions}
        self.slugs: Optional[dict[str, str]] = None      # card page slug -> English card name
        self.fixed = self._fixed_pages()
        self.page = functools.lru_cache(maxsize=PAGE_CACHE_SIZE)(self._render)

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


class BuildState:
    """One published build: its directory and the pages of each language."""

    def __init__(self, data_dir: Path, build: Path):
        self.build = build
        self.conn = store.connect(data_dir)
        dates = {ed["date"]: ed for ed in store.editions(self.conn)}
        self.pages = {ui: UiPages(self.conn, ui, dates) for ui in ("fr", "en")}

    def close(self) -> None:
        self.conn.close()


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
        """The state of the published build, replaced after a rebuild."""
        build = store.current_dir(self.data_dir)
        state = self._state
        if state is not None and state.build == build:
            return state
        with self._reload:          # taken only when the build changed
            if self._state is None or self._state.build != build:
                self._state = BuildState(self.data_dir, build)
            return self._state

    def warm(self) -> None:
        """Open the knowledge base, render the home page, build the claim
        parser and run one search (at start, so that the first requests find
        them ready), then render the other fixed pages in the background."""
        from kb.checker.claims import check_claim

        self.state().pages["fr"].page("index.html")
        check_claim("Implorer la reine est noire")
        self.searcher().search("persistance", limit=1)
        threading.Thread(target=self._render_ahead, name="kb-render-ahead", daemon=True).start()

    def _render_ahead(self) -> None:
        """Render the home page and the French documents of both languages
        into the page cache, behind the requests (which do not wait for it)."""
        try:
            for ui in ("fr", "en"):
                pages = self.pages(ui)
                for key in list(pages.fixed):
                    pages.page(key)
        except Exception as err:      # the requests will render them (and report any error)
            log.warning("rendering ahead stopped: %s", err)

    def pages(self, ui: str) -> UiPages:
        return self.state().pages[ui]

    def searcher(self) -> BudgetSearcher:
        """This thread's searcher of the published build."""
        return self._per_thread("searcher", lambda: BudgetSearcher(self.data_dir), Searcher.close)

    def connection(self) -> sqlite3.Connection:
        """This thread's read-only connection to the published build."""
        return self._per_thread("conn", lambda: store.connect(self.data_dir), sqlite3.Connection.close)

    def _per_thread(self, name: str, open_one: Callable, close: Callable):
        build = self.state().build
        held = getattr(self._local, name, None)
        if held is not None and held[0] == build:
            return held[1]
        if held is not None:
            close(held[1])
        value = open_one()
        setattr(self._local, name, (build, value))
        return value
