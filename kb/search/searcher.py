"""Search over the knowledge base: rule numbers and card names first, then full text.

:class:`Searcher` is what ``kb search`` and ``kb serve`` use::

    s = Searcher(Path(".kb"))
    s.search("association d'ames")  ->  SearchResponse(results=[Result, ...], notice=None)
    s.search("persist", limit=20, offset=20, all_editions=True)   # page 2, every edition

Order of the results:

1. **rule numbers** -- a query that is a rule reference (``702.92``,
   ``702.92a``, ``rule 702.92``, ``règle 502.10h``, ``704.5k-n``) returns the
   rules with exactly those numbers (never ``702.60`` for ``702.6``; a prefix
   is asked for with ``702.6*``).  A number found only in older editions is
   returned in its last version, followed by its current equivalent when the
   rule history (:mod:`kb.rules.history`) knows it, or else the latest rule with the
   same heading (translated through the glossary for a French rule);
2. **card names** -- a query that is a card name, French or English, returns
   that card's documents (after the first three full-text results when the
   name is also a game term: « Persistance » is first the keyword);
3. **full text** (:mod:`kb.search.index`): the query language of
   :mod:`kb.search.query` (phrases, ``-exclusion``, ``OR``, ``lang:``,
   ``kind:``, ``edition:``); misspelt words are corrected against the
   indexed vocabulary; game terms are expanded to their translation
   (:mod:`kb.search.expansions`); documents matching every word come first, then
   documents matching some of them.

Default scope: the latest English edition of the Comprehensive Rules, every
French document, every card (latest French wording).  ``all_editions=True``
(or an ``edition:`` filter) widens it.
"""
from __future__ import annotations

import re
import sqlite3
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Optional

from kb.store import db as store
from kb.search.expansions import expand, is_term
from parser.textkeys import fold_name
from kb.search.index import Hit, Index, Scope, analyze
from kb.search.query import All, Any, Not, Phrase, Word, parse_query, words_of

KINDS = ("rule", "card", "note", "section", "glossary")

#: Where the cards named like a game term (« Persistance », « Lifelink »)
#: go among the results: after this many full-text results.
DEFERRED_AT = 3

#: A whole query that may be a rule reference (parsed by parser.references).
_NUMBERISH = re.compile(r"^\s*(?:(?:rules?|r[èe]gles?)\s+)?\d{3}(?:\.\d+[a-z]?)?"
                        r"(?:\s*[-–—,]\s*(?:\d{3}(?:\.\d+[a-z]?)?|[a-z])|\s+(?:et|and|ou|or)\s+\d{3}(?:\.\d+[a-z]?)?)*"
                        r"\.?\s*$", re.IGNORECASE)
_PREFIX = re.compile(r"^\s*(?:(?:rules?|r[èe]gles?)\s+)?(\d{3}(?:\.\d+[a-z]?)?\.?)\*\s*$", re.IGNORECASE)
_FRENCH_INTRO = re.compile(r"^\s*r[èe]gles?\b", re.IGNORECASE)


@dataclass
class Result:
    """One result as printed by ``kb search --json``.

    ``id`` is the rule number, card name, note id (``source#position``),
    section id or glossary term; ``snippet`` is HTML-safe with ``<b>`` around
    matched words as written; ``edition`` the latest edition (ISO date) the
    text holds in and ``editions`` all of them; ``exact`` marks rule-number
    and card-name matches; ``about`` is the card a note is about, the English
    name of a French card or the French name of an English card;
    ``equivalent_of`` is set on a current rule offered for an old number
    (``502.79`` of 2008 -> ``702.79``); ``current`` is False for texts that
    are not in the latest edition (or not the latest French wording)."""

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
    editions: list = field(default_factory=list)
    equivalent_of: Optional[str] = None
    current: bool = True
    key: str = field(default="", repr=False)

    def to_dict(self) -> dict:
        d = asdict(self)
        d.pop("key")
        return d


