"""Checks of the French fields of a card printing, made when the card data
is ingested (:mod:`kb.cards.ingest`): the card data sometimes shifts fields
(« Engagez le permanent ciblé. » as the Ice face's type line, the artist
« Franz Vohwinkel » as its text) or prints English in a French text.

:func:`doubtful_fields` names the fields not to trust (``type_line``,
``text``); they are stored in ``mtg_french.doubtful`` (comma-separated),
shown marked, and the printing least doubtful is preferred
(:func:`kb.cards.db.side_by_side`).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Optional

from parser.cardface import CardFaceError, parse_type_line
from parser.textkeys import fold

_WORD = re.compile(r"[^\W\d_]+")
#: Function words telling English from French rules text (folded).
_ENGLISH = frozenset("the you your of target creature each with this that its may card player at end turn "
                     "until gets deals damage".split())
_FRENCH = frozenset("le la les vous votre de des du cible une un chaque avec ce cette jusqu fin tour "
                    "joueur carte inflige blessures".split())


def english_sentences(text: str) -> bool:
    """True when ``text`` reads as English rather than French."""
    words = [fold(w.lower()) for w in _WORD.findall(text or "")]
    en = sum(w in _ENGLISH for w in words)
    fr = sum(w in _FRENCH for w in words)
    return en >= 3 and en > 2 * fr


@lru_cache(maxsize=8192)
def _type_line_ok(type_line: str) -> bool:
    try:
        parse_type_line(type_line, "fr")
    except CardFaceError:
        return False
    except Exception:  # a checker never stops an ingest
        return False
    return True


def doubtful_fields(type_line: Optional[str], text: Optional[str],
                    artist: Optional[str] = None, flavor_name: Optional[str] = None) -> list[str]:
    """The French fields of one printing that are not what they claim:
    ``type_line`` when it does not parse as a French type line (or reads as
    English), ``text`` when it holds the artist or the flavour name or reads
    as English."""
    out = []
    if type_line and (not _type_line_ok(type_line) or english_sentences(type_line)
                      or parse_type_line_english(type_line)):
        out.append("type_line")
    if text:
        names = [n for n in (artist, flavor_name) if n and len(n) > 3]
        if any(n in text for n in names) or english_sentences(text):
            out.append("text")
    return out


@lru_cache(maxsize=8192)
def parse_type_line_english(type_line: str) -> bool:
    """True when a French type line is the English one (« Creature — Avatar »)."""
    try:
        parse_type_line(type_line, "en")
    except Exception:
        return False
    return type_line.split()[0] in {"Creature", "Instant", "Sorcery", "Enchantment", "Artifact", "Land",
                                    "Legendary", "Planeswalker", "Tribal", "Kindred", "Battle", "Basic", "Snow"}
