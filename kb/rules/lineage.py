"""Chaining the edition-to-edition maps: a rule's lineage and its number today.

* :func:`lineage`: every number and text a rule has had (:class:`Lineage`),
  following main predecessors backwards and main successors forwards through
  ``rule_maps``;
* :func:`forward_closure`: the numbers a set of rules became in a later edition;
* :func:`current_equivalent`: the numbers holding a rule in the latest edition;
* :func:`format_lineage`: the text ``kb history`` prints.
"""
from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from typing import Iterable, Optional

from kb.model import rule_sort_key
from kb.rules.changes import rule_body
from kb.rules.versions import history_editions, resolve_edition, rule_version
from kb.rules.wordiff import rule_diff_text

#: Relations whose row links a rule to its main successor / predecessor.
PRIMARY = ("same", "reworded", "moved")
#: Preference when several maps leave or reach one rule.
_RANK = {"same": 0, "reworded": 1, "moved": 2, "merged": 3, "split": 4}


@dataclass
class VersionSpan:
    """One text of a rule under one number: editions ``first``..``last``
    (``editions`` of them); ``change`` is how it differs from the span
    before (None for the first), ``diff`` a word diff when asked for."""

    vid: int
    first: str
    last: str
    editions: int
    change: Optional[str] = None
    title: Optional[str] = None
    text: str = ""
    diff: Optional[str] = None


@dataclass
class NumberSpan:
    """The rule held ``number`` from ``first`` to ``last``; ``entered`` is
    how it got that number (``added``, ``moved``, ``split``, ``merged`` or
    None for the oldest edition)."""

    number: str
    first: str
    last: str
    editions: int
    entered: Optional[str] = None
    versions: list[VersionSpan] = field(default_factory=list)


@dataclass
class Lineage:
    """The numbers and texts one rule has had across editions.

    ``query``/``edition``: the number asked for and the edition it was read
    in; ``spans``: oldest first; ``branches``: other rules split from or
    merged into this one (edition, from, to, relation); ``current``: its
    numbers in the latest edition ([] if it was removed); ``removed_after``:
    the last edition that had it, when removed.
    """

    query: str
    edition: str
    spans: list[NumberSpan] = field(default_factory=list)
    branches: list[dict] = field(default_factory=list)
    current: list[str] = field(default_factory=list)
    latest_edition: str = ""
    removed_after: Optional[str] = None

    @property
    def numbers(self) -> list[str]:
        return [s.number for s in self.spans]

    def number_in(self, edition: str) -> Optional[str]:
        """The number the rule had in ``edition`` (None outside its life)."""
        for s in self.spans:
            if s.first <= edition <= s.last:
                return s.number
        return None

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class Step:
    """One edition of a rule's chain: its ``number`` there, and the
    ``relation`` and text ``change`` of the map row that reached it."""

    edition: str
    number: str
    relation: Optional[str]
    change: Optional[str]


# ---------------------------------------------------------------- reading the maps


def _successors(conn: sqlite3.Connection, edition: str, number: str) -> list[tuple]:
    return conn.execute("SELECT to_edition, to_number, relation, score, change FROM rule_maps "
                        "WHERE from_edition=? AND from_number=? AND to_number IS NOT NULL",
                        (edition, number)).fetchall()


def _predecessors(conn: sqlite3.Connection, edition: str, number: str) -> list[tuple]:
    return conn.execute("SELECT from_edition, from_number, relation, score, change FROM rule_maps "
                        "WHERE to_edition=? AND to_number=? AND from_number IS NOT NULL",
                        (edition, number)).fetchall()


def _best(rows: list[tuple]) -> Optional[tuple]:
    """The main row among ``rows``: a primary relation, else merged/split."""
    rows = [r for r in rows if r[2] in PRIMARY] or [r for r in rows if r[2] in ("merged", "split")]
    if not rows:
        return None
    return min(rows, key=lambda r: (_RANK[r[2]], -(r[3] or 0)))


