"""A card's colours and mana value, as the rules give them and as the card
database records them.

Colours (CR 202.2, 105.2): a colour indicator (202.2e) or a
characteristic-defining ability of the rules text (« Ghostfire is
colorless », « Transguild Courier is all colors »; CR 604.3) wins over the
mana cost; a land or any object without mana cost or indicator is
colorless.  Mana value (202.3): a split card's is the total of its halves
(709.4, since the Amonkhet rules of 2017-04-28; before, a split card off the
stack had two), a flip, adventure or double-faced card's is its main face's
cost.  When the card database (MTGJSON ``colors``/``manaValue``) disagrees
with the computation, the answer is unknown, naming both: never a guess.
"""
from __future__ import annotations

import re
from typing import Optional

from kb.checker import mana
from kb.checker.cards import CardFacts
from kb.checker.verdict import Trace, Unknown
from parser.textkeys import fold

#: First rules edition where a split card off the stack has one combined set
#: of characteristics (Amonkhet update, CR 709.4).
SPLIT_COMBINED = "2017-04-28"

_SELF = r"(?:~|this spell|this card|this creature|this permanent|this object|cette carte|ce sort|{name})"
_CDA = ((r"{self} is colorless", ()), (r"{self} is all colors", tuple("WUBRG")),
        (r"{self} est incolore", ()), (r"{self} est de toutes les couleurs", tuple("WUBRG")))


def cda_colors(card: CardFacts) -> Optional[tuple[str, tuple[str, ...]]]:
    """(sentence, colours) of a colour-defining ability in the card's rules text, or None."""
    names = {fold(n) for n in (card.name, card.english_name) if n}
    who = _SELF.format(name="|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) or "~")
    for pattern, colours in _CDA:
        regex = re.compile(pattern.format(self=who))
        for line in (card.text or "").splitlines():     # the sentence as printed
            if regex.search(fold(line)):
                return line.strip(), colours
    return None


def _split_guard(card: CardFacts, trace: Trace, what: str) -> None:
    if card.layout in ("split", "aftermath") and trace.edition.date and trace.edition.date < SPLIT_COMBINED:
        raise Unknown("before {date} (Amonkhet rules) a split card off the stack had the {what} "
                      "of each half, not one: {name} has two", date=SPLIT_COMBINED, what=trace.tr(what),
                      name=card.name)


def _check_database(label: str, found, recorded, what: str, trace: Trace):
    if recorded is not None and found != recorded:
        raise Unknown("the computed {what} of {label} ({found}) differs from the card database ({recorded})",
                      what=trace.tr(what), label=label, found=trace.tr(str(found)), recorded=trace.tr(str(recorded)))
    if recorded is not None:
        trace.step("the card database agrees: {what} {found}", what=trace.tr(what), found=trace.tr(str(found)))


def card_colors(label: str, cost, card: Optional[CardFacts], trace: Trace) -> tuple[str, ...]:
    """Colours of a card or cost (see the module docstring)."""
    if card is None:
        return mana.cost_colors(cost, trace)
    _split_guard(card, trace, "colors")
    cda = cda_colors(card)
    if card.color_indicator:
        trace.step("{label} has a color indicator: {colors}", "color_indicator", label=label,
                   colors="".join(card.color_indicator))
        found = tuple(c for c in "WUBRG" if c in card.color_indicator)
    elif cda is not None:
        trace.step("{label} has a characteristic-defining ability « {text} »: it sets its colors, "
                   "whatever its mana cost", "cda", "color", label=label, text=cda[0])
        found = cda[1]
    elif card.layout in ("split", "aftermath") and card.faces:
        found = tuple(c for c in "WUBRG" if any(c in mana.cost_colors(f.mana_cost) for f in card.faces if f.mana_cost))
        trace.step("a split card has the colors of both halves: {colors}", "split_card",
                   colors="".join(found) or trace.tr("none"))
    elif card.mana_cost is None:
        trace.step("{label} is a land with no mana cost and no color indicator: colorless" if "land" in card.types
                   else "{label} is an object with no mana cost and no color indicator: colorless",
                   "colorless", label=label)
        found = ()
    else:
        found = mana.cost_colors(card.mana_cost, trace)
    _check_database(label, "".join(found) or "colorless",
                    None if card.db_colors is None else ("".join(card.db_colors) or "colorless"), "colors", trace)
    return found


def card_mana_value(label: str, cost, card: Optional[CardFacts], trace: Trace, x: int = 0):
    """Mana value of a card or cost (see the module docstring)."""
    if card is None or card.layout not in ("split", "aftermath"):
        value = mana.mana_value(cost, trace, x=x)
    else:
        _split_guard(card, trace, "mana value")
        halves = [mana.mana_value(f.mana_cost, trace, x=x) for f in card.faces]
        value = sum(halves)
        trace.step("a split card's mana value is the total of its halves: {sum} = {value}", "split_card",
                   sum=" + ".join(map(str, halves)), value=value)
    if card is not None and card.layout != "normal" and card.layout not in ("split", "aftermath"):
        trace.step("{label} is a {layout} card: its mana value is its main face's mana cost", "mana_value",
                   label=label, layout=card.layout)
    if card is not None and card.db_mana_value is not None and not x:
        _check_database(label, value, int(card.db_mana_value) if float(card.db_mana_value).is_integer()
                        else card.db_mana_value, "mana value", trace)
    return value
