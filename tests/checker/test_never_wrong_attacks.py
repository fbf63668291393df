"""Claims a tester wrote to make the checker answer wrong (2026-12-02), each answered wrongly then: now
unknown, or the answer the card data backs.

Sources: the card data's oracle texts (Earthquake: "each creature without flying and each player"; Hurricane:
"each creature with flying and each player"; Flame Slash: "target creature"; Manabarbs: "that player";
Phyrexian Obliterator: "that source's controller sacrifices that many permanents"; Dryad Arbor: Land
Creature — Forest Dryad; Gingerbrute: Artifact Creature — Food Golem; Ghostfire {2}{R}, colorless;
Transguild Courier {4}, all colours); CR 2026-01-16 115.4 (any target), 205.3 (subtypes of each card type)."""
from __future__ import annotations

import pytest

from kb.checker import check_claim

pytestmark = pytest.mark.corpus


@pytest.mark.parametrize("claim, answer", [
    ("Earthquake deals X damage to each creature", "unknown"),
    ("Earthquake deals X damage to each creature with flying", "false"),
    ("Hurricane deals X damage to each creature without flying", "false"),
    ("Flame Slash deals 4 damage to any target", "unknown"),
    ("Flame Slash deals 4 damage to each creature", "unknown"),
    ("Manabarbs deals 1 damage to each player whenever a player taps a land for mana", "unknown"),
    ("Phyrexian Obliterator makes you sacrifice permanents each time a source deals damage to it", "unknown"),
    ("Sulfuric Vortex deals 2 damage to you at the beginning of your upkeep", "unknown"),
    ("Dryad Arbor's creature types are Forest and Dryad", "unknown"),
    ("Gingerbrute's creature types are Food and Golem", "unknown"),
    ("Rancor's creature types are Aura", "unknown"),
    ("A card costing {2}{R} is red", "unknown"),
    ("A card costing {4} is colorless", "unknown"),
])
def test_an_attack_is_not_answered_wrong(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)


def test_a_cost_no_real_card_contradicts_is_read_by_the_rules(full_conn):
    v = check_claim("Une carte qui coûte {U/B} est à la fois bleue et noire.", cards=full_conn)
    assert v.answer == "true"
