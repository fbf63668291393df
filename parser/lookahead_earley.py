"""Lark's Earley parser over tokens typed beforehand, predicting only what the next token can start.

Lark's Earley predictor adds, for every nonterminal an item expects, every rule of that nonterminal's
leftmost closure, whatever the input holds next.  A large grammar over a short input pays for it: the
structure grammar of claims (``claim_reading.lark``) predicts some 2,400 items at the first column of a
two-token claim, almost all of which can never scan.

When the tokens are made before the parse (the claim reader types every word first), the type of the
token at each column is known.  A rule that cannot derive the empty string and whose FIRST set does not
hold that type cannot take part in any parse from that column, so it is not predicted there (the classic
one-token lookahead of Earley parsers).  The parses found, and the tree chosen among ambiguous ones, are
those of the plain parser; only dead items are left out.

:class:`LookaheadEarley` wraps a ``Lark(parser="earley")`` instance built with a custom lexer that yields
the given tokens.  Its :meth:`~LookaheadEarley.parse` is thread-safe: the lookahead of a parse in progress
is held per thread.
"""
from __future__ import annotations

import threading
from typing import Optional, Sequence

from lark import Lark, Token
from lark.parsers.earley import Parser as EarleyParser

__all__ = ["LookaheadEarley"]


class _Predictions(dict):
    """Nonterminal -> the rules of its leftmost closure that can start with one token type (filled on demand)."""

    def __init__(self, closure: dict, first: dict, token_type: Optional[str]):
        super().__init__()
        self.closure, self.first, self.token_type = closure, first, token_type

    def __missing__(self, nonterminal):
        rules = [rule for rule in self.closure[nonterminal] if self._can_start(rule)]
        self[nonterminal] = rules
        return rules

    def _can_start(self, rule) -> bool:
        starts = self.first[rule]
        return starts is None or self.token_type in starts     # None: the rule can derive the empty string


class _FilteredEarley(EarleyParser):
    """Lark's Earley parser whose ``predictions`` are those of the token at the column being predicted."""

    @classmethod
    def wrapping(cls, plain: EarleyParser) -> "_FilteredEarley":
        parser = cls.__new__(cls)
        state = dict(plain.__dict__)
        parser._closure = state.pop("predictions")
        parser.__dict__.update(state)
        parser._first = {rule: _first_types(rule, plain.FIRST, plain.NULLABLE) for rule in plain.parser_conf.rules}
        parser._by_type = {}
        parser._lock = threading.Lock()
        parser._local = threading.local()
        return parser

    @property
    def predictions(self):
        return self._local.current

    def _at(self, column: int) -> None:
        types = self._local.types
        token_type = types[column] if column < len(types) else None
        table = self._by_type.get(token_type)
        if table is None:
            with self._lock:
                table = self._by_type.setdefault(token_type, _Predictions(self._closure, self._first, token_type))
        self._local.current = table

    def predict_and_complete(self, i, to_scan, columns, transitives, node_cache):
        self._at(i)
        return super().predict_and_complete(i, to_scan, columns, transitives, node_cache)

    def parse(self, lexer, start):
        self._at(0)
        return super().parse(lexer, start)


def _first_types(rule, first: dict, nullable: set) -> Optional[frozenset]:
    """The token types a rule's expansion can start with; None when the whole expansion can be empty."""
    types = set()
    for symbol in rule.expansion:
        if symbol.is_term:
            types.add(symbol.name)
            return frozenset(types)
        types.update(t.name for t in first[symbol])
        if symbol not in nullable:
            return frozenset(types)
    return None


class LookaheadEarley:
    """An Earley ``Lark`` parser over typed tokens, with one-token lookahead in its predictor."""

    def __init__(self, lark: Lark):
        frontend = lark.parser
        if not isinstance(frontend.parser, EarleyParser) or lark.options.lexer in ("dynamic", "dynamic_complete"):
            raise TypeError("LookaheadEarley needs Lark(parser='earley') with a lexer that yields typed tokens")
        self._filtered = _FilteredEarley.wrapping(frontend.parser)
        frontend.parser = self._filtered
        self.lark = lark

    def parse(self, tokens: Sequence[Token], start: Optional[str] = None):
        """The tree of ``tokens`` from ``start`` (as ``Lark.parse``; raises Lark's ``UnexpectedInput``)."""
        self._filtered._local.types = tuple(token.type for token in tokens)
        return self.lark.parse(tokens, start=start)
