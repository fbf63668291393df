"""A card's colours and mana value in a check, as the rules give them and as
the card database records them.

For a card (or face) of the card database the characteristics are those of
:mod:`kb.cards.faces` (the one place they are computed, layout by layout);
this module writes the steps that explain them, in the edition asked, and
cross-checks them with what MTGJSON records.  For a card known only by a
card record (or a dict) they are computed here from its printed mana cost,
colour indicator and rules text with the same functions.

Colours (concept ``color``): a characteristic-defining ability of the rules
text (« Ghostfire is colorless », « Transguild Courier is all colors »,
devoid; concept ``cda``) or a colour indicator (``color_indicator``) wins
over the mana cost; an object without mana cost or indicator is colourless
(``colorless``).  Mana value (``mana_value``): a split card's is the total
of its halves (``split_card``, since the Amonkhet rules of 2017-04-28;
before, a split card off the stack had two), each half's its own; a
transforming card's back face has its front face's (since the Eldritch
Moon rules of 2016-07-22; before, 0: ``mana_value_no_cost``), a flipped
half the card's, an Adventure its own.  When the card database disagrees with
the computation, the answer is unknown, naming both: never a guess.
"""
from __future__ import annotations

from typing import Optional

from kb.cards import faces as cardfaces
from kb.checker import mana
from kb.checker.cards import CardFacts
from kb.checker.verdict import Trace, Unknown

#: First rules edition where a split card off the stack has one combined set
#: of characteristics (Amonkhet update, concept ``split_card``).
SPLIT_COMBINED = "2017-04-28"

#: First rules edition where a double-faced permanent's back face has the
#: mana value of its front face (Eldritch Moon update; before: no mana cost, 0).
BACK_FACE_FROM_FRONT = "2016-07-22"

SPLIT = ("split", "aftermath")


def _face(card: Optional[CardFacts]) -> Optional[cardfaces.FaceCharacteristics]:
    """The card database's face behind ``card``, unless a card record's own printing speaks."""
    if card is None or card.from_record:
        return None
    return card.characteristics


def cda_colors(card: CardFacts) -> Optional[tuple[str, tuple[str, ...]]]:
    """(sentence, colours) of a colour-defining ability in the card's rules text, or None."""
    return cardfaces.cda_colors(card.text, (card.name, card.english_name))


def _split_guard(card: CardFacts, trace: Trace, what: str) -> None:
    whole = card.characteristics is None or card.characteristics.side == ""
    if card.layout in SPLIT and whole and trace.edition.date and trace.edition.date < SPLIT_COMBINED:
        raise Unknown("before {date} (Amonkhet rules) a split card off the stack had the {what} "
                      "of each half, not one: {name} has two", date=SPLIT_COMBINED, what=trace.tr(what),
                      name=card.name)


def _check_database(label: str, found, recorded, what: str, trace: Trace):
    if recorded is not None and found != recorded:
        raise Unknown("the computed {what} of {label} ({found}) differs from the card database ({recorded})",
                      what=trace.tr(what), label=label, found=trace.tr(str(found)), recorded=trace.tr(str(recorded)))
    if recorded is not None:
        trace.step("the card database agrees: {what} {found}", what=trace.tr(what), found=trace.tr(str(found)))


def _named(colours) -> str:
    return "".join(colours) or "colorless"


def _face_step(label: str, card: CardFacts, trace: Trace) -> None:
    """Say which face of which card ``label`` is, when it is one face of several."""
    face = card.characteristics
    if face is not None and face.name != face.card:
        trace.step("{label} is one face of {card} ({layout}): it has the characteristics of that face",
                   label=label, card=face.card, layout=face.layout)


def card_colors(label: str, cost, card: Optional[CardFacts], trace: Trace) -> tuple[str, ...]:
    """Colours of a card or cost (see the module docstring)."""
    if card is None:
        return mana.cost_colors(cost, trace)
    _split_guard(card, trace, "colors")
    face = _face(card)
    if face is not None:
        _face_step(label, card, trace)
        found = _explain_colors(label, face, face.halves, trace)
        recorded = face.recorded_colors
    else:
        found = _record_colors(label, card, trace)
        recorded = card.db_colors
    _check_database(label, _named(found), None if recorded is None else _named(recorded), "colors", trace)
    return found


