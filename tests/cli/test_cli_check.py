"""`kb check` on the command line (the checker itself is tested in test_checker*.py)."""
from __future__ import annotations

import json

from click.testing import CliRunner

from kb.cli.main import main


def invoke(*args, data_dir):
    return CliRunner().invoke(main, ["check", *args, "--data-dir", str(data_dir)], catch_exceptions=False)


def test_claim_true_with_kb_cards(seed_kb):
    result = invoke("Implorer la reine a un coût converti de mana de 6", "--json", data_dir=seed_kb)
    assert result.exit_code == 0, result.output
    v = json.loads(result.output)
    assert v["answer"] == "true"
    assert any("{2/B}{2/B}{2/B}" in step for step in v["explanation"])
    assert v["rules"]


def test_claim_false_and_text_output(seed_kb):
    result = invoke("Implorer la reine a un coût converti de mana de 3", data_dir=seed_kb)
    assert result.exit_code == 0
    assert result.output.startswith("FALSE: Implorer la reine a un coût converti de mana de 3")


def test_batch_file_exit_code(seed_kb, tmp_path):
    f = tmp_path / "claims.yaml"
    f.write_text("- claim: \"{W/U}{W/U} peut être payé avec {W}{U}\"\n  expected: true\n  note: hybride, note 4\n"
                 "- claim: \"{W/U}{W/U} peut être payé avec {B}{U}\"\n  expected: true\n  note: variante fausse\n",
                 encoding="utf-8")
    result = invoke("--file", str(f), data_dir=seed_kb)
    assert result.exit_code == 1
    assert "1 passed, 1 failed" in result.output
    assert "FAIL false" in result.output


def test_claim_or_file_required(seed_kb):
    result = invoke(data_dir=seed_kb)
    assert result.exit_code == 1 and "give one of a CLAIM, --file FILE or --document ID" in result.output


def test_english_name_of_a_seed_card_reads_the_french_record(seed_kb):
    """Beseech the Queen is the seed FAQ's Implorer la reine ({2/B}{2/B}{2/B}): black."""
    result = invoke("Beseech the Queen is black", "--json", data_dir=seed_kb)
    v = json.loads(result.output)
    assert v["answer"] == "true"
    assert any("Implorer la reine" in step and "{2/B}{2/B}{2/B}" in step for step in v["explanation"])


def test_without_a_knowledge_base_a_named_card_is_unknown(tmp_path):
    result = invoke("Implorer la reine a un coût converti de mana de 6", "--json", data_dir=tmp_path / "none")
    v = json.loads(result.output)
    assert v["answer"] == "unknown"
    assert "implorer la reine" in v["reason"].lower()


def test_a_document_is_checked_note_by_note(seed_kb):
    import json

    result = invoke("--document", "000_a77091c15e8840d5", "--json", data_dir=seed_kb)
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["document"] == "000_a77091c15e8840d5" and report["edition"] == "latest"
    assert len(report["units"]) == sum(report["counts"].values()) == 15      # 10 notes and 5 rules with a text
    assert {u["kind"] for u in report["units"]} == {"note", "rule"}


def test_an_unknown_document_is_refused_with_the_stored_ones(seed_kb):
    result = invoke("--document", "nope", data_dir=seed_kb)
    assert result.exit_code == 1 and "001_b5a1e1d9799bc96e" in result.output
