"""The versioned store of English rules: each distinct version once, and where it holds.

Tables (created by :mod:`kb.store.schema`)::

    history_editions (edition, source, lang, position)      editions in date order
    rule_versions    (vid, number, lang, title, text, examples, text_hash,
                      first_edition, last_edition, edition_count)
    rule_occurrences (vid, edition, position)                one row per rule per edition
    edition_rules    (VIEW: edition, position, vid, number, lang, title, text, examples)

Writing: :func:`english_editions`, :func:`edition_rows`, :class:`VersionWriter`,
:func:`write_history_editions`, :func:`refresh_version_spans`.  Reading:
:func:`history_editions`, :func:`has_history`, :func:`rule_version`,
:func:`rules_of_edition`, :func:`editions_holding`, :func:`resolve_edition`;
the edition in force on a date: :func:`date_meant`, :func:`edition_in_force`,
:func:`edition_on`.
"""
from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from typing import Iterable, Optional

from kb.model import Rule, rule_parent
from kb.store.db import is_within

# ---------------------------------------------------------------- writing


def english_editions(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    """(date, source) of the stored English editions in date order; when two
    files share a date the first one stored wins."""
    rows = conn.execute("SELECT date, source FROM editions WHERE lang='en' AND date IS NOT NULL "
                        "ORDER BY date, source").fetchall()
    seen: dict[str, str] = {}
    for date, source in rows:
        seen.setdefault(date, source)
    return list(seen.items())


def edition_rows(conn: sqlite3.Connection, source: str) -> list[tuple]:
    """(number, title, text, examples, parent, position) of every numbered
    node of an edition: its chapters (« 702. Keyword Abilities », from the
    editions table, position -1) then its rules in document order."""
    row = conn.execute("SELECT chapters FROM editions WHERE source=?", (source,)).fetchone()
    chapters = json.loads(row[0] or "{}") if row else {}
    nodes = [(n, t, "", "[]", n[0], -1) for n, t in sorted(chapters.items()) if re.fullmatch(r"\d{3}", n)]
    have = {n for n, *_ in nodes}
    nodes += [r for r in conn.execute("SELECT number, title, text, examples, parent, position FROM rules "
                                      "WHERE source=? ORDER BY position", (source,)) if r[0] not in have]
    return nodes


def _text_hash(title: Optional[str], text: Optional[str], examples_json: str) -> str:
    return hashlib.sha1(f"{title or ''}\x00{text or ''}\x00{examples_json}".encode()).hexdigest()


class VersionWriter:
    """Assigns version ids, keeping the known ones in memory."""

    def __init__(self, conn: sqlite3.Connection, lang: str = "en"):
        self.conn, self.lang = conn, lang
        self.known: dict[tuple[str, str], int] = {
            (n, h): v for v, n, h in conn.execute("SELECT vid, number, text_hash FROM rule_versions WHERE lang=?",
                                                  (lang,))}
        self.next_vid = (conn.execute("SELECT MAX(vid) FROM rule_versions").fetchone()[0] or 0) + 1
        self.new_versions: list[tuple] = []
        self.occurrences: list[tuple] = []

    def add(self, edition: str, rows: Iterable[tuple]) -> None:
        """Record the rows of :func:`edition_rows` as occurrences in ``edition``."""
        for number, title, text, examples, _parent, position in rows:
            h = _text_hash(title, text, examples)
            vid = self.known.get((number, h))
            if vid is None:
                vid = self.known[(number, h)] = self.next_vid
                self.next_vid += 1
                self.new_versions.append((vid, number, self.lang, title, text, examples, h))
            self.occurrences.append((vid, edition, position))

    def flush(self) -> None:
        """Write the new versions (with their edition spans, computed from the
        occurrences gathered here when no older ones exist) and occurrences."""
        spans: dict[int, list] = {}
        for vid, edition, _ in self.occurrences:
            sp = spans.get(vid)
            if sp is None:
                spans[vid] = [edition, edition, 1]
            else:
                sp[0], sp[1], sp[2] = min(sp[0], edition), max(sp[1], edition), sp[2] + 1
        self.conn.executemany(
            "INSERT INTO rule_versions (vid, number, lang, title, text, examples, text_hash, first_edition,"
            " last_edition, edition_count) VALUES (?,?,?,?,?,?,?,?,?,?)",
            [(*v, *spans.get(v[0], (None, None, 0))) for v in self.new_versions])
        self.conn.executemany("INSERT OR IGNORE INTO rule_occurrences VALUES (?,?,?)", self.occurrences)
        self.new_versions, self.occurrences = [], []


def write_history_editions(conn: sqlite3.Connection, editions: list[tuple[str, str]]) -> None:
    """Replace ``history_editions`` with ``editions`` ((date, source), date order)."""
    conn.execute("DELETE FROM history_editions")
    conn.executemany("INSERT INTO history_editions VALUES (?,?,?,?)",
                     [(d, s, "en", i) for i, (d, s) in enumerate(editions)])


def refresh_version_spans(conn: sqlite3.Connection, edition: str) -> None:
    """Recompute first/last edition and count of the versions found in ``edition``."""
    conn.execute("""UPDATE rule_versions SET
        first_edition = (SELECT MIN(edition) FROM rule_occurrences o WHERE o.vid = rule_versions.vid),
        last_edition = (SELECT MAX(edition) FROM rule_occurrences o WHERE o.vid = rule_versions.vid),
        edition_count = (SELECT COUNT(*) FROM rule_occurrences o WHERE o.vid = rule_versions.vid)
        WHERE vid IN (SELECT vid FROM rule_occurrences WHERE edition=?)""", (edition,))


# ---------------------------------------------------------------- reading


def history_editions(conn: sqlite3.Connection) -> list[str]:
    """Effective dates of the editions in the history, oldest first ([]
    before :func:`kb.rules.history.build_history` has run)."""
    return [r[0] for r in conn.execute("SELECT edition FROM history_editions ORDER BY edition")]


def has_history(conn: sqlite3.Connection) -> bool:
    """True if :func:`kb.rules.history.build_history` has run on this knowledge base."""
    return conn.execute("SELECT 1 FROM history_editions LIMIT 1").fetchone() is not None


def rule_version(conn: sqlite3.Connection, number: str, edition: str) -> Optional[dict]:
    """The version of rule ``number`` in ``edition``: a dict with vid, number,
    title, text, examples (list), first_edition, last_edition, edition_count;
    None if the edition has no such rule."""
    row = conn.execute("""SELECT v.vid, v.number, v.title, v.text, v.examples, v.first_edition,
                                 v.last_edition, v.edition_count
                          FROM rule_occurrences o JOIN rule_versions v ON v.vid=o.vid
                          WHERE o.edition=? AND v.number=? AND v.lang='en'""", (edition, number)).fetchone()
    if row is None:
        return None
    keys = ("vid", "number", "title", "text", "examples", "first_edition", "last_edition", "edition_count")
    d = dict(zip(keys, row))
    d["examples"] = json.loads(d["examples"] or "[]")
    return d


def rules_of_edition(conn: sqlite3.Connection, edition: str, prefix: Optional[str] = None) -> list[Rule]:
    """The rules of one English edition read back from the versioned store
    (document order; chapters excluded), as kb.model.Rule objects with
    ``parent`` and ``children`` rebuilt from the numbers; with ``prefix``,
    only that rule and the rules below it (see kb.store.db.is_within).  For
    pages and search that should not read the per-edition copies."""
    rows = conn.execute("SELECT number, title, text, examples FROM edition_rules WHERE edition=? AND lang='en' "
                        "AND number LIKE '%.%' ORDER BY position", (edition,)).fetchall()
    source = conn.execute("SELECT source FROM history_editions WHERE edition=?", (edition,)).fetchone()
    rules = [Rule(number=n, lang="en", source=source[0] if source else edition, text=text or "", title=title,
                  edition=edition, examples=json.loads(ex or "[]"), parent=rule_parent(n))
             for n, title, text, ex in rows]
    by_number = {r.number: r for r in rules}
    for r in rules:
        if r.parent in by_number:
            by_number[r.parent].children.append(r.number)
    if prefix:
        rules = [r for r in rules if is_within(r.number, prefix)]
    return rules


def editions_holding(conn: sqlite3.Connection, number: str) -> list[str]:
    """Editions (dates, oldest first) that have a rule numbered ``number``."""
    return [r[0] for r in conn.execute(
        "SELECT o.edition FROM rule_versions v JOIN rule_occurrences o ON o.vid=v.vid "
        "WHERE v.number=? AND v.lang='en' ORDER BY o.edition", (number,))]


def resolve_edition(conn: sqlite3.Connection, number: str, edition: Optional[str]) -> str:
    """The edition meant by ``edition``: the edition in force on that date
    (:func:`edition_in_force`), or (None) the latest edition holding rule
    ``number``.  Raises ValueError without history or for a string that is
    not a date (:class:`EditionDateError`), KeyError when there is no such
    edition."""
    eds = history_editions(conn)
    if not eds:
        raise ValueError("no rule history in this knowledge base (build it with --cr editions)")
    if edition is None:
        holding = editions_holding(conn, number)
        if not holding:
            raise KeyError(f"rule {number} is in no edition")
        return holding[-1]
    return edition_asked(conn, eds, edition)


_FILE_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def edition_named(conn: sqlite3.Connection, text: Optional[str]) -> Optional[str]:
    """The effective date of the English edition whose file is named ``text`` when it differs
    from it (« 2020-01-22 », the file 2020-01-22.txt, is the edition effective 2020-01-24;
    17 files of the corpus carry a header date other than their name), else None."""
    if text is None or not _FILE_DATE.fullmatch(str(text).strip()):
        return None
    row = conn.execute("SELECT date FROM editions WHERE lang='en' AND source=? AND date<>source",
                       (str(text).strip(),)).fetchone()
    return row[0] if row else None


def edition_asked(conn: sqlite3.Connection, eds: list[str], text: str) -> str:
    """The edition ``text`` names among ``eds``: the edition of the file of that name
    (:func:`edition_named`), else the edition in force that day (:func:`edition_in_force`)."""
    named = edition_named(conn, text)
    if named is not None and named in eds:
        return named
    return edition_in_force(eds, text)


class EditionDateError(ValueError):
    """A string that is not a date YYYY-MM-DD, a month YYYY-MM nor a year YYYY."""


_DATE = re.compile(r"(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?")


def is_date(text: Optional[str]) -> bool:
    """True if ``text`` is written as a date, a month or a year (valid or not:
    « 2007-13 » is, « 2008-05-01_fr » is not)."""
    return text is not None and _DATE.fullmatch(str(text).strip()) is not None


def date_meant(text: str) -> str:
    """The day a date, month or year stands for when asking for an edition:
    ``2008-05-01`` itself, ``2009-02`` its last day (2009-02-28), ``2007``
    its 31 December.  Raises :class:`EditionDateError` for anything else
    (« 2007-13 », « 2009-02-30 », « last tuesday »)."""
    import calendar

    m = _DATE.fullmatch(str(text).strip())
    if not m:
        raise EditionDateError(f"not a date: {text!r} (expected YYYY-MM-DD, a month YYYY-MM or a year YYYY)")
    year, month, day = int(m.group(1)), m.group(2), m.group(3)
    if month and not 1 <= int(month) <= 12:
        raise EditionDateError(f"not a date: {text!r} (no month {month})")
    if month is None:
        return f"{year:04d}-12-31"
    last = calendar.monthrange(year, int(month))[1]
    if day is None:
        return f"{year:04d}-{month}-{last:02d}"
    if not 1 <= int(day) <= last:
        raise EditionDateError(f"not a date: {text!r} (no day {day} in {year:04d}-{month})")
    return f"{year:04d}-{month}-{day}"


def edition_in_force(eds: list[str], date: str) -> str:
    """The edition in force on ``date`` (see :func:`date_meant`: a month
    means its last day, a year its 31 December): the latest of the editions
    ``eds`` (effective dates, oldest first) on or before that day.  The one
    place that decides it.  Raises :class:`EditionDateError` for a string
    that is not a date, KeyError (one line, naming the earliest edition)
    for a day before the first edition."""
    day = date_meant(date)
    earlier = [e for e in eds if e <= day]
    if not earlier:
        first = f"the earliest is {eds[0]}; " if eds else ""
        raise KeyError(f"no edition in force on {day} ({first}kb editions lists them)")
    return earlier[-1]


def edition_on(conn: sqlite3.Connection, date: str) -> str:
    """The English Comprehensive Rules edition of the knowledge base in force
    on ``date`` (:func:`edition_in_force` over the rule history, or over the
    stored editions when no history was built).  KeyError without any."""
    eds = history_editions(conn) or [d for d, _ in english_editions(conn)]
    if not eds:
        date_meant(date)
        raise KeyError("no Comprehensive Rules edition in the knowledge base (kb build --cr PATH...)")
    return edition_asked(conn, eds, date)
