"""The stack: triggered abilities waiting to resolve.

Its steps are told only when there is an order to tell (two abilities or
more); one ability alone is told by its own effect.

Abilities that triggered since a player last received priority are put on
the stack the next time one would: the active player's first (in the
order that player chooses: here, the order they triggered in), then each
other player's in turn order (APNAP, concept ``apnap``), so the
nonactive player's resolve first.  The stack resolves last in, first
out (concept ``stack_resolve``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Optional

from kb.checker.engine.citing import name_of, say
from kb.checker.permanents import Permanent
from kb.checker.verdict import Trace

if TYPE_CHECKING:
    from kb.checker.engine.game import Game


@dataclass
class Triggered:
    """A triggered ability: ``keyword`` (``persist``…) of ``source`` (its last
    known information), controlled by ``controller``; ``card`` is the object
    the ability acts on (the card put into the graveyard, None for a token);
    ``resolve(game, ability)`` is its effect."""

    keyword: str
    source: Permanent
    controller: str
    resolve: Callable[["Game", "Triggered"], None]
    card: Optional[Permanent] = None
    origin: Optional[Permanent] = field(default=None, repr=False)


class Stack:
    """The stack, its top the last element."""

    def __init__(self) -> None:
        self.items: list[Triggered] = []

    def __len__(self) -> int:
        return len(self.items)

    def put(self, triggered: list[Triggered], turn_order: list[str], trace: Optional[Trace] = None) -> None:
        """Put ``triggered`` on the stack in APNAP order (``turn_order``: the active player first)."""
        ordered = [t for player in turn_order for t in triggered if t.controller == player]
        ordered += [t for t in triggered if t.controller not in turn_order]
        tell = len(self.items) + len(ordered) > 1      # an order to tell
        for ability in ordered:
            self.items.append(ability)
            if tell:
                say(trace, "{keyword} of {name} ({player}) is put on the stack", "apnap", "stack",
                    keyword=trace.keyword(ability.keyword) if trace else ability.keyword,
                    name=name_of(trace, ability.source.name), player=name_of(trace, ability.controller))
        if len({t.controller for t in triggered}) > 1:
            say(trace, "the active player's triggered abilities go on the stack first, so the other "
                "player's resolve first", "apnap")

    def pop(self) -> Triggered:
        """The top object, removed: it resolves now."""
        return self.items.pop()

    def resolve_all(self, game: "Game") -> list[Triggered]:
        """Resolve the stack to empty, top first, with state-based actions
        (and new triggered abilities put on the stack) after each."""
        done = []
        while self.items:
            ability = self.pop()
            if self.items or done:      # an order to tell
                say(game.trace, "{keyword} of {name} resolves", "stack_resolve",
                    keyword=game.trace.keyword(ability.keyword) if game.trace else ability.keyword,
                    name=name_of(game.trace, ability.source.name))
            ability.resolve(game, ability)
            done.append(ability)
            game.check()
        return done
