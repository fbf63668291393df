"""The mana a claim says an ability adds, against the mana its text adds ("{T}: Add {C}{C}", "Add {W} or
{U}"), for :mod:`kb.checker.text_does`: a run of symbols is one choice, symbols written after « ou » /
"or" are choices of their own (:attr:`kb.checker.effect_words.Key.alt`).  A claim of one of the choices
is what the text says ("taps for {B}" of "Add {B} or {R}"); one of another mana, of both choices at once
("{B}{R}") or of alternatives the text does not give is not.
"""
from __future__ import annotations

from typing import Optional

from kb.checker.effect_words import COST_MARK, Key

#: Symbols of a cost that are no mana.
_NOT_MANA = ("{T}", "{Q}")


def same_choices(claim: list[Key], placed: list[Key]) -> bool:
    """Whether mana symbols the claim writes together are together in the text too, and alternatives
    alternatives ("{B}{R}" is not "Add {B} or {R}", "{W} or {U}" is not "Add {W}{U}")."""
    return all(c.alt == t.alt for j, (c, t) in enumerate(zip(claim, placed))
               if j and c.key.startswith("{") and claim[j - 1].key.startswith("{"))


def unchosen(s: list[Key], counts) -> set[int]:
    """Places in ``s`` of mana one may choose instead of the mana the claim says ("Add {B} or {R}" for a
    claim of {B}: the {R})."""
    out: set[int] = set()
    for run in choice_runs(s):
        if len(run) > 1 and any(s[i].key in counts for i in run):
            out.update(i for i in run if s[i].key not in counts)
    return out


def choice_runs(s: list[Key]) -> list[list[int]]:
    """The places of each run of mana symbols in ``s``, its choices together ("{B} or {R}": one run)."""
    runs: list[list[int]] = []
    for i, k in enumerate(s):
        if k.alt and runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        elif k.key.startswith("{"):
            runs.append([i])
    return runs


def _first_run(keys: list[Key], prefix: str) -> list[Key]:
    run: list[Key] = []
    for k in keys:
        if k.key.startswith(prefix) and k.key != "{T}":
            run.append(k)
        elif run:
            break
    return run


def _choices(run: list[Key]) -> list[list[str]]:
    """The mana a run of symbols makes, one list per choice ("{W} or {U}": [{W}], [{U}]; "{C}{C}": one)."""
    out: list[list[str]] = []
    for k in run:
        if k.alt or not out:
            out.append([])
        out[-1].append(k.key)
    return out


def mana_clash(claim: list[Key], a: int, sentence: list[Key], at: int, lang: str):
    """(the text's mana, the claim's) when the mana the claim says after its action (at ``a``) is no choice
    the sentence gives after its own (at ``at``), else None."""
    # the claim's mana must follow its action (« taps for {R} »: {T} add {R}); mana further on belongs to
    # another clause ("taps for three colorless, …, and {3} untaps it")
    mine, theirs = _first_run(claim[a + 1:a + 3], "{"), _first_run(sentence[at + 1:], "{")
    if mine:
        mine = _first_run(claim[a + 1:], "{")
    said, choices = _choices(mine), _choices(theirs)
    if {s for c in said for s in c} > {s for c in choices for s in c}:   # "taps for {C}, and for {R}{G} …"
        return None                                                       # (two abilities' mana)
    # each choice the claim names must be one the text gives: "{T}: Add {C}{C}" is no "{C}", "Add {W} or
    # {U}" is "{W}" and "either {W} or {U}", not "{W} or {B}" nor "{W}{U}"
    text_choices = {tuple(sorted(c)) for c in choices}
    if said and choices and any(tuple(sorted(c)) not in text_choices for c in said):
        return " / ".join("".join(c) for c in choices), " / ".join("".join(c) for c in said)
    return None


def _cost_span(claim: list[Key]) -> Optional[tuple[int, int]]:
    """Where the cost a claim names in words is: the mark and the mana symbols right after it."""
    at = next((i for i, k in enumerate(claim) if k.key == COST_MARK), None)
    if at is None:
        return None
    end = at + 1
    while end < len(claim) and claim[end].key.startswith("{") and claim[end].key not in _NOT_MANA:
        end += 1
    return at, end


def claimed_cost(claim: list[Key]) -> list[str]:
    """The mana of the cost a claim names in words ("… for {R}", « … pour {3}{U} »), or []."""
    span = _cost_span(claim)
    return [] if span is None else [k.key for k in claim[span[0] + 1:span[1]]]


def without_cost(claim: list[Key]) -> list[Key]:
    """The claim's keys less the cost it names in words (:func:`claimed_cost`): once that cost is found to be
    the spell's own, the rest is what the spell does."""
    span = _cost_span(claim)
    return claim if span is None else claim[:span[0]] + claim[span[1]:]


def cost_clash(cost: list[str], line: list[Key], at: int) -> Optional[tuple[str, str]]:
    """(the ability's mana cost, the claim's) when ``line`` is an activated ability ("{3}{C}: Draw a card.")
    whose action is at ``at`` and whose mana cost is not the ``cost`` the claim names, else None."""
    if not cost or not line or not line[0].key.startswith("{"):
        return None
    theirs = [k.key for k in line[:at] if k.key.startswith("{") and k.key not in _NOT_MANA]
    if theirs and sorted(theirs) != sorted(cost):
        return "".join(theirs), "".join(cost)
    return None
