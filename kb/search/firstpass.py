"""The cheap first pass of a full-text search: bound every document's score
with arrays, then let Whoosh score only the few that can be among the best.

Whoosh scores in Python, about 8 µs per matching document: « bibliothèque »
or « mana value » match thousands of documents to keep the best fifty.  A
document's BM25F score is a sum, max or product-free mix of its terms'
scores, and each term's score depends on the document alone (its term
weight and field length), so:

1. :func:`plan` reads the Whoosh query as a tree of operations (this module
   imports nothing of Whoosh: it reads the query objects by their class
   names, as :mod:`kb.search.budget` wraps Whoosh's scorers);
2. :class:`Bounds` reads each term's postings a block at a time into NumPy
   arrays, scores them with the same BM25 (the length-normalisation tables
   of :mod:`kb.search.lengths`) and combines them into an *upper bound* of
   every document's score: sums for OR, AND and the best-of alternatives,
   a phrase bounded by its words' AND (positions are not read here), an
   exclusion applied only when it is exact;
3. the caller (:meth:`kb.search.index.Index.run`) lets Whoosh score exactly
   the documents of highest bound (:func:`candidates`), through a reader
   that hands out only their postings, and keeps the answer only when the
   ``best``-th exact score is above the bound of every document left out
   (:func:`complete`): the answer is then the full search's.  Otherwise it
   tries with more candidates, then runs the full search.

Totals: the number of documents the bound finds matching (exact when the
query has no multi-word phrase and its exclusions are exact; an upper bound
otherwise, as the engine's estimate is).
"""
from __future__ import annotations

from bisect import bisect_left
from typing import Callable, Optional

from kb.search.postings import (IMPACT_IDS, IMPACT_TABLE, IMPACT_WEIGHTS, MIN_DF, ArrayPostings,  # noqa: F401
                                ImpactWriter, Impacts, TermPostings, read_postings, term_scores)


class _NumPy:
    """NumPy, imported when the first pass first runs (``kb search`` starts
    ~0.1 s sooner when its query does not need it)."""

    def __getattr__(self, name):
        import numpy

        globals()["np"] = numpy
        return getattr(numpy, name)


np = _NumPy()

#: Candidates per hit wanted, first try and second try.
TRIES = (2, 8)

#: Documents the engine would score (its estimate) from which the first pass pays.
MIN_MATCHES = 300

#: Postings the engine would walk (the query's terms' document frequencies, summed) from which the
#: first pass pays even when few documents match: an AND of common words (« put », « hand ») has a
#: small estimate but the engine skips through thousands of postings in Python to find it.
MIN_POSTINGS = 3000

#: Relative margin of the bound check (float rounding of sums taken in another order).
MARGIN = 1e-9

#: Query classes read as a sum of their parts (Or and its variants, the best-of alternatives).
_SUMS = {"Or", "DisjunctionMax"}
_ANDS = {"And"}


class Unsupported(Exception):
    """A query part the first pass does not bound (the full search runs)."""


def plan(q):
    """The Whoosh query ``q`` as nested tuples:
    ``("term", field, text, boost)``, ``("phrase", field, words, boost)``,
    ``("sum"|"and", boost, [parts], bonus)``, ``("not"|"maybe"|"require", a, b)``,
    ``("none",)``.  Raises :class:`Unsupported` for any other query."""
    name = type(q).__name__
    if name == "Term":
        return ("term", q.fieldname, q.text, q.boost)
    if name == "Phrase":
        return ("phrase", q.fieldname, list(q.words), q.boost)
    if name in _SUMS or name in _ANDS:
        # a coordination bonus (Or with scale: the any-order pass) adds less than 1 to a matching document
        bonus = 1.0 if getattr(q, "scale", None) else 0.0
        return ("sum" if name in _SUMS else "and", max(1.0, q.boost), [plan(s) for s in q.subqueries], bonus)
    if name in ("AndNot", "AndMaybe", "Require"):
        return ({"AndNot": "not", "AndMaybe": "maybe", "Require": "require"}[name], plan(q.a), plan(q.b))
    if name == "NullQuery" or name == "_NullQuery":
        return ("none",)
    raise Unsupported(name)


#: (document numbers, scores) of one term, both NumPy arrays, numbers ascending.
Postings = Callable[[str, str], Optional[tuple]]


