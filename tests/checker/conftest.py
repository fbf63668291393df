"""Fixtures of the checker's tests."""
from __future__ import annotations

import pytest

from kb.store.db import connect


@pytest.fixture(scope="module")
def seed_conn(seed_kb):
    """A connection to the knowledge base of the seeds (closed after the module)."""
    conn = connect(seed_kb)
    yield conn
    conn.close()


@pytest.fixture(scope="module")
def full_conn(full_kb):
    """The full knowledge base opened as the commands open it (rows by column name), for the module."""
    conn = connect(full_kb)
    yield conn
    conn.close()
