"""`kb search` command line: paging, notation as an argument, scope options, notices."""
from __future__ import annotations

import json

from click.testing import CliRunner

from kb.cli.main import main


def run(seed_kb, *args):
    return CliRunner().invoke(main, ["search", *args, "--data-dir", str(seed_kb)])


def test_notation_is_a_query_not_an_option(seed_kb):
    result = run(seed_kb, "-1/-1", "--kind", "section")
    assert result.exit_code == 0, result.stdout
    assert "theme-marqueurs-1-1" in result.stdout.splitlines()[0]


def test_pages_follow_each_other(seed_kb):
    one = json.loads(run(seed_kb, "marqueurs", "--limit", "3", "--json").stdout)
    two = json.loads(run(seed_kb, "marqueurs", "--limit", "3", "--page", "2", "--json").stdout)
    six = json.loads(run(seed_kb, "marqueurs", "--limit", "6", "--json").stdout)
    assert [r["id"] for r in one + two] == [r["id"] for r in six]
    text = run(seed_kb, "marqueurs", "--limit", "3").stdout
    assert "next: --page 2" in text


def test_exact_hits_are_labelled(seed_kb):
    first = run(seed_kb, "502.10h").stdout.splitlines()[0]
    assert "502.10h" in first and first.rstrip().endswith("exact")


def test_malformed_query_says_so_on_stderr(seed_kb):
    result = run(seed_kb, "(piétinement")
    assert result.exit_code == 0
    assert "unbalanced parenthesis; searched the words literally" in result.stderr
    assert "Amphybane" in result.output  # « piétinement » is in its card text


def test_edition_and_all_editions_options(seed_kb):
    rows = json.loads(run(seed_kb, "persistance", "--edition", "2008-04-04", "--json").stdout)
    assert rows and all("2008-04-04" in r["editions"] for r in rows)
    rows = json.loads(run(seed_kb, "persistance", "--all-editions", "--json", "--kind", "rule").stdout)
    assert rows[0]["id"] == "502.79" and rows[0]["editions"] == ["2008-04-04"]


def test_empty_query_is_a_one_line_error(seed_kb):
    from click.testing import CliRunner

    from kb.cli.main import main

    result = CliRunner().invoke(main, ["search", "  ", "--data-dir", str(seed_kb)])
    assert result.exit_code == 1
    assert result.output.strip() == ("kb: empty query '  ': give words, a rule number or a card name, "
                                     "e.g. kb search persistance")


def test_a_bad_filter_is_said_and_its_words_not_respelled(seed_kb):
    from click.testing import CliRunner

    from kb.cli.main import main

    result = CliRunner().invoke(main, ["search", "lang:xx persistance", "--data-dir", str(seed_kb)])
    assert result.exit_code == 0
    assert "lang:xx: expected fr or en; searched the words literally" in result.output
    assert "« land »" not in result.output