class Bounds:
    """Upper bounds of the scores of the ``n`` documents of an index for one
    query :func:`plan`, from ``postings(field, text)`` (None: the term is
    not indexed).  Bounds are sparse, ``(documents, bounds)``: the matching
    documents' numbers (ascending, once each) and their bounds, so that a
    part costs its postings, not the index's size; parts add up in the
    order of the query, as the dense sums did (the same floats)."""

    def __init__(self, n: int, postings: Postings):
        self.n = n
        self.postings = postings
        self.exact = True      # the match set is exact (no phrase, no approximate exclusion)
        self.positional: set = set()   # (field, text) of the phrases' words: their positions are needed

    def evaluate(self, node) -> tuple:
        """(bounds, matches): a float array and a boolean array over the documents."""
        ids, values = self.sparse(node)
        bounds, matches = np.zeros(self.n), np.zeros(self.n, dtype=bool)
        bounds[ids], matches[ids] = values, True
        return bounds, matches

    def sparse(self, node) -> tuple:
        """(documents, bounds) of ``node``: see the class docstring."""
        kind = node[0]
        if kind == "term":
            return self._term(node[1], node[2], node[3])
        if kind == "phrase":
            self.exact = False
            self.positional.update((node[1], w) for w in node[2])
            return self._combine("and", node[3], [("term", node[1], w, 1.0) for w in node[2]])
        if kind in ("sum", "and"):
            ids, bounds = self._combine(kind, node[1], node[2])
            return ids, (bounds + node[3] if node[3] else bounds)
        if kind == "none":
            return _EMPTY()
        a_ids, a = self.sparse(node[1])
        if kind == "maybe":
            b_ids, b = self.sparse(node[2])
            _both, at_a, at_b = np.intersect1d(a_ids, b_ids, assume_unique=True, return_indices=True)
            a = a.copy()
            a[at_a] += b[at_b]
            return a_ids, a
        exact_before = self.exact
        self.exact = True
        b_ids, _b = self.sparse(node[2])
        b_exact, self.exact = self.exact, exact_before and self.exact
        if kind == "require":
            keep = np.isin(a_ids, b_ids, assume_unique=True)
            return a_ids[keep], a[keep]
        if not b_exact:       # an exclusion whose matches are a superset: excluding nothing is the bound
            self.exact = False
            return a_ids, a
        keep = ~np.isin(a_ids, b_ids, assume_unique=True)
        return a_ids[keep], a[keep]

    def _term(self, field: str, text: str, boost: float) -> tuple:
        found = self.postings(field, text)
        if found is None:
            return _EMPTY()
        ids, scores = found
        return ids, scores * boost

    def _combine(self, kind: str, boost: float, parts: list) -> tuple:
        evaluated = [self.sparse(p) for p in parts]
        if not evaluated:
            return _EMPTY()
        if kind == "sum":
            ids, at = np.unique(np.concatenate([e[0] for e in evaluated]), return_inverse=True)
            # bincount adds in the order of its input: the parts' order, as the dense sums
            total = np.bincount(at, weights=np.concatenate([e[1] for e in evaluated]), minlength=len(ids))
        else:
            ids, total = evaluated[0]
            for b_ids, b in evaluated[1:]:
                ids, at_a, at_b = np.intersect1d(ids, b_ids, assume_unique=True, return_indices=True)
                total = total[at_a] + b[at_b]
        return ids, (total * boost if boost != 1.0 else total)


def _EMPTY() -> tuple:
    return np.zeros(0, dtype=np.int64), np.zeros(0)


def candidates(bounds: np.ndarray, matches: np.ndarray, count: int) -> tuple[list[int], float]:
    """The ``count`` matching documents of highest bound (ascending numbers)
    and the highest bound of the matching documents left out (0 if none)."""
    matching = np.flatnonzero(matches)
    return best_of(matching, bounds[matching], count)


def best_of(matching: np.ndarray, values: np.ndarray, count: int) -> tuple[list[int], float]:
    """:func:`candidates` of sparse bounds: documents ``matching`` (ascending), bounds ``values``."""
    if len(matching) <= count:
        return matching.tolist(), 0.0
    top = np.argpartition(-values, count - 1)[:count]
    keep = np.zeros(len(matching), dtype=bool)
    keep[top] = True
    return np.sort(matching[keep]).tolist(), float(values[~keep].max())


def complete(scores: list[float], best: int, left_out: float) -> bool:
    """True when the exact ``scores`` of the candidates (best first) hold
    the full search's ``best`` first: every document left out is bound
    below the ``best``-th of them."""
    if left_out <= 0.0:
        return True
    return len(scores) >= best and scores[best - 1] > left_out * (1 + MARGIN)


class RestrictedReader:
    """An index reader whose posting lists hold the candidates' postings
    only (``lists``: {(field, term bytes): (ids, weights, values)}), all else
    the reader's own: the statistics that scores use (document frequencies,
    field lengths) are the whole index's, so each candidate scores as in the
    full search.  ``matcher(ids, weights, values, field, term, scorer)``
    makes the engine's list matcher."""

    def __init__(self, reader, lists: dict, matcher: Callable):
        self._reader = reader
        self._lists = lists
        self._matcher = matcher

    def __getattr__(self, name):
        return getattr(self._reader, name)

    def __contains__(self, term) -> bool:
        return term in self._reader

    @property
    def base(self):
        return self._reader

    def postings(self, fieldname, text, scorer=None):
        found = self._lists.get((fieldname, text))
        if found is None:
            raise Unsupported(f"{fieldname}:{text!r} not read by the first pass")
        return self._matcher(*found, fieldname, text, scorer)

    def close(self) -> None:       # the reader is the index's: it stays open
        pass


