"""Every search bounded: a time budget and a work budget checked inside the
search engine's scoring, so that no query runs for long, whatever it is.

Whoosh scores documents through the weighting model's scorers: the
matchers ask them a score per document and, to skip blocks of postings
that cannot reach the best results (``optimize``), a block quality per
block.  :class:`BoundedWeighting` wraps the weighting model so that its
scorers count those calls and look at the clock every
:data:`CHECK_EVERY` of them:

* past the deadline of the search (:func:`time_limit`), they raise
  :class:`SearchTooExpensive` (``kb search``: a one-line error, ``kb
  serve``: 503), out of whatever loop Whoosh is in;
* after :data:`SPIN_LIMIT` block qualities asked in a row without a document
  scored, they raise :class:`SearchSpin`: Whoosh's ``AndMaybe`` matcher
  can loop for ever in ``skip_to_quality`` when neither side moves (seen on
  ``-1/-1{2/B} association b`` over two editions); a posting list would have
  to hold tens of millions of documents to need that many skips.
  :func:`run_bounded` then runs the search again without the block-quality
  skips (every matching document scored), within the same deadline.

This module imports nothing of Whoosh (``kb.search.index`` is the only
module that does): it wraps the objects it is given.
"""
from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from typing import Iterator, Optional

__all__ = ["SearchTooExpensive", "SearchSpin", "BoundedWeighting", "time_limit", "run_bounded",
           "SEARCH_TIME_LIMIT"]

#: Seconds a search may take by default (``kb search``; ``kb serve`` sets its own).
SEARCH_TIME_LIMIT = 10.0
#: Scorer calls between two looks at the clock.
CHECK_EVERY = 512
#: Block qualities asked in a row, no document scored, taken as a matcher that no longer moves.
SPIN_LIMIT = 200_000


class SearchTooExpensive(RuntimeError):
    """A search stopped at its time budget: too expensive to answer."""

    def __init__(self, seconds: float):
        super().__init__(f"this search is too expensive: stopped after {seconds:g} s "
                         "(narrow it: fewer words, a kind:, lang: or edition filter)")
        self.seconds = seconds
        self.kb_message = str(self)    # kb search: the one line it prints

    def __reduce__(self):              # back from kb serve's heavy-query process
        return (type(self), (self.seconds,))


class SearchSpin(RuntimeError):
    """The engine's block-quality skipping stopped moving (a Whoosh loop)."""


class _Budget:
    """The deadline and counters of the searches of one thread."""

    def __init__(self):
        self.deadline: Optional[float] = None
        self.seconds = 0.0
        self.calls = 0
        self.idle_skips = 0

    def tick(self) -> None:
        self.calls += 1
        if self.calls % CHECK_EVERY == 0 and self.deadline is not None and time.monotonic() > self.deadline:
            raise SearchTooExpensive(self.seconds)


_local = threading.local()


def _budget() -> _Budget:
    b = getattr(_local, "budget", None)
    if b is None:
        b = _local.budget = _Budget()
    return b


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Within the block, the searches of this thread stop with
    :class:`SearchTooExpensive` after ``seconds``; a block inside another
    keeps the earlier deadline."""
    b = _budget()
    if b.deadline is not None:
        yield
        return
    b.deadline, b.seconds = time.monotonic() + seconds, seconds
    try:
        yield
    finally:
        b.deadline = None


def remaining() -> Optional[float]:
    """Seconds left to the searches of this thread (None: no limit)."""
    b = _budget()
    return None if b.deadline is None else b.deadline - time.monotonic()


class _BoundedScorer:
    """A scorer counting its calls against the thread's budget."""

    def __init__(self, inner, budget: _Budget):
        self._inner = inner
        self._budget = budget

    def __getattr__(self, name):
        return getattr(self._inner, name)

    def score(self, matcher):
        self._budget.idle_skips = 0
        self._budget.tick()
        return self._inner.score(matcher)

    def block_quality(self, matcher):
        b = self._budget
        b.idle_skips += 1
        if b.idle_skips > SPIN_LIMIT:
            b.idle_skips = 0
            raise SearchSpin("block-quality skipping does not move")
        b.tick()
        return self._inner.block_quality(matcher)

    def max_quality(self):
        return self._inner.max_quality()

    def supports_block_quality(self):
        return self._inner.supports_block_quality()


class BoundedWeighting:
    """A Whoosh weighting model (``BM25F()``) whose scorers keep to the budget."""

    def __init__(self, inner):
        self._inner = inner

    def __getattr__(self, name):
        return getattr(self._inner, name)

    def scorer(self, searcher, fieldname, text, qf=1):
        return _BoundedScorer(self._inner.scorer(searcher, fieldname, text, qf=qf), _budget())


def run_bounded(searcher, query, **kwargs):
    """``searcher.search(query, **kwargs)``; when the engine's block-quality
    skipping spins (:class:`SearchSpin`), the same search without it
    (``optimize=False``).  :class:`SearchTooExpensive` past the deadline."""
    _budget().idle_skips = 0
    try:
        return searcher.search(query, **kwargs)
    except SearchSpin:
        if not kwargs.get("optimize", True):   # pragma: no cover - no skipping without optimize
            raise
        _budget().idle_skips = 0
        return searcher.search(query, **{**kwargs, "optimize": False})
