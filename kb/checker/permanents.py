"""Permanents as the checker sees them: characteristics, counters, damage,
controller, and the continuous effects applied to them.

A :class:`Permanent` holds *printed* values (``base_power``/``base_toughness``,
``base_colors``) and the effects on it (:class:`PTEffect`, :class:`ColorEffect`)
with timestamps; the current power, toughness and colors are computed by
``kb.checker.layers``.  Counters are a Counter keyed by kind (``"+1/+1"``,
``"-1/-1"``, ``"charge"``…).  Sources: the rules of permanents, counters and
damage marked (concept ``damage_marked``); seeds/001_… « Marqueurs -1/-1 » section.
"""
from __future__ import annotations

import copy
import itertools
from collections import Counter
from dataclasses import dataclass, field
from typing import Optional

PLUS = "+1/+1"
MINUS = "-1/-1"

_timestamps = itertools.count(1)


def next_timestamp() -> int:
    """A fresh timestamp, later than every one handed out before (concept ``timestamp``)."""
    return next(_timestamps)


@dataclass
class PTEffect:
    """A continuous effect on power/toughness.

    ``kind``: ``cda`` (characteristic-defining), ``set`` (« devient 4/1 »),
    ``modify`` (« +3/+3 ») or ``switch``; ``source``: ``resolved`` (from a
    spell or ability that resolved) or ``static`` (from a static ability);
    ``value`` is (power, toughness) for cda/set, the deltas for modify.
    """

    kind: str
    value: tuple[int, int] = (0, 0)
    source: str = "resolved"
    timestamp: int = field(default_factory=next_timestamp)
    label: str = ""


@dataclass
class ColorEffect:
    """An effect setting the colors (``additive`` False: replaces them, seeds/001_…
    Feux céruléens note) or adding them (« en plus de ses autres couleurs »)."""

    colors: tuple[str, ...]
    additive: bool = False
    timestamp: int = field(default_factory=next_timestamp)


@dataclass
class Permanent:
    """A permanent on the battlefield.

    ``types`` are the printed card types in lowercase English (``creature``,
    ``artifact``, ``land``…), ``lost_types`` those an effect removed; ``keywords`` printed keyword abilities and
    ``granted`` those given by effects (lowercase English: ``persist``,
    ``haste``, ``soulbond``, ``banding``, ``wither``, ``indestructible``,
    ``bands with other <quality>``); ``damage`` is damage marked;
    ``continuous_control`` says whether its controller has controlled it
    continuously since their most recent turn began (summoning sickness);
    ``deathtouch_damage`` whether a source with deathtouch dealt it damage
    since the last state-based actions check.
    """

    name: str = "creature"
    base_power: Optional[int] = None
    base_toughness: Optional[int] = None
    types: set[str] = field(default_factory=lambda: {"creature"})
    subtypes: set[str] = field(default_factory=set)
    base_colors: tuple[str, ...] = ()
    counters: Counter = field(default_factory=Counter)
    damage: int = 0
    controller: str = "you"
    owner: str = "you"
    keywords: set[str] = field(default_factory=set)
    granted: set[str] = field(default_factory=set)
    lost: set[str] = field(default_factory=set)
    lost_types: set[str] = field(default_factory=set)
    is_token: bool = False
    tapped: bool = False
    continuous_control: bool = True
    regeneration_shields: int = 0
    deathtouch_damage: bool = False
    pt_effects: list[PTEffect] = field(default_factory=list)
    color_effects: list[ColorEffect] = field(default_factory=list)
    timestamp: int = field(default_factory=next_timestamp)
    paired_with: Optional["Permanent"] = field(default=None, repr=False, compare=False)
    zone: str = "battlefield"

    @property
    def is_creature(self) -> bool:
        """A creature now: printed ``types`` minus types removed by effects (``lost_types``)."""
        return "creature" in self.types and "creature" not in self.lost_types

    def has(self, keyword: str) -> bool:
        """Whether it has ``keyword`` now (printed or granted, not removed)."""
        return (keyword in self.keywords or keyword in self.granted) and keyword not in self.lost

    def add_counters(self, kind: str, n: int = 1) -> None:
        self.counters[kind] += n

    def snapshot(self) -> "Permanent":
        """Last known information: a frozen copy as it last existed (concept ``last_known_information``)."""
        snap = copy.copy(self)
        snap.counters = Counter(self.counters)
        snap.keywords, snap.granted, snap.lost = set(self.keywords), set(self.granted), set(self.lost)
        snap.lost_types = set(self.lost_types)
        snap.pt_effects, snap.color_effects = list(self.pt_effects), list(self.color_effects)
        snap.paired_with = None
        return snap

    def describe_counters(self) -> str:
        parts = [f"{n} {k}" for k, n in sorted(self.counters.items()) if n]
        return ", ".join(parts) if parts else "no counters"
