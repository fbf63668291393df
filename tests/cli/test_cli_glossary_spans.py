"""`kb glossary --all`: each term once, each wording once with the editions
it spans (typography aside), on the full knowledge base (102 English
editions of the shared corpus)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.cli.main import main

pytestmark = pytest.mark.corpus


def run(*args, data_dir):
    result = CliRunner().invoke(main, ["glossary", *args, "--data-dir", str(data_dir)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_trample_once_with_its_wordings(full_kb):
    every = json.loads(run("trample", "--all", "--json", data_dir=full_kb))
    # the rule number of the definition moved 502.9 -> 702.17 -> 702.18 -> 702.19
    assert [(e["references"], e["span"]) for e in every] == [
        (["702.19"], {"first": "2013-07-13", "last": "2026-01-16", "editions": 60}),
        (["702.18"], {"first": "2011-06-17", "last": "2013-05-01", "editions": 9}),
        (["702.17"], {"first": "2009-07-11", "last": "2011-05-01", "editions": 10}),
        (["502.9"], {"first": "2007-10-01", "last": "2009-05-01", "editions": 6}),
        (["502.9"], {"first": "2003-03-15", "last": "2007-09-07", "editions": 16}),
    ]
    # the published fields stay: each wording is its latest entry, plus its editions
    assert every[0]["edition"] == "2026-01-16" and every[0]["editions"][:2] == ["2026-01-16", "2025-11-14"]
    assert every[0]["definition"] == ("A keyword ability that modifies how a creature assigns combat damage. "
                                      "See rule 702.19, “Trample.”")
    assert "player or planeswalker it's attacking" in every[3]["definition"]
    assert "to the defending player" in every[4]["definition"]
    assert all(set(e) >= {"term", "definition", "edition", "lang", "source", "references",
                          "edition_asked", "edition_used", "term_pair"} for e in every)
    text = run("trample", "--all", data_dir=full_kb).splitlines()
    assert text[0] == "Trample  (2003-03-15 – 2026-01-16, 101 editions, 5 wordings)"
    assert sum(line == "Trample" or line.startswith("Trample  ") for line in text) == 1
    assert text[1] == "  2013-07-13 – 2026-01-16, 60 editions:"


def test_mana_burn_two_terms_each_once(full_kb):
    text = run("mana burn", "--all", data_dir=full_kb).splitlines()
    heads = [line for line in text if not line.startswith(" ")]
    assert heads == ["Mana Burn (Obsolete)  (2009-07-11 – 2026-01-16, 79 editions)",
                     "Mana Burn  (2003-03-15 – 2009-05-01, 22 editions, 2 wordings)"]
    assert "  2003-03-15:" in text       # the first edition's entry had no « See rule 300.3. »


def test_one_term_however_its_quotes_are_spelled(full_kb):
    """« Controlling Another Player's Turn » is spelled with a straight quote, a curly one and the ``?`` of
    a lost quote (2008-05-01) in different editions: one term, its 20 editions in two wordings."""
    every = json.loads(run("controlling another", "--all", "--json", data_dir=full_kb))
    assert {e["term"].replace("’", "'") for e in every} == {"Controlling Another Player's Turn"}
    assert sum(e["span"]["editions"] for e in every) == 20 and len(every) == 2
    assert run("controlling another", "--all", data_dir=full_kb).splitlines()[0].startswith(
        "Controlling Another Player's Turn  (2003-12-01 – 2009-05-01, 20 editions, 2 wordings)")
