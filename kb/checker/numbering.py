"""Rule numbers a verdict cites, and the layers they name, read from the
knowledge base's rule history.

Each concept of the concept table (``corpus/terms/rule_concepts.tsv``,
:func:`kb.checker.editions.anchors`) has one or more *anchors*: a rule
number in one edition where that rule holds the concept, with a few words
of its text.  The number cited for an edition is where an anchor's lineage
(:func:`kb.rules.lineage.lineage`, built from ``rule_maps``) stands in the
history edition in force at that date, and among the anchors' lineages the
one whose rule there still holds the concept's words: counters of 2019
are 613.3d (« changes from counters »), not 613.3c, though both merged
into today's 613.4c; 607.4 of 2010 is 607.5 since 2013-07-11; the 2008
mana burn rule 300.3 is 300.4 in 2003-03-15.  A « none » row of the table
says the concept has no rule from its edition to the next row, whatever a
later anchor's lineage reaches back to: infect (2010-10-01) is cited in no
2009 edition, though its 119.3d was the wither rule 118.3c there.

The layer and sublayer of a layer concept (:meth:`Numbering.layer`) are
read from that edition's text: the « Layer 7d: » a rule opens with
(2009-07-11 on), else the « (6c) » of the layer list (rule 418.5a before,
the list of layer 6 sublayers since 2005-10-01) whose item holds the
concept's ``layer_words``.

Without a rule history (a knowledge base built without Comprehensive
Rules), or for a concept whose anchors are not in the history, the anchor
in force at the edition asked answers (:func:`kb.checker.editions.rule`),
and :attr:`Numbering.source` says so, naming the anchors' editions.
"""
from __future__ import annotations

import re
import sqlite3
from typing import Optional

from kb.checker.editions import LATEST, Anchor, EditionInfo, anchors, seed_anchor
from kb.rules import versions
from kb.rules.lineage import lineage
from kb.rules.versions import has_history, history_editions, rule_version
from parser.textkeys import slugify

HISTORY = "rule history of the knowledge base"
HAND = "the checker's concept table (no rule history built)"

#: « Layer 7c: » opening a rule (2009-07-11 on).
_LAYER_HEAD = re.compile(r"^\s*Layer (\d+[a-z]?)\s*:")
#: « (6c) » items of a layer list (rule 418.5a, 2004-06-01 to 2009-05-01).
_LAYER_ITEM = re.compile(r"\((\d[a-z]?)\)")


def folded(text: Optional[str]) -> str:
    """``text`` as the concept table writes words: slugified, hyphens read as
    spaces, padded with one space each side (so `` w `` finds whole words)."""
    return f" {slugify(text or '').replace('-', ' ')} "


def holds(text: Optional[str], words: str) -> bool:
    """Whether ``text`` has the folded ``words`` as a whole-word phrase."""
    return bool(words) and f" {words} " in folded(text)


