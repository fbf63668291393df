"""Find a card by name across the FAQ card records (and the card database
when MTGJSON data was ingested), for ``kb card``.

Names are matched folded (:func:`parser.textkeys.fold_name`: case, accents,
ligatures, apostrophes), exactly first, then as an unambiguous prefix.
"""
from __future__ import annotations

import json
import sqlite3
from typing import Optional

from kb.store import db as store
from parser.textkeys import fold_name


class CardNotFound(LookupError):
    """No card, or several, match the name; the message says which."""


def _record_dict(conn: sqlite3.Connection, row: sqlite3.Row, titles: dict) -> dict:
    return {"name": row["name"], "mana_cost": row["mana_cost"], "type_line": row["type_line"],
            "power": row["power"], "toughness": row["toughness"], "text": row["text"],
            "source": row["source"], "source_title": titles.get(row["source"], row["source"]),
            "section": row["section"], "line": row["line"], "position": row["position"],
            "notes": [n["text"] for n in store.notes_of_record(conn, row["cid"])],
            "card_links": card_links(conn, row["source"], "card_record", line=row["line"]),
            "notes_detail": [{"text": n["text"], "line": n["line"],
                              "card_links": card_links(conn, n["source"], "note", line=n["line"])}
                             for n in store.notes_of_record(conn, row["cid"])]}


def lookup_card(conn: sqlite3.Connection, name: str) -> dict:
    """The card named ``name`` as a JSON-ready dict.

    Shape: ``name``, ``mana_cost`` (None for lands), ``type_line``, ``power``,
    ``toughness`` (None unless printed), ``text``, ``notes`` (every FAQ note
    about the card, all records merged, in document order), ``source`` (id of
    the first document that prints it), ``records`` (each FAQ card record
    with its own notes) and, when the card database knows it, ``english``.
    Raises CardNotFound when nothing or several different cards match.
    """
    wanted = fold_name(name)
    if not wanted:
        raise CardNotFound("empty card name")
    rows = store.card_records(conn)
    exact = [r for r in rows if fold_name(r["name"]) == wanted]
    matches = exact or [r for r in rows if fold_name(r["name"]).startswith(wanted)]
    names = sorted({r["name"] for r in matches})
    english = None
    if not matches:
        english = _from_card_database(conn, name)
        if english is None:
            raise CardNotFound(f"no card named {name!r} in the knowledge base")
        french = english.get("french_name")
        matches = [r for r in rows if french and fold_name(r["name"]) == fold_name(french)]
        names = sorted({r["name"] for r in matches})
        if not matches:
            return {"name": english["name"], "mana_cost": english.get("mana_cost"),
                    "type_line": english.get("type_line", ""), "power": english.get("power"),
                    "toughness": english.get("toughness"), "text": english.get("text", ""), "notes": [],
                    "source": None, "records": [], "english": english, "card_links": [],
                    "mentioned_in": _mentions(conn, english)}
    if len(names) > 1:
        raise CardNotFound(f"{name!r} is ambiguous: " + "; ".join(names))
    titles = {d["id"]: d["title"] for d in store.documents(conn)}
    records = [_record_dict(conn, r, titles) for r in matches]
    first = records[0]
    notes = [n for rec in records for n in rec["notes"]]
    if english is None:
        english = _from_card_database(conn, first["name"])
    return {"name": first["name"], "mana_cost": first["mana_cost"], "type_line": first["type_line"],
            "power": first["power"], "toughness": first["toughness"], "text": first["text"],
            "notes": notes, "source": first["source"], "records": records, "english": english,
            "card_links": first["card_links"], "mentioned_in": _mentions(conn, english)}


def _mentions(conn: sqlite3.Connection, english: Optional[dict]) -> list[dict]:
    if not english:
        return []
    from kb.cards.links import mentions_of
    return mentions_of(conn, english["name"])


def _from_card_database(conn: sqlite3.Connection, name: str):
    """The card database's view of ``name`` (dict) or None when no MTGJSON
    data was ingested or the name is unknown there."""
    has_cards = conn.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='mtg_cards'").fetchone()
    if not has_cards:
        return None
    try:
        from kb.cards import db as carddb
        card = carddb.find_card(conn, name)
    except Exception:
        return None
    if card is None:
        return None
    return card.to_dict() if hasattr(card, "to_dict") else json.loads(json.dumps(card, default=str))


def card_links(conn: sqlite3.Connection, source: str, kind: str, *, number: Optional[str] = None,
               line: Optional[int] = None, example: Optional[int] = None) -> list[dict]:
    """Card names found in one text of the knowledge base (from table
    ``card_mentions`` filled at build time by :mod:`kb.cards.links`).

    ``kind`` is ``rule``, ``rule_title``, ``example``, ``note`` or
    ``card_record``; rules are located by ``number`` (and ``example``
    index), notes and records by ``line``.  Each link: ``{"surface": as
    written, "name": English card name, "start", "end"}`` (character offsets
    in that text).  Empty when no card data was ingested."""
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE name='card_mentions'").fetchone():
        return []
    sql = 'SELECT surface, card, start, "end" FROM card_mentions WHERE source=? AND kind=?'
    args: list = [source, kind]
    for col, val in (("number", number), ("line", line), ("example", example)):
        if val is not None:
            sql += f" AND {col}=?"
            args.append(val)
    return [{"surface": s, "name": c, "start": a, "end": b}
            for s, c, a, b in conn.execute(sql + " ORDER BY start", args)]


def rule_with_links(conn: sqlite3.Connection, rule) -> dict:
    """``rule.to_dict()`` plus ``card_links`` (over the text), ``title_links``
    and ``example_links`` (one list per example)."""
    d = rule.to_dict()
    d["card_links"] = card_links(conn, rule.source, "rule", number=rule.number)
    d["title_links"] = card_links(conn, rule.source, "rule_title", number=rule.number) if rule.title else []
    d["example_links"] = [card_links(conn, rule.source, "example", number=rule.number, example=i)
                          for i in range(len(rule.examples))]
    return d
