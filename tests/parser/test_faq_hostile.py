"""Hostile French FAQ / rules inputs lose nothing (issue 12): every problem
is a typed, located warning and costs its line only."""
from __future__ import annotations

import time

from kb.build import build
from parser.faq import parse_document, parse_text
from tests.conftest import SEEDS

CARD = "Amphybane\n{2}{G}\nCréature : élémental\n2/2\nPiétinement\n\n* Une note sur Amphybane.\n\n"


def test_heading_twice_gets_unique_ids():
    text = "NOTES GÉNÉRALES\n\n***Hybride***\n\nTexte.\n\n***Hybride***\n\nAutre.\n\nNOTES GÉNÉRALES\n\n* Note.\n"
    doc = parse_text(text, "dup", path="dup.txt")
    ids = [s.id for s in doc.sections]
    assert len(ids) == len(set(ids)) == 4
    assert [w.type for w in doc.warnings] == ["duplicate_id", "duplicate_id"]
    assert [(w.line, w.text) for w in doc.warnings] == [(7, "***Hybride***"), (11, "NOTES GÉNÉRALES")]
    assert doc.notes[0].section == ids[-1]


def test_build_with_two_files_of_the_same_name_and_a_heading_twice(tmp_path):
    for sub in ("a", "b"):
        (tmp_path / sub).mkdir()
        (tmp_path / sub / "faq.txt").write_text("NOTES SUR DES CARTES\n\n" + CARD + "NOTES SUR DES CARTES\n\n"
                                                + CARD.replace("Amphybane", "Corbeiller"), encoding="utf-8")
    report = build(tmp_path / "kb", docs=[tmp_path / "a", tmp_path / "b"])
    assert report.errors == []
    assert [d["id"] for d in report.documents] == ["faq", "faq-2"]
    assert all(d["card_records"] == 2 and d["notes"] == 2 for d in report.documents)
    assert any("another document is named faq" in w and "faq-2" in w for w in report.warnings)


def test_faq_flattened_onto_one_line_is_parsed(tmp_path):
    line = ("Foire aux questions Sombrelande Compilée par Mark L. Gottlieb Document modifié pour la dernière "
            "fois le 4 avril 2008 ----- NOTES GÉNÉRALES * Les symboles de mana hybride n'apparaissent que dans les "
            "coûts. * Une carte avec un symbole de mana hybride est une carte hybride. -- Elle a deux couleurs.")
    doc = parse_text(line, "flat", path="flat.txt")
    assert (doc.title, doc.edition, doc.metadata["compiled_by"]) == (
        "Foire aux questions Sombrelande", "2008-04-04", "Mark L. Gottlieb")
    assert [s.title for s in doc.sections] == ["NOTES GÉNÉRALES"]
    assert [n.subitems for n in doc.notes] == [[], ["Elle a deux couleurs."]]
    assert all(n.line == 1 for n in doc.notes) and doc.warnings == []
    (tmp_path / "flat.txt").write_text(line, encoding="utf-8")
    report = build(tmp_path / "kb", docs=[tmp_path / "flat.txt"])
    assert report.errors == [] and report.documents[0]["notes"] == 2


def test_sombrelande_flattened_keeps_every_section_note_and_rule(seed_docs):
    seed = seed_docs["001_b5a1e1d9799bc96e"]
    text = (SEEDS / "001_b5a1e1d9799bc96e.txt").read_text(encoding="utf-8")
    doc = parse_text(" ".join(x.strip() for x in text.split("\n") if x.strip()), "flat", path="flat.txt")
    assert doc.title == seed.title and doc.edition == seed.edition
    assert doc.metadata["release_dates"] == seed.metadata["release_dates"]
    assert [(s.id, s.heading) for s in doc.sections] == [(s.id, s.heading) for s in seed.sections]
    assert [r.number for r in doc.rules] == [r.number for r in seed.rules]
    assert len(doc.notes) == len(seed.notes)
    # a note's text runs on to the card records and paragraphs after it (kept, not placed)
    assert all(n.text.startswith(m.text.split("\n")[0][:60]) for n, m in zip(doc.notes, seed.notes))
    assert sum(len(n.subitems) for n in doc.notes) == sum(len(n.subitems) for n in seed.notes)


