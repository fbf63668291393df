"""The index segment written in bulk: what Whoosh's ``add_document`` and its
sorting pool of postings do, for documents whose text fields come analysed
(:func:`kb.search.index.index_terms`), without the pool's sort.

Whoosh's writer hands every posting, as ``(field, term bytes, document,
weight, value bytes)``, to a pool that sorts them all at commit (2.4 million
postings for the full corpus: the largest cost of the build).  Here each
posting is appended, as a document is added, to the list of its
``(field, term)``: documents come in order, so each list is already sorted;
only the keys are sorted at commit.  The same values reach the same codec
objects in the same order (the per-document writer: stored fields and
lengths; the field writer: terms, postings, term infos), so the segment is
the one ``add_document`` writes (``tests/search/test_bulk_segment.py``
compares the two, posting for posting).

This module imports nothing of Whoosh: :mod:`kb.search.index` gives it the
writer's schema fields and per-document writer.
"""
from __future__ import annotations

from functools import partial
from typing import Callable, Iterable, Iterator, Optional

from kb.search.documents import IndexDoc
from kb.search.fields import TEXT_FIELDS, index_fields
from kb.search.postings import MIN_DF


def analysed_documents(docs: Iterable[IndexDoc], terms: Callable[[str, str], list],
                       vocabulary, impacts=None) -> Iterator[dict]:
    """The fields of each document (:func:`kb.search.fields.index_fields`),
    the text fields analysed (``terms(text, lang)``: the analyser's terms), as
    the writer is given them; meanwhile each document's words are counted in
    ``vocabulary`` (:class:`kb.search.spelling.VocabularyCounter`) and its
    postings kept for the first pass (:class:`kb.search.postings.ImpactWriter`;
    None: they are taken from the writer's at the end, :meth:`BulkPostings.impacts`)."""
    for n, d in enumerate(docs):
        vocabulary.add(d.lang, f"{d.title} {d.body}")
        fields = index_fields(d)
        for name in sorted(TEXT_FIELDS.keys() & fields.keys()):
            fields[name] = terms(fields[name], TEXT_FIELDS[name])
            if impacts is not None:
                impacts.add(n, name, fields[name], fields["_boost"])
        if impacts is not None:
            impacts.add(n, "kind", [d.kind], fields["_boost"])   # the kind: filter scores its weight
        yield fields


def add_in_one(bulk: "BulkPostings", docs: Iterable[IndexDoc], terms: Callable[[str, str], list], vocabulary,
               impacts) -> int:
    """Every document of ``docs`` analysed and added to ``bulk`` in this process; ``impacts``
    (:class:`kb.search.postings.ImpactWriter`) then gets the postings of the text fields and
    kinds (the kind: filter scores its weight).  Returns the number of documents."""
    n = 0
    for n, fields in enumerate(analysed_documents(docs, terms, vocabulary), 1):
        bulk.add_document(n - 1, fields)
    bulk.finish(n, impacts, set(TEXT_FIELDS) | {"kind"})
    return n


