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


class BulkPostings:
    """The postings of the documents added, per ``(field, term)``, in document
    order; stands in for the writer's pool, and writes them to the field
    writer a block at a time (:meth:`write_postings`)."""

    def __init__(self, writer, text_fields: set, whole_fields: set):
        """Stand in for ``writer``'s pool (a Whoosh ``SegmentWriter``): its
        ``commit()`` then writes the postings with :meth:`write_postings`."""
        self.writer, self.perdoc = writer, writer.perdocwriter
        writer.pool = self
        writer.fieldwriter.add_postings = partial(self.write_postings, writer.fieldwriter)
        self.fields = dict(writer.schema.items())   # field name -> Whoosh field object
        self.text_fields = text_fields     # the fields given as lists of analysed terms
        self.whole_fields = whole_fields   # the fields whose value is one term (identifiers)
        self.lists: dict = {}              # (field, term) -> [(document, weight, value bytes)]
        self._single: dict = {}            # {field: {position: encoded [position], in 2}}: most terms occur once
        self._items: dict = {}             # (field, value) -> its terms (many documents share their editions)

    def add_document(self, docnum: int, fields: dict) -> None:
        """Write one document (``fields`` as :func:`kb.search.fields.index_fields`
        gives them, the text fields as term lists): its stored fields and
        lengths to the per-document writer, its postings to the lists.  The order of the
        calls, the weights (count, times the field's boost, times the
        document's) and the lengths are ``SegmentWriter.add_document``'s."""
        boost, perdoc = fields.get("_boost", 1.0), self.perdoc
        perdoc.start_doc(docnum)
        for name in sorted(n for n in fields if not n.startswith("_")):
            value = fields[name]
            if value is None:
                continue
            field = self.fields[name]
            length = 0
            if field.indexed:
                fboost = float(fields.get(f"_{name}_boost", boost))
                if name in self.text_fields:
                    length = self._add_terms(name, field, docnum, value, fboost)
                elif name in self.whole_fields:   # one term, weighing the format's boost, no value
                    self.lists.setdefault((name, value), []).append((docnum, field.format.field_boost * fboost, b""))
                else:
                    length = self._add_items(name, field, docnum, value, fboost)
            perdoc.add_field(name, field, value if field.stored else None, length)
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
            key = (name, term)
            posting = (docnum, (float(len(at)) * fb) * fboost, vbytes)
            found = lists.get(key)
            if found is None:
                lists[key] = [posting]
            else:
                found.append(posting)
        return len(terms) if field.scorable else 0

    def _add_items(self, name: str, field, docnum: int, value, fboost: float) -> int:
        """Any other indexed field (editions): the field's own ``index`` (of each value once)."""
        lists, length = self.lists, 0
        items = self._items.get((name, value))
        if items is None:
            items = self._items[name, value] = list(field.index(value))
        for tbytes, freq, weight, vbytes in items:
            lists.setdefault((name, tbytes.decode("utf-8")), []).append((docnum, weight * fboost, vbytes))
            length += freq
        return length if field.scorable else 0

    def write_postings(self, fw, schema, lengths, _items=None) -> None:
        """Every term's postings to the field writer (in place of its
        ``add_postings``, given the pool's postings): fields and terms in the
        pool's order (UTF-8 bytes sort as the strings do), each term's
        postings a block at a time into the postings writer's buffers, with
        the statistics its ``add_posting`` keeps, then its own block writing.
        ``lengths``: :class:`kb.search.lengths.WriterLengths`."""
        last = None
        for key in sorted(self.lists):
            name, term = key
            if name != last:
                if last is not None:
                    fw.finish_field()
                fw.start_field(name, schema[name])
                last, lens = name, lengths.field_lengths(name)
            fw.start_term(term.encode("utf-8"))
            postings, pw = self.lists[key], fw._postwriter
            size = pw._blocklimit
            for at in range(0, len(postings), size):
                if at:
                    pw._write_block()
                _fill_block(pw, postings[at:at + size], lens)
            fw.finish_term()
        if last is not None:
            fw.finish_field()

    def finish(self, count: int, impacts, fields: set) -> None:
        """After the last document (``count`` of them, the writer told, as
        its ``add_document`` counts them): the postings of ``fields`` handed to the first pass's arrays
        (:class:`kb.search.postings.ImpactWriter`): ``(document, weight)``, for
        the terms it keeps (in :data:`kb.search.postings.MIN_DF` documents or more)."""
        self.writer.docnum, self.writer._added = count, count > 0
        for (name, term), postings in self.lists.items():
            if name in fields and len(postings) >= MIN_DF:
                impacts.add_postings(name, term, [(d, w) for d, w, _v in postings])

    def iter_postings(self) -> tuple:
        """The pool's postings, handed at commit to :meth:`write_postings` (which reads the lists)."""
        return ()

    def cleanup(self) -> None:
        self.lists, self._single, self._items = {}, {}, {}


def _fill_block(pw, postings: list, lens: Optional[list]) -> None:
    """One block's postings into a postings writer's buffers, with its
    statistics (``W3PostingsWriter.add_posting``: the largest weight from 0,
    the lengths that are not 0)."""
    ids = [p[0] for p in postings]
    weights = [p[1] for p in postings]
    pw._ids.extend(ids)
    pw._weights.extend(weights)
    pw._values.extend(v for _d, _w, v in postings if v)
    top = max(weights)
    if top > pw._maxweight:
        pw._maxweight = top
    if lens is not None:
        found = [n for n in map(lens.__getitem__, ids) if n]
        if found:
            pw._minlength = min(found) if pw._minlength is None else min(pw._minlength, *found)
            pw._maxlength = max(pw._maxlength, *found)
