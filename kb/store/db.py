"""The knowledge base: one SQLite file holding every parsed document.

Layout of a data directory (default ``./.kb``, ``--data-dir`` or
``KB_DATA_DIR``)::

    .kb/current -> builds/20261130T211500-ab12cd   (symlink, swapped atomically)
    .kb/builds/<build>/kb.sqlite                    (this module)
    .kb/builds/<build>/index/                       (kb.search.index, Whoosh)

A build is written in a fresh ``builds/<build>`` directory and only becomes
``current`` once complete (:func:`publish`), so a failed build never leaves a
half-written database or index behind.

Tables: ``documents``, ``sections``, ``rules``, ``card_records``, ``notes``,
``warnings``, ``editions``, ``glossary``.  List-valued columns (examples,
children, references, subitems) are JSON arrays.  Other modules (the card
database) may add their own tables to the same file.
"""
from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import shutil
import sqlite3
import time
import uuid
from pathlib import Path
from typing import Iterable, Iterator, Optional

from kb.model import Document, Edition, GlossaryEntry, ParseWarning, Rule
from kb.store import schema

DB_NAME = "kb.sqlite"
INDEX_NAME = "index"

class KBNotFound(RuntimeError):
    """Raised when a data directory holds no built knowledge base."""


# ---------------------------------------------------------------- locations

def has_current(data_dir: Path) -> bool:
    """Whether a knowledge base is published in ``data_dir``."""
    return (Path(data_dir) / "current" / DB_NAME).exists()


def current_dir(data_dir: Path) -> Path:
    """The build directory ``data_dir/current`` points to.

    Raises KBNotFound (with the command to run) when there is none."""
    link = Path(data_dir) / "current"
    if not link.exists():
        raise KBNotFound(f"no knowledge base in {data_dir} (run `kb build` first, or set "
                         f"--data-dir / KB_DATA_DIR)")
    return link.resolve()


def new_build_dir(data_dir: Path) -> Path:
    """A fresh, empty ``data_dir/builds/<timestamp>-<id>`` directory.

    Raises NotADirectoryError naming ``builds`` when a file is in its place."""
    builds = Path(data_dir) / "builds"
    if builds.exists() and not builds.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "Not a directory", str(builds))
    path = builds / f"{time.strftime('%Y%m%dT%H%M%S')}-{uuid.uuid4().hex[:6]}"
    path.mkdir(parents=True)
    return path


def ensure_data_dir(data_dir: Path) -> None:
    """Create ``data_dir`` if needed; NotADirectoryError when a file is there."""
    data_dir = Path(data_dir)
    if data_dir.exists() and not data_dir.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "Not a directory", str(data_dir))
    data_dir.mkdir(parents=True, exist_ok=True)


#: SQLite result codes of a write that failed for want of room or rights (not damage).
_SQLITE_WRITE_FAULTS = {"SQLITE_FULL": errno.ENOSPC, "SQLITE_READONLY": errno.EROFS,
                        "SQLITE_CANTOPEN": errno.EACCES, "SQLITE_PERM": errno.EACCES}


def describe_write_error(err: sqlite3.Error, data_dir: Path) -> str:
    """One line for an SQLite error met while writing a new build in
    ``data_dir``: a full disk or missing rights said as such (a build writes
    a new file, so it is never a damaged knowledge base)."""
    code, cause = None, err
    while code is None and cause is not None:  # a failed rollback hides the error that caused it
        name = (getattr(cause, "sqlite_errorname", "") or "").split("_")[:2]
        code = _SQLITE_WRITE_FAULTS.get("_".join(name)) or (errno.ENOSPC if "disk is full" in str(cause) else None)
        cause = cause.__context__
    if code is not None:
        return describe_os_error(OSError(code, os.strerror(code), str(Path(data_dir) / "builds")), data_dir)
    return f"cannot write the new knowledge base in {data_dir} (SQLite: {err}); run `kb build` again"


