"""The events of a situation, one function per grammar alias: counters put
on the creature, damage (with wither, prevented), power/toughness effects,
the cleanup step, regeneration, destruction, keywords gained or lost,
leaving the battlefield, soulbond pairings, and conspire paid for a spell.

:data:`EVENTS` holds the events of a permanent (called with the
situation, the permanent and the event's subtree), :data:`SPELL_EVENTS`
those of a spell (the situation and the subtree).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lark import Tree

from kb.checker import keywords, soulbond
from kb.checker.permanents import ColorEffect, Permanent, PTEffect
from kb.checker.reading import Handlers, colors, count, counters_of, keyword_words, name, pt, subtrees
from kb.checker.verdict import Unknown
from kb.checker.vocabulary import keyword

if TYPE_CHECKING:
    from kb.checker.situation import Situation

EVENTS = Handlers("event {form} is not modelled")
SPELL_EVENTS = Handlers("event {form} is not modelled for a spell")


# ---- a spell with conspire

@SPELL_EVENTS.of("conspire_paid_event")
def _conspire_paid(state: "Situation", e: Tree) -> None:
    """Conspire paid once or n times, maybe tapping creatures of stated colours (concept ``conspire``)."""
    counts = [c for c in e.children if not (isinstance(c, Tree) and c.data == "tapping")]
    n = count(counts[0]) if counts else 1
    tapped = None
    for tap in subtrees(e, "tapping"):
        tapped = [colors(tc) for tc in subtrees(tap, "tapped_creature")]
        if not state.spell_colors_known:
            raise Unknown("the spell's colors are not stated")
    state.copies = keywords.conspire_copies(state.spell, n, state.trace, tapped_colors=tapped)


@SPELL_EVENTS.of("conspire_both_paid_event")
def _conspire_both_paid(state: "Situation", e: Tree) -> None:
    state.copies = keywords.conspire_copies(state.spell, 2, state.trace)


# ---- counters, damage, power/toughness

@EVENTS.of("counters_event")
def _counters(state: "Situation", p: Permanent, e: Tree) -> None:
    n, kind = counters_of(e)
    p.counters[kind] += n
    state.trace.step("{n} {kind} counter(s) put on {name} -> {counters}", n=n, kind=kind,
                     name=state.trace.tr(p.name), counters=state.trace.tr(p.describe_counters()))


@EVENTS.of("damage_event")
def _damage(state: "Situation", p: Permanent, e: Tree) -> None:
    """Damage, from a source with wither or a named card, maybe prevented (:mod:`kb.checker.engine.replacement`)."""
    n = count(e.children[0])
    wither = bool(subtrees(e, "wither_source"))
    source = None
    for src in subtrees(e, "damage_source"):
        card = state.forms.card(name(src.children[0]))
        wither = "wither" in card.keywords
        state.trace.step("the source {name} has wither" if wither else "the source {name} does not have wither",
                         "wither", name=card.name)
        source = Permanent(name=card.name, types=set(card.types), keywords=set(card.keywords), controller="opponent",
                           owner="opponent")
    prevented = n if subtrees(e, "prevented") else 0
    state.game.damage(p, n, source, prevented=prevented, wither=wither)


def _until_end_of_turn(state: "Situation", p: Permanent, e: Tree) -> str:
    """Remember the effect just added if it lasts until end of turn; the words to say so."""
    if not subtrees(e, "until_eot"):
        return ""
    state.until_eot.append(p.pt_effects[-1])
    return state.trace.tr(" until end of turn")


@EVENTS.of("set_pt_event")
def _set_pt(state: "Situation", p: Permanent, e: Tree) -> None:
    value = str(e.children[0])
    p.pt_effects.append(PTEffect("set", pt(e.children[0]), label=state.trace.tr("becomes {value}").format(value=value)))
    eot = _until_end_of_turn(state, p, e)
    state.trace.step("an effect sets {name}'s power/toughness to {value}{eot}", "pt_set",
                     name=state.trace.tr(p.name), value=value, eot=eot)


@EVENTS.of("modify_event")
def _modify(state: "Situation", p: Permanent, e: Tree) -> None:
    value = str(e.children[0])
    p.pt_effects.append(PTEffect("modify", pt(e.children[0]), label=state.trace.tr("gets {value}").format(value=value)))
    eot = _until_end_of_turn(state, p, e)
    state.trace.step("a resolved effect gives {name} {value}{eot}", "pt_modify", name=state.trace.tr(p.name),
                     value=value, eot=eot)


@EVENTS.of("static_modify_event")
def _static_modify(state: "Situation", p: Permanent, e: Tree) -> None:
    p.pt_effects.append(PTEffect("modify", pt(e.children[0]), source="static", label=state.trace.tr("static {value}").format(value=e.children[0])))
    state.trace.step("a static ability gives {name} {value}", "pt_modify", name=state.trace.tr(p.name),
                     value=e.children[0])


@EVENTS.of("switch_event")
def _switch(state: "Situation", p: Permanent, e: Tree) -> None:
    p.pt_effects.append(PTEffect("switch", label="switch"))
    state.trace.step("{name}'s power and toughness are switched", "pt_switch", name=state.trace.tr(p.name))


@EVENTS.of("color_event", "all_colors_event")
def _color(state: "Situation", p: Permanent, e: Tree) -> None:
    cols = colors(e) if e.data == "color_event" else tuple("WUBRG")
    p.color_effects.append(ColorEffect(cols, bool(subtrees(e, "additive"))))


@EVENTS.of("end_turn_event")
def _end_turn(state: "Situation", p: Permanent, e: Tree) -> None:
    """Cleanup step: damage removed, « until end of turn » effects end, counters stay (concept ``cleanup``)."""
    p.pt_effects = [x for x in p.pt_effects if not any(x is y for y in state.until_eot)]
    state.trace.step("cleanup step: damage on {name} is removed ({damage} -> 0) and « until end of "
                     "turn » effects end; counters stay ({counters})", "cleanup", name=state.trace.tr(p.name),
                     damage=p.damage, counters=state.trace.tr(p.describe_counters()))
    p.damage = 0


# ---- regeneration, destruction, the graveyard

@EVENTS.of("regenerate_event")
def _regenerate(state: "Situation", p: Permanent, e: Tree) -> None:
    state.trace.step("{name} regenerates: all damage removed ({damage} -> 0), tapped, removed from "
                     "combat; counters stay ({counters})", "regeneration", name=state.trace.tr(p.name),
                     damage=p.damage, counters=state.trace.tr(p.describe_counters()))
    p.damage = 0
    p.deathtouch_damage = False
    p.tapped = True


@EVENTS.of("dies_event")
def _dies(state: "Situation", p: Permanent, e: Tree) -> None:
    """``p`` goes to its owner's graveyard (a new object there; a token ceases to exist)."""
    state.trace.step("{name} is put into a graveyard from the battlefield", name=state.trace.tr(p.name))
    state.died_now(state.game.dies(p).lki)


