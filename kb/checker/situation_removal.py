"""What removes damage and counters: general statements played on an instance.

« Les marqueurs -1/-1 de la flétrissure ne partent ni en fin de tour ni avec la régénération »,
"Damage marked on a creature is removed when it regenerates and during the cleanup step": each
occasion (the cleanup step, a regeneration) is played in its own game of :mod:`kb.checker.engine`
on a 3/3 creature (named in the explanation) that has the thing asked about — 1 damage marked, or a
-1/-1 counter (put by 1 damage from a source with wither when the claim says the counters come from
wither) — and the answer is whether the thing is gone afterwards: damage is removed in the cleanup
step (514.2) and by regeneration (701.15), counters by neither (122: they stay until something removes
them).  The reader's query (:mod:`kb.checker.meaning_removal`) is ``removed_by``.
"""
from __future__ import annotations

from kb.checker.engine.citing import say
from kb.checker.engine.game import Game
from kb.checker.permanents import Permanent
from kb.checker.verdict import OutsideModel, Trace

#: The occasions the model plays.
OCCASIONS = ("end_of_turn", "regeneration")


def _instance(game: Game, value: dict, trace: Trace) -> Permanent:
    p = game.enter(Permanent(name="the creature", base_power=3, base_toughness=3))
    if value["thing"] == "damage":
        say(trace, "read on an instance: a 3/3 creature with {n} damage marked", n=1)
        game.damage(p, 1)
    elif value.get("source") == "wither":
        source = game.enter(Permanent(name="the source", base_power=1, base_toughness=1, keywords={"wither"}))
        say(trace, "read on an instance: a 3/3 creature dealt 1 damage by a source with wither", "wither")
        game.damage(p, 1, source)
    else:
        kind = value.get("counter") or "-1/-1"
        say(trace, "read on an instance: a 3/3 creature with a {counter} counter", counter=kind)
        p.add_counters(kind, 1)
    game.check()
    return p


def _has(p: Permanent, value: dict) -> bool:
    if value["thing"] == "damage":
        return p.damage > 0
    kind = value.get("counter") or "-1/-1"
    return p.counters.get(kind, 0) > 0


def removed(value: dict, trace: Trace) -> bool:
    """Whether the occasion of ``value`` removes its thing (damage, counters) from the instance."""
    occasion = value["occasion"]
    if occasion not in OCCASIONS:
        raise OutsideModel("the model does not compute {what}", what=occasion)
    game = Game(trace.edition, trace)
    p = _instance(game, value, trace)
    if not _has(p, value):
        raise OutsideModel("the model does not compute {what}", what=value["thing"])
    if occasion == "end_of_turn":
        p.damage = 0
        p.deathtouch_damage = False
        say(trace, "cleanup step: damage on {name} is removed ({damage} -> 0) and « until end of "
            "turn » effects end; counters stay ({counters})", "cleanup", name=trace.tr(p.name),
            damage=1 if value["thing"] == "damage" else 0, counters=trace.tr(p.describe_counters()))
    else:
        p.regeneration_shields += 1
        say(trace, "{name} gets a regeneration shield, then is destroyed", name=trace.tr(p.name))
        game.destroy(p)
    gone = not _has(p, value)
    say(trace, "outcome: {name} has {n} damage marked and {counters}", name=trace.tr(p.name), n=p.damage,
        counters=trace.tr(p.describe_counters()))
    return gone
