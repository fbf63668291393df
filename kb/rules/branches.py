"""Where a rule's content went when it is no longer where it was: moves, splits and merges found by content.

Passes of :func:`kb.rules.mapping.map_editions` over one :class:`kb.rules.matching.Matching`:

* :func:`find_splits` / :func:`find_merges`: a new rule holding part of an old rule's text
  next to its main successor (rapidfuzz ``partial_ratio``), an old rule's text now inside a
  rule next to where its neighbour went;
* :func:`match_moved_by_content`: an old rule left over whose words are, across every section
  of the next edition, in a new rule left over (« 806.10d » -> « 117.4a », « 706.7a » ->
  « 607.5a »), or, under the same number, a rule rewritten in place;
* :func:`find_merges_by_content`: an old rule left over whose content is now in a rule of the
  next edition that has another main predecessor: the words that rule gained are this rule's
  (« 613.3d Layer 7d … counters » -> « 613.4c Effects and counters that modify … »), or its
  text is there word for word.

The candidates of the content passes are the rules of the next edition sharing the old rule's
rarer words (:class:`ContentIndex`); each row keeps the similarity that decided it.
"""
from __future__ import annotations

import heapq
import re
from collections import defaultdict
from typing import Sequence

from kb.rules.matching import SPLIT_MIN, SPLIT_MIN_LENGTH, Link, Matching, tree_parent
from kb.rules.similarity import Node, contained, overlap, similarity

#: Words found in more than this share of the next edition's rules do not select candidates.
COMMON_SHARE = 0.04
#: Candidates examined per rule left over.
CONTENT_CANDIDATES = 6
#: A move across sections: minimum :func:`overlap` and :func:`similarity`.
MOVE_MIN_OVERLAP, MOVE_MIN_SIMILARITY = 62, 45
#: A rule rewritten under its own number: minimum :func:`overlap` and :func:`similarity`.
IN_PLACE_MIN_OVERLAP, IN_PLACE_MIN_SIMILARITY = 45, 28
#: One text inside the other word for word (:func:`contained`).
VERBATIM = 95
#: A merge: minimum weighted share of the old rule's words in the new rule, minimum share of
#: the words the new rule gained (against its main predecessor) that come from the old rule,
#: and the least weight of those words.
MERGE_MIN_SHARE, MERGE_MIN_GAIN, MERGE_MIN_GAIN_WEIGHT = 0.45, 0.38, 3.0


_DIGIT = re.compile(r"\d")


class ContentIndex:
    """The rules of one edition by their rarer words, to find where a text went; only the
    ``wanted`` words (those of the rules looked for) are indexed."""

    def __init__(self, nodes: Sequence[Node], wanted: frozenset):
        postings: dict[str, list[int]] = defaultdict(list)
        for j, y in enumerate(nodes):
            for t in y.tokens & wanted:
                postings[t].append(j)
        limit = max(3, int(COMMON_SHARE * len(nodes)))
        self.nodes = nodes
        self.vocabulary = frozenset(postings)
        self.postings = {t: js for t, js in postings.items() if len(js) <= limit}

    def nearest(self, x: Node, w: dict[str, float], k: int = CONTENT_CANDIDATES) -> list[Node]:
        """The ``k`` rules sharing the most weight of ``x``'s rarer words."""
        acc: dict[int, float] = defaultdict(float)
        for t in x.tokens:
            js = self.postings.get(t)
            if js:
                wt = w[t]
                for j in js:
                    acc[j] += wt
        return [self.nodes[j] for j, _ in heapq.nlargest(k, acc.items(), key=lambda kv: kv[1])]


def content_index(m: Matching) -> ContentIndex:
    """The index of ``b`` over the words of the rules left over (built once: later passes
    look for fewer rules)."""
    if m.content_index is None:
        m.content_index = ContentIndex(m.b, frozenset().union(*(x.tokens for x in _left_over(m))))
    return m.content_index


def _left_over(m: Matching) -> list[Node]:
    """The rules of ``a`` with no successor yet, long enough to be found by content."""
    return [x for x in m.a if x.number not in m.fwd and x.number not in m.merged_headings
            and not x.is_heading() and len(x.fuzzy) >= SPLIT_MIN_LENGTH]


def _keeps_key_word(x: Node, y: Node, m: Matching) -> bool:
    """``y`` has ``x``'s rarest word still used in the next edition (« banding » of « Multiple
    instances of banding … »), so that rules of one template (« Multiple instances of flash … »)
    are not taken for each other."""
    w, vocabulary = m.weights, content_index(m).vocabulary
    words = [t for t in x.tokens if t in vocabulary and not _DIGIT.search(t)]
    return not words or max(words, key=lambda t: (w[t], t)) in y.tokens


def _verbatim(x: Node, y: Node, w: dict[str, float]) -> float:
    """:func:`contained` of either text in the other when it reaches :data:`VERBATIM` (a
    shorter text inside ``x`` only if at least 40 % of its length), else 0."""
    whole = contained(x, y, w)
    if whole >= VERBATIM:
        return whole
    if len(y.fuzzy) >= 0.4 * len(x.fuzzy):
        part = contained(y, x, w)
        if part >= VERBATIM:
            return part
    return 0.0


def _share(x: Node, y: Node, w: dict[str, float]) -> float:
    total = sum(w[t] for t in x.tokens)
    return sum(w[t] for t in x.tokens & y.tokens) / total if total else 0.0


def _neighbours(number: str, kids: dict[str, list[str]]) -> list[str]:
    """``number``'s subrules, its parent and its parent's other subrules."""
    parent = tree_parent(number)
    out = list(kids.get(number, ()))
    if parent:
        out.append(parent)
        out.extend(kids.get(parent, ()))
    return out


