"""The types of the MTGJSON card fields the ingest reads (:mod:`kb.cards.ingest`).

A card entry whose value has another type (a list ``manaCost``, an object
``power``, a number ``text``, ``subtypes: [null, 3]``, number keywords) is
left out of the build alone, named with its set file and card name: one bad
value costs that card, never the build.
"""
from __future__ import annotations

from typing import Optional

__all__ = ["card_problem"]

#: MTGJSON card fields and the type each must have (None is always allowed).
_TEXT_FIELDS = ("layout", "side", "faceName", "manaCost", "type", "power", "toughness", "loyalty", "text",
                "number", "uuid", "rarity", "artist", "flavorName")
_TEXT_LIST_FIELDS = ("colors", "colorIdentity", "colorIndicator", "keywords", "supertypes", "types", "subtypes")
_NUMBER_FIELDS = ("manaValue", "convertedManaCost", "faceManaValue")


def _kind(v) -> str:
    return {list: "a list", dict: "an object", str: "text", bool: "a boolean",
            int: "a number", float: "a number"}.get(type(v), type(v).__name__)


def card_problem(c: dict) -> Optional[str]:
    """Why the MTGJSON card entry ``c`` cannot be stored (the first field
    whose value has the wrong type), or None when every field it has that
    the ingest reads has the type MTGJSON gives it."""
    for key in _TEXT_FIELDS:
        if c.get(key) is not None and not isinstance(c[key], str):
            return f"{key!r} is {_kind(c[key])}, not text"
    for key in _TEXT_LIST_FIELDS:
        v = c.get(key)
        if v is not None and not isinstance(v, list):
            return f"{key!r} is {_kind(v)}, not a list of texts"
        wrong = [x for x in v or () if not isinstance(x, str)]
        if wrong:
            return f"{key!r} holds {_kind(wrong[0]) if wrong[0] is not None else 'null'}, not only texts"
    for key in _NUMBER_FIELDS:
        v = c.get(key)
        if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float, str))):
            return f"{key!r} is {_kind(v)}, not a number"
    if c.get("identifiers") is not None and not isinstance(c["identifiers"], dict):
        return f"'identifiers' is {_kind(c['identifiers'])}, not an object"
    ids = c.get("identifiers") or {}
    for key in ("multiverseId", "scryfallOracleId"):
        if ids.get(key) is not None and not isinstance(ids[key], (str, int)):
            return f"'identifiers.{key}' is {_kind(ids[key])}, not text"
    for key, subkeys in (("rulings", ("date", "text")), ("foreignData", ("language", "name", "faceName", "type", "text"))):
        v = c.get(key)
        if v is None:
            continue
        if not isinstance(v, list) or not all(isinstance(x, dict) for x in v):
            return f"{key!r} is {_kind(v)}, not a list of objects"
        for x in v:
            for sub in subkeys:
                if x.get(sub) is not None and not isinstance(x[sub], str):
                    return f"'{key}.{sub}' is {_kind(x[sub])}, not text"
            if x.get("multiverseId") is not None and not isinstance(x["multiverseId"], (str, int)):
                return f"'{key}.multiverseId' is {_kind(x['multiverseId'])}, not text"
    return None