# ------------------------------------------------------------------ the pass

class FirstPass:
    """The first pass over one opened index: ``searcher`` (the engine's, for
    the schema, the reader and the scorers), its :class:`Impacts` (or None),
    ``score_candidates(reader, query, best)`` (the engine's search over a
    :class:`RestrictedReader`) and ``list_matcher`` (for that reader)."""

    def __init__(self, searcher, impacts: Optional[Impacts], score_candidates: Callable, list_matcher: Callable):
        self.searcher = searcher
        self.reader = searcher.reader()
        self.impacts = impacts
        self.score_candidates = score_candidates
        self.list_matcher = list_matcher

    def run(self, q, best: int, walks: bool = True, read: Optional[dict] = None):
        """(results, documents matching) of the Whoosh query ``q``: Whoosh
        scores only the documents whose bound can reach the ``best`` first;
        None when the pass cannot say (the full search runs).  ``walks``:
        also when few documents match but many postings would be walked
        (:data:`MIN_POSTINGS`; not for a coordination bonus, whose scores
        depend on the engine's matcher tree).  ``read`` (a dict) keeps the
        postings read, for :meth:`restricted` in the same search."""
        if not self.searcher.is_atomic():
            return None
        try:
            if q.estimate_size(self.reader) < MIN_MATCHES and (not walks or self._postings_walked(q) < MIN_POSTINGS):
                return None       # few documents to score, few postings to walk: the engine alone is as fast
            read = {} if read is None else read
            bounder = Bounds(self.reader.doc_count_all(), lambda f, t: self._term_scores(f, t, read))
            matching, bounds = bounder.sparse(plan(q))
            schema = self.searcher.schema
            positional = {(f, schema[f].to_bytes(t)) for f, t in bounder.positional}   # phrase words
            for factor in TRIES:
                docs, left_out = best_of(matching, bounds, factor * best)
                if not docs:
                    return None
                wanted = np.asarray(docs)
                lists = {key: postings.among(wanted, key in positional) for key, postings in read.items()}
                results = self.score_candidates(RestrictedReader(self.reader, lists, self.list_matcher), q, best)
                if complete([s for s, _d in results.top_n], best, left_out):
                    return results, len(matching)
        except Unsupported:
            pass
        return None

    def _postings_walked(self, q) -> int:
        """The postings of every term of ``q``, summed: what the engine reads at most."""
        return sum(self.reader.doc_frequency(f, t) for f, t in q.iter_all_terms())

    def _postings(self, field: str, btext: bytes):
        """One term's postings (stored arrays, or read from the index), None when not indexed."""
        if (field, btext) not in self.reader:
            return None
        stored = self.impacts.get(field, btext.decode("utf-8")) if self.impacts is not None else None
        if stored is not None:
            return ArrayPostings(*stored, values_of=lambda ids: self._values(field, btext, ids))
        return read_postings(self.reader.postings(field, btext))

    def _term_scores(self, field: str, text: str, read: dict):
        """(document numbers, scores) of one term (None if not indexed); its postings kept in ``read``."""
        btext = self.searcher.schema[field].to_bytes(text)
        postings = self._postings(field, btext)
        if postings is None:
            return None
        read[(field, btext)] = postings
        return postings.ids, term_scores(self.searcher.weighting.scorer(self.searcher, field, btext), postings)

    def restricted(self, q, docs: list, read: Optional[dict] = None):
        """A reader whose postings for the terms of ``q`` are those of the documents ``docs``
        (ascending) alone, positions included: ``q`` matched and scored on them as on the whole
        index; None when the index is not one segment.  ``read``: the postings :meth:`run` read."""
        if not self.searcher.is_atomic():
            return None
        wanted, schema, lists = np.asarray(docs, dtype=np.int64), self.searcher.schema, {}
        read = {} if read is None else read
        for field, text in set(q.iter_all_terms()):
            btext = schema[field].to_bytes(text)
            postings = read.get((field, btext)) or self._postings(field, btext)
            if postings is not None:
                read[(field, btext)] = postings
                lists[(field, btext)] = postings.among(wanted, True)
        return RestrictedReader(self.reader, lists, self.list_matcher)

    def _values(self, field: str, btext: bytes, ids: list) -> list:
        """The values (positions) of the postings of documents ``ids`` (ascending, each holding
        the term): a Whoosh 2.7 posting list's blocks skipped by their headers, each block read
        has its posting found by bisection; else one posting at a time."""
        m, out = self.reader.postings(field, btext), []
        if not all(hasattr(m, a) for a in ("_maxid", "_next_block", "_read_ids", "_read_values", "_i")):
            for d in ids:
                m.skip_to(d)
                out.append(m.value())
            return out
        for d in ids:
            while d > m._maxid:
                m._next_block()
            if m._ids is None:
                m._read_ids()
            m._i = bisect_left(m._ids, d)
            if m._values is None:
                m._read_values()
            out.append(m._values[m._i])
        return out
