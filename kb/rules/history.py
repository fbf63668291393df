"""Rule history across Comprehensive Rules editions: versioned store, maps, lineage.

The 102 English editions hold about 205,000 rule occurrences but only about
15,000 distinct texts.  This module stores each distinct version of a rule
once and records in which editions it holds, maps every rule of an edition
to the next edition, and chains those maps into a lineage per rule.

Tables (added to the knowledge base file next to :mod:`kb.store.db`'s)::

    history_editions (edition, source, lang, position)      editions in date order
    rule_versions    (vid, number, lang, title, text, examples, text_hash,
                      first_edition, last_edition, edition_count)
    rule_occurrences (vid, edition, position)                one row per rule per edition
    rule_maps        (from_edition, from_number, to_edition, to_number,
                      relation, score, change)                edition -> next edition
    edition_rules    (VIEW: edition, position, vid, number, lang, title, text, examples)

``relation`` of a map row (``from_*`` is in the earlier edition, ``to_*`` in
the next one; one of the two numbers is NULL for ``added``/``removed``):

* ``same``      same number, same words (``change`` may still be ``typo`` or ``refs``)
* ``reworded``  same number, words changed
* ``moved``     renumbered (``change`` says whether the words changed too)
* ``split``     a secondary successor: part of the old rule's text went to this new rule
                (the old rule's main successor has its own ``same``/``reworded``/``moved`` row)
* ``merged``    a secondary predecessor: this old rule's text now lives inside a rule
                that has another main predecessor
* ``added`` / ``removed``

``change`` compares the two texts (title, body, examples): ``none`` (identical),
``typo`` (only quotes, dashes, italics markers or lost-quote ``?`` differ),
``refs`` (only cited rule numbers differ, e.g. after a renumbering), ``words``.
``score`` is the rapidfuzz similarity (0-100) of the two texts with cited rule
numbers masked.

Matching an edition to the next (:func:`map_editions`): same number and text
first, then identical texts under a new number, then a fuzzy assignment
(rapidfuzz ``fuzz.ratio`` on normalised text, with bonuses for the same
number, the same title and a parent that maps to the candidate's parent),
then splits and merges (rapidfuzz ``fuzz.partial_ratio``: the new rule's text
lies inside the old one, next to the old rule's main successor).

Public API: :func:`build_history`, :func:`add_edition`, :func:`lineage`,
:func:`diff_editions`, :func:`current_equivalent`, :func:`rule_version`,
:func:`rules_of_edition`, :func:`history_editions`, :func:`map_editions`,
:func:`format_lineage`, :func:`format_diff`.
"""
from __future__ import annotations

import hashlib
import json
import math
import re
import sqlite3
import time
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from functools import lru_cache

from typing import Iterable, Optional, Sequence

from rapidfuzz import fuzz, process

from kb.model import RULE_NUMBER_RE, Rule, rule_sort_key
from kb.progress import Progress, no_progress
from parser.textkeys import typo_key

#: Relations whose row links a rule to its main successor / predecessor.
PRIMARY = ("same", "reworded", "moved")
#: Preference when several maps leave or reach one rule.
_RANK = {"same": 0, "reworded": 1, "moved": 2, "merged": 3, "split": 4}

# ---------------------------------------------------------------- text keys

_CITED_RE = re.compile(r"(?<![\d.])\d{3}(?:\.\d+[a-z]?)?(?![\d])")
def masked_key(text: str) -> str:
    """:func:`typo_key` with every cited rule number replaced by ``#``, so that
    a renumbering elsewhere does not count as a change of this rule."""
    return _CITED_RE.sub("#", typo_key(text))


#: Old wordings and their modern form, applied to the fuzzy-matching key only
#: (the Magic 2010 rewrite, the 2017 pronoun change, the 2021 « mana value »...),
#: so that a rule reworded by a terminology change still finds itself.
_MODERN_TERMS = tuple((re.compile(p), r) for p, r in (
    (r"\bremoved? from the game\b", "exile"), (r"\bremoves? (\w+) from the game\b", r"exiles \1"),
    (r"\bcomes? into play\b", "enters the battlefield"), (r"\bput into play\b", "put onto the battlefield"),
    (r"\bputs? (\w+) into play\b", r"put \1 onto the battlefield"),
    (r"\bleaves? play\b", "leaves the battlefield"), (r"\bfrom play\b", "from the battlefield"),
    (r"\bin play\b", "on the battlefield"), (r"\binto play\b", "onto the battlefield"),
    (r"\bplay(s|ed|ing)? (an? |the |that |this |its )?(\w+ )?abilit", r"activate\1 \2\3abilit"),
    (r"\bhe or she\b", "they"), (r"\bhis or her\b", "their"), (r"\bhim or her\b", "them"),
    (r"\bconverted mana cost\b", "mana value"), (r"\bstate-based effect(s?)\b", r"state-based action\1"),
    (r"\bremoved-from-the-game zone\b", "exile"),
))


def fuzzy_key(text: str) -> str:
    """The matching key: :func:`masked_key`, lower-cased, old terms modernised."""
    key = masked_key(text).lower()
    for pattern, repl in _MODERN_TERMS:
        key = pattern.sub(repl, key)
    return key


def _body(title: Optional[str], text: Optional[str]) -> str:
    if title and (not text or text.strip() == title.strip()):
        return title.strip()
    return f"{title or ''}\n{text or ''}".strip()


def change_kind(a_title, a_text, a_examples, b_title, b_text, b_examples) -> str:
    """``none`` / ``typo`` / ``refs`` / ``words``: how two versions of a rule
    differ (see the module docstring).  Examples are lists of strings."""
    if (a_title or None, a_text or "", list(a_examples)) == (b_title or None, b_text or "", list(b_examples)):
        return "none"
    ta = _body(a_title, a_text) + "\n" + "\n".join(a_examples)
    tb = _body(b_title, b_text) + "\n" + "\n".join(b_examples)
    if typo_key(ta) == typo_key(tb):
        return "typo"
    if masked_key(ta) == masked_key(tb):
        return "refs"
    return "words"


# ---------------------------------------------------------------- matching


