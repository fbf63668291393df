"""The source a claim cites, said before or after what it claims: a rule ("Per rule 502.10b, …",
« Selon la règle 607.1, … », "Rule 607.3 says …", "In the rule 607.4 example, …"), a ruling ("According to the
2016-07-13 rulings, …", "…, per a 2017-03-14 ruling", "…, as a 2009 ruling on Baloth Woodcrasher notes"), a
FAQ (« D'après la FAQ de Sombrelande, … ») or the rules of a year ("Under the 2008 rules, …").

:func:`cited` reads that stretch from the claim's typed tokens (:mod:`kb.checker.entities`: ``ACCORDING``,
``RULES``, ``RULENUM``, ``YEAR``, ``FAQ`` and the ``SOURCE`` words of ``corpus/terms/claim_words.tsv``) and
gives the claim proper, so that the readers that compare a claim with the sentence it may restate (a ruling,
a note, a rule: :mod:`kb.checker.rulings`, :mod:`kb.checker.restated`) compare what the claim says, not how
it cites it; the claim reader parses the claim without a cited rule or ruling (:mod:`kb.checker.reader`).
Its own leads (an edition, a FAQ, whose date is an edition) are the grammar's.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from lark import Token

__all__ = ["Source", "citation", "cited"]

#: Token types a citation is made of.
_IN_SOURCE = frozenset(("ACCORDING", "RULES", "RULENUM", "YEAR", "NUM", "FAQ", "OF", "SOURCE", "ASFORM", "ON"))
#: What a set's FAQ or a ruling may be said of (« la FAQ de Sombrelande », "a ruling on Baloth Woodcrasher").
_NAMED = frozenset(("CARD", "SUBTYPE", "WORD"))
#: A stretch is a citation only if it holds one of these.
_CITING = frozenset(("RULENUM", "SOURCE", "FAQ"))
#: The longest citation, in tokens.
_LONGEST = 9


@dataclass(frozen=True)
class Source:
    """What a claim cites: ``kind`` (``rule``, ``ruling``, ``faq`` or ``rules``), the rule number or the
    date or year when it gives one (``value``), and the words that cite it (``surface``)."""

    kind: str
    value: Optional[str]
    surface: str

    def to_dict(self) -> dict:
        return {"kind": self.kind, "value": self.value, "surface": self.surface}


def _is_citation(stretch: list[Token]) -> bool:
    if not stretch or len(stretch) > _LONGEST or not any(t.type in _CITING | {"YEAR"} for t in stretch):
        return False
    named = False
    for t in stretch:
        if t.type in _IN_SOURCE:
            continue
        # a set or card name, only after the FAQ or the ruling it is of
        if t.type in _NAMED and any(s.type in ("FAQ", "SOURCE") for s in stretch[:stretch.index(t)]):
            named = True
            continue
        return False
    return any(t.type in _CITING for t in stretch) or (not named and any(t.type == "RULES" for t in stretch))


def _source(stretch: list[Token], text: str) -> Source:
    named = [t for t in stretch if t.type not in ("ACCORDING", "ASFORM")] or stretch
    surface = text[named[0].start_pos:stretch[-1].end_pos]        # "rule 502.10b", not "Per rule 502.10b"
    number = next((str(t.value) for t in stretch if t.type == "RULENUM"), None)
    if number is not None:
        return Source("rule", number, surface)
    year = next((str(t.value) for t in stretch if t.type == "YEAR"), None)
    if any(t.type == "SOURCE" for t in stretch):
        nums = [t for t in stretch if t.type == "NUM"]
        date = f"{year}-{int(nums[0].value):02d}-{int(nums[1].value):02d}" if year and len(nums) >= 2 else year
        return Source("ruling", date, surface)
    if any(t.type == "FAQ" for t in stretch):
        return Source("faq", year, surface)
    return Source("rules", year, surface)


def citation(tokens: list[Token], text: str) -> Optional[tuple[Source, int, int]]:
    """The source the claim cites and the tokens ``[lo, hi)`` that cite it (with their comma or "says"), or
    None.  A citation is a stretch of citing words before the claim's first comma (or ending in "says" /
    « dit que »), or after its last comma."""
    commas = [k for k, t in enumerate(tokens) if t.type == "AND" and str(t.value) == ","]
    says = next((k for k, t in enumerate(tokens[:_LONGEST + 1]) if t.type == "SOURCE" and
                 str(t.value).lower().split()[0] in ("says", "states", "notes", "dit", "precise", "précise",
                                                     "indique")), None)
    if says is not None and says + 1 < len(tokens) and _is_citation(tokens[:says + 1]) and \
            tokens[0].type in ("RULES", "ACCORDING", "FAQ"):
        return _source(tokens[:says], text), 0, says + 1
    if commas and tokens[0].type in ("ACCORDING", "RULES") and _is_citation(tokens[:commas[0]]) and \
            commas[0] + 1 < len(tokens):
        return _source(tokens[:commas[0]], text), 0, commas[0] + 1
    if commas and commas[-1] + 1 < len(tokens) and tokens[commas[-1] + 1].type in ("ACCORDING", "ASFORM"):
        stretch = [t for t in tokens[commas[-1] + 1:] if str(t.value) not in (".", "?", "!")]
        if _is_citation(stretch):
            return _source(stretch, text), commas[-1], len(tokens)
    return None


def cited(tokens: list[Token], text: str) -> tuple[Optional[Source], str]:
    """The source the claim cites and the claim without it; (None, ``text``) when it cites none."""
    found = citation(tokens, text)
    if found is None:
        return None, text
    source, lo, hi = found
    if lo == 0:
        return source, text[tokens[hi - 1].end_pos:].strip()
    return source, text[:tokens[lo].start_pos].rstrip() + "."
