"""The parse tree of a claim (``parser/grammars/claim_reading.lark``) -> its meaning.

:class:`Meaning` is a Lark Transformer: each production of the structure
grammar becomes a piece of the :class:`~kb.checker.meaning.Reading` — an
entity for each card, face or pronoun (a pronoun or possessive refers back
to the last entity named), a :class:`~kb.checker.meaning.Query` for each
quality or possession, joined by the connectives, with the polarity the
verb group's negation words give (« ne … pas », « ne … que », « ni … ni »)
and the scope of a negation over a list (one noun phrase: the whole; a
list joined by « et »: ambiguous, weighed by the model).  A claim it cannot
place raises :class:`NotRead`.
"""
from __future__ import annotations

from typing import Optional

from lark import Token, Transformer

from kb.checker.meaning import Entity, Junction, Query, Reading, combine, join_word, polarity
from kb.checker.meaning_descriptions import DescriptionMeaning
from kb.checker.meaning_events import EventMeaning
from kb.checker.meaning_payments import PaymentMeaning
from kb.checker.meaning_removal import RemovalMeaning
from kb.checker.meaning_rules import RuleMeaning
from kb.checker.meaning_text import TextMeaning


class NotRead(Exception):
    """A claim the reader cannot place: ``words`` are the words it stopped on
    (not understood), ``why`` a short reason."""

    def __init__(self, why: str, words: list[str]):
        super().__init__(why)
        self.why = why
        self.words = words


