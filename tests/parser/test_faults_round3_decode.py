"""Faults, round 3 (issue 26): one Latin-1 byte in a UTF-8 file costs that line, not the file."""
from __future__ import annotations

from pathlib import Path

from parser.decode import decode_bytes
from parser.faq import parse_document

SEED = Path(__file__).resolve().parents[2] / "seeds" / "001_b5a1e1d9799bc96e.txt"


def _mixed_seed(tmp_path: Path) -> Path:
    data = SEED.read_bytes()
    at = data.index("é".encode())  # « Compilée par Mark L. Gottlieb », line 4
    path = tmp_path / "mixed.txt"
    path.write_bytes(data[:at] + "é".encode("latin-1") + data[at + 2:])
    return path


def test_one_latin1_byte_keeps_the_seed_faq_records(tmp_path):
    doc = parse_document(_mixed_seed(tmp_path))
    assert len(doc.cards) == 58 == len(parse_document(SEED).cards)
    assert [(w.type, w.line, w.column) for w in doc.warnings] == [("mixed_encoding", 4, 7)]
    assert doc.warnings[0].text.startswith("Compilée par Mark L. Gottlieb")
    assert "0xe9 read as cp1252" in doc.warnings[0].message
    assert any(c.type_line and c.type_line.startswith("Créature") for c in doc.cards)


def test_mixed_lines_decode_line_by_line():
    data = "Créature — Elfe\n".encode() * 3 + "Éphémère\r\n".encode("cp1252") + b"end\n"
    d = decode_bytes(data, "m.txt")
    assert d.encoding == "utf-8"
    assert d.text.split("\n")[3] == "Éphémère"
    assert [(w.line, w.column, w.type) for w in d.warnings] == [(4, 1, "mixed_encoding")]


def test_a_single_byte_file_is_still_read_whole():
    data = ("Créature — Elfe\nÉphémère « rapide »\n" * 3).encode("cp1252")
    d = decode_bytes(data, "w.txt")
    assert (d.encoding, d.warnings) == ("cp1252", ())
    assert d.text.startswith("Créature — Elfe\n")
