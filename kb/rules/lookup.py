"""Rules, glossary entries and editions as the query commands show them.

:func:`find_rule` answers ``kb rule NUMBER``: the rule of the edition or
document asked for (the latest holding that number by default), its
subrules, the other editions holding the same number, and, when the
knowledge base has a rule history, today's equivalent and (for a French
rule) the English text of the matching edition.  :func:`glossary_answer`
answers ``kb glossary TERM`` (a French term through its French↔English
pair); a date, a month or a year asked for means the edition in force then
(:func:`edition_for_date`); :func:`edition_summaries` answers
``kb editions``.  Each answer's ``to_dict`` is the ``--json`` output, whose
field names are a public contract.
"""
from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import asdict, dataclass, field
from typing import Optional

from kb.cards.mentions import rule_with_links
from kb.cards.terms import lookup_term
from kb.model import RULE_NUMBER_RE, GlossaryEntry, Rule
from kb.rules import lineage as rule_lineage
from kb.rules import versions
from kb.rules.references import references_of
from kb.store import db as store
from parser.textkeys import fold, typo_key


class NotARuleNumber(ValueError):
    """The text asked for is not a rule number (``702.92``, ``702.92a``, ``607``)."""


class RuleNotFound(LookupError):
    """No rule of the knowledge base has that number (in the edition or language asked)."""


class GlossaryNotFound(LookupError):
    """No glossary entry matches the term (in the edition asked)."""


class AmbiguousTerm(LookupError):
    """The term is a prefix of several glossary terms."""


class EditionNotFound(LookupError):
    """The date asked for is not a date, or no edition was in force then
    (the message, one line, names the earliest edition)."""


def edition_for_date(conn: sqlite3.Connection, date: str) -> str:
    """The English edition in force on ``date`` (a date, a month: its last
    day, a year: its 31 December), by :func:`kb.rules.versions.edition_on`;
    raises :class:`EditionNotFound` with a one-line message."""
    try:
        return versions.edition_on(conn, date)
    except (KeyError, ValueError) as err:
        raise EditionNotFound(str(err.args[0] if err.args else err)) from err


def edition_note(asked: Optional[str], used: Optional[str]) -> Optional[str]:
    """« edition in force on 2007-12-31 (asked: 2007): 2007-10-01 » when the
    edition asked for is a date that is not itself the edition used; « edition of the file
    2020-01-22.txt: 2020-01-24 » when the date asked names the file of a later edition."""
    if not asked or not used or asked == used or not versions.is_date(asked):
        return None
    day = versions.date_meant(asked)
    if used > day:
        return f"edition of the file {asked}.txt: {used}"
    return f"edition in force on {day}" + (f" (asked: {asked})" if day != asked else "") + f": {used}"


def in_edition(asked: Optional[str], used: Optional[str], word: str = "in") -> str:
    """« in edition 2007-10-01 (in force on 2007-12-31) », for messages; ""
    when no edition was asked for."""
    if not used:
        return ""
    note = edition_note(asked, used)
    if note and used > versions.date_meant(asked):
        return f" {word} edition {used} (file {asked}.txt)"
    return f" {word} edition {used}" + (f" (in force on {versions.date_meant(asked)})" if note else "")


def parse_rule_number(text: str) -> str:
    """``text`` as a rule number: trimmed, without a final dot, lower case
    (« 702.92A. » -> ``702.92a``); raises :class:`NotARuleNumber` for
    anything else (a section number such as ``7`` included)."""
    number = text.strip().rstrip(".").lower()
    if not RULE_NUMBER_RE.fullmatch(number):
        raise NotARuleNumber(f"not a rule number: {number!r} (expected e.g. 702.92, 702.92a or 607)")
    return number


