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

import json
import re
import sqlite3
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Optional

from kb.cards import names
from kb.search.budget import SEARCH_TIME_LIMIT, time_limit
from kb.search.expansions import current_table, expand, is_term
from kb.search.index import Index, analyze
from kb.search.ordering import (DEFERRED_AT, after_its_notes, labelled, rules_before_cards, title_key, titles_first,
                                 wanted_titles)
from kb.search.query import All, Any, Not, ParsedQuery, Phrase, Word, parse_query, words_of
from kb.search.results import Result, SearchResponse, group_cards
from kb.search.scope import Scope
from kb.search.spelling import Speller
from kb.search.words import LANGS
from kb.store import db as store
from parser.textkeys import fold_name

KINDS = ("rule", "card", "note", "section", "glossary", "ruling")


#: The first full-text pass reads at least this many hits: when fewer
#: match (and the looser pass found no more), they are all there is and the
#: total is exact (« 19 results », never « about 30 »); beyond it the
#: engine's estimate is shown (« about 1867 »).
EXACT_UP_TO = 40

#: The first full-text pass reads at least this many hits, whatever the page
#: size: the entries a query names are found among them (« initiative »
#: ranks the same with --limit 5 as with --limit 10).
MIN_FETCH = 20

#: The notes about a card whose name the query is are looked for among this many first hits.
NAMED_CARD_WITHIN = 10

#: Rulings join a search without ``kind:`` from this many words on (a sentence quoted from a
#: ruling, not a few rules words: the extra pass costs as much as the main one), at most this many.
RULING_WORDS = 6
RULINGS_SHOWN = 3

#: A whole query that may be a rule reference (parsed by parser.references).
_NUMBERISH = re.compile(r"^\s*(?:(?:rules?|r[èe]gles?)\s+)?\d{3}(?:\.\d+[a-z]?)?"
                        r"(?:\s*[-–—,]\s*(?:\d{3}(?:\.\d+[a-z]?)?|[a-z])|\s+(?:et|and|ou|or)\s+\d{3}(?:\.\d+[a-z]?)?)*"
                        r"\.?\s*$", re.IGNORECASE)
_PREFIX = re.compile(r"^\s*(?:(?:rules?|r[èe]gles?)\s+)?(\d{3}(?:\.\d+[a-z]?)?\.?)\*\s*$", re.IGNORECASE)
_FRENCH_INTRO = re.compile(r"^\s*r[èe]gles?\b", re.IGNORECASE)


@dataclass
class Answer:
    """One search as its steps fill it in.

    ``core`` is the query text without its filters (its plain words when it
    was read literally); ``want`` the number of results up to the end of the
    page; ``numbers`` the rule numbers when the query is a rule reference;
    ``exact`` the rule-number or card-name matches, first; ``deferred`` the
    card-name matches of a game term, placed after :data:`DEFERRED_AT`
    full-text results; ``results`` every result up to ``want``; ``notes``
    the notices to add to the response's."""

    parsed: ParsedQuery
    scope: Scope
    core: str
    want: int
    response: SearchResponse
    numbers: list[str] = field(default_factory=list)
    prefix: bool = False
    rule_like: bool = False
    exhausted: bool = False     # every result was read: the count is exact
    named: Optional[tuple] = None   # (name, card hit) the first notes are about (_named_card)
    exact: list[Result] = field(default_factory=list)
    deferred: list[Result] = field(default_factory=list)
    results: list[Result] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


