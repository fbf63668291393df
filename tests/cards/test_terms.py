"""French <-> English glossary derived from the card data (kb/cards/terms.py, kb/cards/termderive.py,
corpus/terms/terms_fr_en.tsv)."""
from __future__ import annotations

import sqlite3

import pytest

from kb.store import schema
from kb.cards.terms import TERMS_PATH, load_terms, lookup_term, term_report
from tests.conftest import require_shared


def test_glossary_file_has_provenance():
    pairs = load_terms()
    assert len(pairs) > 500
    kinds = {p.kind for p in pairs}
    assert {"keyword_ability", "keyword_action", "ability_word", "card_type", "supertype", "subtype",
            "rules_term"} <= kinds
    assert all(p.source for p in pairs)
    assert TERMS_PATH.read_text(encoding="utf-8").splitlines()[0].split("\t") == [
        "kind", "en", "fr", "source", "cards", "precision", "example"]


@pytest.mark.parametrize("query, en, fr", [
    ("persistance", "Persist", "Persistance"),
    ("Persist", "Persist", "Persistance"),
    ("flétrissure", "Wither", "Flétrissure"),
    ("CONSPIRATION", "Conspire", "Conspiration"),
    ("association d'âmes", "Soulbond", "Association d'âmes"),
    ("regroupement", "Banding", "Regroupement"),
    ("initiative", "First strike", "Initiative"),
    ("traversée des marais", "Swampwalk", "Traversée des marais"),
])
def test_keyword_pairs(query, en, fr):
    pairs = lookup_term(query)
    assert (en, fr) in {(p.en, p.fr) for p in pairs}


def test_keyword_pair_sources_and_support():
    persist = [p for p in lookup_term("persistance") if p.en == "Persist"][0]
    assert persist.kind == "keyword_ability" and persist.source == "keyword-line"
    assert persist.cards >= 20 and persist.precision == 1.0
    banding = [p for p in lookup_term("regroupement") if p.en == "Banding"][0]
    assert banding.source.startswith("rules: seeds/004")


def test_types_and_subtypes():
    got = {(p.kind, p.en, p.fr) for p in load_terms()}
    assert ("card_type", "Sorcery", "rituel") in got
    assert ("card_type", "Instant", "éphémère") in got
    assert ("supertype", "Legendary", "légendaire") in got
    assert ("subtype", "Faerie", "peuple fée") in got        # « Créature : peuple fée et soldat »
    assert ("subtype", "Kithkin", "sangami") in got
    assert ("subtype", "Scarecrow", "épouvantail") in got


def test_old_and_new_french_wordings_both_pair_with_battlefield():
    fr = {p.fr for p in load_terms() if p.kind == "rules_term" and p.en == "battlefield"}
    assert fr == {"champ de bataille", "en jeu"}
    mv = {p.fr for p in load_terms() if p.en == "mana value"}
    assert mv == {"coût converti de mana", "valeur de mana"}


@pytest.mark.corpus
def test_term_report_lists_cards():
    base = require_shared("cards", "mtgjson")
    from kb.cards.ingest import ingest_mtgjson
    conn = sqlite3.connect(":memory:")
    schema.create_all(conn)
    ingest_mtgjson(conn, [base / "SHM.json", base / "EVE.json"])
    rep = term_report(conn, "persistance")
    assert rep["pairs"][0]["en"] == "Persist"
    names = {c["name"]: c["french_name"] for c in rep["cards"]}
    assert names["Murderous Redcap"] == "Bonnet-rouge meurtrier"
    assert rep["rules"] == []  # no rules table in this database
    from kb.store import db as store
    from parser.faq import parse_document
    from tests.conftest import SEEDS
    schema.create_all(conn)
    for p in sorted(SEEDS.glob("*.txt")):
        store.save_document(conn, parse_document(p))
    rules = term_report(conn, "persistance")["rules"]
    assert [r["number"] for r in rules] == ["502.79", "502.79a"]
    banding = term_report(conn, "regroupement")
    assert banding["pairs"][0]["en"] == "Banding"
    assert {"502.10", "502.10a"} <= {r["number"] for r in banding["rules"]}
    # « Regroupement avec d'autres » is another term (Bands with other), not Banding
    assert "502.11" not in {r["number"] for r in banding["rules"]}
    assert "502.11" in {r["number"] for r in term_report(conn, "regroupement avec d'autres")["rules"]}


def test_rule_families_are_named_by_the_glossary():
    from kb.cards.families import FAMILIES, family_of
    by_key = {f.key: f for f in FAMILIES}
    assert (by_key["persist"].label_en, by_key["persist"].label_fr) == ("Persist", "Persistance")
    assert (by_key["soulbond"].label_en, by_key["soulbond"].label_fr) == ("Soulbond", "Association d'âmes")
    assert by_key["linked"].label_fr == "Capacités liées"
    assert family_of("Flétrissure").key == family_of("Wither").key == "wither"
    assert family_of("Regroupement avec d'autres").key == "bands-with-other"


def test_term_found_through_the_search_pairs():
    from kb.cards.terms import lookup_term

    assert any(p.en == "state-based action" for p in lookup_term("state-based action"))
    assert any(p.fr == "effet basé sur un état" for p in lookup_term("effet basé sur un état"))