@dataclass
class SearchResponse:
    """``results`` (one page), ``notice`` (why the query was read literally,
    or other warnings), ``total`` (results in all pages, estimated for large
    full-text counts), ``offset``/``limit`` (the page), ``corrections``
    (misspelt word -> word searched), ``expansions`` ([french, english]
    pairs used), ``scope`` (``default``, ``all-editions`` or the editions
    asked for)."""

    query: str
    results: list[Result]
    notice: Optional[str] = None
    total: int = 0
    offset: int = 0
    limit: int = 10
    corrections: dict = field(default_factory=dict)
    expansions: list = field(default_factory=list)
    scope: str = "default"

    @property
    def has_more(self) -> bool:
        return self.offset + len(self.results) < self.total

    def to_dict(self) -> dict:
        return {"query": self.query, "notice": self.notice, "total": self.total, "offset": self.offset,
                "limit": self.limit, "has_more": self.has_more, "corrections": self.corrections,
                "expansions": self.expansions, "scope": self.scope,
                "results": [r.to_dict() for r in self.results]}


def _result(hit: Hit, exact: bool = False, equivalent_of: Optional[str] = None,
            latest: Optional[dict] = None) -> Result:
    about = hit.extra.get("about") or hit.extra.get("card") or None
    if about == hit.ident:
        about = None
    current = True
    if hit.extra.get("edition_source") and latest:
        current = hit.edition == latest.get(hit.lang)
    return Result(kind=hit.kind, id=hit.ident, lang=hit.lang, edition=hit.edition, source=hit.source,
                  score=hit.score, snippet=hit.snippet, title=hit.title, exact=exact, about=about,
                  editions=hit.editions, equivalent_of=equivalent_of, current=current, key=hit.key)


