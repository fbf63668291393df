"""Rule history across Comprehensive Rules editions: building the versioned store and the edition maps.

The 102 English editions hold about 205,000 rule occurrences but only about
15,000 distinct texts.  :func:`build_history` stores each distinct version of
a rule once with the editions it holds in (:mod:`kb.rules.versions`), maps
every rule of an edition to the next edition (:mod:`kb.rules.mapping`) and
writes the maps to ``rule_maps``; :func:`add_edition` adds one edition to a
built history.  Reading the maps: :mod:`kb.rules.lineage` (lineage of a rule,
its number today) and :mod:`kb.rules.diff` (what changed between two editions).

``rule_maps (from_edition, from_number, to_edition, to_number, relation,
score, change)``: ``from_*`` is in the earlier edition, ``to_*`` in the next
one; one of the two numbers is NULL for ``added``/``removed``.  ``relation``:

* ``same``      same number, same words (``change`` may still be ``typo`` or ``refs``)
* ``reworded``  same number, words changed
* ``moved``     renumbered (``change`` says whether the words changed too)
* ``split``     a secondary successor: part of the old rule's text went to this new rule
                (the old rule's main successor has its own ``same``/``reworded``/``moved`` row)
* ``merged``    a secondary predecessor: this old rule's text now lives inside a rule
                that has another main predecessor
* ``added`` / ``removed``

``change`` compares the two texts (:func:`kb.rules.changes.change_kind`):
``none``, ``typo``, ``refs`` or ``words``.  ``score`` is the rapidfuzz
similarity (0-100) of the two texts with cited rule numbers masked.

"""
from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Iterable, Optional

from kb.progress import Progress, no_progress
from kb.rules.mapping import Link, map_editions
from kb.rules.similarity import Node
from kb.rules.versions import (VersionWriter, edition_rows, english_editions, refresh_version_spans,
                               write_history_editions)

@dataclass
class HistoryReport:
    """What :func:`build_history` did: counts and timings (seconds)."""

    editions: int = 0
    occurrences: int = 0
    versions: int = 0
    distinct_number_text: int = 0
    maps: int = 0
    relations: dict = field(default_factory=dict)
    seconds: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return asdict(self)


@lru_cache(maxsize=65536)
def cached_node(number: str, title: Optional[str], text: Optional[str], examples: Optional[str],
                parent: Optional[str]) -> Node:
    """The matcher node of one stored rule (most rules repeat across editions)."""
    return Node.make(number, title, text, json.loads(examples or "[]"), parent)


def matcher_nodes(rows: Iterable[tuple]) -> list[Node]:
    """Matcher nodes for the rows of :func:`kb.rules.versions.edition_rows`.
    A number printed twice in one edition (2009-10-01 has two 702.30d) is
    matched by its first occurrence."""
    seen: set[str] = set()
    out = []
    for number, title, text, examples, parent, _position in rows:
        if number not in seen:
            seen.add(number)
            out.append(cached_node(number, title, text, examples, parent))
    return out


def _save_links(conn: sqlite3.Connection, a_ed: str, b_ed: str, links: list[Link]) -> None:
    conn.executemany("INSERT INTO rule_maps VALUES (?,?,?,?,?,?,?)",
                     [(a_ed, k.from_number, b_ed, k.to_number, k.relation, k.score, k.change) for k in links])


def _report(conn: sqlite3.Connection, seconds: dict) -> HistoryReport:
    def count(sql: str) -> int:
        return conn.execute(sql).fetchone()[0]

    rel = dict(conn.execute("SELECT relation, COUNT(*) FROM rule_maps GROUP BY relation").fetchall())
    return HistoryReport(
        editions=count("SELECT COUNT(*) FROM history_editions"),
        occurrences=count("SELECT COUNT(*) FROM rule_occurrences"),
        versions=count("SELECT COUNT(*) FROM rule_versions"),
        distinct_number_text=count("SELECT COUNT(*) FROM (SELECT DISTINCT number, text FROM rule_versions)"),
        maps=sum(rel.values()), relations=rel, seconds=seconds)


def build_history(conn: sqlite3.Connection,
                  progress: Progress = no_progress) -> HistoryReport:
    """(Re)build the versioned store and the edition-to-edition maps from the
    English editions already stored by :func:`kb.store.db.save_edition`.

    Call once after all editions are stored.  ``progress`` follows
    :data:`kb.progress.Progress`.  Returns a HistoryReport; the caller
    commits.  Editions are chained in effective-date order; when two
    editions share a date the first stored is used.
    """
    t0 = time.perf_counter()
    for table in ("history_editions", "rule_versions", "rule_occurrences", "rule_maps"):
        conn.execute(f"DELETE FROM {table}")
    eds = english_editions(conn)
    step = progress("Mapping rule history", len(eds))
    writer = VersionWriter(conn)
    write_history_editions(conn, eds)
    prev_nodes, prev_ed = None, None
    t_map = 0.0
    for date, source in eds:
        rows = edition_rows(conn, source)
        writer.add(date, rows)
        nodes = matcher_nodes(rows)
        if prev_nodes is not None:
            t1 = time.perf_counter()
            links = map_editions(prev_nodes, nodes)
            t_map += time.perf_counter() - t1
            _save_links(conn, prev_ed, date, links)
        prev_nodes, prev_ed = nodes, date
        step(1)
    writer.flush()
    return _report(conn, {"maps": round(t_map, 3), "total": round(time.perf_counter() - t0, 3)})


def add_edition(conn: sqlite3.Connection, edition_source: str) -> HistoryReport:
    """Add one edition (already stored with :func:`kb.store.db.save_edition`) to
    an existing history: its versions and occurrences, and the maps to its
    neighbours in date order (the map between those neighbours is replaced).

    Raises KeyError if no English edition has that source.  On a knowledge
    base without history (:func:`build_history` not run) the edition becomes
    the only one of the history."""
    t0 = time.perf_counter()
    row = conn.execute("SELECT date, source FROM editions WHERE source=? AND lang='en'",
                       (edition_source,)).fetchone()
    if row is None:
        raise KeyError(f"no English edition stored with source {edition_source!r}")
    date = row[0]
    if conn.execute("SELECT 1 FROM history_editions WHERE edition=?", (date,)).fetchone():
        return _report(conn, {"total": round(time.perf_counter() - t0, 3)})
    known = [tuple(r) for r in conn.execute("SELECT edition, source FROM history_editions ORDER BY edition")]
    prev = [e for e in known if e[0] < date]
    nxt = [e for e in known if e[0] > date]
    rows = edition_rows(conn, edition_source)
    writer = VersionWriter(conn)
    writer.add(date, rows)
    writer.flush()
    nodes = matcher_nodes(rows)
    if prev and nxt:
        conn.execute("DELETE FROM rule_maps WHERE from_edition=? AND to_edition=?", (prev[-1][0], nxt[0][0]))
    if prev:
        _save_links(conn, prev[-1][0], date, map_editions(matcher_nodes(edition_rows(conn, prev[-1][1])), nodes))
    if nxt:
        _save_links(conn, date, nxt[0][0], map_editions(nodes, matcher_nodes(edition_rows(conn, nxt[0][1]))))
    write_history_editions(conn, sorted([*known, (date, edition_source)]))
    refresh_version_spans(conn, date)
    return _report(conn, {"total": round(time.perf_counter() - t0, 3)})
