"""Field lengths read once, for writing the index and for scoring it.

Whoosh reads a document's field length back through several layers of calls
each time it needs it: once per posting while it writes them (2.4 million
times for the full corpus, and for identifier fields, which keep no lengths,
each time asking the file system whether the column exists), once per
document scored at query time.  Here each field's lengths are read once:

* :class:`WriterLengths` -- the lengths the segment writer reads back while
  writing the postings: a list per field, nothing for the unscored fields;
* :class:`NormTables` / :class:`NormScorer` -- BM25's length normalisation
  ``K1 * ((1 - B) + B * length / average length)`` per document, computed
  once per field with the same floats as Whoosh's BM25F (the scores are the
  same to the last bit), then each score is one table look-up and one division.

This module imports nothing of Whoosh (``kb.search.index`` is the only module
that does): it wraps the objects and the length reader it is given.
"""
from __future__ import annotations

from typing import Callable, Optional


class WriterLengths:
    """A segment's per-document reader whose ``doc_field_length`` answers
    from lists (``scorable``: the fields that keep lengths; any other field
    answers ``default`` at once, as Whoosh does when it finds no column)."""

    def __init__(self, reader, scorable: set):
        self._reader = reader
        self._scorable = scorable
        self._lengths: dict = {}

    @classmethod
    def install(cls, writer, scorable: set) -> None:
        """Make a segment writer read the lengths back (per posting) from lists."""
        read_back = writer.per_document_reader
        writer.per_document_reader = lambda: cls(read_back(), scorable)

    def __getattr__(self, name):
        return getattr(self._reader, name)

    def doc_field_length(self, docnum, fieldname, default=0):
        lengths = self.field_lengths(fieldname, default)
        return default if lengths is None else lengths[docnum]

    def field_lengths(self, fieldname, default=0) -> Optional[list]:
        """Every document's length of ``fieldname`` (as the writer reads them
        back), or None for a field that keeps none."""
        if fieldname not in self._scorable:
            return None
        lengths = self._lengths.get(fieldname)
        if lengths is None:
            read = self._reader.doc_field_length
            lengths = self._lengths[fieldname] = [read(d, fieldname, default)
                                                  for d in range(self._reader.doc_count_all())]
        return lengths


LengthBytes = Callable[[object, str], Optional[bytes]]


class NormTables:
    """BM25 length normalisations per (segment reader, field), made when first asked.

    ``length_bytes(reader, field)`` gives the field's length bytes, one per
    document (or None: the lengths are then asked one by one), and
    ``byte_to_length`` the length a byte stands for."""

    def __init__(self, length_bytes: LengthBytes, byte_to_length: Callable[[int], int]):
        self._length_bytes = length_bytes
        self._byte_to_length = byte_to_length
        self._tables: dict = {}

    def table(self, searcher, fieldname: str, B: float, K1: float) -> list:
        reader = searcher.reader()
        key = (id(getattr(reader, "base", reader)), fieldname)   # a restricted reader is its base's
        table = self._tables.get(key)
        if table is None:
            table = self._tables[key] = self._make(searcher, fieldname, B, K1)
        return table

    def _make(self, searcher, fieldname: str, B: float, K1: float) -> list:
        avgfl = searcher.get_parent().avg_field_length(fieldname) or 1
        reader = searcher.reader()
        reader = getattr(reader, "base", reader)
        raw = self._length_bytes(reader, fieldname)
        if raw is not None:   # a zero byte: no length (the field is empty there, never scored)
            by_byte = [K1 * ((1 - B) + B * self._byte_to_length(b) / avgfl) if b else None for b in range(256)]
            return [by_byte[b] for b in raw]
        lengths = (reader.doc_field_length(d, fieldname, 1) for d in range(reader.doc_count_all()))
        return [None if n is None else K1 * ((1 - B) + B * n / avgfl) for n in lengths]


class NormWeighting:
    """A BM25F weighting model (``B``, ``K1``) whose scorers of scored fields
    score from the tables of ``tables`` (:class:`NormScorer`)."""

    def __init__(self, inner, tables: NormTables):
        self._inner = inner
        self._tables = tables

    def __getattr__(self, name):
        return getattr(self._inner, name)

    def scorer(self, searcher, fieldname, text, qf=1):
        inner = self._inner.scorer(searcher, fieldname, text, qf=qf)
        if not searcher.schema[fieldname].scorable or not hasattr(inner, "idf"):
            return inner
        return NormScorer(inner, self._tables.table(searcher, fieldname, self._inner.B, self._inner.K1))


def length_bytes(lenfield: Callable[[str], str], column_type, reader, fieldname: str) -> Optional[bytes]:
    """The length bytes of ``fieldname`` in a segment, one a document, from
    the segment's length column (``lenfield(fieldname)``, of ``column_type``),
    or None if the reader is not laid out as Whoosh 2.7's."""
    perdoc = getattr(reader, "_perdoc", None)
    if perdoc is None:
        return None
    return column_bytes(perdoc._cached_reader(lenfield(fieldname), column_type), reader.doc_count_all())


def column_bytes(column, n: int) -> Optional[bytes]:
    """The ``n`` values of a column of one byte per document (a Whoosh 2.7
    numeric column reader) read at once, or None for any other column."""
    try:
        if column is None or column._fixedlen != 1:
            return None
        raw = column._dbfile.get(column._basepos, min(column._count, n))
    except AttributeError:
        return None
    return raw + bytes(n - len(raw))


class NormScorer:
    """A BM25F scorer (``idf``, ``K1`` attributes) scoring from a
    :class:`NormTables` table: ``idf * (tf * (K1 + 1)) / (tf + norm[doc])``,
    Whoosh's formula; block qualities are the scorer's own."""

    def __init__(self, inner, norms: list):
        self._inner = inner
        self._norms = norms
        self._idf = inner.idf
        self._k1p = inner.K1 + 1

    def __getattr__(self, name):
        return getattr(self._inner, name)

    def score(self, matcher):
        tf = matcher.weight()
        return self._idf * ((tf * self._k1p) / (tf + self._norms[matcher.id()]))

    def supports_block_quality(self):
        return self._inner.supports_block_quality()

    def max_quality(self):
        return self._inner.max_quality()

    def block_quality(self, matcher):
        return self._inner.block_quality(matcher)
