"""The bulk segment (:mod:`kb.search.bulk`) written by two processes, split
by field: a forked process analyses the text fields of every document,
groups their postings and writes their posting blocks into memory, while
this one groups the postings of the other fields (identifiers, kinds,
editions), writes every document's stored fields and then its lengths, and
at commit writes its own fields' blocks and puts the other process's blocks
in their place in the postings file.

A term's blocks do not depend on where they sit in the file (a term info
holds its offset and length, and each term's blocks start with their own
header), so the other process writes each field's blocks from offset 0 and
this one shifts its term infos by where the field lands: the postings file,
the term table and every other file of the segment are the ones one process
writes (``tests/search/test_bulk_segment.py``).  The text fields' lengths,
which the blocks' statistics read back, are the ones the per-document
writer keeps (``quantize``: a length as its byte stands for it).

This module imports nothing of Whoosh: :mod:`kb.search.index` gives it the
writer, through :class:`kb.search.bulk.BulkPostings`.
"""
from __future__ import annotations

import io
import os
import threading
from array import array
from typing import Callable

from kb.search.bulk import BulkPostings
from kb.search.fields import TEXT_FIELDS, index_fields
from kb.search.postings import MIN_DF


def default_procs() -> int:
    """Processes to write the index with: two on a machine of several cores."""
    return 2 if (os.cpu_count() or 1) > 1 else 1


#: The text fields this process analyses (short texts, few postings: the
#: other process's share of the work is then about this one's).
HERE = frozenset()


