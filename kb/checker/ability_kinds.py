"""What kind of ability a keyword is, as its defining rule says in an edition (the ``ability_kind``
queries of :mod:`kb.checker.meaning_rules`): « la persistance est une capacité statique » (502.79a /
702.79a: "Persist is a triggered ability" — false), "soulbond is a keyword that represents two
triggered abilities" (702.95a — true), « à l'époque de la FAQ de Sombrelande, le lien de vie était une
capacité statique » (2008: 502.68a "Lifelink is a triggered ability" — false; static only since M10).

The rule is the one :func:`kb.checker.rule_refs.keyword_rule` places in the trace's edition; its text
is that edition's, from the rule history of the knowledge base (never a rule of another edition,
since kinds do change: lifelink).  The kinds are the ones its first sentences name before the
keyword's meaning is quoted ("… is a static ability", "… represents two abilities. The first is a
static ability …. The second is a triggered ability …"); a rule that names none, or a knowledge base
without the rule's text in that edition, leaves the claim unknown, saying so.
"""
from __future__ import annotations

import re
from typing import Optional

from kb.checker.engine.citing import say
from kb.checker.meaning import Query
from kb.checker.rule_refs import keyword_rule
from kb.checker.verdict import OutsideModel, Trace, Unknown

#: Where a defining rule stops naming kinds and quotes the keyword's meaning ("Persist" means …).
_QUOTE = re.compile(r"[\"“?]|\bmeans\b")
_KIND = re.compile(r"\b(static|triggered|activated) abilit(?:y|ies)\b")
_COUNT = re.compile(r"\brepresents (one|two|three) (?:\w+ )?abilit")
_WORDS = {"one": 1, "two": 2, "three": 3}


def kinds_in(text: str) -> tuple[set[str], Optional[int]]:
    """(kinds, number of abilities or None) that a defining rule's head names."""
    m = _QUOTE.search(text)
    head = text[:m.start()] if m else text
    kinds = set(_KIND.findall(head))
    count = _COUNT.search(head)
    if count:
        return kinds, _WORDS[count.group(1)]
    return kinds, (1 if len(kinds) == 1 and re.search(r"\bis an? (?:static|triggered|activated) ability", head)
                   else None)


def _defining_text(trace: Trace, keyword: str) -> tuple[str, str]:
    """(number, English text) of ``keyword``'s defining subrule in the trace's edition."""
    known, number = keyword_rule(trace, keyword)
    if not known:
        raise OutsideModel("the model does not compute {what}", what=f"the rule of {keyword}")
    if number is None:
        raise Unknown("no rule defines {keyword} in the rules of {edition}", keyword=trace.keyword(keyword),
                      edition=trace.edition.label)
    defining = number if number[-1].isalpha() else number + "a"
    numbering = trace.numbering
    edition = numbering.in_force(trace.edition.date) if numbering is not None and numbering.editions else None
    text = numbering.text(defining, edition) if edition else ""
    if not text:
        raise Unknown("the knowledge base holds no text of rule {number} in the rules of {edition}",
                      number=defining, edition=trace.edition.label)
    say(trace, "rules of {edition}, rule {number}: « {text} »", edition=edition, number=defining,
        text=text[:160])
    trace.cite(defining)
    return defining, text


def kind_holds(q: Query, trace: Trace) -> bool:
    """Whether ``q.value['keyword']`` is (or represents ``count``) abilities of ``q.value['kind']``."""
    keyword, kind, count = q.value["keyword"], q.value["kind"], q.value.get("count")
    number, text = _defining_text(trace, keyword)
    kinds, rule_count = kinds_in(text)
    if not kinds:
        raise Unknown("rule {number} does not say what kind of ability {keyword} is", number=number,
                      keyword=trace.keyword(keyword))
    say(trace, "outcome: {keyword} is {kinds}", keyword=trace.keyword(keyword),
        kinds=", ".join(trace.tr(("an " if k == "activated" else "a ") + f"{k} ability") for k in sorted(kinds)))
    if count is not None and rule_count is not None and count != rule_count:
        return False
    if kind not in kinds:
        return False
    if kinds != {kind}:
        raise Unknown("{keyword} represents abilities of several kinds ({kinds})", keyword=trace.keyword(keyword),
                      kinds=", ".join(sorted(kinds)))
    if count is not None and rule_count is None:
        raise Unknown("rule {number} does not say how many abilities {keyword} represents", number=number,
                      keyword=trace.keyword(keyword))
    return True
