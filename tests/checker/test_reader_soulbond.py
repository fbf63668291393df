"""Soulbond situations (kb/checker/meaning_soulbond.py), played with kb/checker/soulbond.py: a paired
creature and its partner, what happens to the partner, whether the pair holds.  Sources: seeds/000_…
702.92e (CR 2026-01-16 702.95e): the pair ends when either leaves the battlefield or another player
gains control of either."""
from __future__ import annotations

import pytest

from kb.checker import check_claim


def _typed(v):
    assert v.reading is not None and v.reading["reader"] == "typed", v.reason
    return v.reading


def test_control_change_unpairs(seed_conn):
    v = check_claim("A paired creature becomes unpaired as soon as another player gains control of its partner.",
                    cards=seed_conn)
    assert v.answer == "true"
    reading = _typed(v)
    first, partner = reading["setup"]["entities"]
    assert (first["paired_with"], partner["paired_with"]) == ("e2", "e1")
    assert reading["events"] == [{"kind": "gain_control", "subject": "e2"}]
    assert (reading["asserts"]["attribute"], reading["asserts"]["polarity"]) == ("paired", False)
    assert "one of the pair changes controller: both become unpaired; bonuses granted by the pairing end at once" \
        in v.explanation


def test_a_pair_does_not_survive_its_partner_leaving_fr(seed_conn):
    v = check_claim("Une créature associée le reste même si celle à laquelle elle est associée quitte le champ de "
                    "bataille.", cards=seed_conn)
    assert v.answer == "false"
    reading = _typed(v)
    assert reading["even_if"] is True and reading["only_if"] == []
    assert reading["events"] == [{"kind": "leaves_battlefield", "subject": "e2"}]
    assert "résultat : une créature associée est dissociée" in v.explanation


@pytest.mark.parametrize("claim, answer", [
    ("A paired creature stays paired when its partner leaves the battlefield", "false"),
    ("A paired creature becomes unpaired when its partner leaves the battlefield", "true"),
    ("Si un adversaire acquiert le contrôle de sa partenaire, une créature associée devient dissociée", "unknown"),
])
def test_pairs_and_their_partners(seed_conn, claim, answer):
    assert check_claim(claim, cards=seed_conn).answer == answer
