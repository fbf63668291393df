"""``kb card``: a card by name, from the FAQ card records and the card
database, with its notes and where it is mentioned.

Names are mapped to records and cards by :mod:`kb.cards.names` (folded with
:func:`parser.textkeys.fold_name`: case, accents, ligatures, apostrophes),
exactly first, then as an unambiguous prefix.
"""
from __future__ import annotations

import re
import sqlite3
from collections import defaultdict
from datetime import date
from typing import Optional

from kb.cards import db as carddb
from kb.cards.faces import card_characteristics
from kb.cards.mentions import card_links, mentions_of
from kb.cards.terms import load_terms
from kb.cards.names import (MAX_CANDIDATES, AmbiguousName, match_name, record_card, records_named,
                            resolve_name, suggest_names)
from kb.store import db as store
from parser.textkeys import fold_name

__all__ = ["CardNotFound", "lookup_card"]


class CardNotFound(LookupError):
    """No card, or several, match the name; the message says which.

    ``candidates``: the cards an ambiguous name or prefix fits (English
    names, or FAQ record names); ``suggestions``: the closest names when
    nothing fits (:func:`kb.cards.names.suggest_names`)."""

    def __init__(self, message: str, candidates: Optional[list] = None,
                 suggestions: Optional[list] = None, total: Optional[int] = None):
        super().__init__(message)
        self.candidates = list(candidates or [])
        self.suggestions = list(suggestions or [])
        self.total = total if total is not None else len(self.candidates)


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
    """The answer for a card no FAQ record prints: the card database's data
    (power, toughness and text are its front face's: the card database
    keeps them per face)."""
    front = (english.get("faces") or [{}])[0]
    return {"name": english["name"], "mana_cost": english.get("mana_cost"),
            "type_line": english.get("type_line", ""), "power": english.get("power", front.get("power")),
            "toughness": english.get("toughness", front.get("toughness")),
            "text": english.get("text") or front.get("text") or "", "notes": [],
            "source": None, "records": [], "english": english, "card_links": [],
            "mentioned_in": _mentions(conn, english)}


def lookup_card(conn: sqlite3.Connection, name: str) -> dict:
    """The card named ``name`` as a JSON-ready dict.

    Shape: ``name``, ``mana_cost`` (None for lands), ``type_line``, ``power``,
    ``toughness`` (None unless printed), ``text``, ``notes`` (every FAQ note
    about the card, all records merged, in document order), ``source`` (id of
    the first document that prints it), ``records`` (each FAQ card record
    with its own notes) and, when the card database knows it, ``english``.

    Order: exact names (FAQ records, then every card and face name of the
    card database, both languages, hyphens and spaces ignored), then
    prefixes.  Raises CardNotFound when several cards fit (``candidates``)
    or none does (``suggestions``: the closest names).
    """
    if not fold_name(name):
        raise CardNotFound("empty card name")
    matches = records_named(conn, name)
    english = None
    if not matches:
        english = _from_card_database(conn, name, prefix=False)
        if english is None:
            matches, english = _by_prefix(conn, name)
        if not matches and english is not None:
            matches = _records_of(conn, english)
        if not matches and english is None:
            raise CardNotFound(f"no card named {name!r} in the knowledge base")
        if not matches:
            return _with_faces(conn, _card_database_only(conn, english), name)
    return _with_faces(conn, _from_records(conn, matches, name, english), name)


def _with_faces(conn: sqlite3.Connection, result: dict, name: str) -> dict:
    """``result`` with the characteristics of the card database's card by the
    rules (:mod:`kb.cards.faces`): ``faces`` (each face, or each half),
    ``whole`` (the card as a whole: the combined split card, else the front
    face) and ``designated`` (the side of the face ``name`` designates,
    ``""`` for the whole card); and, with no FAQ record, the front face's
    P/T at the top level.  Nothing is added without card data."""
    english = result.get("english")
    card = carddb.get_card(conn, english["name"]) if english else None
    if card is None or not card.faces:
        result.setdefault("faces", [])
        return result
    chars = card_characteristics(conn, card, name)
    result["faces"] = [f.to_dict() for f in chars.faces]
    result["whole"] = chars.whole.to_dict()
    result["designated"] = chars.designated.side
    if card.layout in ("split", "aftermath"):
        english["colors"] = list(chars.whole.colors)     # both halves' (CR 709.4)
    if not result.get("records") and result.get("power") is None and result.get("toughness") is None:
        result["power"], result["toughness"] = chars.faces[0].power, chars.faces[0].toughness
    return result


def _records_of(conn: sqlite3.Connection, english: dict) -> list:
    """The FAQ records of a card of the card database (French name first)."""
    for n in (english.get("french_name"), english["name"]):
        rows = records_named(conn, n) if n else []
        if rows:
            return rows
    return []


