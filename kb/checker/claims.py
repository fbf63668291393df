"""``kb check``: claims in a controlled French/English language, checked
against the rules model.

Grammar: ``parser/grammars/claims.lark`` (documented with examples in
docs/claims.md).  Public API:

* :func:`check_claim` ``(text, *, edition=None, cards=None) -> Verdict``
* :func:`check_file` ``(path, *, edition=None, cards=None) -> list[Verdict]``
  for a YAML list of ``{claim, expected, note[, edition]}`` items.

The answer is ``true`` or ``false`` with the computation steps and rules,
or ``unknown`` — with a ``reason`` — when the claim is outside the grammar
or the model (unknown card, a characteristic the model does not compute…).
Never a guess.  Card names are looked up *folded* (lowercase, no accents or
ligatures) through ``cards``: a knowledge base connection (read by
:class:`kb.checker.cards.KBCards`) or any callable ``name -> card | None``.

Reading a claim is :mod:`kb.checker.reading`, its forms
:mod:`kb.checker.forms`, situations :mod:`kb.checker.situation` with
:mod:`~kb.checker.events` and :mod:`~kb.checker.outcomes`.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Optional, Union

import yaml
from lark.exceptions import UnexpectedInput

from kb.checker.cards import KBCards, Lookup
from kb.checker.editions import EditionError, resolve_edition
from kb.checker.forms import ClaimForms
from kb.checker.reading import claims_parser, normalize
from kb.checker.verdict import OutsideModel, Trace, Unknown, Verdict
from parser.mana import ManaCostError

Cards = Union[sqlite3.Connection, Lookup, None]

__all__ = ["check_claim", "check_file", "normalize", "Cards"]


def _no_cards(name: str) -> None:
    return None


def card_lookup(cards: Cards) -> Lookup:
    """The lookup ``cards`` stands for: a knowledge base connection is read
    with :class:`KBCards`, a callable is used as is, None knows no card."""
    if cards is None:
        return _no_cards
    if isinstance(cards, sqlite3.Connection):
        return KBCards(cards)
    return cards


def _not_in_language(norm: str, exc: UnexpectedInput) -> str:
    col = exc.column     # -1 when the claim ends too early
    where = f"stopped at column {col} of" if col > 0 else "the end is missing in"
    return f"not in the controlled language ({where} the folded claim {norm!r}); see docs/claims.md"


def _evaluate(claim, forms: ClaimForms, verdict: Verdict) -> None:
    """Set ``verdict.answer`` (and ``reason`` when unknown) from the parsed claim."""
    try:
        verdict.answer = "true" if forms.evaluate(claim) else "false"
    except (Unknown, OutsideModel) as exc:
        verdict.answer = "unknown"
        verdict.reason = str(exc)
    except ManaCostError as exc:
        verdict.answer = "unknown"
        verdict.reason = f"bad mana: {exc}"
    except Exception as exc:  # a bug must not turn into a guess: say so
        verdict.answer = "unknown"
        verdict.reason = f"internal error of the checker ({type(exc).__name__}: {exc}); please report the claim"


def check_claim(text: str, *, edition: Optional[str] = None, cards: Cards = None) -> Verdict:
    """Check one claim; return a :class:`~kb.checker.verdict.Verdict`.

    ``edition``: ``None``/``"latest"`` (default), a year, ``YYYY-MM`` or an
    ISO date; rules cited follow that edition's numbering and
    edition-dependent rules (mana burn, the 2008 layer 6b, bands with
    other) follow it too.  ``cards``: a knowledge base connection
    (:func:`kb.store.db.connect`) or a lookup ``name -> card | None``
    (CardFacts, kb.model.CardRecord, or a dict with ``name``,
    ``mana_cost``, ``type_line``…; the name passed is folded); without
    it, claims about a named card are unknown.
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
        verdict.reason = _not_in_language(norm, exc)
        return verdict
    _evaluate(tree.children[0], ClaimForms(trace, card_lookup(cards)), verdict)
    verdict.explanation = trace.steps
    verdict.rules = trace.rules
    return verdict


def check_file(path: Union[str, Path], *, edition: Optional[str] = None, cards: Cards = None) -> list[Verdict]:
    """Check every item of a YAML batch.

    The file is a list (or a mapping with a ``claims`` list) of items
    ``{claim: str, expected: true|false|unknown, note: str, edition: str?}``;
    an item's own ``edition`` wins over the argument.  Each Verdict carries
    ``expected`` and ``note``; ``verdict.passed`` compares.  Raises
    ValueError naming the item for a malformed entry.
    """
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    items = data.get("claims", []) if isinstance(data, dict) else (data or [])
    lookup = card_lookup(cards)
    verdicts = []
    for i, item in enumerate(items, 1):
        if not isinstance(item, dict) or "claim" not in item:
            raise ValueError(f"{path}: item {i} has no 'claim'")
        expected = item.get("expected")
        if isinstance(expected, bool):
            expected = "true" if expected else "false"
        v = check_claim(str(item["claim"]), edition=item.get("edition", edition), cards=lookup)
        v.expected = None if expected is None else str(expected).lower()
        v.note = item.get("note")
        verdicts.append(v)
    return verdicts
