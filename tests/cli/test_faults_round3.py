"""Faults, round 3 (issue 26), of the commands: one-line errors for a
10,000-deep claims file and a wrong-shaped ``expansions.json``, and every
``--json`` error as ``{"error": …}`` on stdout with the non-zero exit."""
from __future__ import annotations

import json

import pytest

from kb.store import db as store
from tests.cli.test_faults import assert_one_line_error, kb_copy, run  # noqa: F401  (fixture)


def test_a_10000_deep_claims_file_is_a_one_line_error(seed_kb, tmp_path):
    claims = tmp_path / "deep.yaml"
    claims.write_text("[" * 10_000 + "]" * 10_000, encoding="utf-8")
    assert_one_line_error(run("check", "--file", str(claims), data_dir=seed_kb),
                          "nested too deeply", "give it as a flat list")


@pytest.mark.parametrize("table", ["[1, 2, 3]", '{"pairs": [[1, 2]], "fr": {}, "en": {}}',
                                   '{"pairs": [], "fr": {"a": [7]}, "en": {}}'])
def test_an_expansions_table_of_the_wrong_shape_is_a_damaged_index(kb_copy, table):  # noqa: F811
    (store.current_dir(kb_copy) / store.INDEX_NAME / "expansions.json").write_text(table, encoding="utf-8")
    line = assert_one_line_error(run("search", "persistance", data_dir=kb_copy),
                                 "the search index is damaged", "expansions.json", "rebuild it with `kb build`")
    assert "Traceback" not in line


@pytest.mark.parametrize("args, exit_code, message", [
    (["rule", "999.9z"], 1, "rule 999.9z is not in the knowledge base"),
    (["card", "Zzzyx Nonesuch"], 1, "Zzzyx Nonesuch"),
    (["diff", "x", "y"], 1, "unknown edition 'x'"),
    (["search", "persistance", "--limit", "x"], 2, "'x' is not a valid integer"),
])
def test_json_errors_are_json_on_stdout(seed_kb, args, exit_code, message):
    result = run(*args, "--json", data_dir=seed_kb)
    assert result.exit_code == exit_code, result.output
    answer = json.loads(result.stdout)
    assert message in answer["error"] and answer["exit_code"] == exit_code
    assert result.stderr.strip()  # the human line is still on stderr


def test_no_json_error_without_json(seed_kb):
    result = run("rule", "999.9z", data_dir=seed_kb)
    assert result.exit_code == 1 and result.stdout == ""


@pytest.mark.parametrize("edition, day", [("1999", "1999-12-31"), ("0000", "0000-12-31")])
def test_check_before_the_first_edition_is_an_error(seed_kb, edition, day):
    claim = "Implorer la reine a un coût converti de mana de 6"
    line = assert_one_line_error(run("check", claim, "--edition", edition, data_dir=seed_kb),
                                 "no edition in force before 2003-03-15", f"asked: {day}")
    assert "TRUE" not in line
    from kb.checker.claims import check_claim

    verdict = check_claim(claim, edition=edition)
    assert verdict.answer == "unknown" and "no edition in force before 2003-03-15" in verdict.reason
    assert run("check", claim, "--edition", "2008", data_dir=seed_kb).stdout.startswith("TRUE")
