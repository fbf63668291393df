"""What a card's own text does, read from the parse tree (mixed into
:class:`~kb.checker.meaning_tree.Meaning`): "Burn deals 2 damage to any target", « Le Choc inflige
2 blessures à n'importe quelle cible », "When Wall of Omens enters the battlefield, you draw a card".
Each is one query on the card, read against its rules text by :mod:`kb.checker.text_effects`.
"""
from __future__ import annotations

from lark import Token


def _negs(children) -> list[str]:
    return [c[1] for c in children if isinstance(c, tuple) and c[0] == "NEG"]


class TextMeaning:
    """Transformer methods of the productions about what a card's text does."""

    def text_damage_pred(self, children):
        number = next(c for c in children if isinstance(c, tuple) and c[0] == "number")
        if number[2] != "eq":
            raise self._not_read("a comparison of the damage a card deals", [str(number[1])])
        target = next(str(t.value) for t in children if isinstance(t, Token) and t.type == "TARGET")
        value = {"amount": number[1], "target": target}
        return lambda subject: self._queries(subject, [("+", ("text_damage", value))], [], _negs(children), False)

    def text_does_pred(self, children):
        """Any other effect claimed of a card (« … détruit la créature ciblée », "… taps for {R}"): one
        query, its words compared with the card's text by :mod:`kb.checker.text_does`."""
        tok = next(t for t in children if isinstance(t, Token) and t.type == "TEXTDOES")
        modal = any(isinstance(t, Token) and t.type == "MODAL" for t in children)
        value = {"effect": tok.value["surface"], "lang": self.reading.lang, "modal": modal,
                 "ability": tok.value.get("ability")}
        return lambda subject: self._queries(subject, [("+", ("text_does", value))], [], _negs(children), False)

    def text_draw_clause(self, children):
        subject = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        return self._queries(subject, [("+", ("text_draw_on_enter", True))], [], [], False)

    @staticmethod
    def _not_read(why, words):
        from kb.checker.meaning_tree import NotRead

        return NotRead(why, words)
