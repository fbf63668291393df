"""The state of mapping one Comprehensive Rules edition to the next (:class:`Matching`) and its rows (:class:`Link`).

Shared by the matching passes of :mod:`kb.rules.mapping` and :mod:`kb.rules.branches`.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from kb.model import rule_parent
from kb.rules.similarity import Node, TokenWeights

#: Minimum :func:`kb.rules.similarity.contained` score of a split or merge.
SPLIT_MIN = 80
#: Texts shorter than this (fuzzy key characters) are never split or merged.
SPLIT_MIN_LENGTH = 25


@dataclass
class Link:
    """One map row between two consecutive editions (numbers are None for
    ``added`` / ``removed``)."""

    from_number: Optional[str]
    to_number: Optional[str]
    relation: str
    score: float
    change: Optional[str] = None


def tree_parent(number: str) -> Optional[str]:
    """:func:`kb.model.rule_parent` inside one edition's tree, whose roots are
    the chapters: the matcher never climbs from a chapter to its section."""
    return rule_parent(number) if "." in number else None


def _children(nodes: Sequence[Node]) -> dict[str, list[str]]:
    kids: dict[str, list[str]] = defaultdict(list)
    for node in nodes:
        if node.parent:
            kids[node.parent].append(node.number)
    return kids


@dataclass
class Matching:
    """The state of mapping edition ``a`` to edition ``b``.

    ``fwd`` maps a number of ``a`` to its main successor in ``b``, ``back``
    a number of ``b`` to its main predecessor; ``scores`` the similarity of
    each pair; ``heading_links`` the merged/split rows of headings;
    ``merged_headings`` the headings of ``a`` merged into a matched rule;
    ``links`` the map rows made so far; ``content_index`` the word index of ``b``
    (:class:`kb.rules.branches.ContentIndex`), built on first use; ``late_pairs`` the rules of
    ``a`` given a successor by the sentence passes (:mod:`kb.rules.pieces`)."""

    a: Sequence[Node]
    b: Sequence[Node]
    a_by: dict[str, Node]
    b_by: dict[str, Node]
    kids_a: dict[str, list[str]]
    kids_b: dict[str, list[str]]
    weights: TokenWeights
    fwd: dict[str, str] = field(default_factory=dict)
    back: dict[str, str] = field(default_factory=dict)
    scores: dict[str, float] = field(default_factory=dict)
    heading_links: list[Link] = field(default_factory=list)
    merged_headings: set[str] = field(default_factory=set)
    links: list[Link] = field(default_factory=list)
    content_index: Any = None
    late_pairs: set[str] = field(default_factory=set)

    @classmethod
    def start(cls, a: Sequence[Node], b: Sequence[Node]) -> "Matching":
        return cls(a, b, {x.number: x for x in a}, {y.number: y for y in b}, _children(a), _children(b),
                   TokenWeights(a, b))

    def pair(self, x: Node, y: Node, score: float) -> None:
        """Make ``y`` the main successor of ``x``."""
        self.fwd[x.number], self.back[y.number], self.scores[x.number] = y.number, x.number, score

    def free(self, x: Node, y: Node) -> bool:
        """Neither rule has been paired yet."""
        return x.number not in self.fwd and y.number not in self.back