@dataclass
class Node:
    """One rule of an edition as the matcher sees it."""

    number: str
    title: Optional[str]
    text: str
    examples: tuple = ()
    parent: Optional[str] = None
    masked: str = ""
    fuzzy: str = ""
    title_key: str = ""
    tokens: frozenset = frozenset()

    @classmethod
    def make(cls, number: str, title: Optional[str], text: str, examples: Sequence[str] = (),
             parent: Optional[str] = None) -> "Node":
        body = _body(title, text)
        return cls(number, title, text or "", tuple(examples), parent if parent is not None else _parent(number),
                   masked_key(body), fuzzy_key(body), typo_key(title or "").lower(),
                   frozenset(_TOKEN_RE.findall(fuzzy_key(body))))


@dataclass
class Link:
    """One map row between two consecutive editions (numbers are None for
    ``added`` / ``removed``)."""

    from_number: Optional[str]
    to_number: Optional[str]
    relation: str
    score: float
    change: Optional[str] = None


def _parent(number: str) -> Optional[str]:
    m = RULE_NUMBER_RE.match(number)
    if not m:
        return None
    if m.group("letter"):
        return f"{m.group('chapter')}.{m.group('rule')}"
    if m.group("rule"):
        return m.group("chapter")
    return None


_TOKEN_RE = re.compile(r"[a-z0-9{}/+\-]+")


def _weights(a: Sequence[Node], b: Sequence[Node]) -> dict[str, float]:
    """Inverse document frequency of each word over the rules of both editions."""
    df: dict[str, int] = defaultdict(int)
    for node in (*a, *b):
        for t in node.tokens:
            df[t] += 1
    n = len(a) + len(b) + 1
    return {t: math.log(n / (c + 1)) + 0.1 for t, c in df.items()}


class _LazyWeights(dict):
    """:func:`_weights`, computed on first use (most edition pairs never need it)."""

    def __init__(self, a: Sequence[Node], b: Sequence[Node]):
        super().__init__()
        self._src: Optional[tuple] = (a, b)

    def __missing__(self, token: str) -> float:
        if self._src is not None:
            self.update(_weights(*self._src))
            self._src = None
            if token in self:
                return self[token]
        return 1.0


def _weighted_overlap(x: Node, y: Node, w: dict[str, float]) -> float:
    """Weighted Jaccard similarity of the two rules' words (0-1): rare words
    (a keyword's name) weigh much more than « the » or « creature »."""
    inter = sum(w[t] for t in x.tokens & y.tokens)
    union = inter + sum(w[t] for t in x.tokens ^ y.tokens)
    return inter / union if union else 1.0


def _letter(number: str) -> str:
    return number[-1] if number[-1].isalpha() else ""


#: Fuzzy assignment rounds: (minimum adjusted score, minimum raw similarity).
_ROUNDS = ((95, 85), (85, 70), (72, 58), (66, 50))
_SPLIT_MIN = 80
_STRUCTURAL_MIN = 30
_SANDWICH_MIN = 36


