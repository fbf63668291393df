"""Dates written in rules and FAQ documents, read as ISO dates.

The forms are written once, in ``parser/grammars/dates.lark``: its whole-date
terminals find a date in a line (their patterns, as Lark compiles them), and
its productions read the date found (a Lark parser and :class:`_ToIso`, a
Transformer, give the ISO date).  faq_header.lark and faq_byline.lark import the
same terminals.

* :func:`english_date` -- « effective as of January 16, 2026 » -> ``2026-01-16``;
* :func:`french_date` -- « 1er février 2010 », « 19-20 avril 2008 » (first
  day of a range), « 4 aout 2008 » (accent left out), « 15 Aoû 2011 »,
  « 26 sept. 2008 » -> ISO date;
* :func:`numeric_date` -- « 04/02/2011 », « 27.03.2011 », « 27-03-2011 » (day
  first, as French pages write them), « 2012-01-27 » (ISO) -> ISO date;
* :func:`document_date` -- the first French date of a line (in words or figures);
* :func:`written_date` -- the English date of a line, else its French date;
* :func:`iso_date` -- year, month, day -> ISO date, or None for an
  impossible date (« 31 février »);
* :func:`find_dates` -- every date of a line, in order, with its place;
* :func:`read_date` -- one date as written, with its weekday and time, -> ISO
  date (how faq_byline.lark's dates are read).

The month names of both languages are :data:`MONTHS_EN` and :data:`MONTHS_FR` (abbreviated:
:data:`MONTHS_FR_SHORT`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import Optional

from lark import Lark, Token, Transformer
from lark.exceptions import LarkError

from parser import grammars

__all__ = ["MONTHS_EN", "MONTHS_FR", "MONTHS_FR_SHORT", "FoundDate", "document_date", "english_date", "find_dates",
           "french_date", "iso_date", "numeric_date", "read_date", "written_date"]

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

#: Abbreviated French month names (« sept. », « janv. », « févr. », « Aoû »; lower case, point left out) -> month number.
MONTHS_FR_SHORT = {
    "janv": 1, "jan": 1, "mar": 3, "jun": 6, "fév": 2, "fev": 2, "févr": 2, "fevr": 2, "avr": 4, "juil": 7, "juill": 7, "aoû": 8, "aou": 8,
    "sep": 9, "sept": 9, "oct": 10, "nov": 11, "déc": 12, "dec": 12,
}

#: The whole-date terminals of dates.lark, by the function that reads them.
_FORMS = {"english": ("ENGLISH_DATE",), "french": ("WRITTEN_DATE",), "numeric": ("FIGURES_DATE", "ISO_DATE")}


def iso_date(year: int, month: int, day: int) -> Optional[str]:
    """``(2026, 1, 16)`` -> ``2026-01-16``; None if there is no such day."""
    try:
        return date(year, month, day).isoformat()
    except ValueError:
        return None


class _ToIso(Transformer):
    """A ``date`` tree of dates.lark -> its ISO date (None for an impossible day)."""

    def date(self, children):
        return next(c for c in children if not isinstance(c, Token))

    @staticmethod
    def written(children):
        day, month, year = children[0], next(c for c in children if c.type == "MONTH_FR"), children[-1]
        name = month.lower()
        return iso_date(int(year), MONTHS_FR.get(name) or MONTHS_FR_SHORT[name], int(day))

    @staticmethod
    def figures(children):
        day, month, year = (c for c in children if c.type != "FIGURE_SEP")
        return iso_date(int(year), int(month), int(day))

    @staticmethod
    def iso(children):
        year, month, day = children
        return iso_date(int(year), int(month), int(day))

    @staticmethod
    def english(children):
        month, day, year = children
        return iso_date(int(year), MONTHS_EN[month.lower()], int(day))


@lru_cache(maxsize=1)
def _grammar() -> tuple[Lark, dict[str, re.Pattern]]:
    """The reader of one date, and the pattern of each whole-date terminal."""
    reader = grammars.load("dates", parser="lalr", start="date", transformer=_ToIso())
    finder = grammars.load("dates", parser="lalr", start="found")
    patterns = {t.name: re.compile(t.pattern.to_regexp()) for t in finder.terminals}
    return reader, patterns


@lru_cache(maxsize=1)
def _search(form: str) -> re.Pattern:
    """One pattern finding the first date of ``form`` (one group per terminal)."""
    patterns = _grammar()[1]
    return re.compile("|".join(f"(?P<{name}>{patterns[name].pattern})" for name in _FORMS[form]))


@lru_cache(maxsize=4096)
def read_date(written: str) -> Optional[str]:
    """The ISO date of one date as found (« 1er février 2010 », also with its
    weekday and time: « Lun, 15 Aoû 2011, 14:32 »), or None (no such day)."""
    try:
        return _grammar()[0].parse(written)
    except LarkError:  # pragma: no cover - the terminals found it, the productions read it
        return None



def _first(form: str, text: str) -> Optional[str]:
    m = _search(form).search(text)
    return read_date(m.group()) if m else None


def english_date(text: str) -> Optional[str]:
    """ISO date of the first English date in ``text`` (« January 16, 2026 »),
    or None."""
    return _first("english", text)


def french_date(text: str) -> Optional[str]:
    """ISO date of the first French date in ``text`` (« 4 avril 2008 » ->
    ``2008-04-04``, « 1er février 2010 », « 1 er février 2010 » -> ``2010-02-01``,
    abbreviated « 26 sept. 2008 » -> ``2008-09-26``), or None.
    A day range « 19-20 avril 2008 » gives its first day."""
    return _first("french", text)


def numeric_date(text: str) -> Optional[str]:
    """ISO date of the first date written in figures in ``text``, day first
    (« Règles FR [04/02/2011] » -> ``2011-02-04``, « 27.03.2011 », « 27-03-2011 »)
    or ISO (« 2012-01-27 »), or None (also for an impossible date such as « 31/02/2011 »)."""
    return _first("numeric", text)


def document_date(text: str) -> Optional[str]:
    """The date of a French line: its first date, in words (« le 4 avril
    2008 ») or in figures (« 13/07/2009 : mise à jour »); None when that first
    date is no day (« 31/02/2011 »: never a later date of the line instead).
    The first, not the first in words: on « Mis à jour le 12/10/2010 — Sortie :
    1er octobre 2010 » the date after the phrase is the line's."""
    found = find_dates(text)
    return found[0].date if found else None


