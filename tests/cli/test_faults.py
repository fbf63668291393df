"""Faults of the query commands (issue 16, « Commands »): each one answered by
a one-line ``kb: …`` error with its cause and fix, a non-zero exit code and
no traceback.  Build and render faults: test_faults_build.py."""
from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli.common import terminal_safe
from kb.cli.main import main
from kb.store import db as store
from tests.conftest import LINKED, SEEDS

CLAIM = "Implorer la reine a un coût converti de mana de 6"


def run(*args, data_dir: Path):
    return CliRunner().invoke(main, [*args, "--data-dir", str(data_dir)])


def assert_one_line_error(result, *parts: str, exit_code: int = 1) -> str:
    """The command failed with ``exit_code``, no traceback, and one line
    ``kb: …`` on stderr holding every one of ``parts``."""
    assert result.exit_code == exit_code, (result.output, result.exception)
    assert isinstance(result.exception, SystemExit), result.exception  # not an uncaught exception
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("kb: "), result.stderr
    for part in parts:
        assert part in lines[0], lines[0]
    return lines[0]


@pytest.fixture
def kb_copy(seed_kb, tmp_path) -> Path:
    """A private copy of the seed knowledge base, free to damage."""
    copy = tmp_path / "kb"
    shutil.copytree(seed_kb, copy, symlinks=True)
    return copy


# ----------------------------------------------------------------- kb check --file

BAD_BATCHES = {
    "malformed": ('- claim: "a\n  - b: [\n', "not valid YAML"),
    "python_tag": ('- !!python/object/apply:os.system ["echo pwned"]\n', "!!python are refused"),
    "empty": ("", "no claim"),
    "no_claims_key": ("foo: 1\nbar: [1, 2]\n", "a mapping without a 'claims' list"),
    "expected_maybe": (f'claims:\n  - {{claim: "{CLAIM}", expected: maybe}}\n', "item 1: expected is 'maybe'"),
    "list_claim": ("- claim: [a, b]\n  expected: true\n", "item 1: the claim is a list"),
    "no_claim_item": ("- {expected: true}\n", "item 1 has no 'claim'"),
}


@pytest.mark.parametrize("name", sorted(BAD_BATCHES))
def test_check_file_rejects_a_bad_batch(seed_kb, tmp_path, name):
    text, message = BAD_BATCHES[name]
    f = tmp_path / f"{name}.yaml"
    f.write_text(text, encoding="utf-8")
    line = assert_one_line_error(run("check", "--file", str(f), data_dir=seed_kb), message)
    assert line.startswith(f"kb: {f}: ")  # the bad file is named with its path


def test_check_file_python_tag_is_never_run(seed_kb, tmp_path):
    marker = tmp_path / "pwned"
    f = tmp_path / "evil.yaml"
    f.write_text(f'- !!python/object/apply:os.system ["touch {marker}"]\n', encoding="utf-8")
    assert run("check", "--file", str(f), data_dir=seed_kb).exit_code == 1
    assert not marker.exists()


def test_check_file_malformed_yaml_gives_the_line(seed_kb, tmp_path):
    f = tmp_path / "claims.yaml"
    f.write_text(f'- claim: "{CLAIM}"\n  expected: true\n- claim: [unclosed\n', encoding="utf-8")
    assert_one_line_error(run("check", "--file", str(f), data_dir=seed_kb), "line ", "not valid YAML")


def test_check_file_good_batch_still_passes(seed_kb, tmp_path):
    f = tmp_path / "claims.yaml"
    f.write_text(f'claims:\n  - {{claim: "{CLAIM}", expected: TRUE}}\n', encoding="utf-8")
    result = run("check", "--file", str(f), data_dir=seed_kb)
    assert result.exit_code == 0 and "1 passed, 0 failed" in result.output


# ----------------------------------------------------------------- damaged knowledge base / index

def test_check_on_a_damaged_kb_is_not_unknown(kb_copy):
    conn = sqlite3.connect(store.current_dir(kb_copy) / store.DB_NAME)
    conn.execute("DROP TABLE card_records")
    conn.commit()
    conn.close()
    result = run("check", CLAIM, data_dir=kb_copy)
    assert "UNKNOWN" not in result.output and "internal error" not in result.output
    assert_one_line_error(result, "the knowledge base is damaged", "no such table: card_records", "kb build")