def map_editions(a: Sequence[Node], b: Sequence[Node]) -> list[Link]:
    """Map every rule of edition ``a`` to edition ``b`` (the next one).

    Returns one Link per pairing plus ``added``/``removed`` rows, so every
    number of ``a`` appears as ``from_number`` and every number of ``b`` as
    ``to_number`` at least once.  Pure function: no database access.
    """
    a_by = {x.number: x for x in a}
    b_by = {y.number: y for y in b}
    fwd: dict[str, str] = {}      # a number -> b number (main successor)
    back: dict[str, str] = {}     # b number -> a number (main predecessor)
    scores: dict[str, float] = {}

    def pair(x: Node, y: Node, score: float) -> None:
        fwd[x.number], back[y.number], scores[x.number] = y.number, x.number, score

    # 1. same number, same words
    for x in a:
        y = b_by.get(x.number)
        if y is not None and y.masked == x.masked:
            pair(x, y, 100.0)

    # 2. the same words under another number
    groups_a: dict[str, list[Node]] = defaultdict(list)
    groups_b: dict[str, list[Node]] = defaultdict(list)
    for x in a:
        if x.number not in fwd and x.masked:
            groups_a[x.masked].append(x)
    for y in b:
        if y.number not in back and y.masked:
            groups_b[y.masked].append(y)
    for key, xs in groups_a.items():
        ys = groups_b.get(key)
        if not ys:
            continue
        if len(xs) == 1 and len(ys) == 1:
            pair(xs[0], ys[0], 100.0)
            continue
        cands = []
        for x in xs:
            for y in ys:
                bonus = (10 if fwd.get(x.parent) == y.parent else 0) + (3 if _letter(x.number) == _letter(y.number) else 0)
                cands.append((-bonus, rule_sort_key(x.number), rule_sort_key(y.number), x, y))
        cands.sort(key=lambda c: c[:3])
        for _, _, _, x, y in cands:
            if x.number not in fwd and y.number not in back:
                pair(x, y, 100.0)

    # 3. fuzzy assignment of what is left, in rounds of decreasing confidence.
    #    similarity = mean of rapidfuzz ratio (0-100) and the IDF-weighted word
    #    overlap (0-100), plus structural bonuses.
    ua = [x for x in a if x.number not in fwd]
    ub = [y for y in b if y.number not in back]
    w = _LazyWeights(a, b)
    if ua and ub:
        choices = [y.fuzzy for y in ub]
        index_b = {y.number: j for j, y in enumerate(ub)}
        children_b: dict[str, list[int]] = defaultdict(list)
        for j, y in enumerate(ub):
            if y.parent:
                children_b[y.parent].append(j)
        raw: dict[str, dict[int, float]] = {}

        def sim(x: Node, y: Node, r: Optional[float] = None) -> float:
            if r is None:
                r = fuzz.ratio(x.fuzzy, y.fuzzy)
            return (r + 100 * _weighted_overlap(x, y, w)) / 2

        for x in ua:
            found = process.extract(x.fuzzy, choices, scorer=fuzz.ratio, limit=8, score_cutoff=40)
            raw[x.number] = {j: sim(x, ub[j], r) for _, r, j in found}
            j = index_b.get(x.number)
            if j is not None and j not in raw[x.number]:
                raw[x.number][j] = sim(x, ub[j])
        for min_adj, min_raw in (*_ROUNDS, *_ROUNDS[1:]):  # again: new parents help their subrules
            cands = []
            for x in ua:
                if x.number in fwd:
                    continue
                pool = raw[x.number]
                target_parent = fwd.get(x.parent) if x.parent else None
                if target_parent:
                    for j in children_b.get(target_parent, ()):
                        if j not in pool:
                            pool[j] = sim(x, ub[j])
                for j, s in pool.items():
                    y = ub[j]
                    if y.number in back or s < min_raw:
                        continue
                    adj = s
                    if y.number == x.number:
                        adj += 8
                    if x.parent and target_parent == y.parent:
                        adj += 12 if _letter(x.number) != _letter(y.number) else 16
                    elif target_parent and y.parent and (_parent(y.parent) == target_parent
                                                         or _parent(target_parent) == y.parent):
                        adj += 4   # one level up or down under the right rule
                    elif x.parent and y.parent and target_parent and target_parent != y.parent:
                        adj -= 15
                    if x.title_key and x.title_key == y.title_key:
                        adj += 20
                    if adj >= min_adj:
                        cands.append((adj, s, x, y))
            cands.sort(key=lambda c: (-c[0], -c[1], rule_sort_key(c[2].number)))
            for adj, s, x, y in cands:
                if x.number not in fwd and y.number not in back:
                    pair(x, y, float(s))
        # last round: the same subrule letter under the rule its parent became
        # (« 502.68a Lifelink is a triggered ability » -> « 702.13a Lifelink is a
        # static ability »): the definition stays the first subrule.
        by_number_b = {y.number: y for y in ub}
        count_a: dict[str, int] = defaultdict(int)
        count_b: dict[str, int] = defaultdict(int)
        for node in a:
            count_a[node.parent] += 1
        for node in b:
            count_b[node.parent] += 1
        for x in ua:
            if x.number in fwd or not _letter(x.number) or x.parent not in fwd:
                continue
            if _letter(x.number) != "a" and count_a[x.parent] != count_b[fwd[x.parent]]:
                continue   # other slots only when the rule kept its number of subrules
            y = by_number_b.get(fwd[x.parent] + _letter(x.number))
            if y is not None and y.number not in back:
                short, long_ = (x, y) if len(x.fuzzy) <= len(y.fuzzy) else (y, x)
                s = max(sim(x, y), _contained(short, long_, w))   # « X is a triggered ability … » -> « X is a static ability. »
                if s >= _STRUCTURAL_MIN:
                    pair(x, y, float(s))

    kids_a: dict[str, list[str]] = defaultdict(list)
    kids_b: dict[str, list[str]] = defaultdict(list)
    for x in a:
        if x.parent:
            kids_a[x.parent].append(x.number)
    for y in b:
        if y.parent:
            kids_b[y.parent].append(y.number)

    # 3a. a rule left over between two neighbours that were matched goes to
    #     the rule between their successors (« 306.7 » rewritten as a note on
    #     the rule that was removed stays 306.7)
    for parent, kids in kids_a.items():
        for i, xn in enumerate(kids):
            if xn in fwd:
                continue
            before = kids[i - 1] if i else parent
            after = kids[i + 1] if i + 1 < len(kids) else None
            if before not in fwd or (after is not None and after not in fwd):
                continue
            tb = fwd[before]
            if before == parent:
                row = kids_b.get(tb, [])
                cand = row[0] if row else None
            else:
                row = kids_b.get(_parent(tb) or "", [])
                j = row.index(tb) if tb in row else -1
                cand = row[j + 1] if 0 <= j < len(row) - 1 else None
            if cand is None or cand in back:
                continue
            if after is not None:
                row = kids_b.get(_parent(cand) or "", [])
                j = row.index(cand)
                if j + 1 >= len(row) or row[j + 1] != fwd[after]:
                    continue
            x, y = a_by[xn], b_by[cand]
            s = (fuzz.ratio(x.fuzzy, y.fuzzy) + 100 * _weighted_overlap(x, y, w)) / 2
            if s >= _SANDWICH_MIN:
                pair(x, y, float(s))

    # 3b. a heading (a chapter, or a rule that is only a title) left over goes
    #     where most of its subrules went
    extra: list[Link] = []
    merged_a: set[str] = set()
    def heading(node: Node) -> bool:
        return "." not in node.number or (bool(node.title) and _body(node.title, node.text) == node.title.strip())

    for x in a:
        if x.number in fwd or not kids_a.get(x.number) or not heading(x):
            continue
        votes = [_parent(fwd[c]) for c in kids_a[x.number] if c in fwd]
        top = _majority(votes, len(kids_a[x.number]))
        if top and top in b_by:
            if top not in back:
                pair(x, b_by[top], 0.0)
            else:
                extra.append(Link(x.number, top, "merged", 0.0, "words"))
                merged_a.add(x.number)
    for y in b:
        if y.number in back or not kids_b.get(y.number) or not heading(y):
            continue
        votes = [_parent(back[c]) for c in kids_b[y.number] if c in back]
        top = _majority(votes, len(kids_b[y.number]))
        if top and top in a_by:
            if top not in fwd:
                pair(a_by[top], y, 0.0)
            else:
                extra.append(Link(top, y.number, "split", 0.0, "words"))
                back[y.number] = top

    links: list[Link] = []
    for x in a:
        if x.number in fwd:
            y = b_by[fwd[x.number]]
            change = change_kind(x.title, x.text, x.examples, y.title, y.text, y.examples)
            if x.number != y.number:
                rel = "moved"
            else:
                rel = "reworded" if change == "words" else "same"
            links.append(Link(x.number, y.number, rel, round(scores[x.number], 1), change))

    links.extend(extra)
    # 4. splits (a new rule holds part of an old rule's text, next to its main
    #    successor) and merges (an old rule's text now inside a rule next to
    #    where its neighbour went)
    def neighbours(number: str, kids: dict) -> list[str]:
        p = _parent(number)
        out = list(kids.get(number, ()))
        if p:
            out.append(p)
            out.extend(kids.get(p, ()))
        return out

    new_b = [y for y in b if y.number not in back and len(y.fuzzy) >= 25]
    for y in new_b:
        best = None
        cousins = [fwd[n] for n in kids_a.get(back.get(y.parent or "", ""), ()) if n in fwd]
        for yn in (*neighbours(y.number, kids_b), *cousins):
            xn = back.get(yn)
            if xn is None or fwd.get(xn) != yn:
                continue
            x = a_by[xn]
            if x.masked == b_by[yn].masked or len(x.fuzzy) < len(y.fuzzy) * 0.8:
                continue
            s = _contained(y, x, w)
            if s >= _SPLIT_MIN and (best is None or s > best[0]):
                best = (s, x)
        if best:
            links.append(Link(best[1].number, y.number, "split", round(best[0], 1), "words"))
            back.setdefault(y.number, best[1].number)
    gone_a = [x for x in a if x.number not in fwd and x.number not in merged_a and len(x.fuzzy) >= 25]
    for x in gone_a:
        best = None
        cousins = [back[n] for n in kids_b.get(fwd.get(x.parent or "", ""), ()) if n in back]
        for xn in (*neighbours(x.number, kids_a), *cousins):
            yn = fwd.get(xn)
            if yn is None or back.get(yn) != xn:
                continue
            y = b_by[yn]
            if len(y.fuzzy) < len(x.fuzzy) * 0.8:
                continue
            s = _contained(x, y, w)
            if s >= _SPLIT_MIN and (best is None or s > best[0]):
                best = (s, y)
        if best:
            links.append(Link(x.number, best[1].number, "merged", round(best[0], 1), "words"))
            fwd[x.number] = best[1].number
    for x in a:
        if x.number not in fwd and x.number not in merged_a:
            links.append(Link(x.number, None, "removed", 0.0))
    for y in b:
        if y.number not in back:
            links.append(Link(None, y.number, "added", 0.0))
    return links


