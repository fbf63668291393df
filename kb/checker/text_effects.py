"""What a card's own text does, for the simplest families: it deals N damage to a target, or you draw
a card when it enters.  Read on the face's rules text (:func:`kb.checker.text_queries.own_lines`: its
name written ``~``, reminder text left out): true only when one of its own sentences says exactly that
(« ~ deals 2 damage to any target. »), false only when no sentence of it speaks of damage (of drawing)
at all, unknown otherwise (another amount, a condition, a choice, a sentence the model does not read).
"""
from __future__ import annotations

import re

from kb.checker.text_queries import own_lines
from kb.checker.verdict import Trace, Unknown

#: The target words of the card's text for each TARGET value of the claim words.
_TARGETS = {"any": "any target", "creature": "target creature", "player": "target player"}


def _lines(d, trace: Trace) -> list[str]:
    lines = own_lines(d)
    trace.step("rules text of {label}: « {text} »", label=d.label, text=" / ".join(lines) or trace.tr("none"))
    return lines


def _other_faces_speak_of(d, word: str) -> bool:
    """Whether another face of the card (a split card's other half, a back face) speaks of ``word``."""
    faces = getattr(d.card, "faces", None) or ()
    return any(word in (f.text or "").lower() for f in faces if f is not d.face and f.name != d.face.name)


def deals_damage(d, value: dict, trace: Trace) -> bool:
    """"~ deals N damage to any target." as one of the face's own sentences."""
    lines = _lines(d, trace)
    target = _TARGETS.get(value["target"])
    said = rf"~ deals {value['amount']} damage to {target}\."
    if target is not None and any(re.fullmatch(said, line) for line in lines):
        return True
    if target is not None and d.face.text:
        # another sentence of damage (an activated ability, a trigger): compared as any effect is
        # (kb/checker/text_does.py), on the English oracle text
        from kb.checker.text_does import does

        try:
            return does(d, {"effect": f"deals {value['amount']} damage to {target}", "lang": "en"}, trace)
        except Unknown:
            pass
    if any("damage" in line for line in lines) or _other_faces_speak_of(d, "damage"):
        raise Unknown("{label}'s text speaks of damage in a way the claim does not say exactly", label=d.label)
    return False


def draws_on_enter(d, trace: Trace) -> bool:
    """"When ~ enters (the battlefield), draw a card." as one of the face's own sentences."""
    lines = _lines(d, trace)
    said = r"when (~|this creature) enters( the battlefield)?, (you )?draw a card\."
    if any(re.fullmatch(said, line) for line in lines):
        return True
    if any("draw" in line for line in lines) or _other_faces_speak_of(d, "draw"):
        raise Unknown("{label}'s text speaks of drawing in a way the claim does not say exactly", label=d.label)
    return False
