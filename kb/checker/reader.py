"""Reading a claim in stages: typed tokens, then structure, then meaning.

1. :mod:`kb.checker.entities` turns the words into typed tokens (card names
   of the knowledge base, colours, types, keyword abilities, numbers, mana,
   negation, connectives…);
2. ``parser/grammars/claim_reading.lark`` gives them structure (edition
   lead, clauses and connectives, subjects, predicates), parsed by Lark's
   Earley parser over those tokens (predicting only what the next token can start:
   :mod:`parser.lookahead_earley`);
3. :class:`~kb.checker.meaning_tree.Meaning` (a Lark Transformer) builds the
   :class:`~kb.checker.meaning.Reading`: the entities, and the assertion
   tree with each query's polarity and quantifier; pronouns and possessives
   refer back to the last entity named.

:func:`read_claim` returns the Reading, or raises :class:`NotRead` naming
the words the reader could not place.  Nothing here knows any card's
characteristics: the model evaluates the Reading (:mod:`kb.checker.card_queries`).
"""
from __future__ import annotations

import sqlite3
from dataclasses import replace
from functools import lru_cache
from typing import Optional

from lark import Token
from lark.exceptions import UnexpectedInput, VisitError
from lark.lexer import Lexer

from kb.checker.entities import Tokenizer, Tokens, db_name_finder, vocabulary_for
from kb.checker.meaning import ATTRIBUTES, Query, Reading
from kb.checker.meaning_events import NotReadEvent
from kb.checker.meaning_tree import Meaning, NotRead
from kb.checker.per_check import PerCheck
from kb.checker.sources import citation
from parser import grammars
from parser.lookahead_earley import LookaheadEarley

__all__ = ["Reader", "NotRead", "read_claim", "structure_parser"]


class _Given(Lexer):
    """Lark's lexer slot, filled with the typed tokens already made."""

    def __init__(self, conf):
        pass

    def lex(self, tokens):
        yield from tokens


@lru_cache(maxsize=1)
def structure_parser() -> LookaheadEarley:
    """The Earley parser of ``claim_reading.lark`` over typed tokens, with one-token lookahead (cached)."""
    return LookaheadEarley(grammars.load("claim_reading", parser="earley", lexer=_Given, ambiguity="resolve",
                                         start=["start", "situation_start"]))


#: Token types only the claims about what happens use (``situation_start`` of the grammar).
SITUATION_WORDS = frozenset((
    "COND", "HYPO", "DIE", "COUNTER", "DAMAGEN", "DEAL", "DEALT", "GET", "RETURN", "SURVIVE", "TO", "BY", "ON",
    "OBJ", "LEAVEGY", "RESOLVES", "BEFORERES", "TURNEND", "WEAR", "UNUSEDMANA", "UNSPENT", "PHASEEND", "BURN",
    "ANNUL", "SAME", "SBA", "PLAYER", "LOSELIFE", "GAINLIFE", "LIFE", "POISON", "BOTHPLAYERS", "TOGETHER",
    "TWOPLAYER", "FIRST", "TRIGGERS", "GOSTACK", "BRING", "TOBF", "ASFORM", "DEALDMG", "DESTROY", "STAY", "DYING",
    "BAND", "PAIRED", "UNPAIRED", "PARTNER", "LEAVEBF", "GAINCONTROL", "STAYPAIRED"))


#: A cost said as a subject ("a {W/U}{W/U} cost", « un coût {U/B} »): a claim about a card of that cost.
_COST_SUBJECTS = {("MANA", "ATTR"), ("ATTR", "MANA")}


def _starts(tokens: Tokens) -> list[str]:
    """The start symbols a claim is parsed from, in order: a claim naming no card (nor a pronoun) is
    about what happens (« une créature 2/2 … »); one with a word only situations use is tried as a
    situation first, then as a claim about a card (« le nom anglais … est Return to Dust »)."""
    types = {t.type for t in tokens.tokens}
    pairs = {(a.type, b.type) for a, b in zip(tokens.tokens, tokens.tokens[1:])}
    if not types & {"CARD", "PRON", "PRONPOSS", "COSTLEAD", "WHOSE"} and not pairs & _COST_SUBJECTS:
        return ["situation_start"]
    if types & SITUATION_WORDS:
        return ["situation_start", "start"]
    return ["start"]


def _parse(tokens: Tokens):
    error = None
    for start in _starts(tokens):
        try:
            return structure_parser().parse(tokens.tokens, start=start)
        except UnexpectedInput as exc:
            error = error or exc
    raise error


def _unplaced(tokens: Tokens, exc: Optional[UnexpectedInput]) -> list[str]:
    words = [str(t.value) for t in tokens.tokens if t.type == "WORD"]
    if words:
        return words
    tok = getattr(exc, "token", None)
    if tok is not None and not isinstance(tok.value, dict):
        return [str(tok.value)]
    if tok is not None:
        return [tok.value.get("surface", "")]
    return []


