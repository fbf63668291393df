"""Find rule references in English and French text.

:func:`find_references` returns the rule numbers a text cites, in order,
ranges expanded: « voir règle 212.3f » -> ``["212.3f"]``, « règles 409.1b et
409.1f–h » -> ``["409.1b", "409.1f", "409.1g", "409.1h"]``, « rule 510.1 c-d »
-> ``["510.1c", "510.1d"]``.  :func:`find_reference_spans` also gives where
each phrase stands, for hyperlinking.

A regular expression only locates candidate phrases (a keyword such as
« rule » / « règle » followed by numbers, or a bare ``123.4a`` number); the
grammar ``parser/references.lark`` parses each phrase.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Transformer
from lark.exceptions import LarkError

#: Subrule letters in CR order: l and o are never used.
LETTERS = "abcdefghijkmnpqrstuvwxyz"

_NUM = r"\d{3}(?:\.\d+[a-z]?)?"
_CANDIDATE = re.compile(
    r"(?:\b(?i:rules?|r[èe]gles?)[ \u00a0]+|\b(?i:sections?)[ \u00a0]+(?=[1-9]\b))?"
    rf"(?<![\d.])(?:{_NUM}|[1-9](?=\b))"
    rf"(?:(?:[ \u00a0]?[a-z])?[ \u00a0]?[-–—][ \u00a0]?(?:{_NUM}|[a-z])(?![a-z])"
    rf"|[ \u00a0]*(?:,[ \u00a0]*(?:and|et|or|ou)?|and|et|or|ou)[ \u00a0]*(?:{_NUM}))*"
)


@dataclass(frozen=True)
class ReferenceSpan:
    """A reference phrase: ``text[start:end]`` cites ``numbers``."""

    start: int
    end: int
    numbers: tuple[str, ...]


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark.open(str(Path(__file__).with_name("references.lark")), parser="lalr")


def letter_range(first: str, last: str) -> list[str]:
    """Letters from ``first`` to ``last`` in CR order (l and o skipped).
    Raises ValueError if either is not a subrule letter or they are reversed."""
    a, b = LETTERS.index(first), LETTERS.index(last)
    if b < a:
        raise ValueError(f"reversed range {first}-{last}")
    return list(LETTERS[a:b + 1])


class _Expand(Transformer):
    def start(self, items):
        return [n for item in items if isinstance(item, list) for n in item]

    def reflist(self, items):
        return [n for item in items for n in item]

    def rule_ref(self, items):
        return [str(items[0])]

    def section_ref(self, items):
        return [str(items[0])]

    def letter_range(self, items):
        number = str(items[0])
        letters = [str(t) for t in items[1:] if isinstance(t, Token) and t.type == "LETTER"]
        if number[-1].isalpha():  # 409.1f–h
            base, first = number[:-1], number[-1]
        else:                     # 510.1 c-d
            base, first = number, letters.pop(0)
        return [base + letter for letter in letter_range(first, letters[-1])]

    def number_range(self, items):
        a, b = str(items[0]), str(items[1])
        ma, mb = re.fullmatch(r"(\d{3})\.(\d+)", a), re.fullmatch(r"(\d{3})\.(\d+)", b)
        if ma and mb and ma.group(1) == mb.group(1) and int(ma.group(2)) <= int(mb.group(2)):
            return [f"{ma.group(1)}.{i}" for i in range(int(ma.group(2)), int(mb.group(2)) + 1)]
        if re.fullmatch(r"\d{3}", a) and re.fullmatch(r"\d{3}", b) and int(a) <= int(b):
            return [str(i) for i in range(int(a), int(b) + 1)]
        return [a, b]


def parse_reference(phrase: str) -> list[str]:
    """Rule numbers cited by one reference phrase, ranges expanded.
    Raises ValueError if the phrase is not a reference."""
    try:
        return _Expand().transform(_parser().parse(phrase.strip()))
    except (LarkError, ValueError) as err:
        raise ValueError(f"not a rule reference: {phrase!r}") from err


def find_reference_spans(text: str, lang: str = "en") -> list[ReferenceSpan]:
    """Every reference phrase in ``text`` with its offsets and rule numbers.

    A lone section digit counts only after « section »; a bare number
    ``123.4`` counts anywhere.  ``lang`` is accepted for symmetry (the
    grammar reads both languages)."""
    spans = []
    for m in _CANDIDATE.finditer(text):
        phrase = m.group(0)
        if re.fullmatch(r"[1-9]", phrase.strip()):
            continue  # a lone digit without « section »
        phrase = phrase.rstrip(" \u00a0")
        try:
            numbers = parse_reference(phrase)
        except ValueError:
            continue
        if numbers:
            spans.append(ReferenceSpan(m.start(), m.start() + len(phrase), tuple(numbers)))
    return spans


def find_references(text: str, lang: str = "en") -> list[str]:
    """Rule numbers cited in ``text``, in order of appearance, without duplicates."""
    seen: dict[str, None] = {}
    for span in find_reference_spans(text, lang):
        for n in span.numbers:
            seen.setdefault(n, None)
    return list(seen)
