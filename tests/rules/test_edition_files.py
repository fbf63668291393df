"""An edition named by its file is that file's edition (issue 23): 17 files of the corpus carry
a header date other than their name (``2020-01-22.txt`` is « Effective as of January 24,
2020 »; ``2006-06-01.txt`` holds the rules of 2004-06-01), read from cr/en."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.cli.main import main
from kb.rules import diff as edition_diff
from kb.rules import lineage as rule_lineage
from kb.rules.lookup import edition_note, edition_summaries
from kb.rules.versions import edition_named


def run(*args, data_dir):
    return CliRunner().invoke(main, [*args, "--data-dir", str(data_dir)])


def test_note_names_the_file():
    assert edition_note("2020-01-22", "2020-01-24") == "edition of the file 2020-01-22.txt: 2020-01-24"
    assert edition_note("2020-02", "2020-01-24") == "edition in force on 2020-02-29 (asked: 2020-02): 2020-01-24"


@pytest.mark.corpus
def test_file_date_names_its_edition(full_kb_conn):
    assert edition_named(full_kb_conn, "2020-01-22") == "2020-01-24"
    assert edition_named(full_kb_conn, "2006-06-01") == "2004-06-01"
    assert edition_named(full_kb_conn, "2020-01-24") is None        # a file named by its own date
    assert edition_named(full_kb_conn, "2020-02") is None           # a month is a day in force
    # before: the edition in force on 2020-01-22, 2019-08-23
    assert rule_lineage.lineage(full_kb_conn, "613.3d", "2020-01-22").edition == "2020-01-24"
    d = edition_diff.diff_editions(full_kb_conn, "2020-01-22", "2020-04")
    assert (d.a, d.b) == ("2020-01-24", "2020-04-17")
    # a date that is no file's name still means the edition in force that day
    assert rule_lineage.lineage(full_kb_conn, "613.3d", "2020-01-23").edition == "2019-08-23"


@pytest.mark.corpus
def test_editions_show_both_dates(full_kb):
    from kb.store import db as store

    conn = store.connect(full_kb)
    rows = {r["source"]: r for r in edition_summaries(conn) if r["lang"] == "en"}
    conn.close()
    assert (rows["2020-01-22"]["date"], rows["2020-01-22"]["file_date"]) == ("2020-01-24", "2020-01-22")
    assert sum(1 for r in rows.values() if r["file_date"] != r["date"]) == 17
    out = run("editions", data_dir=full_kb).output
    line = next(x for x in out.splitlines() if x.startswith("2020-01-24"))
    assert line.split()[:2] == ["2020-01-24", "2020-01-22*"]
    assert "* 17 files are named by another date" in out
    r = json.loads(run("rule", "613.3d", "--edition", "2020-01-22", "--json", data_dir=full_kb).output)
    assert r["edition_used"] == "2020-01-24"
    assert run("history", "613.3d", "--edition", "2020-01-22", data_dir=full_kb).output.startswith(
        "edition of the file 2020-01-22.txt: 2020-01-24\n")