def _damage_index(index: Path, how: str) -> None:
    seg = next(index.glob("*.seg"))
    if how == "block_tag":
        seg.write_bytes(seg.read_bytes().replace(b"W3Bl", b"XXXX"))
    elif how == "missing_segment":
        seg.unlink()
    elif how == "truncated_segment":
        seg.write_bytes(seg.read_bytes()[:1000])
    elif how == "bad_toc":
        next(index.glob("_MAIN_*.toc")).write_bytes(b"garbage")
    elif how == "bad_expansions":
        (index / "expansions.json").write_text("{bad", encoding="utf-8")
    elif how == "no_index":
        shutil.rmtree(index)


@pytest.mark.parametrize("how", ["block_tag", "missing_segment", "truncated_segment", "bad_toc",
                                 "bad_expansions", "no_index"])
def test_damaged_index_gives_one_line(kb_copy, how):
    _damage_index(store.current_dir(kb_copy) / store.INDEX_NAME, how)
    line = assert_one_line_error(run("search", "persistance", data_dir=kb_copy),
                                 "the search index is damaged", "rebuild it with `kb build`")
    assert "Aborted" not in line
    assert "knowledge base is damaged" not in line


# ----------------------------------------------------------------- arguments

def test_term_empty_answers_at_once(seed_kb):
    for query in ("", "   "):
        result = run("term", query, data_dir=seed_kb)
        assert_one_line_error(result, "empty term", "kb term persistance")
        assert result.stdout == ""  # no pair listed


def test_diff_unknown_edition(seed_kb):
    assert_one_line_error(run("diff", "x", "y", data_dir=seed_kb), "unknown edition 'x'", "kb editions")
    assert_one_line_error(run("diff", "2008-05-01", "zzz", data_dir=seed_kb), "unknown edition 'zzz'")


# ----------------------------------------------------------------- control characters

def test_terminal_safe_escapes_controls_keeps_styles():
    import click

    styled = click.style("607.1", bold=True)
    assert terminal_safe(styled) == styled
    assert terminal_safe("a\x1b[2Jb") == "a\\x1b[2Jb"
    assert terminal_safe("\x1b]0;pwned\x07title") == "\\x1b]0;pwned\\x07title"
    assert terminal_safe("x\ry\x9bz\x00") == "x\\ry\\x9bz\\x00"
    assert terminal_safe("ligne\n\tretrait « é »") == "ligne\n\tretrait « é »"


@pytest.fixture(scope="module")
def escaped_kb(tmp_path_factory) -> Path:
    """A knowledge base of the rule-607 seed with terminal escapes in 607.1a."""
    from kb.build import build

    tmp = tmp_path_factory.mktemp("escapes")
    text = (SEEDS / f"{LINKED}.txt").read_text(encoding="utf-8")
    doc = tmp / f"{LINKED}.txt"
    doc.write_text(text.replace("Une capacité imprimée sur un objet à l'intérieur",
                                "Une capacité \x1b[2J\x1b]0;pwned\x07imprimée sur un objet à l'intérieur", 1),
                   encoding="utf-8")
    build(tmp / "kb", docs=[doc])
    return tmp / "kb"


def test_rule_output_escapes_terminal_sequences(escaped_kb):
    result = run("rule", "607.1a", data_dir=escaped_kb)
    assert result.exit_code == 0, result.output
    assert "\x1b[2J" not in result.output and "\x1b]0;" not in result.output and "\x07" not in result.output
    # click drops CSI sequences (ESC[2J) itself when stdout is not a terminal; the rest is escaped
    assert "\\x1b]0;pwned\\x07imprimée" in result.output


def test_json_output_is_not_filtered(escaped_kb):
    result = run("rule", "607.1a", "--json", data_dir=escaped_kb)
    assert result.exit_code == 0, result.output
    assert "\x1b[2J\x1b]0;pwned\x07imprimée" in json.loads(result.output)["text"]


def test_error_messages_escape_user_input(seed_kb):
    result = run("glossary", "x\x1b[2Jy", data_dir=seed_kb)
    assert result.exit_code == 1 and "\x1b" not in result.stderr and "x\\x1b[2Jy" in result.stderr


def test_rule_output_on_a_terminal_keeps_styles_escapes_the_rest(escaped_kb):
    result = CliRunner().invoke(main, ["rule", "607.1a", "--data-dir", str(escaped_kb)], color=True)
    assert result.exit_code == 0, result.output
    assert "\\x1b[2J\\x1b]0;pwned\\x07imprimée" in result.output
    assert "\x1b[1m607.1a" in result.output  # click.style kept
