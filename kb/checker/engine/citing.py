"""Explanation steps of the engine, with rules cited by concept key only.

A concept key names a rule (``persist``, ``sba_lethal``…); the trace maps
it to the number of the edition asked (:mod:`kb.checker.numbering`, else
the table of :mod:`kb.checker.editions`).  A key neither knows yet is
not cited (the step is still written): the numbering engineer adds it,
and from then on it is cited with no change here.

The engine's templates are English message ids like every other
(:mod:`kb.checker.messages`); a step whose French form the table lacks
is written in English.
"""
from __future__ import annotations

from typing import Optional

from kb.checker.verdict import Trace


def known(trace: Trace, concept: str) -> bool:
    """Whether ``trace`` can number ``concept`` (a key of the rule tables)."""
    try:
        trace.number(concept)
    except KeyError:
        return False
    return True


def say(trace: Optional[Trace], template: str, *concepts: str, **fields) -> None:
    """One explanation step (none without a trace), citing the known concepts."""
    if trace is None:
        return
    trace.step(template, *[c for c in concepts if known(trace, c)], **fields)


def name_of(trace: Optional[Trace], name: str) -> str:
    """An object's name in the trace's language (« the creature » -> « la créature »)."""
    return trace.tr(name) if trace is not None else name


#: The damage dealt by a deathtouch source destroys (a state-based action, told by kb.checker.sba).
DEATHTOUCH_DESTROYED = "{name} was dealt damage by a source with deathtouch: destroyed"
