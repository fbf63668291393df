"""What a card's mana cost can be paid with, read from the parse tree (mixed into
:class:`~kb.checker.meaning_tree.Meaning`): « Le Lancier guêpe peut être payé avec {U}{U}{U} »,
"you could pay for it with only blue mana", « vous pouvez payer le Lancier guêpe avec du mana
bleu uniquement ».  Each is one query ``payable`` on the card (evaluated by
:mod:`kb.checker.card_payments` with the mana model, never a constant): ``{"mana": "{U}{U}{U}"}``
(that exact mana pays the cost) or ``{"only": "U"}`` (mana of that one colour alone can pay it).
"with blue mana" without « only » is not read (some of it, or all of it?).
"""
from __future__ import annotations

from lark import Token


def _negs(children) -> list[str]:
    return [c[1] for c in children if isinstance(c, tuple) and c[0] == "NEG"]


class PaymentMeaning:
    """Transformer methods of the payment productions."""

    def pay_mana(self, c):
        return {"mana": str(c[0].value)}

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
