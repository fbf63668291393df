"""Labelled errors of the French grammar (Lark's ``match_examples`` and ``get_context``).

The main parse of ``parser/grammars/faq.lark`` is total: what looks like a
card record or a rule but is not one goes to error productions, so that one
bad line never costs more than itself.  To say *what* is wrong, the lines of
such a production are parsed again with a strict start symbol of the same
grammar (``strict_record``, ``strict_rule``: the record and the rule line
without error productions).  Where that parse fails, the failure is matched
against the labelled examples of :data:`EXAMPLES` with
:meth:`lark.exceptions.UnexpectedInput.match_examples` (same parser state,
same unexpected token): the example's label is the warning type.
:meth:`~lark.exceptions.UnexpectedInput.get_context` gives the place.

:func:`label_error` is the entry point; labels are cached per parser state
and token, so a document with thousands of the same error matches the
examples once.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

from lark import Lark
from lark.exceptions import UnexpectedInput

from parser.faq_layout import layout_parser

__all__ = ["EXAMPLES", "LabelledError", "label_error"]

#: Labelled examples, per strict start symbol: each fails where that error does.
EXAMPLES: dict[str, dict[str, list[str]]] = {
    "strict_record": {
        # « Implorer la reine / {2/B}{2/B / Rituel »: a mana symbol left open
        "unclosed_mana_symbol": ["Nom\n{2/B\nRituel\n", "Nom\n{2}{G\nCréature : elfe\n",
                                 "Nom {2/B\nRituel\n", "Nom {G\nCréature : elfe\n"],
        # a name and a cost (or a printed mana value) with no type line under them
        "cost_without_type": ["Nom\n{2}{G}\n", "Nom\n{2}{G}\n\n", "Nom\n{2}{G}\n(2)\n", "Nom\n(2)\n",
                              "Nom {2}{G}\n", "Nom {2}{G}\n(2)\n", "Nom\n2G\n", "Nom\n2G\n(2)\n",
                              "Nom\n(2)(G)\n", "Nom\nCoût : 2G\n", "Nom\n{2}{G}\n2/2\n", "Nom 2G (3)\n", "Nom {2}{G} (3)\n"],
        # « Créature : elfe / 3/2 » with no card name above
        "type_line_without_name": ["Créature : elfe\n3/2\n", "Artefact\n1/1\n"],
    },
    "strict_rule": {
        # « 606. 8b » : a space inside a rule number
        "misprinted_number": ["606. 8b Texte.\n", "702. 19a Texte.\n"],
    },
}


@dataclass
class LabelledError:
    """What a strict parse found wrong: ``type`` (the example's label, or
    ``unplaceable_line`` when no example matches), the 1-based ``line`` and
    ``column`` in the text given, and Lark's ``context`` (the line with a caret)."""

    type: str
    line: int
    column: int
    context: str


@lru_cache(maxsize=1)
def _strict() -> Lark:
    return layout_parser(start=list(EXAMPLES), propagate_positions=False, maybe_placeholders=False)


_LABELS: dict[tuple, Optional[str]] = {}


def _label(err: UnexpectedInput, start: str) -> Optional[str]:
    state = getattr(err, "state", None)
    state = getattr(state, "position", state)    # a ParserState when the lexer raised
    key = (start, state, getattr(getattr(err, "token", None), "type", None))
    if key not in _LABELS:
        _LABELS[key] = err.match_examples(lambda text: _strict().parse(text, start=start), EXAMPLES[start],
                                          token_type_match_fallback=True, use_accepts=True)
    return _LABELS[key]


def label_error(text: str, start: str = "strict_record") -> Optional[LabelledError]:
    """Parse ``text`` (whole lines, newline-terminated) with the strict start
    symbol ``start``; None when it parses, else the labelled error."""
    try:
        _strict().parse(text, start=start)
        return None
    except UnexpectedInput as err:
        line = err.line if isinstance(err.line, int) and err.line > 0 else text.count("\n")
        column = err.column if isinstance(err.column, int) and err.column > 0 else 1
        return LabelledError(_label(err, start) or "unplaceable_line", line, column,
                             err.get_context(text, span=60).rstrip())
