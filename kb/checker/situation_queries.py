"""A reading about what happens, played by the game engine on an instance.

The claim reader (:mod:`kb.checker.meaning_events`) gives the objects a
claim describes (« une créature 2/2 avec la persistance », "a source with
wither"), the events in order and the outcomes asked.  :class:`SituationModel`
builds an instance of each object — the P/T the claim gives, else a 3/3
(said in the explanation) — puts them onto the battlefield of a game of
:mod:`kb.checker.engine.game` under the edition asked, plays each event
through the engine (damage through its replacement effects, counters, a
creature put into a graveyard; state-based actions to a fixpoint after
each; triggered abilities resolved from the stack before the next event,
unless the event happens while they wait, like a card leaving the
graveyard before persist resolves), then answers each outcome query from
the game: whether the object died, returned (and with which counters),
its counters, P/T (last known information if it left), damage marked.

A card the claim names is played as printed (:mod:`kb.checker.situation_cards`: its P/T and
keyword abilities; an ability the engine does not play leaves it outside the model).  An outcome
the engine does not compute is
:class:`~kb.checker.verdict.OutsideModel` (the controlled language then
tries); never a constant answer.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Optional

from kb.checker import keywords, situation_banding, soulbond
from kb.checker.engine import combat
from kb.checker.engine.citing import say
from kb.checker.engine.game import STARTING_LIFE, Game
from kb.checker.layers import power_toughness
from kb.checker.meaning import Entity, Junction, Query, Reading
from kb.checker.permanents import Permanent, PTEffect
from kb.checker.situation_cards import CardInstance, card_instance, refuse_after_return
from kb.checker.situation_general import GeneralMechanics
from kb.checker.verdict import OutsideModel, Trace, Unknown

#: The P/T of an instance the claim gives none for.
INSTANCE_PT = (3, 3)


def is_situation(reading: Reading) -> bool:
    """Whether ``reading`` is about what happens to objects the claim describes."""
    return bool(reading.events) or any(e.by == "described" for e in reading.setup) or _about_rules(reading.asserts)


def _about_rules(node) -> bool:
    """Whether an assertion asks where a mechanic stands in the rules (kb/checker/rule_refs.py)."""
    if isinstance(node, Junction):
        return any(_about_rules(p) for p in node.parts)
    return isinstance(node, Query) and node.attribute in ("rule_number", "rule_exists", "ability_kind", "targets", "removed_by")


def _pt(text: Optional[str]) -> Optional[tuple[int, int]]:
    if not text:
        return None
    try:
        p, t = text.split("/")
        return int(p), int(t)
    except ValueError:
        return None


class SituationModel(GeneralMechanics):
    """Plays a :class:`Reading` with events in a game and evaluates its outcome queries."""

    def __init__(self, reading: Reading, trace: Trace, designate=None):
        self.reading, self.trace, self.designate = reading, trace, designate
        self.cards: dict[str, CardInstance] = {}       # the named cards played, by entity id
        self.game = Game(trace.edition, trace)
        self.objects: dict[str, Permanent] = {}
        self.start: dict[str, Counter] = {}
        self.burned = 0
        self.stack_order: list[str] = []
        self.after_events: dict[str, Counter] = {}      # counters as the turn ends (before cleanup)
        self.until_end_of_turn: list[PTEffect] = []      # effects that end in the cleanup step

    # --- the instance ------------------------------------------------------
    def _build_card(self, e: Entity, extra: Counter) -> Permanent:
        """A card the claim names, as printed (kb/checker/situation_cards.py)."""
        card = self.cards[e.id] = card_instance(e, self.designate, self.trace)
        owner = e.controller or "you"
        perm = Permanent(name=card.name, controller=owner, owner=owner, base_power=card.pt[0],
                         base_toughness=card.pt[1], types=set(card.types), keywords=set(card.keywords),
                         counters=Counter(e.counters) + extra)
        self.trace.step("{name}: {power}/{toughness}, {counters}, keywords: {keywords}", name=card.name,
                        power=card.pt[0], toughness=card.pt[1], counters=self.trace.tr(perm.describe_counters()),
                        keywords=", ".join(self.trace.keyword(k) for k in sorted(card.keywords))
                        or self.trace.tr("none"))
        return self.game.enter(perm)

    def _build(self, e: Entity, extra: Counter) -> Permanent:
        if e.by == "name":
            return self._build_card(e, extra)
        if e.by != "described":
            raise OutsideModel("the model plays events only on objects the claim describes, not on {name}",
                               name=e.surface or e.card)
        pt = _pt(e.pt)
        if e.pt and pt is None:
            raise OutsideModel("the model does not compute {what}", what=e.pt)
        given = pt is not None
        creature = e.kind in ("creature", "token")      # a token the claim describes is a creature token
        if pt is None and creature:
            pt = INSTANCE_PT
        owner = e.controller or "you"
        name = f"{e.surface} ({self.trace.tr(owner)})" if e.controller else e.surface
        perm = Permanent(name=name, controller=owner, owner=owner, base_power=pt[0] if pt else None, base_toughness=pt[1] if pt else None,
                         types={"creature"} if creature else set(), is_token=e.kind == "token",
                         keywords=set(e.keywords), counters=Counter(e.counters) + extra)
        kws = ", ".join(self.trace.keyword(k) for k in e.keywords) or "-"
        counters = self.trace.tr(perm.describe_counters())
        if given or not creature:
            say(self.trace, "instance played: {name} (keyword abilities: {keywords}; {counters}), on the battlefield",
                name=name, keywords=kws, counters=counters)
        else:
            say(self.trace, "instance played: {name} as a {p}/{t} creature (keyword abilities: {keywords}; "
                "{counters}), on the battlefield", name=name, p=pt[0], t=pt[1], keywords=kws,
                counters=counters)
        return self.game.enter(perm)

    def setup(self) -> None:
        extra: dict[str, Counter] = {}
        for ev in self.reading.events:          # counters the claim says it has from the start
            if ev.get("setup") and ev["kind"] == "counters":
                extra.setdefault(ev["subject"], Counter())[ev["counter"]] += ev["n"]
        for e in self.reading.setup:
            self.objects[e.id] = self._build(e, extra.get(e.id, Counter()))
        for e in self.reading.setup:
            if e.paired_with and int(e.id[1:]) < int(e.paired_with[1:]):
                a, b = self.objects[e.id], self.objects[e.paired_with]
                a.paired_with, b.paired_with = b, a
                self.trace.step("{name} and {partner} become paired", "soulbond_paired", name=a.name, partner=b.name)
        self.start = {eid: Counter(p.counters) for eid, p in self.objects.items()}
        self.game.check()           # the objects as described: state-based actions apply at once

    # --- the events ----------------------------------------------------------
    def play(self) -> None:
        events = self.reading.events
        for k, ev in enumerate(events):
            kind = ev["kind"]
            if kind == "combat" and not ev["blockers"] and k + 1 < len(events) and \
                    events[k + 1].get("attacker") == ev["attacker"]:
                continue        # "attacks and is blocked by …": one combat
            if kind != "leaves_graveyard":
                self.game.resolve_stack()
            if ev.get("setup"):
                continue
            getattr(self, "_ev_" + kind)(ev)
            self.game.check()
        self.game.resolve_stack()

    def _on_battlefield(self, eid: str) -> Permanent:
        p = self.objects[eid]
        if self.game.zones.zone_of(p) != "battlefield":
            raise Unknown("{name} is no longer on the battlefield when the next event happens", name=p.name)
        return p

    def _ev_counters(self, ev: dict) -> None:
        p = self._on_battlefield(ev["subject"])
        if ev["n"] == "enough":             # the least number of -1/-1 counters that takes its toughness to 0
            ev = dict(ev, n=max(1, power_toughness(p, self.trace.edition, None)[1]))
            say(self.trace, "enough -1/-1 counters for {name} to die: {n}", name=p.name, n=ev["n"])
        p.add_counters(ev["counter"], ev["n"])
        say(self.trace, "{n} {counter} counter(s) put on {name}", "pt_counters", n=ev["n"], counter=ev["counter"],
            name=p.name)

    def _ev_damage(self, ev: dict) -> None:
        target = self._on_battlefield(ev["target"])
        source = self.objects[ev["source"]] if ev.get("source") else None
        self.game.damage(target, ev["amount"], source)

    def _ev_dies(self, ev: dict) -> None:
        if ev.get("implied") and self.game.zones.zone_of(self.objects[ev["subject"]]) != "battlefield":
            return                  # « la persistance ne la ramène pas » after it died: it died already
        p = self._on_battlefield(ev["subject"])
        say(self.trace, "{name} is put into its owner's graveyard from the battlefield (it dies)", name=p.name)
        self.game.dies(p)

    def _ev_die_together(self, ev: dict) -> None:
        """Objects put into their owners' graveyards at the same time: what triggers goes on the stack
        once, in APNAP order (kb/checker/engine/stack.py)."""
        for eid in ev["subjects"]:
            self._ev_dies({"subject": eid})
        self.game.check()
        self.stack_order = [t.controller for t in self.game.stack.items]

    def _ev_leaves_battlefield(self, ev: dict) -> None:
        p = self._on_battlefield(ev["subject"])
        if p.paired_with is not None:
            soulbond.still_paired(p.paired_with, self.trace, "leaves")
        say(self.trace, "{name} leaves the battlefield (exiled)", name=p.name)
        self.game.move(p, "exile")

    def _ev_gain_control(self, ev: dict) -> None:
        p = self._on_battlefield(ev["subject"])
        if p.paired_with is not None:
            soulbond.still_paired(p.paired_with, self.trace, "control")
        p.controller = "opponent"

    def _ev_band(self, ev: dict) -> None:
        """« A band can include … »: the bands are declared by the query itself."""

    def _q_band_can_include(self, q: Query) -> bool:
        return situation_banding.band_can_include(q.value, self.trace)

    def _q_paired(self, q: Query) -> bool:
        p = self._now(q.subject)
        say(self.trace, "outcome: {name} is paired" if p.paired_with is not None else "outcome: {name} is unpaired",
            name=p.name)
        return p.paired_with is not None

    def _ev_destroy(self, ev: dict) -> None:
        self.game.destroy(self._on_battlefield(ev["subject"]))

    def _ev_leaves_graveyard(self, ev: dict) -> None:
        move = self._death(ev["subject"])
        if move is None or move.new is None or self.game.zones.zone_of(move.new) != "graveyard":
            raise Unknown("{name} is not in a graveyard when it would leave it", name=self.objects[ev["subject"]].name)
        say(self.trace, "the card leaves the graveyard (exiled) while the triggered abilities wait on the stack")
        self.game.exile(move.new)

    def _ev_combat(self, ev: dict) -> None:
        """An attacker, blocked by the blockers (controlled by the defending player) or not: the
        combat damage steps of the engine."""
        attacker = self._on_battlefield(ev["attacker"])
        blockers = [self._on_battlefield(b) for b in ev["blockers"]]
        for b in blockers:
            b.controller = b.owner = "opponent"
        if not combat.can_attack(attacker, self.trace):
            raise Unknown("{name} can't attack", name=attacker.name)
        combat.declare_attacker(attacker, self.trace)
        if blockers and not combat.can_be_blocked_by(attacker, blockers, trace=self.trace):
            raise Unknown("{name} can't be blocked that way", name=attacker.name)
        say(self.trace, "{name} attacks and is blocked by {blockers}" if blockers else "{name} attacks and is not blocked",
            "combat_damage_step", name=attacker.name, blockers=", ".join(b.name for b in blockers))
        combat.combat_damage(self.game, [combat.Block(attacker, blockers, "opponent")])

    def _ev_end_of_turn(self, ev: dict) -> None:
        self.after_events = {eid: Counter(self._now(eid).counters) for eid in self.objects}
        for p in self.game.battlefield:
            p.pt_effects = [e for e in p.pt_effects if not any(e is u for u in self.until_end_of_turn)]
            damage = p.damage
            p.damage = 0
            p.deathtouch_damage = False
            say(self.trace, "cleanup step: damage on {name} is removed ({damage} -> 0) and « until end of "
                "turn » effects end; counters stay ({counters})", "cleanup", name=p.name, damage=damage,
                counters=self.trace.tr(p.describe_counters()))

    # --- the outcomes ------------------------------------------------------------
    def _death(self, eid: str):
        p = self.objects[eid]
        return next((m for m in self.game.moves if m.old is p and m.origin == "battlefield"
                     and m.destination == "graveyard"), None)

    def _now(self, eid: str) -> Permanent:
        """The object as it is now: the one persist or undying returned, else itself, else its last known information."""
        p = self.objects[eid]
        if id(p) in self.game.returned:
            return self.game.returned[id(p)]
        death = self._death(eid)
        return death.lki if death is not None else p

    def _nothing_happens(self, q: Query) -> None:
        """A death or a return asked of an object nothing happens to (« les créatures avec la
        persistance reviennent »): the claim does not say it dies, so the model cannot answer."""
        if not self.reading.events:
            raise Unknown("the claim does not say what happens to {name}", name=self.objects[q.subject].name)

    def _q_dies(self, q: Query) -> bool:
        died = self._death(q.subject) is not None
        if not died:
            self._nothing_happens(q)
        say(self.trace, "outcome: {name} {what}", name=self.objects[q.subject].name,
            what=self.trace.tr("died") if died else self.trace.tr("is still on the battlefield"))
        return died

    def _q_returns(self, q: Query) -> bool:
        back = self.game.returned.get(id(self.objects[q.subject]))
        if back is None:
            self._nothing_happens(q)
            say(self.trace, "outcome: {name} does not return to the battlefield", name=self.objects[q.subject].name)
            return False
        say(self.trace, "outcome: {name} is back on the battlefield with {counters}", name=back.name,
            counters=back.describe_counters())
        wanted = (q.value or {}).get("counters")
        return all(back.counters.get(k, 0) == n for k, n in wanted.items()) if wanted else True

    def _q_triggers(self, q: Query) -> bool:
        """Whether the keyword's triggered ability (persist, undying) of the object triggered."""
        obj = self.objects[q.subject]
        fired = [t for t in self.game.triggered if t.keyword == q.value and t.origin is obj]
        say(self.trace, "outcome: {keyword} of {name} triggered" if fired else "outcome: {keyword} of {name} did not trigger",
            q.value, keyword=self.trace.keyword(q.value), name=obj.name)
        return bool(fired)

    def _q_counters(self, q: Query) -> bool:
        p = self._now(q.subject)
        say(self.trace, "outcome: {name} has {counters}", name=p.name, counters=p.describe_counters())
        return p.counters.get(q.value["counter"], 0) == q.value["n"]

    def _q_counters_put(self, q: Query) -> bool:
        p = self._now(q.subject)
        if p is not self.objects[q.subject] and self._death(q.subject) is None:
            raise Unknown("{name} is a new object: the counters put on the old one are not on it", name=p.name)
        before = self.start.get(q.subject, Counter()).get(q.value["counter"], 0)
        put = p.counters.get(q.value["counter"], 0) - before
        say(self.trace, "outcome: {n} {counter} counter(s) were put on {name}", n=put, counter=q.value["counter"],
            name=p.name)
        return put == q.value["n"]

    def _q_pt(self, q: Query) -> bool:
        wanted = _pt(str(q.value))
        if wanted is None:
            raise OutsideModel("the model does not compute {what}", what=q.value)
        p = self._now(q.subject)
        return power_toughness(p, self.trace.edition, self.trace) == wanted

    def _ev_phase_ends(self, ev: dict) -> None:
        """A phase ends with unused mana in its player's pool: mana burn under the rules before M10."""
        player = self.game.active
        before = player.life
        say(self.trace, "read on an instance: a player with {life} life and {n} unused mana when a phase ends",
            life=before, n=ev["unused"])
        player.life -= keywords.mana_burn(ev["unused"], self.trace)
        self.burned = before - player.life

    def _q_mana_burn(self, q: Query) -> bool:
        say(self.trace, "life after the phase: {life}", life=self.game.active.life)
        return self.burned > 0

    def _q_counters_cancel(self, q: Query) -> bool:
        p = self._now(q.subject)
        say(self.trace, "outcome: {name} has {counters}", name=p.name, counters=self.trace.tr(p.describe_counters()))
        pairs = min(q.value.values())
        return all(p.counters.get(k, 0) == n - pairs for k, n in q.value.items())

    def _q_life_lost(self, q: Query) -> bool:
        return self._life(q, -1)

    def _q_life_gained(self, q: Query) -> bool:
        return self._life(q, 1)

    def _life(self, q: Query, sign: int) -> bool:
        player = self.game.player(q.subject)
        change = player.life - STARTING_LIFE
        say(self.trace, "outcome: {player} has {life} life (from {start})", player=self.trace.tr(player.name),
            life=player.life, start=STARTING_LIFE)
        return change * sign == q.value

    def _q_poison(self, q: Query) -> bool:
        player = self.game.player(q.subject)
        say(self.trace, "outcome: {player} has {n} poison counters", player=self.trace.tr(player.name), n=player.poison)
        return player.poison == q.value

    def _q_returns_first(self, q: Query) -> bool:
        back = list(self.game.returned.values())
        if not back:
            raise Unknown("nothing returned to the battlefield")
        say(self.trace, "outcome: the first object to return is controlled by {player}",
            player=self.trace.tr(back[0].controller))
        return back[0].controller == q.subject

    def _q_stack_first(self, q: Query) -> bool:
        if not self.stack_order:
            raise Unknown("nothing was put on the stack")
        say(self.trace, "outcome: the first triggered ability put on the stack is controlled by {player}",
            player=self.trace.tr(self.stack_order[0]))
        return self.stack_order[0] == q.subject

    def _q_damage_as_counters(self, q: Query) -> bool:
        """The damage dealt became that many counters, and none of it is marked."""
        p = self._now(q.subject)
        before = self.start.get(q.subject, Counter()).get(q.value["counter"], 0)
        put = p.counters.get(q.value["counter"], 0) - before
        say(self.trace, "outcome: {n} damage dealt, {put} {counter} counter(s) put and {marked} damage marked on "
            "{name}", n=q.value["amount"], put=put, counter=q.value["counter"], marked=p.damage, name=p.name)
        return put == q.value["amount"] and p.damage == 0

    def _q_counters_stay(self, q: Query) -> bool:
        """The counters the object had after the events that put them are still on it."""
        p = self._now(q.subject)
        say(self.trace, "outcome: {name} has {counters}", name=p.name, counters=self.trace.tr(p.describe_counters()))
        if not self.after_events or not any(self.after_events.get(q.subject, Counter()).values()):
            raise Unknown("{name} has no counters that something could remove", name=p.name)
        return p.counters == self.after_events[q.subject]

    def _q_damage(self, q: Query) -> bool:
        p = self._now(q.subject)
        say(self.trace, "outcome: {name} has {n} damage marked", name=p.name, n=p.damage)
        return p.damage == q.value

    def ask(self, node) -> bool:
        if isinstance(node, Junction):
            values = [self.ask(part) for part in node.parts]
            result = all(values) if node.op in ("and", "nor") else any(values)
            return result if node.polarity else not result
        handler = getattr(self, "_q_" + node.attribute, None)
        if handler is None:
            raise OutsideModel("the model does not compute {what}", what=node.attribute)
        for eid, card in self.cards.items():
            refuse_after_return(card, id(self.objects[eid]) in self.game.returned, node.attribute)
        value = handler(node)
        return value if node.polarity else not value

    def evaluate(self) -> bool:
        """Set up the instance, play the events, answer the assertion (and its reason: « X, puisque Y »
        is true when both hold, false when either fails)."""
        if self.reading.concession is not None:
            raise OutsideModel("the model does not compute {what}", what="a concession about events")
        if self.reading.only_if is not None:
            return self._only_if()
        self.setup()
        self._implied_death()
        self.play()
        main = self.ask(self.reading.asserts)
        if self.reading.reason is None:
            return main
        return self.ask(self.reading.reason) and main

    def _only_if(self) -> bool:
        """« X seulement si Y »: X happens where Y holds and not where it does not, both played."""
        if self.reading.reason is not None:
            raise OutsideModel("the model does not compute {what}", what="a reason about a condition")
        self.setup()
        self.play()
        held = self.ask(self.reading.asserts)
        if self.reading.even_if and not held and any(not ev.get("setup") for ev in self.reading.events):
            return False        # « X même si Y »: X does not happen where Y does (Y made something happen)
        self.trace.step("where the condition does not hold:")
        other = SituationModel(replace(self.reading, events=list(self.reading.only_if), only_if=None), self.trace,
                               self.designate)
        other.setup()
        if self.reading.even_if:        # without the concession, the general statement (« … revient »)
            other._implied_death()
        other.play()
        without = other.ask(self.reading.asserts)
        if self.reading.even_if:        # « X même si Y »: X where Y happens, and where it does not
            if not held:
                return False
            if not without:
                raise Unknown("the outcome happens only where the condition holds, not « even if » it does")
            return True
        if without:
            return False
        if not held:
            raise Unknown("the outcome happens neither where the condition holds nor where it does not")
        return True
