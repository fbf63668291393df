"""Dates written out in words (parser/dates.py), on lines of the documents:
the seed FAQ header, French rules texts and English CR editions."""
from __future__ import annotations

import pytest

from parser.dates import english_date, french_date, iso_date, written_date


def test_french_dates():
    assert french_date("Document modifié pour la dernière fois le 4 avril 2008") == "2008-04-04"
    assert french_date("Ces règles entrent en vigueur au 1er février 2010.") == "2010-02-01"
    assert french_date("19-20 avril 2008") == "2008-04-19"
    assert french_date("4 aout 2008") == "2008-08-04"
    assert french_date("pas de date") is None


def test_english_dates():
    assert english_date("These rules are effective as of January 16, 2026.") == "2026-01-16"
    assert english_date("These rules are current as of March 15, 2003.") == "2003-03-15"
    assert english_date("Ces règles entrent en vigueur au 1er février 2010.") is None


@pytest.mark.parametrize("line, expected", [
    ("These rules are current as of December 1, 2003.", "2003-12-01"),
    ("Ces règles entrent en vigueur au 1er février 2010.", "2010-02-01"),
    ("Magic: The Gathering Comprehensive Rules", None),
])
def test_written_date_reads_either_language(line, expected):
    assert written_date(line) == expected


def test_impossible_dates_are_none():
    assert iso_date(2026, 2, 30) is None
    assert french_date("31 février 2010") is None
    assert english_date("February 30, 2026") is None
