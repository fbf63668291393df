"""Where a mechanic stands in the Comprehensive Rules of an edition (the queries of
:mod:`kb.checker.meaning_rules`).

The rule of a keyword ability in an edition is read from the knowledge base:

* with a rule history (``kb build --cr``): the rule of that edition whose title is the keyword
  (« Soulbond » is 702.93 in 2012-05-01, 702.95 in 2026-01-16; « Persist » 502.79 in 2008-05-01),
  for every keyword the rules title, else the concept table followed through the history
  (:mod:`kb.checker.numbering`);
* without one: the concept table's anchor in force at that edition (``corpus/terms/rule_concepts.tsv``,
  a « - » row: no such rule then), the explanation naming where the number comes from.

A number claimed is right when it is the keyword's rule or the subrule that defines it (702.95 or
702.95a), wrong when it is another rule, and unknown when it is another subrule of the keyword's
rule (702.95c is part of soulbond's rule, not its definition).  A keyword that neither the history
nor the table places is outside the model: never a guess.
"""
from __future__ import annotations

from typing import Optional

from kb.checker.engine.citing import say
from kb.checker.meaning import Query
from kb.checker.verdict import OutsideModel, Trace, Unknown
from kb.model import rule_parent
from parser.textkeys import fold


def _concept(keyword: str) -> str:
    return fold(keyword).replace(" ", "_").replace("-", "_")


def _by_title(trace: Trace, keyword: str) -> Optional[tuple[str, str, str]]:
    """(rule number, history edition, title) of the rule titled ``keyword`` in the trace's edition."""
    numbering = trace.numbering
    if numbering is None or not numbering.editions:
        return None
    edition = numbering.in_force(trace.edition.date)
    if edition is None:
        return None
    rows = numbering.conn.execute(
        "SELECT number, title FROM edition_rules WHERE edition = ? AND lang = 'en' AND title IS NOT NULL "
        "AND number LIKE '_%.%' AND number NOT LIKE '%.%.%'", (edition,)).fetchall()
    wanted = fold(keyword)
    for number, title in rows:
        if fold(title) == wanted and number[-1].isdigit():
            return number, edition, title
    return None


def _by_concept(trace: Trace, keyword: str) -> tuple[bool, Optional[str]]:
    """(whether the concept table knows ``keyword``, its number in the trace's edition or None)."""
    try:
        return True, trace.number(_concept(keyword))
    except KeyError:
        return False, None


def keyword_rule(trace: Trace, keyword: str) -> tuple[bool, Optional[str]]:
    """(known, number): the number of ``keyword``'s defining rule in the trace's edition (None: no such
    rule then); known is False when neither the rule history nor the concept table places it."""
    found = _by_title(trace, keyword)
    if found is not None:
        say(trace, "rules of {edition}: rule {number} is titled « {title} »", edition=found[1], number=found[0],
            title=found[2])
        trace.cite(found[0])
        return True, found[0]
    known, number = _by_concept(trace, keyword)
    if known:
        edition = trace.edition.date or trace.tr("the latest edition")
        if number is None:
            say(trace, "rules of {edition}: no rule defines {keyword}", edition=edition, keyword=trace.keyword(keyword))
        else:
            say(trace, "rules of {edition}: {keyword} is defined by rule {number}", edition=edition,
                keyword=trace.keyword(keyword), number=number)
            trace.cite(number)
    return known, number


def _matches(claimed: str, rule: str) -> Optional[bool]:
    """Whether ``claimed`` names ``rule`` (its rule or its defining subrule); None for another
    subrule of the same rule (part of it, not where it is defined)."""
    whole = rule_parent(rule) if rule[-1].isalpha() else rule
    if claimed in (rule, whole):
        return True
    if claimed[-1].isalpha() and rule_parent(claimed) == whole:
        return None
    return False


def rule_number(q: Query, trace: Trace) -> bool:
    """« soulbond is rule 702.95, not 702.92 » in the trace's edition."""
    keyword, claimed, denied = q.value["keyword"], q.value["number"], q.value.get("not") or []
    known, rule = keyword_rule(trace, keyword)
    if not known:
        raise OutsideModel("the model does not compute {what}", what=f"the rule of {keyword}")
    if rule is None:
        return False
    verdicts = [_matches(claimed, rule)] + [None if m is None else not m for m in (_matches(d, rule) for d in denied)]
    if any(v is False for v in verdicts):
        return False
    if any(v is None for v in verdicts):
        raise Unknown("rule {number} is part of the rule of {keyword} ({rule}), not the rule that defines it",
                      number=claimed, keyword=keyword, rule=rule)
    return True


def rule_exists(q: Query, trace: Trace) -> bool:
    """« soulbond did not exist in the 2008 rules »: whether a rule defines the keyword in that edition."""
    keyword = q.value["keyword"]
    known, rule = keyword_rule(trace, keyword)
    if rule is not None:
        return True
    if not known or _by_title(trace, keyword) is None and not _by_concept(trace, keyword)[0]:
        raise OutsideModel("the model does not compute {what}", what=f"the rule of {keyword}")
    return False
