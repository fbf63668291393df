"""The lookahead Earley parser finds the same trees as Lark's plain Earley parser, over any token sequence."""
from __future__ import annotations

import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark, Token
from lark.exceptions import UnexpectedInput
from lark.lexer import Lexer

from parser.lookahead_earley import LookaheadEarley

# A small ambiguous grammar with empty rules, left and right recursion and a nullable prefix: the cases
# where a lookahead filter could lose a parse.
GRAMMAR = r"""
start: lead? clause (CONJ clause)*
lead: ADV | ADV COMMA
clause: subject verb object? | subject COP adj+
subject: NAME | DET NOUN | subject COMMA NAME COMMA
verb: VERB | NEG VERB NEG
object: DET? NOUN | object CONJ object | NAME
adj: ADJ | NEG ADJ
%declare ADV COMMA CONJ NAME DET NOUN VERB NEG COP ADJ
"""
TYPES = ["ADV", "COMMA", "CONJ", "NAME", "DET", "NOUN", "VERB", "NEG", "COP", "ADJ"]


class _Given(Lexer):
    def __init__(self, conf):
        pass

    def lex(self, tokens):
        yield from tokens


def _plain():
    return Lark(GRAMMAR, parser="earley", lexer=_Given, ambiguity="resolve")


def _tree_or_error(parse, tokens):
    try:
        return parse(tokens).pretty()
    except UnexpectedInput as exc:
        return type(exc).__name__


def _tokens(types):
    return [Token(t, f"{t.lower()}{i}") for i, t in enumerate(types)]


PLAIN = _plain()
FILTERED = LookaheadEarley(_plain())


# Sentences of the grammar (most of them ambiguous), then the same with one token changed, dropped or added.
_subject = st.recursive(st.sampled_from([["NAME"], ["DET", "NOUN"]]),
                        lambda inner: inner.map(lambda s: s + ["COMMA", "NAME", "COMMA"]), max_leaves=3)
_object = st.recursive(st.sampled_from([["NOUN"], ["DET", "NOUN"], ["NAME"]]),
                       lambda inner: st.tuples(inner, inner).map(lambda p: p[0] + ["CONJ"] + p[1]), max_leaves=3)
_verb = st.sampled_from([["VERB"], ["NEG", "VERB", "NEG"]])
_adjs = st.lists(st.sampled_from([["ADJ"], ["NEG", "ADJ"]]), min_size=1, max_size=3).map(lambda l: sum(l, []))
_clause = st.one_of(st.tuples(_subject, _verb, st.one_of(st.just([]), _object)).map(lambda t: sum(t, [])),
                    st.tuples(_subject, _adjs).map(lambda t: t[0] + ["COP"] + t[1]))
_sentence = st.tuples(st.sampled_from([[], ["ADV"], ["ADV", "COMMA"]]), st.lists(_clause, min_size=1, max_size=3)) \
    .map(lambda t: t[0] + sum((c if i == 0 else ["CONJ"] + c for i, c in enumerate(t[1])), []))


@st.composite
def _near_sentences(draw):
    types = draw(_sentence)
    edit = draw(st.sampled_from(["none", "none", "replace", "drop", "insert"]))
    if edit != "none" and types:
        at = draw(st.integers(0, len(types) - 1))
        if edit == "replace":
            types[at] = draw(st.sampled_from(TYPES))
        elif edit == "drop":
            del types[at]
        else:
            types.insert(at, draw(st.sampled_from(TYPES)))
    return types


@settings(max_examples=300, deadline=None)
@given(st.one_of(_near_sentences(), st.lists(st.sampled_from(TYPES), max_size=9)))
def test_same_tree_or_same_failure_as_the_plain_parser(types):
    tokens = _tokens(types)
    assert _tree_or_error(FILTERED.parse, tokens) == _tree_or_error(PLAIN.parse, tokens)


@settings(max_examples=100, deadline=None)
@given(_sentence)
def test_every_generated_sentence_parses_to_the_plain_tree(types):
    tree = FILTERED.parse(_tokens(types))
    assert tree.data == "start"
    assert tree.pretty() == PLAIN.parse(_tokens(types)).pretty()


def test_a_sentence_of_the_grammar_parses_to_its_tree():
    tokens = _tokens(["ADV", "COMMA", "NAME", "COP", "NEG", "ADJ", "CONJ", "DET", "NOUN", "VERB", "NAME"])
    tree = FILTERED.parse(tokens)
    assert [c.data for c in tree.children if hasattr(c, "data")] == ["lead", "clause", "clause"]
    assert tree.pretty() == PLAIN.parse(tokens).pretty()


def test_only_an_earley_parser_over_given_tokens_is_accepted():
    with pytest.raises(TypeError, match="typed tokens"):
        LookaheadEarley(Lark("start: \"a\"", parser="earley", lexer="dynamic"))


def test_parses_in_threads_keep_their_own_lookahead():
    cases = [_tokens(["NAME", "VERB", "NAME"]), _tokens(["DET", "NOUN", "COP", "ADJ", "ADJ"]),
             _tokens(["NAME", "COP"])]
    expected = [_tree_or_error(PLAIN.parse, c) for c in cases]
    seen, errors = [], []

    def run(k):
        try:
            for _ in range(30):
                seen.append((k, _tree_or_error(FILTERED.parse, cases[k])))
        except Exception as exc:       # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(k % 3,)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert all(tree == expected[k] for k, tree in seen)
    assert expected[2] == "UnexpectedEOF"
