"""``kb check``: claims in a controlled French/English language, checked
against the rules model.

Grammar: ``parser/claims.lark`` (documented with examples in
docs/claims.md).  Public API:

* :func:`check_claim` ``(text, *, edition=None, cards=None) -> Verdict``
* :func:`check_file` ``(path, *, edition=None, cards=None) -> list[Verdict]``
  for a YAML list of ``{claim, expected, note[, edition]}`` items.

The answer is ``true`` or ``false`` with the computation steps and rules,
or ``unknown`` — with a ``reason`` — when the claim is outside the grammar
or the model (unknown card, a characteristic the model does not compute…).
Never a guess.  Card names are looked up *folded* (lowercase, no accents or
ligatures) through ``cards`` (a callable ``name -> CardFacts-like | None``),
by default :func:`kb.checker.cards.builtin_lookup`.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Callable, Optional, Union

import yaml
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from parser import grammars
from parser.mana import ManaCostError
from parser.textkeys import fold
from kb.checker import banding, keywords, layers, mana, soulbond
from kb.checker.cards import CardFacts, as_facts, builtin_lookup
from kb.checker.editions import EditionError, resolve_edition
from kb.checker.linked import LinkedObject
from kb.checker.permanents import MINUS, ColorEffect, Permanent, PTEffect
from kb.checker.sba import check_state_based_actions
from kb.checker.verdict import OutsideModel, Trace, Verdict

_NUMBERS = {"un": 1, "une": 1, "a": 1, "an": 1, "one": 1, "deux": 2, "two": 2, "trois": 3, "three": 3,
            "quatre": 4, "four": 4, "cinq": 5, "five": 5, "six": 6, "sept": 7, "seven": 7}
_COLOR_OF = {"WHITE": "W", "BLUE": "U", "BLACK": "B", "RED": "R", "GREEN": "G"}
_KEYWORD_OF = {"la persistance": "persist", "persist": "persist", "la celerite": "haste", "haste": "haste",
               "l'indestructibilite": "indestructible", "indestructible": "indestructible",
               "la fletrissure": "wither", "wither": "wither", "le regroupement": "banding", "banding": "banding",
               "l'association d'ames": "soulbond", "soulbond": "soulbond",
               "le mal d'invocation": "summoning sickness", "summoning sickness": "summoning sickness"}
_TYPE_OF = {"artefact": "artifact", "terrain": "land", "rituel": "sorcery", "ephemere": "instant",
            "enchantement": "enchantment"}


class Unknown(Exception):
    """The claim can't be decided (unknown card, unsupported form)."""


@lru_cache(maxsize=1)
def claims_parser() -> Lark:
    """The Earley parser of ``parser/claims.lark`` (cached)."""
    return grammars.load("claims", parser="earley", lexer="dynamic", start="start")


def normalize(text: str) -> str:
    """Fold a claim for the grammar: lowercase, no accents/ligatures, plain
    apostrophes and spaces, no « » quotes or final period, symbols inside
    braces upper-cased (``{2/b}`` -> ``{2/B}``)."""
    t = fold(text).replace("\u00a0", " ").replace("\u202f", " ")
    t = t.replace("«", " ").replace("»", " ").replace("“", " ").replace("”", " ").replace('"', " ")
    t = re.sub(r"\{[^{}]*\}", lambda m: m.group(0).upper(), t)
    t = re.sub(r"\s+", " ", t).strip()
    return t.rstrip(".").strip()


# ------------------------------------------------------------------ helpers

def _tok(tree: Tree, type_: str) -> list[Token]:
    return [c for c in tree.children if isinstance(c, Token) and c.type == type_]


def _sub(tree: Tree, data: str) -> list[Tree]:
    return [c for c in tree.children if isinstance(c, Tree) and c.data == data]


def _polarity(tree: Optional[Tree]) -> bool:
    """True unless the polarity subtree is the negative alternative (``no``)."""
    return not (isinstance(tree, Tree) and tree.data == "no")


def _count(node) -> int:
    if isinstance(node, Tree):
        node = node.children[0]
    s = str(node)
    if s.isdigit():
        return int(s)
    return _NUMBERS[s]


_LEADING_ARTICLE = re.compile(r"^(le |la |les |l'|the )")


def _name(tree: Tree) -> str:
    """The (folded) words of a name, a leading article dropped."""
    return _LEADING_ARTICLE.sub("", " ".join(str(t) for t in tree.children))


def _colors(tree: Tree) -> tuple[str, ...]:
    found = [_COLOR_OF[c.children[0].type] for c in tree.find_data("color")]
    return tuple(c for c in "WUBRG" if c in found)


def _pt(tok: Token) -> tuple[int, int]:
    p, t = str(tok).split("/")
    return int(p), int(t)


