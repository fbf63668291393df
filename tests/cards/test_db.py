"""The card database (kb/cards/ingest.py, kb/cards/db.py, kb/cards/names.py) on real MTGJSON set files.

Ingests a handful of sets of ../shared/corpus/cards/mtgjson (SHM, EVE, LRW,
M10, CHK, ELD, ISD, CON, ARB, 10E, ONS) once per session; the full 579-set
ingest is measured by benchmarks/bench_carddb.py, not here.
"""
from __future__ import annotations

import sqlite3

import pytest

from kb.store import schema
from kb.cards.db import find_card
from kb.cards.ingest import ingest_mtgjson
from kb.cards.names import AmbiguousName, resolve_name
from parser.textkeys import fold_name
from tests.conftest import SEEDS, SOMBRELANDE, require_shared

SETS = ["SHM", "EVE", "LRW", "M10", "CHK", "ELD", "ISD", "CON_", "ARB", "10E", "ONS", "MOR", "5DN", "SCG", "RAV"]


@pytest.fixture(scope="module")
def cards_db():
    base = require_shared("cards", "mtgjson")
    conn = sqlite3.connect(":memory:")
    schema.create_all(conn)
    report = ingest_mtgjson(conn, [base / f"{s}.json" for s in SETS])
    return conn, report


@pytest.fixture(scope="module")
def conn(cards_db):
    return cards_db[0]


def test_fold_name():
    assert fold_name("Færie macabre") == fold_name("Faerie macabre") == "faerie macabre"
    assert fold_name("Sœurs de la mort de pierre") == fold_name("Soeurs de la mort de pierre")
    assert fold_name("Collet de l’inquisiteur") == fold_name("COLLET DE L'INQUISITEUR")
    assert fold_name("  Éclair   perforant ") == "eclair perforant"


@pytest.mark.corpus
def test_ingest_report(cards_db):
    conn, report = cards_db
    assert report.files == len(SETS) and report.sets == len(SETS)
    assert report.errors == []
    assert report.cards == conn.execute("SELECT COUNT(*) FROM mtg_cards").fetchone()[0]
    # seeds/001: « 301 cartes » (+1 promo in MTGJSON's SHM, totalSetSize 302);
    # 286 distinct names (the 20 basic lands are 5 cards)
    assert conn.execute("SELECT COUNT(*) FROM mtg_printings WHERE set_code='SHM'").fetchone()[0] == 302
    assert conn.execute("SELECT COUNT(DISTINCT card) FROM mtg_printings WHERE set_code='SHM'").fetchone()[0] == 286


@pytest.mark.corpus
def test_beseech_the_queen_both_languages(conn):
    for query in ("Implorer la reine", "implorer la reine", "Beseech the Queen", "IMPLORER LA REINE"):
        card = find_card(conn, query)
        assert card.name == "Beseech the Queen"
    assert card.mana_cost == "{2/B}{2/B}{2/B}"
    assert card.mana_value == 6
    assert card.colors == ["B"] and card.color_identity == ["B"]
    assert card.face.types == ["Sorcery"]
    fr = card.french_for_set("SHM")
    assert fr.name == "Implorer la reine" and fr.type_line == "Rituel"
    assert fr.text.startswith("({2/B} peut être payé au choix")
    assert [r.date for r in card.rulings][:1] == ["2008-05-01"]
    assert any("Beseech the Queen is black" in r.text for r in card.rulings)
    assert ("SHM", "57") in {(p.set_code, p.number) for p in card.printings}


@pytest.mark.corpus
def test_ligatures_and_apostrophes(conn):
    assert find_card(conn, "Færie macabre").name == "Faerie Macabre"
    assert find_card(conn, "Collet de l’inquisiteur").name == "Inquisitor's Snare"
    assert find_card(conn, "Sœurs de la mort de pierre").name == "Sisters of Stone Death"
    assert find_card(conn, "Soeurs de la mort de pierre").name == "Sisters of Stone Death"


@pytest.mark.corpus
def test_card_fields(conn):
    liege = find_card(conn, "Noble féale de Feuilleterne")
    assert liege.name == "Wilt-Leaf Liege"
    assert liege.mana_cost == "{1}{G/W}{G/W}{G/W}" and liege.mana_value == 4
    assert liege.colors == ["G", "W"]
    assert (liege.face.power, liege.face.toughness) == ("4", "4")
    assert liege.face.subtypes == ["Elf", "Knight"]
    assert liege.french_for_set("SHM").type_line == "Créature : elfe et chevalier"
    redcap = find_card(conn, "Bonnet-rouge meurtrier")
    assert redcap.keywords == ["Persist"]
    ajani = find_card(conn, "Ajani Goldmane")
    assert ajani.face.loyalty == "4"


@pytest.mark.corpus
def test_faces_of_multi_face_cards(conn):
    giant = find_card(conn, "Géant craque-os")
    assert giant.name == "Bonecrusher Giant // Stomp" and giant.layout == "adventure"
    assert [f.name for f in giant.faces] == ["Bonecrusher Giant", "Stomp"]
    assert giant.faces[1].type_line == "Instant — Adventure"
    assert find_card(conn, "Piétineur").name == "Bonecrusher Giant // Stomp"
    delver = find_card(conn, "Aberration insectoïde")
    assert delver.name == "Delver of Secrets // Insectile Aberration"
    assert delver.faces[1].color_indicator == ["U"]
    # flip card whose French back face is missing from the data (CHK)
    nezumi = find_card(conn, "Nezumi Graverobber")
    assert [f.name for f in nezumi.faces] == ["Nezumi Graverobber", "Nighteyes the Desecrator"]
    assert find_card(conn, "Noctœil le profanateur") is None


