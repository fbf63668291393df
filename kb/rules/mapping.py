"""Mapping every rule of one Comprehensive Rules edition to the next edition.

:func:`map_editions` runs the matching passes below, in order, over one
:class:`Matching` state (the two editions' rules, the pairs made so far, the
map rows).  Each pass pairs only rules that are still unmatched:

1. :func:`match_same_number_and_text`: same number, same words (cited
   numbers masked);
2. :func:`match_moved_same_text`: the same words under another number;
3. :func:`match_fuzzy`: a fuzzy assignment of what is left (rapidfuzz
   ``fuzz.ratio`` and weighted word overlap, :mod:`kb.rules.similarity`), in
   rounds of decreasing confidence, with bonuses for the same number, the same
   title and a parent that maps to the candidate's parent; then the same
   subrule slot under the rule its parent became;
4. :func:`match_between_matched_neighbours`: a rule left over between two
   matched neighbours goes to the rule between their successors;
5. :func:`match_inside_new_parent`: a rule left over whose text lies inside
   rules left over under the rule its parent became goes to the first of them;
6. :func:`match_headings`: a chapter or title-only rule goes where most of
   its subrules went;
7. :func:`link_main_successors`: the ``same`` / ``reworded`` / ``moved`` rows;
8. :func:`find_splits` / :func:`find_merges`: a new rule holding part of an
   old rule's text next to its main successor (rapidfuzz ``partial_ratio``),
   an old rule's text now inside a rule next to where its neighbour went;
   :func:`find_merges_by_content`: every section searched (:mod:`kb.rules.branches`);
9. :func:`find_split_pieces`, :func:`follow_sentences`, :func:`follow_family`,
   :func:`find_late_split_pieces`: sentence by sentence, cross-references, the
   subrules of a rule folded into another (:mod:`kb.rules.pieces`);
10. :func:`mark_added_and_removed`.

Pure functions: no database access.  The relations are described in
:mod:`kb.rules.history`.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Optional, Sequence

from rapidfuzz import fuzz, process

from kb.model import rule_parent, rule_sort_key
from kb.rules.changes import change_kind
from kb.rules.branches import find_merges, find_merges_by_content, find_splits, match_moved_by_content
from kb.rules.pieces import find_late_split_pieces, find_split_pieces, follow_family, follow_sentences
from kb.rules.matching import SPLIT_MIN_LENGTH, Link, Matching, tree_parent
from kb.rules.similarity import Node, overlap, similarity

#: Fuzzy assignment rounds: (minimum adjusted score, minimum raw similarity).
FUZZY_ROUNDS = ((95, 85), (85, 70), (72, 58), (66, 50))
#: The last round, with a minimum :func:`overlap`: one text, nearly word for word, under a
#: parent that went elsewhere (« 502.26e » of morph -> « 707.2a » of face-down permanents).
MOVED_ROUND = (55, 70, 95)
#: Minimum score of the same subrule letter under the rule its parent became.
STRUCTURAL_MIN = 30
#: Minimum :func:`overlap` of a rule and a rule under its parent's successor.
INSIDE_MIN = 75
#: Minimum similarity of a rule placed between two matched neighbours.
SANDWICH_MIN = 36


# ---------------------------------------------------------------- 1-2: the same words


def match_same_number_and_text(m: Matching) -> None:
    for x in m.a:
        y = m.b_by.get(x.number)
        if y is not None and y.masked == x.masked:
            m.pair(x, y, 100.0)


def match_moved_same_text(m: Matching) -> None:
    """Identical texts under new numbers; when several rules share a text,
    prefer a parent that maps to the candidate's parent and the same letter."""
    groups_a: dict[str, list[Node]] = defaultdict(list)
    groups_b: dict[str, list[Node]] = defaultdict(list)
    for x in m.a:
        if x.number not in m.fwd and x.masked:
            groups_a[x.masked].append(x)
    for y in m.b:
        if y.number not in m.back and y.masked:
            groups_b[y.masked].append(y)
    for key, xs in groups_a.items():
        ys = groups_b.get(key)
        if not ys:
            continue
        if len(xs) == 1 and len(ys) == 1:
            m.pair(xs[0], ys[0], 100.0)
            continue
        cands = []
        for x in xs:
            for y in ys:
                bonus = (10 if m.fwd.get(x.parent) == y.parent else 0) + (3 if x.letter == y.letter else 0)
                cands.append((-bonus, rule_sort_key(x.number), rule_sort_key(y.number), x, y))
        cands.sort(key=lambda c: c[:3])
        for _, _, _, x, y in cands:
            if m.free(x, y):
                m.pair(x, y, 100.0)


