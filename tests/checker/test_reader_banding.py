"""Who may be in a band (kb/checker/meaning_banding.py -> situation_banding.py), played with
kb/checker/banding.can_form_band.  Sources: seeds/004_… 502.10b (CR 2026-01-16 702.22c): any number of
creatures with banding plus up to one creature without it."""
from __future__ import annotations

import pytest

from kb.checker import check_claim


@pytest.mark.parametrize("claim, answer, value", [
    ("A band can include any number of creatures with banding plus at most one creature without it.", "true",
     {"with": None, "without": 1}),
    ("Un groupe peut contenir jusqu'à deux créatures sans le regroupement.", "false", {"without": 2}),
    ("A band can include at most one creature without banding", "true", {"without": 1}),
    ("A band can include any number of creatures with banding plus up to 2 creatures without it.", "false",
     {"with": None, "without": 2}),
])
def test_band_limits(seed_conn, claim, answer, value):
    v = check_claim(claim, cards=seed_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert v.reading["asserts"]["attribute"] == "band_can_include" and v.reading["asserts"]["value"] == value


def test_the_limit_is_played_with_one_more(seed_conn):
    v = check_claim("A band can include at most one creature without banding", cards=seed_conn)
    assert "a band of 1 creature(s) with banding and 1 without is declared" in v.explanation
    assert "a band of 1 creature(s) with banding and 2 without is declared" in v.explanation