def _walk_back(conn: sqlite3.Connection, lin: Lineage) -> list[Step]:
    """The steps from the rule's first edition to ``lin.edition``, oldest
    first; the other predecessors are recorded as branches."""
    steps: list[Step] = []
    ed, num = lin.edition, lin.query
    while True:
        preds = _predecessors(conn, ed, num)
        best = _best(preds)
        for r in preds:
            if best is None or r[:2] != best[:2]:
                lin.branches.append({"edition": ed, "from": r[1], "from_edition": r[0], "to": num,
                                     "relation": r[2]})
        if best is None:
            added = conn.execute("SELECT 1 FROM rule_maps WHERE to_edition=? AND to_number=?",
                                 (ed, num)).fetchone()
            steps.append(Step(ed, num, "added" if added else None, None))
            break
        steps.append(Step(ed, num, best[2], best[4]))
        ed, num = best[0], best[1]
    steps.reverse()
    return steps


def _walk_forward(conn: sqlite3.Connection, lin: Lineage) -> list[Step]:
    """The steps after ``lin.edition`` along main successors (a split is
    never followed); sets ``removed_after`` when the rule was removed."""
    steps: list[Step] = []
    ed, num = lin.edition, lin.query
    while True:
        succs = _successors(conn, ed, num)
        best = _best([r for r in succs if r[2] != "split"])
        for r in succs:
            if best is None or r[:2] != best[:2]:
                lin.branches.append({"edition": r[0], "from": num, "from_edition": ed, "to": r[1],
                                     "relation": r[2]})
        if best is None:
            if conn.execute("SELECT 1 FROM rule_maps WHERE from_edition=? AND from_number=? "
                            "AND relation='removed'", (ed, num)).fetchone():
                lin.removed_after = ed
            return steps
        ed, num = best[0], best[1]
        steps.append(Step(ed, num, best[2], best[4]))


def _versions_of(conn: sqlite3.Connection, steps: list[Step]) -> dict[tuple[str, str], tuple]:
    """(edition, number) -> (vid, title, text, examples) of each step."""
    out = {}
    by_ed: dict[str, list[str]] = defaultdict(list)
    for s in steps:
        by_ed[s.edition].append(s.number)
    for e, nums in by_ed.items():
        for i in range(0, len(nums), 500):
            chunk = nums[i:i + 500]
            q = ",".join("?" * len(chunk))
            for vid, n, title, text, examples in conn.execute(
                    f"SELECT v.vid, v.number, v.title, v.text, v.examples FROM rule_occurrences o JOIN rule_versions v "
                    f"ON v.vid=o.vid WHERE o.edition=? AND v.lang='en' AND v.number IN ({q})", (e, *chunk)):
                out[(e, n)] = (vid, title, text or "", json.loads(examples or "[]"))
    return out


def _group_spans(lin: Lineage, steps: list[Step], versions: dict, diffs: bool) -> None:
    """Fill ``lin.spans``: a new number span at each renumbering, a new
    version span at each text change (with its word diff when ``diffs``)."""
    prev_text = None
    for i, step in enumerate(steps):
        vid, title, text, examples = versions[(step.edition, step.number)]
        if not lin.spans or lin.spans[-1].number != step.number or step.relation in ("moved", "split", "merged"):
            entered = step.relation if i > 0 or step.relation == "added" else None
            lin.spans.append(NumberSpan(step.number, step.edition, step.edition, 0, entered))
        span = lin.spans[-1]
        span.last, span.editions = step.edition, span.editions + 1
        if not span.versions or span.versions[-1].vid != vid:
            change = None if prev_text is None else (step.change or "words")
            version = VersionSpan(vid, step.edition, step.edition, 0, change, title, text)
            if diffs and prev_text is not None and change in ("words", "refs"):
                version.diff = rule_diff_text(prev_text, (rule_body(title, text), examples))
            span.versions.append(version)
        v = span.versions[-1]
        v.last, v.editions = step.edition, v.editions + 1
        prev_text = (rule_body(title, text), examples)


def lineage(conn: sqlite3.Connection, number: str, edition: Optional[str] = None,
            diffs: bool = False) -> Lineage:
    """The lineage of rule ``number`` as it stood in ``edition`` (default:
    the latest edition having that number; a date between editions means the
    edition in force then).  Follows each rule's main predecessor backwards
    and main successor forwards through the maps.

    Raises KeyError if the rule is not in that edition, ValueError if the
    knowledge base has no history.  ``diffs`` adds a word diff to each text
    change (:func:`kb.rules.wordiff.rule_diff_text`).
    """
    edition = resolve_edition(conn, number, edition)
    if rule_version(conn, number, edition) is None:
        raise KeyError(f"rule {number} is not in the edition of {edition}")
    lin = Lineage(query=number, edition=edition)
    steps = _walk_back(conn, lin) + _walk_forward(conn, lin)
    lin.latest_edition = history_editions(conn)[-1]
    _group_spans(lin, steps, _versions_of(conn, steps), diffs)
    if steps[-1].edition == lin.latest_edition:
        lin.current = current_equivalent(conn, steps[-1].number, steps[-1].edition)
    return lin