def written_date(text: str) -> Optional[str]:
    """The English date of ``text`` if it has one, else its French date:
    « …effective as of January 16, 2026. » / « …au 1er février 2010. »."""
    return english_date(text) or french_date(text)


@dataclass(frozen=True)
class FoundDate:
    """A date written in a line: where (``start``, ``end``), as written, and its ISO date (None: no such day)."""

    start: int
    end: int
    text: str
    date: Optional[str]


def find_dates(text: str) -> list[FoundDate]:
    """Every French date of ``text`` (in words, in figures, ISO), in order,
    each with the weekday before it and the time after it (« Lun 15 Aoû 2011
    14:32 », « vendredi 3 février 2012 à 21h05 »)."""
    return [FoundDate(m.start(), m.end(), m.group(), read_date(m.group("date")))
            for m in _search_all().finditer(text)]


@lru_cache(maxsize=1)
def _search_all() -> re.Pattern:
    p = {name: pattern.pattern for name, pattern in _grammar()[1].items()}
    sp = r"[ \t\u00a0]+"
    return re.compile(f"(?:(?:{p['WEEKDAY']}),?{sp})?(?P<date>{p['WRITTEN_DATE']}|{p['FIGURES_DATE']}|{p['ISO_DATE']})"
                      f"(?:,?{sp}(?:{p['TIME']}))?")
