"""The claim's first cut into words (kb/checker/words.py): a date is one word, written as the edition
resolver takes it."""
from __future__ import annotations

from hypothesis import given, strategies as st

from kb.checker.words import iso_date, words_of

_EN = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
       "November", "December")
_FR = ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
       "novembre", "décembre")


def _dates(text: str) -> list[str]:
    return [w.folded for w in words_of(text) if w.kind == "date"]


def test_dates_as_people_write_them():
    assert _dates("Under the 2012-05-01 rules") == ["2012-05-01"]
    assert _dates("In the Comprehensive Rules of May 1, 2012, soulbond …") == ["2012-05-01"]
    assert _dates("Selon les règles du 1er mai 2012") == ["2012-05-01"]
    assert _dates("D'après la décision du 22 septembre 2011") == ["2011-09-22"]
    assert _dates("Under the May 2008 rules") == ["2008-05"]
    assert _dates("the 2008 rules") == []             # a year alone stays a number (YEAR)
    assert _dates("you may draw 2 cards") == []       # "may" before no year is no month


@given(st.integers(1993, 2040), st.integers(1, 12), st.integers(1, 28), st.booleans())
def test_every_written_day_is_its_iso_date(year, month, day, french):
    written = f"{day}{'er' if french and day == 1 else ''} {_FR[month - 1]} {year}" if french else \
        f"{_EN[month - 1]} {day}, {year}"
    assert _dates(f"Selon les règles du {written}, …" if french else f"Under the rules of {written}, …") == \
        [f"{year}-{month:02d}-{day:02d}"]
    assert iso_date(f"{year}-{month:02d}-{day:02d}") == f"{year}-{month:02d}-{day:02d}"


def test_a_day_the_calendar_does_not_have_names_no_edition(seed_conn):
    from kb.checker import check_claim
    v = check_claim("Selon les règles du 31 juin 2012, l'association d'âmes est la règle 702.93.", cards=seed_conn)
    assert v.answer == "unknown"
    assert v.reason == "pas une édition : '2012-06-31' n'est pas un jour du calendrier"
