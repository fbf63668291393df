"""`kb glossary`: French terms through the French↔English term pairs, the
latest edition's « (Obsolete) » entry first, editions asked by a date, a
month or a year.  Definitions were read from the glossaries of the English
Comprehensive Rules files of the shared corpus (cr/en)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.cli.main import main

pytestmark = pytest.mark.corpus

OBSOLETE = ("Older versions of the rules stated that unspent mana caused a player to lose life; "
            "this was called “mana burn.” That rule no longer exists.")
MANA_BURN_2009 = ("When a phase ends, any unused mana remaining in a player's mana pool is lost. The player "
                  "loses 1 life for each mana lost this way. This is called \"mana burn.\" See rule 300.3.")


def run(*args, data_dir, code=0):
    result = CliRunner().invoke(main, ["glossary", *args, "--data-dir", str(data_dir)], catch_exceptions=False)
    assert result.exit_code == code, result.output
    return result


def glossary_json(*args, data_dir):
    return json.loads(run(*args, "--json", data_dir=data_dir).output)


def test_french_term_through_the_term_pairs(full_kb):
    g = glossary_json("piétinement", data_dir=full_kb)
    assert (g["term"], g["edition"], g["edition_used"]) == ("Trample", "2026-01-16", "2026-01-16")
    assert g["definition"].startswith("A keyword ability that modifies how a creature assigns combat damage.")
    assert g["term_pair"] == {"kind": "keyword_ability", "fr": "Piétinement", "en": "Trample"}
    out = run("PIETINEMENT", data_dir=full_kb).output.splitlines()
    assert out[0] == "Piétinement = Trample (French↔English term pair, keyword_ability)"
    assert out[1] == "Trample  (2026-01-16)"
    burn = glossary_json("brûlure de mana", data_dir=full_kb)     # hand-written search pair
    assert (burn["term"], burn["definition"]) == ("Mana Burn (Obsolete)", OBSOLETE)
    assert glossary_json("trample", data_dir=full_kb)["term_pair"] is None


def test_latest_obsolete_entry_wins(full_kb):
    g = glossary_json("mana burn", data_dir=full_kb)
    assert (g["term"], g["edition"], g["definition"]) == ("Mana Burn (Obsolete)", "2026-01-16", OBSOLETE)
    assert run("Mana Burn", data_dir=full_kb).output.splitlines()[0] == "Mana Burn (Obsolete)  (2026-01-16)"
    every = glossary_json("mana burn", "--all", data_dir=full_kb)     # each wording once, with its editions
    assert len(every) == 3 and (every[0]["term"], every[0]["edition"]) == ("Mana Burn (Obsolete)", "2026-01-16")
    assert (every[-1]["term"], every[-1]["edition"], every[-1]["edition_used"]) == ("Mana Burn", "2003-03-15",
                                                                                     "2003-03-15")
    assert sum(len(e["editions"]) for e in every) == 101
    assert [e["edition"] for e in every] == sorted((e["edition"] for e in every), reverse=True)


def test_edition_by_date_month_year(full_kb):
    g = glossary_json("mana burn", "--edition", "2009-05-01", data_dir=full_kb)
    assert (g["term"], g["definition"], g["edition_used"]) == ("Mana Burn", MANA_BURN_2009, "2009-05-01")
    g = glossary_json("mana burn", "--edition", "2009-06", data_dir=full_kb)     # in force on 2009-06-30
    assert (g["term"], g["edition"], g["edition_asked"], g["edition_used"]) == (
        "Mana Burn", "2009-05-01", "2009-06", "2009-05-01")
    g = glossary_json("mana burn", "--edition", "2009", data_dir=full_kb)        # in force on 2009-12-31
    assert (g["term"], g["edition_used"], g["definition"]) == (
        "Mana Burn (Obsolete)", "2009-10-01", OBSOLETE.replace("“", '"').replace("”", '"'))
    out = run("trample", "--edition", "2007", data_dir=full_kb).output.splitlines()
    assert out[:2] == ["edition in force on 2007-12-31 (asked: 2007): 2007-10-01", "Trample  (2007-10-01)"]


def test_one_line_errors(full_kb):
    err = run("trample", "--edition", "2001", data_dir=full_kb, code=1).stderr.splitlines()
    assert err == ["kb: no glossary entry in edition 2001: no edition in force on 2001-12-31 "
                   "(the earliest is 2003-03-15; kb editions lists them)"]
    err = run("trample", "--edition", "2009-02-30", data_dir=full_kb, code=1).stderr.splitlines()
    assert err == ["kb: no glossary entry in edition 2009-02-30: not a date: '2009-02-30' (no day 30 in 2009-02)"]
    err = run("zzzz", "--edition", "2008", data_dir=full_kb, code=1).stderr.splitlines()
    assert err == ["kb: no glossary entry for 'zzzz' in edition 2008-07-15 (in force on 2008-12-31)"]


def test_empty_term_is_an_error(seed_kb):
    from click.testing import CliRunner

    from kb.cli.main import main

    result = CliRunner().invoke(main, ["glossary", "  ", "--data-dir", str(seed_kb)])
    assert result.exit_code == 1
    assert result.output.strip() == "kb: empty term '  ': give a glossary term, e.g. kb glossary trample"
