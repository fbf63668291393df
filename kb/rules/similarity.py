"""The edition matcher's view of a rule (:class:`Node`) and how alike two rules are.

* :func:`similarity`: the mean of rapidfuzz ``fuzz.ratio`` on the fuzzy keys
  and the IDF-weighted overlap of the two rules' words (0-100);
* :func:`contained`: how much of one rule's text lies inside another
  (rapidfuzz ``fuzz.partial_ratio`` and the weighted share of its words), the
  measure of splits and merges.

Word weights are the inverse document frequency over the rules of the two
editions compared (:class:`TokenWeights`, computed on first use).
"""
from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import Optional, Sequence

from rapidfuzz import fuzz

from kb.model import rule_parent
from kb.rules.changes import fuzzy_key, masked_key, rule_body
from parser.textkeys import typo_key

_TOKEN_RE = re.compile(r"[a-z0-9{}/+\-]+")


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
        body = rule_body(title, text)
        fuzzy = fuzzy_key(body)
        return cls(number, title, text or "", tuple(examples),
                   parent if parent is not None else rule_parent(number),
                   masked_key(body), fuzzy, typo_key(title or "").lower(), frozenset(_TOKEN_RE.findall(fuzzy)))

    @property
    def letter(self) -> str:
        """The subrule letter (« a » of 702.13a), "" for a rule or chapter."""
        return subrule_letter(self.number)

    def is_heading(self) -> bool:
        """A chapter, or a rule that is only a title."""
        return "." not in self.number or (bool(self.title) and rule_body(self.title, self.text) == self.title.strip())


def subrule_letter(number: str) -> str:
    """The subrule letter of ``number`` ("" for a rule or chapter)."""
    return number[-1] if number[-1].isalpha() else ""


#: The word counts of the last editions counted (the edition sequence itself is kept, so that
#: its id is not reused): consecutive pairs of the history share an edition.
_COUNTED: list[tuple[Sequence[Node], Counter]] = []


def _document_frequency(nodes: Sequence[Node]) -> Counter:
    """How many rules of ``nodes`` have each word (the last two editions asked are kept)."""
    for seq, df in _COUNTED:
        if seq is nodes:
            return df
    df = Counter(t for node in nodes for t in node.tokens)
    _COUNTED[:] = [*_COUNTED[-1:], (nodes, df)]
    return df


def _weights(a: Sequence[Node], b: Sequence[Node]) -> dict[str, float]:
    """Inverse document frequency of each word over the rules of both editions."""
    df = _document_frequency(a) + _document_frequency(b)
    n = len(a) + len(b) + 1
    return {t: math.log(n / (c + 1)) + 0.1 for t, c in df.items()}


class TokenWeights(dict):
    """Word weights of two editions, computed on first use (most edition
    pairs never need them); an unknown word weighs 1."""

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


def weighted_overlap(x: Node, y: Node, w: dict[str, float]) -> float:
    """Weighted Jaccard similarity of the two rules' words (0-1): rare words
    (a keyword's name) weigh much more than « the » or « creature »."""
    inter = sum(w[t] for t in x.tokens & y.tokens)
    union = inter + sum(w[t] for t in x.tokens ^ y.tokens)
    return inter / union if union else 1.0


def similarity(x: Node, y: Node, w: dict[str, float], ratio: Optional[float] = None) -> float:
    """Mean of rapidfuzz ``ratio`` (0-100, computed unless given) and the
    weighted word overlap (0-100)."""
    if ratio is None:
        ratio = fuzz.ratio(x.fuzzy, y.fuzzy)
    return (ratio + 100 * weighted_overlap(x, y, w)) / 2


def contained(part: Node, whole: Node, w: dict[str, float]) -> float:
    """How much of ``part``'s text lies inside ``whole`` (0-100): the mean of
    rapidfuzz ``partial_ratio`` and the IDF-weighted share of ``part``'s words
    found in ``whole``."""
    total = sum(w[t] for t in part.tokens)
    share = sum(w[t] for t in part.tokens & whole.tokens) / total if total else 1.0
    return (fuzz.partial_ratio(part.fuzzy, whole.fuzzy) + 100 * share) / 2


def overlap(x: Node, y: Node, w: dict[str, float]) -> float:
    """:func:`contained` of the shorter rule (fuzzy key) in the longer."""
    short, long_ = (x, y) if len(x.fuzzy) <= len(y.fuzzy) else (y, x)
    return contained(short, long_, w)