@pytest.mark.corpus
def test_translations_over_the_years(conn):
    """« en jeu » (10E, 2007) became « sur le champ de bataille » (M10, 2009)."""
    card = find_card(conn, "Garde des âmes")
    assert card.name == "Soul Warden"
    texts = {s["set_code"]: t.text for t in card.french for s in t.sets}
    assert texts["10E"] == "À chaque fois qu'une autre créature arrive en jeu, vous gagnez 1 point de vie."
    assert texts["M10"] == ("À chaque fois qu'une autre créature arrive sur le champ de bataille, "
                            "vous gagnez 1 point de vie.")
    assert len({t.text for t in card.french}) >= 2


@pytest.mark.corpus
def test_prefix_and_ambiguity(conn):
    assert find_card(conn, "Guivre à écailles").name == "Witherscale Wurm"
    with pytest.raises(AmbiguousName) as exc:
        find_card(conn, "Chevalier")
    assert exc.value.total > 1 and "Kulrath Knight" in exc.value.candidates
    assert find_card(conn, "Pas une carte du tout") is None


@pytest.mark.corpus
def test_every_sombrelande_record_resolves(conn):
    from parser.faq import parse_document
    doc = parse_document(SEEDS / f"{SOMBRELANDE}.txt")
    assert len(doc.cards) == 58
    resolved = {rec.name: resolve_name(conn, rec.name, prefix=False) for rec in doc.cards}
    assert all(resolved.values()), [n for n, e in resolved.items() if not e]
    assert resolved["Færie macabre"] == "Faerie Macabre"
    assert resolved["Implorer la reine"] == "Beseech the Queen"
    assert resolved["Guivre à écailles flétrissantes"] == "Witherscale Wurm"


@pytest.mark.corpus
def test_to_dict_shape(conn):
    d = find_card(conn, "Implorer la reine").to_dict()
    assert d["name"] == "Beseech the Queen" and d["french_name"] == "Implorer la reine"
    assert {"faces", "printings", "french", "rulings", "type_line", "french_names"} <= set(d)
    assert d["french"][0]["sets"][0]["set_code"] == "SHM"


@pytest.mark.corpus
def test_allprintings_layout_and_bad_file(tmp_path):
    """An AllPrintings-shaped file (data = {code: set}) gives the same cards as
    the set file; an unreadable file is reported and the others still load."""
    import json
    base = require_shared("cards", "mtgjson")
    shm = json.loads((base / "SHM.json").read_text(encoding="utf-8"))
    (tmp_path / "AllPrintings.json").write_text(json.dumps({"meta": shm["meta"], "data": {"SHM": shm["data"]}}),
                                                encoding="utf-8")
    (tmp_path / "broken.json").write_text('{"data": {"cards": [', encoding="utf-8")
    conn = sqlite3.connect(":memory:")
    schema.create_all(conn)
    report = ingest_mtgjson(conn, tmp_path)
    assert report.cards == 286 and report.sets == 1
    assert len(report.errors) == 1 and "broken.json" in report.errors[0]
    assert find_card(conn, "Implorer la reine").mana_value == 6
    with pytest.raises(FileNotFoundError):
        ingest_mtgjson(conn, tmp_path / "missing")


@pytest.mark.corpus
def test_progress_callback():
    base = require_shared("cards", "mtgjson")
    calls = []
    conn = sqlite3.connect(":memory:")
    schema.create_all(conn)
    ingest_mtgjson(conn, [base / "SHM.json", base / "EVE.json"], progress=lambda label, total: lambda n=1: calls.append((label, total, n)))
    assert calls == [("Ingesting MTGJSON", 2, 1), ("Ingesting MTGJSON", 2, 1)]


@pytest.mark.corpus
def test_side_by_side_rows(conn):
    from kb.cards.db import side_by_side
    rows = side_by_side(find_card(conn, "Guivre à écailles flétrissantes"), "SHM")
    assert rows[:4] == [("name", "Witherscale Wurm", "Guivre à écailles flétrissantes"),
                        ("mana cost", "{4}{G}{G}", "{4}{G}{G}"),
                        ("type", "Creature — Wurm", "Créature : guivre"), ("P/T", "9/9", "9/9")]
    # the French printing of SHM has the wording the FAQ's erratum corrects
    assert "jusqu'à la fin du combat" in rows[4][2] and "until end of turn" in rows[4][1]
    giant = side_by_side(find_card(conn, "Bonecrusher Giant"))
    assert ("name", "Stomp", "Piétineur") in giant


@pytest.mark.corpus
def test_match_name_is_the_one_name_lookup(conn):
    """kb.cards.names: exact French names, prefixes, FAQ record names, slugs."""
    from kb.cards.names import card_slugs, match_name, record_card
    m = match_name(conn, "implorer la reine")
    assert m.exact and m.cards == ["Beseech the Queen"] and m.french_only
    assert match_name(conn, "Beseech the Queen").french_only is False
    prefix = match_name(conn, "implorer la re", prefix=True)
    assert not prefix.exact and prefix.cards == ["Beseech the Queen"] and prefix.total == 1
    assert match_name(conn, "implorer la re").cards == []
    assert record_card(conn, "Implorer la reine") == "Beseech the Queen"
    assert record_card(conn, "implorer la re") is None
    assert record_card(conn, "implorer la re", prefix=True) == "Beseech the Queen"
    assert card_slugs(conn)["beseech-the-queen"] == "Beseech the Queen"


@pytest.mark.corpus
def test_ingest_report_to_dict(cards_db):
    _conn, report = cards_db
    d = report.to_dict()
    assert d["files"] == len(SETS) and d["errors"] == [] and set(d) >= {"cards", "faces", "printings", "french"}