@dataclass
class OtherVersion:
    """Another edition or document holding the same rule number, and whether
    its text is the same as the one shown."""

    source: str
    edition: Optional[str]
    lang: str
    same_text: bool

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class RuleAnswer:
    """What ``kb rule`` shows.

    ``rule``: the rule found (for a chapter such as « 607 » that its
    document has no node for, a bare rule gathering its children);
    ``descendants``: the rules below it, in document order;
    ``other_versions``: the other editions and documents holding that number;
    ``document_title``: the title of the French document it comes from (None
    for a Comprehensive Rules edition); ``now``: ``{"edition", "numbers"}``,
    its numbers in the latest edition of the rule history; ``beside``: for a
    French rule, its alignment with the English editions
    (:func:`kb.rules.alignment.side_by_side`).  ``conn`` is the knowledge
    base the card links of :meth:`to_dict` are read from.
    """

    rule: Rule
    descendants: list[Rule]
    other_versions: list[OtherVersion]
    document_title: Optional[str] = None
    now: Optional[dict] = None
    beside: Optional[dict] = None
    conn: Optional[sqlite3.Connection] = field(default=None, repr=False, compare=False)
    found_as: Optional[dict] = None
    aligned_numbers: list[dict] = field(default_factory=list)
    same_text_editions: list[str] = field(default_factory=list)
    lineage_editions: list[str] = field(default_factory=list)
    resolved_references: list[dict] = field(default_factory=list)
    edition_asked: Optional[str] = None

    @property
    def edition_used(self) -> Optional[str]:
        """The edition the rule was read from (None for an undated document)."""
        return self.rule.edition

    @property
    def where(self) -> str:
        """The document or edition the rule was read from, for a heading."""
        return self.document_title or f"Comprehensive Rules {self.rule.edition or self.rule.source}"

    @property
    def english(self) -> Optional[dict]:
        """The English rule matching a French one (edition, number, title, text, examples)."""
        return (self.beside or {}).get("english")

    @property
    def english_editions(self) -> list[str]:
        """The English editions the French rule matches."""
        return (self.beside or {}).get("editions", [])

    @property
    def discrepancy(self) -> Optional[dict]:
        """How the French rule's number differs from the English one, if it does."""
        return (self.beside or {}).get("discrepancy")

    def to_dict(self) -> dict:
        """The ``kb rule --json`` object: the rule with its card links,
        ``descendants``, ``other_versions``, and ``now``, ``english``,
        ``english_editions``, ``discrepancy``, ``holding_editions`` (of a French rule: the first
        and last English edition holding its text, and whether it is ``older`` or ``newer``
        than every English edition, with the reason) when known."""
        d = rule_with_links(self.conn, self.rule)
        d["descendants"] = [rule_with_links(self.conn, r) for r in self.descendants]
        d["other_versions"] = [o.to_dict() for o in self.other_versions]
        if self.now is not None:
            d["now"] = self.now
        if self.beside is not None:
            d["english"] = self.english
            d["english_editions"] = self.english_editions
            d["discrepancy"] = self.discrepancy
            b = self.beside
            d["holding_editions"] = {"first": b.get("first_edition"), "last": b.get("last_edition"),
                                     "outside": b.get("outside"), "reason": b.get("outside_reason")}
        if self.found_as is not None:
            d["found_as"] = self.found_as
        d["aligned_numbers"] = self.aligned_numbers
        d["same_text_editions"] = self.same_text_editions
        d["lineage_editions"] = self.lineage_editions
        d["resolved_references"] = self.resolved_references
        d["edition_used"] = self.edition_used
        d["edition_asked"] = self.edition_asked
        return d


@dataclass
class RuleQuery:
    """A ``kb rule`` request: the number and the filters given."""

    number: str
    edition: Optional[str] = None
    lang: Optional[str] = None
    source: Optional[str] = None
    asked: Optional[str] = None

    def describe_missing(self) -> str:
        return (f"rule {self.number} is not in the knowledge base" + in_edition(self.asked, self.edition, "for")
                + (f" in {self.lang}" if self.lang else ""))


def _found_rules(conn: sqlite3.Connection, query: RuleQuery) -> list[Rule]:
    """The rules of ``query``: of the edition or document named, else (a date,
    a month or a year) of the edition in force then, which ``query.edition``
    becomes.  Raises :class:`RuleNotFound` when no edition was in force then."""
    found = store.find_rules(conn, query.number, edition=query.edition, lang=query.lang, source=query.source)
    if not found and query.edition:  # --edition may name a document id
        found = store.find_rules(conn, query.number, lang=query.lang, source=query.edition)
    if not found and query.edition and versions.is_date(query.edition):
        try:
            query.edition = edition_for_date(conn, query.edition)
        except EditionNotFound as err:
            raise RuleNotFound(f"rule {query.number} is not in the knowledge base for edition {query.asked}: "
                               f"{err}") from err
        found = store.find_rules(conn, query.number, edition=query.edition, lang=query.lang, source=query.source)
    return found