def _contained(part: Node, whole: Node, w: dict[str, float]) -> float:
    """How much of ``part``'s text lies inside ``whole`` (0-100): the mean of
    rapidfuzz ``partial_ratio`` and the IDF-weighted share of ``part``'s words
    found in ``whole``."""
    total = sum(w[t] for t in part.tokens)
    share = sum(w[t] for t in part.tokens & whole.tokens) / total if total else 1.0
    return (fuzz.partial_ratio(part.fuzzy, whole.fuzzy) + 100 * share) / 2


def _majority(votes: list, total: int) -> Optional[str]:
    """The value most votes agree on, if it holds at least half of ``total``
    (and at least one vote)."""
    counts: dict = defaultdict(int)
    for v in votes:
        if v is not None:
            counts[v] += 1
    if not counts:
        return None
    top, n = max(counts.items(), key=lambda kv: kv[1])
    return top if n * 2 >= total else None


def _near(n1: str, n2: str) -> bool:
    """True if two rule numbers are neighbours in the tree: one is the
    other's parent, or they share a parent."""
    p1, p2 = _parent(n1), _parent(n2)
    return p1 == n2 or p2 == n1 or (p1 is not None and p1 == p2)


# ---------------------------------------------------------------- building


@dataclass
class HistoryReport:
    """What :func:`build_history` did: counts and timings (seconds)."""

    editions: int = 0
    occurrences: int = 0
    versions: int = 0
    distinct_number_text: int = 0
    maps: int = 0
    relations: dict = field(default_factory=dict)
    seconds: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return asdict(self)


