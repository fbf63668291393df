"""What a card's own text does (kb/checker/meaning_text.py -> text_effects.py): "~ deals N damage to
any target", "When ~ enters the battlefield, draw a card", read on the card data's rules text: true
on the face's own exact sentence (or another sentence saying it, kb/checker/text_does.py), false when no
face of the card speaks of it or its one sentence of damage says another amount, otherwise unknown.  Sources: the card data (Burn, half of Turn // Burn: « Burn deals 2 damage to any target. »;
Shock; Lightning Bolt: 3 damage; Wall of Omens and Elvish Visionary: « When … enters the battlefield,
draw a card. »; Grizzly Bears: no rules text)."""
from __future__ import annotations

import pytest

from kb.checker import check_claim


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer, step", [
    ("Burn deals 2 damage to any target.", "true", "rules text of Burn: « ~ deals 2 damage to any target. / fuse »"),
    ("Le Choc inflige 2 blessures à n'importe quelle cible", "true",
     "texte de règles de Shock : « ~ deals 2 damage to any target. »"),
    # another amount in the one sentence of damage: false (kb/checker/text_does.py)
    ("Lightning Bolt deals 2 damage to any target", "false", "the text says « deals 3 damage any target »: 3 damage, "
     "where the claim says 2 damage"),
    ("Grizzly Bears deals 2 damage to any target", "false", "rules text of Grizzly Bears: « none »"),
    ("Turn // Burn deals 2 damage to any target.", "unknown", "card Turn // Burn: mana cost {2}{U} // {1}{R}, type "
     "line « Instant // Instant »"),
    ("When Wall of Omens enters the battlefield, you draw a card", "true",
     "rules text of Wall of Omens: « defender / when ~ enters the battlefield, draw a card. »"),
    ("When Elvish Visionary enters, you draw a card", "true",
     "rules text of Elvish Visionary: « when ~ enters the battlefield, draw a card. »"),
    ("When Grizzly Bears enters the battlefield, you draw a card", "false", "rules text of Grizzly Bears: « none »"),
])
def test_what_the_text_does(full_conn, claim, answer, step):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert step in v.explanation
    assert v.reading is not None and v.reading["reader"] == "typed"
    assert v.reading["asserts"]["attribute"] in ("text_damage", "text_draw_on_enter")
