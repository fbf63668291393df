"""Soulbond situations read from the parse tree (mixed into
:class:`~kb.checker.meaning_events.EventMeaning`): « une créature associée » / "a paired creature"
(two creatures paired, the second its partner), what happens to the partner (« celle à laquelle elle
est associée quitte le champ de bataille », "another player gains control of its partner") and
whether the first stays paired (« le reste », "becomes unpaired"); played with
:mod:`kb.checker.soulbond` by :mod:`kb.checker.situation_queries` (702.95e: leaving the battlefield
or a change of control unpairs both).
"""
from __future__ import annotations

from lark import Token

from kb.checker.meaning import Entity, Query, polarity
from kb.checker.meaning_combat import Item, NotReadEvent, _positive


class SoulbondMeaning:
    """Transformer methods of the soulbond productions."""

    def e_paired(self, c):
        head = next(t for t in c if isinstance(t, Token) and t.type == "CARDTYPE")
        if str(head.value) != "Creature":
            raise NotReadEvent("only creatures are paired", [str(head)])
        start = min(t.start_pos for t in c)
        end = max(t.end_pos for t in c)
        article = self.articles.get(start, "")
        surface = ((article + " ") if article and not article.endswith("'") else article) + self.text[start:end]
        eid, partner = f"e{len(self.reading.setup) + 1}", f"e{len(self.reading.setup) + 2}"
        name = "sa partenaire" if self.reading.lang == "fr" else "its partner"
        self.reading.setup.append(Entity(eid, "", None, surface.strip(), "described", None, "creature", None, [], {},
                                         paired_with=partner))
        self.reading.setup.append(Entity(partner, "", None, name, "described", None, "creature", None, [], {},
                                         paired_with=eid))
        self._last = eid
        return eid

    def _partner(self, word: str) -> str:
        paired = [e for e in self.reading.setup if e.paired_with and int(e.id[1:]) < int(e.paired_with[1:])]
        if len(paired) != 1:
            raise NotReadEvent("a partner with no single paired creature before it", [word])
        return paired[0].paired_with

    def partner_leaves(self, c):
        partner = self._partner(str(c[0]))
        return [Item("event", [{"kind": "leaves_battlefield", "subject": partner}], words="leaves the battlefield")]

    def partner_control(self, c):
        partner = self._partner(str(c[-1]))
        return [Item("event", [{"kind": "gain_control", "subject": partner}], words="gains control")]

    def pairing_limit(self, c):
        """« Une créature ne peut être associée qu'à une seule autre créature », "a creature can be
        paired with only one other creature" (702.95d): how many others it can be paired with at once."""
        head = c[0]
        if str(head.value) != "Creature":
            raise NotReadEvent("only creatures are paired", [str(head)])
        subject = f"e{len(self.reading.setup) + 1}"
        article = self.articles.get(head.start_pos, "")
        surface = ((article + " ") if article and not article.endswith("'") else article) + \
            self.text[head.start_pos:head.end_pos]
        self.reading.setup.append(Entity(subject, "", None, surface, "described", None, "creature", None, [], {}))
        only = [("ONLY", str(t)) for t in c if isinstance(t, Token) and t.type in ("ONLY", "QUE")]
        numbers = [x for x in c if isinstance(x, tuple) and x[0] == "number"]
        words = [str(x[1]) for x in only]
        if numbers and numbers[0][2] != "eq":
            raise NotReadEvent("a number of partners with a comparison", [str(numbers[0][1])])
        n = numbers[0][1] if numbers else 1
        negs = [x[1] for x in c if isinstance(x, tuple) and x[0] == "NEG"]
        positive = polarity(negs, bool(only), False)
        return Query(subject, "pairing_limit", {"n": n, "only": bool(only)}, polarity=positive,
                     words=" ".join(words))

    def keyword_targets(self, c):
        """"Does soulbond target the creature it pairs with?", « l'association d'âmes cible »: read on a
        creature with the keyword entering beside an unpaired creature (what its trigger targets)."""
        kw = next(str(t.value) for t in c if isinstance(t, Token) and t.type == "KEYWORD")
        if kw != "soulbond":
            raise NotReadEvent("what a keyword other than soulbond targets", [kw])
        return Query("rules", "targets", kw, polarity=_positive(c))

    def can_pair_with(self, c):
        """« on peut s'associer à une créature qui a le linceul »: whether a creature entering with
        soulbond can be paired with the creature described."""
        other = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        return Query(other, "can_pair", "soulbond", polarity=_positive(c))

    def pair_because_targets(self, c):
        """« Puisque l'association d'âmes cible, on ne peut pas s'associer à … »: the reason (what
        soulbond targets) and the main clause, both asked."""
        cut = next(k for k, t in enumerate(c) if isinstance(t, Token) and t.type == "TARGETV")
        reason = self.keyword_targets([t for t in c[:cut + 1] if not (isinstance(t, Token) and t.type == "REASON")])
        self.reading.reason = reason
        return self.can_pair_with(c[cut + 1:])

    def t_unpaired(self, c):
        positive = _positive(c)
        return lambda s: Item("outcome", query=Query(s, "paired", True, polarity=not positive))

    def t_stays_paired(self, c):
        positive = _positive(c)
        return lambda s: Item("outcome", query=Query(s, "paired", True, polarity=positive))

    def happens_even_if_first(self, c):
        """« Même si Y, X », "Even if Y, X": as « X même si Y »."""
        parts = [x for x in c if isinstance(x, list)]
        asserts = self._situation(parts[0], parts[-1], conditional=True)
        self.reading.only_if, self.reading.even_if = [], True
        return asserts

    def happens_even_if(self, c):
        """« X même si Y », "X even if Y": X asked where Y happens, and where it does not."""
        parts = [x for x in c if isinstance(x, list)]
        asserts = self._situation(parts[-1], parts[0], conditional=True)
        self.reading.only_if, self.reading.even_if = [], True
        return asserts