def _english_editions(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    rows = conn.execute("SELECT date, source FROM editions WHERE lang='en' AND date IS NOT NULL "
                        "ORDER BY date, source").fetchall()
    seen: dict[str, str] = {}
    for date, source in rows:
        seen.setdefault(date, source)  # two files for one date: the first one stored wins
    return list(seen.items())


def _load_nodes(conn: sqlite3.Connection, source: str) -> list[tuple]:
    """(number, title, text, examples, parent, position) of every numbered
    node of an edition: its chapters (« 702. Keyword Abilities », from the
    editions table, position -1) then its rules in document order."""
    row = conn.execute("SELECT chapters FROM editions WHERE source=?", (source,)).fetchone()
    chapters = json.loads(row[0] or "{}") if row else {}
    nodes = [(n, t, "", "[]", n[0], -1) for n, t in sorted(chapters.items()) if re.fullmatch(r"\d{3}", n)]
    have = {n for n, *_ in nodes}
    nodes += [r for r in conn.execute("SELECT number, title, text, examples, parent, position FROM rules "
                                      "WHERE source=? ORDER BY position", (source,)) if r[0] not in have]
    return nodes


def _hash(title, text, examples_json) -> str:
    return hashlib.sha1(f"{title or ''}\x00{text or ''}\x00{examples_json}".encode()).hexdigest()


class _VersionWriter:
    """Assigns version ids, keeping the known ones in memory."""

    def __init__(self, conn: sqlite3.Connection, lang: str = "en"):
        self.conn, self.lang = conn, lang
        self.known: dict[tuple[str, str], int] = {
            (n, h): v for v, n, h in conn.execute("SELECT vid, number, text_hash FROM rule_versions WHERE lang=?",
                                                  (lang,))}
        self.next_vid = (conn.execute("SELECT MAX(vid) FROM rule_versions").fetchone()[0] or 0) + 1
        self.new_versions: list[tuple] = []
        self.occurrences: list[tuple] = []

    def add(self, edition: str, rows: Iterable[tuple]) -> None:
        for number, title, text, examples, _parent, position in rows:
            h = _hash(title, text, examples)
            vid = self.known.get((number, h))
            if vid is None:
                vid = self.known[(number, h)] = self.next_vid
                self.next_vid += 1
                self.new_versions.append((vid, number, self.lang, title, text, examples, h))
            self.occurrences.append((vid, edition, position))

    def flush(self) -> None:
        """Write the new versions (with their edition spans, computed from the
        occurrences gathered here when no older ones exist) and occurrences."""
        spans: dict[int, list] = {}
        for vid, edition, _ in self.occurrences:
            sp = spans.get(vid)
            if sp is None:
                spans[vid] = [edition, edition, 1]
            else:
                sp[0], sp[1], sp[2] = min(sp[0], edition), max(sp[1], edition), sp[2] + 1
        self.conn.executemany(
            "INSERT INTO rule_versions (vid, number, lang, title, text, examples, text_hash, first_edition,"
            " last_edition, edition_count) VALUES (?,?,?,?,?,?,?,?,?,?)",
            [(*v, *spans.get(v[0], (None, None, 0))) for v in self.new_versions])
        self.conn.executemany("INSERT OR IGNORE INTO rule_occurrences VALUES (?,?,?)", self.occurrences)
        self.new_versions, self.occurrences = [], []


@lru_cache(maxsize=65536)
def _node(number: str, title: Optional[str], text: Optional[str], examples: Optional[str],
          parent: Optional[str]) -> Node:
    return Node.make(number, title, text, json.loads(examples or "[]"), parent)


def _nodes(rows: Iterable[tuple]) -> list[Node]:
    """Matcher nodes for stored rows (cached: most rules repeat across editions).
    A number printed twice in one edition (2009-10-01 has two 702.30d) is
    matched by its first occurrence."""
    seen: set[str] = set()
    out = []
    for number, title, text, examples, parent, _pos in rows:
        if number not in seen:
            seen.add(number)
            out.append(_node(number, title, text, examples, parent))
    return out


def _save_links(conn, a_ed: str, b_ed: str, links: list[Link]) -> None:
    conn.executemany("INSERT INTO rule_maps VALUES (?,?,?,?,?,?,?)",
                     [(a_ed, l.from_number, b_ed, l.to_number, l.relation, l.score, l.change) for l in links])


def _refresh_version_spans(conn: sqlite3.Connection, edition: str) -> None:
    """Recompute first/last edition and count of the versions found in ``edition``."""
    conn.execute("""UPDATE rule_versions SET
        first_edition = (SELECT MIN(edition) FROM rule_occurrences o WHERE o.vid = rule_versions.vid),
        last_edition = (SELECT MAX(edition) FROM rule_occurrences o WHERE o.vid = rule_versions.vid),
        edition_count = (SELECT COUNT(*) FROM rule_occurrences o WHERE o.vid = rule_versions.vid)
        WHERE vid IN (SELECT vid FROM rule_occurrences WHERE edition=?)""", (edition,))


def _report(conn: sqlite3.Connection, seconds: dict) -> HistoryReport:
    q = lambda sql: conn.execute(sql).fetchone()[0]  # noqa: E731
    rel = dict(conn.execute("SELECT relation, COUNT(*) FROM rule_maps GROUP BY relation").fetchall())
    return HistoryReport(
        editions=q("SELECT COUNT(*) FROM history_editions"),
        occurrences=q("SELECT COUNT(*) FROM rule_occurrences"),
        versions=q("SELECT COUNT(*) FROM rule_versions"),
        distinct_number_text=q("SELECT COUNT(*) FROM (SELECT DISTINCT number, text FROM rule_versions)"),
        maps=sum(rel.values()), relations=rel, seconds=seconds)


def build_history(conn: sqlite3.Connection,
                  progress: Progress = no_progress) -> HistoryReport:
    """(Re)build the versioned store and the edition-to-edition maps from the
    English editions already stored by :func:`kb.store.db.save_edition`.

    Call once after all editions are stored.  ``progress`` follows
    :data:`kb.progress.Progress`.  Returns a HistoryReport; the caller
    commits.  Editions are chained in effective-date order; when two
    editions share a date the first stored is used.
    """
    t0 = time.perf_counter()
    for table in ("history_editions", "rule_versions", "rule_occurrences", "rule_maps"):
        conn.execute(f"DELETE FROM {table}")
    eds = _english_editions(conn)
    step = progress("Mapping rule history", len(eds))
    writer = _VersionWriter(conn)
    conn.executemany("INSERT INTO history_editions VALUES (?,?,?,?)",
                     [(d, s, "en", i) for i, (d, s) in enumerate(eds)])
    prev_nodes, prev_ed = None, None
    t_map = 0.0
    for date, source in eds:
        rows = _load_nodes(conn, source)
        writer.add(date, rows)
        nodes = _nodes(rows)
        if prev_nodes is not None:
            t1 = time.perf_counter()
            links = map_editions(prev_nodes, nodes)
            t_map += time.perf_counter() - t1
            _save_links(conn, prev_ed, date, links)
        prev_nodes, prev_ed = nodes, date
        step(1)
    writer.flush()
    return _report(conn, {"maps": round(t_map, 3), "total": round(time.perf_counter() - t0, 3)})


def add_edition(conn: sqlite3.Connection, edition_source: str) -> HistoryReport:
    """Add one edition (already stored with :func:`kb.store.db.save_edition`) to
    an existing history: its versions and occurrences, and the maps to its
    neighbours in date order (the map between those neighbours is replaced).

    Raises KeyError if no English edition has that source; ValueError if the
    history has not been built (:func:`build_history`)."""
    t0 = time.perf_counter()
    row = conn.execute("SELECT date, source FROM editions WHERE source=? AND lang='en'",
                       (edition_source,)).fetchone()
    if row is None:
        raise KeyError(f"no English edition stored with source {edition_source!r}")
    date = row[0]
    if conn.execute("SELECT 1 FROM history_editions WHERE edition=?", (date,)).fetchone():
        return _report(conn, {"total": round(time.perf_counter() - t0, 3)})
    known = [tuple(r) for r in conn.execute("SELECT edition, source FROM history_editions ORDER BY edition")]
    prev = [e for e in known if e[0] < date]
    nxt = [e for e in known if e[0] > date]
    rows = _load_nodes(conn, edition_source)
    writer = _VersionWriter(conn)
    writer.add(date, rows)
    writer.flush()
    nodes = _nodes(rows)
    if prev and nxt:
        conn.execute("DELETE FROM rule_maps WHERE from_edition=? AND to_edition=?", (prev[-1][0], nxt[0][0]))
    if prev:
        _save_links(conn, prev[-1][0], date, map_editions(_nodes(_load_nodes(conn, prev[-1][1])), nodes))
    if nxt:
        _save_links(conn, date, nxt[0][0], map_editions(nodes, _nodes(_load_nodes(conn, nxt[0][1]))))
    known.append((date, edition_source))
    known.sort()
    conn.execute("DELETE FROM history_editions")
    conn.executemany("INSERT INTO history_editions VALUES (?,?,?,?)",
                     [(d, s, "en", i) for i, (d, s) in enumerate(known)])
    _refresh_version_spans(conn, date)
    return _report(conn, {"total": round(time.perf_counter() - t0, 3)})


# ---------------------------------------------------------------- reading


def history_editions(conn: sqlite3.Connection) -> list[str]:
    """Effective dates of the editions in the history, oldest first ([]
    when the knowledge base has no history tables)."""
    try:
        return [r[0] for r in conn.execute("SELECT edition FROM history_editions ORDER BY edition")]
    except sqlite3.OperationalError:
        return []


def has_history(conn: sqlite3.Connection) -> bool:
    """True if :func:`build_history` has run on this knowledge base."""
    try:
        return conn.execute("SELECT 1 FROM history_editions LIMIT 1").fetchone() is not None
    except sqlite3.OperationalError:
        return False


def rule_version(conn: sqlite3.Connection, number: str, edition: str) -> Optional[dict]:
    """The version of rule ``number`` in ``edition``: a dict with vid, number,
    title, text, examples (list), first_edition, last_edition, edition_count;
    None if the edition has no such rule."""
    row = conn.execute("""SELECT v.vid, v.number, v.title, v.text, v.examples, v.first_edition,
                                 v.last_edition, v.edition_count
                          FROM rule_occurrences o JOIN rule_versions v ON v.vid=o.vid
                          WHERE o.edition=? AND v.number=? AND v.lang='en'""", (edition, number)).fetchone()
    if row is None:
        return None
    keys = ("vid", "number", "title", "text", "examples", "first_edition", "last_edition", "edition_count")
    d = dict(zip(keys, row))
    d["examples"] = json.loads(d["examples"] or "[]")
    return d


def rules_of_edition(conn: sqlite3.Connection, edition: str, prefix: Optional[str] = None) -> list[Rule]:
    """The rules of one English edition read back from the versioned store
    (document order; chapters excluded), as kb.model.Rule objects with
    ``parent`` and ``children`` rebuilt from the numbers; with ``prefix``,
    only that rule and the rules below it (see kb.store.db.is_within).  For
    pages and search that should not read the per-edition copies."""
    from kb.model import Rule, rule_parent
    from kb.store.db import is_within

    rows = conn.execute("SELECT number, title, text, examples FROM edition_rules WHERE edition=? AND lang='en' "
                        "AND number LIKE '%.%' ORDER BY position", (edition,)).fetchall()
    source = conn.execute("SELECT source FROM history_editions WHERE edition=?", (edition,)).fetchone()
    rules = [Rule(number=n, lang="en", source=source[0] if source else edition, text=text or "", title=title,
                  edition=edition, examples=json.loads(ex or "[]"), parent=rule_parent(n))
             for n, title, text, ex in rows]
    by_number = {r.number: r for r in rules}
    for r in rules:
        if r.parent in by_number:
            by_number[r.parent].children.append(r.number)
    if prefix:
        rules = [r for r in rules if is_within(r.number, prefix)]
    return rules


def editions_holding(conn: sqlite3.Connection, number: str) -> list[str]:
    """Editions (dates, oldest first) that have a rule numbered ``number``."""
    return [r[0] for r in conn.execute(
        "SELECT o.edition FROM rule_versions v JOIN rule_occurrences o ON o.vid=v.vid "
        "WHERE v.number=? AND v.lang='en' ORDER BY o.edition", (number,))]


def _resolve_edition(conn, number: str, edition: Optional[str]) -> str:
    eds = history_editions(conn)
    if not eds:
        raise ValueError("no rule history in this knowledge base (build it with --cr editions)")
    if edition is None:
        holding = editions_holding(conn, number)
        if not holding:
            raise KeyError(f"rule {number} is in no edition")
        return holding[-1]
    if edition not in eds:
        earlier = [e for e in eds if e <= edition]
        if not earlier:
            raise KeyError(f"no edition on or before {edition} (first: {eds[0]})")
        edition = earlier[-1]  # the edition in force on that date
    return edition


def _succ(conn, edition: str, number: str) -> list[tuple]:
    return conn.execute("SELECT to_edition, to_number, relation, score, change FROM rule_maps "
                        "WHERE from_edition=? AND from_number=? AND to_number IS NOT NULL",
                        (edition, number)).fetchall()


def _pred(conn, edition: str, number: str) -> list[tuple]:
    return conn.execute("SELECT from_edition, from_number, relation, score, change FROM rule_maps "
                        "WHERE to_edition=? AND to_number=? AND from_number IS NOT NULL",
                        (edition, number)).fetchall()


def _best(rows: list[tuple]) -> Optional[tuple]:
    rows = [r for r in rows if r[2] in PRIMARY] or [r for r in rows if r[2] in ("merged", "split")]
    if not rows:
        return None
    return min(rows, key=lambda r: (_RANK[r[2]], -(r[3] or 0)))


@dataclass
class VersionSpan:
    """One text of a rule under one number: editions ``first``..``last``
    (``editions`` of them); ``change`` is how it differs from the span
    before (None for the first), ``diff`` a word diff when asked for."""

    vid: int
    first: str
    last: str
    editions: int
    change: Optional[str] = None
    title: Optional[str] = None
    text: str = ""
    diff: Optional[str] = None


@dataclass
class NumberSpan:
    """The rule held ``number`` from ``first`` to ``last``; ``entered`` is
    how it got that number (``added``, ``moved``, ``split``, ``merged`` or
    None for the oldest edition)."""

    number: str
    first: str
    last: str
    editions: int
    entered: Optional[str] = None
    versions: list[VersionSpan] = field(default_factory=list)


@dataclass
class Lineage:
    """The numbers and texts one rule has had across editions.

    ``query``/``edition``: the number asked for and the edition it was read
    in; ``spans``: oldest first; ``branches``: other rules split from or
    merged into this one (edition, from, to, relation); ``current``: its
    numbers in the latest edition ([] if it was removed); ``removed_after``:
    the last edition that had it, when removed.
    """

    query: str
    edition: str
    spans: list[NumberSpan] = field(default_factory=list)
    branches: list[dict] = field(default_factory=list)
    current: list[str] = field(default_factory=list)
    latest_edition: str = ""
    removed_after: Optional[str] = None

    @property
    def numbers(self) -> list[str]:
        return [s.number for s in self.spans]

    def number_in(self, edition: str) -> Optional[str]:
        """The number the rule had in ``edition`` (None outside its life)."""
        for s in self.spans:
            if s.first <= edition <= s.last:
                return s.number
        return None

    def to_dict(self) -> dict:
        return asdict(self)


def lineage(conn: sqlite3.Connection, number: str, edition: Optional[str] = None,
            diffs: bool = False) -> Lineage:
    """The lineage of rule ``number`` as it stood in ``edition`` (default:
    the latest edition having that number; a date between editions means the
    edition in force then).  Follows each rule's main predecessor backwards
    and main successor forwards through the maps.

    Raises KeyError if the rule is not in that edition, ValueError if the
    knowledge base has no history.  ``diffs`` adds a word diff to each text
    change (:func:`kb.rules.wordiff.word_diff_text`).
    """
    edition = _resolve_edition(conn, number, edition)
    if rule_version(conn, number, edition) is None:
        raise KeyError(f"rule {number} is not in the edition of {edition}")
    chain: list[tuple[str, str, Optional[str], Optional[str]]] = []  # (edition, number, relation-in, change-in)
    branches: list[dict] = []
    # backwards
    back: list[tuple] = []
    ed, num = edition, number
    while True:
        preds = _pred(conn, ed, num)
        best = _best(preds)
        for r in preds:
            if best is None or r[:2] != best[:2]:
                branches.append({"edition": ed, "from": r[1], "from_edition": r[0], "to": num,
                                 "relation": r[2]})
        if best is None:
            entered = "added" if conn.execute("SELECT 1 FROM rule_maps WHERE to_edition=? AND to_number=?",
                                             (ed, num)).fetchone() else None
            back.append((ed, num, entered, None))
            break
        back.append((ed, num, best[2], best[4]))
        ed, num = best[0], best[1]
    back.reverse()
    # each element of `back` holds how (ed, num) was reached from its predecessor;
    chain = back
    # forwards
    ed, num = edition, number
    removed_after = None
    while True:
        succs = _succ(conn, ed, num)
        best = _best([r for r in succs if r[2] != "split"]) or None
        for r in succs:
            if best is None or r[:2] != best[:2]:
                branches.append({"edition": r[0], "from": num, "from_edition": ed, "to": r[1],
                                 "relation": r[2]})
        if best is None:
            if conn.execute("SELECT 1 FROM rule_maps WHERE from_edition=? AND from_number=? AND relation='removed'",
                            (ed, num)).fetchone():
                removed_after = ed
            break
        ed, num = best[0], best[1]
        chain.append((ed, num, best[2], best[4]))
    lin = Lineage(query=number, edition=edition, branches=branches, removed_after=removed_after)
    eds = history_editions(conn)
    lin.latest_edition = eds[-1]
    # group into number spans and version spans
    vids = _vids_for(conn, [(e, n) for e, n, _, _ in chain])
    prev_text = None
    for i, (e, n, rel, change) in enumerate(chain):
        vid, title, text = vids[(e, n)]
        if not lin.spans or lin.spans[-1].number != n or rel in ("moved", "split", "merged"):
            entered = rel if i > 0 or rel == "added" else None
            if i == 0 and rel is None:
                entered = None
            lin.spans.append(NumberSpan(n, e, e, 0, entered))
        span = lin.spans[-1]
        span.last, span.editions = e, span.editions + 1
        if not span.versions or span.versions[-1].vid != vid:
            vchange = None if prev_text is None else (change or "words")
            vs = VersionSpan(vid, e, e, 0, vchange, title, text)
            if diffs and prev_text is not None and vchange in ("words", "refs"):
                from kb.rules.wordiff import word_diff_text
                vs.diff = word_diff_text(prev_text, _body(title, text))
            span.versions.append(vs)
        v = span.versions[-1]
        v.last, v.editions = e, v.editions + 1
        prev_text = _body(title, text)
    if chain[-1][0] == lin.latest_edition:
        lin.current = current_equivalent(conn, chain[-1][1], chain[-1][0])
    return lin


def _vids_for(conn, pairs: list[tuple[str, str]]) -> dict:
    out = {}
    by_ed: dict[str, list[str]] = defaultdict(list)
    for e, n in pairs:
        by_ed[e].append(n)
    for e, nums in by_ed.items():
        for i in range(0, len(nums), 500):
            chunk = nums[i:i + 500]
            q = ",".join("?" * len(chunk))
            for vid, n, title, text in conn.execute(
                    f"SELECT v.vid, v.number, v.title, v.text FROM rule_occurrences o JOIN rule_versions v "
                    f"ON v.vid=o.vid WHERE o.edition=? AND v.lang='en' AND v.number IN ({q})", (e, *chunk)):
                out[(e, n)] = (vid, title, text or "")
    return out


def _step_maps(conn, a: str, b: str) -> list[tuple]:
    return conn.execute("SELECT from_number, to_number, relation, score, change FROM rule_maps "
                        "WHERE from_edition=? AND to_edition=?", (a, b)).fetchall()


def _forward_closure(conn, edition: str, numbers: Iterable[str], until: Optional[str] = None,
                     follow_splits: bool = True) -> dict[str, set[str]]:
    """For each number of ``edition``, the numbers it became in ``until``
    (default: the latest edition), following main successors, and split
    branches when ``follow_splits``."""
    eds = history_editions(conn)
    until = until or eds[-1]
    cur = {n: {n} for n in numbers}
    i = eds.index(edition)
    for a, b in zip(eds[i:], eds[i + 1:]):
        if a >= until:
            break
        frontier = sorted({m for nums in cur.values() for m in nums})
        step: dict[str, list[tuple]] = defaultdict(list)
        if len(frontier) > 400:
            rows = _step_maps(conn, a, b)
        else:
            q = ",".join("?" * len(frontier))
            rows = conn.execute(f"SELECT from_number, to_number, relation, score, change FROM rule_maps "
                                f"WHERE from_edition=? AND from_number IN ({q})", (a, *frontier)).fetchall()
        for f, t, rel, score, _ in rows:
            if f is not None and t is not None:
                step[f].append((t, rel, score))
        for n, nums in cur.items():
            nxt = set()
            for m in nums:
                targets = step.get(m, [])
                main = [t for t, rel, _ in targets if rel in PRIMARY or rel == "merged"]
                nxt.update(main)
                if follow_splits:
                    nxt.update(t for t, rel, _ in targets if rel == "split")
            cur[n] = nxt
    return cur


def current_equivalent(conn: sqlite3.Connection, number: str, edition: str) -> list[str]:
    """Numbers in the latest edition holding what rule ``number`` of
    ``edition`` said (main successor first, then rules split from it, in
    rules order); [] if it was removed.  Raises KeyError if the rule is not
    in that edition."""
    edition = _resolve_edition(conn, number, edition)
    if rule_version(conn, number, edition) is None:
        raise KeyError(f"rule {number} is not in the edition of {edition}")
    main = _forward_closure(conn, edition, [number], follow_splits=False)[number]
    every = _forward_closure(conn, edition, [number], follow_splits=True)[number]
    return sorted(main, key=rule_sort_key) + sorted(every - main, key=rule_sort_key)


@dataclass
class EditionDiff:
    """What changed between two editions ``a`` < ``b`` (not necessarily
    consecutive: the maps of the editions between them are chained).

    Lists hold dicts: ``added`` {number, title}; ``removed`` {number, title};
    ``renumbered`` {from, to, change, title}; ``reworded`` {number, change, title};
    ``split`` {from, to: [...]}; ``merged`` {from: [...], to}.
    ``unchanged`` counts rules with the same number and words.
    """

    a: str
    b: str
    added: list[dict] = field(default_factory=list)
    removed: list[dict] = field(default_factory=list)
    renumbered: list[dict] = field(default_factory=list)
    reworded: list[dict] = field(default_factory=list)
    split: list[dict] = field(default_factory=list)
    merged: list[dict] = field(default_factory=list)
    unchanged: int = 0

    def to_dict(self) -> dict:
        return asdict(self)


def diff_editions(conn: sqlite3.Connection, a: str, b: str) -> EditionDiff:
    """Added, removed, renumbered and reworded rules from edition ``a`` to
    edition ``b`` (dates; a date between editions means the edition then in
    force).  Raises KeyError for a date before the first edition, ValueError
    if ``a`` is not before ``b``."""
    eds = history_editions(conn)
    if not eds:
        raise ValueError("no rule history in this knowledge base (build it with --cr editions)")

    def resolve(d: str) -> str:
        earlier = [e for e in eds if e <= d]
        if not earlier:
            raise KeyError(f"no edition on or before {d} (first: {eds[0]})")
        return earlier[-1]

    a, b = resolve(a), resolve(b)
    if a >= b:
        raise ValueError(f"{a} is not before {b}")
    rows_a = conn.execute("SELECT v.number, v.title, v.text, v.examples FROM edition_rules v "
                          "WHERE v.edition=? AND v.lang='en'", (a,)).fetchall()
    rows_b = conn.execute("SELECT v.number, v.title, v.text, v.examples FROM edition_rules v "
                          "WHERE v.edition=? AND v.lang='en'", (b,)).fetchall()
    A = {r[0]: r for r in rows_a}
    B = {r[0]: r for r in rows_b}
    main = _forward_closure(conn, a, A, until=b, follow_splits=False)
    every = _forward_closure(conn, a, A, until=b, follow_splits=True)
    d = EditionDiff(a, b)
    reached: dict[str, list[str]] = defaultdict(list)
    for n in sorted(A, key=rule_sort_key):
        targets = sorted(main[n], key=rule_sort_key)
        for t in targets:
            reached[t].append(n)
        if not targets:
            d.removed.append({"number": n, "title": A[n][1]})
            continue
        extra = sorted(every[n] - main[n], key=rule_sort_key)
        if extra:
            d.split.append({"from": n, "to": targets + extra})
        t = targets[0]
        x, y = A[n], B[t]
        change = change_kind(x[1], x[2], json.loads(x[3] or "[]"), y[1], y[2], json.loads(y[3] or "[]"))
        if t != n:
            d.renumbered.append({"from": n, "to": t, "change": change, "title": y[1]})
        elif change == "words":
            d.reworded.append({"number": n, "change": change, "title": y[1]})
        else:
            d.unchanged += 1
    for t, froms in reached.items():
        if len(froms) > 1:
            d.merged.append({"from": sorted(froms, key=rule_sort_key), "to": t})
    split_targets = {t for s in d.split for t in s["to"]}
    for n in sorted(B, key=rule_sort_key):
        if n not in reached and n not in split_targets:
            d.added.append({"number": n, "title": B[n][1]})
    d.merged.sort(key=lambda m: rule_sort_key(m["to"]))
    return d


# ---------------------------------------------------------------- text output (for the CLI)

_CHANGE_WORDS = {"none": "same text", "typo": "typography only", "refs": "cited numbers only",
                 "words": "text changed"}


def format_lineage(lin: Lineage, diffs: bool = False) -> str:
    """``kb history`` text: one line per number the rule held, with its
    editions, then one line per text change (and its word diff when
    ``diffs`` and the lineage was built with ``diffs=True``)."""
    lines = [f"rule {lin.query} (edition {lin.edition})"]
    for span in lin.spans:
        how = f" [{span.entered}]" if span.entered else ""
        lines.append(f"  {span.number:<10} {span.first} .. {span.last}  ({span.editions} editions){how}")
        for v in span.versions:
            if v.change is None:
                continue
            lines.append(f"      {v.first}: {_CHANGE_WORDS.get(v.change, v.change)}")
            if diffs and v.diff:
                lines.append(f"        {v.diff}")
    for b in lin.branches:
        lines.append(f"  {b['relation']}: {b['from']} ({b['from_edition']}) -> {b['to']} ({b['edition']})")
    if lin.removed_after:
        lines.append(f"  removed after {lin.removed_after}")
    elif lin.current:
        lines.append(f"  today ({lin.latest_edition}): {', '.join(lin.current)}")
    return "\n".join(lines)


def format_diff(d: EditionDiff) -> str:
    """``kb diff`` text: counts, then the added, removed, renumbered,
    reworded, split and merged rules, one per line."""
    lines = [f"{d.a} -> {d.b}: {len(d.added)} added, {len(d.removed)} removed, "
             f"{len(d.renumbered)} renumbered, {len(d.reworded)} reworded, {len(d.split)} split, "
             f"{len(d.merged)} merged, {d.unchanged} unchanged"]
    for r in d.added:
        lines.append(f"  + {r['number']}" + (f"  {r['title']}" if r.get("title") else ""))
    for r in d.removed:
        lines.append(f"  - {r['number']}" + (f"  {r['title']}" if r.get("title") else ""))
    for r in d.renumbered:
        lines.append(f"  {r['from']} -> {r['to']}" + ("  (text changed)" if r["change"] == "words" else ""))
    for r in d.reworded:
        lines.append(f"  ~ {r['number']}")
    for r in d.split:
        lines.append(f"  {r['from']} split into {', '.join(r['to'])}")
    for r in d.merged:
        lines.append(f"  {', '.join(r['from'])} merged into {r['to']}")
    return "\n".join(lines)
