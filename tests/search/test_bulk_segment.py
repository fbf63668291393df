"""The segment written in bulk (:mod:`kb.search.bulk`) is the segment Whoosh's
``add_document`` writes, byte for byte, and read back the same: every term
with its term info and postings (document, weight, encoded positions), every
stored document, every field length; the same side files (issue 24, speed)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from kb.search.documents import IndexDoc, index_docs
from kb.search.index import Index, build_index
from kb.store import db as store

SIDE_FILES = ("impacts.json", "impacts_ids.npy", "impacts_weights.npy", "expansions.json",
              "vocab_en.txt", "vocab_fr.txt")


def index_dump(directory: Path) -> dict:
    """Everything a reader reads of an index, as values."""
    index = Index(directory)
    r = index.reader
    try:
        terms = {}
        for field in r.indexed_field_names():
            for btext in r.lexicon(field):
                ti, m = r.term_info(field, btext), r.postings(field, btext)
                postings = []
                while m.is_active():
                    postings.append((m.id(), m.weight(), m.value()))
                    m.next()
                terms[field, btext] = (ti.weight(), ti.doc_frequency(), ti.min_length(), ti.max_length(),
                                       ti.max_weight(), postings)
        n = r.doc_count_all()
        scorable = sorted(name for name, f in index.ix.schema.items() if f.scorable)
        return {"count": n, "terms": terms,
                "stored": [r.stored_fields(d) for d in range(n)],
                "lengths": {f: (r.field_length(f), [r.doc_field_length(d, f, 0) for d in range(n)])
                            for f in scorable}}
    finally:
        index.close()


def segment_files(directory: Path) -> dict:
    """The files of an index's one segment, by name without the segment's id: their bytes."""
    index = Index(directory)
    (segment,) = index.ix._segments()
    files = segment.open_compound_file(index.ix.storage)
    found = {n.replace(segment.segment_id(), "SEG"): files.open_file(n).read() for n in files.list()}
    index.close()
    return found


def both_ways(tmp: Path, docs: list) -> tuple[Path, Path]:
    bulk, ref = tmp / "bulk", tmp / "whoosh"
    assert build_index(bulk, docs) == len(docs)
    assert build_index(ref, docs, bulk=False) == len(docs)
    return bulk, ref


@pytest.fixture(scope="module")
def seed_docs(seed_kb) -> list:
    conn = store.connect(seed_kb)
    docs = list(index_docs(conn))
    conn.close()
    return docs


def test_bulk_segment_is_whooshs_on_the_seeds(seed_docs, tmp_path):
    bulk, ref = both_ways(tmp_path, seed_docs)
    got, want = index_dump(bulk), index_dump(ref)
    assert got["count"] == want["count"] == len(seed_docs)
    assert len(want["terms"]) > 1000
    assert got["terms"].keys() == want["terms"].keys()
    assert got["terms"] == want["terms"]
    assert got["stored"] == want["stored"]
    assert got["lengths"] == want["lengths"]
    for name in SIDE_FILES:
        assert (bulk / name).read_bytes() == (ref / name).read_bytes(), name
    files = segment_files(ref)
    assert {"SEG.pst", "SEG.trm", "SEG._stored.col", "SEG._text_fr_len.col"} <= files.keys()
    assert segment_files(bulk) == files      # byte for byte


def test_bulk_segment_values(tmp_path):
    """A posting's weight is its count times the kind's boost, its value the
    positions of the analysed terms (stop words dropped)."""
    docs = [IndexDoc(key="r1", kind="rule", ident="702.19c", lang="en", title="702.19c",
                     body="Trample: the creature deals excess damage; excess damage tramples over.",
                     source="cr", scope="current", edition="2026-01-01", number="702.19c"),
            IndexDoc(key="c1", kind="card", ident="Colossal Dreadmaw", lang="en", title="Colossal Dreadmaw",
                     body="Trample", source="mtgjson", scope="current", edition="2026-01-01")]
    bulk, ref = both_ways(tmp_path, docs)
    got = index_dump(bulk)
    assert got == index_dump(ref)
    weight, df, _minl, _maxl, _maxw, postings = got["terms"]["text_en", b"excess"]
    assert (df, weight) == (1, 3.0)
    (docnum, w, value), = postings
    assert docnum == 0 and w == 3.0
    index = Index(bulk)
    m = index.reader.postings("text_en", b"excess")
    assert m.value_as("positions") == [4, 6]   # 702.19c trampl creatur deal excess damag excess damag trampl
    assert index.reader.postings("name_en", b"dreadmaw").id() == 1
    assert index.reader.doc_field_length(0, "text_en") == 9
    index.close()


@pytest.mark.skipif(not os.environ.get("KB_TEST_FULL_KB"), reason="the full knowledge base (KB_TEST_FULL_KB)")
def test_bulk_segment_is_whooshs_on_a_slice_of_the_full_kb(full_kb, tmp_path):
    """Every tenth document of the full corpus (cards, rulings, old editions, French texts)."""
    conn = store.connect(full_kb)
    docs = list(index_docs(conn))[::10]
    conn.close()
    bulk, ref = both_ways(tmp_path, docs)
    got, want = index_dump(bulk), index_dump(ref)
    assert len(want["terms"]) > 30000
    assert got == want
    assert segment_files(bulk) == segment_files(ref)


def test_bulk_segment_in_two_processes_is_the_same(seed_docs, tmp_path):
    """``procs=2`` (the default on several cores): the text fields in a second process
    (:mod:`kb.search.split`), the segment one process writes, byte for byte."""
    one, two = tmp_path / "one", tmp_path / "two"
    assert build_index(one, seed_docs, procs=1) == build_index(two, seed_docs, procs=2) == len(seed_docs)
    got, want = index_dump(two), index_dump(one)
    assert len(want["terms"]) > 1000 and want["lengths"]["text_fr"][0] > 0
    assert got == want
    assert segment_files(two) == segment_files(one)
    assert field_totals(two) == field_totals(one)      # (in the order the table of contents pickles them)


def field_totals(directory: Path) -> list:
    index = Index(directory)
    (segment,) = index.ix._segments()
    index.close()
    return list(segment._fieldlengths.items())
    for name in SIDE_FILES:
        assert (two / name).read_bytes() == (one / name).read_bytes(), name
