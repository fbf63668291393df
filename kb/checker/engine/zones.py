"""The zones of a game: library, hand, graveyard (one each per player),
battlefield, stack and exile (shared).

An object that moves from one zone to another becomes a new object with no
memory of its previous existence (concept ``new_object``): :meth:`Zones.move`
returns the :class:`Move`, with the object as it last existed in the zone
it left (last known information, concept ``last_known_information``) and
the new object, made from the printed characteristics only (no counters,
damage, effects, granted abilities; summoning sick).  A token that leaves
the battlefield ceases to exist: its move has no new object.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Optional

from kb.checker.permanents import Permanent

ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile")
#: Zones each player has one of; the others are shared.
OWN = ("library", "hand", "graveyard")


@dataclass
class Move:
    """One zone change: ``old`` left ``origin`` (``lki`` is how it last
    existed there) and ``new`` is the object in ``destination`` (None: a
    token that ceased to exist)."""

    old: Permanent
    lki: Permanent
    new: Optional[Permanent]
    origin: str
    destination: str


def fresh(printed: Permanent, zone: str) -> Permanent:
    """A new object with ``printed``'s printed characteristics, in ``zone``."""
    return Permanent(name=printed.name, base_power=printed.base_power, base_toughness=printed.base_toughness,
                     types=set(printed.types), subtypes=set(printed.subtypes), base_colors=printed.base_colors,
                     controller=printed.owner, owner=printed.owner, keywords=set(printed.keywords),
                     is_token=printed.is_token, continuous_control=False, zone=zone)


class Zones:
    """Which object is in which zone (lists in order: the top of a library
    or a graveyard is its last element)."""

    def __init__(self, players: Iterable[str]):
        self.players = list(players)
        self._lists: dict[tuple[str, Optional[str]], list[Permanent]] = {}
        for zone in ZONES:
            for owner in (self.players if zone in OWN else [None]):
                self._lists[(zone, owner)] = []

    def add_player(self, name: str) -> None:
        """A library, a hand and a graveyard for a player joining the game."""
        if name not in self.players:
            self.players.append(name)
            for zone in OWN:
                self._lists[(zone, name)] = []

    def of(self, zone: str, owner: Optional[str] = None) -> list[Permanent]:
        """The objects in ``zone`` (every player's, unless ``owner`` is given, for a zone each player has)."""
        if zone not in ZONES:
            raise KeyError(zone)
        if zone in OWN:
            owners = [owner] if owner is not None else self.players
            return [o for who in owners for o in self._lists[(zone, who)]]
        return list(self._lists[(zone, None)])

    def put(self, obj: Permanent, zone: str) -> Permanent:
        """Put ``obj`` into ``zone`` (setting up the game: no zone change)."""
        self._lists[self._key(zone, obj)].append(obj)
        obj.zone = zone
        return obj

    def zone_of(self, obj: Permanent) -> Optional[str]:
        """The zone ``obj`` is in (None: it left the game's zones, or is an old object)."""
        for (zone, _), objs in self._lists.items():
            if any(o is obj for o in objs):
                return zone
        return None

    def move(self, obj: Permanent, zone: str, lki: Optional[Permanent] = None) -> Move:
        """Move ``obj`` to ``zone``: it becomes a new object there (a token
        leaving the battlefield ceases to exist instead)."""
        origin = self.zone_of(obj)
        if origin is None:
            raise ValueError(f"{obj.name} is in no zone")
        lki = lki or obj.snapshot()
        objs = self._lists[self._key(origin, obj)]
        objs[:] = [o for o in objs if o is not obj]
        obj.zone = zone
        if obj.is_token and origin == "battlefield":
            obj.zone = "none"
            return Move(obj, lki, None, origin, zone)
        new = self.put(fresh(obj, zone), zone)
        new.counters = Counter()
        return Move(obj, lki, new, origin, zone)

    def _key(self, zone: str, obj: Permanent) -> tuple[str, Optional[str]]:
        if zone not in ZONES:
            raise KeyError(zone)
        return (zone, obj.owner if zone in OWN else None)
