"""The order of full-text results, applied after the engine's scores
(:mod:`kb.search.searcher` calls these): the entries whose title is the
query first, a game term's rules before cards, the card that the first
notes are about right after them, and hits labelled with the edition asked
for.  Engine-free."""
from __future__ import annotations

import re
from dataclasses import replace

from kb.search.results import Result
from kb.search.scope import Scope
from parser.textkeys import fold_name

#: Where the cards named like a game term (« Persistance », « Lifelink »)
#: go among the results: after this many full-text results.
DEFERRED_AT = 3


def titles_first(hits: list[Result], core: str, used: list) -> list[Result]:
    """``hits`` with those whose title is the query itself, or a translation
    of the query as a whole (« coût converti de mana » -> the glossary entry
    « Mana Value »), first, each group in score order: a judge typing a
    term wants the entry or the rule it names.  A rule's title is read
    without its number (« 702.19 Trample »)."""
    wanted = wanted_titles(core, used)
    named = [h for h in hits if title_key(h.title) in wanted]
    if not named:
        return hits
    return named + [h for h in hits if h not in named]


def wanted_titles(core: str, used: list) -> set[str]:
    """The titles (:func:`_title_key`) a query names: itself, and the
    translations of the query as a whole."""
    wanted = {fold_name(core)}
    return wanted | {fold_name(term) for pair in used if fold_name(core) in map(fold_name, pair) for term in pair}


def title_key(title: str) -> str:
    """A title without its rule number, folded (« 702.19 Trample » -> ``trample``)."""
    return fold_name(_RULE_NUMBER_LEAD.sub("", title or ""))


#: The number before a rule's title (« 702.19 Trample »).
_RULE_NUMBER_LEAD = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?\.?\s+")


def after_its_notes(results: list[Result], about: str, card: Result) -> list[Result]:
    """``results`` with ``card`` right after the first run of notes and FAQ
    records about it (when they are among the first :data:`DEFERRED_AT`)."""
    first = next((i for i, r in enumerate(results[:DEFERRED_AT]) if r.about == about), None)
    if first is None:
        return results
    at = first + 1
    while at < len(results) and results[at].about == about and results[at].kind != "card":
        at += 1
    rest = [r for r in results if r.key != card.key]
    return rest[:at] + [card] + rest[at:]


#: Kinds of result a rule-like query (a game term: « blessures mortelles »)
#: wants first, before cards and rulings.
RULE_KINDS = ("rule", "glossary", "section", "note")


def rules_before_cards(results: list[Result], fixed: int) -> list[Result]:
    """``results`` with, after the ``fixed`` exact matches, the rules,
    glossary entries, sections and notes before the cards and rulings
    (each group in its order)."""
    head, rest = results[:fixed], results[fixed:]
    return head + [r for r in rest if r.kind in RULE_KINDS] + [r for r in rest if r.kind not in RULE_KINDS]


def labelled(r: Result, scope: Scope) -> Result:
    """``r`` labelled with the edition asked for (``edition:2008-05-01``)
    when it holds in it, not the latest edition holding the same text."""
    asked = scope.dated_editions
    if not asked or not r.editions:
        return r
    held = [e for e in r.editions if any(e.startswith(x) for x in asked)]
    if not held or r.edition in held:
        return r
    # an edition's source is its date: the text is labelled as that edition's
    return replace(r, edition=max(held), source=max(held) if r.source == r.edition else r.source)
