"""Where the sentences of a rule went: the content passes that work sentence by sentence.

A rule widely rewritten keeps few of its words as a whole, but each of its sentences usually
lands somewhere whole.  Passes of :func:`kb.rules.mapping.map_editions`, after those of
:mod:`kb.rules.branches`:

* :func:`follow_sentences`: an old rule left over, one of whose sentences lies in a rule of the
  next edition (every section searched, :func:`sentence_score`), or whose words are in a rule
  that a cross-reference ties to it (the old rule cited it, its predecessor cited the old rule,
  or the old rule's place now says « See rule … »: :func:`cross_referenced`), goes there: as its
  main successor when that rule is new (``moved`` / ``reworded``), else ``merged`` into it
  (« 705.2 … heads or tails » -> 705.2 whose main predecessor is 705.1, « 700.8 … originally
  printed » -> 206.3 that cited it, « 215.1 Legend rule » -> 205.4c, « 215 … See rule 205.4c »);
* :func:`find_split_pieces`: a new rule left over next to where an old rule went (its parent,
  its siblings, its children, or the old rule's own number) that holds one of the old rule's
  sentences, or that is its twin (as close to it as its main successor: « 502.11c » attacking
  and blocking -> 702.19j and 702.19k), is ``split`` from it (« 405.2 » -> 405.2 and 405.2a).

The old rule's main successor must differ from it: an unchanged rule is not split.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Optional, Sequence

from kb.rules.branches import _keeps_key_word, _left_over, _share, content_index
from kb.rules.changes import change_kind, rule_body
from kb.rules.matching import SPLIT_MIN_LENGTH, Link, Matching, tree_parent
from kb.rules.similarity import Node, contained, overlap, similarity

#: Minimum :func:`contained` of one sentence in another rule.
SENTENCE_MIN = 75
#: A rule rewritten throughout: the least :func:`contained` of a sentence, the least mean of
#: its two best sentences, and the least weighted share of its words in the new rule.
SPREAD_MIN, SPREAD_MEAN, SPREAD_SHARE = 60, 66, 0.45
#: A sentence new in a rule that has another predecessor: how much better it lies there.
GAIN_MARGIN = 8
#: The share of a sentence's words that stands for its rarest word: searching every section,
#: and next to the old rule's main successor.
SEARCH_SHARE, NEAR_SHARE = 0.8, 0.6
#: Sentences shorter than this (fuzzy key characters) are not followed.
SENTENCE_MIN_LENGTH = 30
#: A cross-referenced rule: minimum weighted share of the old rule's words in it.
CITED_MIN_SHARE = 0.4
#: An old rule citing the new rule: minimum weighted share of its words there.
POINTED_SHARE = 0.6
#: A twin: minimum :func:`overlap`, and its similarity as a share of the main successor's.
TWIN_MIN_OVERLAP, TWIN_SHARE = 58, 0.9
#: Between rules holding one sentence as well, the one holding more of the old rule's words
#: wins: the weight of that share in the ranking.
RANK_SHARE = 20
#: A rule left over among the subrules its siblings went to: the least weighted share of its
#: words and :func:`contained` in the one it goes to, and its lead over the next best.
FAMILY_MIN_SHARE, FAMILY_MIN, FAMILY_MARGIN = 0.45, 50, 5
#: A new rule is compared with an old one for a piece only if the words they share weigh this
#: share of the lighter one's.
PIECE_MIN_SHARE = 0.3
#: Candidates examined per rule left over.
CANDIDATES = 8

_SENTENCE_END = re.compile(r"(?<=[.!?])[\"”’)]*\s+(?=[\"“(]?[A-Z0-9])")
#: « (See rule 217.8, "Phased Out," and rule 302.1.) »: an aside, not content.
_ASIDE = re.compile(r"\((?:see|this is|for more)[^()]*\)", re.I)
_CITED = re.compile(r"(?<![\d.])(\d{3}(?:\.\d+[a-z]?)?)(?![\d])")


@lru_cache(maxsize=32768)
def _sentences_of(number: str, body: str) -> tuple[Node, ...]:
    parts = [p for p in _SENTENCE_END.split(_ASIDE.sub(" ", body)) if p.strip()]
    if len(parts) < 2:
        return ()
    nodes = tuple(Node.make(number, None, p, parent="") for p in parts)
    return tuple(s for s in nodes if len(s.fuzzy) >= SENTENCE_MIN_LENGTH)


def sentences(x: Node) -> tuple[Node, ...]:
    """``x``'s sentences long enough to be followed (none for a one-sentence rule: the whole
    rule is compared by the other passes)."""
    return _sentences_of(x.number, rule_body(x.title, x.text))


def _sentence_scores(m: Matching, x: Node, y: Node, before: Optional[Node], share_instead: float,
                     rivals: Sequence[Node]) -> list[float]:
    """:func:`contained` in ``y`` of each of ``x``'s sentences that counts there (see
    :func:`sentence_score`), best first."""
    out = []
    for s in sentences(x) or (x,):
        if not (_keeps_key_word(s, y, m) or _share(s, y, m.weights) >= share_instead):
            continue
        c = contained(s, y, m.weights)
        if c >= SPREAD_MIN and (before is None or c - contained(s, before, m.weights) >= GAIN_MARGIN) \
                and all(contained(s, r, m.weights) < c for r in rivals):
            out.append(c)
    return sorted(out, reverse=True)


def sentence_score(m: Matching, x: Node, y: Node, before: Optional[Node] = None,
                   share_instead: float = SEARCH_SHARE, rivals: Sequence[Node] = ()) -> float:
    """How surely ``x``'s sentences are in ``y`` (0: not shown): the best :func:`contained`
    in ``y`` of one sentence of ``x`` (of ``x`` itself when it is one sentence) from
    :data:`SENTENCE_MIN`, or, for a rule rewritten throughout, the mean of its two best from
    :data:`SPREAD_MEAN` when ``y`` holds :data:`SPREAD_SHARE` of its words' weight.

    A sentence counts when ``y`` keeps its rarest word, or when the words of ``y`` are
    ``share_instead`` of its words' weight (« whose turn is being controlled » -> « who's
    being controlled »).  With ``before`` (``y``'s main predecessor), only sentences ``y``
    holds by :data:`GAIN_MARGIN` more than ``before`` did count: a sentence of one template
    (« The bushido bonus is calculated only once per combat » and the rampage bonus) is not
    news in ``y``.  A sentence that one of ``rivals`` holds at least as well is theirs
    (« Kicker [cost] means … » stays with kicker, not with multikicker)."""
    found = _sentence_scores(m, x, y, before, share_instead, rivals)
    if found and found[0] >= SENTENCE_MIN:
        return found[0]
    if len(found) >= 2 and (found[0] + found[1]) / 2 >= SPREAD_MEAN \
            and _share(x, y, m.weights) >= SPREAD_SHARE:
        return (found[0] + found[1]) / 2
    return 0.0


@lru_cache(maxsize=65536)
def _cited(text: str) -> frozenset:
    return frozenset(_CITED.findall(text or ""))


def _hits(cited: frozenset, number: str) -> bool:
    """``cited`` names ``number`` or one of the rules it is under (up to its three-digit rule)."""
    n: Optional[str] = number
    while n:
        if n in cited:
            return True
        n = tree_parent(n)
    return False


def cross_referenced(m: Matching, x: Node, y: Node) -> bool:
    """A cross-reference ties old rule ``x`` to new rule ``y``: ``y``'s main predecessor cited
    ``x`` (or a rule ``x`` is under), or the rule now at ``x``'s number or at its parent's
    cites ``y`` (« 215 … This section is now empty. See rule 205.4c »)."""
    pred = m.back.get(y.number)
    if pred is not None and pred in m.a_by and _hits(_cited(m.a_by[pred].text), x.number):
        return True
    for place in (x.number, tree_parent(x.number)):
        z = m.b_by.get(place or "")
        if z is not None and m.back.get(z.number) != x.number and _hits(_cited(z.text), y.number):
            return True
    return False


def _pointed_to(m: Matching, x: Node, y: Node) -> bool:
    """``x`` cited ``y`` or a rule ``y`` is under (« The sun symbol … See rule 711 » ->
    711.1b), holds :data:`POINTED_SHARE` of its words and one of its sentences from
    :data:`SPREAD_MIN`: a citation alone ties too loosely (« First, all “at end of combat”
    abilities trigger … (See rule 603) » is not in every rule of 603)."""
    return (_hits(_cited(x.text), y.number) and _share(x, y, m.weights) >= POINTED_SHARE
            and bool(_sentence_scores(m, x, y, None, SEARCH_SHARE, ())))


def _evidence(m: Matching, x: Node, y: Node) -> float:
    """How surely ``x``'s content is in ``y`` (0: not shown)."""
    pred = m.back.get(y.number)
    s = sentence_score(m, x, y, m.a_by[pred] if pred is not None else None)
    if s:
        return s
    if _keeps_key_word(x, y, m) and ((_share(x, y, m.weights) >= CITED_MIN_SHARE and cross_referenced(m, x, y))
                                     or _pointed_to(m, x, y)):
        return contained(x, y, m.weights)
    return 0.0


def _main_row(x: Node, y: Node, score: float) -> Link:
    change = change_kind(x.title, x.text, x.examples, y.title, y.text, y.examples)
    relation = "moved" if x.number != y.number else ("reworded" if change == "words" else "same")
    return Link(x.number, y.number, relation, round(score, 1), change)


def _follow(m: Matching, x: Node, y: Node, score: float) -> None:
    """``y`` is where ``x`` went: its main successor when ``y`` is new, else ``x`` is merged
    into it."""
    if y.number not in m.back:
        m.pair(x, y, score)
        m.links.append(_main_row(x, y, score))
    else:
        m.links.append(Link(x.number, y.number, "merged", round(score, 1), "words"))
        m.fwd[x.number] = y.number
    m.late_pairs.add(x.number)


def follow_sentences(m: Matching) -> None:
    """Rows for the rules left over whose sentences (or cross-referenced words) are found in
    the next edition: the main successor when that rule is new, else ``merged``."""
    left = _left_over(m)
    if not left:
        return
    index = content_index(m)
    found = []
    for x in left:
        pool = index.nearest(x, m.weights, CANDIDATES)
        same = m.b_by.get(x.number)
        if same is not None and same not in pool:
            pool.append(same)
        for y in pool:
            if not y.is_heading():
                s = _evidence(m, x, y)
                if s:
                    found.append((s + RANK_SHARE * _share(x, y, m.weights), s, x, y))
    found.sort(key=lambda c: (-c[0], c[2].number, c[3].number))
    for _, s, x, y in found:
        if x.number in m.fwd:
            continue
        _follow(m, x, y, s)


def _family_of(m: Matching, x: Node) -> Optional[str]:
    """The rule of ``b`` that ``x``'s parent, a heading, was folded into (« 502.11 Bands with
    Other » -> « 702.19 Banding »), when most of ``x``'s siblings went under it too."""
    if x.parent not in m.merged_headings:
        return None
    into = {k.to_number for k in m.heading_links if k.from_number == x.parent and k.relation == "merged"}
    sibs = [n for n in m.kids_a.get(x.parent or "", ()) if n != x.number]
    under = [n for n in sibs if n in m.fwd and tree_parent(m.fwd[n]) in into]
    return next(iter(into)) if len(into) == 1 and 2 * len(under) > len(sibs) else None


def follow_family(m: Matching) -> None:
    """A rule left over whose parent was folded into a rule of the next edition, with most of
    its siblings (:func:`_family_of`), goes to the subrule there holding most of its words (:data:`FAMILY_MIN_SHARE`, :data:`FAMILY_MIN`),
    by :data:`FAMILY_MARGIN` more than any other: its family narrows the search enough for a
    looser test than anywhere (« 502.11b » attacking bands of « bands with other » -> the
    banding declaration 702.19c)."""
    for x in _left_over(m):
        family = _family_of(m, x)
        if family is None:
            continue
        scored = sorted(((contained(x, m.b_by[n], m.weights), n) for n in m.kids_b.get(family, ())
                         if _share(x, m.b_by[n], m.weights) >= FAMILY_MIN_SHARE), reverse=True)
        if not scored or scored[0][0] < FAMILY_MIN or (len(scored) > 1 and scored[0][0] - scored[1][0] < FAMILY_MARGIN):
            continue
        s, y = scored[0][0], m.b_by[scored[0][1]]
        _follow(m, x, y, s)


def _near(m: Matching, number: str) -> list[str]:
    """``number`` of ``b``'s parent, siblings and subrules."""
    parent = tree_parent(number)
    out = list(m.kids_b.get(number, ()))
    if parent:
        out.append(parent)
        out.extend(k for k in m.kids_b.get(parent, ()) if k != number)
    return out


def _shares_words(x: Node, y: Node, w: dict[str, float]) -> bool:
    """The words ``x`` and ``y`` share weigh :data:`PIECE_MIN_SHARE` of the lighter rule's:
    a quick test before comparing sentences."""
    inter = sum(w[t] for t in x.tokens & y.tokens)
    return inter >= PIECE_MIN_SHARE * min(sum(w[t] for t in x.tokens), sum(w[t] for t in y.tokens))


def _split_source(m: Matching, y: Node, only: Optional[set] = None,
                  done: frozenset = frozenset()) -> list[tuple[float, Node]]:
    """The old rules ``y`` (new, left over) holds a piece of, with the scores, best first
    (among ``only`` when given; not those whose piece in ``y`` is ``done`` already): a new rule
    may gather pieces of several (« 210.1 … printed below the text box that has no effect on
    game play » of 209.1's illustration credit and 210.1's legal text)."""
    olds = {m.back[n] for n in _near(m, y.number) if n in m.back}
    if y.number in m.a_by and y.number in m.fwd:
        olds.add(y.number)
    if only is not None:
        olds &= only
    olds = {xn for xn in olds if (xn, y.number) not in done}
    found = []
    for xn in sorted(olds):
        x, main = m.a_by[xn], m.b_by.get(m.fwd.get(xn, ""))
        if main is None or main.number == y.number or x.masked == main.masked or x.is_heading() \
                or not _shares_words(x, y, m.weights):
            continue
        rivals = [m.b_by[n] for n in (main.number, *_near(m, main.number)) if n != y.number]
        s = sentence_score(m, x, y, share_instead=NEAR_SHARE, rivals=rivals)
        if not s and overlap(x, y, m.weights) >= TWIN_MIN_OVERLAP and _keeps_key_word(x, y, m):
            twin = similarity(x, y, m.weights)
            if twin >= TWIN_SHARE * similarity(x, main, m.weights):
                s = twin
        if s:
            found.append((s, x))
    return sorted(found, key=lambda c: (-c[0], c[1].number))


def find_split_pieces(m: Matching, only: Optional[set] = None) -> None:
    """``split`` rows for the new rules left over that hold a piece of an old rule whose main
    successor is next to them (:func:`_split_source`; old rules of ``only`` when given).  Run
    before :func:`follow_sentences` (a new rule that is one old rule's twin is not taken for
    another's successor) and after it (:func:`find_late_split_pieces`)."""
    if only is not None and not only:
        return
    done = frozenset((k.from_number, k.to_number) for k in m.links if k.relation == "split")
    for y in m.b:
        pred = m.back.get(y.number)
        if (pred is not None and not m.a_by[pred].is_heading()) or len(y.fuzzy) < SPLIT_MIN_LENGTH \
                or y.is_heading():
            continue
        for score, x in _split_source(m, y, only, done):
            m.links.append(Link(x.number, y.number, "split", round(score, 1), "words"))
            m.back.setdefault(y.number, x.number)


def find_late_split_pieces(m: Matching) -> None:
    """:func:`find_split_pieces` for the old rules :func:`follow_sentences` and
    :func:`follow_family` gave a successor."""
    find_split_pieces(m, m.late_pairs)
