"""« X ne … que si Y », « X seulement si Y », "X only if Y": a condition read with its negation.

« La persistance ne ramène une créature que si elle n'avait aucun marqueur -1/-1 en mourant »,
"A creature with persist returns only if it dies without a -1/-1 counter": the outcome X is asked
in two situations played on the engine (:mod:`kb.checker.situation_queries`), the condition's
(``Reading.events``) and its negation's (``Reading.only_if``).  The claim is true when X happens
in the first and not in the second, false when X happens without the condition.

Each verb group of the condition gives both situations (:class:`Condition`): « meurt avec un
marqueur -1/-1 » (the counter set up, then it dies / it dies without it), « meurt sans marqueur
-1/-1 » / « n'avait aucun marqueur -1/-1 en mourant » (the reverse), « a deux marqueurs +1/+1 »
(the counters, or none), « meurt » (it dies, or nothing happens).  A condition of any other kind
is not read.  « ne … que » is *only*: its « ne » opens no negation, and a claim with another
negation word before « que » (« ne ramène pas … que si ») is not read.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from lark import Token

from kb.checker.meaning import Junction
from kb.checker.meaning_combat import Item, NotReadEvent, _positive
from parser.textkeys import fold

#: Negation words that, before « que », make « ne … que » more than *only*.
_OTHER_NEGATION = re.compile(r"\b(pas|jamais|plus|point|rien|personne|nul|nulle|ni)\b")


@dataclass
class Condition:
    """A verb group of an « only if » condition: the events when it holds and when it does not."""

    holds: list
    fails: list
    words: str = ""


def _counted(c) -> dict:
    return next(x for x in c if isinstance(x, dict) and "counter" in x)


def _setup(subject: str, counts: dict) -> dict:
    return {"kind": "counters", "subject": subject, "counter": counts["counter"], "n": counts["n"], "setup": True}


def _flip(node):
    if isinstance(node, Junction):
        node.parts = [_flip(p) for p in node.parts]
        return node
    node.polarity = not node.polarity
    return node


class ConditionMeaning:
    """Transformer methods of the « only if » conditions (mixed into the Meaning)."""

    def t_has_no_counters(self, c):
        """« elle n'avait aucun marqueur -1/-1 (en mourant) », "it had no -1/-1 counters on it"."""
        counts = _counted(c)
        dies = any(isinstance(t, Token) and t.type == "DYING" for t in c)
        if not _positive(c) and not any(isinstance(t, Token) and t.type == "NO" for t in c):
            raise NotReadEvent("a negation the model does not read here", ["no"])
        one = dict(counts, n=max(counts["n"], 1))

        def item(s):
            death = [{"kind": "dies", "subject": s}] if dies else []
            return Item("condition", [Condition(death, [_setup(s, one)] + death, "has no counters")],
                        words="has no counters")
        return item

    def t_dies_without(self, c):
        """« meurt sans marqueur -1/-1 », "dies without a -1/-1 counter"."""
        counts = dict(_counted(c))
        counts["n"] = max(counts["n"], 1)
        if not _positive(c):
            raise NotReadEvent("a negation the model does not read here", ["without"])
        return lambda s: Item("condition", [Condition([{"kind": "dies", "subject": s}],
                                                      [_setup(s, counts), {"kind": "dies", "subject": s}],
                                                      "dies without counters")], words="dies without counters")

    def _condition_of(self, item: Item) -> Condition:
        """Both situations of a verb group of the condition."""
        if item.role == "condition":
            return item.events[0]
        if item.negated or item.role == "outcome":
            raise NotReadEvent("a condition the model cannot set up", [item.words or "?"])
        setup = [e for e in item.events if e.get("setup")]
        played = [e for e in item.events if not e.get("setup")]
        if setup and played:            # « meurt avec un marqueur -1/-1 »: dies in both, the counters only in one
            return Condition(item.pre + setup + played, item.pre + played, item.words)
        return Condition(item.pre + item.events, list(item.pre), item.words)

    def happens_only_if(self, c):
        """``main (ONLY | QUE) COND condition``: the outcome of ``main`` in both situations."""
        parts = [x for x in c if isinstance(x, list)]
        mark = next(t for t in c if isinstance(t, Token) and t.type in ("ONLY", "QUE"))
        main, condition = parts[0], parts[-1]
        conditions = [self._condition_of(i) for i in condition if not isinstance(i, str)]
        if len(conditions) != 1:
            raise NotReadEvent("an « only if » condition of several parts", [str(mark)])
        asserts = self._situation([], main, conditional=True)
        if mark.type == "QUE":
            if any(q.polarity for q in _leaves(asserts)):
                raise NotReadEvent("« que » without « ne »", [str(mark)])
            if _OTHER_NEGATION.search(fold(self.text[:mark.start_pos])):
                raise NotReadEvent("« ne … que » with another negation", [str(mark)])
            asserts = _flip(asserts)      # « ne … que »: the « ne » opened no negation
        before = list(self.reading.events)
        self.reading.events = _merged(before, conditions[0].holds)
        self.reading.only_if = _merged(before, conditions[0].fails)
        return asserts


def _leaves(node) -> list:
    return [leaf for p in node.parts for leaf in _leaves(p)] if isinstance(node, Junction) else [node]


def _merged(main: list, condition: list) -> list:
    """The events of the main clause and of one side of the condition, each once, in order; counters
    set up first (they are on the object from the start)."""
    out: list = []
    for ev in [e for e in condition if e.get("setup")] + main + [e for e in condition if not e.get("setup")]:
        same = [k for k, o in enumerate(out) if _plain(o) == _plain(ev)]
        if not same:
            out.append(ev)
        elif not ev.get("implied"):             # the death a keyword implies is the one the condition says
            out[same[0]] = ev
    return out


def _plain(ev: dict) -> dict:
    return {k: v for k, v in ev.items() if k != "implied"}
