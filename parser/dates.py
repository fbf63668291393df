"""Dates written out in words in rules and FAQ documents, read as ISO dates.

* :func:`english_date` -- « effective as of January 16, 2026 » -> ``2026-01-16``;
* :func:`french_date` -- « 1er février 2010 », « 19-20 avril 2008 » (first
  day of a range), « 4 aout 2008 » (accent left out) -> ISO date;
* :func:`numeric_date` -- « 04/02/2011 », « 13/07/2009 » (day first, as French
  pages write them) -> ISO date;
* :func:`document_date` -- the French date of a line in words, else in figures;
* :func:`written_date` -- the English date of a line, else its French date;
* :func:`iso_date` -- year, month, day -> ISO date, or None for an
  impossible date (« 31 février »).

The month names of both languages are :data:`MONTHS_EN` and :data:`MONTHS_FR` (abbreviated:
:data:`MONTHS_FR_SHORT`).
"""
from __future__ import annotations

import re
from datetime import date
from typing import Optional

__all__ = ["MONTHS_EN", "MONTHS_FR", "MONTHS_FR_SHORT", "document_date", "english_date", "french_date", "iso_date", "numeric_date",
           "written_date"]

#: English month names (lower case) -> month number.
MONTHS_EN = {
    name: number for number, name in enumerate(
        ["january", "february", "march", "april", "may", "june", "july", "august",
         "september", "october", "november", "december"], start=1)
}

#: French month names (lower case, with and without their accents) -> month number.
MONTHS_FR = {
    "janvier": 1, "février": 2, "fevrier": 2, "mars": 3, "avril": 4, "mai": 5, "juin": 6,
    "juillet": 7, "août": 8, "aout": 8, "septembre": 9, "octobre": 10, "novembre": 11,
    "décembre": 12, "decembre": 12,
}

#: Abbreviated French month names (« sept. », « janv. », « févr. »; lower case, point left out) -> month number.
MONTHS_FR_SHORT = {
    "janv": 1, "fév": 2, "fev": 2, "févr": 2, "fevr": 2, "avr": 4, "juil": 7, "sep": 9, "sept": 9,
    "oct": 10, "nov": 11, "déc": 12, "dec": 12,
}

_EN_DATE_RE = re.compile(r"([A-Z][a-z]+)\s*(\d{1,2}),\s*(\d{4})")
_NUM_DATE_RE = re.compile(r"(?<!\d)(\d{1,2})/(\d{1,2})/(\d{4})(?!\d)")
_FR_DATE_RE = re.compile(r"(\d{1,2})(?:[ \u00a0]?(?:er|ᵉʳ))?(?:-\d{1,2})?\s+([a-zéû]+)\.?\s+(\d{4})", re.IGNORECASE)


def iso_date(year: int, month: int, day: int) -> Optional[str]:
    """``(2026, 1, 16)`` -> ``2026-01-16``; None if there is no such day."""
    try:
        return date(year, month, day).isoformat()
    except ValueError:
        return None


def english_date(text: str) -> Optional[str]:
    """ISO date of the first English date in ``text`` (« January 16, 2026 »),
    or None."""
    m = _EN_DATE_RE.search(text)
    if not m or m.group(1).lower() not in MONTHS_EN:
        return None
    return iso_date(int(m.group(3)), MONTHS_EN[m.group(1).lower()], int(m.group(2)))


def french_date(text: str) -> Optional[str]:
    """ISO date of the first French date in ``text`` (« 4 avril 2008 » ->
    ``2008-04-04``, « 1er février 2010 », « 1 er février 2010 » -> ``2010-02-01``,
    abbreviated « 26 sept. 2008 » -> ``2008-09-26``), or None.
    A day range « 19-20 avril 2008 » gives its first day."""
    m = _FR_DATE_RE.search(text)
    month = m and (MONTHS_FR.get(m.group(2).lower()) or MONTHS_FR_SHORT.get(m.group(2).lower()))
    if not month:
        return None
    return iso_date(int(m.group(3)), month, int(m.group(1)))


def numeric_date(text: str) -> Optional[str]:
    """ISO date of the first date written in figures, day first, in ``text``
    (« Règles FR [04/02/2011] » -> ``2011-02-04``), or None (also for an
    impossible date such as « 31/02/2011 »)."""
    m = _NUM_DATE_RE.search(text)
    return iso_date(int(m.group(3)), int(m.group(2)), int(m.group(1))) if m else None


def document_date(text: str) -> Optional[str]:
    """The date of a French line: in words (« le 4 avril 2008 »), else in
    figures (« 13/07/2009 : mise à jour »)."""
    return french_date(text) or numeric_date(text)


def written_date(text: str) -> Optional[str]:
    """The English date of ``text`` if it has one, else its French date:
    « …effective as of January 16, 2026. » / « …au 1er février 2010. »."""
    return english_date(text) or french_date(text)