def describe_os_error(err: OSError, data_dir: Optional[Path] = None, option: str = "--data-dir",
                      writing: Optional[bool] = None) -> str:
    """One line for a file-system error: what failed, on which path, and the
    fix (``option`` names the command-line option choosing the directory).
    With ``data_dir`` (a build), a path outside it is an input file, read."""
    path = str(err.filename or data_dir or "")
    shown = path if len(path) <= 120 else f"{path[:100]}…({len(path)} characters)"
    if writing is None and data_dir is not None:
        writing = not path or _is_within(Path(path), Path(data_dir))
    verb = {True: "write", False: "read", None: "access"}[writing]
    code = err.errno
    if code == errno.ENOSPC or code == errno.EDQUOT:
        return f"no space left on the device while writing {shown}: free some disk space and run the command again"
    if code in (errno.EACCES, errno.EPERM, errno.EROFS):
        fix = {True: f"make it writable or choose another {option}", False: "make it readable",
               None: f"check its permissions or choose another {option}"}[writing]
        return f"cannot {verb} {shown}: permission denied; {fix}"
    if code == errno.ENOTDIR:
        return f"{shown}: a file is in the way where a directory is needed; move it away or choose another {option}"
    if code == errno.ENAMETOOLONG:
        return (f"cannot {verb} {shown}: file name too long (named after a very long card or document name); "
                "remove that name from the input data, or leave out the page (kb render without --all-cards)")
    if code == errno.EADDRINUSE:
        return f"{err.strerror}: another program listens there; choose another --port"
    return f"cannot {verb} {shown}: {err.strerror or err}" if shown else f"{err.strerror or err}"


def _is_within(path: Path, directory: Path) -> bool:
    try:
        path.absolute().relative_to(directory.absolute())
    except ValueError:
        return False
    return True


class BuildLocked(RuntimeError):
    """Another build is writing to the same data directory."""


@contextlib.contextmanager
def build_lock(data_dir: Path):
    """Hold ``data_dir/.build.lock`` for the duration of a build; raises
    BuildLocked at once if another build holds it."""
    lock_path = Path(data_dir) / ".build.lock"
    with open(lock_path, "a+") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BuildLocked(f"another kb build is running in {data_dir}; try again when it ends") from None
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def publish(data_dir: Path, build_dir: Path) -> None:
    """Make ``build_dir`` the current knowledge base in one atomic rename,
    then delete older builds (readers that still hold them open keep working)."""
    data_dir = Path(data_dir)
    tmp_link = data_dir / f".current-{uuid.uuid4().hex[:6]}"
    os.symlink(os.path.relpath(build_dir, data_dir), tmp_link)
    os.replace(tmp_link, data_dir / "current")
    for old in (data_dir / "builds").iterdir():
        if old.resolve() != build_dir.resolve():
            shutil.rmtree(old, ignore_errors=True)


def discard(build_dir: Path) -> None:
    """Remove an unfinished build directory."""
    shutil.rmtree(build_dir, ignore_errors=True)


# ---------------------------------------------------------------- connection

class _BuildConnection(sqlite3.Connection):
    """The connection of a build: SQLite's « database or disk is full » is
    raised as OSError(ENOSPC) naming the file, a fault of the disk that no
    handler of a bad document may take for one (see :func:`describe_os_error`)."""

    path = ""

    def _if_full(self, err: sqlite3.Error) -> None:
        if (getattr(err, "sqlite_errorname", "") or "").startswith("SQLITE_FULL") or "disk is full" in str(err):
            raise OSError(errno.ENOSPC, "No space left on device (SQLite: database or disk is full)",
                          self.path) from err

    def execute(self, *args):
        try:
            return super().execute(*args)
        except sqlite3.Error as err:
            self._if_full(err)
            raise

    def executemany(self, *args):
        try:
            return super().executemany(*args)
        except sqlite3.Error as err:
            self._if_full(err)
            raise

    def commit(self):
        try:
            return super().commit()
        except sqlite3.Error as err:
            self._if_full(err)
            raise


def create(path: Path) -> sqlite3.Connection:
    """Create an empty knowledge base file at ``path`` and return a connection."""
    conn = sqlite3.connect(path, factory=_BuildConnection)
    conn.path = str(path)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA journal_mode=OFF")
    conn.execute("PRAGMA synchronous=OFF")
    schema.create_all(conn)
    return conn


def database_path(conn: sqlite3.Connection) -> Optional[str]:
    """The file of the main database of ``conn`` (None for one in memory): what the readers that load a
    knowledge base's texts once (kb/checker/said.py, kb/checker/lexicon.py) key their caches by."""
    row = next((r for r in conn.execute("PRAGMA database_list") if r[1] == "main"), None)
    return row[2] if row and row[2] else None