# ---------------------------------------------------------------- 3: fuzzy assignment


@dataclass
class FuzzyPool:
    """The rules the fuzzy passes work on: those of each edition left
    unmatched by passes 1-2 (``left_a``, ``left_b``), and for each rule of
    ``left_a`` its candidates (index in ``left_b`` -> similarity)."""

    left_a: list[Node]
    left_b: list[Node]
    children_b: dict[str, list[int]]
    candidates: dict[str, dict[int, float]]

    def candidates_of(self, x: Node, target_parent: Optional[str], w: TokenWeights) -> dict[int, float]:
        """``x``'s candidates, with the subrules of the rule its parent became."""
        pool = self.candidates[x.number]
        for j in self.children_b.get(target_parent, ()) if target_parent else ():
            if j not in pool:
                pool[j] = similarity(x, self.left_b[j], w)
        return pool


def fuzzy_pool(m: Matching) -> Optional[FuzzyPool]:
    """The unmatched rules and, for each rule of ``a``, its 8 nearest texts in
    ``b`` (rapidfuzz, ratio at least 40) and the rule of ``b`` with its number;
    None when either side has nothing left."""
    left_a = [x for x in m.a if x.number not in m.fwd]
    left_b = [y for y in m.b if y.number not in m.back]
    if not left_a or not left_b:
        return None
    choices = [y.fuzzy for y in left_b]
    index_b = {y.number: j for j, y in enumerate(left_b)}
    children_b: dict[str, list[int]] = defaultdict(list)
    for j, y in enumerate(left_b):
        if y.parent:
            children_b[y.parent].append(j)
    candidates: dict[str, dict[int, float]] = {}
    for x in left_a:
        found = process.extract(x.fuzzy, choices, scorer=fuzz.ratio, limit=8, score_cutoff=40)
        candidates[x.number] = {j: similarity(x, left_b[j], m.weights, r) for _, r, j in found}
        j = index_b.get(x.number)
        if j is not None and j not in candidates[x.number]:
            candidates[x.number][j] = similarity(x, left_b[j], m.weights)
    return FuzzyPool(left_a, left_b, children_b, candidates)


def adjusted_score(x: Node, y: Node, s: float, target_parent: Optional[str]) -> float:
    """Similarity ``s`` of ``x`` and ``y`` with the structural bonuses: the
    same number, a parent mapping to ``y``'s parent (``target_parent`` is
    where ``x``'s parent went), the same title."""
    adj = s
    if y.number == x.number:
        adj += 8
    if x.parent and target_parent == y.parent:
        adj += 12 if x.letter != y.letter else 16
    elif target_parent and y.parent and (tree_parent(y.parent) == target_parent
                                         or tree_parent(target_parent) == y.parent):
        adj += 4   # one level up or down under the right rule
    elif x.parent and y.parent and target_parent and target_parent != y.parent:
        adj -= 15
    if x.title_key and x.title_key == y.title_key:
        adj += 20
    return adj


def fuzzy_round(m: Matching, pool: FuzzyPool, min_adj: float, min_raw: float, min_overlap: float = 0) -> None:
    """Pair, best first, the candidates whose similarity reaches ``min_raw``,
    adjusted score ``min_adj`` and :func:`overlap` ``min_overlap``."""
    cands = []
    for x in pool.left_a:
        if x.number in m.fwd:
            continue
        target_parent = m.fwd.get(x.parent) if x.parent else None
        for j, s in pool.candidates_of(x, target_parent, m.weights).items():
            y = pool.left_b[j]
            if y.number in m.back or s < min_raw:
                continue
            adj = adjusted_score(x, y, s, target_parent)
            if adj >= min_adj and (not min_overlap or overlap(x, y, m.weights) >= min_overlap):
                cands.append((adj, s, x, y))
    cands.sort(key=lambda c: (-c[0], -c[1], rule_sort_key(c[2].number)))
    for _, s, x, y in cands:
        if m.free(x, y):
            m.pair(x, y, float(s))