def add_by_fields(bulk: BulkPostings, docs: list, terms: Callable[[str, str], list], vocabulary,
                  impacts, meanwhile: list, quantize: Callable[[int], int]) -> int:
    """Every document of ``docs`` into ``bulk`` (the writer's pool), the text
    fields but :data:`HERE` in a forked process (see the module docstring);
    ``impacts`` (:class:`kb.search.postings.ImpactWriter`) gets the postings
    of the text fields and kinds; ``meanwhile`` (functions) run, and leave the
    list, while the other process finishes.  Returns the number of documents; every field's blocks are then
    in ``bulk.written`` for the commit."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    mine, theirs = context.Pipe(duplex=False)
    there = frozenset(TEXT_FIELDS) - HERE
    child = context.Process(target=_text_part, args=(bulk, docs, terms, there, quantize, theirs), daemon=True)
    child.start()
    theirs.close()
    try:
        lengths = _add_here(bulk, docs, terms, vocabulary)
        bulk.finish(len(docs), impacts, {"kind"} | HERE)
        for here, found in zip(lengths, _received(mine, child)):
            here.update(found)
        write_lengths(bulk, lengths)
        _write_own(bulk, _Lengths(lengths, HERE, quantize), min(there))
        while meanwhile:
            meanwhile.pop(0)()
        written, found = _received(mine, child)
        bulk.written.update(written)
        for key, (ids, weights) in found.items():
            impacts.add_postings(*key, ids, weights)
    finally:
        mine.close()
        child.join(timeout=5)
        if child.is_alive():
            child.kill()
    return len(docs)


def _write_own(bulk: BulkPostings, lengths, first: str) -> None:
    """This process's fields' blocks while the other writes its own: those
    before ``first`` (the other's first field) into the segment's postings
    file and term table, where they go; the others into memory, for the commit."""
    fw, schema = bulk.writer.fieldwriter, bulk.writer.schema
    early = {name for name, _term in bulk.lists if name < first}
    bulk.write_postings(fw, schema, lengths, names=early)
    own = _memory_writer(fw)
    bulk.lists = {key: found for key, found in bulk.lists.items() if key[0] not in early}
    bulk.write_postings(own, schema, lengths)
    bulk.lists, bulk.written = {}, own.written()


def _add_here(bulk: BulkPostings, docs: list, terms: Callable, vocabulary) -> list:
    """This process's share of each document: its words counted, its stored
    fields written, the postings of every field but the other process's text
    fields grouped; returns each document's lengths ({field: length}) so far."""
    lengths = []
    for n, d in enumerate(docs):
        vocabulary.add(d.lang, f"{d.title} {d.body}")
        fields = index_fields(d)
        here = {name: terms(value, TEXT_FIELDS[name]) if name in HERE else value
                for name, value in fields.items() if name in HERE or name not in TEXT_FIELDS}
        lengths.append(bulk.add_postings(n, here))
        bulk.write_perdoc(n, fields, {})       # stored fields now, lengths when all are known
    return lengths


def write_lengths(bulk: BulkPostings, lengths: list) -> None:
    """Each document's field lengths (``lengths[n]``: {field: length}) to the
    per-document writer, as its ``add_field`` adds them (in field order)."""
    perdoc, schema = bulk.perdoc, bulk.fields
    for n, found in enumerate(lengths):
        if found:
            perdoc._docnum = n             # (Whoosh 2.7: the document a length column value is for)
            for name in sorted(found):
                perdoc.add_field(name, schema[name], None, found[name])


def _received(conn, child):
    try:
        return conn.recv()
    except EOFError:
        raise RuntimeError(f"the index's text fields process died (exit code {child.exitcode})") from None


def _text_part(bulk: BulkPostings, docs: list, terms: Callable, fields: frozenset, quantize: Callable,
               conn) -> None:
    """In the forked process: the postings of the text ``fields`` of every
    document; sends their lengths, then each field's blocks and the first pass's postings."""
    part, lengths = BulkPostings(bulk.fields, bulk.text_fields, bulk.whole_fields), []
    for n, d in enumerate(docs):
        found = index_fields(d)
        text = {name: terms(found[name], TEXT_FIELDS[name]) for name in sorted(fields & found.keys())}
        text["_boost"] = found["_boost"]
        lengths.append(part.add_postings(n, text))
    sending = threading.Thread(target=conn.send, args=(lengths,))   # (read when the other is ready)
    sending.start()
    writer = _memory_writer(bulk.writer.fieldwriter)
    part.write_postings(writer, bulk.writer.schema, _Lengths(lengths, fields, quantize))
    found = {(name, term): (array("i", ids), array("d", weights))
             for (name, term), (ids, weights, _v) in part.lists.items() if len(ids) >= MIN_DF}
    sending.join()
    conn.send((writer.written(), found))
    conn.close()


class _Lengths:
    """The lengths of ``fields`` as the per-document reader reads them back
    (:class:`kb.search.lengths.WriterLengths`): ``quantize`` of each
    document's (``lengths[n]``: {field: length}), 0 where it has none."""

    def __init__(self, lengths: list, fields: frozenset, quantize: Callable[[int], int]):
        self.by_field = {name: [quantize(found.get(name, 0)) for found in lengths] for name in fields}

    def field_lengths(self, fieldname, default=0):
        return self.by_field.get(fieldname)


def _memory_writer(fieldwriter):
    """A field writer of the segment's kind (Whoosh's ``W3FieldWriter``)
    writing its blocks into memory, each field's from offset 0, and keeping
    each term's term info: :meth:`written` gives {field: (blocks, [(term
    bytes, term info)])}."""

    class MemoryFieldWriter(type(fieldwriter)):
        def __init__(self):       # (not the segment's files: a buffer of its own)
            self._codec, self._buffer = fieldwriter._codec, io.BytesIO()
            self._postfile = type(fieldwriter._postfile)(self._buffer)
            self._fieldmap, self._postwriter, self._infield, self._found = {}, None, False, {}

        def start_field(self, fieldname, fieldobj):
            super().start_field(fieldname, fieldobj)
            self._start, self._terms = self._postfile.tell(), []

        def finish_term(self):
            terminfo = self._postwriter.finish_postings()
            offset, length = terminfo.extent()
            terminfo.set_extent(offset - self._start, length)
            self._terms.append((self._btext, terminfo))

        def finish_field(self):
            super().finish_field()
            self._found[self._fieldname] = (self._buffer.getvalue()[self._start:], self._terms)
            self._buffer.seek(0)
            self._buffer.truncate()
            self._start = 0

        def written(self) -> dict:
            return self._found

    return MemoryFieldWriter()
