"""The `--json` contract: every field an issue names is in the output of its
command, with the value the documents give.

Fields are added, never renamed or dropped; a test here fails when one goes.
Seed commands run on the `seed_kb` fixture; the others (marked ``corpus``,
skipped without the shared corpus) on the session's `full_kb` (seeds, every
Comprehensive Rules edition, every MTGJSON set) and on one small
`kb build --cr --mtgjson --json` for the build report.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli.main import main
from tests.conftest import LINKED, SOMBRELANDE, SOULBOND, require_shared

corpus = pytest.mark.corpus



def run_json(*args, data_dir: Path):
    result = CliRunner().invoke(main, [*args, "--json", "--data-dir", str(data_dir)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def has_fields(obj: dict, *names: str) -> None:
    missing = [n for n in names if n not in obj]
    assert not missing, f"JSON fields missing: {missing} (present: {sorted(obj)})"


# ----------------------------------------------------------------- issue 2: the seeds end to end

def test_build_report(tmp_path):
    report = run_json("build", data_dir=tmp_path)
    has_fields(report, "data_dir", "build_dir", "counts", "documents", "editions", "cards", "history",
               "errors", "warnings", "lost_quotes", "indexed", "seconds")
    has_fields(report["counts"], "documents", "rules", "card_records", "notes", "sections", "warnings")
    assert (report["counts"]["documents"], report["counts"]["rules"], report["counts"]["card_records"],
            report["counts"]["notes"], report["counts"]["warnings"]) == (4, 52, 58, 165, 1)
    doc = next(d for d in report["documents"] if d["id"] == SOMBRELANDE)
    has_fields(doc, "id", "title", "rules", "card_records", "notes", "warnings")
    assert doc["card_records"] == 58
    assert report["errors"] == [] and report["indexed"] > 0
    assert len(report["warnings"]) == 1 and "2e" in report["warnings"][0]     # seed 002, before 607.2h
    assert report["seconds"]["total"] > 0


def test_rule(seed_kb):
    r = run_json("rule", "702.92a", data_dir=seed_kb)
    has_fields(r, "number", "lang", "edition", "source", "title", "text", "examples", "parent", "children",
               "references", "descendants", "other_versions", "card_links", "title_links", "example_links")
    assert (r["number"], r["lang"], r["edition"], r["source"], r["title"]) == ("702.92a", "fr", None, SOULBOND, None)
    assert r["text"].startswith("L'association d'âmes est un mot-clé qui représente deux capacités déclenchées.")
    assert (r["examples"], r["children"], r["references"], r["parent"]) == ([], [], [], "702.92")


def test_rule_with_subrules_and_examples(seed_kb):
    r = run_json("rule", "607", data_dir=seed_kb)
    assert r["source"] == LINKED and r["children"] == ["607.1", "607.2", "607.3", "607.4"]
    sub = next(d for d in r["descendants"] if d["number"] == "607.3")
    has_fields(sub, "number", "text", "examples", "parent")
    assert len(sub["examples"]) == 1 and sub["examples"][0].startswith("Le Panache de Paradis a les trois capacités")
    r = run_json("rule", "502.78a", data_dir=seed_kb)
    assert r["references"] == ["409.1b", "409.1f", "409.1g", "409.1h"] and r["edition"] == "2008-04-04"


def test_card(seed_kb):
    c = run_json("card", "Implorer la reine", data_dir=seed_kb)
    has_fields(c, "name", "mana_cost", "type_line", "power", "toughness", "text", "notes", "source",
               "records", "card_links")
    assert (c["name"], c["mana_cost"], c["type_line"]) == ("Implorer la reine", "{2/B}{2/B}{2/B}", "Rituel")
    assert (c["power"], c["toughness"], c["source"]) == (None, None, SOMBRELANDE)
    assert "Cherchez dans votre bibliothèque" in c["text"] and len(c["notes"]) == 4


def test_search_hits(seed_kb):
    hits = run_json("search", "association d'ames", data_dir=seed_kb)
    for hit in hits:
        has_fields(hit, "kind", "id", "lang", "edition", "source", "score", "snippet",
                   "exact", "editions", "equivalent_of")
    first = hits[0]
    assert (first["kind"], first["id"], first["lang"], first["source"]) == ("rule", "702.92", "fr", SOULBOND)
    assert "<b>Association</b>" in first["snippet"] and first["score"] > 0
    exact = run_json("search", "502.10h", data_dir=seed_kb)[0]
    assert exact["id"] == "502.10h" and exact["exact"] is True


def test_render(seed_kb, tmp_path):
    out = run_json("render", "--out", str(tmp_path / "site"), data_dir=seed_kb)
    has_fields(out, "out", "pages", "seconds")
    assert out["out"] == str(tmp_path / "site") and "index.html" in out["pages"]


# ----------------------------------------------------------------- issue 8: the checker

def test_check(seed_kb):
    v = run_json("check", "Implorer la reine a un coût converti de mana de 6", data_dir=seed_kb)
    has_fields(v, "claim", "answer", "explanation", "rules", "reason", "edition")
    assert v["claim"] == "Implorer la reine a un coût converti de mana de 6" and v["answer"] == "true"
    assert any("{2/B}{2/B}{2/B}" in step for step in v["explanation"]) and v["rules"]


def test_check_file(seed_kb, tmp_path):
    f = tmp_path / "claims.yaml"
    f.write_text("- claim: \"{W/U}{W/U} peut être payé avec {W}{U}\"\n  expected: true\n  note: hybride\n",
                 encoding="utf-8")
    [v] = run_json("check", "--file", str(f), data_dir=seed_kb)
    has_fields(v, "claim", "answer", "explanation", "rules", "reason", "edition", "expected", "note", "passed")
    assert (v["answer"], v["passed"], v["note"]) == ("true", True, "hybride")


# ----------------------------------------------------------------- issue 3: Comprehensive Rules editions

@corpus
def test_build_report_with_an_edition_and_cards(tmp_path):
    cr = require_shared("cr", "en", "2008-05-01.txt")
    (tmp_path / "mtgjson").mkdir()
    (tmp_path / "mtgjson" / "SHM.json").symlink_to(require_shared("cards", "mtgjson", "SHM.json"))
    report = run_json("build", "--cr", str(cr), "--mtgjson", str(tmp_path / "mtgjson"), "--quiet",
                      data_dir=tmp_path / "kb")
    assert report["counts"]["editions"] == 1 and report["counts"]["glossary_entries"] == 392
    assert report["lost_quotes"] == 4742  # 2008-05-01 lost its curly quotes to '?'
    [edition] = report["editions"]
    has_fields(edition, "date", "source", "path", "rules", "glossary", "lost_quotes", "warnings")
    assert (edition["date"], edition["rules"], edition["lost_quotes"]) == ("2008-05-01", 1148, 4742)
    has_fields(report["history"], "editions", "versions", "maps", "references_checked", "dangling_references")
    assert report["history"]["references_checked"] > 0
    has_fields(report["cards"], "cards")
    assert report["cards"]["cards"] > 0


@corpus
def test_editions(full_kb):
    rows = run_json("editions", data_dir=full_kb)
    for row in rows:
        has_fields(row, "date", "source", "file", "lang", "encoding", "rules", "glossary", "lost_quotes", "warnings")
    by_date = {r["date"]: r for r in rows}
    assert len(rows) == 102 and rows[-1]["date"] == "2026-01-16"
    assert (by_date["2026-01-16"]["rules"], by_date["2026-01-16"]["glossary"]) == (3114, 725)
    assert by_date["2008-05-01"]["lost_quotes"] == 4742


@corpus
def test_glossary(full_kb):
    g = run_json("glossary", "trample", data_dir=full_kb)
    has_fields(g, "term", "definition", "edition", "lang", "source", "references")
    assert (g["term"], g["edition"], g["lang"]) == ("Trample", "2026-01-16", "en")
    assert g["definition"].startswith("A keyword ability that modifies how a creature assigns combat damage.")
    assert "702.19" in g["references"]


@corpus
def test_rule_of_an_edition(full_kb):
    r = run_json("rule", "702.19c", data_dir=full_kb)
    assert (r["number"], r["edition"], r["lang"], r["parent"]) == ("702.19c", "2026-01-16", "en", "702.19")
    assert r["examples"][0].startswith("A player controls a planeswalker with three loyalty counters")
    assert {"source": "2025-11-14", "edition": "2025-11-14", "lang": "en", "same_text": True} in r["other_versions"]
    for o in r["other_versions"]:
        has_fields(o, "source", "edition", "lang", "same_text")
    r = run_json("rule", "502.79a", "--edition", "2008-05-01", data_dir=full_kb)
    assert r["text"].startswith("Persist is a triggered ability.")


# ----------------------------------------------------------------- issue 5: history and alignment

@corpus
def test_rule_now(full_kb):
    r = run_json("rule", "502.79", "--edition", "2008-05-01", "--now", data_dir=full_kb)
    assert r["title"] == "Persist" and r["now"] == {"edition": "2026-01-16", "numbers": ["702.79"]}


@corpus
def test_french_rule_beside_english(full_kb):
    r = run_json("rule", "502.79a", "--lang", "fr", data_dir=full_kb)
    has_fields(r, "english", "english_editions", "discrepancy", "now")
    assert r["text"].startswith("La persistance est une capacité déclenchée.")
    assert (r["english"]["number"], r["english"]["edition"]) == ("502.79a", "2009-05-01")
    assert r["english"]["text"].startswith("Persist is a triggered ability.")
    assert r["english_editions"] == ["2008-05-01", "2008-07-15", "2009-02-01", "2009-05-01"]
    assert r["now"] == {"edition": "2026-01-16", "numbers": ["702.79a"]} and r["discrepancy"] is None


@corpus
def test_history(full_kb):
    lin = run_json("history", "502.79", "--edition", "2008-05-01", data_dir=full_kb)
    has_fields(lin, "query", "edition", "spans", "branches", "current", "latest_edition", "removed_after")
    for span in lin["spans"]:
        has_fields(span, "number", "first", "last", "editions", "entered", "versions")
    assert [(s["number"], s["first"], s["last"]) for s in lin["spans"]] == [
        ("502.79", "2008-05-01", "2009-05-01"), ("702.76", "2009-07-11", "2011-05-01"),
        ("702.77", "2011-06-17", "2013-05-01"), ("702.78", "2013-07-13", "2021-02-15"),
        ("702.79", "2021-04-22", "2026-01-16")]
    assert lin["current"] == ["702.79"] and lin["latest_edition"] == "2026-01-16"


@corpus
def test_diff(full_kb):
    d = run_json("diff", "2008-05-01", "2026-01-16", data_dir=full_kb)
    has_fields(d, "a", "b", "added", "removed", "renumbered", "reworded", "split", "merged", "unchanged")
    assert ("502.79", "702.79") in {(r["from"], r["to"]) for r in d["renumbered"]}
    assert d["added"] and d["removed"] and d["unchanged"] > 0


# ----------------------------------------------------------------- issue 4: cards

@corpus
def test_card_with_card_data(full_kb):
    c = run_json("card", "Beseech the Queen", data_dir=full_kb)
    assert c["name"] == "Implorer la reine"
    has_fields(c["english"], "name", "mana_cost", "mana_value", "colors", "type_line", "rulings", "french_name")
    assert (c["english"]["name"], c["english"]["mana_value"], c["english"]["colors"]) == ("Beseech the Queen", 6, ["B"])
    notes = run_json("card", "Amphybane", data_dir=full_kb)["records"][0]["notes_detail"]
    links = [link for n in notes for link in n["card_links"]]
    for link in links:
        has_fields(link, "surface", "name", "start", "end")
    assert ("Tisse-miroir", "Mirrorweave") in {(link["surface"], link["name"]) for link in links}


@corpus
def test_links(full_kb):
    result = run_json("links", "sombrelande", data_dir=full_kb)
    has_fields(result, "document", "links", "unresolved")
    for link in result["links"]:
        has_fields(link, "where", "surface", "name", "start", "end")
    assert result["document"] == SOMBRELANDE
    assert ("Amphybane", "Spawnwrithe") in {(link["surface"], link["name"]) for link in result["links"]}


@corpus
def test_term(full_kb):
    t = run_json("term", "persistance", data_dir=full_kb)
    has_fields(t, "query", "pairs", "cards", "rules")
    pair = next(p for p in t["pairs"] if p["en"] == "Persist")
    has_fields(pair, "fr", "en", "kind", "source")
    assert pair["fr"] == "Persistance"
    assert "Murderous Redcap" in {c["name"] for c in t["cards"]}
    assert {"502.79", "502.79a"} <= {r["number"] for r in t["rules"]}