class Meaning(EventMeaning, PaymentMeaning, TextMeaning, DescriptionMeaning, RuleMeaning, RemovalMeaning, Transformer):
    """The parse tree of a claim -> its :class:`Reading` (see the module docstring; what happens:
    :class:`~kb.checker.meaning_events.EventMeaning`)."""

    def __init__(self, lang: str, text: str = "", articles: Optional[dict] = None, ahead: Optional[Token] = None):
        super().__init__()
        self.text = text
        self.articles = articles or {}
        self.twins: dict[str, str] = {}
        self.reading = Reading(lang=lang)
        self._appositions: list[Query] = []
        self._reason_keyword: Optional[str] = None
        self._last: Optional[str] = None
        if ahead is not None:       # the card a leading clause's pronoun speaks of, named after it
            self.card([ahead])

    # --- entities -------------------------------------------------------
    def _entity(self, card: str, surface: str, by: str, which: Optional[str] = None,
                face: Optional[str] = None) -> str:
        for e in self.reading.setup:
            if (e.card, e.face, e.which) == (card, face, which):
                self._last = e.id
                return e.id
        eid = f"e{len(self.reading.setup) + 1}"
        self.reading.setup.append(Entity(eid, card, face, surface, by, which))
        self._last = eid
        return eid

    def card(self, children):
        tok = children[0]
        if tok.value.get("ambiguous"):
            raise NotRead("ambiguous card name", [tok.value["surface"]])
        return self._entity(tok.value["card"], tok.value["surface"], "name", face=tok.value.get("face"))

    def apposed(self, children):
        """« L'aventure de X, Rituel saisonnier, … »: two names of one object; the more precise one
        (a face) stands, and the claim asserts that they are the same object."""
        first, second = [c for c in children if isinstance(c, str) and not isinstance(c, Token)]
        a, b = self.reading.entity(first), self.reading.entity(second)
        def precise(e):         # "the other half of Supply // Demand" tells no half: the name does
            return e.face or e.which and e.which not in ("half", "other")
        keep, other = (b, a) if precise(b) and not precise(a) else (a, b)
        self._appositions.append(Query(keep.id, "same_object", other.id))
        self._last = keep.id
        return keep.id

    def pronoun(self, children):
        if self._last is None:
            raise NotRead("a pronoun with no card before it", [str(children[0])])
        return self._last

    def attr_of(self, children):
        subject = children[0]
        return (subject, str(children[-1].value))

    def attr_of_rev(self, children):
        return (children[-1], str(children[0].value))

    def attr_of_pronoun(self, children):
        if self._last is None:
            raise NotRead("a possessive with no card before it", [str(children[0])])
        return (self._last, str(children[1].value))

    # --- values ---------------------------------------------------------
    def number(self, children):
        compare, n = "eq", None
        for c in children:
            if c.type in ("NUM", "ONE"):
                n = 1 if c.type == "ONE" else int(c.value)
            elif c.type == "CMP":
                compare = str(c.value).replace("_after", "")
        return ("number", n, compare)

    def name_word(self, c):
        return c[0]

    def value_words(self, c):
        """Words the vocabulary does not hold, taken as a name (« son nom anglais est Xyz »): the
        claim's text from the first to the last."""
        start = min(t.start_pos for t in c)
        end = max(t.end_pos for t in c)
        return ("words", self.text[start:end], "eq")

    def value(self, c):
        return c[0]

    def values(self, children):
        vals = [c for c in children if isinstance(c, tuple)]
        joins = [join_word(c) for c in children if not isinstance(c, tuple)]
        return vals, joins

    def connective(self, children):
        return Token("OR", "or") if any(t.type == "OR" for t in children) else Token("AND", "and")

    # --- qualities (what a subject is) ----------------------------------
    # (the single-token values and qualities are set on the class below, from VALUES and QUALITIES)

    def flier(self, c):
        """"a flier", « un volant »: a creature with flying."""
        return ("flier", str(c[0].value))

    def named(self, c):
        return ("named", c[0].value)

    # --- keywords and possessions -------------------------------------
    def keyword(self, c):
        return ("keyword", (str(c[0].value), None))

    def keyword_param(self, c):     # "suspend 1 for {R}": both parameters, "1 {R}"
        both = " ".join(str(t.value) for t in c[1:] if t.type in ("NUM", "MANA"))
        return ("keyword", (str(c[0].value), both or str(c[-1].value)))

    def keyword_params(self, c):
        name = str(c[0].value)
        return ("keywords", [(name, str(t.value)) for t in c[1:] if t.type == "COLOR"])

    def has_keyword(self, c):
        if c[0][0] == "keywords":
            return [("+", ("keyword", pair)) for pair in c[0][1]]
        return [("+", c[0])]

    def nor_keyword(self, c):
        return [("nor", c[-1])]

    def no_keyword(self, c):
        return [("-", c[-1])]

    negated_keyword = no_keyword

    def has_attr(self, c):
        attr = str(c[0].value)
        vals, joins = c[-1]
        return [("+", ("attr", (attr, v), j)) for v, j in zip(vals, ["and"] + joins)]

    def has_attr_number_first(self, c):
        return [("+", ("attr", (str(c[-1].value), c[0]), "and"))]

    def has_attr_exists(self, c):
        attr = next(t for t in c if isinstance(t, Token) and t.type == "ATTR")
        return [("+", ("attr", (str(attr.value), ("exists", None, "eq")), "and"))]

    def has_no_attr(self, c):
        return [("-", self.has_attr_exists(c)[0][1])]

    def has_abilities(self, c):
        """"has abilities": a rules text (a vanilla card has none)."""
        return [("+", ("attr", ("rules_text", ("exists", None, "eq")), "and"))]

    def has_no_abilities(self, c):
        return [("-", self.has_abilities(c)[0][1])]

    def has_color_attr(self, c):
        return [("+", ("attr", (str(c[1].value), ("color", str(c[0].value), "eq")), "and"))]

    def has_pt(self, c):
        return [("+", ("pt", str(c[0].value)))]

    def has_loyalty_counters(self, c):
        return [("+", ("attr", ("loyalty", c[0]), "and"))]

    def possessions(self, children):
        return self._items(children)

    def _items(self, children):
        """(sign, thing) items and the joins between them: ``or``, ``and`` (a connective) or
        ``juxt`` (none: one noun phrase, « une créature 4/4 »)."""
        items, joins, pending = [], [], None
        for c in children:
            if isinstance(c, Token):
                pending = "or" if c.type == "OR" else "and"
                continue
            for k, (sign, thing) in enumerate(c):
                if items:
                    joins.append(pending or ("and" if k else "juxt"))
                pending = None
                items.append((sign, thing))
        return items, joins

    # --- complements ----------------------------------------------------
    def comp(self, c):      # (also a type a card "has": « a le sous-type forêt », "the Forest subtype")
        sign = "-" if any(isinstance(t, Token) and t.type == "NO" for t in c) else "+"
        return [(sign, next(x for x in reversed(c) if not isinstance(x, Token)))]

    def negated_comp(self, c):
        return [("-", c[-1])]

    def nor_comp(self, c):
        return [("nor", c[-1])]

    def with_comp(self, c):
        return c[-1][0] and [("with", c[-1])]

    def without_comp(self, c):
        return [("without", c[-1])]

    def attr_comp(self, c):
        attr = next(t for t in c if isinstance(t, Token) and t.type == "ATTR")
        vals, joins = c[-1]
        return [("+", ("attr", (str(attr.value), v), j)) for v, j in zip(vals, ["and"] + joins)]

    def complements(self, children):
        return self._items(children)

    # --- clauses --------------------------------------------------------
    def neg(self, c):
        return ("NEG", str(c[0].value))

    def only(self, c):
        return ("ONLY", str(c[0].value))

    def _verb_group(self, children):
        negs = [v for c in children if isinstance(c, tuple) and len(c) == 2 and c[0] == "NEG" for v in [c[1]]]
        only = any(isinstance(c, tuple) and len(c) == 2 and c[0] == "ONLY" for c in children)
        items = children[-1]
        return negs, only, items

    def _queries(self, subject: str, items, joins, negs, only) -> object:
        nor = any(sign == "nor" for sign, _ in items)
        positive = polarity(negs, only, nor)
        if not positive and negs and not only and all(n.lower() in ("ne", "n'") for n in negs) and \
                any(sign == "-" for sign, _ in items):
            positive = True     # « n'a aucune couleur »: « ne » is the particle of « aucune », one negation
        parts = []
        for sign, thing in items:
            parts.append(self._query(subject, sign, thing, only))
        node = combine(parts, joins)
        if nor:
            node = Junction("and", [q for q in (parts if len(parts) > 1 else [node])])
            for q in node.parts:
                q.polarity = False
            return node
        if not positive:
            if isinstance(node, Junction):
                node.polarity = False
                # « n'est pas rouge et vert »: the judge weighs both scopes; « n'est pas une créature
                # 4/4 » (one noun phrase) denies the whole
                node.scope_ambiguous = any(j != "juxt" for j in joins)
            else:
                node.polarity = not node.polarity
        return node

    def _query(self, subject: str, sign: str, thing, only: bool):
        kind, payload = thing[0], thing[1]
        if sign == "with":
            items, joins = thing
            return combine([self._query(subject, s, t, False) for s, t in items], joins)
        if sign == "without":
            items, joins = thing
            sub = combine([self._query(subject, s, t, False) for s, t in items], joins)
            if isinstance(sub, Junction):
                return Junction("and", [self._flip(p) for p in sub.parts]) if sub.op == "or" else \
                    Junction(sub.op, sub.parts, polarity=False)
            return self._flip(sub)
        q = self._leaf(subject, kind, payload, only)
        if sign in ("-", "nor"):
            q = self._flip(q)
        return q

    @staticmethod
    def _flip(q):
        q.polarity = not q.polarity
        return q

    def _leaf(self, subject: str, kind: str, payload, only: bool):
        quant = "only" if only else None
        if kind == "attr":
            attr, (vkind, value, compare) = payload
            if vkind == "card":
                value = {"card": value["card"], "surface": value["surface"]}
            return Query(subject, attr, value, compare=compare, quantifier=quant, words=vkind)
        if kind == "keyword":
            return Query(subject, "keyword", {"keyword": payload[0], "parameter": payload[1]}, quantifier=quant)
        if kind == "only_color":
            return Query(subject, "color", payload, quantifier="only")
        if kind == "flier":
            return Junction("and", [Query(subject, "card_type", "Creature"),
                                    Query(subject, "keyword", {"keyword": payload, "parameter": None})])
        if kind == "named":
            return Query(subject, "same_card", {"card": payload["card"], "surface": payload["surface"]})
        return Query(subject, kind, payload, quantifier=quant)

    def is_pred(self, children):
        negs, only, (items, joins) = self._verb_group(children)
        return lambda subject: self._queries(subject, items, joins, negs, only)

    def has_pred(self, children):
        negs, only, (items, joins) = self._verb_group(children)
        build = lambda subject: self._queries(subject, items, joins, negs, only)    # noqa: E731
        build.possession = True
        return build

    def enters_pred(self, children):
        negs = [c[1] for c in children if isinstance(c, tuple) and c[0] == "NEG"]
        number = children[-1]
        return lambda subject: self._queries(subject, [("+", ("attr", ("loyalty", number), "and"))], [], negs, False)

    def enters_tapped(self, children):
        negs = [c[1] for c in children if isinstance(c, tuple) and c[0] == "NEG"]
        if any(isinstance(c, Token) and c.type == "TAPPED" and c.value == "untapped" for c in children):
            negs.append("untapped")     # "enters untapped": does not enter tapped
        return lambda subject: self._queries(subject, [("+", ("enters_tapped", None))], [], negs, False)

    def can_pred(self, children):
        negs = [c[1] for c in children if isinstance(c, tuple) and c[0] == "NEG"]
        action = str(children[-1].value)
        return lambda subject: self._queries(subject, [("+", ("can", action))], [], negs, False)

    def contains_tail(self, children):
        negs = [c[1] for c in children if isinstance(c, tuple) and c[0] == "NEG"]
        mana = str(children[-1].value)

        def build(subject_attr):
            subject, attr = subject_attr
            if attr != "mana_cost":
                raise NotRead("only a mana cost contains symbols", [attr])
            return self._queries(subject, [("+", ("mana_symbols", mana))], [], negs, False)
        return build

    def entry_counts(self, c):
        attr = next((t for t in c if isinstance(t, Token) and t.type == "ATTR"), None)
        if attr is not None and str(attr.value) != "loyalty":
            raise NotRead("a count of something other than loyalty", [str(attr)])
        return c[-1] if isinstance(c[0], Token) else c[0]

    def costs_pred(self, children):
        negs, only, value = self._verb_group(children)
        return lambda subject: self._queries(subject, [("+", ("attr", value, "and"))], [], negs, only)

    def cost_mana(self, c):
        return ("mana_cost", ("mana", str(c[0].value), "eq"))

    def cost_number(self, c):
        return ("cost_amount", c[0])

    def attr_tail(self, children):
        negs, only, (vals, joins) = self._verb_group(children)

        def build(subject_attr):
            subject, attr = subject_attr
            items = [("+", ("attr", (attr, v), "and")) for v in vals]
            return self._queries(subject, items, joins, negs, only)
        return build

    def clause(self, children):
        if isinstance(children[0], tuple):          # an attribute of a subject, and what it is
            return children[-1](children[0])
        subject = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        last = None
        for c in children:
            if isinstance(c, Token) and c.type == "REL" and getattr(last, "possession", False):
                # "X has an ability that costs {W}": the relative clause is about what X has, not X
                raise NotRead("a relative clause about what the card has", [str(c)])
            last = c if callable(c) else last
        tails = [c for c in children if callable(c)]
        parts = [tail(subject) for tail in tails]
        return parts[0] if len(parts) == 1 else Junction("and", parts)

    asked_clause = clause

    def asked_is(self, children):
        subject = children[1]
        negs, only, (items, joins) = self._verb_group(children)
        return self._queries(subject, items, joins, negs, only)

    def joiner(self, c):
        return "and"

    def sentence(self, children):
        parts = [c for c in children if not isinstance(c, str) or c != "and"]
        return parts[0] if len(parts) == 1 else Junction("and", parts)

    # --- reasons and concessions ----------------------------------------
    def because(self, c):
        main, why = c[0], c[-1]
        self.reading.reason = why
        return main

    def because_first(self, c):
        self.reading.reason = c[1]
        return c[-1]

    def even_though(self, c):
        self.reading.concession = c[-1]
        return c[0]

    def even_though_first(self, c):
        self.reading.concession = c[1]
        return c[-1]

    # --- leads ----------------------------------------------------------
    def reason_keyword(self, c):
        """« À cause de la persistance, … », "Because of devoid, …": the subject has that keyword."""
        self._reason_keyword = str(next(t for t in c if t.type == "KEYWORD").value)
        return None

    def lead(self, c):
        if any(isinstance(t, Token) and t.type == "QWORD" for t in c):
            self.reading.question = True
        return None

    def start(self, children):
        if any(isinstance(t, Token) and t.type == "QWORD" for t in children):
            self.reading.question = True
        body = [c for c in children if c is not None and not isinstance(c, Token)]
        main = body[-1]
        if self._appositions:
            main = Junction("and", self._appositions + [main])
        self.reading.asserts = main
        if self._reason_keyword is not None:
            subject = self._first_subject(main)
            reason = Query(subject, "keyword", {"keyword": self._reason_keyword, "parameter": None})
            self.reading.reason = reason if self.reading.reason is None else Junction("and", [reason, self.reading.reason])
        return self.reading

    def situation_start(self, children):
        return self.start(children)

    @staticmethod
    def _first_subject(node) -> str:
        while isinstance(node, Junction):
            node = node.parts[0]
        return node.subject


#: Productions of one token that are a value of an attribute: rule -> (kind, read the token's value).
VALUES = {"value_mana": "mana", "value_card": "card", "value_color": "color", "value_colorless": "colorless",
          "value_pt": "pt"}
#: Productions of a quality (what a subject is): rule -> its query attribute.
QUALITIES = {"color": "color", "only_color": "only_color", "colorless": "colorless",
             "multicolored": "multicolored", "monocolored": "monocolored", "card_type": "card_type",
             "supertype": "supertype", "subtype": "subtype", "pt": "pt"}
#: Qualities with no token value of their own.
_BARE = {"colorless", "multicolored", "monocolored"}


def _value_rule(kind: str):
    def build(self, c):
        tok = c[0].value
        return (kind, None if kind == "colorless" else (tok if kind == "card" else str(tok)), "eq")
    return build


def _quality_rule(attribute: str):
    def build(self, c):
        return (attribute, None if attribute in _BARE else str(c[-1].value))
    return build


for _rule, _kind in VALUES.items():
    setattr(Meaning, _rule, _value_rule(_kind))
for _rule, _attr in QUALITIES.items():
    setattr(Meaning, _rule, _quality_rule(_attr))
