"""The postings of the first pass (:mod:`kb.search.firstpass`): the arrays
written with the index (:class:`ImpactWriter`, read by :class:`Impacts`),
a term's postings as arrays (:class:`ArrayPostings`, :class:`TermPostings`,
:func:`read_postings`) and their BM25 scores (:func:`term_scores`).  This
module imports nothing of Whoosh: it reads its matchers by their attributes.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Callable, Optional


class _NumPy:
    """NumPy, imported when first used (as in :mod:`kb.search.firstpass`)."""

    def __getattr__(self, name):
        import numpy

        globals()["np"] = numpy
        return getattr(numpy, name)


np = _NumPy()

#: Terms in at least this many documents of a field have their postings stored as arrays.
MIN_DF = 32

#: The files of those arrays in the index directory.
IMPACT_IDS, IMPACT_WEIGHTS, IMPACT_TABLE = "impacts_ids.npy", "impacts_weights.npy", "impacts.json"


class ImpactWriter:
    """Collects, while the index is written, each term's postings (document
    number, weight: its count times the document's boost, as the engine
    stores it) and writes those of the terms in :data:`MIN_DF` documents or
    more as two arrays and a table of where each term's run starts."""

    def __init__(self):
        self.postings: dict = {}       # "field term" -> ([document], [weight])

    def add(self, docnum: int, field: str, terms: list, boost: float) -> None:
        for term, count in Counter(terms).items():
            found = self.postings.setdefault(f"{field} {term}", ([], []))
            found[0].append(docnum)
            found[1].append(count * boost)

    def add_postings(self, field: str, term: str, ids, weights) -> None:
        """A term's postings at once, in document order: their documents and weights."""
        self.postings[f"{field} {term}"] = (ids, weights)

    def write(self, directory: Path) -> None:
        table, ids, weights, at = {}, [], [], 0
        for key in sorted(self.postings):      # (in an order of its own: the same files however collected)
            found_ids, found_weights = self.postings[key]
            if len(found_ids) >= MIN_DF:
                table[key] = (at, at + len(found_ids))
                at += len(found_ids)
                ids.extend(found_ids)
                weights.extend(found_weights)
        directory = Path(directory)
        np.save(directory / IMPACT_IDS, np.asarray(ids, dtype=np.int32))
        np.save(directory / IMPACT_WEIGHTS, np.asarray(weights, dtype=np.float32))
        (directory / IMPACT_TABLE).write_text(json.dumps(table), encoding="utf-8")


class Impacts:
    """The stored postings arrays of an index directory (None from :meth:`open` when absent)."""

    def __init__(self, directory: Path):
        self.directory = Path(directory)
        self.table: Optional[dict] = None

    @classmethod
    def open(cls, directory: Path) -> Optional["Impacts"]:
        """The arrays of ``directory`` (read when first asked), or None when it has none."""
        return cls(directory) if (Path(directory) / IMPACT_TABLE).exists() else None

    def _load(self) -> None:
        d = self.directory
        try:
            self.ids = np.load(d / IMPACT_IDS, mmap_mode="r")
            self.weights = np.load(d / IMPACT_WEIGHTS, mmap_mode="r")
            self.table = json.loads((d / IMPACT_TABLE).read_text(encoding="utf-8"))
        except (OSError, ValueError):     # unreadable: the postings are read from the index itself
            self.table = {}

    def get(self, field: str, text: str) -> Optional[tuple]:
        if self.table is None:
            self._load()
        span = self.table.get(f"{field} {text}")
        if span is None:
            return None
        return (np.asarray(self.ids[span[0]:span[1]], dtype=np.int64),
                np.asarray(self.weights[span[0]:span[1]], dtype=np.float64))


class ArrayPostings:
    """A term's postings from :class:`Impacts`; the values (positions) of
    the candidates' postings asked of ``values_of(ids)`` when needed."""

    def __init__(self, ids: np.ndarray, weights: np.ndarray, values_of: Optional[Callable] = None):
        self.ids, self.weights, self.values_of = ids, weights, values_of
        self.known: dict = {}     # {document: value} read so far (the candidates, then the best of them)

    def among(self, docs: np.ndarray, positions: bool = False) -> tuple[list, list, Optional[list]]:
        """(ids, weights, values) of the postings of the documents ``docs``
        (sorted); the values only when ``positions`` are wanted."""
        at = np.flatnonzero(np.isin(self.ids, docs, assume_unique=True))
        ids = self.ids[at].tolist()
        if not (positions and self.values_of):
            return ids, self.weights[at].tolist(), None
        known = self.known
        missing = [d for d in ids if d not in known]
        if missing:
            known.update(zip(missing, self.values_of(missing)))
        return ids, self.weights[at].tolist(), [known[d] for d in ids]


class TermPostings:
    """One term's postings as arrays: document numbers, weights, and the
    blocks' values (positions), kept to hand the candidates' postings on."""

    def __init__(self, blocks: list):
        self.blocks = blocks      # [(ids, weights, values)]
        self.ids = np.concatenate([b[0] for b in blocks]) if blocks else np.zeros(0, dtype=np.int64)
        self.weights = np.concatenate([b[1] for b in blocks]) if blocks else np.zeros(0)

    def among(self, docs: np.ndarray, positions: bool = True) -> tuple[list, list, list]:
        """(ids, weights, values) of the postings of the documents ``docs`` (sorted)."""
        ids, weights, values = [], [], []
        for b_ids, b_weights, b_values in self.blocks:
            at = np.flatnonzero(np.isin(b_ids, docs, assume_unique=True))
            if len(at):
                ids += b_ids[at].tolist()
                weights += b_weights[at].tolist()
                values += [b_values[i] for i in at.tolist()]
        return ids, weights, values


_TABLES: dict = {}


def term_scores(scorer, postings: TermPostings) -> np.ndarray:
    """The scores ``scorer`` gives the postings: BM25 from the length table
    of a :class:`kb.search.lengths.NormScorer` (the same arithmetic, so the
    same floats), the weights themselves for a field without lengths."""
    idf, norms = getattr(scorer, "_idf", None), getattr(scorer, "_norms", None)
    if idf is None or norms is None:
        return postings.weights.copy()
    table = _TABLES.get(id(norms))
    if table is None or table[0] is not norms:
        table = _TABLES[id(norms)] = (norms, np.array([1.0 if v is None else v for v in norms]))
    w = postings.weights
    return idf * ((w * scorer._k1p) / (w + table[1][postings.ids]))


def read_postings(matcher) -> TermPostings:
    """All the postings of a term matcher: a block at a time from a Whoosh 2.7
    posting list (its block tuples of deltas, weights, values), else one at a time."""
    blocks = []
    if all(hasattr(matcher, a) for a in ("_read_data", "_next_block", "_byteids", "_blocklength")) \
            and not matcher._byteids:
        while matcher.is_active():
            matcher._read_data()
            deltas, weights, _v = matcher._data
            n = matcher._blocklength
            weights = (np.ones(n) if weights is None else np.full(n, weights) if isinstance(weights, float)
                       else np.asarray(weights, dtype=np.float64))
            matcher._read_values()
            blocks.append((np.cumsum(np.asarray(deltas, dtype=np.int64)), weights, matcher._values))
            matcher._next_block()
        return TermPostings(blocks)
    ids, weights, values = [], [], []
    while matcher.is_active():
        ids.append(matcher.id())
        weights.append(matcher.weight())
        values.append(matcher.value())
        matcher.next()
    if ids:
        blocks.append((np.asarray(ids, dtype=np.int64), np.asarray(weights, dtype=np.float64), values))
    return TermPostings(blocks)


