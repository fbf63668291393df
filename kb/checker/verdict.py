"""The answer to a claim: :class:`Verdict`, and :class:`Trace`, the log of
computation steps and rules a check builds while it works.

A model function that meets something it does not model raises
:class:`OutsideModel`, and the claim reader raises :class:`Unknown` for a
claim it cannot decide; the claim checker turns both into the answer
``unknown`` with the message as ``reason`` (never a guess).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Optional

from kb.checker.editions import LATEST, EditionInfo, rule
from kb.checker.messages import render

ANSWERS = ("true", "false", "unknown")


class _Reason(Exception):
    """An exception whose message is a template of :mod:`kb.checker.messages`
    and its fields, so the reason is told in the claim's language."""

    def __init__(self, template: str, **fields):
        super().__init__(render("en", template, fields))
        self.template, self.fields = template, fields

    def told(self, lang: str) -> str:
        """The message in ``lang``."""
        return render(lang, self.template, self.fields)


class OutsideModel(_Reason):
    """The situation needs rules the checker does not model (answer: unknown)."""


class Unknown(_Reason):
    """The claim can't be decided: unknown card, a form parsed but not evaluated (answer: unknown)."""


@dataclass
class Verdict:
    """What ``kb check`` says about one claim.

    ``answer`` is ``true``, ``false`` or ``unknown``; ``explanation`` lists
    the computation steps in order (strings); ``rules`` the rule numbers
    relied on, in the numbering of ``edition`` (``latest`` or an ISO date);
    ``reason`` says why the answer is unknown; ``not_understood`` the words
    of the claim the reader could not place (when it stopped on them);
    ``lang`` the language of the claim (``fr`` or ``en``), in which
    ``explanation`` and ``reason`` are written;
    ``evidence`` the FAQ notes and rules closest to the claim
    (``{kind, id, url, snippet}``, from the search index when the checker
    was given one); ``numbering`` where the rule numbers come from (the
    knowledge base's rule history or the checker's own table).  In a batch (``check_file``)
    ``expected`` and ``note`` come from the YAML item and ``passed`` tells
    whether ``answer == expected``.  ``source``: the rule, ruling or FAQ the claim cites ("Per rule
    502.10b, …"), ``{kind, value, surface}``.
    """

    claim: str
    answer: str
    explanation: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    reason: Optional[str] = None
    edition: str = "latest"
    not_understood: list[str] = field(default_factory=list)
    evidence: list[dict] = field(default_factory=list)
    numbering: Optional[str] = None
    lang: str = "en"
    #: What the claim means (kb.checker.meaning.Reading.to_dict), when the claim reader read it.
    reading: Optional[dict] = None
    expected: Optional[str] = None
    note: Optional[str] = None
    #: The rule, ruling or FAQ the claim cites (kb.checker.sources.Source.to_dict), when it cites one.
    source: Optional[dict] = None

    @property
    def passed(self) -> Optional[bool]:
        return None if self.expected is None else self.answer == self.expected

    def to_dict(self) -> dict:
        d = asdict(self)
        if self.expected is None:
            d.pop("expected")
            d.pop("note")
        else:
            d["passed"] = self.passed
        return d

    def __str__(self) -> str:
        lines = [f"{self.answer.upper()}: {self.claim}"]
        lines += [f"  - {s}" for s in self.explanation]
        if self.reason:
            lines.append(f"  reason: {self.reason}")
        if self.not_understood:
            lines.append(f"  not understood: {' '.join(self.not_understood)}")
        if self.rules:
            lines.append(f"  rules ({self.edition}): {', '.join(self.rules)}"
                         + (f" [numbers: {self.numbering}]" if self.numbering else ""))
        for e in self.evidence:
            lines.append(f"  see {e['kind']} {e['id']}" + (f" <{e['url']}>" if e.get("url") else "")
                         + f": {e['snippet']}")
        return "\n".join(lines)


class Trace:
    """Collects explanation steps and cited rules during one check.

    ``step(template, *concepts, **fields)`` records a step, written in the
    trace's language from the template of :mod:`kb.checker.messages` (its
    ``{fields}`` filled in), and the rules behind it; ``tr(text)`` is a word
    or phrase in that language; concepts are those of :func:`kb.checker.editions.concepts` (mapped to the
    edition's numbering) or literal rule numbers (``"607.4"``).
    """

    def __init__(self, edition: EditionInfo = LATEST, numbering=None, lang: str = "en"):
        self.edition = edition
        self.lang = lang                # the language steps are written in (kb.checker.messages)
        self.numbering = numbering      # a kb.checker.numbering.Numbering, or None: the hand table
        self.steps: list[str] = []
        self.rules: list[str] = []

    def number(self, concept: str) -> Optional[str]:
        """The number of ``concept`` in this trace's edition."""
        if self.numbering is not None:
            return self.numbering.number(concept, self.edition)
        return rule(concept, self.edition)

    def layer(self, concept: str) -> Optional[str]:
        """The layer or sublayer (``7c``, ``6c``, ``5``) of ``concept`` as this
        trace's edition words it, read from the rule history; None without
        one, or when that edition's text names no layer."""
        return self.numbering.layer(concept, self.edition) if self.numbering is not None else None

    def rule_text(self, concept: str) -> Optional[str]:
        """The text of ``concept``'s rule in this trace's edition, from the rule history (None without one)."""
        n = self.numbering
        if n is None or not n.editions:
            return None
        edition = n.in_force(self.edition.date)
        return n.text(self.number(concept), edition) if edition else None

    def where(self, concept: str) -> str:
        """« layer 7c: » for ``concept`` in the trace's language, '' when :meth:`layer` is None."""
        label = self.layer(concept)
        return render(self.lang, "layer {layer}: ", {"layer": label}) if label else ""

    def cite(self, *concepts: str) -> None:
        for c in concepts:
            number = c if c[:1].isdigit() else self.number(c)
            if number and number not in self.rules:
                self.rules.append(number)

    def tr(self, text: str) -> str:
        """``text`` (a message id of :mod:`kb.checker.messages`) in the trace's language."""
        return render(self.lang, text, {})

    def keyword(self, kw: str) -> str:
        """The keyword ``kw`` (English, lowercase) named in the trace's language:
        French names come from the term pairs (:func:`kb.checker.vocabulary.french_keywords`)."""
        if self.lang == "fr":
            from kb.checker.vocabulary import french_keywords

            return french_keywords().get(kw, kw)
        return kw

    def step(self, template: str, *concepts: str, **fields) -> None:
        self.steps.append(render(self.lang, template, fields))
        self.cite(*concepts)
