"""The parse tree of a claim about what happens -> events and outcome queries.

The ``situation`` productions of ``parser/grammars/claim_reading.lark`` read
claims such as « Si une source avec la flétrissure devait infliger 2
blessures à une créature, celle-ci recevrait deux marqueurs -1/-1 » or "If a
2/2 creature with persist dies, it returns with a -1/-1 counter".  Their
subjects are objects the claim describes (:class:`~kb.checker.meaning.Entity`
with ``by`` ``described``), a pronoun, or a bare « la créature » referring
back to the last object of that kind.

Each verb group becomes an :class:`Item`: an event (« is dealt 2 damage »),
an outcome (« returns », « is 1/1 », « survives ») or either (« dies »,
« gets two -1/-1 counters »: an event in a condition, an outcome asserted
in the main clause).  Without a condition, the first
verb group is an event when it can be one (« dies and returns », « gets two -1/-1
counters and dies »), the others outcomes; after « : » or "so" every verb group is an outcome.
A condition (« si », "if", « quand ») holds only events; one that asks
something else is not read.  The model plays the events in the engine
(:mod:`kb.checker.situation_queries`).
"""
from __future__ import annotations

from typing import Callable, Optional

from lark import Token

from kb.checker.meaning import Entity, Junction, Query
from kb.checker.meaning_combat import CombatMeaning, Item, NotReadEvent, _positive, _subjects
from kb.checker.meaning_conditions import ConditionMeaning
from kb.checker.meaning_effects import EffectMeaning
from kb.checker.meaning_banding import BandingMeaning
from kb.checker.meaning_soulbond import SoulbondMeaning
from parser.textkeys import fold

#: Pronouns that stand for the object named last (« celle-ci », "the latter").
LATTER = {"celle-ci", "celui-ci", "cette derniere", "ce dernier", "the latter"}

#: Definite articles: « la créature », "the creature" refer back to an object already described.
DEFINITE = {"the", "le", "la", "les", "l'"}


Tail = Callable[[str], Item]

#: A joiner after which the verb groups are outcomes (« : », "so").
THEN = "then"


def _counts(children):
    return next((c for c in children if isinstance(c, dict) and "counter" in c), None)


def _relative_end(children) -> int:
    """How many verb groups of a clause are its subject's relative clause: those after « qui » / "that"
    up to the first one written with no joiner before it (« … qui reçoit … et meurt ne revient pas »); 0
    when there is none, or when nothing follows the relative clause."""
    seen, joined, count = False, False, 0
    for x in children:
        if isinstance(x, Token) and x.type == "REL" and count == 0:
            seen, joined = True, True
        elif isinstance(x, str) and not isinstance(x, Token) and x == "and" or isinstance(x, Token) and x.type == "REL":
            joined = True
        elif callable(x):
            if not seen:
                return 0
            if not joined:
                return count
            count, joined = count + 1, False
    return 0


