"""The query language of ``kb search``: text -> :class:`ParsedQuery`.

The grammar is ``parser/grammars/query.lark`` (words, « phrases », ``-exclusion``,
``OR``, parentheses, ``lang:`` / ``kind:`` / ``edition:`` filters).  The
result is a small tree of :class:`Word`, :class:`Phrase`, :class:`Not`,
:class:`All` and :class:`Any` nodes, free of any search-engine type; the
engine (:mod:`kb.search.index`) turns it into its own query objects.

:func:`parse_query` never raises on user input: a query that does not parse
(« règle: », « "702.19 », « (piétinement »), or names an unknown filter, is
read again as its plain words (:func:`literal_query`) and
:attr:`ParsedQuery.notice` says why.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Optional, Union

from kb.search.words import LANGS, TOKEN_RE
from parser import grammars

#: kind: values, with the French and plural spellings users type.
KIND_ALIASES = {
    "rule": "rule", "rules": "rule", "regle": "rule", "regles": "rule", "règle": "rule", "règles": "rule",
    "card": "card", "cards": "card", "carte": "card", "cartes": "card",
    "glossary": "glossary", "glossaire": "glossary",
    "note": "note", "notes": "note", "faq": "note",
    "section": "section", "sections": "section",
    "ruling": "ruling", "rulings": "ruling", "decision": "ruling", "decisions": "ruling",
}
FILTER_ALIASES = {"lang": "lang", "langue": "lang", "kind": "kind", "type": "kind",
                  "edition": "edition", "édition": "edition", "ed": "edition"}
_EDITION = re.compile(r"^\d{4}(?:-\d{2}(?:-\d{2})?)?$")



class QuerySyntaxError(ValueError):
    """The query does not follow the query language (message says where)."""


@dataclass(frozen=True)
class Word:
    """One word as typed (``persistance``, ``-1/-1``, ``{2/B}``).

    ``lang`` set means: search it in that language only (glossary
    translations); None means both."""

    text: str
    lang: Optional[str] = None


@dataclass(frozen=True)
class Phrase:
    """Words that must follow each other (``"association d'âmes"``);
    ``boost`` weighs a glossary translation against the words typed."""

    text: str
    lang: Optional[str] = None
    boost: float = 1.0


@dataclass(frozen=True)
class Not:
    node: "Node"


@dataclass(frozen=True)
class All:
    """Every child must match (words side by side; ``Not`` children exclude)."""

    nodes: tuple


@dataclass(frozen=True)
class Any:
    """At least one child must match (``OR``; ``alt=True`` for glossary
    alternatives of one notion, scored as the best of them)."""

    nodes: tuple
    alt: bool = False


Node = Union[Word, Phrase, Not, All, Any]


@dataclass
class ParsedQuery:
    """A parsed query: ``tree`` (None when only filters were given),
    ``filters`` (``lang``, ``kind``, ``edition`` -> list of accepted values),
    ``notice`` (why the query was read literally, or None)."""

    text: str
    tree: Optional[Node]
    filters: dict = field(default_factory=dict)
    notice: Optional[str] = None

    @property
    def literal(self) -> bool:
        return self.notice is not None


@lru_cache(maxsize=1)
def _parser():
    return grammars.load("query", parser="lalr", maybe_placeholders=False)


def _unquote(phrase: str) -> str:
    return phrase[1:-1].strip()


def _to_node(tree, filters: dict, top: bool) -> Optional[Node]:
    """Convert a Lark tree into nodes.  Filters apply to the whole query
    wherever they stand; they are collected into ``filters`` (``top`` is
    False under an exclusion, where a filter makes no sense)."""
    from lark import Token

    if isinstance(tree, Token):  # a lone word or notation at the top
        return Word(str(tree))
    name = tree.data
    if name == "word":
        return Word(str(tree.children[0]))
    if name == "phrase":
        text = _unquote(str(tree.children[0]))
        return Phrase(text) if text else None
    if name == "filter":
        if not top:
            raise QuerySyntaxError(f"a filter ({tree.children[0]}) cannot be excluded")
        _add_filter(filters, str(tree.children[0])[:-1], tree.children[1].children[0])
        return None
    if name == "exclude":
        child = _to_node(tree.children[1], filters, False)
        return Not(child) if child is not None else None
    if name == "start":
        return _to_node(tree.children[0], filters, True) if tree.children else None
    if name == "conjunction":
        nodes = [n for n in (_to_node(c, filters, top) for c in tree.children) if n is not None]
        if not nodes:
            return None
        return nodes[0] if len(nodes) == 1 else All(tuple(nodes))
    if name == "disjunction":
        nodes = [n for n in (_to_node(c, filters, top) for c in tree.children) if n is not None]
        if not nodes:
            return None
        return nodes[0] if len(nodes) == 1 else Any(tuple(nodes))
    raise QuerySyntaxError(f"unexpected {name}")  # pragma: no cover - grammar and code agree


def _add_filter(filters: dict, name: str, token) -> None:
    key = FILTER_ALIASES.get(name.lower())
    if key is None:
        raise QuerySyntaxError(f"unknown filter {name}: (filters are lang:, kind:, edition:)")
    raw = str(token)
    if raw[:1] in '"«':
        raw = _unquote(raw)
    values = [v.strip().lower() for v in raw.split("|") if v.strip()]
    if not values:
        raise QuerySyntaxError(f"filter {name}: has no value")
    for v in values:
        if key == "lang" and v not in LANGS:
            raise QuerySyntaxError(f"lang:{v}: expected fr or en")
        if key == "kind" and v not in KIND_ALIASES:
            raise QuerySyntaxError(f"kind:{v}: expected card, rule, glossary, note, section or ruling")
        if key == "edition" and not (_EDITION.match(v) or v in ("all", "latest")):
            raise QuerySyntaxError(f"edition:{v}: expected a date such as 2008-05-01 (or all, latest)")
    if key == "kind":
        values = [KIND_ALIASES[v] for v in values]
    filters.setdefault(key, [])
    filters[key].extend(v for v in values if v not in filters[key])


def literal_query(text: str) -> Optional[Node]:
    """The plain words of ``text`` (quotes, parentheses, ``:`` and ``-``
    operators dropped), all required; None if it has no word."""
    words = [Word(w) for w in TOKEN_RE.findall(text)]
    if not words:
        return None
    return words[0] if len(words) == 1 else All(tuple(words))


def parse_query(text: str) -> ParsedQuery:
    """Parse ``text`` (see ``parser/grammars/query.lark``).  Never raises: malformed
    input is read by :func:`literal_query` and the notice says so."""
    from lark.exceptions import LarkError

    filters: dict = {}
    try:
        tree = _parser().parse(text)
        node = _to_node(tree, filters, True)
    except (LarkError, QuerySyntaxError) as err:
        reason = str(err) if isinstance(err, QuerySyntaxError) else _lark_reason(text, err)
        return ParsedQuery(text, literal_query(text), {}, notice=f"{reason}; searched the words literally")
    if isinstance(node, Not) or (isinstance(node, All) and all(isinstance(n, Not) for n in node.nodes)):
        if not filters:
            return ParsedQuery(text, literal_query(text), {},
                               notice="only exclusions were given; searched the words literally")
    return ParsedQuery(text, node, filters)


def _lark_reason(text: str, err) -> str:
    col = getattr(err, "column", None)
    if text.count('"') % 2 or text.count("«") != text.count("»"):
        return "unclosed quote"
    if text.count("(") != text.count(")"):
        return "unbalanced parenthesis"
    if re.search(r"\w:(\s|$)", text):
        return "a filter has no value"
    where = f" at column {col}" if isinstance(col, int) and col > 0 else ""
    return f"query could not be parsed{where}"


def words_of(node: Optional[Node]) -> list[Word]:
    """Every :class:`Word` of a tree, in order (excluded ones included)."""
    if node is None:
        return []
    if isinstance(node, Word):
        return [node]
    if isinstance(node, Phrase):
        return []
    if isinstance(node, Not):
        return words_of(node.node)
    return [w for n in node.nodes for w in words_of(n)]


def plain_words(nodes) -> Optional[list[Word]]:
    """The plain words (no language) of ``nodes``, in order, glossary
    alternatives (``Any(alt=True)``: a notion searched in both languages)
    left out; None when a node is anything else (a phrase, an ``OR``, an
    exclusion)."""
    out: list[Word] = []
    for n in nodes:
        if isinstance(n, Word) and not n.lang:
            out.append(n)
        elif not (isinstance(n, Any) and n.alt):
            return None
    return out
