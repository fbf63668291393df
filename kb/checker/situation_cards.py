"""A card the claim names, put onto the engine's battlefield as it is printed.

« Le Bonnet-rouge meurtrier meurt avec un marqueur -1/-1 », "If Kitchen Finks dies
with a -1/-1 counter on it, it doesn't return": the object is the card, its power,
toughness, card types and keyword abilities from the card data
(:mod:`kb.checker.designation`).  The engine plays keyword abilities only, so
each other line of the card's rules text is sorted (:func:`card_instance`):

* an activated ability (« cost: effect ») does nothing unless it is activated,
  and nothing the claim says activates it: left aside, said in the explanation;
* a triggered ability that triggers when the card enters (« When ~ enters … »)
  does nothing until the card enters again; an outcome read after it returned
  could depend on it, so only whether it died or returned is then answered
  (:func:`refuse_after_return`);
* any other ability (a static ability, another trigger, a spell's text) could
  change what happens: the claim is outside the model.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional

from kb.checker.meaning import Entity
from kb.checker.keyword_queries import printed_keywords
from kb.checker.text_queries import own_lines
from kb.checker.verdict import OutsideModel, Trace, Unknown
from parser.textkeys import fold

#: The outcomes an ability triggered by the card's return cannot change (they were decided before it).
BEFORE_RETURN = ("dies", "returns", "returns_first", "stack_first")

_ENTERS = re.compile(r"^(when(ever)? (~|this creature) enters( the battlefield)?(,| or )"
                     r"|(quand|lorsque|a chaque fois que) (le |la |les |l')?~ (arrive|arrivent) "
                     r"(en jeu|sur le champ de bataille),)")
_ACTIVATED = re.compile(r"^[^\"“:]+: ")


@dataclass
class CardInstance:
    """What the engine plays of a named card: its P/T, card types and keyword abilities, and the
    abilities it leaves aside (``activated``) or that trigger when it enters (``on_enter``)."""

    name: str
    pt: Optional[tuple[int, int]]
    types: set
    keywords: set
    activated: list = field(default_factory=list)
    on_enter: list = field(default_factory=list)


def _number(value) -> Optional[int]:
    try:
        return int(str(value))
    except (TypeError, ValueError):
        return None


def _keyword_line(line: str, keywords: set[str]) -> bool:
    """A line that is only keyword abilities the card data lists, in English or in French
    (« flying, persist », "bushido 1", « persistance » in a FAQ card record)."""
    from kb.checker.vocabulary import french_keywords

    names = keywords | {fold(french_keywords().get(k, k)) for k in keywords}
    parts = [p.strip(" .") for p in re.split(r",| et ", line)]
    return bool(parts) and all(any(p == k or p.startswith((k + " ", k + "—")) for k in names) for p in parts)


def card_instance(entity: Entity, designate, trace: Trace) -> CardInstance:
    """The card ``entity`` names as the engine plays it (see the module docstring)."""
    if designate is None:
        raise OutsideModel("the model plays events only on objects the claim describes, not on {name}",
                           name=entity.surface or entity.card)
    d = designate(entity)
    face = d.face
    if "Creature" not in face.types:
        raise OutsideModel("{label} is not a creature card: the model plays events on creatures only",
                           label=d.label)
    power, toughness = _number(face.power), _number(face.toughness)
    if power is None or toughness is None:
        raise OutsideModel("{label} has a variable power or toughness ({pt})", label=d.label,
                           pt=f"{face.power}/{face.toughness}")
    keywords = {fold(k.name) for k in printed_keywords(face)}
    instance = CardInstance(face.french_name if trace.lang == "fr" and face.french_name else face.name,
                            (power, toughness), {t.lower() for t in face.types}, keywords)
    for line in own_lines(d):
        if _keyword_line(line, keywords):
            continue
        if _ENTERS.match(line):
            instance.on_enter.append(line)
        elif _ACTIVATED.match(line) and not line.startswith(("when", "at ", "quand", "lorsque", "a ", "au ")):
            instance.activated.append(line)
        else:
            raise OutsideModel("the model does not play {label}'s ability « {text} »", label=d.label, text=line)
    for line in instance.activated:
        trace.step("left aside: {label}'s activated ability « {text} » (nothing in the claim activates it)",
                   label=d.label, text=line)
    return instance


def refuse_after_return(instance: CardInstance, returned: bool, attribute: str) -> None:
    """An outcome read after the card returned, when an ability of it triggers as it enters."""
    if returned and instance.on_enter and attribute not in BEFORE_RETURN:
        raise Unknown("{name}'s ability « {text} » triggers when it returns; the model does not play it",
                      name=instance.name, text=instance.on_enter[0])
