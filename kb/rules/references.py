"""The stored references: writing the ``references`` and
``reference_warnings`` tables for the resolver (:mod:`kb.rules.resolver`,
the only place that finds and resolves references) and reading them back for
the site, the CLI, the JSON and the French alignment (:func:`spans_by_text`).

A row locates its text the way ``card_mentions`` does: ``source`` (edition
source or document id), ``kind`` (``rule``, ``example``, ``glossary``,
``note``, ``section``, ``section_title``, ``card_record``), ``number`` (rule
number or glossary term), ``example`` (index) and ``line``; ``start`` and
``end`` are the span in that text.  ``target_source`` / ``target_edition`` /
``target`` say what the reference reaches; ``current`` lists today's numbers
when a French document cites an older edition.
"""
from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Optional

from parser.textkeys import fold

#: Columns of ``references``, in order.
FIELDS = ("source", "kind", "number", "example", "line", "start", "end", "phrase", "title", "cited",
          "target", "target_kind", "target_source", "target_edition", "status", "current")
#: Columns of ``reference_warnings``, in order.
WARNING_FIELDS = ("type", "source", "document", "file", "line", "col", "rule", "cited", "target", "phrase",
                  "expected", "editions", "message")
_COLUMNS = ", ".join(f'"{f}"' for f in FIELDS)
WARNING_TYPES = ("ref.missing", "ref.title_mismatch", "ref.ambiguous", "ref.range")


@dataclass(frozen=True)
class Where:
    """Where a text is: its source, kind, rule number (or term), example index, line."""

    source: str
    kind: str
    number: Optional[str]
    example: Optional[int] = None
    line: Optional[int] = None


@lru_cache(maxsize=1)
def _french_terms() -> dict[str, str]:
    from kb.cards.terms import load_terms

    try:
        pairs = load_terms()
    except (FileNotFoundError, ValueError):
        return {}
    return {fold(p.fr): p.en for p in pairs if p.kind in ("keyword_ability", "keyword_action", "rules_term")}


def english_title(title: str) -> Optional[str]:
    """The English for a French rule title (« Kick » -> « Kicker »), from the
    committed terms; None when unknown (the title is then not checked)."""
    return _french_terms().get(fold(title.strip().rstrip(".,").strip()))


class RefRows:
    """The rows the resolver makes, written per source when ``store`` (the
    tables emptied first when ``replace``)."""

    def __init__(self, conn: sqlite3.Connection, store: bool, replace: bool = True):
        self.conn = conn
        self.store = store
        self.rows: list[tuple] = []
        self.count = 0
        if store and replace:
            conn.execute('DELETE FROM "references"')
            conn.execute("DELETE FROM reference_warnings")

    def add(self, where: Where, span, phrase: str, cited: str, target: Optional[str], kind: str, ed,
            status: str) -> None:
        self.count += 1
        if self.store:
            self.rows.append((where.source, where.kind, where.number, where.example, where.line, span.start,
                              span.end, phrase, span.title, cited, target, kind,
                              ed.source if ed else None, ed.date if ed else None, status, None))

    def add_term(self, where: Where, g, phrase: str, ed) -> None:
        self.count += 1
        if self.store:
            self.rows.append((where.source, where.kind, where.number, where.example, where.line, g.start, g.end,
                              phrase, None, g.term, g.term if ed else None, "glossary",
                              ed.source if ed else None, ed.date if ed else None,
                              "resolved" if ed else "missing", None))

    def flush(self) -> None:
        if self.rows:
            self.conn.executemany(f'INSERT INTO "references" VALUES ({",".join("?" * len(FIELDS))})', self.rows)
            self.rows = []

    def finish(self, dangling: list) -> None:
        """Today's numbers of the documents' references, and the warnings."""
        self.flush()
        _store_current(self.conn)
        store_warnings(self.conn, dangling)


def _store_current(conn: sqlite3.Connection) -> None:
    """``current`` of each document reference reaching an older English edition."""
    from kb.rules.lineage import forward_closure
    from kb.rules.versions import history_editions

    eds = history_editions(conn)
    if not eds:
        return
    rows = conn.execute('SELECT DISTINCT target_edition, target FROM "references" r JOIN documents d '
                        "ON d.id = r.source WHERE target_edition IS NOT NULL AND target_kind='rule' "
                        "AND target_edition != ?", (eds[-1],)).fetchall()
    wanted: dict[str, set[str]] = defaultdict(set)
    for edition, target in rows:
        if edition in eds:
            wanted[edition].add(target)
    for edition, numbers in wanted.items():
        for number, now in forward_closure(conn, edition, sorted(numbers), follow_splits=False).items():
            conn.execute('UPDATE "references" SET current=? WHERE target_edition=? AND target=? AND source IN '
                         "(SELECT id FROM documents)", (json.dumps(sorted(now)), edition, number))


def _message(d) -> str:
    if d.kind == "glossary":
        return f"{d.phrase}: no glossary entry {d.target}"
    if d.type == "ref.missing":
        return f"{d.phrase}: nothing numbered {d.target} here"
    if d.type == "ref.range":
        return f"{d.phrase}: {d.target}, inside the range, does not exist"
    to = f"; resolved to {d.resolved_to}, which carries that title" if d.resolved_to else ""
    many = " (several rules carry it)" if d.type == "ref.ambiguous" else ""
    return f"{d.phrase}: {d.target} is “{d.expected}”{to}{many}"