class Searcher:
    """Opens the knowledge base and index of a data directory once, then
    answers many queries.  Raises store.KBNotFound if nothing is built."""

    def __init__(self, data_dir: Path):
        self.conn: sqlite3.Connection = store.connect(data_dir)
        index_dir = store.current_dir(data_dir) / store.INDEX_NAME
        self.index = Index(index_dir)
        self.speller = Speller(index_dir)
        self.table = current_table(index_dir, analyze)
        self.latest = {r[0]: r[1] for r in self.conn.execute("SELECT lang, max(date) FROM editions GROUP BY lang")}
        self._records: Optional[names.RecordNames] = None

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
        if lang and lang not in LANGS:
            raise ValueError(f"unknown language {lang!r} (expected fr or en)")
        limit, offset = max(1, int(limit)), max(0, int(offset))
        text = " ".join(query.split())
        if not text:
            return SearchResponse(query, [], notice="empty query: nothing to search", limit=limit)
        parsed = parse_query(text)
        scope = Scope(kinds=[kind] if kind else parsed.filters.get("kind"),
                      langs=[lang] if lang else parsed.filters.get("lang"),
                      editions=[edition] if edition else parsed.filters.get("edition"),
                      all_editions=all_editions)
        core = _unfiltered_text(text) if parsed.filters else text
        if parsed.literal:
            core = " ".join(w.text for w in words_of(parsed.tree))

        def run(want: int) -> Answer:
            answer = Answer(parsed, scope, core, want,
                            SearchResponse(query, [], notice=parsed.notice, offset=offset, limit=limit,
                                           scope=scope.label))
            self._number_step(answer)
            self._card_step(answer)
            self._text_step(answer)
            return answer

        with time_limit(SEARCH_TIME_LIMIT):   # (kb serve sets a shorter one around it)
            return _page(run(offset + limit))

    # ------------------------------------------------------------------ steps

    def _number_step(self, a: Answer) -> None:
        """A query that is a rule reference: those rules, exactly."""
        if not a.scope.includes_kind("rule"):
            return
        a.numbers, a.prefix = _rule_numbers(a.core)
        if a.numbers:
            a.exact = self._rule_hits(a, french_first=bool(_FRENCH_INTRO.match(a.core)))

    def _card_step(self, a: Answer) -> None:
        """A query that is a card name: that card's documents (deferred when
        the name is also a game term)."""
        if a.numbers or not a.scope.includes_kind("card"):
            return
        a.exact = self._card_hits(a.core, a.scope)
        if a.exact and is_term(self.table, analyze, a.core):
            # « Persistance » is a card but first a keyword: its rules come first.
            a.deferred, a.exact = a.exact, []

    def _text_step(self, a: Answer) -> None:
        """Full text after the exact matches: every word, then some of them
        (the rules citing the numbers of a rule reference); filters alone
        list the documents they accept."""
        a.results = list(a.exact)
        tree = a.parsed.tree
        if a.numbers:
            words = [Word(n) for n in a.numbers]
            tree = words[0] if len(words) == 1 else Any(tuple(words))
        if tree is None or len(a.results) >= a.want:
            if tree is None and a.parsed.filters and not a.exact:
                hits, a.response.total = self.index.filter_only(a.scope, limit=a.want)
                a.results.extend(hits)
            else:
                a.response.total = len(a.results)
            return
        corrections: dict = {}
        if not a.numbers and a.parsed.notice is None:   # a query read literally is not also re-spelled
            tree, corrections = self._correct(tree)
        a.response.corrections = corrections
        if corrections and not a.exact and not a.numbers and a.scope.includes_kind("card"):
            # « lightnig bolt » is the card Lightning Bolt once spelt right
            fixed = " ".join(corrections.get(w, w) for w in a.core.split())
            hits = self._card_hits(fixed, a.scope) if fixed != a.core and not a.deferred else []
            if hits and is_term(self.table, analyze, fixed):
                a.deferred = hits       # « persit »: the keyword Persist first, the card Persist later
            else:
                a.exact = hits
                a.results = list(hits)
        used: list = []
        tree = expand(tree, self.table, analyze, used)
        # a query that is a game term as a whole wants its rules before the cards
        a.rule_like = not a.scope.kinds and not a.exact and is_term(self.table, analyze, a.core)
        a.response.expansions = [list(p) for p in dict.fromkeys(used)]
        seen = {r.key for r in a.exact + a.deferred}
        main_scope = a.scope if a.scope.kinds else replace(a.scope, rulings=False)
        # twice the page: the documents of one card fold into one hit (_page)
        # at least EXACT_UP_TO hits are read: fewer are all there is, counted exactly
        fetch = max(2 * a.want, MIN_FETCH, EXACT_UP_TO)
        hits, total = self.index.run(tree, main_scope, limit=fetch, exclude_keys=seen)
        a.exhausted = len(hits) < fetch and not _has_several(tree)
        rulings, ruling_total = self._ruling_pass(a, tree)
        hits = self._cited_by_terms(titles_first(hits, a.core, used), a, used)
        self._named_card(hits, a)
        a.results.extend(hits)
        seen.update(h.key for h in hits)
        full_total = total
        if len(a.results) < a.want and _has_several(tree):
            room = a.want - len(a.results)
            more, more_total = self.index.run(tree, main_scope, limit=a.want, exclude_keys=seen, loose=True)
            a.results.extend(more[:room])
            a.exhausted = len(hits) < fetch and len(more) < room
            full_total = max(total + len(more), more_total)
        if rulings:
            at = len(a.exact) + DEFERRED_AT
            a.results[at:at] = rulings
        a.response.total = len(a.exact) + len(a.deferred) + full_total + ruling_total
        if corrections:
            a.notes.append("searched " + ", ".join(f"« {b} » for « {w} »" for w, b in corrections.items()))

    def _cited_by_terms(self, hits: list[Result], a: Answer, used: list) -> list[Result]:
        """``hits`` with, right after the glossary entries the query names
        (first, by :func:`_titles_first`), the rules those entries cite
        (« Mulligan »: 103.5, before 103.5b; « Initiative »: 725.1): a
        glossary entry says which rule the term is about.  A cited chapter
        (725) or keyword heading (702.19 Trample) brings its first rule,
        unless rules of that chapter already come next."""
        if not hits or not a.scope.includes_kind("rule"):
            return hits
        wanted = wanted_titles(a.core, used)
        named = 0
        while named < len(hits) and title_key(hits[named].title) in wanted:
            named += 1
        numbers: list[str] = []
        for h in hits[:named]:
            if h.kind == "glossary":
                row = self.conn.execute("SELECT refs FROM glossary WHERE term=? COLLATE NOCASE AND source=? "
                                        "AND term=?", (h.id, h.source, h.id)).fetchone()   # by glossary_term
                numbers += json.loads(row[0] or "[]") if row else []
        if not numbers:
            return hits
        scope = replace(a.scope, kinds=["rule"])
        cited: list[Result] = []
        following = [h.number or "" for h in hits[named:named + DEFERRED_AT]]
        for n in dict.fromkeys(numbers):
            if "." not in n and any(f.startswith(n + ".") for f in following):
                continue        # a chapter whose rules already follow (607 Linked Abilities: 607.2)
            found = self.index.by_number([n], scope)[:1]
            if not found or title_key(found[0].snippet) == title_key(found[0].title):
                found += self.index.by_number([f"{n}.1" if "." not in n else f"{n}a"], scope)[:1]
            cited += found
        keys = {h.key for h in hits[:named]}
        cited = [c for c in dict((c.key, c) for c in cited).values() if c.key not in keys]
        by_key = {h.key: h for h in hits[named:]}
        cited = [by_key.get(c.key, c) for c in cited]      # a cited rule found by the words keeps its snippet
        taken = {c.key for c in cited}
        return hits[:named] + cited + [h for h in hits[named:] if h.key not in taken]

    def _named_card(self, hits: list[Result], a: Answer) -> None:
        """The card that the first notes and FAQ records found are about,
        when the query is words of its name (« faerie »: the notes about
        Færie macabre): ``a.named``, which :func:`_page` puts right after
        them (its name alone would not rank it among the Faerie creatures)."""
        if a.exact or a.deferred or not a.scope.includes_kind("card"):
            return
        words = set(fold_name(a.core).split())
        for h in hits[:NAMED_CARD_WITHIN]:
            if h.kind not in ("note", "card") or not h.about or not words <= set(fold_name(h.about).split()):
                continue
            english = names.match_name(self.conn, h.about).cards[:1]
            cards = [c for c in self.index.by_card(english[0], a.scope) if c.kind == "card"][:1] if english else []
            if cards:
                a.named = (h.about, cards[0])
                return

    def _ruling_pass(self, a: Answer, tree) -> tuple[list[Result], int]:
        """Without a kind asked for, rulings come in their own pass, for
        sentence-like queries only (a judge quoting a ruling), placed after
        :data:`DEFERRED_AT` results: a few words find rules first."""
        if a.scope.kinds or a.numbers or len(words_of(a.parsed.tree)) < RULING_WORDS:
            return [], 0
        return self.index.run(tree, replace(a.scope, kinds=["ruling"]), limit=RULINGS_SHOWN)

    # ------------------------------------------------------------------ rule numbers

    def _rule_hits(self, a: Answer, french_first: bool) -> list[Result]:
        """The rules numbered ``a.numbers``, then the last version of those
        the latest English edition lacks, then the current rules holding
        what the old numbers said."""
        hits = self.index.by_number(a.numbers, a.scope, prefix=a.prefix)
        out = [replace(h, exact=True) for h in hits]
        if french_first:
            out.sort(key=lambda r: r.lang != "fr")  # stable: keeps the number order within a language
        english_now = {h.number for h in hits if h.lang == "en"}
        english_ok = "en" in self.latest and (not a.scope.langs or "en" in a.scope.langs)
        missing = [n for n in a.numbers if n not in english_now] if english_ok and not a.prefix else []
        if missing and not a.scope.all_editions and not a.scope.editions:
            out.extend(self._last_versions(missing, a.scope.kinds, a.notes))
        out.extend(self._equivalents(out))
        return out

    def _last_versions(self, numbers: list[str], kinds: Optional[list], notes: list[str]) -> list[Result]:
        """The last English version of each of ``numbers``, which the latest
        edition lacks (a note says when it was last seen)."""
        wider = Scope(kinds=kinds, langs=["en"], all_editions=True)
        last: dict = {}
        for h in self.index.by_number(numbers, wider):
            if h.number not in last or (h.edition or "") > (last[h.number].edition or ""):
                last[h.number] = h
        out = []
        for n in numbers:
            h = last.get(n)
            if h is not None:
                out.append(replace(h, exact=True))
                notes.append(f"{n} is not in the latest edition (last seen {h.edition})")
        return out

    def _equivalents(self, found: list[Result]) -> list[Result]:
        """For each old or French rule of ``found``, the current English
        rules holding the same text today (``equivalent_of`` set)."""
        offered = {r.id for r in found if r.current and r.lang == "en"}
        current = Scope(kinds=["rule"], langs=["en"])
        out = []
        for r in found:
            if r.kind != "rule" or (r.current and r.lang == "en"):
                continue
            for n in self._current_equivalents(r.id, r.edition) or self._same_title(r):
                if n in offered:
                    continue
                offered.add(n)
                out.extend(replace(h, equivalent_of=r.id) for h in self.index.by_number([n], current))
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
            names = {en.lower() for fr, en in self.table.get("pairs", []) if fold_name(fr) == fold_name(title)}
        out = []
        for name in sorted(names):
            hits, _ = self.index.run(Phrase(name, "en"), Scope(kinds=["rule"], langs=["en"]), limit=5)
            out.extend(h.number for h in hits
                       if h.number and (h.title.split(" ", 1)[1:] or [""])[0].strip().lower() == name)
        return list(dict.fromkeys(out))[:2]

    def _current_equivalents(self, number: str, edition: Optional[str]) -> list[str]:
        """Numbers in the latest edition for rule ``number`` of the edition
        in force on ``edition``; [] when unknown (no rule history)."""
        # only old numbers need the rule history: a plain search starts without it
        from kb.rules import lineage as rule_lineage
        from kb.rules import versions

        if not edition:
            return []
        try:
            return list(rule_lineage.current_equivalent(self.conn, number, edition))[:3]
        except (KeyError, ValueError):
            pass
        # A FAQ may quote a rule before the edition adding it: try the next edition.
        later = [e for e in versions.editions_holding(self.conn, number) if e > edition][:1]
        if not later:
            return []
        try:
            return list(rule_lineage.current_equivalent(self.conn, number, later[0]))[:3]
        except (KeyError, ValueError):
            return []

    # ------------------------------------------------------------------ card names

    def _card_hits(self, text: str, scope: Scope) -> list[Result]:
        """Documents of the card whose French or English name is ``text``."""
        wanted = fold_name(text.strip('"«» '))
        if not wanted:
            return []
        match = names.match_name(self.conn, wanted)
        english = match.cards[:3]
        french_name = match.french_only
        if self._records is None:
            self._records = names.RecordNames(self.conn)    # read once, not on every query
        keys = [f"card:{r['source']}:{r['cid']}" for r in self._records.named(wanted)]
        french_name = french_name or bool(keys)
        hits = [h for h in (self.index.get(k) for k in keys) if h is not None]
        for name in english:
            hits.extend(h for h in self.index.by_card(name, scope) if h.key not in keys)
        if scope.langs:
            hits = [h for h in hits if h.lang in scope.langs]
        hits.sort(key=lambda h: (h.lang != ("fr" if french_name else "en")))
        return [replace(h, exact=True) for h in hits]

    # ------------------------------------------------------------------ spelling

    def _correct(self, tree):
        """``tree`` with unknown words replaced by the nearest indexed word
        (glossary terms are never corrected: « banding » stays « banding »
        even in a knowledge base that never prints it), and the corrections
        made {typed: searched}."""
        corrections: dict = {}

        def fix(node):
            if isinstance(node, Word):
                if node.lang or self.index.known(node.text) or is_term(self.table, analyze, node.text):
                    return node
                better = self.speller.correct(node.text)
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


def _page(a: Answer) -> SearchResponse:
    """The response: deferred card matches put in place, the documents of one
    card folded into one hit, the page cut, the notices joined."""
    results = a.results
    if a.deferred:
        at = len(a.exact) + DEFERRED_AT
        results[at:at] = a.deferred
    if a.rule_like:
        results = rules_before_cards(results, len(a.exact))
    if a.named:
        results = after_its_notes(results, *a.named)
    results, folded = group_cards(results)
    response = a.response
    response.total = max(response.total - folded, len(results))
    if a.exhausted:
        response.total, response.total_exact = len(results), True
    page = results[response.offset:response.offset + response.limit]
    response.results = [labelled(r, a.scope).fill_snippet() for r in page]
    if a.notes:
        response.notice = "; ".join(([response.notice] if response.notice else []) + a.notes)
    return response


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
