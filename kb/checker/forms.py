"""The claim forms: one method of :class:`ClaimForms` per form of the claim
grammar, named as the grammar's alias (``mana_value_claim``,
``color_claim``, ``pay_claim``, ``band_formation``, ``situation_claim``…),
each returning whether the claim holds.  The subjects of claims (a card
looked up by name, or a mana cost) are read here too.
"""
from __future__ import annotations

from collections import Counter

from lark import Tree

from kb.checker import banding, characteristics, keywords, mana, soulbond
from kb.checker.cards import AmbiguousCard, CardFacts, Lookup, as_facts
from kb.checker.features import apply_features, matches_colors
from kb.checker.linked import LinkedObject
from kb.checker.permanents import MINUS, PLUS, Permanent
from kb.checker.reading import count, counters_of, last_verb, name, polarity, singular, spent, subtrees
from kb.checker.situation import Situation
from kb.checker.verdict import OutsideModel, Trace, Unknown
from kb.checker.vocabulary import card_type
from parser.mana import ManaCostError


class ClaimForms:
    """Evaluates one parsed claim under ``trace``'s edition, cards found through ``lookup``."""

    def __init__(self, trace: Trace, lookup: Lookup):
        self.trace = trace
        self.lookup = lookup

    def evaluate(self, claim: Tree) -> bool:
        """Whether ``claim`` (the child of the grammar's start rule) holds."""
        handler = getattr(self, claim.data, None)
        if handler is None:
            raise Unknown("claims of the form {form} are parsed but not evaluated", form=claim.data)
        return handler(claim)

    # ---- subjects
    def card(self, card_name: str) -> CardFacts:
        """The card named ``card_name`` (folded), or Unknown."""
        try:
            facts = as_facts(self.lookup(card_name))
        except AmbiguousCard as exc:
            raise Unknown(str(exc)) from None
        if facts is None:
            raise Unknown("no card named {name!r} is known to the checker", name=card_name)
        self.trace.step("card {name}: mana cost {cost}, type line « {types} »", name=facts.name,
                        cost=facts.mana_cost or self.trace.tr("(none)"), types=facts.type_line)
        return facts

    def subject(self, tree: Tree):
        """(label, mana cost or None, CardFacts or None)."""
        if tree.data == "cost_subject":
            cost = str(tree.children[0])
            mana.as_cost(cost)
            return cost, cost, None
        card = self.card(name(tree.children[0]))
        return card.name, card.mana_cost, card

    def subject_cost(self, tree: Tree) -> tuple[str, str]:
        label, cost, card = self.subject(tree)
        if cost is None:
            self.trace.step("{label} has no mana cost", label=label)
            raise Unknown("{label} has no mana cost to pay", label=label)
        return label, cost

    def card_colors(self, label, cost, card) -> tuple[str, ...]:
        """Colours of a card or cost (:func:`kb.checker.characteristics.card_colors`)."""
        return characteristics.card_colors(label, cost, card, self.trace)

    # ---- properties
    def mana_value_claim(self, tree):
        """Mana value (2008 203.3, CR 202.3); X counts 0 unless on the stack."""
        subj, pred = tree.children[:2]
        x = int(str(tree.children[2].children[-1])) if len(tree.children) > 2 else 0
        n = float(str(pred.children[-1]))
        positive = polarity(pred.children[0])
        label, cost, card = self.subject(subj)
        if len(tree.children) > 2:
            self.trace.step("on the stack, X is the number chosen: {x}", "mana_value_x", x=x)
        value = characteristics.card_mana_value(label, cost, card, self.trace, x=x)
        return (value == n) == positive

    def mana_value_claim_stack_first(self, tree):
        """"On the stack with X = 3, {X}{R} has mana value 4": the stack first."""
        on_stack, subj, pred = tree.children
        return self.mana_value_claim(Tree("mana_value_claim", [subj, pred, on_stack]))

    def mana_value_claim_lead(self, tree):
        """« le coût converti de mana de X est N » (2008 203.3, CR 202.3)."""
        subj, is_, num = tree.children
        label, cost, card = self.subject(subj)
        value = characteristics.card_mana_value(label, cost, card, self.trace)
        return (value == float(str(num))) == polarity(is_)

    def color_claim(self, tree):
        """Colors of a card or cost (2008 203.2, CR 202.2, 105.2c)."""
        subj, is_, desc = tree.children
        label, cost, card = self.subject(subj)
        found = self.card_colors(label, cost, card)
        self.trace.step("{label} is {colors}", "color", label=label, colors="".join(found) or self.trace.tr("colorless"))
        return matches_colors(found, desc, self.trace) == polarity(is_)

    def type_claim(self, tree):
        """Card types from the type line (CR 205.2a)."""
        subj, is_, type_word = tree.children
        label, cost, card = self.subject(subj)
        if card is None:
            raise Unknown("a mana cost has no card type")
        word = str(type_word.children[0])
        t = card_type(word) or word
        self.trace.step("card types of {label} (type line « {line} »): {types}", "card_types", label=label,
                        line=card.type_line, types=", ".join(sorted(card.types)) or self.trace.tr("none"))
        return (t in card.types) == polarity(is_)

    def type_color_claim(self, tree):
        """« X est un rituel noir »: the card type and the colors both (CR 205.2a, 202.2)."""
        subj, is_, type_word, desc = tree.children
        yes = Tree("yes", [])
        holds = (self.type_claim(Tree("type_claim", [subj, yes, type_word]))
                 and self.color_claim(Tree("color_claim", [subj, yes, desc])))
        return holds == polarity(is_)

    def color_type_claim(self, tree):
        """"X is a black sorcery": :meth:`type_color_claim` in English word order."""
        subj, is_, desc, type_word = tree.children
        return self.type_color_claim(Tree("type_color_claim", [subj, is_, type_word, desc]))

    def _plain_cost(self, subj) -> tuple[str, str, "CardFacts | None"]:
        """(label, mana cost, card) of a subject whose cost « coûte » may speak of."""
        label, cost, card = self.subject(subj)
        if cost is None:
            self.trace.step("{label} has no mana cost", label=label)
            raise Unknown("{label} has no mana cost to pay", label=label)
        if card is not None and card.layout != "normal":
            raise Unknown("what a {layout} card « costs » is ambiguous: say which face, or its mana value",
                          layout=card.layout)
        if mana.as_cost(cost).variables:
            raise Unknown("{cost} has {{X}}: what it costs depends on the X chosen", cost=cost)
        return label, cost, card

    def costs_claim(self, tree):
        """« X coûte 6 », "X costs 6": its mana value (CR 202.3) when that is the
        number; false when no payment of its mana cost is that much mana;
        unknown when some payment is that much but the mana value is not
        (« Implorer la reine coûte 3 »: {B}{B}{B} pays it, its mana value is 6)."""
        subj, verb, number = tree.children
        n = count(number)
        label, cost, card = self._plain_cost(subj)
        value = characteristics.card_mana_value(label, cost, card, self.trace)
        totals = sorted({p.total for p in mana.payments(cost)})
        self.trace.step("amounts of mana that pay {cost}: {totals}", "mana_value", cost=cost,
                        totals=", ".join(map(str, totals)))
        if n != value and n in totals:
            raise Unknown("« costs {n} » is ambiguous: the mana value of {label} is {value}, "
                          "but {n} mana can pay its mana cost {cost}", n=n, label=label, value=value, cost=cost)
        return (n == value) == polarity(verb)

    def mana_cost_claim(self, tree):
        """« X coûte {2/B}{2/B}{2/B} »: the mana cost printed on the card, symbol for
        symbol (in any order); unknown when the symbols are a way to pay it
        but not the cost itself (« Implorer la reine coûte {B}{B}{B} »)."""
        subj, verb, written = tree.children
        label, cost, card = self._plain_cost(subj)
        own, said = mana.as_cost(cost), mana.as_cost(str(written))
        same = sorted(s.text for s in own.symbols) == sorted(s.text for s in said.symbols)
        self.trace.step("the mana cost of {label} is {cost}", "mana_cost", label=label, cost=own.text)
        if not same and _pays(cost, said.text):
            raise Unknown("« costs {written} » is ambiguous: {written} pays the mana cost {cost} of {label} "
                          "but is not that cost", written=said.text, cost=own.text, label=label)
        return same == polarity(verb)

    # ---- counters and damage in general, read on an instance
    def _instance(self, **kwargs) -> Situation:
        """A 3/3 creature (the instance a general claim about counters or damage is read on)."""
        p = Permanent(name="the creature", base_power=3, base_toughness=3, **kwargs)
        if p.counters:
            self.trace.step("read on an instance: a 3/3 creature with {counters}",
                            counters=self.trace.tr(p.describe_counters()))
        elif p.damage:
            self.trace.step("read on an instance: a 3/3 creature with {n} damage marked", n=p.damage)
        else:
            self.trace.step("read on an instance: a 3/3 creature")
        return Situation(self, Tree("creature_actor", []), [], perm=p)

    def soulbond_targets_claim(self, tree):
        """« L'association d'âmes cible une créature », read on a pair of
        creatures: a 2/2 with soulbond entering while you control an unpaired
        3/3; its trigger's targets are those its text calls « target »
        (702.95a: none), and it pairs them as it resolves."""
        if not self.trace.edition.has_soulbond:
            raise OutsideModel("soulbond is not in the rules of edition {edition} (it arrived in 2012)",
                               edition=self.trace.edition)
        return soulbond.targets_on_an_instance(self.trace) == polarity(tree.children[0])

    def counters_cancel_claim(self, tree):
        """« un marqueur +1/+1 et un marqueur -1/-1 s'annulent » (CR 704.5q)."""
        state = self._instance(counters=Counter({PLUS: 1, MINUS: 1}))
        state.sba()
        gone = not state.perm.counters[PLUS] and not state.perm.counters[MINUS]
        return gone == polarity(tree.children[-1])

    def wither_counters_claim(self, tree):
        """« la flétrissure inflige ses blessures sous forme de marqueurs -1/-1 » (702.80a),
        read on a source with wither dealing 2 damage to the 3/3 instance."""
        state = self._instance()
        keywords.deal_damage(state.perm, 2, self.trace, wither=True)
        as_counters = state.perm.counters[MINUS] == 2 and state.perm.damage == 0
        return as_counters == polarity(tree.children[-1])

    def persist_returns_claim(self, tree):
        """« la persistance renvoie la créature avec un marqueur -1/-1 » (702.79a),
        read on the 3/3 instance with persist and no counter, which dies."""
        n, kind = counters_of(tree)
        state = self._instance(keywords={"persist"})
        state.event(Tree("dies_event", []))
        state.resolve_persist()
        back = state.returned is not None and state.returned.counters[PLUS if kind == "+1/+1" else MINUS] == n
        return back == polarity(tree.children[0])

    def counters_last_claim(self, tree):
        """« les marqueurs -1/-1 restent après la fin du tour » (CR 514.2: counters stay)."""
        state = self._instance(counters=Counter({MINUS: 1}))
        state.end_turn()
        return (state.perm.counters[MINUS] == 1) == polarity(tree.children[-1])

    def damage_lasts_claim(self, tree):
        """« les blessures restent après la fin du tour » (CR 514.2: damage is removed)."""
        state = self._instance(damage=2)
        state.end_turn()
        return (state.perm.damage > 0) == polarity(tree.children[-1])

    def pay_claim(self, tree):
        """Spending exactly the given mana pays the cost (seeds/001_… hybrid notes, 104.3f)."""
        subj, verb, mana_list = tree.children
        label, cost = self.subject_cost(subj)
        ok = True
        for m in mana_list.children:
            if mana.pays_exactly(cost, spent(m), self.trace) is None:
                ok = False
        return ok == polarity(verb)

    def pay_claim_lead(self, tree):
        """« on peut payer X avec … », "you can pay X with …": :meth:`pay_claim` in another order."""
        verb, subj, mana_list = tree.children
        return self.pay_claim(Tree("pay_claim", [subj, verb, mana_list]))

    def payments_claim(self, tree):
        """The listed payments are exactly the ways to pay (001 hybrid note 4, Implorer la reine note 3)."""
        subj, mana_list = tree.children
        label, cost = self.subject_cost(subj)
        found = {str(p) for p in mana.payments(cost)}
        listed = {str(mana.parse_mana(spent(m))) for m in mana_list.children}
        self.trace.step("ways to pay {cost}: {ways}", "hybrid_mana", cost=cost,
                        ways=", ".join(str(p) for p in mana.payments(cost)))
        self.trace.step("listed: {ways}", ways=", ".join(sorted(listed)))
        return found == listed

    def pool_claim(self, tree):
        """A pool pays the cost, leftovers allowed (CR 601.2h)."""
        pool, verb, subj = tree.children
        label, cost = self.subject_cost(subj)
        return (mana.pool_pays(str(pool), cost, self.trace) is not None) == polarity(verb)

    def reduction_claim(self, tree):
        """Color-conditional cost reductions (001 hybrid note 3 and monocolored hybrid paragraph)."""
        red, applies, subj, paid = tree.children
        label, cost = self.subject_cost(subj)
        option = mana.pays_exactly(cost, str(paid), self.trace)
        if option is None:
            self.trace.step("{paid} is not a way to pay {cost}: nothing to reduce", paid=paid, cost=cost)
            applied = False
        else:
            _, applied = mana.apply_reduction(option, str(red), self.trace)
        return applied == polarity(applies)

    # ---- general facts, read on an instance
    def colorless_is_color(self, tree):
        """« L'incolore est une couleur », read on an artifact costing {3}:
        a colorless object has no color (CR 105.2c, 202.2b)."""
        self.trace.step("read on an instance: an artifact with mana cost {cost}", "colorless", cost="{3}")
        colors = mana.cost_colors("{3}", self.trace)
        is_color = bool(colors)
        self.trace.step("colorless would be a color if a colorless object had one: {answer}",
                        answer=self.trace.tr("yes" if is_color else "no"))
        return is_color == polarity(tree.children[0])

    def mana_burn_claim(self, tree):
        """Unused mana causes mana burn, read on a player at 20 life with 1
        unused mana when a phase ends (2008 rule 300.3; gone since 2009-07-11)."""
        life, unused = 20, 1
        self.trace.step("read on an instance: a player with {life} life and {n} unused mana when a phase ends",
                        life=life, n=unused)
        after = life - keywords.mana_burn(unused, self.trace)
        self.trace.step("life after the phase: {life}", life=after)
        return (after < life) == polarity(tree.children[0])

    def mana_types_claim(self, tree):
        """Six types of mana: white, blue, black, red, green, colorless (001
        Bassin réfléchissant note 1; CR 106.1b), counted on a pool holding one
        mana of each mana symbol."""
        pool = "".join(f"{{{t}}}" for t in mana.MANA_TYPES)
        types = sorted(mana.parse_mana(pool).counts, key=mana.MANA_TYPES.index)
        self.trace.step("read on an instance: a pool with one mana of each symbol {pool}; types of mana in it: "
                        "{types} ({n})", "mana_types", pool=pool, types=", ".join(types), n=len(types))
        return count(tree.children[0]) == len(types)

    def hybrid_in_pool(self, tree):
        """« On peut ajouter du mana hybride à sa réserve », read on {W/U}:
        it is paid with {W} or {U}, and as mana it is no type a pool holds
        (seeds/001_… « Hybride »)."""
        ways = [str(p) for p in mana.payments("{W/U}")]
        try:
            mana.parse_mana("{W/U}")
            addable = True
        except ManaCostError:
            addable = False
        self.trace.step("read on an instance: paying {cost} puts in the pool one of {ways}; hybrid among them: "
                        "{hybrid}", "hybrid_mana", cost="{W/U}", ways=", ".join(ways),
                        hybrid=self.trace.tr("yes" if addable else "no"))
        return addable == polarity(tree.children[0])

    # ---- situations
    def situation_claim(self, tree):
        """Actor, events in order with state-based actions after each, then outcomes."""
        situation, outcomes = tree.children
        if situation.data == "control_first":       # the event before its actor
            situation = Tree("situation", [situation.children[0], Tree("control_event", [])])
        if situation.data == "bare_situation" and situation.children[0].data == "spell_actor":
            raise Unknown("the claim does not say whether the spell's conspire cost is paid (conspire is optional)")
        state = Situation.of(self, situation)
        state.run()
        return all(state.outcome(o) for o in outcomes.children)

    def late_situation_claim(self, tree):
        """The condition last (« X revient … quand il meurt »): the same
        situation as « si X meurt : il revient … »."""
        actor, outcomes, *events = tree.children
        return self.situation_claim(Tree("situation_claim", [Tree("situation", [actor, *events]), outcomes]))

    # ---- banding
    def band_formation(self, tree):
        """Band formation (seed 004 502.10b, 502.11b; CR 702.22c)."""
        members: list[Permanent] = []
        for m in subtrees(tree, "band_member"):
            members.extend(_band_members(m, len(members)))
        ok = banding.can_form_band(members, self.trace)
        return ok == polarity(last_verb(tree))

    def band_damage(self, tree):
        """Who divides combat damage (seed 004 502.10h, 502.11c; CR 702.22j–k)."""
        feats = subtrees(tree, "features")
        attacker = Permanent(name="attacking creature", base_power=2, base_toughness=2)
        if feats:
            apply_features(attacker, feats[0])
        blockers: list[Permanent] = []
        for b in subtrees(tree, "blocker"):
            for _ in range(count(b.children[0])):
                p = Permanent(name=f"blocker {len(blockers) + 1}", base_power=1, base_toughness=1)
                if len(b.children) > 1:
                    apply_features(p, b.children[1])
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
        return (len(blocked) == len(band)) == polarity(whole)

    # ---- linked abilities
    def linked_claim(self, tree):
        """Linked abilities gained by one object (seed 002 607.4, Quicksilver Elemental example)."""
        ctx = subtrees(tree, "linked_ctx")
        refs = subtrees(tree, "ability_ref")
        holder = name(ctx[0].children[0]) if ctx else "the object"
        exiler, returner = (name(r.children[0]) for r in refs)
        obj = LinkedObject(holder)
        a = obj.gain(["exile ability"], exiler, "effect 1", self.trace)[0]
        if returner == exiler:
            b = obj.gain(["return ability"], returner, "effect 1", self.trace)[0]
            b.group = a.group
        else:
            b = obj.gain(["return ability"], returner, "effect 2", self.trace)[0]
        obj.exile_with(a, "a creature card", self.trace)
        return obj.can_return(b, "a creature card", self.trace) == polarity(last_verb(tree))


def _band_members(member: Tree, already: int) -> list[Permanent]:
    """The 1/1 creatures one ``band_member`` of a band formation describes."""
    number, noun, with_, ability = member.children
    word = singular(str(noun.children[0]))
    out = []
    for _ in range(count(number)):
        p = Permanent(name=f"{word} {already + len(out) + 1}", base_power=1, base_toughness=1)
        if word not in ("creature",):
            p.subtypes.add(word)
        if polarity(with_):
            if ability.data == "plain_banding":
                p.keywords.add("banding")
            else:
                p.keywords.add("bands with other " + singular(str(ability.children[0])))
        out.append(p)
    return out


def _pays(cost: str, written: str) -> bool:
    """Whether spending ``written`` (mana one can spend) pays ``cost`` exactly."""
    try:
        return mana.pays_exactly(cost, written) is not None
    except (mana.ManaCostError, Unknown):
        return False
