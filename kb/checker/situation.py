"""A short game situation: one actor (a creature, a card, a paired
creature, a spell with conspire), events in order played through the game
engine (:mod:`kb.checker.engine`) with state-based actions after each,
the triggered abilities (persist, undying) resolved from the stack once
the events are over, then outcomes.

:class:`Situation` holds the state; the actors are read here (one
function per grammar alias in :data:`ACTORS`), the events in
:mod:`kb.checker.events` and the outcomes in :mod:`kb.checker.outcomes`.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Optional

from lark import Tree

from kb.checker import keywords, soulbond
from kb.checker.editions import EditionInfo
from kb.checker.engine.game import Game
from kb.checker.events import EVENTS, SPELL_EVENTS
from kb.checker.features import apply_features, apply_states
from kb.checker.outcomes import OUTCOMES
from kb.checker.permanents import MINUS, Permanent, PTEffect
from kb.checker.reading import Handlers, colors, count, name, pt, subtrees, tokens
from kb.checker.verdict import OutsideModel, Trace, Unknown

if TYPE_CHECKING:
    from kb.checker.forms import ClaimForms

ACTORS = Handlers("actor {form} is not modelled")


@dataclass
class Situation:
    """The state of a situation while its events happen.

    ``perm`` is the actor on the battlefield (``partner`` its soulbond
    partner), ``spell`` the actor when it is a spell; ``died``/``lki`` say
    whether it was put into a graveyard and as what (last known
    information), ``returned`` the new object persist brought back.
    ``still_paired`` and ``soulbond_triggered`` stay None until something
    pairs, unpairs or triggers.  :attr:`game` is the engine's game the
    actor plays in (made on first use, the actor on the battlefield).
    """

    forms: "ClaimForms"
    actor: Tree
    events: list[Tree]
    perm: Optional[Permanent] = None
    partner: Optional[Permanent] = None
    spell: Optional[keywords.Spell] = None
    copies: Optional[int] = None
    died: bool = False
    lki: Optional[Permanent] = None
    returned: Optional[Permanent] = None
    left_graveyard: bool = False
    still_paired: Optional[bool] = None
    colors_known: bool = True
    soulbond_triggered: Optional[bool] = None
    until_eot: list[PTEffect] = field(default_factory=list)
    spell_colors_known: bool = False
    initial_counters: Counter = field(default_factory=Counter)
    _game: Optional[Game] = field(default=None, repr=False)

    @classmethod
    def of(cls, forms: "ClaimForms", tree: Tree) -> "Situation":
        """The situation of a ``situation`` subtree: its actor, then its events."""
        return cls(forms, tree.children[0], list(tree.children[1:]))

    @property
    def trace(self) -> Trace:
        return self.forms.trace

    @property
    def ed(self) -> EditionInfo:
        return self.forms.trace.edition

    @property
    def game(self) -> Game:
        """The game the actor is in (made on first use: the actor on the battlefield)."""
        if self._game is None:
            self._game = Game(self.ed, self.trace)
            if self.perm is not None and self.perm.zone == "battlefield":
                self._game.enter(self.perm)
        return self._game

    # ---- run
    def run(self) -> None:
        """Build the actor, play the events with state-based actions after each, resolve the stack."""
        ACTORS.run(self.actor, self)
        if self.perm is not None:
            self.initial_counters = Counter(self.perm.counters)
            self.sba(dies_next=self._dies_next(0))
        for i, e in enumerate(self.events):
            self.event(e)
            if self.perm is not None and self.perm.zone == "battlefield":
                self.sba(dies_next=self._dies_next(i + 1))
        if self.spell is not None and self.copies is None:
            self.copies = keywords.conspire_copies(self.spell, 0, self.trace)
        self.resolve_persist()

    def end_turn(self) -> None:
        """The turn ends (an outcome « à la fin du tour »): the cleanup step, then state-based actions."""
        self.event(Tree("end_turn_event", []))
        if self.perm is not None and self.perm.zone == "battlefield":
            self.sba()

    def event(self, e: Tree) -> None:
        """One event, for the spell or the permanent of the situation."""
        if self.spell is not None:
            SPELL_EVENTS.run(e, self)
            return
        p = self.perm
        if p is None:
            raise Unknown("no permanent in the situation")
        if p.zone != "battlefield" and e.data != "leaves_graveyard_event":
            raise Unknown("{name} is no longer on the battlefield when « {event} » would happen", name=p.name,
                          event=e.data)
        EVENTS.run(e, self, p)

    def outcome(self, o: Tree) -> bool:
        """Whether one outcome of the claim holds after the events."""
        return OUTCOMES.run(o, self)

    def _dies_next(self, i: int) -> bool:
        """Whether the claim's next event is the actor's death (« … quand elle meurt »)."""
        return i < len(self.events) and self.events[i].data == "dies_event"

    def sba(self, dies_next: bool = False) -> None:
        """State-based actions on the actor (the engine's game).  Without its power and
        toughness, whether its damage or -1/-1 counters kill it is unknown,
        unless the claim's next event is its death: it dies either way, with
        the same counters."""
        p = self.perm
        if (p.is_creature and p.base_toughness is None and not any(e.kind in ("set", "cda") for e in p.pt_effects)
                and (p.counters.get(MINUS) or p.damage)):
            if dies_next:
                self.trace.step("the creature dies next in the claim: whether its counters or damage had "
                                "already killed it changes nothing", "sba_toughness")
                return
            raise Unknown("the situation does not give the creature's power/toughness, so whether it survives "
                          "its damage or -1/-1 counters is unknown")
        for ev in self.game.check([self.perm]):
            if ev.kind == "dies" and ev.permanent is self.perm:
                self.died_now(ev.lki)

    def died_now(self, lki: Permanent) -> None:
        """The actor was put into a graveyard; ``lki`` is how it last existed."""
        self.died = True
        self.lki = lki
        if self.perm is not None and self.perm.paired_with is not None:
            self.still_paired = soulbond.still_paired(self.perm, self.trace, "leaves")

    def resolve_persist(self) -> None:
        """The events are over: the abilities that triggered (persist, undying)
        go on the stack and resolve, last in first out; ``returned`` is the new
        object one of them brought back."""
        if self.perm is None:
            return
        self.game.check()
        self.game.resolve_stack()
        if self.returned is None:
            self.returned = self.game.returned.get(id(self.perm))

    def require_soulbond(self) -> None:
        if not self.ed.has_soulbond:
            raise OutsideModel("soulbond is not in the rules of edition {edition} (it arrived in 2012)",
                               edition=self.ed)

    def current(self) -> Permanent:
        """The object outcomes speak of: the returned one, else the dead one (LKI), else the actor."""
        if self.returned is not None:
            return self.returned
        if self.died and self.lki is not None:
            return self.lki
        if self.perm is None:
            raise Unknown("the outcome needs a permanent")
        return self.perm


def _keywords_text(p: Permanent, tr=str) -> str:
    return ", ".join(sorted(map(tr, p.keywords | p.granted)))


@ACTORS.of("creature_actor")
def _creature(state: Situation, t: Tree) -> None:
    """« Une créature 2/2 verte avec un marqueur +1/+1 », « a 3/3 token »."""
    noun = subtrees(t, "plain_creature") + subtrees(t, "token_creature")
    pts = tokens(t, "PT")
    p = Permanent(name="the creature")
    if pts:
        p.base_power, p.base_toughness = pt(pts[0])
    p.is_token = bool(noun and noun[0].data == "token_creature")
    found: set[str] = set()
    for cl in subtrees(t, "color_list"):
        found |= set(colors(cl))
    p.base_colors = tuple(ch for ch in "WUBRG" if ch in found)
    state.colors_known = bool(subtrees(t, "color_list"))
    for f in subtrees(t, "features"):
        apply_features(p, f)
    apply_states(p, t)
    tr = state.trace.tr
    state.trace.step(("a token {pt}{colors} with {counters}{damage}{keywords}" if p.is_token else
                      "a creature {pt}{colors} with {counters}{damage}{keywords}") if pts else
                     "a creature{colors} with {counters}{damage}{keywords}",
                     pt=f"{p.base_power}/{p.base_toughness}", colors=" " + "".join(p.base_colors) if p.base_colors else "",
                     counters=tr(p.describe_counters()), damage=tr(", {n} damage").format(n=p.damage) if p.damage else "",
                     keywords=", " + _keywords_text(p, state.trace.keyword) if p.keywords or p.granted else "")
    state.perm = p


@ACTORS.of("card_actor")
def _card(state: Situation, t: Tree) -> None:
    """A creature card named in the claim, with its printed power/toughness and keywords."""
    card = state.forms.card(name(t.children[0]))
    if "creature" not in card.types:
        raise Unknown("{name} is not a creature card", name=card.name)
    try:
        bp, bt = int(card.power), int(card.toughness)
    except (TypeError, ValueError):
        raise OutsideModel("{name} has a variable power/toughness ({power}/{toughness})", name=card.name,
                           power=card.power, toughness=card.toughness)
    p = Permanent(name=card.name, base_power=bp, base_toughness=bt, types=set(card.types),
                  subtypes=set(card.subtypes), base_colors=state.forms.card_colors(card.name, card.mana_cost, card),
                  keywords=set(card.keywords))
    for f in subtrees(t, "features"):
        apply_features(p, f)
    state.trace.step("{name}: {power}/{toughness}, {counters}, keywords: {keywords}", name=card.name, power=bp,
                     toughness=bt, counters=state.trace.tr(p.describe_counters()),
                     keywords=_keywords_text(p, state.trace.keyword) or state.trace.tr("none"))
    state.perm = p


@ACTORS.of("paired_actor")
def _paired(state: Situation, t: Tree) -> None:
    """A creature paired with a 2/2 partner by soulbond (concept ``soulbond_paired``)."""
    state.require_soulbond()
    a = Permanent(name="the paired creature")
    pts = tokens(t, "PT")
    if pts:
        a.base_power, a.base_toughness = pt(pts[0])
    b = Permanent(name="its partner", base_power=2, base_toughness=2)
    for f in subtrees(t, "features"):
        apply_features(a, f)
    a.paired_with, b.paired_with = b, a
    state.trace.step("{name} ({keywords}) is paired with {partner}", "soulbond_paired", name=state.trace.tr(a.name),
                     keywords=", ".join(sorted(map(state.trace.keyword, a.keywords))) or state.trace.tr("no keywords"),
                     partner=state.trace.tr(b.name))
    state.perm, state.partner = a, b


@ACTORS.of("spell_actor", "copy_actor")
def _spell(state: Situation, t: Tree) -> None:
    """A spell (or a copy of one) with instances of conspire (concept ``conspire``)."""
    cc = (subtrees(t, "one_conspire") + subtrees(t, "n_conspire"))[0]
    n = 1 if cc.data == "one_conspire" else count(cc.children[0])
    cols = tuple(c for cl in subtrees(t, "color_list") for c in colors(cl))
    state.spell_colors_known = bool(cols)
    state.spell = keywords.Spell(colors=cols, conspire=n, cast=t.data == "spell_actor",
                                 is_copy=t.data == "copy_actor")
    state.trace.step("a copy of a spell with {n} instance(s) of conspire" if state.spell.is_copy else
                     "a spell with {n} instance(s) of conspire", n=n)
