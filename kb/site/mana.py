"""Mana symbols drawn as symbols in the pages.

Each ``{…}`` symbol becomes one ``<span class="ms …">`` (circles and colours
in ``templates/style.css``): a letter or number inside a circle, a hybrid
symbol split in two halves (``{2/B}``, ``{W/U}``), a Phyrexian symbol marked
(``{B/P}``).  The symbol as written stays in ``title`` and ``aria-label``
(``role="img"``), so it is read out and shown on hover as ``{2/B}``.  What a
symbol is comes from :mod:`parser.mana` (its colours); tap, untap and energy
symbols ({T}, {Q}, {E}) get a class of their own.  Everything is escaped.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Optional

from markupsafe import Markup, escape

from parser.mana import ManaCostError, parse_mana_cost

#: A braced symbol in a text: ``{2/B}``, ``{T}``, ``{10}``.
SYMBOL_RE = re.compile(r"\{[0-9A-Za-z½∞/]{1,5}\}")

#: Classes of the symbols that are not mana.
OTHER_SYMBOLS = {"{T}": "ms-tap", "{Q}": "ms-untap", "{E}": "ms-energy"}


@lru_cache(maxsize=512)
def symbol(text: str) -> Optional[Markup]:
    """The HTML of one braced symbol, or None when it is not a symbol."""
    other = OTHER_SYMBOLS.get(text.upper())
    if other:
        return _span(text, [other], [text[1:-1].upper()])
    try:
        parsed = parse_mana_cost(text).symbols
    except ManaCostError:
        return None
    if len(parsed) != 1:
        return None
    sym = parsed[0]
    parts = text[1:-1].upper().split("/")
    classes = [f"ms-{sym.kind.replace('_', '-')}"] + [f"ms-{c.lower()}" for c in sym.colors]
    if sym.kind in ("hybrid", "monocolored_hybrid"):
        return _span(text, classes + ["ms-split"], parts)
    if "P" in parts:
        return _span(text, classes, [p for p in parts if p != "P"] or parts)
    return _span(text, classes, ["".join(parts)])


def _span(text: str, classes: list[str], halves: list[str]) -> Markup:
    """One symbol; each half of a split symbol carries its colour (``ms-part ms-b``)."""
    split = "ms-split" in classes
    inner = Markup("").join(Markup('<span class="{}">{}</span>').format(
        f"ms-part ms-{h.lower()}" if split and h in "WUBRG" else "ms-part", h) for h in halves)
    return Markup('<span class="ms {}" role="img" title="{}" aria-label="{}">{}</span>').format(
        " ".join(classes), text, text, inner)


def mana_cost(cost: Optional[str]) -> Markup:
    """A mana cost (``{2/B}{2/B}{2/B}``) as symbols, in a ``.cost`` span."""
    if not cost:
        return Markup("")
    return Markup('<span class="cost" title="{}">{}</span>').format(cost, symbols_in(cost))


def symbols_in(text: Optional[str]) -> Markup:
    """Escape ``text``, drawing every braced mana (or tap…) symbol in it."""
    if not text:
        return Markup("")
    out, pos = [], 0
    for m in SYMBOL_RE.finditer(text):
        drawn = symbol(m.group(0))
        if drawn is None:
            continue
        out.append(escape(text[pos:m.start()]))
        out.append(drawn)
        pos = m.end()
    out.append(escape(text[pos:]))
    return Markup("").join(out)