def find_rule(conn: sqlite3.Connection, number: str, edition: Optional[str] = None, lang: Optional[str] = None,
              source: Optional[str] = None, now: bool = False) -> RuleAnswer:
    """Rule ``number`` (« 702.92a », or « 607 » for a whole rule with its
    subrules) as ``kb rule`` shows it.

    ``edition`` is an effective date or a document id, or a date, a month
    or a year meaning the edition in force then; ``lang`` ``en`` or
    ``fr``; ``source`` a document id or edition source.  Without them, the
    latest edition holding the number is read (documents without a known
    date come last).  ``now`` asks for today's equivalent (always given for
    a French rule when the knowledge base has a rule history).  Raises
    :class:`NotARuleNumber` or :class:`RuleNotFound` (also for a date before
    the first edition, naming it)."""
    query = RuleQuery(parse_rule_number(number), edition, lang, source, asked=edition)
    found = _found_rules(conn, query)
    found_as = None
    if not found and lang == "fr":  # the French document may number it otherwise
        found_as = french_by_alignment(conn, query.number, source or query.edition)
        if found_as:
            found = store.find_rules(conn, found_as["number"], lang="fr", source=found_as["source"])
            query.number = found_as["number"]
    if found:
        rule = found[0]
        descendants = [r for r in store.rules_of_source(conn, rule.source, query.number) if r.number != query.number]
    else:
        rule, descendants = _chapter_without_node(conn, query)
    answer = RuleAnswer(rule=rule, descendants=descendants, conn=conn,
                        other_versions=[OtherVersion(r.source, r.edition, r.lang, r.text == rule.text)
                                        for r in found[1:]])
    doc = store.document(conn, rule.source)
    answer.document_title = doc["title"] if doc else None
    answer.found_as, answer.edition_asked = found_as, edition
    answer.resolved_references = [
        {k: v for k, v in r.to_dict().items() if k not in ("source", "number", "line")}
        for r in references_of(conn, rule.source, rule.number)]
    _add_history(conn, answer, now)
    _add_alignment_spans(conn, answer)
    return answer


def french_by_alignment(conn: sqlite3.Connection, number: str, source: Optional[str] = None) -> Optional[dict]:
    """The French rule that the alignment matched with English rule
    ``number`` (its number in some edition, else today's): ``{"source",
    "number", "english_number", "edition", "via"}``, or None."""
    sql = "SELECT source, number, edition FROM french_alignments WHERE english_number=?"
    args: tuple = (number,)
    if source:
        sql, args = sql + " AND source=?", (number, source)
    row = conn.execute(sql + " ORDER BY edition DESC LIMIT 1", args).fetchone()
    if row:
        return {"source": row[0], "number": row[1], "english_number": number, "edition": row[2],
                "via": "alignment"}
    from kb.rules.alignment import side_by_side

    for src, fr_number in conn.execute("SELECT DISTINCT source, number FROM french_alignments ORDER BY source, number"):
        if source and src != source:
            continue
        for entry in side_by_side(conn, fr_number, src):
            if number in entry["current"]:
                return {"source": src, "number": fr_number, "english_number": number,
                        "edition": entry["latest_edition"], "via": "today"}
    return None


def _add_alignment_spans(conn: sqlite3.Connection, answer: RuleAnswer) -> None:
    """The French/English numbers that differ in the rule's edition, and the
    two spans: editions with the same text, editions of the same rule (its
    lineage)."""
    rule = answer.rule
    if rule.lang == "fr":
        en = answer.english or {}
        edition, number = en.get("edition"), en.get("number")
    else:
        edition, number = rule.edition, rule.number
        answer.aligned_numbers = [
            {"french_source": s, "french_number": f, "english_number": e, "edition": rule.edition}
            for s, f, e in conn.execute("SELECT source, number, english_number FROM french_alignments "
                                        "WHERE edition=? AND (number=? OR english_number=?) AND number != "
                                        "english_number ORDER BY source", (rule.edition, rule.number, rule.number))]
    if not (edition and number):
        return
    v = versions.rule_version(conn, number, edition)
    if v is None:
        return
    answer.same_text_editions = [e for (e,) in conn.execute(
        "SELECT edition FROM rule_occurrences WHERE vid=? ORDER BY edition", (v["vid"],))]
    try:
        spans = rule_lineage.lineage(conn, number, edition).spans
    except (KeyError, ValueError):
        return
    if spans:
        answer.lineage_editions = [e for e in versions.history_editions(conn) if spans[0].first <= e <= spans[-1].last]


