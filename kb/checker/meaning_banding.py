"""Who may be in a band, read from the parse tree (mixed into
:class:`~kb.checker.meaning_events.EventMeaning`): "A band can include any number of creatures with
banding plus at most one creature without it", « Un groupe peut contenir jusqu'à deux créatures sans
le regroupement ».  One query ``band_can_include`` ({"with": limit, "without": limit}, a limit None
for « any number »), played by :mod:`kb.checker.situation_banding` with
:func:`kb.checker.banding.can_form_band` on instances (502.10b, 702.22c).
"""
from __future__ import annotations

from lark import Token

from kb.checker.meaning import Query
from kb.checker.meaning_combat import NotReadEvent, _positive


class BandingMeaning:
    """Transformer methods of the band productions."""

    def band_part(self, c):
        kind = next(t for t in c if isinstance(t, Token) and t.type == "CARDTYPE")
        ability = next(t for t in c if isinstance(t, Token) and t.type in ("KEYWORD", "PRON"))
        if str(kind.value) != "Creature" or (ability.type == "KEYWORD" and str(ability.value) != "banding"):
            raise NotReadEvent("a band is made of creatures with or without banding", [str(ability)])
        upto = next((t for t in c if isinstance(t, Token) and t.type == "UPTO"), None)
        number = next((x for x in c if isinstance(x, tuple) and x[0] == "number"), None)
        if number is not None and number[2] != "eq":
            raise NotReadEvent("a comparison in a band's limit", [str(number[1])])
        if upto is None:
            limit = None
        elif str(upto.value) == "up_to_1":
            if number is not None:
                raise NotReadEvent("two numbers for one limit", [str(number[1])])
            limit = 1
        elif number is None:
            raise NotReadEvent("a limit with no number", [str(upto)])
        else:
            limit = number[1]
        with_it = any(isinstance(t, Token) and t.type == "WITH" for t in c)
        if ability.type == "PRON" and with_it:
            raise NotReadEvent("« with it » before any ability is named", [str(ability)])
        return ("band", "with" if with_it else "without", limit)

    def band_includes(self, c):
        parts = [x for x in c if isinstance(x, tuple) and x[0] == "band"]
        value: dict = {}
        for _, side, limit in parts:
            if side in value:
                raise NotReadEvent("two limits for the same creatures", [side])
            value[side] = limit
        self.reading.events = [{"kind": "band"}]
        return Query("band", "band_can_include", value, polarity=_positive(c))
