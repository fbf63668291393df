"""Find rule references in English and French text.

:func:`find_references` returns the rule numbers a text cites, in order,
ranges expanded: « voir règle 212.3f » -> ``["212.3f"]``, « règles 409.1b et
409.1f–h » -> ``["409.1b", "409.1f", "409.1g", "409.1h"]``, « rule 510.1 c-d »
-> ``["510.1c", "510.1d"]``.  :func:`find_reference_spans` also gives where
each phrase stands, for hyperlinking.

A regular expression only locates candidate phrases (a keyword such as
« rule » / « règle » followed by numbers, or a bare ``123.4a`` number); the
grammar ``parser/grammars/references.lark`` parses each phrase.

A quoted title after the numbers (« See rule 702.30, “Kicker.” », « Cf.
règle 614, « Effets de remplacement. » ») is kept in
:attr:`ReferenceSpan.title` so that a checker can tell a stale reference (the
number now holds another rule) from a good one; the span itself still covers
the numbers only.  :func:`find_glossary_references` finds the glossary's own
cross-references (« See Typecycling. », « See also Dependency. »).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

from lark import Lark, Token, Transformer
from lark.exceptions import LarkError

from kb.model import subrule_letter_range
from parser import grammars

_NUM = r"\d{3}(?:\.\d+[a-z]?)?"
#: (A rule number never runs on into another digit: « Core Set 2019 » cites no rule 201, « 1500 joueurs » no 150.)
_CANDIDATE = re.compile(
    r"(?:\b(?i:rules?|r[èe]gles?)[ \u00a0]+|\b(?i:sections?)[ \u00a0]+(?=[1-9]\b))?"
    rf"(?<![\d.,])(?:{_NUM}(?![\d]|,\d)|[1-9](?=\b)(?!,\d))"
    rf"(?:(?:[ \u00a0]?[a-z])?[ \u00a0]?(?:[-–—][ \u00a0]?|\?)(?:{_NUM}|[a-z])(?![a-z])"
    rf"|[ \u00a0]*(?:,[ \u00a0]*(?:and|et|or|ou)?|and|et|or|ou)[ \u00a0]*(?:{_NUM}))*"
    r"(?:,[ \u00a0]*(?:“[^”\n]{1,80}”|«[^»\n]{1,80}»|\"[^\"\n]{1,80}\"|\?[A-Z][^?\n]{0,60}\?))?"
)
#: Where a reference phrase may start: a digit or the word before the numbers
#: (the only places :data:`_CANDIDATE` can match; searched first, it is faster:
#: the first character is a set the search skips to, « ſ » is an « s » to ``(?i)``).
_CANDIDATE_START = re.compile(r"[RrSs\u017f\d](?:(?<=[Rr])(?i:ules?|[èe]gles?)[ \u00a0]|(?<=[Ss\u017f])(?i:ections?)[ \u00a0]|(?<=\d))")
#: A glossary cross-reference: « See Typecycling. », « See also World Rule. »
_GLOSSARY_CANDIDATE = re.compile(
    r"\b(?:See|Voir)[ \u00a0]+(?:(?:also|aussi)[ \u00a0]+)?(?!rules?\b|r[èe]gles?\b|sections?\b)"
    r"[A-ZÀ-Ý\[](?:[^.;:()\n]{0,60}[^.;:() \n])?(?=\.|$)"
)


@dataclass(frozen=True)
class ReferenceSpan:
    """A reference phrase: ``text[start:end]`` cites ``numbers``.

    ``title`` is the quoted title that follows the numbers, without quotes
    and final period (« Kicker », « Effets de remplacement »), or None."""

    start: int
    end: int
    numbers: tuple[str, ...]
    title: Optional[str] = None


@dataclass(frozen=True)
class GlossaryReference:
    """A glossary cross-reference: ``text[start:end]`` names glossary entry
    ``term`` (« See Typecycling. » -> ``Typecycling``); ``also`` is True for
    « See also ». Several terms may be joined (« See Active Player,
    Nonactive Player Order. »): the resolver tries the whole phrase first."""

    start: int
    end: int
    term: str
    also: bool = False


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return grammars.load("references", parser="lalr", start=["start", "glossary_ref"])


class _Expand(Transformer):
    def start(self, items):
        return [n for item in items if isinstance(item, list) for n in item]

    def title(self, items):
        return None  # read separately by parse_reference_title

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
        return [base + letter for letter in subrule_letter_range(first, letters[-1])]

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
    return _parse(phrase.strip())[0]


@lru_cache(maxsize=8192)
def _parse(phrase: str) -> tuple[list[str], Optional[str], int]:
    """(numbers, title, end of the numbers in ``phrase``) for one phrase."""
    try:
        tree = _parser().parse(phrase, start="start")
        numbers = _Expand().transform(tree)
    except (LarkError, ValueError) as err:
        raise ValueError(f"not a rule reference: {phrase!r}") from err
    title, end = None, 0
    for tok in tree.scan_values(lambda v: isinstance(v, Token)):
        if tok.type == "TITLE":
            title = _clean_title(str(tok))
        elif tok.type != "INTRO":
            end = max(end, tok.end_pos)
    return numbers, title, end


def _clean_title(raw: str) -> str:
    """« , “Kicker.” » -> « Kicker »; « , « Effets de remplacement. » » -> « Effets de remplacement »."""
    t = raw.lstrip(", \u00a0")[1:-1].strip(" \u00a0")
    return t.rstrip(".,").strip()


def find_reference_spans(text: str, lang: str = "en") -> list[ReferenceSpan]:
    """Every reference phrase in ``text`` with its offsets and rule numbers.

    A lone section digit counts only after « section »; a bare number
    ``123.4`` counts anywhere.  ``lang`` is accepted for symmetry (the
    grammar reads both languages).  The span covers the keyword and the
    numbers; a quoted title after them is reported in ``title``."""
    spans = []
    for m in _candidates(text):
        phrase = m.group(0)
        if re.fullmatch(r"[1-9]", phrase.strip()):
            continue  # a lone digit without « section »
        phrase = phrase.rstrip(" \u00a0")
        try:
            numbers, title, end = _parse(phrase)
        except ValueError:
            # the title part may be what the grammar refused: retry without it
            bare = re.sub(r",[ \u00a0]*[“«\"?].*$", "", phrase, flags=re.S).rstrip(" \u00a0")
            if bare == phrase:
                continue
            try:
                numbers, title, end = _parse(bare)
            except ValueError:
                continue
        if numbers:
            spans.append(ReferenceSpan(m.start(), m.start() + end, tuple(numbers), title))
    return spans


def _candidates(text: str):
    """``_CANDIDATE.finditer(text)``, tried only where a phrase may start."""
    search, match, pos = _CANDIDATE_START.search, _CANDIDATE.match, 0
    while (start := search(text, pos)) is not None:
        m = match(text, start.start())
        if m is None:
            pos = start.start() + 1
        else:
            yield m
            pos = m.end()


def find_references(text: str, lang: str = "en") -> list[str]:
    """Rule numbers cited in ``text``, in order of appearance, without duplicates."""
    seen: dict[str, None] = {}
    for span in find_reference_spans(text, lang):
        for n in span.numbers:
            seen.setdefault(n, None)
    return list(seen)


def find_glossary_references(text: str, lang: str = "en") -> list[GlossaryReference]:
    """Glossary cross-references in ``text`` (a glossary definition):
    « See Typecycling. » -> [GlossaryReference(…, term="Typecycling")];
    « See also World Rule. » -> term « World Rule », ``also`` True.
    « See rule … » is a rule reference, not a glossary one."""
    refs = []
    for m in _GLOSSARY_CANDIDATE.finditer(text):
        try:
            tree = _parser().parse(m.group(0), start="glossary_ref")
        except LarkError:
            continue
        tokens = {tok.type: tok for tok in tree.scan_values(lambda v: isinstance(v, Token))}
        term = tokens["TERM"]
        refs.append(GlossaryReference(m.start() + term.start_pos, m.start() + term.end_pos, str(term),
                                      "ALSO" in tokens))
    return refs