def built_stamp(conn: sqlite3.Connection) -> str:
    """When the knowledge base of ``conn`` was built ("" when it does not say): with :func:`database_path`,
    what the checker's caches of a knowledge base (its lexicon, the gists of its sentences) are keyed by."""
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'built_at'").fetchone()
    except sqlite3.Error:
        return ""
    return str(row[0]) if row else ""


def connect(data_dir: Path) -> sqlite3.Connection:
    """Open the current knowledge base of ``data_dir`` read-only.

    Raises KBNotFound when nothing has been built there, or when it was
    built under another schema (:data:`kb.store.schema.SCHEMA_VERSION`);
    sqlite3.DatabaseError when the file is damaged."""
    db = current_dir(data_dir) / DB_NAME
    if not db.exists():
        raise KBNotFound(f"{db} is missing: rebuild with `kb build`")
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    version = schema.version_of(conn)
    if version != schema.SCHEMA_VERSION:
        conn.close()
        raise KBNotFound(f"{db} was built by another version of kb (schema {version or 'unrecorded'}, "
                         f"this kb reads schema {schema.SCHEMA_VERSION}): rebuild with `kb build`")
    return conn


# ---------------------------------------------------------------- writing

def _j(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def save_rules(conn: sqlite3.Connection, rules: Iterable[Rule]) -> None:
    conn.executemany(
        "INSERT INTO rules (number, lang, edition, source, title, text, examples, parent, children,"
        " refs, line, section, position, pair_of) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        [(r.number, r.lang, r.edition, r.source, r.title, r.text, _j(r.examples), r.parent,
          _j(r.children), _j(r.references), r.line, r.section, i, r.pair_of) for i, r in enumerate(rules)])


def fill_rule_references(conn: sqlite3.Connection) -> int:
    """Set every rule's and glossary entry's ``refs`` (``Rule.references``,
    ``GlossaryEntry.references``, the JSON field ``references``) from what
    the one resolver found (table ``references``,
    :mod:`kb.rules.resolver`): the numbers its text and examples cite, in
    the order written, ranges expanded, each once, its own number left out.
    Returns the number of rules and glossary entries updated.  Run after the resolution, so that
    references are read once, by the resolver, not again at parse time."""
    cited: dict[tuple, list[str]] = {}
    for source, number, line, target in conn.execute(
            'SELECT source, number, line, cited FROM "references" WHERE kind IN (\'rule\', \'example\') '
            "AND COALESCE(target_kind, '') != 'glossary' "
            'ORDER BY source, number, line, example IS NOT NULL, example, start'):
        found = cited.setdefault((source, number, line), [])
        if target and target != number and target not in found:
            found.append(target)
    rid = {(src, n, ln): i for i, src, n, ln in conn.execute("SELECT rid, source, number, line FROM rules")}
    conn.executemany("UPDATE rules SET refs=? WHERE rid=?",    # by key: no scan per rule
                     [(_j(v), rid[k]) for k, v in cited.items() if k in rid])
    terms: dict[tuple, list[str]] = {}
    for source, term, line, target in conn.execute(
            'SELECT source, number, line, cited FROM "references" WHERE kind=\'glossary\' '
            "AND target_kind IN ('rule', 'section') ORDER BY source, number, line, start"):
        found = terms.setdefault((source, term, line), [])
        if target and target not in found:
            found.append(target)
    gid = {(src, t, ln): i for i, src, t, ln in conn.execute("SELECT gid, source, term, line FROM glossary")}
    conn.executemany("UPDATE glossary SET refs=? WHERE gid=?",
                     [(_j(v), gid[k]) for k, v in terms.items() if k in gid])
    return len(cited) + len(terms)


def save_warnings(conn: sqlite3.Connection, source: str, warnings: Iterable[ParseWarning]) -> None:
    conn.executemany("INSERT INTO warnings VALUES (?,?,?,?,?,?,?)",
                     [(source, w.file, w.line, w.column, w.text, w.message, w.type) for w in warnings])


