"""Rule numbers a verdict cites, read from the knowledge base's rule history.

Each concept of :data:`kb.checker.editions.RULES` is *anchored*: one rule
number in one edition where that number is known to hold it — the 2008
number in the 2008-05-01 edition the seed FAQ quotes, the linked-ability
numbers in the Magic 2011 edition (2010-07-16) the seed 002 quotes, the
soulbond numbers in Avacyn Restored's (2012-05-01), today's number in the
latest edition for concepts born after 2008.  The number cited for an
edition is where the anchor's lineage (:func:`kb.rules.lineage.lineage`,
built from ``rule_maps``) stands in the history edition in force at that
date: 607.4 of 2010 is 607.5 since 2013-07-11, the 2008 mana burn rule
300.3 is 300.4 in 2003-03-15.

Without a rule history (a knowledge base built without Comprehensive
Rules), or for a concept whose anchor is not in the history, the hand
table of :mod:`kb.checker.editions` answers, and :attr:`Numbering.source`
says which.
"""
from __future__ import annotations

import re
import sqlite3
from typing import Optional

from kb.checker.editions import LATEST, RULES, EditionInfo, rule
from kb.rules.lineage import lineage
from kb.rules import versions
from kb.rules.versions import has_history, history_editions, rule_version

HISTORY = "rule history of the knowledge base"
HAND = "the checker's table (no rule history built)"

#: Edition where the 2008 numbers of RULES hold (the seeds quote it).
OLD_ANCHOR = "2008-05-01"
#: Anchors of concepts whose 2008 number is not a 2008 rule.
_ANCHOR_DATES = {"linked": "2010-07-16", "soulbond": "2012-05-01"}


class Numbering:
    """Concept -> rule number in an edition, from the rule history of ``conn``."""

    def __init__(self, conn: Optional[sqlite3.Connection]):
        self.conn = conn
        self.editions = history_editions(conn) if conn is not None and has_history(conn) else []
        self._lineages: dict = {}
        self.fallbacks: set[str] = set()

    @property
    def source(self) -> str:
        if not self.editions:
            return HAND
        if self.fallbacks:
            return f"{HISTORY}; {', '.join(sorted(self.fallbacks))} from the checker's table"
        return HISTORY

    def in_force(self, date: Optional[str]) -> Optional[str]:
        """The history edition in force at ``date`` (None: the latest)."""
        if date is None:
            return self.editions[-1]
        try:
            return versions.edition_in_force(self.editions, date)
        except KeyError:
            return None

    def _old_anchor(self, concept: str) -> Optional[tuple[str, str]]:
        old, _ = RULES[concept]
        family = concept.split("_")[0]
        if family in _ANCHOR_DATES:
            date = self.in_force(_ANCHOR_DATES[family])
            number = rule(concept, EditionInfo(_ANCHOR_DATES[family], "anchor"))
            return (number, date) if number and date else None
        date = self.in_force(OLD_ANCHOR)
        return (old, date) if old and date else None

    def _lineage(self, anchor: Optional[tuple[str, str]]):
        if anchor is None:
            return None
        if anchor not in self._lineages:
            number, edition = anchor
            try:
                found = lineage(self.conn, number, edition) if rule_version(self.conn, number, edition) else None
            except (KeyError, ValueError):
                found = None
            self._lineages[anchor] = found
        return self._lineages[anchor]

    def _text(self, number: Optional[str], edition: str) -> set[str]:
        v = rule_version(self.conn, number, edition) if number else None
        return set(re.findall(r"\w+", (v or {}).get("text", "").lower()))

    def _stale(self, old_lin, new: Optional[str]) -> bool:
        """Whether today's number of the table holds another rule than the
        2008 anchor's lineage, which reaches the latest edition unchanged."""
        latest = self.editions[-1]
        reached = old_lin.number_in(latest) if old_lin else None
        if not reached or reached == new:
            return False
        before = self._text(old_lin.query, old_lin.edition)
        after, table = self._text(reached, latest), self._text(new, latest)
        return _overlap(before, after) >= 0.8 and _overlap(after, table) < 0.8

    def number(self, concept: str, edition: EditionInfo = LATEST) -> Optional[str]:
        """The number of ``concept`` in ``edition`` (None: no such rule then)."""
        if not self.editions:
            return rule(concept, edition)
        target = self.in_force(edition.date)
        _, new = RULES[concept]
        old_lin = self._lineage(self._old_anchor(concept))
        new_lin = self._lineage((new, self.editions[-1]) if new else None)
        if target is None or (old_lin is None and new_lin is None):
            self.fallbacks.add(concept)
            return rule(concept, edition)
        order = [old_lin, new_lin] if edition.before_m10 or self._stale(old_lin, new) else [new_lin, old_lin]
        for lin in order:
            found = lin.number_in(target) if lin else None
            if found:
                return found
        return None


def _overlap(a: set, b: set) -> float:
    return len(a & b) / len(a | b) if a | b else 0.0


_CACHE: dict[int, tuple] = {}


def numbering_for(conn: Optional[sqlite3.Connection]) -> Optional[Numbering]:
    """The :class:`Numbering` of ``conn`` (kept while the connection lives), None without one."""
    if conn is None:
        return None
    held = _CACHE.get(id(conn))
    if held is None or held[0] is not conn:
        if len(_CACHE) > 8:
            _CACHE.clear()
        held = _CACHE[id(conn)] = (conn, Numbering(conn))
    return held[1]
