"""A knowledge base of the seeds and all English Comprehensive Rules editions,
with the rule history and the French alignment built, made once per test
session and shared by tests/test_history.py, tests/test_alignment.py and
tests/test_references.py (kept in a module-level cache: a pytest fixture
imported into two test modules would be built twice).

Skips (through tests.conftest.require_shared) when ../shared/corpus is absent.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.conftest import SEEDS, require_shared

_CACHE: dict[str, Path] = {}


def history_kb(tmp_path_factory) -> Path:
    """Path of the SQLite file (built on first call)."""
    if "db" in _CACHE:
        return _CACHE["db"]
    cr_dir = require_shared("cr", "en")
    from kb.rules import alignment
    from kb.rules import history
    from kb.store import db as store
    from parser.cr import parse_cr
    from parser.faq import parse_document

    db = tmp_path_factory.mktemp("history") / store.DB_NAME
    conn = store.create(db)
    for path in sorted(SEEDS.glob("*.txt")):
        store.save_document(conn, parse_document(path))
    for path in sorted(cr_dir.glob("*.txt")):
        store.save_edition(conn, parse_cr(path))
    history.build_history(conn)
    alignment.align_french(conn)
    conn.commit()
    conn.close()
    _CACHE["db"] = db
    return db


def connect(tmp_path_factory) -> sqlite3.Connection:
    return sqlite3.connect(history_kb(tmp_path_factory))