def save_document(conn: sqlite3.Connection, doc: Document) -> None:
    """Store a parsed FAQ / rules-excerpt document and everything in it."""
    conn.execute("INSERT INTO documents VALUES (?,?,?,?,?,?,?,?)",
                 (doc.id, doc.path, doc.lang, doc.kind, doc.title, doc.edition, _j(doc.metadata),
                  _j(doc.paragraphs)))
    conn.executemany("INSERT INTO sections VALUES (?,?,?,?,?,?,?)",
                     [(s.source, s.id, s.title, s.heading, s.text, s.line, i)
                      for i, s in enumerate(doc.sections)])
    save_rules(conn, doc.rules)
    save_glossary(conn, doc.glossary, doc.id)
    note_card: dict[int, int] = {}
    for i, card in enumerate(doc.cards):
        cur = conn.execute(
            "INSERT INTO card_records (source, name, mana_cost, type_line, power, toughness, text,"
            " section, line, position, mana_value) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (card.source, card.name, card.mana_cost, card.type_line, card.power, card.toughness,
             card.text, card.section, card.line, i, card.mana_value))
        for note in card.notes:
            note_card[id(note)] = cur.lastrowid
    conn.executemany(
        "INSERT INTO notes (source, card_record, card, section, text, subitems, line, position)"
        " VALUES (?,?,?,?,?,?,?,?)",
        [(n.source, note_card.get(id(n)), n.card, n.section, n.text, _j(n.subitems), n.line,
          n.position) for n in doc.notes])
    save_warnings(conn, doc.id, doc.warnings)


def save_edition(conn: sqlite3.Connection, ed: Edition) -> None:
    """Store one Comprehensive Rules edition: its rules, glossary and counts."""
    conn.execute("INSERT INTO editions VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                 (ed.source, ed.date, ed.path, ed.lang, ed.encoding, len(ed.rules), len(ed.glossary),
                  ed.lost_quotes, len(ed.warnings), _j(ed.sections), _j(ed.chapters), ed.credits))
    save_rules(conn, ed.rules)
    save_glossary(conn, ed.glossary, ed.source)
    save_warnings(conn, ed.source, ed.warnings)


def save_glossary(conn: sqlite3.Connection, entries: Iterable[GlossaryEntry], source: str) -> None:
    """Store glossary entries (of an edition, or of a French rules document)."""
    conn.executemany(
        "INSERT INTO glossary (edition, source, lang, term, definition, refs, line)"
        " VALUES (?,?,?,?,?,?,?)",
        [(g.edition, g.source or source, g.lang, g.term, g.definition, _j(g.references), g.line)
         for g in entries])


def set_meta(conn: sqlite3.Connection, key: str, value) -> None:
    conn.execute("INSERT OR REPLACE INTO meta VALUES (?,?)", (key, _j(value)))


# ---------------------------------------------------------------- reading

def get_meta(conn: sqlite3.Connection, key: str, default=None):
    row = conn.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
    return json.loads(row[0]) if row else default


def row_to_rule(row: sqlite3.Row) -> Rule:
    return Rule(number=row["number"], lang=row["lang"], source=row["source"], text=row["text"] or "",
                title=row["title"], edition=row["edition"], examples=json.loads(row["examples"]),
                parent=row["parent"], children=json.loads(row["children"]),
                references=json.loads(row["refs"]), line=row["line"], section=row["section"],
                pair_of=row["pair_of"] if "pair_of" in row.keys() else None)


def find_rules(conn: sqlite3.Connection, number: str, edition: Optional[str] = None,
               lang: Optional[str] = None, source: Optional[str] = None) -> list[Rule]:
    """Every stored rule numbered ``number``, latest edition first (rules
    with no known edition last), optionally filtered."""
    sql, args = "SELECT * FROM rules WHERE number=?", [number]
    for col, val in (("edition", edition), ("lang", lang), ("source", source)):
        if val:
            sql += f" AND {col}=?"
            args.append(val)
    sql += " ORDER BY edition IS NULL, edition DESC, source"
    return [row_to_rule(r) for r in conn.execute(sql, args)]


def rules_of_source(conn: sqlite3.Connection, source: str, prefix: Optional[str] = None) -> list[Rule]:
    """The rules of one document or edition in document order; with
    ``prefix``, only that rule and the rules below it (« 607 » gives 607.1,
    607.1a …; « 702.9 » gives 702.9a … but never 702.90)."""
    rows = conn.execute("SELECT * FROM rules WHERE source=? ORDER BY position", (source,))
    rules = [row_to_rule(r) for r in rows]
    if prefix:
        rules = [r for r in rules if is_within(r.number, prefix)]
    return rules