class Numbering:
    """Concept -> rule number and layer in an edition, from the rule history of ``conn``."""

    def __init__(self, conn: Optional[sqlite3.Connection]):
        self.conn = conn
        self.editions = history_editions(conn) if conn is not None and has_history(conn) else []
        self._lineages: dict = {}
        self._texts: dict = {}
        self.fallbacks: set[str] = set()
        self._seeded: dict[str, str] = {}    # concept -> edition of the anchor cited without history

    @property
    def source(self) -> str:
        eds = sorted({self._seeded[c] for c in self.fallbacks if c in self._seeded})
        told = f": numbers of the {', '.join(eds)} edition{'s' if len(eds) > 1 else ''}" if eds else ""
        if not self.editions:
            return HAND + told
        if self.fallbacks:
            return f"{HISTORY}; {', '.join(sorted(self.fallbacks))} from the checker's concept table{told}"
        return HISTORY

    def in_force(self, date: Optional[str]) -> Optional[str]:
        """The history edition in force at ``date`` (None: the latest)."""
        if date is None:
            return self.editions[-1]
        try:
            return versions.edition_in_force(self.editions, date)
        except KeyError:
            return None

    def _lineage(self, anchor: Anchor):
        """The lineage of ``anchor``'s rule (None when the history lacks it)."""
        key = (anchor.number, anchor.edition)
        if key not in self._lineages:
            edition = self.in_force(anchor.edition)
            try:
                found = (lineage(self.conn, anchor.number, edition)
                         if edition and rule_version(self.conn, anchor.number, edition) else None)
            except (KeyError, ValueError):
                found = None
            self._lineages[key] = found
        return self._lineages[key]

    def text(self, number: Optional[str], edition: str) -> str:
        """The text of rule ``number`` in history edition ``edition`` ('' if none)."""
        if not number:
            return ""
        key = (number, edition)
        if key not in self._texts:
            self._texts[key] = (rule_version(self.conn, number, edition) or {}).get("text") or ""
        return self._texts[key]

    def _seed(self, concept: str, edition: EditionInfo) -> Optional[str]:
        anchor = seed_anchor(concept, edition)
        self.fallbacks.add(concept)
        self._seeded[concept] = anchor.edition
        return anchor.number

    def number(self, concept: str, edition: EditionInfo = LATEST) -> Optional[str]:
        """The number of ``concept`` in ``edition`` (None: no such rule then)."""
        rows = [a for a in anchors(concept) if a.number]
        if not self.editions or not rows:
            return self._seed(concept, edition)
        target = self.in_force(edition.date)
        if target is not None and _absent(concept, target):
            return None
        lins = [(a, self._lineage(a)) for a in rows]
        if target is None or all(lin is None for _, lin in lins):
            return self._seed(concept, edition)
        found = [(a, lin.number_in(target)) for a, lin in lins if lin is not None and lin.number_in(target)]
        if not found:
            return None
        words = [a.words for a in rows]
        # the rule that holds the concept's words there; among several, the anchor in force's
        preferred = _in_force_first(rows, target)
        return min(found, key=lambda f: (not any(holds(self.text(f[1], target), w) for w in words),
                                         preferred.index(f[0])))[1]

    def layer(self, concept: str, edition: EditionInfo = LATEST) -> Optional[str]:
        """The layer (``5``, ``6``) or sublayer (``6c``, ``7d``) of ``concept``
        as the rules of ``edition`` name it; None when that text names none
        (the 2003 rules had no layers) or there is no rule history."""
        if not self.editions:
            return None
        target = self.in_force(edition.date)
        number = self.number(concept, edition)
        if target is None or number is None:
            return None
        own = self.text(number, target)
        head = _LAYER_HEAD.match(own)
        if head:
            return head.group(1)
        words = [w for a in anchors(concept) for w in a.layer_words]
        for text in (own, self.text(self.number("layers", edition), target)):
            labels = [label for label, item in _layer_items(text) if any(holds(item, w) for w in words)]
            if labels:
                return max(labels, key=len)      # the sublayer (6c) over its layer (6)
        return None


def _layer_items(text: str) -> list[tuple[str, str]]:
    """The ``(label, text)`` items of a layer list: « (6c) changes from counters; »."""
    parts = _LAYER_ITEM.split(text)
    return [(parts[i], parts[i + 1]) for i in range(1, len(parts) - 1, 2)]


def _absent(concept: str, edition: str) -> bool:
    """Whether the row of ``concept`` in force at ``edition`` (the latest not
    after it) is a « none » row: no such rule from that row until the next
    one (infect before 2010-10-01), whatever the lineage of a later anchor
    reaches back to (the wither rule 118.3c of 2009-07-11 became infect's
    119.3d).  A « - » row leaves the history to say (Amonkhet's split card
    rule 708.4 of 2017 is cited though the anchor is today's 709.4)."""
    held = [a for a in anchors(concept) if a.edition <= edition]
    return bool(held) and held[-1].absent


def _in_force_first(rows: list[Anchor], edition: str) -> list[Anchor]:
    """``rows`` from the anchor in force at ``edition`` (the latest not after
    it) back to the oldest, then the later ones, nearest first."""
    return [a for a in reversed(rows) if a.edition <= edition] + [a for a in rows if a.edition > edition]


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
