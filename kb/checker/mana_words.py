"""Mana said in words where a claim says what a card costs, as the symbols of a mana cost: "costs one green
mana" is "costs {G}", « ne coûte qu'un mana vert » is « ne coûte que {G} », « coûte deux manas génériques et
un mana bleu » is « coûte {2}{U} ».

A pass over the typed tokens of :mod:`kb.checker.entities`, after a cost verb (``COSTV``, with a negation,
« que » or "only" between): each group is a count (a number, "one", "a", the article « un » passed over
before it, "a single") and a colour, "colorless" or "generic" beside the word mana, in either order;
groups join with "and" / « et » / a comma.  Nothing is made of mana without a count or without a colour
word: "costs three mana" says a mana value, which the reader reads as one.
"""
from __future__ import annotations

from typing import Optional

from lark import Token

from parser.textkeys import fold

#: Words that count one mana ("one green mana", "a single blue mana").
_ONE = frozenset(("one", "a", "an", "single", "un", "une", "seul"))
#: Words that say generic mana.
_GENERIC = frozenset(("generic", "generique", "generiques"))
#: Token types between a cost verb and its cost.
_BETWEEN = frozenset(("NEG", "QUE", "ONLY"))


def _fold(tok: Token) -> str:
    return fold(str(tok.value))


def _count(tokens: list[Token], i: int, articles: dict) -> tuple[Optional[int], int]:
    """(count, next index) of the count at ``i``: a number or a word of one, or the article passed over
    before the token at ``i``; (None, i) when there is none."""
    tok = tokens[i]
    if tok.type == "NUM" and isinstance(tok.value, int):
        return tok.value, i + 1
    if tok.type == "ONLY" and _fold(tok) == "one" or tok.type == "ONE":   # « qu'un seul mana vert », "one"
        return 1, i + 1
    if tok.type in ("WORD", "HAS") and _fold(tok) in _ONE:
        k = i + 1
        if k < len(tokens) and tokens[k].type == "WORD" and _fold(tokens[k]) == "single":
            k += 1
        return 1, k
    if articles.get(tok.start_pos) in ("un", "une", "a", "an"):
        return 1, i
    return None, i


def _kind(tok: Token) -> Optional[str]:
    """The symbol a colour word stands for, "C" for colorless, "" for generic, None for another token."""
    if tok.type == "COLOR" and str(tok.value) in "WUBRG":
        return str(tok.value)
    if tok.type == "COLORLESS":
        return "C"
    if tok.type == "WORD" and _fold(tok) in _GENERIC:
        return ""
    return None


def _group(tokens: list[Token], i: int, articles: dict) -> tuple[Optional[str], int]:
    """(symbols, next index) of one group at ``i`` ("two green mana", « deux manas verts »), or (None, i)."""
    n, k = _count(tokens, i, articles)
    if n is None or k + 1 >= len(tokens):
        return None, i
    first, second = tokens[k], tokens[k + 1]
    if first.type == "MANAWORD":
        kind = _kind(second)
    elif second.type == "MANAWORD":
        kind = _kind(first)
    else:
        kind = _kind(first) if first.type in ("COLOR", "COLORLESS") or _kind(first) == "" else None
        if kind is None:
            return None, i
        return _symbols(n, kind), k + 1           # "two generic and one green mana": the mana word later
    if kind is None:
        return None, i
    return _symbols(n, kind), k + 2


def _symbols(n: int, kind: str) -> str:
    return "{%d}" % n if kind == "" else "{%s}" % kind * n


def costs_in_symbols(tokens: list[Token], articles: dict) -> list[Token]:
    """``tokens`` with the mana a cost says in words as one ``MANA`` token (see the module docstring)."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        out.append(tokens[i])
        if tokens[i].type != "COSTV":
            i += 1
            continue
        i += 1
        while i < len(tokens) and tokens[i].type in _BETWEEN and not (tokens[i].type == "ONLY" and
                                                                       _fold(tokens[i]) == "one"):
            out.append(tokens[i])
            i += 1
        start, parts = i, []
        while i < len(tokens):
            symbols, k = _group(tokens, i, articles)
            if symbols is None:
                break
            parts.append(symbols)
            i = k
            if i + 1 < len(tokens) and tokens[i].type == "AND":
                symbols, _ = _group(tokens, i + 1, articles)
                if symbols is not None:
                    i += 1
                    continue
            break
        if parts and ("MANAWORD" in {t.type for t in tokens[start:i]}):
            generic = sum(int(p[1:-1]) for p in parts if p[1:-1].isdigit())
            coloured = "".join(p for p in parts if not p[1:-1].isdigit())
            value = ("{%d}" % generic if generic else "") + coloured
            out.append(Token("MANA", value, start_pos=tokens[start].start_pos, end_pos=tokens[i - 1].end_pos))
        else:
            i = start
            one = _one_mana(tokens, i, articles)
            if one is not None:
                out.append(one)
                i += 1 if tokens[i].type != "MANAWORD" else 0
    return out


def _one_mana(tokens: list[Token], i: int, articles: dict) -> Optional[Token]:
    """The count 1 of "costs one mana", « ne coûte qu'un seul mana » (a mana value said with no colour),
    as a number token; None when the cost at ``i`` is not one mana in words."""
    if i >= len(tokens) or tokens[i].type == "NUM":
        return None
    n, k = _count(tokens, i, articles)
    if n != 1 or k >= len(tokens) or tokens[k].type != "MANAWORD" or \
            (k + 1 < len(tokens) and _kind(tokens[k + 1]) is not None):
        return None
    return Token("NUM", 1, start_pos=tokens[i].start_pos, end_pos=tokens[i].end_pos)


def cost_verbs(tokens: list[Token], claim: str) -> list[Token]:
    """"cost" right after a card or a pronoun is the verb, not the noun: "Does X cost {U}?", "they cost {1}"."""
    out = list(tokens)
    for k in range(1, len(out)):
        tok = out[k]
        if tok.type == "ATTR" and tok.value == "mana_cost" and claim[tok.start_pos:tok.end_pos].lower() == "cost" \
                and out[k - 1].type in ("CARD", "PRON"):
            out[k] = Token("COSTV", "cost", start_pos=tok.start_pos, end_pos=tok.end_pos)
    return out
