"""Decoding rules documents as published (parser/decode.py).

Real files come from ../shared/corpus/cr/en (skipped when absent); the
expected encodings and characters were checked by hand against the bytes.
"""
from __future__ import annotations

import codecs

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parser.decode import DecodeError, count_lost_quotes, decode_bytes, decode_file, split_lines
from tests.conftest import require_shared


def cr(name: str):
    return require_shared("cr", "en", f"{name}.txt")


# ---- real editions ---------------------------------------------------------

@pytest.mark.parametrize("name, encoding, bom, line_ends", [
    ("2026-01-16", "utf-8", True, ("crlf", "cr")),      # BOM, mostly bare CR
    ("2013-04-29", "utf-16-be", True, ("crlf",)),
    ("2016-08-26", "utf-16-le", True, ("crlf",)),
    ("2005-10-01", "cp1252", False, ("crlf",)),
    ("2006-02-01", "utf-8", False, ("cr",)),            # plain ASCII, bare CR
    ("2003-03-15", "utf-8", False, ("crlf", "cr")),     # bare CR inside paragraphs
])
@pytest.mark.corpus
def test_encoding_and_line_ends_of_real_editions(name, encoding, bom, line_ends):
    d = decode_file(cr(name))
    assert (d.encoding, d.bom, d.line_ends) == (encoding, bom, line_ends)
    assert "\r" not in d.text
    assert not d.text.startswith("\ufeff")
    assert d.lines[0].endswith("Comprehensive Rules")


@pytest.mark.corpus
def test_utf16_editions_read_like_their_neighbours():
    # 2013-04-29 (UTF-16 BE) states « May 1, 2013 » on its third line.
    assert decode_file(cr("2013-04-29")).lines[2] == "These rules are effective as of May 1, 2013."
    text = decode_file(cr("2016-08-26")).text
    assert "These rules are effective as of August 26, 2016." in text
    assert "Ring of Ma’rûf" in text


@pytest.mark.corpus
def test_windows_1252_curly_quotes():
    text = decode_file(cr("2005-10-01")).text
    assert "’" in text and "“" in text and "\x92" not in text


@pytest.mark.corpus
def test_mac_roman_edition_gets_its_dashes_and_trademark():
    # 2004-02-01 has 0xD0 (en dash) and 0xAA (™) — Mac Roman, not Windows-1252.
    d = decode_file(cr("2004-02-01"))
    assert d.encoding == "mac_roman"
    assert 'Example: "Basic Land – Mountain" means' in d.text
    assert "Gathering DCI™ Floor Rules" in d.text


@pytest.mark.corpus
def test_dos_card_names_are_read_with_their_accents():
    # 2013-07-11 spells Arabian Nights card names in code page 437.
    d = decode_file(cr("2013-07-11"))
    assert d.encoding == "cp437"
    for name in ("Dandân", "Ghazbán Ogre", "Junún Efreet", "Ring of Ma'rûf", "Æther Storm"):
        assert name in d.text


@pytest.mark.corpus
def test_bare_cr_file_line_count():
    # 2006-02-01 uses bare CR only: 3512 CRs, so 3513 lines.
    assert len(decode_file(cr("2006-02-01")).lines) == 3513


@pytest.mark.corpus
def test_lost_quotes_counted():
    assert count_lost_quotes(decode_file(cr("2008-05-01")).text) == 4742
    assert count_lost_quotes(decode_file(cr("2026-01-16")).text) == 0
    # « Questions? » headings and web addresses are genuine question marks.
    assert count_lost_quotes(decode_file(cr("2003-03-15")).text) == 0


# ---- synthetic bytes ------------------------------------------------------

SAMPLE = "702.19c Trample over planeswalkers — “the creature’s” damage.\n"


@pytest.mark.parametrize("encoding, prefix", [
    ("utf-8", b""), ("utf-8", codecs.BOM_UTF8),
    ("utf-16-le", codecs.BOM_UTF16_LE), ("utf-16-be", codecs.BOM_UTF16_BE),
    ("utf-16-le", b""), ("utf-16-be", b""), ("cp1252", b""),
])
def test_every_published_encoding(encoding, prefix):
    data = prefix + (SAMPLE * 20).encode(encoding)
    assert decode_bytes(data, "sample").text == SAMPLE * 20


def test_line_ends_are_normalised():
    d = decode_bytes(b"a\r\nb\rc\nd\r\r\ne", "mixed")
    assert d.text == "a\nb\nc\nd\n\ne"
    assert d.line_ends == ("crlf", "cr", "lf")
    assert split_lines("a\r\nb\rc") == ["a", "b", "c"]


def test_binary_data_is_refused_with_its_name():
    data = bytes(range(256)) * 40
    with pytest.raises(DecodeError, match="picture.png"):
        decode_bytes(data, "picture.png")


@settings(max_examples=60, deadline=None)
@given(
    lines=st.lists(st.text(alphabet=st.characters(
        codec="cp1252", exclude_categories=("Cc", "Cs", "Zl", "Zp")), max_size=40), min_size=1, max_size=12),
    encoding=st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "cp1252"]),
    newline=st.sampled_from(["\n", "\r\n", "\r"]),
)
def test_decoding_round_trip(lines, encoding, newline):
    """Text written in a published encoding and line-end style reads back the same.

    Single-byte text is only checked when it is unambiguous ASCII or carries
    the typographic characters of the rules (a random mix of accented
    capitals is not something a code page can be told from).
    """
    text = "\n".join(lines) + "\n"
    if encoding == "cp1252":
        text = "Rules — “quoted” it’s\n" + "".join(c for c in text if c.isascii())
    data = text.replace("\n", newline).encode(encoding)
    assert decode_bytes(data, "h").text == text