class EventMeaning(CombatMeaning, ConditionMeaning, SoulbondMeaning, BandingMeaning, EffectMeaning):
    """Transformer methods of the situation productions (mixed into :class:`~kb.checker.meaning_tree.Meaning`)."""

    # --- subjects -------------------------------------------------------
    def described(self, c):
        pt = next((str(t.value) for t in c if isinstance(t, Token) and t.type == "PT"), None)
        kws = [str(t.value) for t in c if isinstance(t, Token) and t.type == "KEYWORD"]
        counters = [x for x in c if isinstance(x, dict)]
        head = next(t for t in c if isinstance(t, Token) and t.type in ("CARDTYPE", "OBJ"))
        kind = "creature" if head.type == "CARDTYPE" and str(head.value) == "Creature" else \
            (str(head.value) if head.type == "OBJ" else None)
        if kind is None:
            raise NotReadEvent("the model plays events on creatures, permanents and sources only", [str(head)])
        start = min(t.start_pos for t in c if isinstance(t, Token))
        end = max([t.end_pos for t in c if isinstance(t, Token)] + [x["end"] for x in counters])
        article = self.articles.get(start, "")
        if not counters and article in DEFINITE | {""}:
            same = [e for e in self.reading.setup if e.by == "described" and (e.kind == kind or kind == "permanent")
                    and pt in (None, e.pt) and set(kws) <= set(e.keywords)]
            same += [e for e in self.reading.setup if e.by == "name" and kind in ("creature", "permanent")
                     and pt is None and not kws]
            if len(same) > 1:
                raise NotReadEvent("a description that fits several objects", [self.text[start:end]])
            if same:
                self._last = same[0].id
                return same[0].id
        eid = f"e{len(self.reading.setup) + 1}"
        surface = ((article + " ") if article and not article.endswith("'") else article) + self.text[start:end]
        start_counters: dict = {}
        for x in counters:
            start_counters[x["counter"]] = start_counters.get(x["counter"], 0) + x["n"]
        self.reading.setup.append(Entity(eid, "", None, surface.strip(), "described", None, kind, pt, kws,
                                         start_counters))
        self._last = eid
        return eid

    def e_both(self, c):
        """"persist creatures of both players": one object for each player, alike (the second is
        its twin: what happens to one happens to both, at once)."""
        eid = _subjects(c)[0]
        first = self.reading.entity(eid)
        first.controller = "you"
        twin = Entity(f"e{len(self.reading.setup) + 1}", "", None, first.surface, "described", None, first.kind,
                      first.pt, list(first.keywords), dict(first.counters), "opponent")
        self.reading.setup.append(twin)
        self.twins[eid] = twin.id
        self._last = eid
        return eid

    def e_card(self, c):
        """A card the claim names (« Le Bonnet-rouge meurtrier meurt »): played as printed
        (kb/checker/situation_cards.py)."""
        tok = c[0]
        if tok.value.get("ambiguous"):
            raise NotReadEvent("ambiguous card name", [tok.value["surface"]])
        return self._entity(tok.value["card"], tok.value["surface"], "name", face=tok.value.get("face"))

    def e_pronoun(self, c):
        """A pronoun: the last object described that is not only a source of damage (« si une créature
        subit 3 blessures d'une source avec la flétrissure, elle … »: the creature), else the last one."""
        if self._last is None:
            raise NotReadEvent("a pronoun with nothing before it", [str(c[0])])
        described = [e for e in self.reading.setup if e.by in ("described", "name")]
        if not described:
            return self._last
        if fold(str(c[0])) in LATTER:
            chosen = next(e for e in self.reading.setup if e.id == self._last)
        else:
            candidates = [e for e in described if e.kind != "source"] or described
            if len(candidates) > 1:
                raise NotReadEvent("a pronoun that may stand for several objects", [str(c[0])])
            chosen = candidates[0]
        self._last = chosen.id
        return chosen.id

    def e_with_counters(self, c):
        eid = _subjects(c)[0]
        counts = _counts(c)
        entity = self.reading.entity(eid)
        if entity.by not in ("described", "name"):
            raise NotReadEvent("counters on this object are not set up by the reader", [entity.surface])
        entity.counters[counts["counter"]] = entity.counters.get(counts["counter"], 0) + counts["n"]
        return eid

    def counters_en(self, c):
        n = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "number"), None)
        pt = next(t for t in c if isinstance(t, Token) and t.type == "PT")
        end = max(t.end_pos for t in c if isinstance(t, Token))
        self._last_counter = str(pt.value)
        counts = self._counter_kind(str(pt.value), n, end)
        noun = next(t for t in c if isinstance(t, Token) and t.type == "COUNTER")
        if n is None and str(noun).lower().endswith("s"):      # "-1/-1 counters", « des marqueurs »: how many?
            counts["unstated"] = True
        return counts

    def counters_them(self, c):
        """"two of them": counters of the kind named last."""
        kind = getattr(self, "_last_counter", None)
        if kind is None:
            raise NotReadEvent("counters of no kind named before", [str(c[-1])])
        n = next(x[1] for x in c if isinstance(x, tuple) and x[0] == "number")
        return self._counter_kind(kind, n, max(t.end_pos for t in c if isinstance(t, Token)))

    counters_fr = counters_en

    def counters_enough(self, c):
        """"enough -1/-1 counters (to die)", « assez de marqueurs -1/-1 (pour mourir) »: the least number that
        makes the object die, counted when the engine plays it."""
        pt = str(next(t for t in c if isinstance(t, Token) and t.type == "PT").value)
        if pt != "-1/-1":
            raise NotReadEvent("enough counters of a kind that does not kill", [pt])
        self._last_counter = pt
        return {"counter": pt, "n": "enough", "end": max(t.end_pos for t in c if isinstance(t, Token))}

    def dwith(self, c):
        """« un marqueur -1/-1 sur elle »: the counters, to the end of the words."""
        counts = dict(_counts(c))
        counts["end"] = max([counts["end"]] + [t.end_pos for t in c if isinstance(t, Token)])
        return counts

    @staticmethod
    def _counter_kind(kind: str, n: Optional[int], end: int) -> dict:
        if kind not in ("+1/+1", "-1/-1"):
            raise NotReadEvent("only +1/+1 and -1/-1 counters are modelled in situations", [kind])
        return {"counter": kind, "n": 1 if n is None else n, "end": end}

    def counters_cancel(self, c):
        """« Un marqueur +1/+1 et un marqueur -1/-1 sur le même permanent s'annulent »: both kinds of
        counters on the object as it is described, and the outcome that they are removed in pairs."""
        counts = [x for x in c if isinstance(x, dict)]
        eid = _subjects(c)[0]
        entity = self.reading.entity(eid)
        for x in counts:
            entity.counters[x["counter"]] = entity.counters.get(x["counter"], 0) + x["n"]
        if set(entity.counters) != {"+1/+1", "-1/-1"}:
            raise NotReadEvent("only +1/+1 and -1/-1 counters cancel out", [x["counter"] for x in counts])
        positive = _positive(c)
        return [Item("outcome", query=Query(eid, "counters_cancel", dict(entity.counters), polarity=positive))]

    def unused_mana(self, c):
        mana = next((str(t.value) for t in c if isinstance(t, Token) and t.type == "MANA"), None)
        return ("unused", mana.count("{") if mana else 1)

    def unspent_mana(self, c):
        """« le mana {G}{G}{G} du Forgeur de vallée qui n'est pas dépensé avant la fin de la phase »."""
        if _positive([x for x in c if isinstance(x, tuple)]):
            raise NotReadEvent("mana spent is not unused mana", ["spent"])
        return self.unused_mana(c)

    def mana_burns(self, c):
        """Unused mana when a phase ends, and whether it makes its player lose life (mana burn)."""
        n = next(x[1] for x in c if isinstance(x, tuple) and x[0] == "unused")
        self.reading.events = [{"kind": "phase_ends", "unused": n}]
        return Query("player", "mana_burn", n, polarity=_positive(c))

    def _keyword_instance(self, kw: str, subjects: list) -> str:
        """The object a general statement about ``kw`` is read on: the one the claim describes (given
        the keyword), else an instance the model builds (a creature with the keyword)."""
        if subjects:
            entity = self.reading.entity(subjects[0])
            if kw not in entity.keywords:
                entity.keywords.append(kw)
            return entity.id
        eid = f"e{len(self.reading.setup) + 1}"
        self.reading.setup.append(Entity(eid, "", None, self._instance_name(kw), "described", None, "creature",
                                         None, [kw], {}))
        return eid

    def keyword_returns(self, c):
        """« La persistance ramène la créature avec un marqueur -1/-1 », "Undying returns it with a +1/+1
        counter": read on a creature with the keyword that dies."""
        kw = next(str(t.value) for t in c if isinstance(t, Token) and t.type == "KEYWORD")
        eid = self._keyword_instance(kw, _subjects(c))
        counts = _counts(c)
        value = {"counters": {counts["counter"]: counts["n"]} if counts else None}
        return [Item("event", [{"kind": "dies", "subject": eid, "implied": True}]),
                Item("outcome", query=Query(eid, "returns", value, polarity=_positive(c)))]

    def keyword_damage_as_counters(self, c):
        """"Wither deals damage as -1/-1 counters", « l'infection inflige des blessures sous forme de
        marqueurs -1/-1 »: read on a source with the keyword dealing 2 damage to a 3/3 creature."""
        kw = next(str(t.value) for t in c if isinstance(t, Token) and t.type == "KEYWORD")
        source = self._keyword_instance(kw, [])
        target = f"e{len(self.reading.setup) + 1}"
        name = "une créature 3/3" if self.reading.lang == "fr" else "a 3/3 creature"
        self.reading.setup.append(Entity(target, "", None, name, "described", None, "creature", "3/3", [], {}))
        counts = _counts(c)
        query = Query(target, "damage_as_counters", {"counter": counts["counter"], "amount": 2}, polarity=_positive(c))
        return [Item("event", [{"kind": "damage", "source": source, "target": target, "amount": 2}]),
                Item("outcome", query=query)]

    def _instance_name(self, kw: str) -> str:
        if self.reading.lang == "fr":
            from kb.checker.vocabulary import french_keywords

            return f"une créature avec {french_keywords().get(kw, kw)}"
        return f"a creature with {kw}"

    # --- verb groups ------------------------------------------------------
    def t_dies(self, c):
        positive = _positive(c)

        def item(s):
            together = [s] + ([self.twins[s]] if s in self.twins else [])
            event = {"kind": "dies", "subject": s} if len(together) == 1 else {"kind": "die_together",
                                                                                "subjects": together}
            return Item("either", [event], Query(s, "dies", True, polarity=positive), negated=not positive,
                        words="dies")
        return item

    def t_dies_with(self, c):
        counts, positive = _counts(c), _positive(c)
        return lambda s: Item("event", [{"kind": "counters", "subject": s, "counter": counts["counter"],
                                          "n": counts["n"], "setup": True}, {"kind": "dies", "subject": s}],
                              negated=not positive, words="dies with")

    def t_enters_with(self, c):
        """"enters with two -1/-1 counters": the counters are on it as it enters (it is set up so)."""
        counts, positive = _counts(c), _positive(c)
        kind, n = counts["counter"], counts["n"]
        return lambda s: Item("event", [{"kind": "counters", "subject": s, "setup": True, "counter": kind, "n": n}],
                              negated=not positive, words="enters with counters")

    def t_destroyed(self, c):
        """"is destroyed" (an event: indestructible and regeneration apply; as an outcome: it died)."""
        positive = _positive(c)
        return lambda s: Item("either", [{"kind": "destroy", "subject": s}], Query(s, "dies", True, polarity=positive),
                              negated=not positive, words="is destroyed")

    def counters_stay(self, c):
        """« les marqueurs restent (à la fin du tour) »: the counters on the object named last are still there."""
        subject = self.e_pronoun(c) if self._last is not None else None
        if subject is None:
            raise NotReadEvent("counters on nothing described", ["counters"])
        turn = any(isinstance(t, Token) and t.type == "TURNEND" for t in c)
        return [Item("outcome", query=Query(subject, "counters_stay", True), pre=[{"kind": "end_of_turn"}] if turn else [])]

    def t_survives(self, c):
        """"survives" (with N counters: « survit avec un marqueur -1/-1 »)."""
        positive, counts = _positive(c), _counts(c)

        def item(s):
            query = Query(s, "dies", True, polarity=not positive)
            if counts:
                has = Query(s, "counters", {"counter": counts["counter"], "n": counts["n"]})
                query = Junction("and", [query, has], polarity=positive)
                query.parts[0].polarity = False
            return Item("outcome", query=query)
        return item

    def t_returns(self, c):
        counts, positive = _counts(c), _positive(c)
        value = {"counters": {counts["counter"]: counts["n"]} if counts else None}
        return lambda s: Item("outcome", query=Query(s, "returns", value, polarity=positive))

    def t_deals(self, c):
        n = next(x[1] for x in c if isinstance(x, tuple) and x[0] == "number")
        target, positive = _subjects(c)[-1], _positive(c)
        return lambda s: Item("event", [{"kind": "damage", "source": s, "target": target, "amount": n}],
                              negated=not positive, words="deals damage")

    def t_dealt(self, c):
        n = next(x[1] for x in c if isinstance(x, tuple) and x[0] == "number")
        sources, positive = _subjects(c), _positive(c)
        source = sources[0] if sources else None
        return lambda s: Item("event", [{"kind": "damage", "source": source, "target": s, "amount": n}],
                              negated=not positive, words="is dealt damage")

    def t_gets(self, c):
        counts, positive = _counts(c), _positive(c)
        kind, n = counts["counter"], counts["n"]
        event = {"kind": "counters", "subject": None, "counter": kind, "n": n}
        if counts.get("unstated"):
            event["unstated"] = True
        return lambda s: Item("either", [dict(event, subject=s)],
                              Query(s, "counters_put", {"counter": kind, "n": n}, polarity=positive),
                              negated=not positive,
                              words="gets counters")

    def t_dies_from(self, c):
        """"dies from receiving enough -1/-1 counters": the counters that kill it, as an event."""
        counts = self.counters_enough(c)
        return lambda s: Item("event", [{"kind": "counters", "subject": s, "counter": counts["counter"], "n": "enough"}],
                              words="dies from counters")

    def t_has_counters(self, c):
        counts, positive = _counts(c), _positive(c)
        kind, n = counts["counter"], counts["n"]
        return lambda s: Item("either", [{"kind": "counters", "subject": s, "setup": True, "counter": kind, "n": n}],
                              Query(s, "counters", {"counter": kind, "n": n}, polarity=positive),
                              negated=not positive,
                              words="has counters")

    def t_is_pt(self, c):
        pt = next(str(t.value) for t in c if isinstance(t, Token) and t.type == "PT")
        positive = _positive(c)
        return lambda s: Item("outcome", query=Query(s, "pt", pt, polarity=positive))

    def t_leaves_graveyard(self, c):
        kw = next((str(t.value) for t in c if isinstance(t, Token) and t.type == "KEYWORD"), None)
        return lambda s: Item("event", [{"kind": "leaves_graveyard", "subject": s, "before": kw}])

    def t_wears_off(self, c):
        turn = any(isinstance(t, Token) and t.type == "TURNEND" for t in c)
        pre = [{"kind": "end_of_turn"}] if turn else []
        return lambda s: Item("outcome", query=Query(s, "damage", 0), pre=pre)

    # --- clauses and sentences ----------------------------------------------
    def eclause(self, c):
        subject = _subjects(c)[0]
        items = [tail(subject) for tail in c if callable(tail)]
        for item in items[:_relative_end(c)]:       # "a creature that gets … and dies | doesn't return"
            if item.role == "outcome" or item.negated:
                raise NotReadEvent("a relative clause the model cannot set up", [item.words or "?"])
            item.role = "event"
        return items

    damage_clause = eclause

    def own_damage_clause(self, c):
        """« ses blessures disparaissent », "its damage wears off": the object named last; with no
        object named and no possessive (« les blessures disparaissent en fin de tour »), a general
        statement read on an instance: a creature dealt 1 damage first."""
        if self._last is None and not any(isinstance(t, Token) and t.type == "PRONPOSS" for t in c):
            eid = f"e{len(self.reading.setup) + 1}"
            name = "la créature" if self.reading.lang == "fr" else "the creature"
            self.reading.setup.append(Entity(eid, "", None, name, "described", None, "creature", None, [], {}))
            self._last = eid
            items = [tail(eid) for tail in c if callable(tail)]
            for item in items:
                item.pre = [{"kind": "damage", "target": eid, "amount": 1}] + item.pre
            return items
        subject = self.e_pronoun(c)
        return [tail(subject) for tail in c if callable(tail)]

    def ejoin(self, c):
        """A joiner; after « : », "so", « donc » what follows is the outcome."""
        return THEN if any(t.type in ("QWORD", "SO") for t in c) else None

    def esentence(self, c):
        out = []
        for part in c:
            if part is THEN:
                out.append(THEN)
            elif isinstance(part, list):
                out += part
        return out

    def card_leaves_graveyard(self, c):
        """« Si la carte est retirée du cimetière avant la résolution de la persistance »: the card of a
        creature with that keyword that died (the last one described, else an instance the model builds)."""
        kw = next(str(t.value) for t in c if isinstance(t, Token) and t.type == "KEYWORD")
        known = next((e for e in reversed(self.reading.setup) if e.by == "described" and kw in e.keywords), None)
        pre = []
        if known is None:
            eid = f"e{len(self.reading.setup) + 1}"
            known = Entity(eid, "", None, self._instance_name(kw), "described", None, "creature", None, [kw], {})
            self.reading.setup.append(known)
            pre = [{"kind": "dies", "subject": eid}]
        self._last = known.id
        return [Item("event", pre + [{"kind": "leaves_graveyard", "subject": known.id, "before": kw}])]

    def keyword_triggers(self, c):
        """"persist doesn't trigger", « la persistance ne se déclenche pas »: of the object described last with
        that keyword, as an outcome."""
        kw = next(str(t.value) for t in c if isinstance(t, Token) and t.type == "KEYWORD")
        known = next((e for e in reversed(self.reading.setup) if e.by == "described" and kw in e.keywords), None)
        if known is None:
            raise NotReadEvent("a keyword that triggers for no object described", [kw])
        positive = _positive(c)
        return [Item("outcome", [], Query(known.id, "triggers", kw, polarity=positive), words="triggers")]

    def lead_turn_end(self, c):
        return [Item("event", [{"kind": "end_of_turn"}])]

    def happens(self, c):
        return self._situation([], c[0], conditional=False)

    def happens_if(self, c):
        parts = [x for x in c if isinstance(x, list)]
        return self._situation(parts[0], parts[-1], conditional=True)

    def happens_if_after(self, c):
        parts = [x for x in c if isinstance(x, list)]
        return self._situation(parts[-1], parts[0], conditional=True)

    def happens_after_lead(self, c):
        parts = [x for x in c if isinstance(x, list)]
        return self._situation(parts[0], parts[-1], conditional=True)

    def _situation(self, condition: list, main: list, conditional: bool):
        condition = [i for i in condition if i is not THEN]
        if THEN in main and not conditional:
            cut = main.index(THEN)
            condition, main, conditional = condition + main[:cut], main[cut + 1:], True
        main = [i for i in main if i is not THEN]
        events = []
        for item in condition:
            if item.role == "outcome" or item.negated:
                raise NotReadEvent("a condition the model cannot set up", [item.words or "?"])
            events += item.pre + (item.events[0].holds if item.role == "condition" else item.events)
        roles = self._main_roles(main, conditional)
        queries = []
        for item, role in zip(main, roles):
            if item.role == "condition":
                raise NotReadEvent("a condition where an outcome is asked", [item.words])
            events += item.pre
            if role == "event":
                if item.negated:
                    raise NotReadEvent("an event that does not happen", [item.words])
                events += item.events
            else:
                queries.append(item.query)
        if not queries:
            raise NotReadEvent("no outcome asked", [])
        if not events and any(i.last_outcome for i, role in zip(main, roles) if role == "outcome"):
            raise NotReadEvent("a change the claim gives no cause for",     # « une créature 2/2 devient 3/3 »
                               [next(i.words for i in main if i.last_outcome)])
        if any(not isinstance(e, dict) or e.get("unstated") for e in events):    # (or a relative clause's condition)
            raise NotReadEvent("counters put in a number the claim does not say, or a condition", ["counters"])
        self.reading.events = events
        return queries[0] if len(queries) == 1 else Junction("and", queries)

    @staticmethod
    def _main_roles(main: list, conditional: bool) -> list[str]:
        """Each verb group of the main clause read as an event or an outcome (see the module docstring)."""
        last, leads = len(main) - 1, not conditional and len(main) > 1
        return ["event" if i.role == "event" or (leads and k == 0 and i.role == "either") or
                (i.last_outcome and k < last) else "outcome" for k, i in enumerate(main)]
