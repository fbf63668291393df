"""A date, a month or a year means the edition in force on that day (a
month: its last day; a year: its 31 December), read by one function
(kb.rules.versions.date_meant / edition_in_force) for `kb rule`,
`kb history`, `kb diff`, `kb glossary` and the checker; the output names
the edition used.  Editions and texts below were read from the English
Comprehensive Rules files of the shared corpus (cr/en)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.checker.editions import EditionError
from kb.checker.editions import resolve_edition as checker_edition
from kb.cli.main import main
from kb.rules import diff as edition_diff
from kb.rules import lineage as rule_lineage
from kb.rules.lookup import RuleNotFound, find_rule
from kb.rules.versions import EditionDateError, date_meant, edition_in_force

#: A few effective dates of the corpus (cr/en): 2007-10-01 then 2008-02-01,
#: 2008-05-01, 2008-07-15, 2009-02-01, 2009-05-01, 2009-07-11, 2009-10-01.
EDS = ["2003-03-15", "2007-10-01", "2008-02-01", "2008-05-01", "2008-07-15", "2009-02-01", "2009-05-01",
       "2009-07-11", "2009-10-01"]


@pytest.mark.parametrize("text, day", [("2007", "2007-12-31"), ("2009-02", "2009-02-28"),
                                       ("2008-02", "2008-02-29"), ("2008-05-01", "2008-05-01"),
                                       (" 2009-07 ", "2009-07-31")])
def test_date_meant(text, day):
    assert date_meant(text) == day


@pytest.mark.parametrize("text", ["2007-13", "2009-02-30", "x", "07", "2008-05-01_fr", ""])
def test_not_a_date(text):
    with pytest.raises(EditionDateError, match="not a date"):
        date_meant(text)


def test_edition_in_force_on_a_date_a_month_a_year():
    assert edition_in_force(EDS, "2007") == "2007-10-01"         # on 2007-12-31
    assert edition_in_force(EDS, "2009") == "2009-10-01"         # a year is its 31 December, not 1 January
    assert edition_in_force(EDS, "2008-05") == "2008-05-01"      # on 2008-05-31
    assert edition_in_force(EDS, "2009-07-10") == "2009-05-01"
    assert edition_in_force(EDS, "2009-07-11") == "2009-07-11"
    with pytest.raises(KeyError) as err:
        edition_in_force(EDS, "2002")
    assert err.value.args[0] == "no edition in force on 2002-12-31 (the earliest is 2003-03-15; kb editions lists them)"


def test_the_checker_reads_dates_the_same_way():
    for text in ("2007", "2009-02", "2008-05-01"):
        assert checker_edition(text).date == date_meant(text)
    assert checker_edition("2009").mana_burn is False              # 2009-12-31: after the M10 update
    assert checker_edition("2009-05").mana_burn is True
    assert checker_edition("2007").label == "2007"
    for bad in ("2009-02-30", "last tuesday"):
        with pytest.raises(EditionError, match="not an edition"):
            checker_edition(bad)


def run(*args, data_dir, code=0):
    result = CliRunner().invoke(main, [*args, "--data-dir", str(data_dir)], catch_exceptions=False)
    assert result.exit_code == code, result.output
    return result


def test_seed_kb_has_no_edition_to_be_in_force(seed_kb):
    err = run("rule", "607.1", "--edition", "2008", data_dir=seed_kb, code=1).stderr
    assert err.strip() == ("kb: rule 607.1 is not in the knowledge base for edition 2008: "
                           "no Comprehensive Rules edition in the knowledge base (kb build --cr PATH...)")


# ----------------------------------------------------------------- on the full corpus

@pytest.fixture(scope="module")
def kb_conn(full_kb):
    from kb.store import db as store

    conn = store.connect(full_kb)          # rows read by name, as the commands read them
    yield conn
    conn.close()


@pytest.mark.corpus
def test_rule_in_a_year(kb_conn):
    answer = find_rule(kb_conn, "502.9a", edition="2007")
    assert (answer.rule.edition, answer.edition_used, answer.edition_asked) == ("2007-10-01", "2007-10-01", "2007")
    assert answer.rule.text.startswith("Trample is a static ability that modifies the rules for assigning")
    assert find_rule(kb_conn, "502.9a", edition="2009-06").edition_used == "2009-05-01"
    with pytest.raises(RuleNotFound, match="the earliest is 2003-03-15"):
        find_rule(kb_conn, "502.9a", edition="1999")
    with pytest.raises(RuleNotFound, match=r"for edition 2026-01-16 \(in force on 2026-12-31\)"):
        find_rule(kb_conn, "502.9a", edition="2026")      # trample is 702.19 today


@pytest.mark.corpus
def test_lineage_and_diff_in_a_year(full_kb_conn):
    assert rule_lineage.lineage(full_kb_conn, "502.9a", "2007").edition == "2007-10-01"
    d = edition_diff.diff_editions(full_kb_conn, "2008", "2009")
    assert (d.a, d.b) == ("2008-07-15", "2009-10-01")


@pytest.mark.corpus
def test_cli_names_the_edition_used(full_kb):
    out = run("rule", "502.9a", "--edition", "2007", data_dir=full_kb).output
    assert out.splitlines()[0] == "edition in force on 2007-12-31 (asked: 2007): 2007-10-01"
    r = json.loads(run("rule", "502.9a", "--edition", "2007", "--json", data_dir=full_kb).output)
    assert (r["edition"], r["edition_used"], r["edition_asked"]) == ("2007-10-01", "2007-10-01", "2007")
    h = json.loads(run("history", "502.9a", "--edition", "2007", "--json", data_dir=full_kb).output)
    assert (h["edition"], h["edition_used"], h["edition_asked"]) == ("2007-10-01", "2007-10-01", "2007")
    assert run("history", "502.9a", "--edition", "2007-11", data_dir=full_kb).output.startswith(
        "edition in force on 2007-11-30 (asked: 2007-11): 2007-10-01\n")
    d = json.loads(run("diff", "2008", "2009", "--json", data_dir=full_kb).output)
    assert (d["a"], d["b"], d["editions_used"], d["editions_asked"]) == (
        "2008-07-15", "2009-10-01", ["2008-07-15", "2009-10-01"], ["2008", "2009"])
    err = run("rule", "502.9a", "--edition", "2002-06", data_dir=full_kb, code=1).stderr.splitlines()
    assert err == ["kb: rule 502.9a is not in the knowledge base for edition 2002-06: no edition in force on "
                   "2002-06-30 (the earliest is 2003-03-15; kb editions lists them)"]
    err = run("diff", "2001", "2009", data_dir=full_kb, code=1).stderr.splitlines()
    assert err == ["kb: no edition in force on 2001-12-31 (the earliest is 2003-03-15; kb editions lists them)"]