class BulkPostings:
    """The postings of the documents added, per ``(field, term)``, in document
    order; stands in for the writer's pool, and writes them to the field
    writer a block at a time (:meth:`write_postings`)."""

    def __init__(self, fields: dict, text_fields: set, whole_fields: set):
        self.fields = fields               # field name -> Whoosh field object
        self.text_fields = text_fields     # the fields given as lists of analysed terms
        self.whole_fields = whole_fields   # the fields whose value is one term (identifiers)
        self.lists: dict = {}              # (field, term) -> ([document], [weight], [value bytes])
        self._single: dict = {}            # {field: {position: encoded [position], in 2}}: most terms occur once
        self._items: dict = {}             # (field, value) -> its terms (many documents share their editions)
        self.stored = {name for name, field in fields.items() if field.stored}
        self.written: dict = {}            # field -> (its blocks, [(term bytes, term info)]): written elsewhere
        self.writer = self.perdoc = None

    def install(self, writer) -> "BulkPostings":
        """Stand in for ``writer``'s pool (a Whoosh ``SegmentWriter``): its
        ``commit()`` then writes the postings with :meth:`write_postings`."""
        self.writer, self.perdoc = writer, writer.perdocwriter
        writer.pool = self
        writer.fieldwriter.add_postings = partial(self.write_postings, writer.fieldwriter)
        return self

    def add_document(self, docnum: int, fields: dict) -> None:
        """Write one document (``fields`` as :func:`kb.search.fields.index_fields`
        gives them, the text fields as term lists): its postings to the lists,
        its stored fields and lengths to the per-document writer."""
        self.write_perdoc(docnum, fields, self.add_postings(docnum, fields))

    def add_postings(self, docnum: int, fields: dict) -> dict:
        """The postings of one document to the lists; returns its field
        lengths (the fields that have one).  The weights (count, times the
        field's boost, times the document's) and lengths are ``add_document``'s."""
        boost, lengths = fields.get("_boost", 1.0), {}
        for name, value in fields.items():
            field = None if name.startswith("_") or value is None else self.fields[name]
            if field is None or not field.indexed:
                continue
            fboost = float(fields.get(f"_{name}_boost", boost))
            if name in self.text_fields:
                length = self._add_terms(name, field, docnum, value, fboost)
            elif name in self.whole_fields:   # one term, weighing the format's boost, no value
                length = _append(self.lists, (name, value), docnum, field.format.field_boost * fboost, b"")
            else:
                length = self._add_items(name, field, docnum, value, fboost)
            if length:
                lengths[name] = length
        return lengths

    def write_perdoc(self, docnum: int, fields: dict, lengths: dict) -> None:
        """One document's stored fields and lengths, as ``add_document``'s calls
        leave them: the stored values in field order (the document's dict is
        pickled as it is ordered), each length to its column (``add_field``)."""
        perdoc, schema = self.perdoc, self.fields
        perdoc.start_doc(docnum)
        perdoc._storedfields = {name: fields[name] for name in sorted(fields)   # (Whoosh 2.7's dict)
                                if name in self.stored and fields[name] is not None}
        for name in sorted(lengths):
            perdoc.add_field(name, schema[name], None, lengths[name])
        perdoc.finish_doc()

    def _add_terms(self, name: str, field, docnum: int, terms: list, fboost: float) -> int:
        """A text field's postings from its terms: positions 0, 1, 2… (as
        Whoosh numbers a list of words), encoded by the field's format."""
        positions: dict = {}
        for i, term in enumerate(terms):
            at = positions.get(term)
            if at is None:
                positions[term] = [i]
            else:
                at.append(i)
        fmt = field.format
        fb, encode = fmt.field_boost, fmt.encode
        single = self._single.setdefault(name, {})
        lists = self.lists
        for term, at in positions.items():
            if len(at) == 1:   # a copy of the encoded [p] (one object a posting: pickled alike)
                split = single.get(at[0])
                if split is None:
                    vbytes = encode(at)
                    single[at[0]] = (vbytes[:-1], vbytes[-1:])
                else:
                    vbytes = split[0] + split[1]
            else:
                vbytes = encode(at)
            weight, found = (float(len(at)) * fb) * fboost, lists.get((name, term))
            if found is None:
                lists[name, term] = ([docnum], [weight], [vbytes])
            else:
                found[0].append(docnum)
                found[1].append(weight)
                found[2].append(vbytes)
        return len(terms) if field.scorable else 0

    def _add_items(self, name: str, field, docnum: int, value, fboost: float) -> int:
        """Any other indexed field (editions): the field's own ``index`` (of each value once)."""
        lists, length = self.lists, 0
        items = self._items.get((name, value))
        if items is None:
            items = self._items[name, value] = list(field.index(value))
        for tbytes, freq, weight, vbytes in items:
            _append(lists, (name, tbytes.decode("utf-8")), docnum, weight * fboost, vbytes)
            length += freq
        return length if field.scorable else 0

    def write_postings(self, fw, schema, lengths, _items=None, names=None) -> None:
        """Every term's postings to the field writer (in place of its
        ``add_postings``, given the pool's postings): fields and terms in the
        pool's order (UTF-8 bytes sort as the strings do), each term's
        postings a block at a time into the postings writer's buffers, with
        the statistics its ``add_posting`` keeps, then its own block writing.
        ``lengths``: :class:`kb.search.lengths.WriterLengths`; ``names``: these fields only
        (their postings then left out of the lists)."""
        by_field: dict = {}
        for key in sorted(self.lists if names is None else (k for k in self.lists if k[0] in names)):
            by_field.setdefault(key[0], []).append(key)
        for name in sorted(by_field.keys() | (self.written.keys() if names is None else set())):
            fw.start_field(name, schema[name])
            if name in self.written:
                _put_blocks(fw, *self.written[name])
            else:
                lens = lengths.field_lengths(name)
                for key in by_field[name]:
                    fw.start_term(key[1].encode("utf-8"))
                    (ids, weights, values), pw = self.lists[key], fw._postwriter
                    size = pw._blocklimit
                    for at in range(0, len(ids), size):
                        if at:
                            pw._write_block()
                        _fill_block(pw, ids[at:at + size], weights[at:at + size], values[at:at + size], lens)
                    fw.finish_term()
            fw.finish_field()

    def finish(self, count: int, impacts, fields: set) -> None:
        """After the last document (``count`` of them, the writer told, as
        its ``add_document`` counts them): the postings of ``fields`` handed to the first pass's arrays
        (:class:`kb.search.postings.ImpactWriter`): ``(document, weight)``, for
        the terms it keeps (in :data:`kb.search.postings.MIN_DF` documents or more)."""
        self.writer.docnum, self.writer._added = count, count > 0
        for (name, term), (ids, weights, _v) in self.lists.items():
            if name in fields and len(ids) >= MIN_DF:
                impacts.add_postings(name, term, ids, weights)

    def iter_postings(self) -> tuple:
        """The pool's postings, handed at commit to :meth:`write_postings` (which reads the lists)."""
        return ()

    def cleanup(self) -> None:
        self.lists, self._single, self._items, self.written = {}, {}, {}, {}