def _chapter_without_node(conn: sqlite3.Connection, query: RuleQuery) -> tuple[Rule, list[Rule]]:
    """A chapter such as « 607 » that its document has no node for: a bare
    rule whose children are the rules below it, from the latest source
    holding them."""
    candidates = [c for c in _sources_below(conn, query.number)
                  if (not query.lang or c["lang"] == query.lang)
                  and (not query.edition or query.edition in (c["edition"], c["source"]))
                  and (not query.source or c["source"] == query.source)]
    if not candidates:
        raise RuleNotFound(query.describe_missing())
    src = candidates[0]
    descendants = store.rules_of_source(conn, src["source"], query.number)
    rule = Rule(number=query.number, lang=src["lang"], source=src["source"], edition=src["edition"],
                children=[r.number for r in descendants if r.parent is None or r.parent == query.number])
    return rule, descendants


def _sources_below(conn: sqlite3.Connection, number: str) -> list[sqlite3.Row]:
    """(source, edition, lang) of every document or edition holding a rule
    below ``number``, latest edition first."""
    return conn.execute("SELECT DISTINCT source, edition, lang FROM rules WHERE number LIKE ? "
                        "ORDER BY edition IS NULL, edition DESC", (number + ".%",)).fetchall()


def _add_history(conn: sqlite3.Connection, answer: RuleAnswer, now: bool) -> None:
    """Today's equivalent (when asked, or for a French rule; none without a
    rule history) and, for a French rule, its alignment with the English
    editions."""
    rule = answer.rule
    latest = versions.history_editions(conn)[-1:]
    if rule.lang == "fr":
        from kb.rules.alignment import side_by_side

        answer.beside = next(iter(side_by_side(conn, rule.number, rule.source)), None)
        if latest and answer.beside and answer.beside.get("english"):
            answer.now = {"edition": latest[0], "numbers": answer.beside["current"] or []}
        elif latest:    # not aligned with any English edition: today's number is not known
            answer.now = {"edition": latest[0], "numbers": [],
                          "unknown": "this French rule is not aligned with any English edition of the rule history"}
    elif now and latest:
        try:
            numbers = rule_lineage.current_equivalent(conn, rule.number, rule.edition)
        except (KeyError, ValueError):
            return
        answer.now = {"edition": latest[0], "numbers": numbers}


def has_edition_maps(conn: sqlite3.Connection) -> bool:
    """True when the rule history maps editions to one another (two English
    editions or more were built), which ``kb history`` and ``kb diff`` need."""
    return conn.execute("SELECT 1 FROM rule_maps LIMIT 1").fetchone() is not None


# ---------------------------------------------------------------- glossary


@dataclass
class GlossaryAnswer:
    """What ``kb glossary`` shows: the ``entries`` of one term, latest
    edition first; ``edition_asked`` (``--edition`` as given) and
    ``edition_used`` (the edition in force on that date, or the latest
    entry's edition); ``term_pair``: the French↔English pair (``kind``,
    ``fr``, ``en``) a French term was read through, else None."""

    entries: list[GlossaryEntry]
    edition_asked: Optional[str] = None
    edition_used: Optional[str] = None
    term_pair: Optional[dict] = None


def _base_term(folded: str) -> str:
    """A folded glossary term without its final qualifier: « mana burn
    (obsolete) » -> « mana burn »; « summoning sickness (informal) » ->
    « summoning sickness »."""
    return re.sub(r"\s*\([^()]*\)$", "", folded)


def _same_term(keyed: list[tuple[str, sqlite3.Row]], wanted: str) -> list[sqlite3.Row]:
    """The rows whose term is ``wanted`` itself or ``wanted`` with a
    qualifier (« Mana Burn (Obsolete) » for « mana burn »)."""
    return [r for k, r in keyed if k == wanted or _base_term(k) == wanted]


def _through_pairs(keyed: list, term: str, exact: bool) -> tuple[list, Optional[dict]]:
    """The rows of the English terms paired with ``term``
    (:func:`kb.cards.terms.lookup_term`), only its exact pairs or only the
    others; with the first pair that has an entry."""
    q = fold(term.strip())
    rows: list = []
    used = None
    for p in lookup_term(term):
        if (fold(p.fr) == q or fold(p.en) == q) != exact:
            continue
        found = [r for r in _same_term(keyed, fold(p.en)) if r not in rows]
        if found and used is None:
            used = {"kind": p.kind, "fr": p.fr, "en": p.en}
        rows += found
    return rows, used