def _explain_colors(label: str, face: cardfaces.FaceCharacteristics, halves, trace: Trace) -> tuple[str, ...]:
    """The steps behind the colours :mod:`kb.cards.faces` computed for ``face``."""
    how = face.decided_by[0]
    if how in ("cda", "devoid"):
        trace.step("{label} has a characteristic-defining ability « {text} »: it sets its colors, "
                   "whatever its mana cost", "cda", "color", label=label, text=face.color_text)
    elif how == "color_indicator":
        trace.step("{label} has a color indicator: {colors}", "color_indicator", label=label,
                   colors="".join(face.color_indicator))
    elif how == "split_card":
        trace.step("a split card has the colors of both halves: {colors}", "split_card",
                   colors="".join(face.colors) or trace.tr("none"))
    elif how == "no_mana_cost":
        trace.step("{label} is a land with no mana cost and no color indicator: colorless" if "Land" in face.types
                   else "{label} is an object with no mana cost and no color indicator: colorless",
                   "colorless", label=label)
    else:
        if "flip_card" in face.decided_by:
            trace.step("{label} is the flipped half of a flip card: it keeps the card's mana cost {cost}",
                       "mana_cost", label=label, cost=face.color_cost)
        found = mana.cost_colors(face.color_cost, trace)
        if found != face.colors:     # one computation must not contradict the other
            raise Unknown("the computed {what} of {label} ({found}) differs from the card database ({recorded})",
                          what=trace.tr("colors"), label=label, found=_named(found), recorded=_named(face.colors))
    return face.colors


def _record_colors(label: str, card: CardFacts, trace: Trace) -> tuple[str, ...]:
    """Colours of a card known by its printed record (mana cost, indicator, text)."""
    cda = cda_colors(card)
    if cda is not None:
        trace.step("{label} has a characteristic-defining ability « {text} »: it sets its colors, "
                   "whatever its mana cost", "cda", "color", label=label, text=cda[0])
        return cda[1]
    if card.color_indicator:
        trace.step("{label} has a color indicator: {colors}", "color_indicator", label=label,
                   colors="".join(card.color_indicator))
        return tuple(c for c in "WUBRG" if c in card.color_indicator)
    if card.layout in SPLIT and card.faces:
        found = tuple(c for c in "WUBRG" if any(c in mana.cost_colors(f.mana_cost) for f in card.faces if f.mana_cost))
        trace.step("a split card has the colors of both halves: {colors}", "split_card",
                   colors="".join(found) or trace.tr("none"))
        return found
    if card.mana_cost is None:
        trace.step("{label} is a land with no mana cost and no color indicator: colorless" if "land" in card.types
                   else "{label} is an object with no mana cost and no color indicator: colorless",
                   "colorless", label=label)
        return ()
    return mana.cost_colors(card.mana_cost, trace)


def card_mana_value(label: str, cost, card: Optional[CardFacts], trace: Trace, x: int = 0):
    """Mana value of a card or cost (see the module docstring)."""
    face = _face(card)
    if card is not None and card.layout in SPLIT and (face is None or face.side == ""):
        _split_guard(card, trace, "mana value")
        halves = [mana.mana_value(f.mana_cost, trace, x=x) for f in card.faces]
        value = sum(halves)
        trace.step("a split card's mana value is the total of its halves: {sum} = {value}", "split_card",
                   sum=" + ".join(map(str, halves)), value=value)
    elif face is not None and face.side not in ("", "a") and card.layout in ("transform", "flip", "meld"):
        value = _back_face_mana_value(label, card, face, trace, x)
    else:
        value = mana.mana_value(cost, trace, x=x)
        if card is not None and card.layout not in ("normal",) + SPLIT and (face is None or face.side in ("", "a")):
            trace.step("{label} is a {layout} card: its mana value is its main face's mana cost", "mana_value",
                       label=label, layout=card.layout)
    recorded = face.recorded_mana_value if face is not None else (card.db_mana_value if card is not None else None)
    if face is not None and "back_face_mana_value" in face.decided_by and trace.edition.date \
            and trace.edition.date < BACK_FACE_FROM_FRONT:
        recorded = None
    if recorded is not None and not x:
        _check_database(label, value, int(recorded) if float(recorded).is_integer() else recorded,
                        "mana value", trace)
    return value


def _back_face_mana_value(label: str, card: CardFacts, face: cardfaces.FaceCharacteristics, trace: Trace, x: int):
    """A back face's (or flipped half's, or melded permanent's) mana value."""
    if card.layout == "meld":
        value = int(face.mana_value) if float(face.mana_value).is_integer() else face.mana_value
        trace.step("{label} is a melded permanent: its mana value is the total of its front faces' mana values, "
                   "{value}", "mana_value_no_cost", label=label, value=value)
        return value
    front = card.faces[0] if card.faces else None
    if card.layout == "transform" and trace.edition.date and trace.edition.date < BACK_FACE_FROM_FRONT:
        trace.step("before {date} the back face of a double-faced card had no mana cost: mana value 0",
                   "mana_value_no_cost", date=BACK_FACE_FROM_FRONT)
        return 0
    trace.step("{label} is the back face or flipped half of {card}: its mana value is that of the front "
               "face's mana cost {cost}", "mana_value_no_cost", label=label, card=face.card,
               cost=front.mana_cost if front is not None else "")
    return mana.mana_value(front.mana_cost if front is not None else None, trace, x=x)