def _append(lists: dict, key: tuple, docnum: int, weight: float, vbytes: bytes) -> int:
    found = lists.get(key)
    if found is None:
        lists[key] = ([docnum], [weight], [vbytes])
    else:
        found[0].append(docnum)
        found[1].append(weight)
        found[2].append(vbytes)
    return 0


def _put_blocks(fw, blocks: bytes, terms: list) -> None:
    """A field's blocks written elsewhere (from offset 0: :mod:`kb.search.split`) into the
    field writer's postings file where they land, and its terms with their term infos shifted."""
    base = fw._postfile.tell()
    fw._postfile.write(blocks)
    for btext, terminfo in terms:
        offset, length = terminfo.extent()
        terminfo.set_extent(base + offset, length)
        fw._btext, fw._postwriter = btext, _Written(terminfo)
        fw.finish_term()         # the term table's row, as Whoosh writes it


class _Written:
    """A postings writer whose term's postings are already written: ``finish_postings`` gives its term info."""

    def __init__(self, terminfo):
        self.terminfo = terminfo

    def finish_postings(self):
        return self.terminfo


def _fill_block(pw, ids: list, weights: list, values: list, lens: Optional[list]) -> None:
    """One block's postings into a postings writer's buffers, with its
    statistics (``W3PostingsWriter.add_posting``: the largest weight from 0,
    the lengths that are not 0; the values that are not empty)."""
    pw._ids.extend(ids)
    pw._weights.extend(weights)
    pw._values.extend(filter(None, values))
    top = max(weights)
    if top > pw._maxweight:
        pw._maxweight = top
    if lens is not None:
        found = list(filter(None, map(lens.__getitem__, ids)))
        if found:
            pw._minlength = min(found) if pw._minlength is None else min(pw._minlength, *found)
            pw._maxlength = max(pw._maxlength, *found)