class Reader:
    """Reads claims against the card names of a knowledge base (or none)."""

    def __init__(self, conn: Optional[sqlite3.Connection] = None):
        self.tokenizer = Tokenizer(db_name_finder(conn) if conn is not None else None, vocabulary_for(conn))

    def tokens(self, claim: str, lang: str) -> Tokens:
        """The typed tokens of ``claim``, read once per check (:func:`tokens_once`)."""
        memo = _TOKENS.memo()
        if memo is None:
            return self.tokenizer.tokenize(claim, lang)
        if (claim, lang) not in memo:
            memo[(claim, lang)] = self.tokenizer.tokenize(claim, lang)
        return memo[(claim, lang)]

    def read(self, claim: str, lang: str) -> Reading:
        """The reading of ``claim`` in ``lang``, else in the other language (a French card name in
        an English sentence may mislead the guess of its language)."""
        try:
            return self._read(claim, lang)
        except NotRead as first:
            try:
                return self._read(claim, "fr" if lang == "en" else "en")
            except NotRead:
                raise first from None

    def _read(self, claim: str, lang: str) -> Reading:
        tokens, cited = _uncited(self.tokens(claim, lang))
        tokens, zone = _zoned(tokens)
        if not tokens.tokens:
            raise NotRead("nothing to read", [])
        types = {t.type for t in tokens.tokens}
        if "WORD" in types and not types & {"ATTR", "FAQ"}:      # a word not understood has no place but a name
            raise NotRead("words outside the reader's vocabulary", _unplaced(tokens, None))
        try:
            tree = _parse(tokens)
        except UnexpectedInput as exc:
            if any(t.type == "WORD" for t in tokens.tokens):
                raise NotRead("words outside the reader's vocabulary", _unplaced(tokens, None)) from None
            raise NotRead("no structure fits these words", _unplaced(tokens, exc)) from None
        try:
            reading = Meaning(lang, tokens.text, tokens.articles, ahead=_named_ahead(tokens.tokens)).transform(tree)
        except VisitError as exc:
            inner = exc.orig_exc
            if isinstance(inner, (NotRead, NotReadEvent)):
                raise NotRead(inner.why, inner.words) from None
            raise inner from None
        reading.passed_over = tokens.passed_over
        reading.cited = cited
        if reading.asserts is None:
            raise NotRead("no assertion", [])
        if zone is not None:
            _in_zone(reading, zone)
        return reading


#: What may lead a claim with a clause that speaks of its card before naming it.
_LEADS_AHEAD = frozenset(("CONCEDE", "REASON", "COND"))


def _named_ahead(tokens: list) -> Optional[Token]:
    """The card a pronoun speaks of before the claim names it (« Bien qu'il coûte {U}, le Prophète de la
    distorsion est incolore »): the one card the claim names, when a leading concession, reason or
    condition says « il », "it" or « son » before it; else None."""
    if not tokens or tokens[0].type not in _LEADS_AHEAD:
        return None
    cards = [t for t in tokens if t.type == "CARD"]
    first = next((k for k, t in enumerate(tokens) if t.type == "CARD"), None)
    if first is None or len({(t.value["card"], t.value.get("face")) for t in cards}) != 1 or \
            not any(t.type in ("PRON", "PRONPOSS") for t in tokens[:first]):
        return None
    return cards[0]


def _zoned(tokens: Tokens) -> tuple[Tokens, Optional[Token]]:
    """The tokens without the zone said first (« Dans votre cimetière, … », "Outside the stack, …"), and it."""
    t = tokens.tokens
    if len(t) > 2 and t[0].type == "ZONE" and t[1].type == "AND":
        return replace(tokens, tokens=t[2:]), t[0]
    return tokens, None


def _in_zone(reading: Reading, zone: Token) -> None:
    """A card's characteristics in a zone other than the stack are those of the card (a split card's both
    halves, an Adventurer card's creature, a double-faced card's front): the claim reads as it would with
    no zone.  Anything else in a zone, or on the stack, is not set up: NotRead."""
    def leaves(node):
        return [node] if isinstance(node, Query) else [q for p in getattr(node, "parts", []) for q in leaves(p)]
    if str(zone.value) == "stack" or reading.events or reading.reason or reading.concession or \
            not all(q.attribute in ATTRIBUTES for q in leaves(reading.asserts)):
        raise NotRead("a zone the model does not set up for this claim", [str(zone)])
    reading.zone = str(zone.value)


def _uncited(tokens: Tokens) -> tuple[Tokens, Optional[dict]]:
    """The tokens without the rule or ruling the claim cites ("Per rule 502.10b, …", "…, per a 2017-03-14
    ruling": :mod:`kb.checker.sources`), and that citation: the claim is what it says; a FAQ or the rules of
    a year stay, for the grammar reads the edition they name."""
    found = citation(tokens.tokens, tokens.text)
    if found is None or found[0].kind not in ("rule", "ruling"):
        return tokens, None
    source, lo, hi = found
    return replace(tokens, tokens=tokens.tokens[:lo] + tokens.tokens[hi:]), source.to_dict()


#: The tokens of the claims read during one check (its clauses, the claim without its citation…), by text and
#: language: each is tokenized once however many readers look at it.
_TOKENS = PerCheck("claim_tokens")
#: Within it, a claim's text is tokenized once (the readers of one check share the tokens; the knowledge base
#: is the same for all of them).
tokens_once = _TOKENS.scope


def read_claim(claim: str, lang: str, conn: Optional[sqlite3.Connection] = None) -> Reading:
    """The :class:`Reading` of ``claim`` (see the module docstring)."""
    return Reader(conn).read(claim, lang)