class _Checker:
    """Evaluates one parsed claim; a method per claim form (named as the grammar's alias)."""

    def __init__(self, trace: Trace, lookup: Callable):
        self.trace = trace
        self.lookup = lookup

    # ---- subjects
    def card(self, name: str) -> CardFacts:
        facts = as_facts(self.lookup(name))
        if facts is None:
            raise Unknown(f"no card named {name!r} is known to the checker")
        self.trace.step(f"card {facts.name}: mana cost {facts.mana_cost or '(none)'}, type line « {facts.type_line} »")
        return facts

    def subject(self, tree: Tree):
        """(label, mana cost or None, CardFacts or None)."""
        if tree.data == "cost_subject":
            cost = str(tree.children[0])
            mana.as_cost(cost)
            return cost, cost, None
        card = self.card(_name(tree.children[0]))
        return card.name, card.mana_cost, card

    def subject_cost(self, tree: Tree) -> tuple[str, str]:
        label, cost, card = self.subject(tree)
        if cost is None:
            self.trace.step(f"{label} has no mana cost")
            raise Unknown(f"{label} has no mana cost to pay")
        return label, cost

    def card_colors(self, label, cost, card) -> tuple[str, ...]:
        if card is not None and card.color_indicator:
            self.trace.step(f"{label} has a color indicator: {''.join(card.color_indicator)}", "color_indicator")
            return tuple(c for c in "WUBRG" if c in card.color_indicator)
        if card is not None and card.mana_cost is None:
            what = "a land" if "land" in card.types else "an object"
            self.trace.step(f"{label} is {what} with no mana cost and no color indicator: colorless",
                            "colorless")
            return ()
        return mana.cost_colors(cost, self.trace)

    # ---- properties
    def mana_value_claim(self, tree):
        """Mana value (2008 203.3, CR 202.3); X counts 0 unless on the stack."""
        subj, pred = tree.children[:2]
        x = int(str(tree.children[2].children[-1])) if len(tree.children) > 2 else 0
        n = float(str(pred.children[-1]))
        positive = _polarity(pred.children[0])
        label, cost, card = self.subject(subj)
        if len(tree.children) > 2:
            self.trace.step(f"on the stack, X is the number chosen: {x}", "mana_value_x")
        value = mana.mana_value(cost, self.trace, x=x)
        return (value == n) == positive

    def mana_value_claim_lead(self, tree):
        """« le coût converti de mana de X est N » (2008 203.3, CR 202.3)."""
        subj, is_, num = tree.children
        label, cost, card = self.subject(subj)
        value = mana.mana_value(cost, self.trace)
        return (value == float(str(num))) == _polarity(is_)

    def _color_desc(self, colors, desc: Tree) -> bool:
        kind = desc.data
        if kind == "colors_all":
            wanted = _colors(desc)
            return all(c in colors for c in wanted)
        if kind == "colors_only":
            return set(_colors(desc)) == set(colors)
        if kind == "colorless":
            self.trace.step("colorless means no color at all", "colorless")
            return not colors
        if kind == "multicolored":
            return len(colors) >= 2
        if kind == "monocolored":
            return len(colors) == 1
        if kind == "all_colors":
            return len(colors) == 5
        raise Unknown(f"color description {kind}")

    def color_claim(self, tree):
        """Colors of a card or cost (2008 203.2, CR 202.2, 105.2c)."""
        subj, is_, desc = tree.children
        label, cost, card = self.subject(subj)
        colors = self.card_colors(label, cost, card)
        self.trace.step(f"{label} is {''.join(colors) or 'colorless'}", "color")
        return self._color_desc(colors, desc) == _polarity(is_)

    def type_claim(self, tree):
        """Card types from the type line (CR 205.2a)."""
        subj, is_, type_word = tree.children
        label, cost, card = self.subject(subj)
        if card is None:
            raise Unknown("a mana cost has no card type")
        word = str(type_word.children[0])
        t = _TYPE_OF.get(word, word)
        self.trace.step(f"card types of {label} (type line « {card.type_line} »): "
                        f"{', '.join(sorted(card.types)) or 'none'}", "card_types")
        return (t in card.types) == _polarity(is_)

    def pay_claim(self, tree):
        """Spending exactly the given mana pays the cost (seeds/001_… hybrid notes, 104.3f)."""
        subj, verb, mana_list = tree.children
        label, cost = self.subject_cost(subj)
        ok = True
        for m in mana_list.children:
            if mana.pays_exactly(cost, str(m), self.trace) is None:
                ok = False
        return ok == _polarity(verb)

    def payments_claim(self, tree):
        """The listed payments are exactly the ways to pay (001 hybrid note 4, Implorer la reine note 3)."""
        subj, mana_list = tree.children
        label, cost = self.subject_cost(subj)
        found = {str(p) for p in mana.payments(cost)}
        listed = {str(mana.parse_mana(str(m))) for m in mana_list.children}
        self.trace.step(f"ways to pay {cost}: {', '.join(str(p) for p in mana.payments(cost))}", "hybrid_mana")
        self.trace.step(f"listed: {', '.join(sorted(listed))}")
        return found == listed

    def pool_claim(self, tree):
        """A pool pays the cost, leftovers allowed (CR 601.2h)."""
        pool, verb, subj = tree.children
        label, cost = self.subject_cost(subj)
        return (mana.pool_pays(str(pool), cost, self.trace) is not None) == _polarity(verb)

    def reduction_claim(self, tree):
        """Color-conditional cost reductions (001 hybrid note 3 and monocolored hybrid paragraph)."""
        red, applies, subj, paid = tree.children
        label, cost = self.subject_cost(subj)
        option = mana.pays_exactly(cost, str(paid), self.trace)
        if option is None:
            self.trace.step(f"{paid} is not a way to pay {cost}: nothing to reduce")
            return not _polarity(applies)
        _, applied = mana.apply_reduction(option, str(red), self.trace)
        return applied == _polarity(applies)

    # ---- general facts
    def colorless_is_color(self, tree):
        self.trace.step("colorless is not a color: a colorless object has no color", "colorless")
        return not _polarity(tree.children[0])

    def mana_burn_claim(self, tree):
        burns = keywords.mana_burn(1, self.trace) > 0
        return burns == _polarity(tree.children[0])

    def mana_types_claim(self, tree):
        """Six types of mana: white, blue, black, red, green, colorless (001 Bassin réfléchissant note 1; CR 106.1b)."""
        self.trace.step(f"types of mana: {', '.join(mana.MANA_TYPES)} ({len(mana.MANA_TYPES)})", "mana_types")
        return _count(tree.children[0]) == len(mana.MANA_TYPES)

    def hybrid_in_pool(self, tree):
        self.trace.step("hybrid symbols are not new colors or types of mana: no hybrid mana can be added to a pool",
                        "hybrid_mana")
        return not _polarity(tree.children[0])

    # ---- situations
    def situation_claim(self, tree):
        """Actor, events in order with state-based actions after each, then outcomes."""
        situation, outcomes = tree.children
        state = _Situation(self, situation)
        state.run()
        return all(state.outcome(o) for o in outcomes.children)

    # ---- banding
    def band_formation(self, tree):
        """Band formation (seed 004 502.10b, 502.11b; CR 702.22c)."""
        members: list[Permanent] = []
        for m in _sub(tree, "band_member"):
            count, noun, with_, ability = m.children
            n = _count(count)
            word = _singular(str(noun.children[0]))
            for i in range(n):
                p = Permanent(name=f"{word} {len(members) + 1}", base_power=1, base_toughness=1)
                if word not in ("creature",):
                    p.subtypes.add(word)
                if _polarity(with_):
                    if ability.data == "plain_banding":
                        p.keywords.add("banding")
                    else:
                        p.keywords.add("bands with other " + _singular(str(ability.children[0])))
                members.append(p)
        verb = [c for c in tree.children if isinstance(c, Tree) and c.data in ("yes", "no")][-1]
        ok = banding.can_form_band(members, self.trace)
        return ok == _polarity(verb)

    def band_damage(self, tree):
        """Who divides combat damage (seed 004 502.10h, 502.11c; CR 702.22j–k)."""
        feats = [c for c in tree.children if isinstance(c, Tree) and c.data == "features"]
        attacker = Permanent(name="attacking creature", base_power=2, base_toughness=2)
        if feats:
            _apply_features(attacker, feats[0], self)
        blockers = []
        for b in _sub(tree, "blocker"):
            for i in range(_count(b.children[0])):
                p = Permanent(name=f"blocker {len(blockers) + 1}", base_power=1, base_toughness=1)
                if len(b.children) > 1:
                    _apply_features(p, b.children[1], self)
                blockers.append(p)
        chooser = [c for c in tree.children if isinstance(c, Tree) and c.data.endswith("_player")][0]
        whose = [c for c in tree.children if isinstance(c, Tree) and c.data.endswith("_damage")][0]
        who = banding.damage_chooser(attacker, blockers, self.trace,
                                     whose="blockers" if whose.data == "blockers_damage" else "attacker")
        return who == chooser.data.replace("_", " ")

    def band_blocked(self, tree):
        """A blocked member blocks the band (seed 004 502.10e/g; CR 702.22h–i)."""
        how, whole = tree.children
        band = [Permanent(name="member 1", keywords={"banding"}), Permanent(name="member 2")]
        blocked = banding.band_blocked(band, band[0], self.trace, by_effect=how.data == "by_effect")
        return (len(blocked) == len(band)) == _polarity(whole)

    # ---- linked abilities
    def linked_claim(self, tree):
        """Linked abilities gained by one object (seed 002 607.4, Quicksilver Elemental example)."""
        ctx = _sub(tree, "linked_ctx")
        refs = _sub(tree, "ability_ref")
        verb = [c for c in tree.children if isinstance(c, Tree) and c.data in ("yes", "no")][-1]
        holder = _name(ctx[0].children[0]) if ctx else "the object"
        exiler, returner = (_name(r.children[0]) for r in refs)
        obj = LinkedObject(holder)
        a = obj.gain(["exile ability"], exiler, "effect 1", self.trace)[0]
        if returner == exiler:
            b = obj.gain(["return ability"], returner, "effect 1", self.trace)[0]
            b.group = a.group
        else:
            b = obj.gain(["return ability"], returner, "effect 2", self.trace)[0]
        obj.exile_with(a, "a creature card", self.trace)
        return obj.can_return(b, "a creature card", self.trace) == _polarity(verb)