class Searcher:
    """Opens the knowledge base and index of a data directory once, then
    answers many queries.  Raises store.KBNotFound if nothing is built."""

    def __init__(self, data_dir: Path):
        self.conn: sqlite3.Connection = store.connect(data_dir)
        self.index = Index(store.current_dir(data_dir) / store.INDEX_NAME)
        self._tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master")}
        self.latest = {r[0]: r[1] for r in self.conn.execute("SELECT lang, max(date) FROM editions GROUP BY lang")}

    def close(self) -> None:
        self.index.close()
        self.conn.close()

    # ------------------------------------------------------------------ API

    def search(self, query: str, limit: int = 10, kind: Optional[str] = None,
               lang: Optional[str] = None, offset: int = 0, all_editions: bool = False,
               edition: Optional[str] = None) -> SearchResponse:
        """Results ``offset`` to ``offset + limit`` for ``query`` (see the
        module docstring for the order).

        ``kind`` is one of :data:`KINDS`; ``lang`` is ``fr`` or ``en``;
        ``edition`` an ISO date or prefix (``2008``); ``all_editions``
        searches every edition.  Raises ValueError for an unknown ``kind``
        or ``lang``; never raises on the query text itself."""
        if kind and kind not in KINDS:
            raise ValueError(f"unknown kind {kind!r} (expected one of {', '.join(KINDS)})")
        if lang and lang not in ("fr", "en"):
            raise ValueError(f"unknown language {lang!r} (expected fr or en)")
        limit, offset = max(1, int(limit)), max(0, int(offset))
        text = " ".join(query.split())
        if not text:
            return SearchResponse(query, [], notice="empty query: nothing to search", limit=limit)
        want = offset + limit
        parsed = parse_query(text)
        scope = Scope(kinds=[kind] if kind else parsed.filters.get("kind"),
                      langs=[lang] if lang else parsed.filters.get("lang"),
                      editions=[edition] if edition else parsed.filters.get("edition"),
                      all_editions=all_editions)
        scope_name = ("all-editions" if all_editions else "default") if not scope.editions \
            else "editions " + ", ".join(scope.editions)
        response = SearchResponse(query, [], notice=parsed.notice, offset=offset, limit=limit, scope=scope_name)

        exact: list[Result] = []
        notes: list[str] = []
        core = _unfiltered_text(text) if parsed.filters else text
        if parsed.literal:
            core = " ".join(w.text for w in words_of(parsed.tree))
        number_query = False
        numbers: list[str] = []
        if scope.kinds in (None, ["rule"]) or (scope.kinds and "rule" in scope.kinds):
            numbers, prefix = _rule_numbers(core)
            if numbers:
                number_query = True
                exact = self._rule_hits(numbers, prefix, scope, french_first=bool(_FRENCH_INTRO.match(core)),
                                        notes=notes)
        deferred: list[Result] = []
        if not number_query and (scope.kinds is None or "card" in scope.kinds):
            exact = self._card_hits(core, scope)
            if exact and is_term(self.index.expansions(), analyze, core):
                # « Persistance » is a card but first a keyword: its rules come first.
                deferred, exact = exact, []
        seen = {r.key for r in exact + deferred}
        results = list(exact)

        tree = parsed.tree
        if number_query:  # then the rules citing those numbers
            words = [Word(n) for n in numbers]
            tree = words[0] if len(words) == 1 else Any(tuple(words))
        if tree is not None and len(results) < want:
            tree, corrections = self._correct(tree) if not number_query else (tree, {})
            response.corrections = corrections
            used: list = []
            tree = expand(tree, self.index.expansions(), analyze, used)
            response.expansions = [list(p) for p in dict.fromkeys(used)]
            hits, total = self.index.run(tree, scope, limit=want, exclude_keys=seen)
            results.extend(_result(h, latest=self.latest) for h in hits)
            seen.update(h.key for h in hits)
            full_total = total
            if len(results) < want and _has_several(tree):
                more, more_total = self.index.run(tree, scope, limit=want, exclude_keys=seen, loose=True)
                results.extend(_result(h, latest=self.latest) for h in more[: want - len(results)])
                full_total = max(total + len(more), more_total)
            response.total = len(exact) + len(deferred) + full_total
            if corrections:
                notes.append("searched " + ", ".join(f"« {b} » for « {a} »" for a, b in corrections.items()))
        elif tree is None and parsed.filters and not exact:
            hits, total = self.index.filter_only(scope, limit=want)
            results.extend(_result(h, latest=self.latest) for h in hits)
            response.total = total
        else:
            response.total = len(results)
        if deferred:
            at = len(exact) + DEFERRED_AT
            results[at:at] = deferred
        response.total = max(response.total, len(results))
        response.results = results[offset:offset + limit]
        if notes:
            response.notice = "; ".join(([response.notice] if response.notice else []) + notes)
        return response

    # ------------------------------------------------------------------ parts

    def _rule_hits(self, numbers: list[str], prefix: bool, scope: Scope, french_first: bool,
                   notes: list[str]) -> list[Result]:
        hits = self.index.by_number(numbers, scope, prefix=prefix)
        out = [_result(h, exact=True, latest=self.latest) for h in hits]
        if french_first:
            out.sort(key=lambda r: r.lang != "fr")  # stable: keeps the number order within a language
        # A number the latest English edition lacks: show its last English version.
        english_now = {h.number for h in hits if h.lang == "en"}
        english_ok = "en" in self.latest and (not scope.langs or "en" in scope.langs)
        missing = [n for n in numbers if n not in english_now] if english_ok and not prefix else []
        if missing and not scope.all_editions and not scope.editions:
            wider = Scope(kinds=scope.kinds, langs=["en"], all_editions=True)
            old = self.index.by_number(missing, wider)
            latest_per_number: dict = {}
            for h in old:  # the last version of each number
                if h.number not in latest_per_number or (h.edition or "") > (latest_per_number[h.number].edition or ""):
                    latest_per_number[h.number] = h
            for n in missing:
                h = latest_per_number.get(n)
                if h is not None:
                    out.append(_result(h, exact=True, latest=self.latest))
                    notes.append(f"{n} is not in the latest edition (last seen {h.edition})")
        # Old numbers: offer the rule that holds the same text today.
        offered = {r.id for r in out if r.current and r.lang == "en"}
        for r in list(out):
            if r.kind != "rule" or (r.current and r.lang == "en"):
                continue
            for n in self._current_equivalents(r.id, r.edition) or self._same_title(r):
                if n in offered:
                    continue
                offered.add(n)
                current = Scope(kinds=["rule"], langs=["en"])
                for h in self.index.by_number([n], current):
                    out.append(_result(h, equivalent_of=r.id, latest=self.latest))
        return out

    def _same_title(self, r: Result) -> list[str]:
        """Without a rule history: the latest-edition rule whose heading is
        the title of ``r`` (translated through the glossary for a French
        rule): « 702.92 Association d'âmes » (2012 FAQ) -> 702.95 Soulbond."""
        title = r.title.split(" ", 1)[1].strip() if " " in r.title else ""
        if not title or "en" not in self.latest:
            return []
        names = {title.lower()}
        if r.lang == "fr":
            names = {en.lower() for fr, en in self.index.expansions().get("pairs", [])
                     if fold_name(fr) == fold_name(title)}
        out = []
        for name in sorted(names):
            hits, _ = self.index.run(Phrase(name, "en"), Scope(kinds=["rule"], langs=["en"]), limit=5)
            out.extend(h.number for h in hits
                       if h.number and (h.title.split(" ", 1)[1:] or [""])[0].strip().lower() == name)
        return list(dict.fromkeys(out))[:2]

    def _current_equivalents(self, number: str, edition: str) -> list[str]:
        """Numbers in the latest edition for rule ``number`` of the edition
        in force on ``edition``; [] when unknown (no history)."""
        if "rule_maps" not in self._tables or not edition:
            return []
        try:
            from kb.rules import history
        except ImportError:
            return []
        try:
            return list(history.current_equivalent(self.conn, number, edition))[:3]
        except (KeyError, ValueError, sqlite3.Error):
            pass
        try:  # a FAQ may quote a rule before the edition adding it: try the next edition
            later = [e for e in history.editions_holding(self.conn, number) if e > edition][:1]
            return list(history.current_equivalent(self.conn, number, later[0]))[:3] if later else []
        except (KeyError, ValueError, sqlite3.Error, AttributeError):
            return []

    def _card_hits(self, text: str, scope: Scope) -> list[Result]:
        """Documents of the card whose French or English name is ``text``."""
        wanted = fold_name(text.strip('"«» '))
        if not wanted:
            return []
        english: list[str] = []
        french_name = False
        if "mtg_names" in self._tables:
            rows = self.conn.execute("SELECT DISTINCT name, lang FROM mtg_names WHERE fold = ?", (wanted,)).fetchall()
            english = sorted({r[0] for r in rows})[:3]
            french_name = bool(rows) and all(r[1] == "fr" for r in rows)
        keys: list[str] = []
        for row in self.conn.execute("SELECT source, cid, name FROM card_records"):
            if fold_name(row["name"]) == wanted:
                keys.append(f"card:{row['source']}:{row['cid']}")
                french_name = True
        hits = [h for h in (self.index.get(k) for k in keys) if h is not None]
        for name in english:
            hits.extend(h for h in self.index.by_card(name, scope) if h.key not in keys)
        if scope.langs:
            hits = [h for h in hits if h.lang in scope.langs]
        hits.sort(key=lambda h: (h.lang != ("fr" if french_name else "en")))
        return [_result(h, exact=True, latest=self.latest) for h in hits]

    def _correct(self, tree):
        """``tree`` with unknown words replaced by the nearest indexed word
        (glossary terms are never corrected: « banding » stays « banding »
        even in a knowledge base that never prints it)."""
        corrections: dict = {}
        table = self.index.expansions()

        def fix(node):
            if isinstance(node, Word):
                if node.lang or self.index.known(node.text) or is_term(table, analyze, node.text):
                    return node
                better = self.index.correct(node.text)
                if better is None:
                    return node
                corrections[node.text] = better
                return Word(better)
            if isinstance(node, Not):
                return Not(fix(node.node))
            if isinstance(node, All):
                return All(tuple(fix(n) for n in node.nodes))
            if isinstance(node, Any):
                return Any(tuple(fix(n) for n in node.nodes), alt=node.alt)
            return node

        return fix(tree), corrections


def _has_several(tree) -> bool:
    return isinstance(tree, All) and sum(not isinstance(n, Not) for n in tree.nodes) > 1


def _unfiltered_text(text: str) -> str:
    """The query text without its ``name:value`` filters."""
    return " ".join(re.sub(r'(?<!\S)[^\W\d_][\w-]*:(?:"[^"]*"|«[^»]*»|\S+)', " ", text).split())


def _rule_numbers(text: str) -> tuple[list[str], bool]:
    """(numbers, prefix) if the whole query is a rule reference, else ([], False)."""
    m = _PREFIX.match(text)
    if m:
        return [m.group(1).rstrip(".").lower()], True
    if not _NUMBERISH.match(text):
        return [], False
    from parser.references import parse_reference

    try:
        numbers = parse_reference(text.strip().rstrip(".").lower())
    except ValueError:
        return [], False
    return list(dict.fromkeys(n for n in numbers if "l" not in n[-1:] and "o" not in n[-1:])), False