def _glossary_rows(conn: sqlite3.Connection, edition: Optional[str]) -> tuple[list, Optional[str]]:
    """The glossary rows (folded term, row) latest edition first, only those
    of ``edition`` when given (an edition, a source, or a date, a month or a
    year: the edition in force then); with the edition used."""
    rows = conn.execute("SELECT * FROM glossary ORDER BY edition DESC").fetchall()
    used = None
    if edition:
        named = [r for r in rows if edition in (r["edition"], r["source"])]
        if not named and versions.is_date(edition):
            try:
                used = edition_for_date(conn, edition)
            except EditionNotFound as err:
                raise GlossaryNotFound(f"no glossary entry in edition {edition}: {err}") from err
            named = [r for r in rows if r["edition"] == used]
        rows, used = named, used or edition
    return [(term_key(r["term"]), r) for r in rows], used


def term_key(term: str) -> str:
    """A glossary term as entries of every edition spell it: folded, its typography ignored (the quotes of
    « Controlling Another Player's Turn », curly in some editions and the ``?`` of a lost quote in others)."""
    return fold(typo_key(term))


def glossary_answer(conn: sqlite3.Connection, term: str, edition: Optional[str] = None) -> GlossaryAnswer:
    """The glossary entries of ``term`` (case, accents folded), latest
    edition first, or only that of ``edition`` (see :func:`_glossary_rows`).
    Tried in turn: the term itself or with a qualifier (« Mana Burn
    (Obsolete) », which as the latest entry comes first); the English term
    of its French↔English pair (« piétinement » -> Trample); an unambiguous
    prefix; a pair starting with it.  Raises :class:`GlossaryNotFound`
    or :class:`AmbiguousTerm`."""
    keyed, used = _glossary_rows(conn, edition)
    wanted = term_key(term.strip())
    matches, pair = _same_term(keyed, wanted), None
    if not matches:
        matches, pair = _through_pairs(keyed, term, exact=True)
    if not matches:
        matches = [r for k, r in keyed if k.startswith(wanted)]
    if not matches:
        matches, pair = _through_pairs(keyed, term, exact=False)
    if not matches:
        raise GlossaryNotFound(f"no glossary entry for {term!r}" + in_edition(edition, used))
    terms = sorted({r["term"] for r in matches}, key=fold)
    if len({_base_term(term_key(t)) for t in terms}) > 1:
        raise AmbiguousTerm(f"{term!r} is ambiguous: " + "; ".join(terms[:20]))
    matches.sort(key=lambda r: r["edition"] or "", reverse=True)
    entries = [GlossaryEntry(term=r["term"], definition=r["definition"], edition=r["edition"], lang=r["lang"],
                             source=r["source"], references=json.loads(r["refs"] or "[]"), line=r["line"] or 0)
               for r in matches]
    return GlossaryAnswer(entries, edition, used or entries[0].edition, pair)


def find_glossary(conn: sqlite3.Connection, term: str, edition: Optional[str] = None) -> list[GlossaryEntry]:
    """The entries of :func:`glossary_answer`."""
    return glossary_answer(conn, term, edition).entries


def glossary_json(entry: GlossaryEntry, answer: Optional[GlossaryAnswer] = None) -> dict:
    """The ``kb glossary --json`` object of one entry: term, definition,
    edition, lang, source, references; with ``answer``, also
    ``edition_asked``, ``edition_used`` and ``term_pair``."""
    d = {"term": entry.term, "definition": entry.definition, "edition": entry.edition, "lang": entry.lang,
         "source": entry.source, "references": entry.references}
    if answer is not None:
        used = answer.edition_used if answer.edition_asked else entry.edition   # --all: each its own
        d.update(edition_asked=answer.edition_asked, edition_used=used or entry.edition, term_pair=answer.term_pair)
    return d


# ---------------------------------------------------------------- editions


def edition_summaries(conn: sqlite3.Connection) -> list[dict]:
    """The ``kb editions`` rows, oldest first: date (the effective date its header prints),
    file_date (the date its file is named by, when it is one), source, file, lang, encoding,
    rules, glossary, lost_quotes, warnings."""
    return [{"date": e["date"], "file_date": versions.file_date(e["path"]), "source": e["source"], "file": e["path"],
             "lang": e["lang"],
             "encoding": e["encoding"], "rules": e["rule_count"], "glossary": e["glossary_count"],
             "lost_quotes": e["lost_quotes"], "warnings": e["warning_count"]} for e in store.editions(conn)]
