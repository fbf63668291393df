"""What the game engine plays for the general statements of the claim reader (mixed into
:class:`~kb.checker.situation_queries.SituationModel`): effects as events (a P/T modification, a
P/T-setting effect, a keyword lost or granted), how many creatures one can be paired with (702.95d),
what soulbond targets and whom it pairs with, what removes damage and counters
(:mod:`kb.checker.situation_removal`), where a keyword stands in the rules (:mod:`kb.checker.rule_refs`),
and a return asked with no event, played through the returning keyword's trigger event.
"""
from __future__ import annotations

from kb.checker import ability_kinds, rule_refs, situation_removal, soulbond
from kb.checker.engine.abilities import RETURNING
from kb.checker.engine.citing import say
from kb.checker.meaning import Junction, Query
from kb.checker.messages import render
from kb.checker.permanents import Permanent, PTEffect
from kb.checker.verdict import Unknown


def queries_of(node) -> list[Query]:
    """The query leaves of an assertion tree."""
    if isinstance(node, Junction):
        return [q for p in node.parts for q in queries_of(p)]
    return [node] if isinstance(node, Query) else []


class GeneralMechanics:
    """Events and queries of the general statements (see the module docstring)."""

    def _ev_pump(self, ev: dict) -> None:
        """« gagne +3/+3 »: a resolved spell or ability modifies its P/T (layer 7c today)."""
        p = self._on_battlefield(ev["subject"])
        label = self.trace.tr("gets {value}").format(value=ev["pt"])
        effect = PTEffect("modify", tuple(ev["value"]), label=label)
        p.pt_effects.append(effect)
        if ev.get("until_end_of_turn"):
            self.until_end_of_turn.append(effect)
        say(self.trace, "{name} gets {value}", name=p.name, value=ev["pt"])

    def _ev_set_pt(self, ev: dict) -> None:
        """« devient 4/1 »: an effect sets its P/T (layer 7b today; 6b with the resolved modifications,
        in timestamp order, under the 2008 rules)."""
        p = self._on_battlefield(ev["subject"])
        p.pt_effects.append(PTEffect("set", tuple(ev["value"]),
                                     label=self.trace.tr("becomes {value}").format(value=ev["pt"])))
        say(self.trace, "{name} becomes {value}", name=p.name, value=ev["pt"])

    def _ev_keyword(self, ev: dict) -> None:
        """« perd l'association d'âmes », "gains persist": an effect removes or grants a keyword ability."""
        p = self._on_battlefield(ev["subject"])
        kw = ev["keyword"]
        if ev["change"] == "loses":
            p.lost.add(kw)
            say(self.trace, "{name} loses {keyword}", name=p.name, keyword=self.trace.keyword(kw))
            if kw == "soulbond" and p.paired_with is not None:
                soulbond.still_paired(p, self.trace, "loses_soulbond")
        else:
            p.lost.discard(kw)
            if kw not in p.keywords:
                p.granted.add(kw)
            say(self.trace, "{name} gains {keyword}", name=p.name, keyword=self.trace.keyword(kw))


    def _q_pairing_limit(self, q: Query) -> bool:
        """« … ne peut être associée qu'à une seule autre créature » (702.95d): the instance is paired
        with one creature, then soulbond's pairing is tried with each of ``n`` others; the number it is
        paired with at once is compared with the claim's (« seulement » n, else at least n possible)."""
        first = self.objects[q.subject]
        n = q.value["n"]
        others = [self.game.enter(Permanent(name=render(self.trace.lang, "other creature {n}", {"n": k + 1}), base_power=3,
                                            base_toughness=3)) for k in range(max(n, 1) + 1)]
        say(self.trace, "instance played: {name} and {n} other creatures, all under your control, unpaired",
            name=first.name, n=len(others))
        partners = sum(soulbond.pair(first, other, first.controller, self.trace) for other in others)
        say(self.trace, "outcome: {name} is paired with {n} other creature(s) at once", "soulbond_one",
            name=first.name, n=partners)
        return partners == n if q.value["only"] else partners >= n

    def _soulbond_edition(self) -> None:
        if not self.trace.edition.has_soulbond:
            raise Unknown("soulbond does not exist under the rules of {edition}", edition=self.trace.edition.label)

    def _soulbond_entering(self, beside: list[Permanent]) -> Permanent:
        """A creature with soulbond entering the battlefield under your control beside ``beside``."""
        self._soulbond_edition()
        entering = Permanent(name=self.trace.tr("a creature with soulbond"), base_power=3, base_toughness=3,
                             keywords={"soulbond"})
        say(self.trace, "instance played: {name} enters the battlefield under your control", name=entering.name)
        self.game.enter(entering)
        return entering

    def _q_targets(self, q: Query) -> bool:
        """Whether the soulbond trigger targets (CR 115.1: only what its text calls « target »), read on
        a 2/2 creature with soulbond entering while you control an unpaired 3/3 creature."""
        self._soulbond_edition()
        return soulbond.targets_on_an_instance(self.trace)

    def _q_can_pair(self, q: Query) -> bool:
        """Whether a creature entering with soulbond can be paired with the creature described."""
        other = self.objects[q.subject]
        entering = self._soulbond_entering([other])
        chosen = soulbond.trigger_targets(entering, [other], self.trace, self.trace.rule_text("soulbond"))
        if chosen is None:
            return False
        return soulbond.pair(entering, other, entering.controller, self.trace)

    def _q_removed_by(self, q: Query) -> bool:
        return situation_removal.removed(q.value, self.trace)

    def _q_rule_number(self, q: Query) -> bool:
        return rule_refs.rule_number(q, self.trace)

    def _q_rule_exists(self, q: Query) -> bool:
        return rule_refs.rule_exists(q, self.trace)

    def _q_ability_kind(self, q: Query) -> bool:
        return ability_kinds.kind_holds(q, self.trace)


    def _implied_death(self) -> None:
        """A general statement of what a returning keyword does, with no event (« un jeton avec la
        persistance revient … », "a creature with undying returns …"): the instance is played through
        the event that keyword triggers on, its dying (702.79a, 702.93a), said in the explanation."""
        if self.reading.events:
            return
        asked = [q for q in queries_of(self.reading.asserts) if q.attribute == "returns"]
        for q in asked:
            p = self.objects.get(q.subject)
            e = self.reading.entity(q.subject)
            returning = [k for k in sorted(RETURNING) if p is not None and p.has(k)]
            if e.by != "described" or not returning:
                continue
            say(self.trace, "the claim names no event: {name} is played through what {keyword} triggers on, "
                "its dying", returning[0], name=p.name, keyword=self.trace.keyword(returning[0]))
            self.reading.events.append({"kind": "dies", "subject": q.subject, "implied": True})