# ---------------------------------------------------------------- numbers in a later edition


def _map_rows(conn: sqlite3.Connection, a: str, b: str, frontier: list[str]) -> list[tuple]:
    """The map rows from edition ``a`` to ``b`` leaving the numbers of ``frontier``."""
    if len(frontier) > 400:
        return conn.execute("SELECT from_number, to_number, relation, score, change FROM rule_maps "
                            "WHERE from_edition=? AND to_edition=?", (a, b)).fetchall()
    q = ",".join("?" * len(frontier))
    return conn.execute(f"SELECT from_number, to_number, relation, score, change FROM rule_maps "
                        f"WHERE from_edition=? AND from_number IN ({q})", (a, *frontier)).fetchall()


def forward_closure(conn: sqlite3.Connection, edition: str, numbers: Iterable[str], until: Optional[str] = None,
                    follow_splits: bool = True) -> dict[str, set[str]]:
    """For each number of ``edition``, the numbers it became in ``until``
    (default: the latest edition), following main successors, and split
    branches when ``follow_splits``."""
    eds = history_editions(conn)
    until = until or eds[-1]
    cur = {n: {n} for n in numbers}
    i = eds.index(edition)
    for a, b in zip(eds[i:], eds[i + 1:]):
        if a >= until:
            break
        frontier = sorted({m for nums in cur.values() for m in nums})
        step: dict[str, list[tuple]] = defaultdict(list)
        for f, t, rel, score, _ in _map_rows(conn, a, b, frontier):
            if f is not None and t is not None:
                step[f].append((t, rel, score))
        for n, nums in cur.items():
            nxt = set()
            for m in nums:
                targets = step.get(m, [])
                nxt.update(t for t, rel, _ in targets if rel in PRIMARY or rel == "merged")
                if follow_splits:
                    nxt.update(t for t, rel, _ in targets if rel == "split")
            cur[n] = nxt
    return cur


def current_equivalent(conn: sqlite3.Connection, number: str, edition: str) -> list[str]:
    """Numbers in the latest edition holding what rule ``number`` of
    ``edition`` said (main successor first, then rules split from it, in
    rules order); [] if it was removed.  Raises KeyError if the rule is not
    in that edition."""
    edition = resolve_edition(conn, number, edition)
    if rule_version(conn, number, edition) is None:
        raise KeyError(f"rule {number} is not in the edition of {edition}")
    main = forward_closure(conn, edition, [number], follow_splits=False)[number]
    every = forward_closure(conn, edition, [number], follow_splits=True)[number]
    return sorted(main, key=rule_sort_key) + sorted(every - main, key=rule_sort_key)


# ---------------------------------------------------------------- text output


_CHANGE_WORDS = {"none": "same text", "typo": "typography only", "refs": "cited numbers only",
                 "words": "text changed"}


def format_lineage(lin: Lineage, diffs: bool = False) -> str:
    """``kb history`` text: one line per number the rule held, with its
    editions, then one line per text change (and its word diff when
    ``diffs`` and the lineage was built with ``diffs=True``)."""
    lines = [f"rule {lin.query} (edition {lin.edition})"]
    for span in lin.spans:
        how = f" [{span.entered}]" if span.entered else ""
        lines.append(f"  {span.number:<10} {span.first} .. {span.last}  ({span.editions} editions){how}")
        for v in span.versions:
            if v.change is None:
                continue
            lines.append(f"      {v.first}: {_CHANGE_WORDS.get(v.change, v.change)}")
            if diffs and v.diff:
                lines.append(f"        {v.diff}")
    for b in lin.branches:
        lines.append(f"  {b['relation']}: {b['from']} ({b['from_edition']}) -> {b['to']} ({b['edition']})")
    if lin.removed_after:
        lines.append(f"  removed after {lin.removed_after}")
    elif lin.current:
        lines.append(f"  today ({lin.latest_edition}): {', '.join(lin.current)}")
    return "\n".join(lines)
