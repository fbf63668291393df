"""`kb build / rule / card / search` end to end on the seed documents."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli.main import main
from tests.conftest import BANDING, LINKED, SEEDS, SOMBRELANDE, SOULBOND


def run(*args, data_dir: Path):
    result = CliRunner().invoke(main, [*args, "--data-dir", str(data_dir)], catch_exceptions=False)
    return result


def run_json(*args, data_dir: Path):
    result = run(*args, "--json", data_dir=data_dir)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


# ----------------------------------------------------------------- build

def test_build_summary(tmp_path):
    result = run("build", data_dir=tmp_path)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "documents     4" in out
    assert "rules         52" in out
    assert "card records  58" in out
    assert "notes         165" in out
    assert "warnings      1" in out          # the stray « 2e » before 607.2h of seed 002
    assert "002_f6a566c3e70ee678.txt:49:1: stray « 2e » before the text of rule 607.2h" in out
    assert (tmp_path / "current").is_symlink()


def test_build_json_and_env_var(tmp_path, monkeypatch):
    monkeypatch.setenv("KB_DATA_DIR", str(tmp_path / "envkb"))
    result = CliRunner().invoke(main, ["build", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["counts"]["documents"] == 4 and report["counts"]["card_records"] == 58
    assert (tmp_path / "envkb" / "current").exists()


def test_rebuild_replaces_atomically(tmp_path):
    assert run("build", data_dir=tmp_path).exit_code == 0
    first = (tmp_path / "current").resolve()
    assert run("build", "--docs", str(SEEDS / f"{LINKED}.txt"), str(SEEDS / f"{BANDING}.txt"),
               data_dir=tmp_path).exit_code == 0
    second = (tmp_path / "current").resolve()
    assert first != second and not first.exists()
    assert [p.name for p in (tmp_path / "builds").iterdir()] == [second.name]
    assert run_json("rule", "502.10e", data_dir=tmp_path)["source"] == BANDING
    assert run("rule", "702.92a", data_dir=tmp_path).exit_code == 1


def test_failed_build_keeps_previous(tmp_path):
    assert run("build", data_dir=tmp_path).exit_code == 0
    before = (tmp_path / "current").resolve()
    result = run("build", "--docs", str(tmp_path / "missing.txt"), data_dir=tmp_path)
    assert result.exit_code == 1
    assert "no such file or directory" in result.output and "previous knowledge base kept" in result.output
    assert (tmp_path / "current").resolve() == before
    assert len(list((tmp_path / "builds").iterdir())) == 1


def test_broken_document_does_not_stop_others(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes("NOTES SUR DES CARTES SPÉCIFIQUES\n\nCarte fantôme\n{1}{G}\n\n* Une note.\n".encode("utf-8"))
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.txt").write_bytes((SEEDS / f"{BANDING}.txt").read_bytes())
    report = run_json("build", "--docs", str(bad), str(docs), data_dir=tmp_path / "kb")
    assert report["counts"]["documents"] == 2
    assert report["counts"]["warnings"] == 1
    assert report["warnings"] == [f"{bad}:4:1: line cannot be placed here (expected one of: TYPE_LINE): '{{1}}{{G}}'"]


def test_no_kb_gives_clear_error(tmp_path):
    result = run("rule", "702.92a", data_dir=tmp_path / "nothing")
    assert result.exit_code == 1
    assert "no knowledge base" in result.output and "kb build" in result.output


# ----------------------------------------------------------------- rule

def test_rule_json(seed_kb):
    r = run_json("rule", "702.92a", data_dir=seed_kb)
    assert r["number"] == "702.92a" and r["lang"] == "fr" and r["source"] == SOULBOND
    assert r["edition"] is None and r["title"] is None
    assert r["text"].startswith("L'association d'âmes est un mot-clé qui représente deux capacités déclenchées.")
    assert r["examples"] == [] and r["children"] == [] and r["references"] == []
    assert r["parent"] == "702.92"


def test_rule_text_output(seed_kb):
    result = run("rule", "502.10e", data_dir=seed_kb)
    assert result.exit_code == 0
    assert "Si une créature attaquante est bloquée par une créature" in result.output
    assert "Exemple : un joueur attaque avec un groupe constitué" in result.output


def test_whole_rule_607(seed_kb):
    r = run_json("rule", "607", data_dir=seed_kb)
    assert r["children"] == ["607.1", "607.2", "607.3", "607.4"]
    assert [d["number"] for d in r["descendants"]][:4] == ["607.1", "607.1a", "607.1b", "607.2"]
    assert len(r["descendants"]) == 15
    text = run("rule", "607", data_dir=seed_kb).output
    assert "607.2i" in text and "Appui" in text


def test_rule_with_subrules_and_references(seed_kb):
    r = run_json("rule", "502.78a", data_dir=seed_kb)
    assert r["edition"] == "2008-04-04" and r["source"] == SOMBRELANDE
    assert r["references"] == ["409.1b", "409.1f", "409.1g", "409.1h"]
    r = run_json("rule", "203.3c", data_dir=seed_kb)
    assert r["examples"][1] == "Le coût converti de mana d'une carte avec un coût de mana de {2/B}{2/B}{2/B} est 6."
    r = run_json("rule", "702.92", data_dir=seed_kb)
    assert r["title"] == "Association d'âmes" and r["children"] == ["702.92a", "702.92b", "702.92c", "702.92d", "702.92e"]


def test_unknown_rule(seed_kb):
    result = run("rule", "999.1", data_dir=seed_kb)
    assert result.exit_code == 1 and "rule 999.1 is not in the knowledge base" in result.output
    result = run("rule", "banane", data_dir=seed_kb)
    assert result.exit_code == 1 and "not a rule number" in result.output


# ----------------------------------------------------------------- card

def test_card_json(seed_kb):
    c = run_json("card", "Implorer la reine", data_dir=seed_kb)
    assert c["name"] == "Implorer la reine"
    assert c["mana_cost"] == "{2/B}{2/B}{2/B}"
    assert c["type_line"] == "Rituel"
    assert c["power"] is None and c["toughness"] is None
    assert "Cherchez dans votre bibliothèque" in c["text"]
    assert len(c["notes"]) == 4
    assert "vous pouvez payer le coût d'Implorer la reine en dépensant {B}{B}{B}, {2}{B}{B}, {4}{B} ou {6}" in c["notes"][2]
    assert c["source"] == SOMBRELANDE


def test_card_folding_and_merging(seed_kb):
    c = run_json("card", "faerie macabre", data_dir=seed_kb)
    assert c["name"] == "Færie macabre" and (c["power"], c["toughness"]) == ("2", "2")
    # printed twice (general notes and card notes): both records, all notes
    c = run_json("card", "Bonnet-rouge meurtrier", data_dir=seed_kb)
    assert len(c["records"]) == 2 and len(c["notes"]) == 1
    c = run_json("card", "halo serti", data_dir=seed_kb)  # unambiguous prefix
    assert c["name"] == "Halo serti de runes" and len(c["notes"]) == 7


def test_card_errors(seed_kb):
    result = run("card", "Nom inconnu", data_dir=seed_kb)
    assert result.exit_code == 1 and "no card named 'Nom inconnu'" in result.output
    result = run("card", "Ch", data_dir=seed_kb)
    assert result.exit_code == 1 and "ambiguous" in result.output and "Chaudron des âmes" in result.output


def test_card_text_output(seed_kb):
    out = run("card", "Divinité de respect", data_dir=seed_kb).output
    assert "{W/U}{W/U}{W/U}{W/U}{W/U}" in out and "4/4" in out and "Les autres créatures sont 1/1." in out
    assert "Notes (3):" in out


@pytest.mark.parametrize("content,option,message", [
    (b"\x00\x01\x02binary", "--docs", "no document could be read"),
    (b"", "--docs", "empty document"),
    (b"", "--cr", "not a Comprehensive Rules document"),
])
def test_build_with_only_bad_inputs_keeps_previous(tmp_path, content, option, message):
    assert run("build", data_dir=tmp_path).exit_code == 0
    before = (tmp_path / "current").resolve()
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)
    result = run("build", option, str(bad), data_dir=tmp_path)
    assert result.exit_code == 1 and "previous knowledge base kept" in result.output and message in result.output
    assert (tmp_path / "current").resolve() == before
    assert run_json("rule", "702.92a", data_dir=tmp_path)["source"] == SOULBOND


def test_french_text_given_as_cr_is_refused(tmp_path):
    result = run("build", "--cr", str(SEEDS / f"{LINKED}.txt"), data_dir=tmp_path)
    assert result.exit_code == 1 and "French FAQ and rules excerpts go to --docs" in result.output


def test_empty_directory_is_an_error(tmp_path):
    (tmp_path / "empty").mkdir()
    result = run("build", "--docs", str(tmp_path / "empty"), data_dir=tmp_path / "kb")
    assert result.exit_code == 1 and "no *.txt file in directory" in result.output


def test_concurrent_build_is_refused(tmp_path):
    import fcntl

    tmp_path.mkdir(exist_ok=True)
    with open(tmp_path / ".build.lock", "a+") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        result = run("build", data_dir=tmp_path)
    assert result.exit_code == 1 and "another kb build is running" in result.output


def test_render_refuses_a_foreign_directory(seed_kb, tmp_path):
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "thesis.txt").write_text("x")
    result = run("render", "--out", str(precious), data_dir=seed_kb)
    assert result.exit_code == 1 and "is not a site written by kb render" in result.output
    assert (precious / "thesis.txt").read_text() == "x"
    site = tmp_path / "site"
    assert run("render", "--out", str(site), data_dir=seed_kb).exit_code == 0
    assert run("render", "--out", str(site), data_dir=seed_kb).exit_code == 0  # its own site: replaced
    assert (site / ".kb-site").exists() and (site / "index.html").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["precious", "site"]


def test_damaged_kb_gives_one_line_error(tmp_path):
    assert run("build", data_dir=tmp_path).exit_code == 0
    (tmp_path / "current" / "kb.sqlite").write_bytes(b"garbage" * 100)
    result = run("rule", "702.92a", data_dir=tmp_path)
    assert result.exit_code == 1 and "the knowledge base is damaged" in result.output and "kb build" in result.output


def test_errors_are_one_line_on_stderr(seed_kb):
    result = run("history", "702.22", data_dir=seed_kb)
    assert result.exit_code == 1
    assert result.stderr == "kb: no rule history in the knowledge base: build with --cr PATH... (two editions or more)\n"
    result = run("links", "sombrelande", data_dir=seed_kb)
    assert result.exit_code == 1
    assert result.stderr == "kb: no card data in the knowledge base: build with --mtgjson PATH first\n"
    result = run("glossary", "trample", data_dir=seed_kb)
    assert result.exit_code == 1 and result.stderr == "kb: no glossary entry for 'trample'\n"


def test_interrupted_command_exits_130(seed_kb, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("kb.rules.lookup.find_rule", interrupted)
    result = run("rule", "702.92a", data_dir=seed_kb)
    assert result.exit_code == 130
    assert result.stderr == "kb: interrupted; nothing was changed (an unfinished build is never published)\n"


def test_python_m_kb_cli():
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "kb.cli", "--help"], capture_output=True, text=True, check=True).stdout
    assert "Bilingual (French/English) knowledge base" in out and "search" in out
