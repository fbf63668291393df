"""``kb card``: a card by name, from the FAQ card records and the card
database, with its notes and where it is mentioned.

Names are mapped to records and cards by :mod:`kb.cards.names` (folded with
:func:`parser.textkeys.fold_name`: case, accents, ligatures, apostrophes),
exactly first, then as an unambiguous prefix.
"""
from __future__ import annotations

import sqlite3
from typing import Optional

from kb.cards import db as carddb
from kb.cards.mentions import card_links, mentions_of, rule_with_links
from kb.cards.names import AmbiguousName, records_named
from kb.store import db as store
from parser.textkeys import fold_name

__all__ = ["CardNotFound", "card_links", "lookup_card", "rule_with_links"]


class CardNotFound(LookupError):
    """No card, or several, match the name; the message says which."""


def _record_dict(conn: sqlite3.Connection, row: sqlite3.Row, titles: dict) -> dict:
    notes = store.notes_of_record(conn, row["cid"])
    return {"name": row["name"], "mana_cost": row["mana_cost"], "type_line": row["type_line"],
            "power": row["power"], "toughness": row["toughness"], "text": row["text"],
            "source": row["source"], "source_title": titles.get(row["source"], row["source"]),
            "section": row["section"], "line": row["line"], "position": row["position"],
            "notes": [n["text"] for n in notes],
            "card_links": card_links(conn, row["source"], "card_record", line=row["line"]),
            "notes_detail": [{"text": n["text"], "line": n["line"],
                              "card_links": card_links(conn, n["source"], "note", line=n["line"])}
                             for n in notes]}


def _card_database_only(conn: sqlite3.Connection, english: dict) -> dict:
    """The answer for a card no FAQ record prints: the card database's data."""
    return {"name": english["name"], "mana_cost": english.get("mana_cost"),
            "type_line": english.get("type_line", ""), "power": english.get("power"),
            "toughness": english.get("toughness"), "text": english.get("text", ""), "notes": [],
            "source": None, "records": [], "english": english, "card_links": [],
            "mentioned_in": _mentions(conn, english)}


def lookup_card(conn: sqlite3.Connection, name: str) -> dict:
    """The card named ``name`` as a JSON-ready dict.

    Shape: ``name``, ``mana_cost`` (None for lands), ``type_line``, ``power``,
    ``toughness`` (None unless printed), ``text``, ``notes`` (every FAQ note
    about the card, all records merged, in document order), ``source`` (id of
    the first document that prints it), ``records`` (each FAQ card record
    with its own notes) and, when the card database knows it, ``english``.
    Raises CardNotFound when nothing or several different cards match.
    """
    if not fold_name(name):
        raise CardNotFound("empty card name")
    matches = records_named(conn, name, prefix=True)
    english = None
    if not matches:
        english = _from_card_database(conn, name)
        if english is None:
            raise CardNotFound(f"no card named {name!r} in the knowledge base")
        french = english.get("french_name")
        matches = records_named(conn, french) if french else []
        if not matches:
            return _card_database_only(conn, english)
    names = sorted({r["name"] for r in matches})
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
    return mentions_of(conn, english["name"]) if english else []


def _from_card_database(conn: sqlite3.Connection, name: str) -> Optional[dict]:
    """The card database's view of ``name`` (``Card.to_dict()``), or None when
    no MTGJSON data was ingested, the name is unknown there or fits several cards."""
    try:
        card = carddb.find_card(conn, name)
    except AmbiguousName:
        return None
    return card.to_dict() if card is not None else None