def test_any_number_of_bad_lines_costs_only_those_lines():
    bad = "Carte fantôme\n{1}{G}\n\n"
    text = (bad + CARD) * 2000
    t0 = time.perf_counter()
    doc = parse_text(text, "many", path="many.txt")
    assert time.perf_counter() - t0 < 10
    assert len(doc.cards) == 2000 and len(doc.notes) == 2000
    assert all(c.notes for c in doc.cards)
    assert len(doc.warnings) == 2000 and {w.type for w in doc.warnings} == {"cost_without_type"}
    assert doc.warnings[1].line == 2 + 11 and doc.warnings[1].text == "{1}{G}"


def test_unclosed_cost_is_a_located_warning_and_the_card_keeps_its_name():
    text = "Implorer la reine\n{2/B}{2/B\nRituel\nCherchez une carte.\n\n* Une note.\n\n" + CARD
    doc = parse_text(text, "cost", path="cost.txt")
    assert [c.name for c in doc.cards] == ["Implorer la reine", "Amphybane"]
    beseech = doc.cards[0]
    assert beseech.type_line == "Rituel" and [n.text for n in beseech.notes] == ["Une note."]
    [w] = doc.warnings
    assert (w.type, w.file, w.line, w.column, w.text) == ("unclosed_mana_symbol", "cost.txt", 2, 6, "{2/B}{2/B")


def test_a_nul_byte_is_removed_and_its_line_kept(tmp_path):
    path = tmp_path / "nul.txt"
    path.write_bytes(("NOTES SUR DES CARTES\n\n" + CARD).encode("utf-8").replace(b"Pi\xc3\xa9", b"Pi\x00\xc3\xa9"))
    doc = parse_document(path)
    assert [(c.name, c.text) for c in doc.cards] == [("Amphybane", "Piétinement")] and len(doc.notes) == 1
    [w] = doc.warnings
    assert (w.type, w.line, w.column, w.text, w.message) == ("nul_byte", 7, 3, "Piétinement",
                                                             "NUL byte removed: the line is kept")


def test_a_note_with_nul_bytes_is_kept_on_its_card(tmp_path):
    path = tmp_path / "nul.txt"
    path.write_bytes(("NOTES SUR DES CARTES\n\n" + CARD).encode("utf-8").replace(b"Une note", b"Une\x00 no\x00te"))
    doc = parse_document(path)
    assert [(n.card, n.text, n.line) for n in doc.notes] == [("Amphybane", "Une note sur Amphybane.", 9)]
    [w] = doc.warnings
    assert (w.type, w.line, w.column, w.message) == ("nul_byte", 9, 6, "2 NUL bytes removed: the line is kept")


def test_chapter_heading_with_site_prefix_is_a_rule():
    doc = parse_text("302. Types de carte : Créatures\n\n302.1. Une créature est un type de carte.\n", "ch")
    assert [(r.number, r.title) for r in doc.rules] == [("302", "Créatures"), ("302.1", None)]
    assert doc.rule("302.1").parent == "302"
    assert not doc.title.startswith("302")


def test_unplaceable_lines_keep_their_file_line_and_text():
    text = "702.92a Premier.\n-- un sous-point sans note\n\n[ 702.19 ]\n\n1. Le piétinement.\n"
    doc = parse_text(text, "odd", path="odd.txt")
    assert [r.number for r in doc.rules] == ["702.92a", "702.19", "702.19a"]
    lines = text.split("\n")
    assert all(w.text == lines[w.line - 1] and w.file == "odd.txt" for w in doc.warnings)


def test_misprinted_number_is_read_and_reported():
    doc = parse_text("606. 8b Le texte.\n\n606.8c Autre.\n", "mis", path="mis.txt")
    assert [r.number for r in doc.rules] == ["606.8b", "606.8c"]
    [w] = doc.warnings
    assert (w.type, w.line, w.column, w.text) == ("misprinted_number", 1, 1, "606. 8b Le texte.")


