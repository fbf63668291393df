"""Search over the knowledge base: rule numbers first, then full text.

:class:`Searcher` is what ``kb search`` and ``kb serve`` use::

    s = Searcher(Path(".kb"))
    s.search("association d'ames")  ->  SearchResponse(results=[Result, ...], notice=None)

A query that is a rule number (``702.92``, ``702.92a``, ``rule 702.92``,
``règle 502.10h``) returns the rules with exactly that number first (never
``702.60`` for ``702.6``); the full-text hits follow.  Full-text search and its
French/English analysis live in :mod:`kb.index`.
"""
from __future__ import annotations

import re
import sqlite3
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Optional

from kb import store
from kb.folding import fold_name
from kb.index import Hit, Index
from kb.indexing import rule_key

RULE_QUERY = re.compile(r"^\s*(?:(?:rules?|r[èe]gles?)\s+)?(\d{3}(?:\.\d+[a-z]?)?)\.?\s*$", re.IGNORECASE)

KINDS = ("rule", "card", "note", "section", "glossary")


@dataclass
class Result:
    """One result as printed by ``kb search --json``.

    ``id`` is the rule number, card name, note id (``source#position``) or
    section id; ``snippet`` is HTML-safe with ``<b>`` around matched words."""

    kind: str
    id: str
    lang: str
    edition: Optional[str]
    source: str
    score: float
    snippet: str
    title: str
    exact: bool = False
    about: Optional[str] = None
    key: str = field(default="", repr=False)

    def to_dict(self) -> dict:
        d = asdict(self)
        d.pop("key")
        return d


@dataclass
class SearchResponse:
    query: str
    results: list[Result]
    notice: Optional[str] = None

    def to_dict(self) -> dict:
        return {"query": self.query, "notice": self.notice, "results": [r.to_dict() for r in self.results]}


def _result(hit: Hit, exact: bool = False) -> Result:
    about = hit.extra.get("card") or None
    return Result(kind=hit.kind, id=hit.ident, lang=hit.lang, edition=hit.edition, source=hit.source,
                  score=hit.score, snippet=hit.snippet, title=hit.title, exact=exact, about=about,
                  key=hit.key)


class Searcher:
    """Opens the knowledge base and index of a data directory once, then
    answers many queries.  Raises store.KBNotFound if nothing is built."""

    def __init__(self, data_dir: Path):
        self.conn: sqlite3.Connection = store.connect(data_dir)
        self.index = Index(store.current_dir(data_dir) / store.INDEX_NAME)

    def close(self) -> None:
        self.index.close()
        self.conn.close()

    def search(self, query: str, limit: int = 10, kind: Optional[str] = None,
               lang: Optional[str] = None) -> SearchResponse:
        """Results for ``query``: exact rule-number hits first, then full text.

        ``kind`` is one of :data:`KINDS`; ``lang`` is ``fr`` or ``en``."""
        if kind and kind not in KINDS:
            raise ValueError(f"unknown kind {kind!r} (expected one of {', '.join(KINDS)})")
        query = query.strip()
        if not query:
            return SearchResponse(query, [], notice="empty query: nothing to search")
        exact: list[Result] = []
        m = RULE_QUERY.match(query)
        if m and kind in (None, "rule"):
            for rule in store.find_rules(self.conn, m.group(1).lower(), lang=lang):
                hit = self.index.get(rule_key(rule.source, rule.number))
                if hit is not None:
                    exact.append(_result(hit, exact=True))
        if kind in (None, "card") and not m:
            wanted = fold_name(query.strip('"'))
            for row in store.card_records(self.conn):
                if fold_name(row["name"]) == wanted:
                    hit = self.index.get(f"card:{row['source']}:{row['cid']}")
                    if hit is not None and (not lang or hit.lang == lang):
                        exact.append(_result(hit, exact=True))
        exact = exact[:limit]
        exact_keys = [e.key for e in exact]
        notice = None
        if len(exact) >= limit:
            return SearchResponse(query, exact, None)
        try:
            hits = self.index.search(query, limit=limit - len(exact), kind=kind, lang=lang,
                                     exclude_keys=exact_keys)
        except Exception as err:  # the query language itself failed: search the words literally
            words = " ".join(re.findall(r"\w+", query))
            notice = f"query could not be parsed ({err}); searched the words literally"
            hits = self.index.search(words, limit=limit - len(exact), kind=kind, lang=lang,
                                     exclude_keys=exact_keys) if words else []
        return SearchResponse(query, exact + [_result(h) for h in hits], notice)
