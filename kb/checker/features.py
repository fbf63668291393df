"""What a claim says an object has or is: features of a permanent
(counters, damage, keywords, a regeneration shield, a pairing bonus, an
ability with {Q} or {T}) put on a :class:`Permanent` or checked on it, and
the colour descriptions (« blanc et bleu », « incolore », « multicolore »).
"""
from __future__ import annotations

from lark import Tree

from kb.checker import soulbond
from kb.checker.permanents import Permanent, PTEffect
from kb.checker.reading import Handlers, colors, count, counters_of, keyword_words, pt, tokens
from kb.checker.verdict import Trace, Unknown
from kb.checker.vocabulary import SUMMONING_SICKNESS, keyword

FEATURES = Handlers("feature {form} is not modelled")


def apply_features(perm: Permanent, features: Tree) -> None:
    """Give ``perm`` every feature listed in a ``features`` subtree."""
    for f in features.children:
        FEATURES.run(f, perm)


@FEATURES.of("counters_feature")
def _counters(perm: Permanent, f: Tree) -> None:
    n, kind = counters_of(f)
    perm.counters[kind] += n


@FEATURES.of("damage_feature")
def _damage(perm: Permanent, f: Tree) -> None:
    perm.damage += count(f.children[0])


@FEATURES.of("keyword_feature", "granted_feature")
def _keyword(perm: Permanent, f: Tree) -> None:
    kw = keyword(keyword_words(f))
    if kw == SUMMONING_SICKNESS:
        perm.continuous_control = False
    elif f.data == "granted_feature":
        perm.granted.add(kw)
    else:
        perm.keywords.add(kw)


@FEATURES.of("regeneration_feature")
def _regeneration(perm: Permanent, f: Tree) -> None:
    perm.regeneration_shields += 1


@FEATURES.of("pairing_bonus_feature")
def _pairing_bonus(perm: Permanent, f: Tree) -> None:
    bonus = pt(tokens(f, "PT_MOD")[0])
    perm.pt_effects.append(PTEffect("modify", bonus, source="static", label=soulbond.PAIRING_BONUS))


@FEATURES.of("symbol_ability_feature")
def _symbol_ability(perm: Permanent, f: Tree) -> None:
    sym = str(tokens(f, "MANA")[0])
    if sym not in ("{Q}", "{T}"):
        raise Unknown("abilities with {symbol} in their cost are not modelled", symbol=sym)
    perm.keywords.add("ability " + sym)


@FEATURES.of("absent_counters", "absent_keyword")
def _absent(perm: Permanent, f: Tree) -> None:
    """« sans marqueur -1/-1 », « sans la persistance »: nothing to give, but
    a claim giving and denying the same thing (or denying a card its
    printed keyword) is not decided."""
    if not has_feature(perm, f):
        raise Unknown("the claim says it is without what it has ({what})", what=" ".join(map(str, f.scan_values(
            lambda v: True))))


def _counter_kinds(f: Tree) -> list[str]:
    stated = [k for k in ("+1/+1", "-1/-1") if k in str(f.children[0])]
    return stated or ["+1/+1", "-1/-1"]


def has_feature(p: Permanent, f: Tree) -> bool:
    """Whether ``p`` has the counters, damage or keyword ``f`` states (or,
    for ``absent_*``, lacks them)."""
    if f.data == "absent_counters":
        return all(not p.counters.get(k, 0) for k in _counter_kinds(f))
    if f.data == "absent_keyword":
        return not p.has(keyword(keyword_words(f)))
    if f.data == "counters_feature":
        n, kind = counters_of(f)
        return p.counters.get(kind, 0) == n
    if f.data == "damage_feature":
        return p.damage == count(f.children[0])
    if f.data in ("keyword_feature", "granted_feature"):
        return p.has(keyword(keyword_words(f)))
    raise Unknown("outcome feature {feature}", feature=f.data)


def has_all_features(p: Permanent, groups: list[Tree]) -> bool:
    """Whether ``p`` has every feature of every ``features`` subtree."""
    return all(has_feature(p, feat) for group in groups for feat in group.children)


def matches_colors(colors_of: tuple[str, ...], desc: Tree, trace: Trace) -> bool:
    """Whether colours ``colors_of`` fit the colour description ``desc``."""
    kind = desc.data
    if kind == "colors_all":
        return all(c in colors_of for c in colors(desc))
    if kind == "colors_only":
        return set(colors(desc)) == set(colors_of)
    if kind == "colorless":
        trace.step("colorless means no color at all", "colorless")
        return not colors_of
    if kind == "multicolored":
        return len(colors_of) >= 2
    if kind == "monocolored":
        return len(colors_of) == 1
    if kind == "all_colors":
        return len(colors_of) == 5
    raise Unknown("color description {kind}", kind=kind)


# ---- what the creature is doing (« engagée », « dégagée », « arrivée ce tour-ci »)

STATES = ("tapped_state", "untapped_state", "new_state")


@FEATURES.of("tapped_state")
def _tapped(perm: Permanent, f: Tree) -> None:
    perm.tapped = True


@FEATURES.of("untapped_state")
def _untapped(perm: Permanent, f: Tree) -> None:
    perm.tapped = False


@FEATURES.of("new_state")
def _new(perm: Permanent, f: Tree) -> None:
    """Arrived this turn: not controlled since its controller's most recent turn began."""
    perm.continuous_control = False


def apply_states(perm: Permanent, actor: Tree) -> None:
    """The states an actor subtree gives its creature, before or after its features."""
    for c in actor.children:
        if isinstance(c, Tree) and c.data in STATES:
            FEATURES.run(c, perm)
        elif isinstance(c, Tree) and c.data in ("states", "states_after"):
            apply_features(perm, c)