def test_a_document_that_cannot_be_stored_is_named_and_the_others_are_built(tmp_path, monkeypatch):
    import sqlite3

    from kb.store import db as store

    save = store.save_document

    def failing(conn, doc):
        save(conn, doc)
        if doc.id == "bad":
            raise sqlite3.IntegrityError("UNIQUE constraint failed: sections.source, sections.id")

    monkeypatch.setattr(store, "save_document", failing)
    for name in ("bad", "good"):
        (tmp_path / f"{name}.txt").write_text("NOTES SUR DES CARTES\n\n" + CARD, encoding="utf-8")
    report = build(tmp_path / "kb", docs=[tmp_path / "bad.txt", tmp_path / "good.txt"])
    assert [d["id"] for d in report.documents] == ["good"]
    [err] = report.errors
    assert err.startswith(f"{tmp_path / 'bad.txt'}:1: cannot store document bad") and "UNIQUE" in err
    conn = sqlite3.connect(store.current_dir(tmp_path / "kb") / store.DB_NAME)
    # the failed document left nothing behind (its rows were rolled back to the savepoint)
    assert conn.execute("SELECT count(*) FROM card_records WHERE source = 'bad'").fetchone() == (0,)
    assert conn.execute("SELECT count(*) FROM card_records WHERE source = 'good'").fetchone() == (1,)
    conn.close()


def test_build_keeps_a_document_with_a_nul_byte(tmp_path):
    (tmp_path / "nul.txt").write_bytes(("NOTES SUR DES CARTES\n\n" + CARD).encode("utf-8").replace(b"Vol", b"V\x00ol")
                                       .replace(b"Pi\xc3\xa9tinement", b"Pi\x00\xc3\xa9tinement"))
    report = build(tmp_path / "kb", docs=[tmp_path / "nul.txt"])
    assert report.errors == [] and report.documents[0]["card_records"] == 1
    assert any("NUL byte" in w and ":7:3:" in w for w in report.warnings)


def test_recovery_keeps_an_unplaceable_line_as_text():
    """The on_error handler (a safety net: the grammar is total) recovers
    once per line: the token is fed again as text where text is accepted."""
    from lark import Token
    from lark.exceptions import UnexpectedToken

    from parser.faq import _parser, _Recovery

    text = "Texte.\n3/2\n"
    ip = _parser().parse_interactive(text)
    ip.feed_token(Token("TEXT", "Texte.\n", line=1, column=1))
    err = UnexpectedToken(Token("PT", "3/2\n", line=2, column=1), {"TEXT"}, interactive_parser=ip)
    recovery = _Recovery(text, "r.txt")
    assert recovery(err) is True
    [w] = recovery.warnings
    assert (w.type, w.file, w.line, w.column, w.text) == ("unplaceable_line", "r.txt", 2, 1, "3/2")
    assert "kept as text" in w.message


def test_type_line_without_a_card_name_is_reported_and_kept_as_text():
    text = "Texte.\n\nCréature : elfe\n3/2\nVol\n\nTerrain de base\n\nTerrain vague\nTerrain\n{T} : Ajoutez {C}.\n\n* Note.\n"
    doc = parse_text(text, "type", path="type.txt")
    assert {"Créature : elfe", "3/2", "Vol", "Terrain de base"} <= set(doc.paragraphs)
    # a type line alone, in no record, is reported too (issue 12: nothing card-like lost silently)
    assert [(w.type, w.line, w.column, w.text) for w in doc.warnings] == [
        ("type_line_without_name", 3, 1, "Créature : elfe"), ("unplaced_card_line", 7, 1, "Terrain de base")]
    # a card whose name reads as a type line is still a card
    [vague] = doc.cards
    assert (vague.name, vague.type_line, [n.text for n in vague.notes]) == ("Terrain vague", "Terrain", ["Note."])


def test_long_runs_of_spaces_and_separators_are_read_in_one_pass():
    """A PDF's running header pads with dozens of spaces before the page
    number; a regular expression that can split those spaces in many ways
    backtracks exponentially (a 3 KB page took minutes).  These lines must
    parse like any other: as text, without a rule or a card."""
    pad = " " * 60
    lines = [f"Règles complètes de Magic: The Gathering — 10 juillet 2009{pad}127",
             f"Magic: The Gathering, Règles complètes — Version française{pad}Page 127 / 190",
             "Nom" + " — " * 200 + "Créature", "Nom\t" * 300, "Nom / " * 150 + "{2}", "• " * 400,
             "Titre" + pad + "— 3 avril 2012" + pad + "12"]
    doc = parse_text("\n\n".join(lines) + "\n", "pdf")
    assert doc.rules == [] and doc.cards == []
    assert len(doc.paragraphs) >= len(lines) - 1