def _singular(word: str) -> str:
    w = word.lower()
    if w.endswith("s") or w.endswith("x"):
        w = w[:-1]
    return w


def _apply_features(perm: Permanent, features: Tree, checker: _Checker) -> None:
    for f in features.children:
        if f.data == "counters_feature":
            count = [c for c in f.children if not (isinstance(c, Token) and c.type == "COUNTER_KIND")][0]
            kind = str(_tok(f, "COUNTER_KIND")[0])
            perm.counters[kind] += _count(count)
        elif f.data == "damage_feature":
            perm.damage += _count(f.children[0])
        elif f.data in ("keyword_feature", "granted_feature"):
            kw = _KEYWORD_OF[str(f.children[0].children[0])]
            if kw == "summoning sickness":
                perm.continuous_control = False
            elif f.data == "granted_feature":
                perm.granted.add(kw)
            else:
                perm.keywords.add(kw)
        elif f.data == "regeneration_feature":
            perm.regeneration_shields += 1
        elif f.data == "pairing_bonus_feature":
            v = _pt(_tok(f, "PT_MOD")[0])
            perm.pt_effects.append(PTEffect("modify", v, source="static", label=soulbond.PAIRING_BONUS))
        elif f.data == "symbol_ability_feature":
            sym = str(_tok(f, "MANA")[0])
            if sym not in ("{Q}", "{T}"):
                raise Unknown(f"abilities with {sym} in their cost are not modelled")
            perm.keywords.add("ability " + sym)
        else:
            raise Unknown(f"feature {f.data}")