def is_within(number: str, prefix: str) -> bool:
    """True if rule ``number`` is ``prefix`` or lies below it."""
    if number == prefix:
        return True
    if "." not in prefix:
        return number.startswith(prefix + ".")
    return number[:-1] == prefix and number[-1].isalpha()


def documents(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    return conn.execute("SELECT * FROM documents ORDER BY id").fetchall()


def document(conn: sqlite3.Connection, doc_id: str) -> Optional[sqlite3.Row]:
    return conn.execute("SELECT * FROM documents WHERE id=?", (doc_id,)).fetchone()


def sections_of(conn: sqlite3.Connection, source: str) -> list[sqlite3.Row]:
    return conn.execute("SELECT * FROM sections WHERE source=? ORDER BY position", (source,)).fetchall()


def card_records(conn: sqlite3.Connection, source: Optional[str] = None) -> list[sqlite3.Row]:
    if source:
        return conn.execute("SELECT * FROM card_records WHERE source=? ORDER BY position",
                            (source,)).fetchall()
    return conn.execute("SELECT * FROM card_records ORDER BY source, position").fetchall()


def notes_of(conn: sqlite3.Connection, source: str) -> list[sqlite3.Row]:
    return conn.execute("SELECT * FROM notes WHERE source=? ORDER BY position", (source,)).fetchall()


def notes_of_record(conn: sqlite3.Connection, cid: int) -> list[sqlite3.Row]:
    return conn.execute("SELECT * FROM notes WHERE card_record=? ORDER BY position", (cid,)).fetchall()


def warnings(conn: sqlite3.Connection, source: Optional[str] = None) -> list[sqlite3.Row]:
    if source:
        return conn.execute("SELECT * FROM warnings WHERE source=?", (source,)).fetchall()
    return conn.execute("SELECT * FROM warnings ORDER BY source, line").fetchall()


#: The type of a parse warning its parser gave no kind (the CR parser's
#: layout and date warnings).
UNTYPED_WARNING = "parse.warning"


def parse_warnings(conn: sqlite3.Connection, type: Optional[str] = None,
                   source: Optional[str] = None) -> list[dict]:
    """The parse warnings of the build as typed, located records (the same
    keys as the reference warnings of :mod:`kb.rules.references`, with the
    offending ``text``): ``type`` is ``parse.<kind>`` (``parse.stray_token``…)."""
    out = []
    for row in warnings(conn, source):
        kind = f"parse.{row['type']}" if row["type"] else UNTYPED_WARNING
        if type and kind != type:
            continue
        out.append({"type": kind, "source": row["source"], "document": row["source"], "file": row["file"],
                    "line": row["line"], "col": row["col"], "rule": None, "cited": None, "target": None,
                    "phrase": None, "expected": None, "editions": [], "message": row["message"],
                    "text": row["text"]})
    return out


def editions(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    return conn.execute("SELECT * FROM editions ORDER BY date").fetchall()


def superseded_editions(conn: sqlite3.Connection) -> set[str]:
    """Sources of the editions that a later edition of the same language
    replaces: the card links and ``kb term`` read only the latest edition of
    each language unless asked for all (the same texts repeat across editions)."""
    rows = conn.execute("SELECT source, date, lang FROM editions").fetchall()
    latest: dict[str, tuple[str, str]] = {}
    for source, date, lang in rows:
        if lang not in latest or (date or "") > latest[lang][1]:
            latest[lang] = (source, date or "")
    return {r[0] for r in rows} - {v[0] for v in latest.values()}


def counts(conn: sqlite3.Connection) -> dict:
    """Row counts for the build summary."""
    q = lambda sql: conn.execute(sql).fetchone()[0]  # noqa: E731
    return {
        "documents": q("SELECT COUNT(*) FROM documents"),
        "editions": q("SELECT COUNT(*) FROM editions"),
        "rules": q("SELECT COUNT(*) FROM rules"),
        "card_records": q("SELECT COUNT(*) FROM card_records"),
        "notes": q("SELECT COUNT(*) FROM notes"),
        "sections": q("SELECT COUNT(*) FROM sections"),
        "glossary_entries": q("SELECT COUNT(*) FROM glossary"),
        "warnings": q("SELECT COUNT(*) FROM warnings"),
    }


def iter_rows(conn: sqlite3.Connection, sql: str, args=()) -> Iterator[sqlite3.Row]:
    yield from conn.execute(sql, args)