def store_warnings(conn: sqlite3.Connection, dangling: list) -> None:
    """One typed, located warning per :class:`kb.rules.resolver.Dangling`."""
    files = dict(conn.execute("SELECT source, path FROM editions"))
    files.update(conn.execute("SELECT id, path FROM documents"))
    conn.executemany(f"INSERT INTO reference_warnings VALUES ({','.join('?' * len(WARNING_FIELDS))})", [
        (d.type, d.source, d.document, files.get(d.source), d.line, d.col, d.rule, d.target,
         d.resolved_to or (d.target if d.reason == "title" else None), d.phrase, d.expected,
         json.dumps(d.editions or [d.document]), _message(d)) for d in dangling])


# ---------------------------------------------------------------- reading


@dataclass(frozen=True)
class StoredReference:
    """One stored reference (a row of ``references``)."""

    source: str
    kind: str
    number: Optional[str]
    example: Optional[int]
    line: Optional[int]
    start: int
    end: int
    phrase: str
    title: Optional[str]
    cited: str
    target: Optional[str]
    target_kind: str
    target_source: Optional[str]
    target_edition: Optional[str]
    status: str
    current: Optional[str]

    @property
    def now(self) -> list[str]:
        return json.loads(self.current) if self.current else []

    def to_dict(self) -> dict:
        return {**asdict(self), "current": self.now}


def text_key(source: str, kind: str, number: Optional[str] = None, line: Optional[int] = None,
             example: Optional[int] = None) -> tuple:
    """The key of one text (rules by number and example index, others by line)."""
    return (source, kind, number, None, example) if number is not None else (source, kind, None, line, None)


def references_by_text(conn: sqlite3.Connection, source: str) -> dict[tuple, list]:
    """The stored references of the texts of ``source``, grouped by :func:`text_key`."""
    out: dict[tuple, list[StoredReference]] = defaultdict(list)
    for ref in references_of(conn, source):
        out[text_key(ref.source, ref.kind, ref.number, ref.line, ref.example)].append(ref)
    return out


def references_of(conn: sqlite3.Connection, source: str, number: Optional[str] = None) -> list[StoredReference]:
    """The references made by the texts of ``source`` (of rule ``number`` and its examples)."""
    sql = f'SELECT {_COLUMNS} FROM "references" WHERE source=?'
    args: tuple = (source,)
    if number is not None:
        sql, args = sql + " AND number=? AND kind IN ('rule', 'example')", (source, number)
    return [StoredReference(*row) for row in conn.execute(sql + " ORDER BY rowid", args)]


def citing(conn: sqlite3.Connection, target_source: str, target: str) -> list[StoredReference]:
    """The references that reach rule ``target`` of ``target_source``."""
    return [StoredReference(*row) for row in conn.execute(
        f'SELECT {_COLUMNS} FROM "references" '
        "WHERE target_source=? AND target=? AND target_kind != 'glossary' ORDER BY source, number",
        (target_source, target))]


def reference_warnings(conn: sqlite3.Connection, type: Optional[str] = None,
                       source: Optional[str] = None) -> list[dict]:
    """The stored reference warnings, of ``type`` and of ``source`` (edition
    date or source, or document id) when given."""
    out = []
    for row in conn.execute("SELECT * FROM reference_warnings ORDER BY document, rule, cited"):
        w = dict(zip(WARNING_FIELDS, row))
        w["editions"] = json.loads(w["editions"] or "[]")
        if type and w["type"] != type:
            continue
        if source and source not in (w["source"], w["document"]) and source not in w["editions"]:
            continue
        out.append(w)
    return out


def spans_by_text(conn: sqlite3.Connection, lang: str = "en") -> dict[str, tuple[tuple[int, int, str], ...]]:
    """The stored references of every rule and example text of the CR
    editions in ``lang``, keyed by the text itself (texts repeat across
    editions): (start, end, cited number) per cited number, in order; a
    text citing nothing is absent.  What the French alignment compares
    (:class:`kb.rules.evidence.EditionView`), read instead of parsing the
    English texts again."""
    cited: dict[tuple, list[tuple]] = defaultdict(list)
    for source, kind, number, example, line, start, end, number_cited in conn.execute(
            'SELECT r.source, r.kind, r.number, r.example, r.line, r.start, r."end", r.cited FROM "references" r '
            "JOIN editions e ON e.source = r.source WHERE e.lang=? AND r.kind IN ('rule', 'example') "
            "AND r.target_kind != 'glossary' ORDER BY r.rowid", (lang,)):
        cited[(source, number, line)].append((kind, example, start, end, number_cited))
    out: dict[str, tuple[tuple[int, int, str], ...]] = {}
    for source, number, line, text, examples in conn.execute(
            "SELECT r.source, r.number, r.line, r.text, r.examples FROM rules r JOIN editions e "
            "ON e.source = r.source WHERE e.lang=?", (lang,)):
        refs = cited.get((source, number, line))
        if not refs:
            continue
        texts = [text or "", *json.loads(examples or "[]")]
        found: dict[str, list[tuple[int, int, str]]] = defaultdict(list)
        for kind, example, start, end, number_cited in refs:
            found[texts[0] if kind == "rule" else texts[example + 1]].append((start, end, number_cited))
        for key, spans in found.items():
            out.setdefault(key, tuple(spans))
    return out
