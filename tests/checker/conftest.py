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
