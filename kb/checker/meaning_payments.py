"""What a card's mana cost can be paid with, read from the parse tree (mixed into
:class:`~kb.checker.meaning_tree.Meaning`): « Le Lancier guêpe peut être payé avec {U}{U}{U} »,
"you could pay for it with only blue mana", « vous pouvez payer le Lancier guêpe avec du mana
bleu uniquement ».  Each is one query ``payable`` on the card (evaluated by
:mod:`kb.checker.card_payments` with the mana model, never a constant): ``{"mana": "{U}{U}{U}"}``
(that exact mana pays the cost) or ``{"only": "U"}`` (mana of that one colour alone can pay it).
"with blue mana" without « only » is not read (some of it, or all of it?).

A payment may also be the situation of a claim about the card, said as a condition or a concession:
« Implorer la reine a un coût converti de mana de 6, même si vous ne dépensez que {B}{B}{B} pour la
jouer », "Marrow Shards is white even if you pay its {W/P} with 2 life", "If you pay six red mana for
Beseech the Queen, it becomes a colorless sorcery", "Wasp Lancer is both blue and black no matter which
mana you spend on it".  The payment is then the reading's ``concession``, a ``payable`` query on the card
paid for (the situation must be one the cost allows: ``{"mana": …}``, ``{"only": …}``, ``{"life": 2,
"part": "{W/P}"}``, or ``{"any": True}``), and the model answers the main clause on the card's
characteristics, which no payment changes (:mod:`kb.checker.card_queries` says which those are).  « X
devient … » / "it becomes …" is read only after a payment (``Query.change``).

A card may also be said by its mana cost alone (« une carte qui coûte {U/B} », "a card costing
{2/B}{2/B}{2/B}"): an entity ``by`` ``costed`` whose characteristics are those its cost decides.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from lark import Token

from kb.checker.meaning import Entity, Junction, Query


@dataclass
class Paid:
    """A payment the claim describes: what is paid (a ``payable`` value) and the card paid for (an
    entity id; None: the main clause's subject)."""

    value: dict
    card: Optional[str] = None


@dataclass
class _For:
    card: Optional[str]


def _only(children) -> bool:
    return any(isinstance(c, tuple) and len(c) == 2 and c[0] == "ONLY" for c in children)


def _negs(children) -> list[str]:
    return [c[1] for c in children if isinstance(c, tuple) and c[0] == "NEG"]


class PaymentMeaning:
    """Transformer methods of the payment productions."""

    def pay_mana(self, c):
        return {"mana": str(c[0].value)}

    def pay_counted(self, c):
        """"one white and one blue mana", « un mana blanc et un mana bleu »: that mana exactly."""
        return self._paid_value(self.paid_colored(c), None, False)

    def pay_only_color(self, c):
        color = next(str(t.value) for t in c if isinstance(t, Token) and t.type == "COLOR")
        return {"only": color}

    def pay_pred(self, children):
        """« X peut être payé avec … », "X can be paid with …"."""
        negs, value = _negs(children), children[-1]
        return lambda subject: self._queries(subject, [("+", ("payable", value))], [], negs, False)

    def pay_clause(self, children):
        """"you can pay for X with …", « vous pouvez payer X avec … »."""
        subject = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        return self._queries(subject, [("+", ("payable", children[-1]))], [], _negs(children), False)

    # --- a payment as the situation of a claim ------------------------------------------------
    def paid_mana(self, c):
        return {"mana": str(c[0].value)}

    def paid_colors(self, c):
        n = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "number"), None)
        if any(isinstance(x, tuple) and x[0] == "number" and x[2] != "eq" for x in c):
            n = None
        first = next((t for t in c if isinstance(t, Token)), None)
        if n is None and first is not None and self.articles.get(first.start_pos) in ("un", "une", "a", "an"):
            n = 1                                   # « un mana vert », "a white mana": one
        if n is None and any(isinstance(t, Token) and t.type == "ONE" for t in c):
            n = 1
        return ("colors", n, next(str(t.value) for t in c if isinstance(t, Token) and t.type == "COLOR"))

    def paid_colored(self, c):
        return {"colors": [(n, color) for _, n, color in (x for x in c if isinstance(x, tuple))]}

    def paid_life(self, c):
        return {"life": c[0][1]}

    def paid_part(self, c):
        toks = [t for t in c if isinstance(t, Token)]
        mana = next((str(t.value) for t in toks if t.type == "MANA"), None)
        card = next((t for t in toks if t.type == "CARD"), None)
        owner = self.card([card]) if card is not None else (self._last if any(t.type == "PRONPOSS" for t in toks) else None)
        count = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "number"), None)
        return ("part", owner, mana, count)

    def paid_for(self, c):
        card = next((t for t in c if isinstance(t, Token) and t.type == "CARD"), None)
        if card is not None:
            return _For(self.card([card]))
        if any(isinstance(t, Token) and t.type == "PRON" for t in c):
            return _For(self._last)
        return _For(None)

    def pay_lead(self, c):
        return ("lead", c)

    def pay_item(self, c):
        return c[0]

    def payment(self, children):
        """Who pays, what, with what, for which card: « vous ne dépensez que {B}{B}{B} pour la jouer »,
        "you pay its {W/P} with 2 life", « on le paie avec {B}{B}{B} », "you pay for X with only blue mana"."""
        from kb.checker.meaning_tree import NotRead

        lead = next(c for c in children if isinstance(c, tuple) and c[0] == "lead")[1]
        items = [c for c in children if not (isinstance(c, tuple) and c[0] == "lead")]
        negs = _negs(lead) + _negs(items)
        only = any(isinstance(t, Token) and t.type in ("ONLY", "QUE") for t in items)
        if negs and not only:
            raise NotRead("a payment denied", negs)
        paids = [dict(c) for c in items if isinstance(c, dict)]
        part = next((c for c in items if isinstance(c, tuple) and c[0] == "part"), None)
        if len(paids) == 2 and "mana" in paids[0] and part is None:    # « payez le {W/P} avec 2 points de vie »
            part = ("part", None, paids.pop(0)["mana"], None)
        if len(paids) != 1:
            raise NotRead("a payment of several amounts", [str(t) for t in items if isinstance(t, Token)])
        target = next((c.card for c in items if isinstance(c, _For)), None)
        if part is not None and part[1] is not None:
            target = part[1]
        if target is None and any(isinstance(t, Token) and t.type == "PRON" for t in lead):   # « on le paie »
            target = self._last
        return Paid(self._paid_value(paids[0], part, only), target)

    def _paid_value(self, value: dict, part, only: bool) -> dict:
        from kb.checker.meaning_tree import NotRead

        if "colors" in value:
            colors = value.pop("colors")
            count = part[3] if part is not None else None
            if all(n is not None for n, _ in colors):
                value["mana"] = "".join(f"{{{c}}}" * n for n, c in colors)
            elif len(colors) == 1 and count is not None:      # "all six mana with red"
                value["mana"] = f"{{{colors[0][1]}}}" * count
            elif len(colors) == 1 and only:
                value["only"] = colors[0][1]
            else:
                raise NotRead("mana of a colour, without how much of the cost it pays", [c for _, c in colors])
        if "life" in value and (part is None or not part[2] or "/P}" not in part[2]):
            raise NotRead("life paid for no Phyrexian symbol", [str(value["life"])])
        if part is not None and part[2]:
            value["part"] = part[2]
        return value

    def _concede(self, paid: Paid, main) -> None:
        subject = paid.card or self._first_subject(main)
        q = Query(subject, "payable", paid.value)
        c = self.reading.concession
        self.reading.concession = q if c is None else Junction("and", [c, q])

    def paid_after(self, c):
        main = c[0]
        self._concede(next(x for x in c if isinstance(x, Paid)), main)
        return main

    def paid_first(self, c):
        main = c[-1]
        self._concede(next(x for x in c if isinstance(x, Paid)), main)
        return main

    def paid_any(self, c):
        main = c[0]
        target = next((x.card for x in c if isinstance(x, _For)), None)
        self._concede(Paid({"any": True}, target), main)
        return main

    def card_paid(self, c):
        """"Beseech the Queen paid with six red mana is …": the card, and the payment it is in."""
        eid = self.card([c[0]])
        value = next(x for x in c if isinstance(x, dict))
        self._concede(Paid(self._paid_value(dict(value), None, _only(c)), eid), None)
        self._last = eid
        return eid

    def costed(self, c):
        """« une carte qui coûte {U/B} », "a card costing {2/B}{2/B}{2/B}": a card said by its cost."""
        from kb.checker.meaning_tree import NotRead

        attr = next((t for t in c if isinstance(t, Token) and t.type == "ATTR"), None)
        if attr is not None and str(attr.value) != "mana_cost":
            raise NotRead("a card said by an attribute other than its mana cost", [str(attr)])
        mana = str(next(t for t in c if isinstance(t, Token) and t.type == "MANA").value)
        lead = str(c[0]) if c[0].type == "COSTLEAD" else ("une carte dont le coût de mana est" if self.reading.lang == "fr"
                                                          else "a card whose mana cost is")
        eid = f"e{len(self.reading.setup) + 1}"
        spell = any(w in lead.lower().split() for w in ("spell", "sort"))
        self.reading.setup.append(Entity(eid, "", None, f"{lead[0].lower()}{lead[1:]} {mana}", "costed",
                                         kind="spell" if spell else "card", cost=mana))
        self._last = eid
        return eid

    def becomes_pred(self, children):
        """"it becomes a colorless sorcery": what the card is, said as a change (after a payment)."""
        pred = self.is_pred(children)

        def build(subject):
            node = pred(subject)
            stack = [node]
            while stack:
                n = stack.pop()
                if isinstance(n, Junction):
                    stack.extend(n.parts)
                else:
                    n.change = True
            return node
        return build
