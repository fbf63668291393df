"""Which words bound the candidates of the words-in-any-order pass.

The any-order pass (:meth:`kb.search.index.Index.run` with ``loose``) finds
documents holding some of the query's words, those holding more of them
first.  Scored as one OR, it scores every document holding any word: the
nine words of « You choose which pile to put into your hand » reach 13,000
documents through « put » and « hand ».  A document holding common words
only cannot outrank one holding a rare word as well (the rare word's weight,
its inverse document frequency, dominates), so the pass is restricted to the
documents holding one of the rarest words, up to :data:`CANDIDATE_BUDGET`
documents in all, and scores them with every word.
"""
from __future__ import annotations

from typing import Callable, Optional, Sequence, TypeVar

from kb.search.query import All, Not

N = TypeVar("N")

#: Documents, summed over the rarest words kept, that bound the any-order pass.
CANDIDATE_BUDGET = 1000


def rarest(nodes: Sequence[N], frequency: Callable[[N], int], budget: int = CANDIDATE_BUDGET) -> list[N]:
    """The rarest of ``nodes`` (by ``frequency``, documents holding a node)
    whose frequencies add up to at most ``budget``; at least the rarest one.
    ``rarest([hand, pile, put], df)`` -> ``[pile]`` when « hand » and « put »
    are in thousands of documents."""
    ranked = sorted(((frequency(n), i) for i, n in enumerate(nodes)))
    kept, total = [], 0
    for count, i in ranked:
        if kept and total + count > budget:
            break
        kept.append(i)
        total += count
    return [nodes[i] for i in sorted(kept)]


def narrowed(tree, frequency: Callable[[object], int], budget: Optional[int] = None) -> Optional[object]:
    """The part of a query of several words (an :class:`All`) that bounds its
    any-order pass: its rarest positive words (:func:`rarest`), alone or in
    an :class:`All` that the pass reads as an OR; None when there is nothing
    to narrow (one word, or every word rare enough)."""
    words = [n for n in tree.nodes if not isinstance(n, Not)] if isinstance(tree, All) else []
    if len(words) < 2:
        return None
    rare = rarest(words, frequency, CANDIDATE_BUDGET if budget is None else budget)
    if len(rare) == len(words):
        return None
    return rare[0] if len(rare) == 1 else All(tuple(rare))