@EVENTS.of("destroy_event")
def _destroy(state: "Situation", p: Permanent, e: Tree) -> None:
    """Destruction, unless indestructible or a regeneration shield replaces it."""
    move = state.game.destroy(p)
    if move is not None:
        state.died_now(move.lki)


@EVENTS.of("leaves_graveyard_event")
def _leaves_graveyard(state: "Situation", p: Permanent, e: Tree) -> None:
    """The card put into the graveyard leaves it (exiled) before what triggered on its death resolves."""
    state.left_graveyard = True
    state.trace.step("the card leaves the graveyard before persist resolves")
    for move in state.game.moves:
        if move.old is p and move.new is not None and move.new.zone == "graveyard":
            state.game.exile(move.new)


# ---- keywords

@EVENTS.of("gain_event")
def _gain(state: "Situation", p: Permanent, e: Tree) -> None:
    kw = keyword(keyword_words(e))
    p.granted.add(kw)
    state.trace.step("{name} gains {keyword} from an effect", name=state.trace.tr(p.name), keyword=state.trace.keyword(kw))


@EVENTS.of("lose_event")
def _lose(state: "Situation", p: Permanent, e: Tree) -> None:
    kw = keyword(keyword_words(e))
    p.lost.add(kw)
    state.trace.step("{name} loses {keyword}", name=state.trace.tr(p.name), keyword=state.trace.keyword(kw))
    if kw == "soulbond" and p.paired_with is not None:
        state.still_paired = soulbond.still_paired(p, state.trace, "loses_soulbond")


# ---- leaving the battlefield, control, soulbond

def _unpair_on(state: "Situation", p: Permanent, what: str) -> None:
    """What ``what`` (``leaves``, ``control``, ``noncreature``) does to a pairing (concept ``soulbond_unpair``)."""
    if p.paired_with is not None:
        state.still_paired = soulbond.still_paired(p, state.trace, what)


@EVENTS.of("leaves_event")
def _leaves(state: "Situation", p: Permanent, e: Tree) -> None:
    _unpair_on(state, p, "leaves")
    state.game.exile(p)
    p.zone = "exile"


@EVENTS.of("control_event")
def _control(state: "Situation", p: Permanent, e: Tree) -> None:
    _unpair_on(state, p, "control")
    p.controller = "another player"


@EVENTS.of("noncreature_event")
def _noncreature(state: "Situation", p: Permanent, e: Tree) -> None:
    _unpair_on(state, p, "noncreature")
    p.lost_types.add("creature")
    state.trace.step("{name} stops being a creature (it stays a permanent; its abilities, persist "
                     "included, still work)", name=state.trace.tr(p.name))


@EVENTS.of("partner_leaves_event")
def _partner_leaves(state: "Situation", p: Permanent, e: Tree) -> None:
    if p.paired_with is None:
        raise Unknown("{name} is not paired", name=p.name)
    partner = p.paired_with
    state.still_paired = soulbond.still_paired(p, state.trace, "leaves")
    partner.zone = "exile"


@EVENTS.of("enters_event")
def _enters(state: "Situation", p: Permanent, e: Tree) -> None:
    """A creature with soulbond enters, maybe while another unpaired creature is there (concept ``soulbond``)."""
    state.require_soulbond()
    others = [p]
    if e.children[0].data == "other_unpaired":
        others.append(Permanent(name="another unpaired creature", base_power=2, base_toughness=2))
    state.soulbond_triggered = soulbond.soulbond_triggers(p, others, state.trace)
    p.continuous_control = False


@EVENTS.of("tapped_event")
def _tapped(state: "Situation", p: Permanent, e: Tree) -> None:
    p.tapped = True


@EVENTS.of("new_event")
def _new(state: "Situation", p: Permanent, e: Tree) -> None:
    p.continuous_control = False
