"""`kb warnings`: the build's typed, located warnings (references and parse problems)."""
from __future__ import annotations

import json

from click.testing import CliRunner

from kb.cli.main import main
from tests.conftest import LINKED


def invoke(*args, data_dir):
    return CliRunner().invoke(main, ["warnings", *args, "--data-dir", str(data_dir)], catch_exceptions=False)


def test_the_stray_token_of_seed_002_is_listed_with_its_place(seed_kb):
    result = invoke(data_dir=seed_kb)
    assert result.exit_code == 0
    assert f"{LINKED}.txt:49:1: parse.stray_token: stray « 2e » before the text of rule 607.2h" in result.output
    assert result.output.rstrip().endswith("1 warning")


def test_type_filter_and_json(seed_kb):
    found = json.loads(invoke("--type", "parse.stray_token", "--json", data_dir=seed_kb).output)
    assert found["count"] == 1
    w = found["warnings"][0]
    assert (w["type"], w["document"], w["line"], w["col"]) == ("parse.stray_token", LINKED, 49, 1)
    assert w["text"].startswith("2e Si un objet a une capacité imprimée")
    assert json.loads(invoke("--type", "ref.missing", "--json", data_dir=seed_kb).output)["count"] == 0
