"""Characteristics said in passing and faces named through their card, read from the parse tree (mixed
into :class:`~kb.checker.meaning_tree.Meaning`): a face or half of a card (« la face arrière de X », "the
Pain half of Pain // Suffering", « l'autre moitié de X »), an apposition that describes the card
(« Overtaker, un Merfolk Spellshaper à {1}{U}, … », "Does Stingerfling Spider, a green 2/5 that costs
{4}{G}, have reach?"), a face named through its card in a relative clause ("… whose back face,
Itlimoc, Cradle of the Sun, is a legendary land"), a cost inside a noun phrase (« un éphémère rouge à
{5}{R} »), an Adventure as what a face is ("an instant Adventure"), and whether a card can be one's
commander (« peut être votre commandant »).  Each description is asserted with the main claim: the
claim holds only if the description does.
"""
from __future__ import annotations

from lark import Token

from kb.checker.meaning import Junction, Query, negate


def _subjects(children) -> list[str]:
    return [c for c in children if isinstance(c, str) and not isinstance(c, Token)]


class DescriptionMeaning:
    """Transformer methods of the descriptions said in passing (see the module docstring)."""

    def apposed_description(self, children):
        tok = children[0]
        subject = self.card([tok])
        items, joins = next(c for c in children if isinstance(c, tuple) and len(c) == 2 and isinstance(c[0], list))
        self._appositions.append(self._queries(subject, items, joins, [], False))
        for tail in (c for c in children if callable(c)):
            self._appositions.append(tail(subject))
        self._last = subject
        return subject

    def kind_named(self, children):
        """"the creature Serra Angel", « l'éphémère Tourmente de lumière »: the card is of that kind too."""
        subject = self.card([children[-1]])
        self._appositions.append(self._queries(subject, [("+", children[0])], [], [], False))
        self._last = subject
        return subject

    def apposed_clause(self, children):
        """« Le Lancier guêpe, qui coûte {U/B}{U/B}{U/B}, … », "Wasp Lancer, costing …, …": the clause
        between the commas is asserted of the card too."""
        subject = self.card([children[0]])
        self._appositions.append(next(c for c in children if callable(c))(subject))
        self._last = subject
        return subject

    def face_of(self, children):
        face = next(c for c in children if isinstance(c, Token) and c.type == "FACE")
        inner = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        base = self.reading.entity(inner)
        return self._half_or_face(face, base)

    def _half_or_face(self, face: Token, base) -> str:
        """The face ``face`` designates through ``base``; "the half" or « l'autre moitié » of a face named
        keep that face, to be told apart from the other half (:mod:`kb.checker.designation`)."""
        which = str(face.value)
        named = base.face if which in ("half", "other") else None
        return self._entity(base.card, f"{face} {base.surface}", "face_of", which=which, face=named)

    def named_face_of(self, children):
        """« la moitié Fin de Début // Fin », "the Pain half of Pain // Suffering": the half named, which the
        claim asserts is that half of the card."""
        face = next(c for c in children if isinstance(c, Token) and c.type == "FACE")
        named = self.card([next(c for c in children if isinstance(c, Token) and c.type == "CARD")])
        base = self.reading.entity(next(c for c in children if isinstance(c, str) and not isinstance(c, Token)))
        self._appositions.append(Query(named, "face_of", self._half_or_face(face, base)))
        self._last = named
        return named

    def face_of_pronoun(self, children):
        if self._last is None:
            from kb.checker.meaning_tree import NotRead

            raise NotRead("a possessive with no card before it", [str(children[0])])
        base = self.reading.entity(self._last)
        return self._entity(base.card, f"{children[1]} {base.surface}", "face_of", which=str(children[1].value))

    def list_subject(self, c):
        subject = next((x for x in c if isinstance(x, str) and not isinstance(x, Token)), None)
        if subject is None:                                  # « ses types de créature »
            if self._last is None:
                from kb.checker.meaning_tree import NotRead

                raise NotRead("a possessive with no card before it", [str(c[0])])
            subject = self._last
        return ("list", subject, str(next(t for t in c if isinstance(t, Token) and t.type == "LISTOF").value))

    def list_items(self, c):
        return ("items", [(t.type, str(t.value)) for t in c if isinstance(t, Token) and t.type != "AND" and t.type != "BUT"])

    def listed(self, c):
        """"its creature types are Human and Rogue": the whole list (kb/checker/listed.py)."""
        _, subject, what = next(x for x in c if isinstance(x, tuple) and x[0] == "list")
        items = next(x for x in c if isinstance(x, tuple) and x[0] == "items")[1]
        negs = [x[1] for x in c if isinstance(x, tuple) and x[0] == "NEG"]
        return Query(subject, "listed", {"what": what, "items": items}, polarity=not negs)

    def listed_has(self, c):
        """"has the Forest and Plains types": each of them (not the whole list)."""
        subject = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        items = next(x for x in c if isinstance(x, tuple) and x[0] == "items")[1]
        negs = [x[1] for x in c if isinstance(x, tuple) and x[0] == "NEG"]
        kinds = {"SUBTYPE": "subtype", "CARDTYPE": "card_type", "SUPERTYPE": "supertype"}
        parts = [Query(subject, "keyword", {"keyword": v, "parameter": None}) if k == "KEYWORD" else
                 Query(subject, kinds[k], v) for k, v in items]
        node = parts[0] if len(parts) == 1 else Junction("and", parts)
        if negs:
            node = negate(node)
        return node

    def whose_tail(self, children):
        face = next(c for c in children if isinstance(c, Token) and c.type == "FACE")
        named = next((c for c in children if isinstance(c, Token) and c.type == "CARD"), None)
        tail = next(c for c in children if callable(c))

        def build(subject):
            base = self.reading.entity(subject)
            face_id = self._entity(base.card, f"{face} {base.surface}", "face_of", which=str(face.value))
            parts = [tail(face_id)]
            if named is not None:
                other = self.card([named])
                parts.insert(0, Query(face_id, "same_object", other))
            self._last = subject
            from kb.checker.meaning import Junction

            return parts[0] if len(parts) == 1 else Junction("and", parts)
        return build

    def whose_attr(self, children):
        """« … dont la valeur de mana est 7 », "… whose mana cost contains {U}": an attribute of the subject."""
        attr = str(next(c for c in children if isinstance(c, Token) and c.type == "ATTR").value)
        tail = next(c for c in children if callable(c))
        return lambda subject: tail((subject, attr))

    def whose_clause(self, children):
        subject = _subjects(children)[0]
        parts = [tail(subject) for tail in children if callable(tail)]
        from kb.checker.meaning import Junction

        return Junction("and", parts)

    def commander_pred(self, children):
        negs = [c[1] for c in children if isinstance(c, tuple) and c[0] == "NEG"]
        return lambda subject: self._queries(subject, [("+", ("can_be_commander", True))], [], negs, False)

    def has_ability_cost(self, c):
        """« a une capacité de loyauté +1 », "has a −3 ability"."""
        value = c[0].value
        return [("+", ("ability_cost", value if isinstance(value, dict) else str(value)))]

    def because_of_attr(self, c):
        """"X is green because of its color indicator": the reason is that X has it."""
        main = c[0]
        attr = next(t for t in c if isinstance(t, Token) and t.type == "ATTR")
        self.reading.reason = Query(self._first_subject(main), str(attr.value), None, words="exists")
        return main

    def resumed(self, c):
        """« L'Horreur enfantine, c'est une créature noire »: the pronoun resumes the card before it."""
        self._last = c[0]
        return c[0]

    def keyword_of(self, c):
        """The card and the keyword ability whose cost a claim gives ("its unearth cost", « le
        flashback de l'Appel du troupeau »); the attribute said with it must be the cost."""
        from kb.checker.meaning_tree import NotRead

        attr = next((t for t in c if isinstance(t, Token) and t.type == "ATTR"), None)
        if attr is not None and str(attr.value) != "mana_cost":
            raise NotRead("a keyword ability's attribute other than its cost", [str(attr)])
        subject = next((x for x in c if isinstance(x, str) and not isinstance(x, Token)), None)
        if subject is None:
            if self._last is None:
                raise NotRead("a possessive with no card before it", [str(c[0])])
            subject = self._last
        return subject, str(next(t for t in c if isinstance(t, Token) and t.type == "KEYWORD").value)

    def keyword_cost(self, c):
        """"Its unearth cost is {1}{R}": the card has that keyword ability with that cost."""
        (subject, keyword), mana = c[0], str(c[-1].value)
        negs = [x[1] for x in c if isinstance(x, tuple) and x[0] == "NEG"]
        return self._queries(subject, [("+", ("keyword", (keyword, mana)))], [], negs, False)

    def cost_comp(self, c):
        mana = next(t for t in c if isinstance(t, Token) and t.type == "MANA")
        return [("+", ("attr", ("mana_cost", ("mana", str(mana.value), "eq")), "and"))]

    def mana_amount_comp(self, c):
        return [("+", ("attr", ("cost_amount", next(x for x in c if not isinstance(x, Token))), "and"))]

    def face_quality(self, c):
        if str(c[0].value) != "adventure":
            from kb.checker.meaning_tree import NotRead

            raise NotRead("a face named where a characteristic is expected", [str(c[0])])
        return ("subtype", "Adventure")

    def face_is(self, c):
        """« est la face arrière de la Commère de la ville », "the Adventure half of Bonecrusher Giant":
        the subject is the face designated through that card."""
        return ("face_of", self.face_of(c))

    def named_face_is(self, c):
        """« Braver, la moitié Threat de Briser // Braver, … »: the subject is the half named, of that card."""
        named = self.reading.entity(self.card([next(x for x in c if isinstance(x, Token) and x.type == "CARD")]))
        base = self.reading.entity(next(x for x in c if isinstance(x, str) and not isinstance(x, Token)))
        return ("face_of", self._entity(base.card, f"{c[0]} {named.surface}", "face_of", which="half",
                                        face=named.face or named.card))
