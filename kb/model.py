"""The document model: what the parsers produce and the knowledge base stores.

Data flows one way: raw text -> ``parser`` -> these objects -> ``kb.store.db``
(SQLite) -> search index, linker, HTML, checker.  Nothing here parses or
stores; these are plain dataclasses with ``to_dict`` helpers for ``--json``,
and the rule-number model every stage shares: :data:`RULE_NUMBER_RE`,
:data:`SUBRULE_LETTERS`, :func:`rule_parent`, :func:`rule_sort_key`,
:func:`subrule_letter_range`.

Vocabulary follows the Comprehensive Rules: a *rule* is any numbered node
(``607``, ``607.2``, ``607.2a``); a *subrule* is one whose number ends in a
letter; an *example* is an « Example: » / « Exemple : » paragraph attached to
the rule above it; an *edition* is the effective date of a rules text.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Optional

#: A rule number: chapter ``702``, rule ``702.92`` or subrule ``702.92a``.
RULE_NUMBER_RE = re.compile(r"^(?P<chapter>\d{3})(?:\.(?P<rule>\d+)(?P<letter>[a-z])?)?$")

#: Subrule letters in Comprehensive Rules order: « l » and « o » are never
#: used (704.5k, 704.5m, 704.5n, 704.5p).
SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"


def rule_parent(number: str) -> Optional[str]:
    """Return the number of the node directly above ``number``.

    ``702.92a`` -> ``702.92``, ``702.92`` -> ``702``, ``702`` -> ``7``
    (the section), ``7`` -> None.  Raises ValueError on a string that is not a
    rule number.
    """
    if re.fullmatch(r"\d", number):
        return None
    m = RULE_NUMBER_RE.match(number)
    if not m:
        raise ValueError(f"not a rule number: {number!r}")
    if m.group("letter"):
        return f"{m.group('chapter')}.{m.group('rule')}"
    if m.group("rule"):
        return m.group("chapter")
    return m.group("chapter")[0]


def rule_sort_key(number: str) -> tuple:
    """Sort key putting rule numbers in Comprehensive Rules order.

    ``702.9`` < ``702.10`` < ``702.10a`` < ``702.10b``; a section number
    (``7``) sorts before its chapters.
    """
    m = RULE_NUMBER_RE.match(number)
    if not m:
        return (int(number) * 100 if number.isdigit() else 10**6, 0, "")
    return (int(m.group("chapter")), int(m.group("rule") or -1), m.group("letter") or "")


def subrule_letter_range(first: str, last: str) -> list[str]:
    """Subrule letters from ``first`` to ``last`` in CR order (« l » and « o »
    skipped): ``("k", "p")`` -> ``["k", "m", "n", "p"]``.  Raises ValueError
    if either is not a subrule letter or they are reversed."""
    a, b = SUBRULE_LETTERS.index(first), SUBRULE_LETTERS.index(last)
    if b < a:
        raise ValueError(f"reversed range {first}-{last}")
    return list(SUBRULE_LETTERS[a:b + 1])


def first_rule(rules: "list[Rule]", number: str) -> "Optional[Rule]":
    """The first rule of ``rules`` numbered ``number``, or None."""
    return next((r for r in rules if r.number == number), None)


@dataclass
class ParseWarning:
    """A line the grammar could not place, or another problem found while parsing.

    ``line`` and ``column`` are 1-based positions in the decoded text of
    ``file``; ``text`` is the offending line as written.
    """

    file: str
    line: int
    column: int
    text: str
    message: str
    #: what kind of problem (``unplaceable_line``, ``stray_token``, ``unclosed_mana_symbol``,
    #: ``misprinted_number``, ``bad_type_line``, ``unreadable_date``, ``duplicate_id``,
    #: ``duplicate_card_field``, ``mana_value_mismatch``, ``unplaced_card_line``…);
    #: empty for the warnings that predate types.
    type: str = ""
    #: where the grammar stopped, as Lark's ``get_context`` shows it (the line, a caret
    #: under the column); empty when the warning does not come from a labelled error.
    context: str = ""

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}: {self.text!r}"

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class Rule:
    """One numbered node of a rules text (rule or subrule).

    ``number`` is normalised without trailing period (``607.1``, ``702.92a``);
    ``title`` is set for rules that are headings (« 702.92. Association
    d'âmes »); ``text`` is the body exactly as decoded (paragraph lines joined
    with a newline); ``examples`` are the example paragraphs without their
    « Exemple : » label.  ``edition`` is an ISO date (the effective date of a
    CR edition, or the date of the FAQ that quotes the rule) or None when the
    document does not say.  ``references`` are the rule numbers cited in the
    text and examples, ranges expanded.
    """

    number: str
    lang: str
    source: str
    text: str = ""
    title: Optional[str] = None
    edition: Optional[str] = None
    examples: list[str] = field(default_factory=list)
    parent: Optional[str] = None
    children: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    line: int = 0
    section: Optional[str] = None
    #: a rule a page quotes in two languages: the line of its other-language
    #: version (same number, same document); None otherwise.
    pair_of: Optional[int] = None

    @property
    def is_subrule(self) -> bool:
        return self.number[-1].isalpha()

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class Note:
    """A ``* `` note of a FAQ, with its ``-- `` sub-items kept inside ``text``.

    Attached to a card record (``card`` = the record's name) or to a section
    (``section`` = the section id) or to neither (a free note of a rules
    excerpt).  ``subitems`` repeats the ``-- `` lines without their dashes.
    """

    source: str
    text: str
    line: int
    card: Optional[str] = None
    section: Optional[str] = None
    subitems: list[str] = field(default_factory=list)
    position: int = 0

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class CardRecord:
    """A card as printed in a FAQ: name, cost, type line, P/T and rules text.

    ``mana_cost`` is the cost as written (``{2/B}{2/B}{2/B}``) or None for a
    land; ``power``/``toughness`` are strings (``*``, ``1+*``) or None;
    ``text`` holds the rules-text lines joined by newlines.
    """

    name: str
    source: str
    line: int
    mana_cost: Optional[str] = None
    type_line: str = ""
    power: Optional[str] = None
    toughness: Optional[str] = None
    text: str = ""
    section: Optional[str] = None
    notes: list[Note] = field(default_factory=list)
    #: the mana value printed after the cost, « (2) » (an int), or None when the record has none.
    mana_value: Optional[int] = None

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class Section:
    """A titled part of a document: a ``***Title***`` block of a FAQ's
    general notes, or a heading such as « NOTES SUR DES CARTES SPÉCIFIQUES ».

    ``id`` is a slug unique within the document; ``text`` is the section's
    own paragraphs (not its notes, cards or quoted rules) joined by blank
    lines; ``heading`` is the upper-case part heading the section sits in.
    """

    id: str
    source: str
    title: str
    line: int
    heading: Optional[str] = None
    text: str = ""

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class Document:
    """One parsed French (or English) FAQ / rules-excerpt document.

    ``id`` is the file stem (``001_b5a1e1d9799bc96e``); ``kind`` is ``faq``
    (has card records or notes) or ``rules`` (numbered rules only);
    ``metadata`` holds header fields such as ``title``, ``compiled_by``,
    ``last_modified`` (ISO date), ``release_dates`` and ``footer``.
    """

    id: str
    path: str
    lang: str
    kind: str = "rules"
    title: str = ""
    edition: Optional[str] = None
    metadata: dict = field(default_factory=dict)
    sections: list[Section] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)
    cards: list[CardRecord] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    paragraphs: list[str] = field(default_factory=list)
    warnings: list[ParseWarning] = field(default_factory=list)
    #: glossary entries of a French Comprehensive Rules text (« Glossaire »).
    glossary: list["GlossaryEntry"] = field(default_factory=list)

    def rule(self, number: str) -> Optional[Rule]:
        """The first rule with that number in this document, or None."""
        return first_rule(self.rules, number)

    def card(self, name: str) -> Optional[CardRecord]:
        """The first card record with exactly that name, or None."""
        for c in self.cards:
            if c.name == name:
                return c
        return None

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class GlossaryEntry:
    """A glossary entry of a Comprehensive Rules edition.

    ``references`` are the rule numbers the definition cites
    (« See rule 702.19 » -> ``["702.19"]``).
    """

    term: str
    definition: str
    edition: Optional[str]
    lang: str = "en"
    source: str = ""
    references: list[str] = field(default_factory=list)
    line: int = 0

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class Edition:
    """One Comprehensive Rules edition (English, or a French rules text).

    ``date`` is the effective date (ISO) read from the document, the file
    name only as a fallback; ``sections`` maps ``"7"`` to its title
    (« Additional Rules »), ``chapters`` maps ``"702"`` to « Keyword
    Abilities »; ``rules`` holds every numbered rule and subrule in document
    order; ``lost_quotes`` counts ``?`` characters standing for lost curly
    quotes; ``encoding`` is the detected encoding of the file.
    """

    date: Optional[str]
    path: str
    lang: str = "en"
    encoding: str = ""
    source: str = ""
    sections: dict = field(default_factory=dict)
    chapters: dict = field(default_factory=dict)
    rules: list[Rule] = field(default_factory=list)
    glossary: list[GlossaryEntry] = field(default_factory=list)
    credits: str = ""
    contents: list[str] = field(default_factory=list)
    lost_quotes: int = 0
    warnings: list[ParseWarning] = field(default_factory=list)

    def rule(self, number: str) -> Optional[Rule]:
        """The first rule with that number in this edition, or None."""
        return first_rule(self.rules, number)

    def to_dict(self) -> dict:
        return asdict(self)
