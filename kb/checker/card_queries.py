"""The model's answer to a reading about cards: each query evaluated on the
characteristics of the card or face it designates.

Characteristics come from the card data, by the rules for each layout
(:func:`kb.cards.faces.characteristics`: colour indicators, colour-setting
abilities, split cards, double-faced, Adventure and flip cards), or from a
FAQ card record when the knowledge base holds no card data.  Each query is
three-valued: true, false, or unknown with its reason (a printed ``*``
power compared with a number, a keyword the card mentions without having
it, a characteristic the rules of the edition asked gave otherwise);
:func:`evaluate` combines them through the reading's connectives:

* ``and``: false when one part is false, true when all are true;
* ``or``: true when one part is true, false when all are false;
* a negation whose scope is ambiguous (« n'est pas rouge et vert ») is
  answered only when both scopes agree;
* a reason (« X, puisque Y ») must hold as well as the main assertion; a
  concession (« X même si Y ») must hold, else the answer is unknown.
"""
from __future__ import annotations

import re
from typing import Optional

from kb.checker import (card_payments, characteristics, keyword_queries, listed, mana, text_does, text_effects,
                        text_queries)
from kb.checker.designation import HALVES, Designate, Designated
from kb.checker.meaning import Junction, Query, Reading
from kb.checker.verdict import OutsideModel, Trace, Unknown
from parser.textkeys import fold, fold_name


_SYMBOL = re.compile(r"\{([^{}]+)\}")
#: The rule concept of each printed number a card query reads (kb/checker/editions.py).
_CONCEPT = {"power": "power_toughness", "toughness": "power_toughness", "loyalty": "loyalty"}



# --------------------------------------------------------------------------
# One query

def _symbols(cost: Optional[str]) -> list[str]:
    return sorted(s.upper().replace("/", "/") for s in _SYMBOL.findall(cost or ""))


def _payment_range(cost: Optional[str]) -> tuple[float, float]:
    """The least and the most mana a payment of ``cost`` takes: {2/B} 1 or 2, {B/P} 0 (life) or 1,
    {X} any amount, a number its value, any other symbol 1."""
    low = high = 0.0
    for sym in _symbols(cost):
        if sym.isdigit():
            low, high = low + int(sym), high + int(sym)
        elif sym.startswith("2/"):
            low, high = low + 1, high + 2
        elif sym.endswith("/P"):
            high += 1
        elif sym in ("X", "Y", "Z"):
            high = float("inf")
        else:
            low, high = low + 1, high + 1
    return low, high


def _compare(found: float, compare: str, wanted: float) -> bool:
    return {"eq": found == wanted, "ge": found >= wanted, "gt": found > wanted,
            "le": found <= wanted, "lt": found < wanted}[compare]


def _number(text: Optional[str]):
    if text is None:
        return None
    try:
        return float(text)
    except ValueError:
        return text