def same_slot(m: Matching, x: Node, new_parent: str) -> Optional[str]:
    """The number ``x`` would hold under ``new_parent``: the same letter under
    a rule; under a chapter (the 2009 418.5 -> 612), the first rule for the
    first subrule (418.5a -> 612.1)."""
    if "." in new_parent:
        return new_parent + x.letter
    return f"{new_parent}.1" if m.kids_a[x.parent][0] == x.number else None


def match_same_letter_under_new_parent(m: Matching, pool: FuzzyPool) -> None:
    """The same subrule slot (:func:`same_slot`) under the rule its parent
    became (« 502.68a Lifelink is a triggered ability » -> « 702.13a Lifelink
    is a static ability »): the definition stays the first subrule; other
    letters only when the rule kept its number of subrules."""
    by_number_b = {y.number: y for y in pool.left_b}
    for x in pool.left_a:
        if x.number in m.fwd or not x.letter or x.parent not in m.fwd:
            continue
        new_parent = m.fwd[x.parent]
        if x.letter != "a" and len(m.kids_a.get(x.parent, ())) != len(m.kids_b.get(new_parent, ())):
            continue
        y = by_number_b.get(same_slot(m, x, new_parent) or "")
        if y is not None and y.number not in m.back:
            s = max(similarity(x, y, m.weights), overlap(x, y, m.weights))
            if s >= STRUCTURAL_MIN:
                m.pair(x, y, float(s))


def match_fuzzy(m: Matching) -> None:
    """The fuzzy rounds, the rounds again but the first (new parents help
    their subrules) and :data:`MOVED_ROUND`, then the same slot under the new parent."""
    pool = fuzzy_pool(m)
    if pool is None:
        return
    for fuzzy_round_limits in (*FUZZY_ROUNDS, *FUZZY_ROUNDS[1:], MOVED_ROUND):
        fuzzy_round(m, pool, *fuzzy_round_limits)
    match_same_letter_under_new_parent(m, pool)


# ---------------------------------------------------------------- 4-5: structure


def _slot_after(m: Matching, before: str, parent: str) -> Optional[str]:
    """The rule of ``b`` right after where ``before`` went (its first
    subrule when ``before`` is the parent itself)."""
    target = m.fwd[before]
    if before == parent:
        row = m.kids_b.get(target, [])
        return row[0] if row else None
    row = m.kids_b.get(tree_parent(target) or "", [])
    j = row.index(target) if target in row else -1
    return row[j + 1] if 0 <= j < len(row) - 1 else None


def _followed_by(m: Matching, number: str, successor: str) -> bool:
    row = m.kids_b.get(tree_parent(number) or "", [])
    j = row.index(number)
    return j + 1 < len(row) and row[j + 1] == successor


def match_between_matched_neighbours(m: Matching) -> None:
    """A rule left over between two matched neighbours goes to the rule
    between their successors (« 306.7 » rewritten as a note on the rule that
    was removed stays 306.7)."""
    for parent, kids in m.kids_a.items():
        for i, xn in enumerate(kids):
            if xn in m.fwd:
                continue
            before = kids[i - 1] if i else parent
            after = kids[i + 1] if i + 1 < len(kids) else None
            if before not in m.fwd or (after is not None and after not in m.fwd):
                continue
            cand = _slot_after(m, before, parent)
            if cand is None or cand in m.back:
                continue
            if after is not None and not _followed_by(m, cand, m.fwd[after]):
                continue
            x, y = m.a_by[xn], m.b_by[cand]
            s = similarity(x, y, m.weights)
            if s >= SANDWICH_MIN:
                m.pair(x, y, float(s))


def _pieces_inside(m: Matching, x: Node) -> list[tuple[float, Node]]:
    """The rules left over under (or one level below) the rule ``x``'s parent
    became that :func:`overlap` ``x`` by :data:`INSIDE_MIN`, in document order."""
    under = m.kids_b.get(m.fwd[x.parent], [])
    found = [(overlap(x, m.b_by[yn], m.weights), m.b_by[yn])
             for yn in (*under, *(k for u in under for k in m.kids_b.get(u, ())))
             if yn not in m.back and len(m.b_by[yn].fuzzy) >= SPLIT_MIN_LENGTH]
    return sorted(((s, y) for s, y in found if s >= INSIDE_MIN), key=lambda c: rule_sort_key(c[1].number))


