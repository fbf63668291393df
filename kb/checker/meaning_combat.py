"""Situations in combat and between players, read from the parse tree (mixed into
:class:`~kb.checker.meaning_events.EventMeaning`): an attacker blocked or not (« bloque », "is
blocked by", "attacks and isn't blocked"), players' life and poison counters as outcomes, and who
goes first when both players' objects die at once (APNAP).  Also :class:`Item`, the verb group of a
situation, and :class:`NotReadEvent`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from lark import Token

from kb.checker.meaning import Query, polarity


class NotReadEvent(Exception):
    """Raised where the situation cannot be read (turned into NotRead by the Meaning)."""

    def __init__(self, why: str, words: list[str]):
        super().__init__(why)
        self.why, self.words = why, words


@dataclass
class Item:
    """One verb group of a situation: ``role`` (``event``, ``outcome``, ``either``), the events it
    makes when read as an event (``events``), those that happen first in any case (``pre``), and its
    query when read as an outcome."""

    role: str
    events: list = field(default_factory=list)
    query: Optional[Query] = None
    pre: list = field(default_factory=list)
    negated: bool = False
    words: str = ""
    #: an "either" item that is an outcome only when it ends the main clause (« … devient 1/5 »), an
    #: event anywhere else (« gagne +3/+3 puis devient 1/1 : elle est 1/1 »)
    last_outcome: bool = False


def _negs(children) -> list[str]:
    return [c[1] for c in children if isinstance(c, tuple) and len(c) == 2 and c[0] == "NEG"]


def _positive(children) -> bool:
    return polarity(_negs(children), False, False)


def _subjects(children) -> list[str]:
    return [c for c in children if isinstance(c, str) and not isinstance(c, Token)]


class CombatMeaning:
    """Transformer methods of combat, players and turn order."""

    # --- combat (kb/checker/engine/combat.py) ---------------------------------
    @staticmethod
    def _verb(c, *values: str) -> Token:
        verb = next(t for t in c if isinstance(t, Token) and t.type == "RESTRICTED")
        if str(verb.value) not in values or _negs(c):
            raise NotReadEvent("a combat the model does not set up", [str(verb)])
        return verb

    def t_blocks(self, c):
        """"blocks a 2/2 creature", « bloque une créature 2/2 »: the subject blocks that attacker."""
        self._verb(c, "block", "be_blocked")
        attacker = _subjects(c)[-1]
        return lambda s: Item("event", [{"kind": "combat", "attacker": attacker, "blockers": [s]}], words="blocks")

    def t_attacks(self, c):
        self._verb(c, "attack")
        return lambda s: Item("event", [{"kind": "combat", "attacker": s, "blockers": []}], words="attacks")

    def t_blocked_by(self, c):
        self._verb(c, "be_blocked")
        blocker = _subjects(c)[-1]
        return lambda s: Item("event", [{"kind": "combat", "attacker": s, "blockers": [blocker]}],
                              words="is blocked")

    def t_unblocked(self, c):
        """"attacks and isn't blocked", « n'est pas bloquée »: no blocker."""
        verb = next(t for t in c if isinstance(t, Token) and t.type == "RESTRICTED")
        if str(verb.value) != "be_blocked" or _positive(c):
            raise NotReadEvent("a combat the model does not set up", [str(verb)])
        return lambda s: Item("event", [{"kind": "combat", "attacker": s, "blockers": []}], words="is not blocked")

    # --- who goes first (APNAP) -------------------------------------------------
    @staticmethod
    def _player_of(c) -> str:
        who = next(str(t.value) for t in c if isinstance(t, Token) and t.type == "PLAYER")
        if who not in ("active", "nonactive"):
            raise NotReadEvent("a player the model cannot place in turn order", [who])
        return "you" if who == "active" else "opponent"

    def returns_first(self, c):
        """"the active player's creatures return first", « les créatures du joueur non actif reviennent en premier »."""
        who = self._player_of(c)
        return [Item("outcome", query=Query(who, "returns_first", True))]

    def triggers_first(self, c):
        """"the active player's triggers go on the stack first" (or resolve first)."""
        who = self._player_of(c)
        verb = next(t for t in c if isinstance(t, Token) and t.type in ("GOSTACK", "RESOLVES"))
        return [Item("outcome", query=Query(who, "stack_first" if verb.type == "GOSTACK" else "returns_first", True))]

    def happens_if_because(self, c):
        """« Quand …, X, puisque Y »: X and the reason Y, both outcomes of the same events."""
        parts = [x for x in c if isinstance(x, list)]
        reason = parts[2] if len(parts) > 2 else None
        main = self._situation(parts[0], parts[1], conditional=True)
        if reason is not None:
            events = self.reading.events
            self.reading.reason = self._situation([], reason, conditional=True)
            self.reading.events = events
        return main

    # --- players: life and poison counters ------------------------------------
    def player_clause(self, c):
        who = str(c[0].value)
        return [tail(who) for tail in c[1:] if callable(tail)]

    def _player_tail(self, c, attribute: str):
        n = next(x[1] for x in c if isinstance(x, tuple) and x[0] == "number")
        positive = _positive(c)
        return lambda who: Item("outcome", query=Query(who, attribute, n, polarity=positive))

    def p_loses(self, c):
        return self._player_tail(c, "life_lost")

    def p_gains(self, c):
        return self._player_tail(c, "life_gained")

    def p_poison(self, c):
        return self._player_tail(c, "poison")
