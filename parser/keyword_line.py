"""A keyword line of a card's rules text read with ``parser/grammars/keyword_line.lark``.

:class:`KeywordLineReader` is built once per keyword vocabulary (folded name ->
name as the rules write it: ``{"flying": "Flying", "first strike": "First strike"}``);
its :meth:`~KeywordLineReader.read` gives the :class:`PrintedKeyword` of a line
made only of keyword abilities, or None when the line is anything else.  A
printed keyword keeps its parts apart, so that a reader compares « Suspend
4—{1}{U} » by its number 4 and its cost {1}{U}, « Kicker {1}{G} and/or {W} » by
either cost, « Equip Knight {1} » by its quality and its cost, without reading
the text again.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Mapping, Optional

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import LarkError

from parser import grammars

__all__ = ["KeywordLineReader", "PrintedKeyword"]


@dataclass(frozen=True)
class PrintedKeyword:
    """One keyword ability printed on a face: « Suspend 4—{1}{U} »."""

    #: The keyword's name as the rules write it (« Suspend », « First strike »).
    name: str
    #: The ability as printed, first letter capitalised (« Suspend 4—{1}{U} »).
    text: str
    #: Its number (« 4 », « X »), if it has one.
    number: Optional[str] = None
    #: Its costs in mana symbols (« {1}{U} »); two for « Kicker {1}{G} and/or {W} ».
    costs: tuple[str, ...] = ()
    #: A cost, or the part of one, written in words (« Discard two cards »).
    cost_words: Optional[str] = None
    #: Its quality (« from red », « Knight », « creature you control », « onto Arcane »).
    quality: Optional[str] = None
    #: A sentence after it on its line that qualifies it (« X can't be 0 », « Activate only once each turn »).
    rider: Optional[str] = None
    #: (keyword ability, rule) when the rules name it a variant of another (« Megamorph »: morph,
    #: 702.37b); set by the knowledge base that knows the rules (:mod:`kb.cards.facekeywords`).
    variant_of: Optional[tuple[str, str]] = None

    def to_dict(self) -> dict:
        return {"name": self.name, "text": self.text, "number": self.number, "costs": list(self.costs),
                "cost_words": self.cost_words, "quality": self.quality, "rider": self.rider,
                "variant_of": list(self.variant_of) if self.variant_of else None}


def _keyword_terminal(names: Mapping[str, str]) -> str:
    alternatives = "|".join(re.escape(n).replace("/", "\\/") for n in sorted(names, key=len, reverse=True) if n)
    if not alternatives:              # a knowledge base that knows no keyword ability: a terminal that never matches
        alternatives = "(?!x)x"
    return f"\nKEYWORD.2: /({alternatives})(?![\\w'’-])/i\n"


@dataclass(frozen=True)
class _Cost:
    """What a cost production read: mana costs, then words (« {3}{B}{B} », « Exile five … »)."""

    costs: tuple[str, ...] = ()
    words: Optional[str] = None


@v_args(inline=True)
class _Reader(Transformer):
    """The parse of a keyword line -> the :class:`PrintedKeyword` of each keyword, ``text`` left empty."""

    def __init__(self, names: Mapping[str, str]):
        super().__init__()
        self._names = names

    def _name(self, token: Token) -> str:
        written = " ".join(str(token).split())
        return self._names.get(written.lower()) or written[:1].upper() + written[1:]

    def line(self, *parts):
        found = [p for p in parts if isinstance(p, PrintedKeyword)]
        last = parts[-1]
        if isinstance(last, Token) and last.type == "RIDER":
            found[-1] = replace(found[-1], rider=str(last).lstrip(". ").strip())
        return found

    def bare(self, keyword):
        return PrintedKeyword(self._name(keyword), "")

    def numbered(self, keyword, number, _dash=None, cost=_Cost()):
        return PrintedKeyword(self._name(keyword), "", number=str(number), costs=cost.costs, cost_words=cost.words)

    def costed(self, keyword, *rest):
        cost = rest[-1]
        return PrintedKeyword(self._name(keyword), "", costs=cost.costs, cost_words=cost.words)

    def qualified(self, keyword, quality, *rest):
        cost = rest[-1] if rest else _Cost()
        return PrintedKeyword(self._name(keyword), "", costs=cost.costs, cost_words=cost.words,
                              quality=" ".join(str(quality).split()))

    def cost(self, first, tail=None):
        if isinstance(first, Token):           # COST_WORDS
            return _Cost(words=str(first).strip())
        return _Cost(first.costs, str(tail).lstrip(", ").strip() if tail is not None else None)

    def costs(self, *parts):
        return _Cost(tuple(p for p in parts if not isinstance(p, Token)))      # OR tokens left out

    def mana(self, *symbols):
        return "".join(str(s) for s in symbols)

    def quality(self, *words):
        return " ".join(str(w) for w in words)


class KeywordLineReader:
    """Reads keyword lines with the keyword abilities ``names`` (folded -> as the rules write them)."""

    def __init__(self, names: Mapping[str, str]):
        self._names = dict(names)
        self._parser = Lark(grammars.text("keyword_line") + _keyword_terminal(self._names), start="line",
                            parser="lalr", lexer="contextual", propagate_positions=True)
        self._reader = _Reader(self._names)

    def read(self, line: str) -> Optional[list[PrintedKeyword]]:
        """The keyword abilities of ``line`` (reminder text already removed), or None when the line
        is not made only of keyword abilities."""
        text = line.strip().rstrip(".").rstrip()
        if not text:
            return None
        try:
            tree = self._parser.parse(text)
        except LarkError:
            return None
        found = self._reader.transform(tree)
        spans = [k.meta for k in tree.children if not isinstance(k, Token)]
        out = []
        for keyword, meta in zip(found, spans):
            written = text[meta.start_pos:meta.end_pos]
            out.append(replace(keyword, text=written[:1].upper() + written[1:]))
        return out
