"""What a card's own text does, read from the parse tree (mixed into
:class:`~kb.checker.meaning_tree.Meaning`): "Burn deals 2 damage to any target", « Le Choc inflige
2 blessures à n'importe quelle cible », "When Wall of Omens enters the battlefield, you draw a card".
Each is one query on the card, read against its rules text by :mod:`kb.checker.text_effects`.
"""
from __future__ import annotations

import re

from lark import Token

from parser.textkeys import fold


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
        words = re.findall(r"[\w']+", fold(tok.value["surface"]))
        if _negs(children) and any(w in ("que", "qu'") or w.startswith("qu'") for w in words):
            raise self._not_read("« ne … que » on what a card does (only, not a negation)", ["ne", "que"])
        # « pas seulement les vôtres »: not only; "for just {B}", « pour seulement {1} »: the price, said low
        only = [w for k, w in enumerate(words) if w in ("only", "just", "seulement", "uniquement")
                and (k == 0 or words[k - 1] not in ("not", "pas", "for", "pour"))]
        if only:
            raise self._not_read("« only » on what a card does", only)
        modal = any(isinstance(t, Token) and t.type == "MODAL" for t in children)
        value = {"effect": tok.value["surface"], "lang": self.reading.lang, "modal": modal,
                 "ability": tok.value.get("ability")}
        return lambda subject: self._queries(subject, [("+", ("text_does", value))], [], _negs(children), False)

    def asked_can(self, children):
        """"Can X tap for one mana of any color?": what the card's text lets it do, asked."""
        subject = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        return self.text_does_pred([c for c in children if c is not subject])(subject)

    def text_when_enters(self, children):
        """« Quand X arrive sur le champ de bataille, il exile … », "When X enters, it deals 4 damage to …",
        "When X dies, you create …": the effect compared with the card's text, its trigger with it."""
        subject = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        query = self.text_does_pred([t for t in children if isinstance(t, Token) and t.type == "TEXTDOES"])(subject)
        dies = any(isinstance(t, Token) and t.type == "DIE" for t in children)
        lead = {("en", False): "when ~ enters, ", ("fr", False): "quand ~ arrive, ",
                ("en", True): "when ~ dies, ", ("fr", True): "quand ~ meurt, "}[self.reading.lang, dies]
        query.value = dict(query.value, effect=lead + query.value["effect"])
        return query

    def text_with_card(self, children):
        """« Avec la Discipline de la forteresse, chaque joueur perd 1 point de vie … »: what the card's text does."""
        subject = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        return self.text_does_pred([t for t in children if isinstance(t, Token) and t.type == "TEXTDOES"])(subject)

    def text_draw_clause(self, children):
        subject = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        return self._queries(subject, [("+", ("text_draw_on_enter", True))], [], [], False)

    @staticmethod
    def _not_read(why, words):
        from kb.checker.meaning_tree import NotRead

        return NotRead(why, words)
