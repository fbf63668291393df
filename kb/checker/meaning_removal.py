"""What removes damage and counters, read from the parse tree (mixed into
:class:`~kb.checker.meaning_tree.Meaning`): « les marqueurs -1/-1 de la flétrissure ne partent ni en
fin de tour ni avec la régénération », "damage marked on a creature is removed when it regenerates and
during the cleanup step" — one query ``removed_by`` per occasion, joined by « et » (each holds) and
each denied by « ni … ni »; played by :mod:`kb.checker.situation_removal` on an instance.
"""
from __future__ import annotations

from lark import Token

from kb.checker.meaning import Junction, Query, polarity


class RemovalMeaning:
    """Transformer methods of the removal productions."""

    def thing_damage(self, c):
        return {"thing": "damage"}

    def thing_counters(self, c):
        counts = next(x for x in c if isinstance(x, dict) and "counter" in x)
        kw = next((str(t.value) for t in c if isinstance(t, Token) and t.type == "KEYWORD"), None)
        return {"thing": "counters", "counter": counts["counter"], "source": kw}

    def when_turn_ends(self, c):
        return ("when", "end_of_turn", any(isinstance(t, Token) and t.type == "NOR" for t in c))

    def when_regenerates(self, c):
        return ("when", "regeneration", any(isinstance(t, Token) and t.type == "NOR" for t in c))

    def situation(self, c):
        """The one alternative of ``situation`` without an alias of its own: its child's meaning."""
        return c[0]

    def removal(self, c):
        thing = next(x for x in c if isinstance(x, dict) and "thing" in x)
        if thing.get("source") not in (None, "wither"):
            raise _not_read(thing["source"])
        whens = [x for x in c if isinstance(x, tuple) and x and x[0] == "when"]
        negs = [x[1] for x in c if isinstance(x, tuple) and x and x[0] == "NEG"]
        if any(isinstance(t, Token) and t.type == "OR" for t in c):
            raise _not_read("or")
        removed = not any(isinstance(t, Token) and t.type == "STAY" for t in c)     # « partent » / « restent »
        if any(w[2] for w in whens):         # « ne … ni A ni B »: each occasion denied
            said = not removed
        else:
            said = removed if polarity(negs, False, False) else not removed
        queries = [Query("rules", "removed_by", dict(thing, occasion=w[1]), polarity=said) for w in whens]
        return queries[0] if len(queries) == 1 else Junction("and", queries)


def _not_read(word: str):
    from kb.checker.meaning_combat import NotReadEvent
    return NotReadEvent("what removes that is not modelled", [word])
