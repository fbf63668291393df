"""Which rules text a check answers under, and the rule numbers it cites.

The seed FAQ (seeds/001_…, Shadowmoor, April 2008) quotes the 2008
Comprehensive Rules; the Magic 2010 rules update (effective 2009-07-11)
renumbered them and changed, among others, mana burn (CR 2008 rule 300.3,
gone since), the power/toughness layer (2008 rule 418.5a, layer 6b applied
setting effects and resolved modifications together in timestamp order;
today's 613.4b/613.4c apply every modification after every setting effect)
and « bands with other » (2008 rules 502.11b–c; today's 702.22c, 702.22j–k).
Those dates were read from the English Comprehensive Rules editions of the
shared corpus (``cr/en``: 2009-05-01 still has mana burn and the old layer 6;
2009-07-11 has neither).

An edition is an ISO date (``2008-05-01``), a year or a year-month (read
as the last day of that period, ``2008`` -> 2008-12-31, by
:func:`kb.rules.versions.date_meant` as every command reads it) or
``latest``/None.  :func:`resolve_edition` returns an
:class:`EditionInfo`.  The rule numbers cited are no constants of the code:
each concept (« pt_counters », « persist ») has its anchors in the concept
table ``corpus/terms/rule_concepts.tsv`` (:func:`anchors`): its number in
one edition, with a few words of that rule's text.
:mod:`kb.checker.numbering` follows them through the rule history;
without one, :func:`rule` cites the anchor in force at the edition asked.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

from kb.rules.versions import EditionDateError, date_meant

#: Effective date of the Magic 2010 rules update (first CR edition without mana burn).
M10_UPDATE = "2009-07-11"

#: The concept table (``corpus/terms/rule_concepts.tsv``, packaged as ``kb.data.terms``).
CONCEPTS_FILE = "rule_concepts.tsv"


@dataclass(frozen=True)
class Anchor:
    """One row of the concept table: ``concept`` held rule ``number`` in the
    edition of ``edition`` (None: no such rule from that edition on), whose
    text has ``words`` (folded by :func:`parser.textkeys.slugify`, hyphens
    read as spaces); ``layer_words``: alternatives that find the concept's
    layer and sublayer in that edition's layer list."""

    concept: str
    edition: str
    number: Optional[str]
    words: str
    layer_words: tuple[str, ...] = ()
    #: « none » in the table: no rule for the concept from this edition to the
    #: next row, even where a later anchor's lineage reaches back (infect's
    #: 119.3d of 2010-10-01 was the wither rule 118.3c before infect existed).
    absent: bool = False


@lru_cache(maxsize=1)
def _table() -> dict[str, tuple[Anchor, ...]]:
    from kb.data import terms_dir

    rows: dict[str, list[Anchor]] = {}
    text = (terms_dir() / CONCEPTS_FILE).read_text(encoding="utf-8")
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]
    for line in lines[1:]:
        concept, edition, number, words, *rest = line.split("\t") + [""]
        layer = tuple(w.strip() for w in (rest[0] if rest else "").split("|") if w.strip())
        rows.setdefault(concept, []).append(Anchor(concept, edition, None if number in ("-", "none") else number,
                                                   words.strip(), layer, number == "none"))
    return {c: tuple(sorted(a, key=lambda r: r.edition)) for c, a in rows.items()}


def concepts() -> list[str]:
    """Every concept of the table."""
    return list(_table())


def anchors(concept: str) -> tuple[Anchor, ...]:
    """The rows of ``concept``, oldest edition first (KeyError if unknown)."""
    return _table()[concept]


def seed_anchor(concept: str, edition: "EditionInfo") -> Anchor:
    """The row in force at ``edition`` without a rule history: the last row
    of ``concept`` whose edition is not after it (the latest edition: the last
    row; before the first row: the first)."""
    rows = anchors(concept)
    if edition.date is None:
        return rows[-1]
    held = [r for r in rows if r.edition <= edition.date]
    return held[-1] if held else rows[0]


class EditionError(ValueError):
    """An edition string that is neither a date, a year, a year-month nor
    ``latest``, or an edition a claim names against the one asked for.  Its
    message is a template of :mod:`kb.checker.messages` (``str()`` is the
    English one; :meth:`told` gives it in a claim's language)."""

    def __init__(self, template: str, **fields):
        from kb.checker.messages import render   # (messages imports nothing of the checker)

        super().__init__(render("en", template, fields))
        self.template, self.fields = template, fields

    def told(self, lang: str) -> str:
        from kb.checker.messages import render

        return render(lang, self.template, self.fields)


@dataclass(frozen=True)
class EditionInfo:
    """The rules text a check answers under.

    ``date`` is an ISO date (the last day of a given year or month) or None
    for the latest edition; ``label`` is what the user asked for.
    """

    date: Optional[str]
    label: str

    @property
    def is_latest(self) -> bool:
        return self.date is None

    @property
    def before_m10(self) -> bool:
        """True for rules texts before the Magic 2010 update (2009-07-11)."""
        return self.date is not None and self.date < M10_UPDATE

    @property
    def mana_burn(self) -> bool:
        """Unused mana made its player lose life (2008 rule 300.3) before M10."""
        return self.before_m10

    @property
    def has_soulbond(self) -> bool:
        first = next(r.edition for r in anchors("soulbond") if r.number)
        return self.date is None or self.date >= first

    def rule(self, concept: str) -> Optional[str]:
        return rule(concept, self)

    def __str__(self) -> str:
        return self.label


LATEST = EditionInfo(None, "latest")

def resolve_edition(edition: Optional[str]) -> EditionInfo:
    """``None``/``"latest"`` -> LATEST; otherwise the day the date, month or
    year stands for, read by :func:`kb.rules.versions.date_meant` (the one
    reading every command shares): ``"2008"`` -> 2008-12-31, ``"2008-05"``
    -> 2008-05-31, ``"2008-05-01"`` as is.

    Raises EditionError for anything else.
    """
    if edition is None or str(edition).strip().lower() in ("", "latest", "current", "today", "actuelle"):
        return LATEST
    text = str(edition).strip()
    try:
        date = date_meant(text)
    except EditionDateError as exc:
        if "expected" in str(exc):
            raise EditionError("not an edition (expected YYYY, YYYY-MM, YYYY-MM-DD or 'latest'): {edition!r}",
                               edition=edition) from exc
        raise EditionError("not an edition: {edition!r} is no day of the calendar", edition=edition) from exc
    first = first_edition()
    if date < first:
        raise EditionError("no edition in force before {first} (asked: {date}; kb editions lists them)",
                           first=first, date=date, edition=edition)
    return EditionInfo(date, text)


def first_edition() -> str:
    """The oldest edition the rules model knows (the earliest anchor of the
    concept table): before it no edition is in force, and nothing is answered."""
    return min(a.edition for rows in _table().values() for a in rows)


def rule(concept: str, edition: EditionInfo = LATEST) -> Optional[str]:
    """Rule number of ``concept`` in ``edition`` without a rule history: the
    number of :func:`seed_anchor` (KeyError if unknown; None: no rule then)."""
    return seed_anchor(concept, edition).number
