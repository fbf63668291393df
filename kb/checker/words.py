"""A claim cut into words, the reader's first step (:mod:`kb.checker.entities` then
types stretches of them): mana symbols, power/toughness, rule numbers, numbers,
words with their French elision or English possessive, punctuation; typographic
apostrophes made plain and English "n't" cut from its verb.  The number words
of both languages are here too, since a word is a number before it is anything else.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from parser.textkeys import fold

_MONTHS_EN = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
              "november", "december")
_MONTHS_FR = ("janvier", "fevrier", "mars", "avril", "mai", "juin", "juillet", "aout", "septembre", "octobre",
              "novembre", "decembre")
#: A day written as a date ("2012-05-01", "May 1, 2012", "1 May 2012", « 1er mai 2012 »), or a month
#: ("May 2008", « mai 2008 », "2008-05"): one word, since an edition is named by it.
_DATE = r"""
    \d{4}-\d{2}(?:-\d{2})?(?![\w/-])
  | (?:\d{1,2}(?:st|nd|rd|th|er)?\s+)?(?:MONTHS)(?:\s+\d{1,2}(?:st|nd|rd|th)?,?)?\s+\d{4}(?![\w/])
""".replace("MONTHS", "|".join(_MONTHS_EN + ("février", "août", "décembre") + _MONTHS_FR))
#: Words of a claim: a date, a run of mana symbols, a power/toughness, a number, a word
#: (hyphens inside; a French elision « l' » « qu' » keeps its apostrophe), an
#: English possessive, one punctuation mark.
WORD_RE = re.compile(r"""
    (?P<date>""" + _DATE + r""")
  | (?P<mana>(?:\{[^{}\s]{1,8}\}\s?)+)
  | (?P<pt>[-+]?(?:\d+|\*|x)(?:[-+]\*|[-+]\d+)?/[-+]?(?:\d+|\*|x)(?:[-+]\*|[-+]\d+)?)(?![\w/])
  | (?P<rulenum>\d{3}\.\d{1,3}[a-z]?)(?![\w/]|\.\d)
  | (?P<num>\d+)(?![\w/])
  | (?P<nt>n't\b)
  | (?P<elided>(?:l|d|n|qu|s|c|j|m|t|jusqu|lorsqu|puisqu|quoiqu)')
  | (?P<poss>'s\b|'(?=\s))
  | (?P<word>[^\W\d_](?:[\w]|-(?=\w)|'(?=[^\W\d_]{2,}))*|\d+[^\W\d_]\w*)
  | (?P<punct>[,;:.!?()«»"“”&])
""", re.X | re.I)

NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fifteen": 15, "twenty": 20,
    "zero ": 0, "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7, "huit": 8,
    "neuf": 9, "dix": 10, "onze": 11, "douze": 12, "treize": 13, "quinze": 15, "vingt": 20,
}
#: « six » is French and English.
NUMBER_WORDS["six"] = 6
#: Number words that are also articles: read as numbers only before a counter or an attribute.
ARTICLE_NUMBERS = {"un", "une", "one"}


@dataclass
class Word:
    """One word of the claim: its kind (a group of :data:`WORD_RE`), its
    text as written and folded, and where it stands (character offsets)."""

    kind: str
    text: str
    folded: str
    start: int
    end: int


#: English contractions, spelt out: "can't" -> "ca n't" read as "can not" (one character more each: the
#: offsets of the words are in the normalized claim, :func:`as_written` gives a cut of it back as written).
_CONTRACTION = re.compile(r"(?<=\w)n't\b", re.I)
_SPELT_OUT = re.compile(r"(?<=\w) n't\b", re.I)
_SPELT = {"ca": "can", "wo": "will", "sha": "shall"}


def normalize_claim(claim: str) -> str:
    """``claim`` with typographic apostrophes made plain and English ``n't`` cut from its verb."""
    return _CONTRACTION.sub(" n't", claim.replace("’", "'").replace("‘", "'"))


def as_written(normalized: str) -> str:
    """A stretch of a claim given by :func:`normalize_claim` with its contractions joined again ("is n't"
    -> "isn't"), as a claim is written: a clause cut from a claim is read as a claim of its own."""
    return _SPELT_OUT.sub("n't", normalized)


def words_of(claim: str) -> list[Word]:
    """The words of a claim given by :func:`normalize_claim` (see :data:`WORD_RE`)."""
    out = []
    for m in WORD_RE.finditer(claim):
        kind = m.lastgroup
        text = m.group(kind).strip()
        folded = fold(text)
        if kind == "word" and folded in _SPELT and m.end() < len(claim) and claim[m.end():m.end() + 4] == " n't":
            folded = _SPELT[folded]
        elif kind == "date":
            folded = iso_date(folded)
        out.append(Word(kind, text, folded, m.start(), m.start() + len(text)))
    return out


def iso_date(folded: str) -> str:
    """A date as :data:`_DATE` reads it, folded, written as the edition resolver takes it: "2012-05-01",
    a month "2008-05" ("may 1, 2012" -> "2012-05-01", « 1er mai 2012 » -> "2012-05-01", "may 2008" ->
    "2008-05")."""
    if folded[:4].isdigit():
        return folded
    parts = re.findall(r"\d+|[a-z]+", folded)
    year = parts[-1]
    month = next(p for p in parts if p in _MONTHS_EN or p in _MONTHS_FR)
    number = (_MONTHS_EN.index(month) if month in _MONTHS_EN else _MONTHS_FR.index(month)) + 1
    day = next((p for p in parts[:-1] if p.isdigit()), None)
    return f"{year}-{number:02d}" + (f"-{int(day):02d}" if day else "")