def _by_prefix(conn: sqlite3.Connection, name: str) -> tuple[list, Optional[dict]]:
    """(FAQ records, card-database card) of the one card whose name starts
    with ``name``; CardNotFound listing the candidates when several do, or
    suggesting the closest names when none does."""
    records = records_named(conn, name, prefix=True)
    by_card: dict[str, list] = {}
    for r in records:
        by_card.setdefault(record_card(conn, r["name"]) or r["name"], []).append(r)
    m = match_name(conn, name, prefix=True)
    cards = set(by_card) | set(m.cards)
    total = max(len(cards), m.total)
    if total > 1:
        shown = sorted(cards)[:MAX_CANDIDATES]
        more = f" (and {total - len(shown)} more)" if total > len(shown) else ""
        raise CardNotFound(f"{name!r} is ambiguous, it fits {total} cards: " + "; ".join(shown) + more,
                           candidates=shown, total=total)
    if not cards:
        hints = suggest_names(conn, name)
        tail = ("; did you mean: " + "; ".join(hints) + "?") if hints else ""
        raise CardNotFound(f"no card named {name!r} in the knowledge base{tail}", suggestions=hints)
    (only,) = cards
    english = _from_card_database(conn, only, prefix=False)
    return by_card.get(only, []), english


def _from_records(conn: sqlite3.Connection, matches: list, name: str, english: Optional[dict]) -> dict:
    """The answer for a card printed by FAQ records ``matches``."""
    names = sorted({r["name"] for r in matches})
    if len(names) > 1:
        raise CardNotFound(f"{name!r} is ambiguous: " + "; ".join(names), candidates=names)
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


def _from_card_database(conn: sqlite3.Connection, name: str, prefix: bool = True) -> Optional[dict]:
    """The card database's view of ``name`` (``Card.to_dict()``), or None when
    no MTGJSON data was ingested, the name is unknown there or fits several cards."""
    try:
        english = resolve_name(conn, name, prefix=prefix)
        card = carddb.get_card(conn, english) if english else None
    except AmbiguousName:
        return None
    if card is None:
        return None
    out = card.to_dict()
    out["outdated_wording"] = outdated_wordings(conn, out)
    return out


#: A French term is a wording of the past when the card data last prints it
#: this many days before the last printing of another French term for the
#: same English term (« Retirez de la partie », last printed 2009, for Exile,
#: printed « exil… » until today).
WORDING_GAP_DAYS = 2 * 365


def _last_printed(conn: sqlite3.Connection, french: str) -> Optional[str]:
    row = conn.execute("SELECT max(release_date) FROM mtg_french WHERE text LIKE '%' || ? || '%'",
                       (french,)).fetchone()
    return row[0] if row else None


def _days(a: str, b: str) -> int:
    return (date.fromisoformat(b[:10]) - date.fromisoformat(a[:10])).days


def outdated_wordings(conn: sqlite3.Connection, card: dict) -> list[dict]:
    """The French wordings of ``card`` (a ``Card.to_dict()``) that print a
    term of the past: ``{printed, today, en, last_printed, sets}`` for each.

    The facts are the French/English term pairs (:func:`kb.cards.terms.load_terms`:
    « exile » <-> « exil » and « retirez de la partie ») and the dates the
    card data prints each French term: of the French terms of an English
    term of the oracle text, the one last printed :data:`WORDING_GAP_DAYS`
    before another is the older wording (pre-errata printed text)."""
    oracle = " ".join(f.get("text") or "" for f in card.get("faces") or ()).lower()
    french = [(t, (t.get("text") or "").lower()) for t in card.get("french") or ()]
    if not oracle or not french:
        return []
    by_english: dict = defaultdict(list)
    for p in load_terms():
        if p.fr.lower() not in by_english[p.en.lower()]:
            by_english[p.en.lower()].append(p.fr.lower())
    out = []
    for en, frs in by_english.items():
        used = [f for f in frs if any(f in text for _t, text in french)]
        if len(frs) < 2 or not used or not re.search(rf"(?<!\w){re.escape(en)}", oracle):
            continue
        last = {f: _last_printed(conn, f) for f in frs}
        today = max((f for f in frs if last[f]), key=lambda f: last[f], default=None)
        for f in used:
            if f == today or not last[f] or today is None or _days(last[f], last[today]) < WORDING_GAP_DAYS:
                continue
            sets = [s["set_code"] for t, text in french if f in text for s in t.get("sets") or ()]
            out.append({"printed": f, "today": today, "en": en, "last_printed": last[f],
                        "sets": list(dict.fromkeys(sets))})
    return out