class _Situation:
    """A short situation: one actor, events in order, then outcomes."""

    def __init__(self, checker: _Checker, tree: Tree):
        self.c = checker
        self.trace = checker.trace
        self.ed = checker.trace.edition
        self.actor_tree = tree.children[0]
        self.events = tree.children[1:]
        self.perm: Optional[Permanent] = None
        self.partner: Optional[Permanent] = None
        self.spell: Optional[keywords.Spell] = None
        self.copies: Optional[int] = None
        self.died = False
        self.lki: Optional[Permanent] = None
        self.returned: Optional[Permanent] = None
        self.left_graveyard = False
        self.still_paired: Optional[bool] = None
        self.colors_known = True   # False for a creature described without colors
        self.soulbond_triggered: Optional[bool] = None
        self.until_eot: list[PTEffect] = []
        self.spell_colors_known = False

    # ---- setup
    def build_actor(self):
        t = self.actor_tree
        if t.data == "creature_actor":
            noun = _sub(t, "plain_creature") + _sub(t, "token_creature")
            pts = _tok(t, "PT")
            p = Permanent(name="the creature")
            if pts:
                p.base_power, p.base_toughness = _pt(pts[0])
            p.is_token = bool(noun and noun[0].data == "token_creature")
            found = set()
            for cl in _sub(t, "color_list"):
                found |= set(_colors(cl))
            p.base_colors = tuple(ch for ch in "WUBRG" if ch in found)
            self.colors_known = bool(_sub(t, "color_list"))
            for f in _sub(t, "features"):
                _apply_features(p, f, self.c)
            desc = f"{'token' if p.is_token else 'creature'} {p.base_power}/{p.base_toughness}" if pts else "creature"
            self.trace.step(f"a {desc}{' ' + ''.join(p.base_colors) if p.base_colors else ''} with "
                            f"{p.describe_counters()}{', ' + str(p.damage) + ' damage' if p.damage else ''}"
                            f"{', ' + ', '.join(sorted(p.keywords | p.granted)) if p.keywords or p.granted else ''}")
            self.perm = p
        elif t.data == "card_actor":
            card = self.c.card(_name(t.children[0]))
            if "creature" not in card.types:
                raise Unknown(f"{card.name} is not a creature card")
            try:
                bp, bt = int(card.power), int(card.toughness)
            except (TypeError, ValueError):
                raise OutsideModel(f"{card.name} has a variable power/toughness ({card.power}/{card.toughness})")
            p = Permanent(name=card.name, base_power=bp, base_toughness=bt, types=set(card.types),
                          subtypes=set(card.subtypes), base_colors=self.c.card_colors(card.name, card.mana_cost, card),
                          keywords=set(card.keywords))
            for f in _sub(t, "features"):
                _apply_features(p, f, self.c)
            self.trace.step(f"{card.name}: {bp}/{bt}, {p.describe_counters()}, "
                            f"keywords: {', '.join(sorted(p.keywords | p.granted)) or 'none'}")
            self.perm = p
        elif t.data == "paired_actor":
            self._require_soulbond()
            a = Permanent(name="the paired creature")
            pts = _tok(t, "PT")
            if pts:
                a.base_power, a.base_toughness = _pt(pts[0])
            b = Permanent(name="its partner", base_power=2, base_toughness=2)
            for f in _sub(t, "features"):
                _apply_features(a, f, self.c)
            a.paired_with, b.paired_with = b, a
            self.trace.step(f"{a.name} ({', '.join(sorted(a.keywords)) or 'no keywords'}) is paired with {b.name}",
                            "soulbond_paired")
            self.perm, self.partner = a, b
        elif t.data in ("spell_actor", "copy_actor"):
            cc = (_sub(t, "one_conspire") + _sub(t, "n_conspire"))[0]
            n = 1 if cc.data == "one_conspire" else _count(cc.children[0])
            cols = tuple(c for cl in _sub(t, "color_list") for c in _colors(cl))
            self.spell_colors_known = bool(cols)
            self.spell = keywords.Spell(colors=cols, conspire=n, cast=t.data == "spell_actor",
                                        is_copy=t.data == "copy_actor")
            self.trace.step(f"{'a copy of ' if self.spell.is_copy else ''}a spell with {n} instance(s) of conspire")
        else:
            raise Unknown(f"actor {t.data}")

    # ---- run
    def run(self):
        self.build_actor()
        if self.perm is not None:
            self.sba()
        for e in self.events:
            self.event(e)
            if self.perm is not None and self.perm.zone == "battlefield":
                self.sba()
        if self.spell is not None and self.copies is None:
            self.copies = keywords.conspire_copies(self.spell, 0, self.trace)
        self.resolve_persist()

    def sba(self):
        p = self.perm
        if (p.is_creature and p.base_toughness is None and not any(e.kind in ("set", "cda") for e in p.pt_effects)
                and (p.counters.get(MINUS) or p.damage)):
            raise Unknown("the situation does not give the creature's power/toughness, so whether it survives "
                          "its damage or -1/-1 counters is unknown")
        events = check_state_based_actions([self.perm], self.ed, self.trace)
        for ev in events:
            if ev.kind == "dies" and ev.permanent is self.perm:
                self.died_now(ev.lki)

    def died_now(self, lki: Permanent):
        self.died = True
        self.lki = lki
        if self.perm is not None and self.perm.paired_with is not None:
            self.still_paired = soulbond.still_paired(self.perm, self.trace, "leaves")

    def resolve_persist(self):
        if self.died and self.lki is not None and self.returned is None and self.lki.has("persist"):
            self.returned = keywords.persist(self.lki, self.perm, self.trace, left_graveyard=self.left_graveyard)
            if self.returned is not None:
                events = check_state_based_actions([self.returned], self.ed, self.trace)
                if any(ev.kind == "dies" for ev in events):
                    self.trace.step("the returned creature dies again; it has a -1/-1 counter, so persist does "
                                    "not return it", "persist")

    def event(self, e: Tree):
        p = self.perm
        kind = e.data
        if self.spell is not None:
            if kind == "conspire_paid_event":
                counts = [c for c in e.children if not (isinstance(c, Tree) and c.data == "tapping")]
                n = _count(counts[0]) if counts else 1
                tapped = None
                for tap in _sub(e, "tapping"):
                    tapped = [_colors(tc) for tc in _sub(tap, "tapped_creature")]
                    if not self.spell_colors_known:
                        raise Unknown("the spell's colors are not stated")
                self.copies = keywords.conspire_copies(self.spell, n, self.trace, tapped_colors=tapped)
                return
            if kind == "conspire_both_paid_event":
                self.copies = keywords.conspire_copies(self.spell, 2, self.trace)
                return
            raise Unknown(f"event {kind} for a spell")
        if p is None:
            raise Unknown("no permanent in the situation")
        if p.zone != "battlefield" and kind not in ("leaves_graveyard_event",):
            raise Unknown(f"{p.name} is no longer on the battlefield when « {kind} » would happen")
        if kind == "counters_event":
            n = _count([c for c in e.children if not (isinstance(c, Token) and c.type == "COUNTER_KIND")][0])
            k = str(_tok(e, "COUNTER_KIND")[0])
            p.counters[k] += n
            self.trace.step(f"{n} {k} counter(s) put on {p.name} -> {p.describe_counters()}")
        elif kind == "damage_event":
            n = _count(e.children[0])
            wither = bool(_sub(e, "wither_source"))
            for src in _sub(e, "damage_source"):
                card = self.c.card(_name(src.children[0]))
                wither = "wither" in card.keywords
                self.trace.step(f"the source {card.name} {'has' if wither else 'does not have'} wither",
                                "wither")
            prevented = n if _sub(e, "prevented") else 0
            keywords.deal_damage(p, n, self.trace, wither=wither, prevented=prevented)
        elif kind in ("set_pt_event", "modify_event"):
            eot = bool(_sub(e, "until_eot"))
            value = str(e.children[0])
            if kind == "set_pt_event":
                p.pt_effects.append(PTEffect("set", _pt(e.children[0]), label=f"becomes {value}"))
                self.trace.step(f"an effect sets {p.name}'s power/toughness to {value}"
                                + (" until end of turn" if eot else ""), "pt_set")
            else:
                p.pt_effects.append(PTEffect("modify", _pt(e.children[0]), label=f"gets {value}"))
                self.trace.step(f"a resolved effect gives {p.name} {value}" + (" until end of turn" if eot else ""),
                                "pt_modify")
            if eot:
                self.until_eot.append(p.pt_effects[-1])
        elif kind == "end_turn_event":
            p.pt_effects = [x for x in p.pt_effects if not any(x is y for y in self.until_eot)]
            self.trace.step(f"cleanup step: damage on {p.name} is removed ({p.damage} -> 0) and « until end of "
                            f"turn » effects end; counters stay ({p.describe_counters()})", "cleanup")
            p.damage = 0
        elif kind == "regenerate_event":
            self.trace.step(f"{p.name} regenerates: all damage removed ({p.damage} -> 0), tapped, removed from "
                            f"combat; counters stay ({p.describe_counters()})", "regeneration")
            p.damage = 0
            p.tapped = True
        elif kind == "static_modify_event":
            v = _pt(e.children[0])
            p.pt_effects.append(PTEffect("modify", v, source="static", label=f"static {e.children[0]}"))
            self.trace.step(f"a static ability gives {p.name} {e.children[0]}", "pt_modify")
        elif kind == "switch_event":
            p.pt_effects.append(PTEffect("switch", label="switch"))
            self.trace.step(f"{p.name}'s power and toughness are switched", "pt_switch")
        elif kind in ("color_event", "all_colors_event"):
            cols = _colors(e) if kind == "color_event" else tuple("WUBRG")
            additive = bool(_sub(e, "additive"))
            p.color_effects.append(ColorEffect(cols, additive))
        elif kind == "dies_event":
            self.trace.step(f"{p.name} is put into a graveyard from the battlefield")
            lki = p.snapshot()
            p.zone = "graveyard" if not p.is_token else "none"
            self.died_now(lki)
        elif kind == "destroy_event":
            if p.has("indestructible"):
                self.trace.step(f"{p.name} is indestructible: not destroyed", "indestructible")
            elif p.regeneration_shields:
                p.regeneration_shields -= 1
                p.damage = 0
                p.tapped = True
                self.trace.step(f"{p.name} regenerates instead of being destroyed", "regeneration")
            else:
                self.trace.step(f"{p.name} is destroyed")
                lki = p.snapshot()
                p.zone = "graveyard" if not p.is_token else "none"
                self.died_now(lki)
        elif kind == "gain_event":
            kw = _KEYWORD_OF[str(e.children[0].children[0])]
            p.granted.add(kw)
            self.trace.step(f"{p.name} gains {kw} from an effect")
        elif kind == "lose_event":
            kw = _KEYWORD_OF[str(e.children[0].children[0])]
            p.lost.add(kw)
            self.trace.step(f"{p.name} loses {kw}")
            if kw == "soulbond" and p.paired_with is not None:
                self.still_paired = soulbond.still_paired(p, self.trace, "loses_soulbond")
        elif kind in ("leaves_event", "control_event", "noncreature_event"):
            ev = {"leaves_event": "leaves", "control_event": "control", "noncreature_event": "noncreature"}[kind]
            if p.paired_with is not None:
                self.still_paired = soulbond.still_paired(p, self.trace, ev)
            if ev == "leaves":
                p.zone = "exile"
            elif ev == "noncreature":
                p.lost_types.add("creature")
                self.trace.step(f"{p.name} stops being a creature (it stays a permanent; its abilities, persist "
                                "included, still work)")
            else:
                p.controller = "another player"
        elif kind == "partner_leaves_event":
            if p.paired_with is None:
                raise Unknown(f"{p.name} is not paired")
            partner = p.paired_with
            self.still_paired = soulbond.still_paired(p, self.trace, "leaves")
            partner.zone = "exile"
        elif kind == "leaves_graveyard_event":
            self.left_graveyard = True
            self.trace.step("the card leaves the graveyard before persist resolves")
        elif kind == "enters_event":
            self._require_soulbond()
            ctx = e.children[0].data
            others = [p]
            if ctx == "other_unpaired":
                others.append(Permanent(name="another unpaired creature", base_power=2, base_toughness=2))
            self.soulbond_triggered = soulbond.soulbond_triggers(p, others, self.trace)
            p.continuous_control = False
        elif kind == "tapped_event":
            p.tapped = True
        elif kind == "new_event":
            p.continuous_control = False
        else:
            raise Unknown(f"event {kind} is not modelled")

    def _require_soulbond(self):
        if not self.ed.has_soulbond:
            raise OutsideModel(f"soulbond is not in the rules of edition {self.ed} (it arrived in 2012)")

    # ---- outcomes
    def current(self) -> Permanent:
        if self.returned is not None:
            return self.returned
        if self.died and self.lki is not None:
            return self.lki
        if self.perm is None:
            raise Unknown("the outcome needs a permanent")
        return self.perm

    def _has_feature(self, p: Permanent, f: Tree) -> bool:
        if f.data == "counters_feature":
            count = [c for c in f.children if not (isinstance(c, Token) and c.type == "COUNTER_KIND")][0]
            k = str(_tok(f, "COUNTER_KIND")[0])
            return p.counters.get(k, 0) == _count(count)
        if f.data == "damage_feature":
            return p.damage == _count(f.children[0])
        if f.data in ("keyword_feature", "granted_feature"):
            return p.has(_KEYWORD_OF[str(f.children[0].children[0])])
        raise Unknown(f"outcome feature {f.data}")

    def outcome(self, o: Tree) -> bool:
        kind = o.data
        tr = self.trace
        if kind == "copies_n":
            return self.copies == _count(o.children[0])
        if kind == "copies_none":
            return self.copies == 0
        if kind == "copies_outcome":
            return self.outcome(o.children[0])
        if kind == "pt_outcome":
            is_, pt = o.children[0], o.children[1]
            p = self.current()
            actual = layers.power_toughness(p, self.ed, tr)
            ok = actual == _pt(pt)
            tr.step(f"result: {p.name} is {actual[0]}/{actual[1]}"
                    f"{' (last known information)' if p is self.lki and p is not self.returned else ''}")
            for f in o.children[2:]:
                for feat in f.children:
                    ok = ok and self._has_feature(p, feat)
                tr.step(f"counters: {p.describe_counters()}")
            return ok == _polarity(is_)
        if kind == "has_outcome":
            has, feat = o.children
            p = self.current()
            ok = self._has_feature(p, feat)
            tr.step(f"{p.name}: {p.describe_counters()}; keywords {', '.join(sorted((p.keywords | p.granted) - p.lost)) or 'none'}")
            return ok == _polarity(has)
        if kind == "no_counter_outcome":
            p = self.current()
            kinds = _tok(o, "COUNTER_KIND")
            if kinds:
                return p.counters.get(str(kinds[0]), 0) == 0
            return not +p.counters
        if kind == "dies_outcome":
            tr.step(f"{'it was put into a graveyard' if self.died else 'it stayed on the battlefield'}")
            return self.died
        if kind == "survives_outcome":
            return not self.died
        if kind == "returns_outcome":
            if self.returned is None:
                if not self.died:
                    tr.step("it never left the battlefield")
                elif self.lki is not None and not self.lki.has("persist"):
                    tr.step("it had no persist (nor another ability returning it) when it died", "persist")
                return False
            for f in o.children:
                for feat in f.children:
                    if not self._has_feature(self.returned, feat):
                        return False
            return True
        if kind == "not_returns_outcome":
            return self.returned is None
        if kind == "color_outcome":
            is_, desc = o.children
            p = self.current()
            if not self.colors_known and not any(not e.additive for e in p.color_effects):
                raise Unknown("the situation does not say the creature's colors")
            cols = layers.colors(p, tr)
            tr.step(f"{p.name} is {''.join(cols) or 'colorless'}", "color")
            return self.c._color_desc(cols, desc) == _polarity(is_)
        if kind == "soulbond_trigger_outcome":
            if self.soulbond_triggered is None:
                raise Unknown("the situation has no creature with soulbond entering the battlefield")
            return self.soulbond_triggered == _polarity(o.children[0])
        if kind in ("paired_outcome", "unpaired_outcome"):
            self._require_soulbond()
            if self.soulbond_triggered is not None and self.still_paired is None:
                if self.soulbond_triggered:
                    raise Unknown("soulbond triggered, but pairing is the player's choice (« vous pouvez associer »)")
                tr.step("soulbond did not trigger: the creature stays unpaired", "soulbond")
                return kind == "unpaired_outcome"
            paired = self.still_paired if self.still_paired is not None else (
                self.perm is not None and self.perm.paired_with is not None)
            if self.still_paired is None:
                tr.step("nothing that unpairs happened", "soulbond_unpair")
            return paired if kind == "paired_outcome" else not paired
        if kind == "activate_outcome":
            can, sym = o.children[0], str(o.children[1])
            p = self.current()
            if ("ability " + sym) not in p.keywords:
                tr.step(f"(assuming {p.name} has an ability with {sym} in its cost)")
            return keywords.can_activate_tap_or_untap(p, sym, tr) == _polarity(can)
        raise Unknown(f"outcome {kind} is not modelled")