def find_splits(m: Matching) -> None:
    """A new rule whose text lies inside an old rule, next to that old rule's
    main successor, is ``split`` from it."""
    new_b = [y for y in m.b if y.number not in m.back and len(y.fuzzy) >= SPLIT_MIN_LENGTH]
    for y in new_b:
        best = None
        cousins = [m.fwd[n] for n in m.kids_a.get(m.back.get(y.parent or "", ""), ()) if n in m.fwd]
        for yn in (*_neighbours(y.number, m.kids_b), *cousins):
            xn = m.back.get(yn)
            if xn is None or m.fwd.get(xn) != yn:
                continue
            x = m.a_by[xn]
            if x.masked == m.b_by[yn].masked or len(x.fuzzy) < len(y.fuzzy) * 0.8:
                continue
            s = contained(y, x, m.weights)
            if s >= SPLIT_MIN and (best is None or s > best[0]):
                best = (s, x)
        if best:
            m.links.append(Link(best[1].number, y.number, "split", round(best[0], 1), "words"))
            m.back.setdefault(y.number, best[1].number)


def find_merges(m: Matching) -> None:
    """An old rule left over whose text lies inside a new rule, next to where
    its neighbour went, is ``merged`` into it."""
    gone_a = [x for x in m.a if x.number not in m.fwd and x.number not in m.merged_headings
              and len(x.fuzzy) >= SPLIT_MIN_LENGTH]
    for x in gone_a:
        best = None
        cousins = [m.back[n] for n in m.kids_b.get(m.fwd.get(x.parent or "", ""), ()) if n in m.back]
        for xn in (*_neighbours(x.number, m.kids_a), *cousins):
            yn = m.fwd.get(xn)
            if yn is None or m.back.get(yn) != xn:
                continue
            y = m.b_by[yn]
            if len(y.fuzzy) < len(x.fuzzy) * 0.8:
                continue
            s = contained(x, y, m.weights)
            if s >= SPLIT_MIN and (best is None or s > best[0]):
                best = (s, y)
        if best:
            m.links.append(Link(x.number, best[1].number, "merged", round(best[0], 1), "words"))
            m.fwd[x.number] = best[1].number


def match_moved_by_content(m: Matching) -> None:
    """Pair, best first, a rule left over with a new rule left over anywhere in the next
    edition that holds its content (:data:`MOVE_MIN_OVERLAP`, :data:`VERBATIM`), or with the new
    rule of its own number rewritten in place (:data:`IN_PLACE_MIN_OVERLAP`)."""
    left = _left_over(m)
    if not left or len(m.back) >= len(m.b):
        return
    index = content_index(m)
    cands = []
    for x in left:
        pool = index.nearest(x, m.weights)
        if any(y.number in m.back and _verbatim(x, y, m.weights) for y in pool):
            continue                       # its words are still there: a merge, not a move
        same = m.b_by.get(x.number)
        if same is not None and same not in pool:
            pool.append(same)
        for y in pool:
            if y.number in m.back or y.is_heading():
                continue
            sim, ov = similarity(x, y, m.weights), overlap(x, y, m.weights)
            if y.number != x.number and not _keeps_key_word(x, y, m):
                continue
            if (ov >= VERBATIM or (ov >= MOVE_MIN_OVERLAP and sim >= MOVE_MIN_SIMILARITY)
                    or (y.number == x.number and ov >= IN_PLACE_MIN_OVERLAP and sim >= IN_PLACE_MIN_SIMILARITY)):
                cands.append((sim + ov, sim, x, y))
    cands.sort(key=lambda c: (-c[0], c[2].number, c[3].number))
    for _, sim, x, y in cands:
        if m.free(x, y):
            m.pair(x, y, float(sim))


def _gain_from(x: Node, y: Node, before: Node, w: dict[str, float]) -> tuple[float, float]:
    """The share (and weight) of the words ``y`` gained over ``before`` that are ``x``'s;
    words with a digit (« 7d » of a relettered layer, a cited number) are left out."""
    gained = {t for t in y.tokens - before.tokens if not _DIGIT.search(t)}
    total = sum(w[t] for t in gained)
    mine = sum(w[t] for t in gained & x.tokens)
    return (mine / total if total else 0.0), mine


def merge_score(m: Matching, x: Node, y: Node) -> float:
    """How surely old rule ``x`` (left over) now lives inside ``y``, which has a main
    predecessor: its text word for word, or the words ``y`` gained are ``x``'s; 0 if not."""
    w = m.weights
    verbatim = _verbatim(x, y, w)
    if verbatim:
        return verbatim
    if _share(x, y, w) < MERGE_MIN_SHARE or not _keeps_key_word(x, y, m):
        return 0.0
    whole = contained(x, y, w)
    gain, weight = _gain_from(x, y, m.a_by[m.back[y.number]], w)
    return whole if gain >= MERGE_MIN_GAIN and weight >= MERGE_MIN_GAIN_WEIGHT else 0.0


def find_merges_by_content(m: Matching) -> None:
    """``merged`` rows for each rule left over whose content is in rules of the next edition
    that have another main predecessor (every section searched, :func:`merge_score`)."""
    left = _left_over(m)
    if not left:
        return
    index = content_index(m)
    for x in left:
        found = []
        for y in index.nearest(x, m.weights):
            pred = m.back.get(y.number)
            if pred is None or m.fwd.get(pred) != y.number or pred == x.number:
                continue
            s = merge_score(m, x, y)
            if s:
                found.append((s, y))
        for s, y in sorted(found, key=lambda c: -c[0]):
            m.links.append(Link(x.number, y.number, "merged", round(s, 1), "words"))
            m.fwd.setdefault(x.number, y.number)
