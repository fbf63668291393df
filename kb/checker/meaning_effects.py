"""Effects on a permanent read as events (mixed into :class:`~kb.checker.meaning_events.EventMeaning`):
« gagne +3/+3 » / "gets +3/+3 [until end of turn]" (a resolved spell or ability modifying its P/T),
« perd l'association d'âmes » / "loses soulbond" and « acquiert la persistance » / "gains persist"
(an effect removing or granting a keyword ability).  Played by
:class:`~kb.checker.situation_queries.SituationModel` (``_ev_pump``, ``_ev_keyword``): the P/T through
the layers of the edition, the keyword through what the engine checks when it matters (persist at
death, soulbond's pairing, which losing soulbond does not break: 702.95e).
"""
from __future__ import annotations

from lark import Token

from kb.checker.meaning import Query
from kb.checker.meaning_combat import Item, _positive


def _delta(text: str) -> tuple[int, int]:
    p, t = text.split("/")
    return int(p), int(t)


class EffectMeaning:
    """Transformer methods of the effect productions."""

    def t_pump(self, c):
        pt = next(str(t.value) for t in c if isinstance(t, Token) and t.type == "PT")
        until = any(isinstance(t, Token) and t.type == "TURNEND" for t in c)
        negated = not _positive(c)
        try:
            value = _delta(pt)
        except ValueError:
            value = None
        return lambda s: Item("event", [{"kind": "pump", "subject": s, "value": value, "pt": pt,
                                         "until_end_of_turn": until}], negated=negated or value is None,
                              words=f"gets {pt}")

    def t_becomes_pt(self, c):
        """« devient 4/1 »: an effect setting its P/T (an event), or what it is at the end (« une créature
        -2/2 qui gagne +3/+3 devient 1/5 »: an outcome, when it ends the main clause)."""
        pt = next(str(t.value) for t in c if isinstance(t, Token) and t.type == "PT")
        positive = _positive(c)
        try:
            value = _delta(pt)
        except ValueError:
            value = None
        return lambda s: Item("either", [{"kind": "set_pt", "subject": s, "value": value, "pt": pt}],
                              Query(s, "pt", pt, polarity=positive), negated=not positive or value is None,
                              words=f"becomes {pt}", last_outcome=True)

    def _keyword_event(self, c, change: str):
        kw = next(str(t.value) for t in c if isinstance(t, Token) and t.type == "KEYWORD")
        negated = not _positive(c)
        return lambda s: Item("event", [{"kind": "keyword", "subject": s, "keyword": kw, "change": change}],
                              negated=negated, words=f"{change} {kw}")

    def t_loses_keyword(self, c):
        return self._keyword_event(c, "loses")

    def t_gains_keyword(self, c):
        return self._keyword_event(c, "gains")