def match_inside_new_parent(m: Matching) -> None:
    """A rule left over whose text lies inside rules left over under the rule
    its parent became goes to the first of them, best overlap first (the M10
    rewrite: « 418.5e An object's timestamp … with three exceptions » ->
    612.6c, « 418.5i … switch a creature's power and toughness » -> 612.3e);
    :func:`find_splits` finds the other pieces."""
    cands = []
    for x in m.a:
        if x.number not in m.fwd and x.parent in m.fwd and len(x.fuzzy) >= SPLIT_MIN_LENGTH:
            pieces = _pieces_inside(m, x)
            if pieces:
                cands.append((-max(s for s, _ in pieces), rule_sort_key(x.number), x, pieces))
    for _, _, x, pieces in sorted(cands, key=lambda c: c[:2]):
        y_score = next(((s, y) for s, y in pieces if m.free(x, y)), None)
        if y_score:
            m.pair(x, y_score[1], float(y_score[0]))


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


def match_headings(m: Matching) -> None:
    """A heading left over goes where most of its subrules went; when that
    rule is already taken, the heading is merged into it (or, seen from
    ``b``, split from its predecessor)."""
    for x in m.a:
        kids = m.kids_a.get(x.number)
        if x.number in m.fwd or not kids or not x.is_heading():
            continue
        top = _majority([tree_parent(m.fwd[c]) for c in kids if c in m.fwd], len(kids))
        if top and top in m.b_by:
            if top not in m.back:
                m.pair(x, m.b_by[top], 0.0)
            else:
                m.heading_links.append(Link(x.number, top, "merged", 0.0, "words"))
                m.merged_headings.add(x.number)
    for y in m.b:
        kids = m.kids_b.get(y.number)
        if y.number in m.back or not kids or not y.is_heading():
            continue
        top = _majority([tree_parent(m.back[c]) for c in kids if c in m.back], len(kids))
        if top and top in m.a_by:
            if top not in m.fwd:
                m.pair(m.a_by[top], y, 0.0)
            else:
                m.heading_links.append(Link(top, y.number, "split", 0.0, "words"))
                m.back[y.number] = top


# ---------------------------------------------------------------- 6-8: the rows


def link_main_successors(m: Matching) -> None:
    """One ``same`` / ``reworded`` / ``moved`` row per pair, then the headings' rows."""
    for x in m.a:
        if x.number in m.fwd:
            y = m.b_by[m.fwd[x.number]]
            change = change_kind(x.title, x.text, x.examples, y.title, y.text, y.examples)
            if x.number != y.number:
                relation = "moved"
            else:
                relation = "reworded" if change == "words" else "same"
            m.links.append(Link(x.number, y.number, relation, round(m.scores[x.number], 1), change))
    m.links.extend(m.heading_links)


def mark_added_and_removed(m: Matching) -> None:
    for x in m.a:
        if x.number not in m.fwd and x.number not in m.merged_headings:
            m.links.append(Link(x.number, None, "removed", 0.0))
    for y in m.b:
        if y.number not in m.back:
            m.links.append(Link(None, y.number, "added", 0.0))


#: The passes of :func:`map_editions`, in order.
MATCHING_PASSES = (match_same_number_and_text, match_moved_same_text, match_fuzzy,
                   match_between_matched_neighbours, match_inside_new_parent, match_headings,
                   match_moved_by_content, link_main_successors, find_splits, find_merges,
                   find_merges_by_content, find_split_pieces, follow_sentences, follow_family, find_late_split_pieces,
                   mark_added_and_removed)


def map_editions(a: Sequence[Node], b: Sequence[Node]) -> list[Link]:
    """Map every rule of edition ``a`` to edition ``b`` (the next one).

    Returns one Link per pairing plus ``added``/``removed`` rows, so every
    number of ``a`` appears as ``from_number`` and every number of ``b`` as
    ``to_number`` at least once.  Pure function: no database access.
    """
    m = Matching.start(a, b)
    for matching_pass in MATCHING_PASSES:
        matching_pass(m)
    return m.links