# ------------------------------------------------------------------ API

def _chain(cards) -> Callable:
    """``cards`` first, then the built-in seed lookup (English names of the
    seed cards are known even when the caller's lookup lacks them)."""
    if cards is None:
        return builtin_lookup

    def lookup(name: str):
        found = cards(name)
        return found if found is not None else builtin_lookup(name)
    return lookup


def check_claim(text: str, *, edition: Optional[str] = None, cards=None) -> Verdict:
    """Check one claim; return a :class:`~kb.checker.verdict.Verdict`.

    ``edition``: ``None``/``"latest"`` (default), a year, ``YYYY-MM`` or an
    ISO date; rules cited follow that edition's numbering and
    edition-dependent rules (mana burn, the 2008 layer 6b, bands with
    other) follow it too.  ``cards``: a lookup ``name -> card | None``
    (CardFacts, kb.model.CardRecord, or a dict with ``name``,
    ``mana_cost``, ``type_line``…); the name passed is folded.  Names it
    does not know are then looked up in the seed FAQ (builtin_lookup).
    """
    try:
        ed = resolve_edition(edition)
    except EditionError as exc:
        return Verdict(text, "unknown", reason=str(exc), edition=str(edition))
    trace = Trace(ed)
    verdict = Verdict(text, "unknown", edition=ed.date or "latest")
    norm = normalize(text)
    try:
        tree = claims_parser().parse(norm)
    except UnexpectedInput as exc:
        col = getattr(exc, "column", -1)
        where = f"stopped at column {col} of" if isinstance(col, int) and col > 0 else "the end is missing in"
        verdict.reason = (f"not in the controlled language ({where} the folded claim "
                          f"{norm!r}); see docs/claims.md")
        return verdict
    claim = tree.children[0]
    checker = _Checker(trace, _chain(cards))
    handler = getattr(checker, claim.data, None)
    try:
        if handler is None:
            raise Unknown(f"claims of the form {claim.data} are parsed but not evaluated")
        result = handler(claim)
        verdict.answer = "true" if result else "false"
    except (Unknown, OutsideModel) as exc:
        verdict.answer = "unknown"
        verdict.reason = str(exc)
    except ManaCostError as exc:
        verdict.answer = "unknown"
        verdict.reason = f"bad mana: {exc}"
    except Exception as exc:  # a bug must not turn into a guess: say so
        verdict.answer = "unknown"
        verdict.reason = f"internal error of the checker ({type(exc).__name__}: {exc}); please report the claim"
    verdict.explanation = trace.steps
    verdict.rules = trace.rules
    return verdict


def check_file(path: Union[str, Path], *, edition: Optional[str] = None, cards=None) -> list[Verdict]:
    """Check every item of a YAML batch.

    The file is a list (or a mapping with a ``claims`` list) of items
    ``{claim: str, expected: true|false|unknown, note: str, edition: str?}``;
    an item's own ``edition`` wins over the argument.  Each Verdict carries
    ``expected`` and ``note``; ``verdict.passed`` compares.  Raises
    ValueError naming the item for a malformed entry.
    """
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    items = data.get("claims", []) if isinstance(data, dict) else (data or [])
    verdicts = []
    for i, item in enumerate(items, 1):
        if not isinstance(item, dict) or "claim" not in item:
            raise ValueError(f"{path}: item {i} has no 'claim'")
        expected = item.get("expected")
        if isinstance(expected, bool):
            expected = "true" if expected else "false"
        v = check_claim(str(item["claim"]), edition=item.get("edition", edition), cards=cards)
        v.expected = None if expected is None else str(expected).lower()
        v.note = item.get("note")
        verdicts.append(v)
    return verdicts
