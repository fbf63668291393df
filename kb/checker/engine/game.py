"""A game state: players with life and poison counters, objects in zones,
the stack, and state-based actions checked to a fixpoint after each event.

Each event (:meth:`Game.damage`, :meth:`Game.destroy`, :meth:`Game.dies`,
:meth:`Game.exile`…) is played through :mod:`.replacement`; the caller
then calls :meth:`Game.check`: state-based actions on the permanents
(:func:`kb.checker.sba.check_state_based_actions`) and on the players (a
player at 0 life or less, or with ten poison counters or more, loses:
concepts ``sba_life``, ``sba_poison``), repeated until none applies; then
the abilities that triggered are put on the stack in APNAP order.
:meth:`Game.resolve_stack` resolves it, checking again after each.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional

from kb.checker.editions import LATEST, EditionInfo
from kb.checker.engine import abilities, replacement
from kb.checker.engine.citing import name_of, say
from kb.checker.engine.stack import Stack, Triggered
from kb.checker.engine.zones import Move, Zones
from kb.checker.permanents import Permanent
from kb.checker.sba import Event, check_state_based_actions
from kb.checker.verdict import Trace

#: Poison counters that make a player lose.
POISON_LIMIT = 10
STARTING_LIFE = 20


@dataclass
class Player:
    """A player: ``life`` total, ``poison`` counters, whether they ``lost``."""

    name: str
    life: int = STARTING_LIFE
    poison: int = 0
    lost: bool = False


class Game:
    """Players (``order``: turn order, the active player first), zones, the stack."""

    def __init__(self, edition: EditionInfo = LATEST, trace: Optional[Trace] = None,
                 players: Iterable[str] = ("you", "opponent")):
        self.edition, self.trace = edition, trace
        self.order = list(players)
        self.players = {n: Player(n) for n in self.order}
        self.zones = Zones(self.order)
        self.stack = Stack()
        self.pending: list[Triggered] = []
        self.moves: list[Move] = []
        #: id of a permanent that died -> the new object persist or undying returned
        self.returned: dict[int, Permanent] = {}
        #: every triggered ability that triggered, in order (persist, undying)
        self.triggered: list[Triggered] = []
        self.removed_from_combat: set[int] = set()

    # ---- objects and players
    @property
    def active(self) -> Player:
        return self.players[self.order[0]]

    def player(self, name: str) -> Player:
        return self.players[name]

    @property
    def battlefield(self) -> list[Permanent]:
        return self.zones.of("battlefield")

    def enter(self, perm: Permanent, controller: Optional[str] = None) -> Permanent:
        """Put ``perm`` onto the battlefield as the game is set up (its owner controls it unless told)."""
        for who in (perm.owner, controller or perm.controller):
            if who not in self.players:
                self.order.append(who)
                self.players[who] = Player(who)
                self.zones.add_player(who)
        perm.controller = controller or perm.controller
        return self.zones.put(perm, "battlefield")

    # ---- events
    def move(self, obj: Permanent, zone: str, lki: Optional[Permanent] = None) -> Move:
        """``obj`` changes zone (a new object); a permanent put into a graveyard
        from the battlefield dies, and what triggers on that waits for the stack."""
        m = self.zones.move(obj, zone, lki)
        self.moves.append(m)
        if m.origin == "battlefield" and zone == "graveyard":
            found = abilities.death_triggers(m, self.trace)
            self.pending += found
            self.triggered += found
        return m

    def dies(self, p: Permanent) -> Move:
        """``p`` is put into its owner's graveyard from the battlefield (sacrificed, or « it dies »)."""
        return self.move(p, "graveyard")

    def exile(self, obj: Permanent) -> Move:
        return self.move(obj, "exile")

    def destroy(self, p: Permanent) -> Optional[Move]:
        """Destroy ``p`` (unless indestructible or regenerated): the move, or None."""
        what = replacement.destroy(p, self.trace)
        if what == "regenerated":
            self.removed_from_combat.add(id(p))
        return self.dies(p) if what == "destroyed" else None

    def damage(self, target, amount: int, source: Optional[Permanent] = None, *, prevented: int = 0,
               wither: bool = False) -> replacement.Dealt:
        """``amount`` damage from ``source`` to a permanent or a player (:class:`Player` or its name)."""
        if isinstance(target, str):
            target = self.players[target]
        gains = self.players.get(source.controller) if source is not None else None
        return replacement.deal_damage(target, amount, self.trace, source=source, prevented=prevented,
                                       wither=wither, lifelink_to=gains)

    # ---- state-based actions and the stack
    def check(self, perms: Optional[list[Permanent]] = None) -> list[Event]:
        """State-based actions until none applies (on ``perms``, else every
        permanent), then the triggered abilities go on the stack; the events."""
        events: list[Event] = []
        while True:
            found = check_state_based_actions(perms if perms is not None else self.battlefield, self.edition,
                                              self.trace, leave=self._leave)
            lost = self._players_lose()
            events += found
            self.removed_from_combat |= {id(e.permanent) for e in found if e.kind == "regenerated"}
            perms = None
            if not found and not lost:
                break
        self.stack.put(self.pending, self.order, self.trace)
        self.pending = []
        return events

    def _leave(self, p: Permanent, lki: Permanent) -> None:
        if self.zones.zone_of(p) is not None:
            self.move(p, "graveyard", lki)

    def _players_lose(self) -> list[Player]:
        lost = []
        for pl in self.players.values():
            if pl.lost:
                continue
            if pl.life <= 0:
                say(self.trace, "{player} has {life} life: they lose the game", "sba_life",
                    player=name_of(self.trace, pl.name), life=pl.life)
            elif pl.poison >= POISON_LIMIT:
                say(self.trace, "{player} has {n} poison counters: they lose the game", "sba_poison",
                    player=name_of(self.trace, pl.name), n=pl.poison)
            else:
                continue
            pl.lost = True
            lost.append(pl)
        return lost

    def resolve_stack(self) -> list[Triggered]:
        """Resolve every object on the stack, last in first out."""
        return self.stack.resolve_all(self)

