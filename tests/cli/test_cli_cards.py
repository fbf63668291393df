"""`kb card / links / term / rule --json` with card data (a few MTGJSON sets)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.cli.main import main
from tests.conftest import SOMBRELANDE, build_with_card_subset

pytestmark = pytest.mark.corpus

SETS = ("SHM", "EVE", "LRW", "M10", "ZEN", "AVR", "MRD", "5DN", "RAV", "TSP")


@pytest.fixture(scope="module")
def card_kb(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("cardkb")
    build_with_card_subset(tmp, SETS)
    return tmp / "kb"


def run(*args, data_dir, ok=True):
    result = CliRunner().invoke(main, [*args, "--data-dir", str(data_dir)], catch_exceptions=False)
    if ok:
        assert result.exit_code == 0, result.output
    return result


def test_card_by_english_name(card_kb):
    c = json.loads(run("card", "Beseech the Queen", "--json", data_dir=card_kb).output)
    assert c["name"] == "Implorer la reine" and c["english"]["name"] == "Beseech the Queen"
    assert c["english"]["mana_value"] == 6 and c["english"]["colors"] == ["B"]
    assert len(c["notes"]) == 4
    assert any(r["text"].startswith("A card with monocolored hybrid mana symbols in its mana cost has a mana value")
               for r in c["english"]["rulings"])


def test_card_text_side_by_side(card_kb):
    out = run("card", "implorer la reine", data_dir=card_kb).output
    assert "English" in out and "Français" in out
    assert "Beseech the Queen" in out and "| Implorer la reine" in out
    assert "Rulings (4):" in out


def test_card_json_carries_card_links(card_kb):
    c = json.loads(run("card", "Amphybane", "--json", data_dir=card_kb).output)
    assert c["english"]["name"] == "Spawnwrithe"
    notes = c["records"][0]["notes_detail"]
    linked = {(l["surface"], l["name"]) for n in notes for l in n["card_links"]}
    assert ("Tisse-miroir", "Mirrorweave") in linked
    assert ("Pucca de cimetière", "Cemetery Puca") in linked


def test_rule_json_card_links(card_kb):
    r = json.loads(run("rule", "607.4", "--json", data_dir=card_kb).output)
    names = {l["name"] for l in r["example_links"][0]}
    assert "Quicksilver Elemental" in names
    assert all(set(l) >= {"surface", "name", "start", "end"} for l in r["example_links"][0])
    ex = r["examples"][0]
    first = r["example_links"][0][0]
    assert ex[first["start"]:first["end"]] == first["surface"]


def test_links_command(card_kb):
    result = json.loads(run("links", "sombrelande", "--json", data_dir=card_kb).output)
    assert result["links"] and all({"where", "surface", "name", "start", "end"} <= set(l) for l in result["links"])
    pairs = {(l["surface"], l["name"]) for l in result["links"]}
    assert ("Tisse-miroir", "Mirrorweave") in pairs and ("Amphybane", "Spawnwrithe") in pairs
    text = run("links", SOMBRELANDE, data_dir=card_kb).output
    assert "links," in text.splitlines()[-1]


def test_term_command(card_kb):
    t = json.loads(run("term", "persistance", "--json", data_dir=card_kb).output)
    assert any(p["en"] == "Persist" and p["fr"] == "Persistance" for p in t["pairs"])
    assert "Murderous Redcap" in {c["name"] for c in t["cards"]}
    assert {"502.79", "502.79a"} <= {r["number"] for r in t["rules"]}


def test_links_lists_record_headers(card_kb):
    result = json.loads(run("links", "sombrelande", "--json", data_dir=card_kb).output)
    records = [l for l in result["links"] if l["where"] == "record"]
    assert records and all(l["surface"] == l["card"] and l["start"] == 0 for l in records)
    assert ("Bonnet-rouge meurtrier", "Murderous Redcap") in {(l["surface"], l["name"]) for l in records}


def test_term_count_list_and_json_agree(card_kb):
    t = json.loads(run("term", "contact mortel", "--json", data_dir=card_kb).output)
    assert t["card_total"] >= len(t["cards"]) and t["cards"]
    line = next(l for l in run("term", "contact mortel", data_dir=card_kb).output.splitlines() if l.startswith("cards ("))
    shown = line.split("): ", 1)[1].count(" (") or len(line.split("): ", 1)[1].split(", "))
    assert line.startswith(f"cards ({t['card_total']}")
    assert shown <= t["card_total"]


def test_card_flags_pre_errata_french_wording(card_kb):
    # Flickerwisp (EVE, 2008) printed « retirez de la partie » where the oracle says Exile;
    # the card data prints « exil… » from M10 on.
    out = run("card", "Flickerwisp", data_dir=card_kb).output
    assert "pre-errata French wording: « retirez de la partie » (EVE" in out and "today « exil » (exile)" in out
    c = json.loads(run("card", "Flickerwisp", "--json", data_dir=card_kb).output)
    found = {w["printed"]: (w["today"], w["en"], w["sets"]) for w in c["english"]["outdated_wording"]}
    assert found["retirez de la partie"] == ("exil", "exile", ["EVE"])
    # these sets print « arrive en jeu » until 2008 and « champ de bataille » from M10 on
    assert found.get("en jeu", ("champ de bataille",))[0] == "champ de bataille"
    clean = json.loads(run("card", "Beseech the Queen", "--json", data_dir=card_kb).output)
    assert clean["english"]["outdated_wording"] == []


def test_card_known_only_from_the_card_data_has_its_power_and_text(card_kb):
    """Kitchen Finks (SHM) is in no FAQ record: P/T and text come from its face."""
    c = json.loads(run("card", "Kitchen Finks", "--json", data_dir=card_kb).output)
    assert c["source"] is None and c["records"] == []
    assert (c["power"], c["toughness"]) == ("3", "2")
    assert c["text"].startswith("When Kitchen Finks enters the battlefield, you gain 2 life.")
    serpent = json.loads(run("card", "Serpent of the Endless Sea", "--json", data_dir=card_kb).output)
    assert (serpent["power"], serpent["toughness"]) == ("*", "*")


def test_links_are_those_of_the_parsed_document_and_need_no_file(card_kb, tmp_path):
    """kb links prints what the build found (table document_links): the same
    links as linking the parsed file, and it still works once the file is gone."""
    import sqlite3

    from kb.cards.mentions import link_document
    from kb.store import db as store
    from parser.faq import parse_document

    stored = json.loads(run("links", "sombrelande", "--json", data_dir=card_kb).output)
    conn = store.connect(card_kb)
    try:
        row = next(d for d in store.documents(conn) if "sombrelande" in d["path"].lower() or d["id"] == stored["document"])
        again = link_document(conn, parse_document(row["path"], source=row["id"]))
    finally:
        conn.close()
    assert stored == json.loads(json.dumps(again, ensure_ascii=False))
    assert ("Amphybane", "Spawnwrithe") in {(l["surface"], l["name"]) for l in stored["links"]}
    # the file moved away: the links are still there (nothing is parsed again)
    db = store.current_dir(card_kb) / store.DB_NAME
    with sqlite3.connect(db) as c:
        c.execute("UPDATE documents SET path = ? WHERE id = ?", (str(tmp_path / "gone.txt"), stored["document"]))
    try:
        assert json.loads(run("links", stored["document"], "--json", data_dir=card_kb).output) == stored
    finally:       # (the knowledge base is shared by the module's tests)
        with sqlite3.connect(db) as c:
            c.execute("UPDATE documents SET path = ? WHERE id = ?", (row["path"], stored["document"]))
