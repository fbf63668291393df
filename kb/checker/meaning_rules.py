"""Claims about where a mechanic stands in the Comprehensive Rules, read from the parse tree (mixed
into :class:`~kb.checker.meaning_tree.Meaning`):

* "In the current Comprehensive Rules, soulbond is rule 702.95, not 702.92", « Selon les règles de
  2008, la persistance est la règle 502.79 », « la règle 702.22 est le regroupement »: a query
  ``rule_number`` of the mechanic (its English keyword name), the number claimed and the numbers
  denied;
* "Soulbond didn't exist yet in the 2008 Comprehensive Rules", « l'association d'âmes n'existait
  pas encore dans les règles de 2008 »: a query ``rule_exists``;
* « La persistance est une capacité statique », "Soulbond is a keyword that represents two triggered
  abilities": a query ``ability_kind`` (the kind, the number of abilities claimed), decided on the
  keyword's defining rule in the edition (:mod:`kb.checker.ability_kinds`).

The leads of a claim are read here too: the edition (« Selon les règles de 2008 », "Before M10"), the
stored document (« D'après la FAQ de Sombrelande », whose edition it is); a cited rule or ruling ("Per
rule 502.10b") names no edition, and the reader parses the claim without it (kb/checker/sources.py).  The edition is the claim's own lead or trailing « dans les règles de 2008 » (the edition leads of
the grammar set :attr:`Reading.edition`), else the one asked.  The model
(:mod:`kb.checker.rule_refs`) reads the numbers from the rule history of the knowledge base
(:mod:`kb.checker.numbering`), never from a table in code.
"""
from __future__ import annotations

from lark import Token

from kb.checker.meaning import Query, polarity

#: The subject of a query about the rules themselves (no object of the game).
RULES_SUBJECT = "rules"


def _negs(c) -> list[str]:
    return [v for x in c if isinstance(x, tuple) and len(x) == 2 and x[0] == "NEG" for v in [x[1]]]


class RuleMeaning:
    """Transformer methods of the rule-reference productions and of the leads."""

    def edition_year(self, c):
        year = next(t for t in c if t.type == "YEAR")
        self.reading.edition = str(year.value)
        return None

    def edition_latest(self, c):
        self.reading.edition = "latest"
        return None

    def edition_before_m10(self, c):
        self.reading.edition = "before-m10"
        return None

    def source_faq(self, c):
        """« D'après la FAQ de Sombrelande »: the stored document of that name (its edition); a FAQ named by
        no word of its title (« Selon la FAQ ») names no edition."""
        named = [t for t in c if isinstance(t, Token) and t.type not in ("ACCORDING", "FAQ", "OF")]
        name = self.text[named[0].start_pos:named[-1].end_pos] if named and self.text else \
            " ".join(str(t) for t in named)          # the words as written (« Sombrelande », not its term pair)
        self.reading.source = name or None
        return None

    def source_year(self, c):
        self.reading.source = str(next(t for t in c if t.type == "YEAR").value)
        return None

    def rule_not(self, c):
        return ("RULE_NOT", str(next(t for t in c if isinstance(t, Token) and t.type == "RULENUM").value))

    def rule_where(self, c):
        return None

    def _keyword_of(self, c) -> str:
        return str(next(t for t in c if isinstance(t, Token) and t.type == "KEYWORD").value)

    def rule_is(self, c):
        """« KEYWORD est la règle N [, pas M] » / « la règle N est KEYWORD »."""
        number = next(t for t in c if isinstance(t, Token) and t.type == "RULENUM")
        denied = [x[1] for x in c if isinstance(x, tuple) and x and x[0] == "RULE_NOT"]
        value = {"keyword": self._keyword_of(c), "number": str(number.value), "not": denied}
        return Query(RULES_SUBJECT, "rule_number", value, polarity=polarity(_negs(c), False, False),
                     words=f"{value['keyword']} {number.value}")

    def rule_exists(self, c):
        """« KEYWORD n'existait pas (encore) [dans les règles de 2008] »."""
        keyword = self._keyword_of(c)
        return Query(RULES_SUBJECT, "rule_exists", {"keyword": keyword},
                     polarity=polarity(_negs(c), False, False), words=keyword)

    def abil_kind(self, c):
        tok = c[0]
        return "triggered" if tok.type == "TRIGGERS" else str(tok.value)

    def ability_kind(self, c):
        """« KEYWORD est une capacité statique » / "KEYWORD is a keyword that represents two triggered abilities"."""
        keyword = self._keyword_of(c)
        kind = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        count = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "number"), None)
        value = {"keyword": keyword, "kind": kind, "count": count}
        return Query(RULES_SUBJECT, "ability_kind", value, polarity=polarity(_negs(c), False, False),
                     words=f"{keyword} {kind}")
