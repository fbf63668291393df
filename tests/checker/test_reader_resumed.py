"""A card named, then resumed by a pronoun: « L'Horreur enfantine, c'est une créature noire 2/2 »
(Childhood Horror: {3}{B}, black, 2/2, flying), "Sengir Vampire, it's a 4/4 Vampire with flying"; and
« c'est » starting the second clause of a claim reads as the card the first names."""
from __future__ import annotations

import pytest

from kb.checker.claims import check_claim

pytestmark = pytest.mark.corpus


@pytest.mark.parametrize("claim,answer", [
    ("L'Horreur enfantine, c'est bien une créature noire 2/2 avec le vol pour {3}{B} ?", "true"),
    ("L'Horreur enfantine, c'est une créature bleue.", "false"),
    ("Sengir Vampire, it's a 4/4 Vampire with flying.", "true"),
    ("Sengir Vampire, it has trample.", "false"),
    # Demoralize is an instant: the second clause is read as « Démoralisation est un rituel »
    ("Démoralisation est un éphémère, donc c'est un rituel.", "false"),
])
def test_a_pronoun_resumes_the_card_named_before_it(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, v.reason
