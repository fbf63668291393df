"""A FAQ card record names a card's keyword abilities without their parameters (seed document 001: the
Murderous Redcap record « Bonnet-rouge meurtrier », persistance): a parameter is neither proved nor
disproved by it."""
from __future__ import annotations

from kb.checker.claims import check_claim


def test_a_record_keyword_is_had_and_its_parameter_is_unknown(seed_conn):
    assert check_claim("Le Bonnet-rouge meurtrier a la persistance.", cards=seed_conn).answer == "true"
    v = check_claim("Le Bonnet-rouge meurtrier a la persistance 2.", cards=seed_conn)
    assert v.answer == "unknown" and "paramètre" in v.reason
