"""Which Comprehensive Rules editions the card stage reads: by default only
the latest edition of each language (linking or searching 100 English
editions takes minutes and repeats the same texts)."""
from __future__ import annotations

import sqlite3


def superseded_editions(conn: sqlite3.Connection) -> set[str]:
    """Sources of the editions (table ``editions``) that a later edition of
    the same language replaces."""
    editions = conn.execute("SELECT source, date, lang FROM editions").fetchall()
    latest: dict[str, tuple[str, str]] = {}
    for source, date, lang in editions:
        if lang not in latest or (date or "") > latest[lang][1]:
            latest[lang] = (source, date or "")
    return {e[0] for e in editions} - {v[0] for v in latest.values()}
