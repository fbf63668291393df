"""What a card's own rules text says it does, read for the claim reader's queries
(:mod:`kb.checker.card_queries`): entering tapped, and what it can't do (block, attack, be
blocked, be countered).  Only the face's own sentences count ("~ can't block."); any other
mention of the action (a condition, a grant to others, an evasion keyword) leaves the answer
unknown, with its reason.
"""
from __future__ import annotations

import re

from kb.checker.verdict import Trace, Unknown
from parser.textkeys import fold


def own_lines(d) -> list[str]:
    """The face's rules text, its name written ``~``, reminder text left out."""
    names = [n for n in (d.face.name, d.card.name if d.card is not None else None) if n]
    text = re.sub(r"\([^()]*\)", "", d.face.text or "")
    for n in sorted(names, key=len, reverse=True):
        text = text.replace(n, "~")
    return [fold(line).strip() for line in text.splitlines() if line.strip()]


def enters_tapped(d, trace: Trace) -> bool:
    """Whether the face says it enters tapped, always ("~ enters the battlefield tapped.")."""
    lines = own_lines(d)
    said = [line for line in lines if re.search(r"(~|this \w+) enters( the battlefield)? tapped", line)]
    trace.step("rules text of {label}: « {text} »", label=d.label, text=" / ".join(lines) or trace.tr("none"))
    if any(re.search(r"tapped(\.| and)", line) and "unless" not in line and "if " not in line for line in said):
        return True
    if said or any("tapped" in line for line in lines):
        raise Unknown("{label} enters tapped only in some cases (its text says when)", label=d.label)
    return False


#: What a face's own text says when it cannot do an action ("~ can't block").
_CANT = {"block": r"(~|this \w+) can't block\.", "attack": r"(~|this \w+) can't attack\.",
         "be_blocked": r"(~|this \w+) can't be blocked\.", "be_countered": r"(~|this \w+) can't be countered\."}
_MENTION = {"block": "block", "attack": "attack", "be_blocked": "blocked", "be_countered": "counter"}


def can(d, action: str, trace: Trace) -> bool:
    """« X ne peut pas bloquer », "X can't be countered": read on the face's own text; any other
    mention of the action (a condition, a grant) leaves it unknown."""
    lines = own_lines(d)
    trace.step("rules text of {label}: « {text} »", label=d.label, text=" / ".join(lines) or trace.tr("none"))
    keywords = {fold(k) for k in d.face.keywords}
    if any(re.fullmatch(_CANT[action], line) for line in lines):
        return False
    if action == "attack" and "defender" in keywords:
        trace.step("{label} has {keyword}: « {printed} »", label=d.label, keyword=trace.keyword("defender"),
                   printed="Defender")
        return False
    if any(_MENTION[action] in line for line in lines):
        raise Unknown("{label}'s text speaks of it in a way the model does not read", label=d.label)
    if action == "be_blocked" and keywords:
        raise Unknown("{label} has abilities that may make it hard to block: the model does not decide "
                      "unblockability from them", label=d.label)
    if "Creature" not in d.face.types and action in ("block", "attack", "be_blocked"):
        raise Unknown("{label} is not a creature card: it attacks or blocks only if an effect makes it one",
                      label=d.label)
    return True


def can_be_commander(d, trace: Trace) -> bool:
    """« X peut être votre commandant »: a legendary creature can (903.3), and so can a card whose own
    text says so ("~ can be your commander."); any other card can't.  A back face or a half is
    unknown (the card as a whole is what is chosen)."""
    f = d.face
    if d.card is not None and getattr(d.card, "faces", None) and f is not d.card.faces[0]:
        raise Unknown("a commander is a whole card, not {label} alone", label=d.label)
    trace.step("type line of {label}: « {types} »", label=d.label, types=f.type_line)
    if "Legendary" in f.supertypes and "Creature" in f.types:
        return True
    lines = own_lines(d)
    if any(re.fullmatch(r"~ can be your commander\.", line) for line in lines):
        trace.step("rules text of {label}: « {text} »", label=d.label, text=" / ".join(lines))
        return True
    if any("commander" in line for line in lines):
        raise Unknown("{label}'s text speaks of commanders in a way the model does not read", label=d.label)
    return False


def has_ability_cost(d, cost, trace: Trace) -> bool:
    """« X a une capacité de loyauté +1 »: one line of the face's text is an ability of that loyalty cost
    (« +1: … »).  A planeswalker's loyalty abilities are all in its text, so a planeswalker without such a line
    has none; another card is unknown (an effect may give it one).
    "X's ability costs {W}" (``cost`` a dict: the mana, and whether the claim says *the* ability): one line is
    an activated ability with that mana in its cost (it may also tap or sacrifice); false when the text's
    activated abilities with mana all cost other mana, and there is one of them or the claim says "an"."""
    from kb.checker.text_does import _other_faces, ability_lines, activated_lines

    definite = None
    if isinstance(cost, dict):
        cost, definite = cost["cost"], cost["definite"]
    lines = ability_lines(d.face, cost)
    trace.step("rules text of {label}: « {text} »", label=d.label, text=" / ".join((d.face.text or "").splitlines()))
    if lines:
        return True
    if "Planeswalker" in d.face.types:
        return False
    activated = activated_lines(d.face) if definite is not None and not _other_faces(d) else []
    # mana said elsewhere in the text (« unless you pay {1}{U} », "Echo {2}{R}") may be the cost the claim means
    elsewhere = [line for line in (d.face.text or "").splitlines()
                 if line not in activated and re.search(r"\{(?![TQ]\})[^}]+\}", re.sub(r"\([^()]*\)", "", line))]
    if activated and not elsewhere and (len(activated) == 1 or not definite):
        trace.step("activated abilities of {label}: « {text} »", label=d.label, text=" / ".join(activated))
        return False
    if definite is not None:
        raise Unknown("{label}'s text has no activated ability whose cost has the mana {cost}, and the model does "
                      "not decide which of its other abilities the claim means", label=d.label, cost=cost)
    raise Unknown("{label} is not a planeswalker: the model does not decide which loyalty abilities it may have",
                  label=d.label)