def _fmt(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


class QueryModel:
    """Evaluates the queries of one reading (see the module docstring)."""

    def __init__(self, reading: Reading, designate: Designate, trace: Trace):
        self.reading = reading
        self.designate = designate
        self.trace = trace
        self._shown: set = set()

    # --- the combination -----------------------------------------------
    def evaluate(self) -> bool:
        card_payments.guard_situation(self.reading)
        main = self._node(self.reading.asserts)
        if self.reading.concession is not None:
            given = self._node(self.reading.concession)
            if given is not True:
                raise Unknown("the concession of the claim does not hold ({why}), so the situation it "
                              "describes is not the card's", why=self._why(given))
        if self.reading.reason is not None:
            reason = self._node(self.reading.reason)
            if reason is False or main is False:
                if reason is False:
                    self.trace.step("the reason the claim gives does not hold")
                return False
            if not (reason is True and main is True):
                raise (main if main is not True else reason)
            return True
        if main is True or main is False:
            return main
        raise main

    def _why(self, value) -> str:
        if value is False:
            return self.trace.tr("it is false")
        return value.told(self.trace.lang)

    def _node(self, node):
        """True, False, or an :class:`Unknown` (the first reason met)."""
        if isinstance(node, Query):
            try:
                value = self._query(node)
            except (Unknown, OutsideModel) as exc:
                return exc
            if node.change:
                changed = card_payments.changed(node, value)
                return Unknown("a payment changes none of the card's characteristics, and the card already is "
                               "what the claim says it becomes") if changed is None else changed
            return value if node.polarity else not value
        if getattr(node, "scope_ambiguous", False):
            return self._ambiguous_scope(node)
        return self._junction(node.op, node.parts, node.polarity)

    def _junction(self, op: str, parts, polarity: bool):
        values = [self._node(p) for p in parts]
        if op == "or":
            result = True if any(v is True for v in values) else \
                (False if all(v is False for v in values) else next(v for v in values if v is not False))
        else:
            result = False if any(v is False for v in values) else \
                (True if all(v is True for v in values) else next(v for v in values if v is not True))
        if isinstance(result, bool):
            return result if polarity else not result
        return result

    def _ambiguous_scope(self, node: Junction):
        whole = self._junction(node.op, node.parts, False)
        for p in node.parts:
            p.polarity = not p.polarity
        each = self._junction(node.op, node.parts, True)
        for p in node.parts:
            p.polarity = not p.polarity
        if whole == each and isinstance(whole, bool):
            return whole
        return Unknown("the negation may bear on each part or on the whole, and the two readings differ")

    # --- one query -----------------------------------------------------
    def _query(self, q: Query) -> bool:
        if q.words == "words" and q.attribute not in ("name_en", "name_fr"):
            raise OutsideModel("words the reader does not know: {words}", words=q.value)
        entity = self.reading.entity(q.subject)
        card_payments.guard_costed(entity, q.attribute)
        d = self.designate(entity)
        self._show(d)
        handler = getattr(self, "_q_" + q.attribute, None)
        if handler is None:
            raise OutsideModel("the model does not compute {what}", what=q.attribute)
        return handler(d, q)

    def _show(self, d: Designated) -> None:
        if d.label in self._shown:
            return
        self._shown.add(d.label)
        f = d.face
        self.trace.step("card {name}: mana cost {cost}, type line « {types} »", name=d.label,
                        cost=f.mana_cost or self.trace.tr("none"),
                        types=(f.french_type_line if self.trace.lang == "fr" and f.french_type_line else f.type_line)
                        + (f" {f.power}/{f.toughness}" if f.power is not None else ""))

    def _colors(self, d: Designated) -> tuple[str, ...]:
        """The face's colours, explained by :func:`kb.checker.characteristics.card_colors` (the edition's
        rules for split cards, colour indicators, colour-setting abilities; checked with the card data)."""
        if d.other_colors is not None:
            raise Unknown("not every card of that mana cost has its colours: {name} costs {cost} and its colours are "
                          "{colors}", name=d.other_colors[0], cost=d.face.mana_cost, colors=d.other_colors[1] or "none")
        return tuple(characteristics.card_colors(d.label, d.facts.mana_cost, d.facts, self.trace))

    def _q_color(self, d, q):
        colors = self._colors(d)
        if q.words == "exists":         # "has a color" / "has no color"
            return bool(colors)
        if isinstance(q.value, (int, float)) and not isinstance(q.value, bool):   # "has three colors": how many
            return _compare(len(colors), q.compare, q.value)
        if q.quantifier == "only":
            return colors == (q.value,)
        return q.value in colors

    def _q_colorless(self, d, q):
        return self._colors(d) == ()

    def _q_multicolored(self, d, q):
        return len(self._colors(d)) >= 2

    def _q_monocolored(self, d, q):
        return len(self._colors(d)) == 1

    def _q_color_indicator(self, d, q):
        f = d.face
        self.trace.step("color indicator of {label}: {colors}", "color_indicator", label=d.label,
                        colors="".join(f.color_indicator) or self.trace.tr("none"))
        if q.words == "exists":
            return bool(f.color_indicator)
        if q.words != "color":
            raise OutsideModel("a color was expected, not {value}", value=q.value)
        return q.value in f.color_indicator

    def _q_card_type(self, d, q):
        types = set(d.face.types)
        self.trace.step("card types of {label} (type line « {line} »): {types}", "card_types", label=d.label,
                        line=d.face.type_line, types=", ".join(self.trace.tr(t.lower()) for t in d.face.types)
                        or self.trace.tr("none"))
        wanted = {"Tribal": {"Tribal", "Kindred"}, "Kindred": {"Tribal", "Kindred"}}.get(q.value, {q.value})
        found = bool(types & wanted)
        if q.quantifier == "only":
            return found and len(types) == 1
        return found

    def _q_supertype(self, d, q):
        supers = tuple(d.face.supertypes)
        self.trace.step("supertypes of {label}: {types}", "supertypes", label=d.label,
                        types=", ".join(supers) or self.trace.tr("none"))
        return q.value in supers

    def _q_subtype(self, d, q):
        subs = {fold(s) for s in d.face.subtypes}
        self.trace.step("subtypes of {label}: {types}", "subtypes", label=d.label,
                        types=", ".join(d.face.subtypes) or self.trace.tr("none"))
        if fold(q.value) in subs:
            return True
        if any(fold(k).startswith("changeling") for k in d.face.keywords) or \
                "every creature type" in fold(d.face.text or ""):
            raise Unknown("{label} has every creature type through an ability (changeling): the model "
                             "does not list them", label=d.label)
        return False

    def _pt(self, d):
        f = d.face
        if f.power is None and f.toughness is None:
            self.trace.step("{label} has no power and toughness", "power_toughness", label=d.label)
        return f.power, f.toughness

    def _q_pt(self, d, q):
        power, toughness = self._pt(d)
        if power is None:
            return False
        wanted = q.value.split("/")
        self.trace.step("{label} is {pt}", "power_toughness", label=d.label, pt=f"{power}/{toughness}")
        if any(not str(x).lstrip("-").isdigit() for x in (power, toughness)) and \
                [fold(power), fold(toughness)] != [fold(w) for w in wanted]:
            raise Unknown("{label} has a variable power or toughness ({pt})", label=d.label,
                             pt=f"{power}/{toughness}")
        return [fold(power), fold(toughness)] == [fold(w) for w in wanted]

    def _numeric(self, d, q, printed: Optional[str], what: str):
        if q.words == "exists":
            self.trace.step("{what} of {label}: {value}", _CONCEPT[what], what=self.trace.tr(what), label=d.label,
                            value=printed if printed is not None else self.trace.tr("none"))
            return printed is not None
        if printed is None:
            self.trace.step("{label} has no {what}", _CONCEPT[what], label=d.label, what=self.trace.tr(what))
            if q.compare == "eq":
                return False
            raise Unknown("{label} has no {what}", label=d.label, what=self.trace.tr(what))
        value = _number(printed)
        if not isinstance(value, float):
            raise Unknown("{label} has a variable {what} ({value})", label=d.label, what=self.trace.tr(what),
                             value=printed)
        self.trace.step("{what} of {label}: {value}", _CONCEPT[what],
                        what=self.trace.tr(what), label=d.label, value=_fmt(value))
        if not isinstance(q.value, (int, float)):
            raise OutsideModel("no number to compare the {what} with", what=self.trace.tr(what))
        return _compare(value, q.compare, q.value)

    def _q_power(self, d, q):
        return self._numeric(d, q, d.face.power, "power")

    def _q_toughness(self, d, q):
        return self._numeric(d, q, d.face.toughness, "toughness")

    def _q_loyalty(self, d, q):
        return self._numeric(d, q, d.face.loyalty, "loyalty")

    def _mana_value(self, d) -> float:
        """The face's mana value, explained by :func:`kb.checker.characteristics.card_mana_value` (each
        symbol counted; halves, back faces and flipped halves by the edition's rules)."""
        return float(characteristics.card_mana_value(d.label, d.facts.mana_cost, d.facts, self.trace))

    def _q_mana_value(self, d, q):
        if not isinstance(q.value, (int, float)):
            raise OutsideModel("no number to compare the mana value with")
        return _compare(self._mana_value(d), q.compare, q.value)

    def _q_cost_amount(self, d, q):
        """« X coûte 6 »: its mana value, unless its cost can be paid with another amount of mana."""
        if not isinstance(q.value, (int, float)):
            raise OutsideModel("no number to compare the cost with")
        value = self._mana_value(d)
        if _compare(value, q.compare, q.value):
            return True
        low, high = _payment_range(d.face.mana_cost)
        if q.compare == "eq" and low <= q.value <= high:
            raise Unknown("« costs {n} » is ambiguous: the mana value of {label} is {value}, but {n} mana can pay its "
                          "mana cost {cost}", n=q.value, label=d.label, value=_fmt(value), cost=d.face.mana_cost)
        return False

    def _q_mana_cost(self, d, q):
        printed = d.face.mana_cost
        self.trace.step("mana cost of {label}: {cost}", "mana_cost", label=d.label,
                        cost=printed or self.trace.tr("none"))
        if q.words == "exists":
            return bool(printed)
        if q.words != "mana":
            raise OutsideModel("a mana cost was expected, not {value}", value=q.value)
        if _symbols(printed) == _symbols(q.value):
            return True
        if printed and _pays(printed, q.value):
            raise Unknown("« costs {written} » is ambiguous: {written} pays the mana cost {cost} of {label} but is not "
                          "that cost", written=q.value, cost=printed, label=d.label)
        return False

    def _q_rules_text(self, d, q):
        """Whether the face has a rules text (abilities): "has no abilities", « sans aucune capacité »."""
        if q.words != "exists":
            raise OutsideModel("the model does not compute {what}", what="rules text")
        text = (d.face.text or "").strip()
        shown = (getattr(d.face, "french_text", None) if self.trace.lang == "fr" else None) or text
        if text:
            self.trace.step("rules text of {label}: « {text} »", label=d.label, text=" / ".join(shown.splitlines()))
        else:
            self.trace.step("{label} has no rules text", label=d.label)
        return bool(text)

    def _q_keyword(self, d, q):
        return keyword_queries.has_keyword(d, q.value["keyword"], q.value.get("parameter"), self.trace)

    def _q_name_en(self, d, q):
        return self._name(d, q, "en")

    def _q_name_fr(self, d, q):
        return self._name(d, q, "fr")

    def _name(self, d, q, lang: str) -> bool:
        wanted = q.value
        if isinstance(wanted, str):          # words that name no card of the knowledge base
            wanted = {"card": None, "surface": wanted}
        elif not isinstance(wanted, dict):
            raise OutsideModel("a name was expected, not {value}", value=wanted)
        surface = fold_name(wanted["surface"])
        same = wanted["card"] is None or wanted["card"] == (d.card.name if d.card is not None else d.face.card)
        if lang == "en":
            names = {fold_name(d.face.name)} | ({fold_name(d.card.name)} if d.card is not None else set())
            self.trace.step("English name of {label}: {name}", label=d.label, name=d.face.name)
            return same and surface in names
        french = set()
        if d.face.french_name:
            french.add(fold_name(d.face.french_name))
        if d.card is not None and d.face.side in ("", "a"):
            french |= {fold_name(n) for n in d.card.french_names}
        self.trace.step("French name of {label}: {name}", label=d.label,
                        name=d.face.french_name or self.trace.tr("none"))
        if not french:
            raise Unknown("the card data has no French name for {label}", label=d.label)
        return same and surface in french

    def _q_same_object(self, d, q):
        """An apposition (« X, the back face of Y, … »): both names designate the same face."""
        entity = self.reading.entity(q.value)
        if entity.which in ("half", "other") and entity.face is None:
            return self._a_half_of(d, entity)
        other = self.designate(entity)
        same = (other.face.card, other.face.side) == (d.face.card, d.face.side)
        if not same:
            self.trace.step("{label} and {other} are {verdict}", label=d.label, other=other.label,
                            verdict=self.trace.tr("different cards"))
        return same

    def _q_mana_symbols(self, d, q):
        printed = d.face.mana_cost
        self.trace.step("mana cost of {label}: {cost}", "mana_cost", label=d.label,
                        cost=printed or self.trace.tr("none"))
        have = _symbols(printed)
        return all(have.count(sym) >= _symbols(q.value).count(sym) for sym in set(_symbols(q.value)))

    def _q_enters_tapped(self, d, q):
        return text_queries.enters_tapped(d, self.trace)

    def _q_can(self, d, q):
        return text_queries.can(d, q.value, self.trace)

    def _q_listed(self, d, q):
        return listed.listed(d, q.value, self.trace)

    def _q_payable(self, d, q):
        return card_payments.payable(d, q.value, self.trace)

    def _q_text_damage(self, d, q):
        return text_effects.deals_damage(d, q.value, self.trace)

    def _q_ability_cost(self, d, q):
        return text_queries.has_ability_cost(d, q.value, self.trace)

    def _q_can_be_commander(self, d, q):
        return text_queries.can_be_commander(d, self.trace)

    def _q_text_does(self, d, q):
        return text_does.does(d, q.value, self.trace, positive=q.polarity)

    def _q_text_draw_on_enter(self, d, q):
        return text_effects.draws_on_enter(d, self.trace)

    def _q_same_card(self, d, q):
        other = q.value["card"]
        mine = d.card.name if d.card is not None else d.face.card
        self.trace.step("{label} and {other} are {verdict}", label=d.label, other=q.value["surface"],
                        verdict=self.trace.tr("the same card" if other == mine else "different cards"))
        return other == mine

    def _q_face_of(self, d, q):
        entity = self.reading.entity(q.value)
        if entity.which in ("half", "other") and entity.face is None:      # "Demand, the other half of Supply // Demand"
            return self._a_half_of(d, entity)
        other = self.designate(entity)
        layout = other.card.layout if other.card is not None else "normal"
        if layout not in _FACES_OF.get(entity.which, (layout,)):
            self.trace.step("{label} has no {which} face (layout {layout})", label=entity.surface,
                            which=entity.which, layout=layout)
            return False
        same = d.face.name == other.face.name and d.face.card == other.face.card
        self.trace.step("{label} is {verdict} {other}", label=d.label, other=self.reading.entity(q.value).surface,
                        verdict=self.trace.tr("the face designated as" if same else "not the face designated as"))
        return same

    def _a_half_of(self, d, entity) -> bool:
        """Whether ``d`` is one of the halves of the split card ``entity`` names (no half named there)."""
        layout = d.card.layout if d.card is not None else None
        if layout is None:
            raise Unknown("no card data for the halves of {name}", name=entity.card)
        same = d.face.card == entity.card and layout in HALVES and fold_name(d.face.name) != fold_name(d.face.card)
        self.trace.step("{label} is {verdict} {other}", label=d.label, other=entity.surface,
                        verdict=self.trace.tr("the face designated as" if same else "not the face designated as"))
        return same


#: The layouts a card has such a face in (« la face arrière » of a double-faced or flip card, « la seconde
#: moitié » of a split card, the Adventure of an Adventure card).
_DOUBLE = ("transform", "modal_dfc", "meld", "flip", "double_faced_token", "reversible_card")
_FACES_OF = {"back": _DOUBLE, "front": _DOUBLE + ("adventure",), "adventure": ("adventure",),
             "left": HALVES, "right": HALVES, "half": HALVES, "other": HALVES}


def _pays(cost: str, spent: str) -> bool:
    """Whether mana ``spent`` (symbols of mana, no generic) pays ``cost`` exactly (:func:`kb.checker.mana.pays_exactly`)."""
    try:
        return mana.pays_exactly(cost, mana.parse_mana(spent)) is not None
    except (ValueError, KeyError):
        return False
