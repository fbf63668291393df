"""French rules next to English ones: which English editions a French rule
quoted in a seed document matches, its number today, and number discrepancies.

A French rule (from a FAQ or rules excerpt, table ``rules`` with lang fr) is
compared with the English rule of the same number in every edition on
evidence that survives translation (:mod:`kb.rules.evidence`: cited rules
and their titles, its own title, rules terms, symbols, length).  An edition
matches when its same-numbered rule scores at least
:data:`kb.rules.evidence.MATCH`; a French rule without evidence of its own
takes the editions its document's other rules agree on.

When no edition has a matching rule under the French number, the rule is
looked for under other numbers of the same chapter (the FAQ of 2012 quotes
soulbond as 702.92 while the English edition of 2012-05-01 has 702.93): the
closest number in the earliest editions that have it is linked and a
:class:`Discrepancy` recorded.  The equivalent today follows the rule
history (:func:`kb.rules.lineage.current_equivalent`) from the latest matching
edition.

Public API: :func:`align_french` ``(conn, store=True) -> list[Alignment]``,
:func:`alignments` (stored results), :func:`document_editions`,
:func:`side_by_side`.  Tables: ``french_alignments`` (source, number,
edition, english_number, score), ``french_documents`` (source, editions),
``french_discrepancies`` (source, number, english_number, editions, note).

A French document's own date (« Ces règles entrent en vigueur au 1er février
2010 », « Document modifié pour la dernière fois le … », « Règles FR
[04/02/2011] »: ``documents.edition``, read by :func:`parser.faq.document_date`)
names the English edition in force for it (:func:`kb.rules.versions.edition_in_force`):
``dated_edition``.  It is evidence of its own: :func:`side_by_side` shows the
English text of that edition when the rule matches it, and a document whose
rules give no evidence at all takes it as its editions (for the rules that
edition has), marked ``inherited``.
"""
from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from typing import Optional

from kb.model import RULE_NUMBER_RE, rule_parent, rule_sort_key
from kb.rules.evidence import MATCH, EditionView, FrenchRule, french_rule, missing_concepts, score
from kb.rules.lineage import current_equivalent
from kb.rules.references import spans_by_text
from kb.rules.versions import EditionDateError, edition_in_force, history_editions, rule_version

@dataclass
class Discrepancy:
    """The French document numbers a rule differently from the English
    editions: ``number`` (French) is ``english_number`` in ``editions``."""

    source: str
    number: str
    english_number: str
    editions: list[str]
    note: str = ""

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class Alignment:
    """One French rule and the English editions it matches.

    ``editions``: dates whose rule ``english_number`` is about the same thing
    (oldest first); ``scores`` maps each edition compared to its score (0-1,
    None when the texts give no evidence); ``inherited`` is True when the
    rule had no evidence of its own and took its document's editions;
    ``current``: the numbers holding it in the latest edition ([] if
    removed); ``discrepancy`` when the numbers disagree;
    ``document_editions``: the editions that most of the document's rules
    match together (the seed of rule 607 -> 2010-04-23 … 2011-04-01, when
    607.2i was champion and 702.30 kicker)."""

    source: str
    number: str
    title: Optional[str]
    editions: list[str] = field(default_factory=list)
    english_number: Optional[str] = None
    latest_edition: Optional[str] = None
    current: list[str] = field(default_factory=list)
    inherited: bool = False
    scores: dict = field(default_factory=dict)
    discrepancy: Optional[Discrepancy] = None
    document_editions: list[str] = field(default_factory=list)
    #: the English edition in force on the document's own date (None when it states none)
    dated_edition: Optional[str] = None
    #: editions whose rule scores as a match but that lack a concept the French text names:
    #: edition -> those concepts (« 2008-02-01: {2/B} »)
    lacking: dict = field(default_factory=dict)
    #: "older" / "newer" when the French text is older or newer than every English edition
    #: (:func:`outside_editions`), with the reason
    outside: Optional[str] = None
    outside_reason: Optional[str] = None

    @property
    def span(self) -> Optional[tuple[str, str]]:
        return (self.editions[0], self.editions[-1]) if self.editions else None

    def to_dict(self) -> dict:
        d = asdict(self)
        d["span"] = list(self.span) if self.span else None
        d["first_edition"], d["last_edition"] = self.span or (None, None)
        return d


# ---------------------------------------------------------------- alignment


def _french_rules(conn: sqlite3.Connection) -> dict[str, list[FrenchRule]]:
    out: dict[str, list[FrenchRule]] = defaultdict(list)
    for source, number, title, text, examples in conn.execute(
            "SELECT r.source, r.number, r.title, r.text, r.examples FROM rules r JOIN documents d "
            "ON d.id = r.source WHERE r.lang='fr' ORDER BY r.source, r.position"):
        out[source].append(french_rule(source, number, title, text or "", json.loads(examples or "[]")))
    return out


def align_french(conn: sqlite3.Connection, store: bool = True) -> list[Alignment]:
    """Align every French rule of the stored documents with the English
    editions (see the module docstring).  Needs :func:`kb.rules.history.build_history`
    to have run and the English editions' references to be stored
    (:func:`kb.rules.resolver.store_edition_references`: the build's first
    phase; the French documents' references are resolved after this, in the
    editions it chose); returns [] when there are no English editions.  With
    ``store``, (re)writes the ``french_alignments`` and
    ``french_discrepancies`` tables (the caller commits)."""
    eds = history_editions(conn)
    if not eds:
        return []
    spans = spans_by_text(conn)
    views = {e: EditionView(conn, e, spans) for e in eds}
    result: list[Alignment] = []
    dates = _document_dates(conn)
    for source, rules in _french_rules(conn).items():
        doc_alignments = [_align_rule(fr, views, eds) for fr in rules]
        _discrepancies(conn, rules, doc_alignments, views, eds)
        _inherit(doc_alignments, eds, _in_force(eds, dates.get(source)))
        for al in doc_alignments:
            _current(conn, al, eds)
            outside_editions(al, eds, dates.get(source))
        result.extend(doc_alignments)
    if store:
        _store(conn, result)
    return result


def _align_rule(fr: FrenchRule, views: dict, eds: list[str]) -> Alignment:
    """The editions whose rule of the French number scores as a match and that have every
    concept the French text names (:func:`kb.rules.evidence.missing_concepts`)."""
    al = Alignment(fr.source, fr.number, fr.title, english_number=fr.number)
    for e in eds:
        s = score(fr, views[e])
        if fr.number in views[e].rules:
            al.scores[e] = None if s is None else round(s, 3)
        if s is not None and s >= MATCH:
            lacking = missing_concepts(fr, views[e])
            if lacking:
                al.lacking[e] = lacking
            else:
                al.editions.append(e)
    return al


def outside_editions(al: Alignment, eds: list[str], dated: Optional[str] = None) -> None:
    """Set ``al.outside`` when the French text is older or newer than every English edition:
    no edition holds it, and either the editions that would match by score all lack a concept
    it names that later editions have (none do: newer), or its document's own date is before
    the first edition (older) or after the latest (newer)."""
    if al.editions or not eds:
        return
    if al.lacking:
        last = max(al.lacking)
        al.outside, al.outside_reason = "newer", (
            f"it names {', '.join(al.lacking[last])}, which no English edition holding this rule has "
            f"(the latest such edition: {last})")
    elif dated and dated < eds[0]:
        al.outside, al.outside_reason = "older", f"its document is dated {dated}, before the first edition {eds[0]}"
    elif dated and dated > eds[-1]:
        al.outside, al.outside_reason = "newer", f"its document is dated {dated}, after the latest edition {eds[-1]}"


def _document_dates(conn: sqlite3.Connection) -> dict[str, str]:
    """Each French document's own date (``documents.edition``), when it states one."""
    return {src: date for src, date in conn.execute(
        "SELECT id, edition FROM documents WHERE lang='fr' AND edition IS NOT NULL")}


def _in_force(eds: list[str], date: Optional[str]) -> Optional[str]:
    """The edition of ``eds`` in force on ``date``; None without a date or
    before the first edition."""
    if not date:
        return None
    try:
        return edition_in_force(eds, date)
    except (KeyError, EditionDateError):
        return None


def _inherit(alignments: list[Alignment], eds: list[str], dated: Optional[str] = None) -> None:
    """Set each alignment's ``document_editions``: the editions where the
    document's rules score highest together (sum of the scores, within 0.1
    of the best), among those matched by at least one rule; give those
    editions to the rules without evidence of their own.  ``dated``, the
    edition in force on the document's own date, is each alignment's
    ``dated_edition``; when no rule of the document has evidence, it is the
    document's edition."""
    for a in alignments:
        a.dated_edition = dated
    informative = [a for a in alignments if any(v is not None for v in a.scores.values())]
    totals: dict[str, float] = defaultdict(float)
    matched: set[str] = set()
    for a in informative:
        matched.update(a.editions)
        for e in a.editions:
            totals[e] += a.scores.get(e) or 0.0
    if not totals:
        if dated is not None:
            for a in alignments:
                a.document_editions = [dated]
                if not a.editions and dated in a.scores:
                    a.editions, a.inherited = [dated], True
        return
    best = max(totals.values())
    doc_editions = [e for e in eds if e in matched and totals.get(e, 0.0) >= best - 0.1]
    for a in alignments:
        a.document_editions = doc_editions
        if a in informative:
            continue
        a.editions = [e for e in doc_editions if e in a.scores]
        a.inherited = True


def _discrepancies(conn, rules: list[FrenchRule], alignments: list[Alignment], views: dict,
                   eds: list[str]) -> None:
    """Rules matching no edition under their own number: look under the
    other numbers of their chapter (titled rules and rules first, then each
    subrule under the number its parent was found at)."""
    by_number = {a.number: a for a in alignments}
    frs = {fr.number: fr for fr in rules}
    missing = [a for a in alignments if not a.editions]
    missing.sort(key=lambda a: rule_sort_key(a.number))
    for al in missing:
        fr = frs[al.number]
        m = RULE_NUMBER_RE.match(fr.number)
        if not m:
            continue
        parent = by_number.get(rule_parent(fr.number) or "")
        candidates_for = {}
        if m.group("letter") and parent is not None and parent.discrepancy is not None:
            target = parent.discrepancy.english_number + m.group("letter")
            for e in parent.discrepancy.editions:
                candidates_for[e] = [target]
        elif not m.group("letter"):
            chapter = m.group("chapter")
            for e in eds:
                candidates_for[e] = [n for n in views[e].rules
                                     if n.startswith(chapter + ".") and not n[-1].isalpha() and n != fr.number]
        best: dict[str, tuple[float, str]] = {}
        for e, numbers in candidates_for.items():
            for n in numbers:
                s = score(fr, views[e], n)
                if s is not None and s >= MATCH and (e not in best or s > best[e][0]):
                    best[e] = (s, n)
        if not best:
            continue

        def distance(n: str) -> float:
            return abs(_ordinal(n) - _ordinal(fr.number))

        closest = min(distance(n) for _, n in best.values())
        chosen = [e for e in eds if e in best and distance(best[e][1]) == closest]
        english = best[chosen[0]][1]
        chosen = [e for e in chosen if best[e][1] == english]
        al.english_number = english
        al.editions = chosen
        al.scores.update({e: round(best[e][0], 3) for e in chosen})
        al.inherited = False
        al.discrepancy = Discrepancy(
            fr.source, fr.number, english, chosen,
            f"the French text numbers it {fr.number}; the English edition of {chosen[0]} has it as {english}")


def _ordinal(number: str) -> float:
    m = RULE_NUMBER_RE.match(number)
    if not m:
        return 0.0
    return int(m.group("chapter")) * 1000 + int(m.group("rule") or 0) + (
        (ord(m.group("letter")) - 96) / 100 if m.group("letter") else 0)


def _current(conn, al: Alignment, eds: list[str]) -> None:
    al.latest_edition = eds[-1]
    if not al.editions:
        return
    try:
        al.current = current_equivalent(conn, al.english_number, al.editions[-1])
    except KeyError:
        al.current = []


def _store(conn: sqlite3.Connection, result: list[Alignment]) -> None:
    conn.execute("DELETE FROM french_alignments")
    conn.execute("DELETE FROM french_discrepancies")
    conn.execute("DELETE FROM french_documents")
    docs = {a.source: a.document_editions for a in result}
    dated = {a.source: a.dated_edition for a in result}
    conn.executemany("INSERT INTO french_documents (source, editions, dated_edition) VALUES (?,?,?)",
                     [(src, json.dumps(eds), dated[src]) for src, eds in docs.items()])
    conn.executemany("INSERT OR REPLACE INTO french_alignments VALUES (?,?,?,?,?)",
                     [(a.source, a.number, e, a.english_number, a.scores.get(e))
                      for a in result for e in a.editions])
    conn.executemany("INSERT OR REPLACE INTO french_discrepancies VALUES (?,?,?,?,?)",
                     [(d.source, d.number, d.english_number, json.dumps(d.editions), d.note)
                      for d in (a.discrepancy for a in result) if d is not None])


def document_editions(conn: sqlite3.Connection, source: str) -> list[str]:
    """The English editions a French document matches as a whole (stored by
    :func:`align_french`; [] when unknown)."""
    row = conn.execute("SELECT editions FROM french_documents WHERE source=?", (source,)).fetchone()
    return json.loads(row[0]) if row else []


def dated_edition(conn: sqlite3.Connection, source: str) -> Optional[str]:
    """The English edition in force on a French document's own date (stored
    by :func:`align_french`; None when the document states no date)."""
    row = conn.execute("SELECT dated_edition FROM french_documents WHERE source=?", (source,)).fetchone()
    return row[0] if row else None


def alignments(conn: sqlite3.Connection, number: str, source: Optional[str] = None) -> list[dict]:
    """Stored alignments of French rule ``number`` (optionally of one
    document): [{source, number, english_number, editions, discrepancy}]."""
    rows = conn.execute("SELECT source, english_number, edition FROM french_alignments WHERE number=?"
                        + (" AND source=?" if source else "") + " ORDER BY source, edition",
                        (number, source) if source else (number,)).fetchall()
    disc = {r[0]: {"english_number": r[1], "editions": json.loads(r[2]), "note": r[3]} for r in conn.execute(
        "SELECT source, english_number, editions, note FROM french_discrepancies WHERE number=?", (number,))}
    grouped: dict[str, dict] = {}
    for src, english, edition in rows:
        g = grouped.setdefault(src, {"source": src, "number": number, "english_number": english,
                                     "editions": [], "discrepancy": disc.get(src)})
        g["editions"].append(edition)
    return list(grouped.values())


def _shown_edition(conn: sqlite3.Connection, source: str, editions: list[str]) -> str:
    """The English edition shown beside a French rule matching ``editions`` (each holds its
    text): the one its document's own date names, else the latest edition that both the rule
    and its whole document match, else the rule's latest."""
    dated = dated_edition(conn, source)
    if dated in editions:
        return dated
    doc_eds = set(document_editions(conn, source))
    return ([e for e in editions if e in doc_eds] or editions)[-1]


def _outside_by_date(conn: sqlite3.Connection, source: str, eds: list[str]) -> tuple:
    """("older" / "newer", reason) when the document of a French rule no edition holds is
    dated before the first edition or after the latest, else (None, None)."""
    row = conn.execute("SELECT edition FROM documents WHERE id=?", (source,)).fetchone()
    probe = Alignment(source, "", None)
    outside_editions(probe, eds, row[0] if row else None)
    return probe.outside, probe.outside_reason


def side_by_side(conn: sqlite3.Connection, number: str, source: Optional[str] = None) -> list[dict]:
    """What ``kb rule NUMBER --lang fr`` shows: for each French document
    quoting rule ``number``, its French text, the English text of the
    matching edition (the latest edition that both the rule and its whole
    document match, else the rule's latest), and the rule's numbers today.

    Shape: [{"french": {source, number, title, text, examples},
    "english": {edition, number, title, text, examples} | None,
    "editions": [...], "first_edition", "last_edition" (the first and last edition holding
    the French text), "current": [...], "latest_edition",
    "discrepancy": {...} | None, "outside": "older" | "newer" | None, "outside_reason"}] (the
    English edition shown: :func:`_shown_edition`).  Uses the stored alignments when present,
    else aligns on the fly."""
    stored = {a["source"]: a for a in alignments(conn, number, source)}
    if not stored:
        fresh = [a for a in align_french(conn, store=False)
                 if a.number == number and (source is None or a.source == source)]
        stored = {a.source: {"source": a.source, "number": a.number, "english_number": a.english_number,
                             "editions": a.editions,
                             "discrepancy": a.discrepancy.to_dict() if a.discrepancy else None,
                             "outside": a.outside, "outside_reason": a.outside_reason}
                  for a in fresh}
    out = []
    sql = "SELECT source, number, title, text, examples FROM rules WHERE lang='fr' AND number=?"
    args: list = [number]
    if source:
        sql += " AND source=?"
        args.append(source)
    eds = history_editions(conn)
    for src, num, title, text, examples in conn.execute(sql, args):
        entry = {"french": {"source": src, "number": num, "title": title, "text": text,
                            "examples": json.loads(examples or "[]")},
                 "english": None, "editions": [], "current": [], "latest_edition": eds[-1] if eds else None,
                 "discrepancy": None, "first_edition": None, "last_edition": None,
                 "outside": None, "outside_reason": None}
        al = stored.get(src)
        if al and not al["editions"]:
            entry["outside"], entry["outside_reason"] = al.get("outside"), al.get("outside_reason")
            if entry["outside"] is None:
                entry["outside"], entry["outside_reason"] = _outside_by_date(conn, src, eds)
        if al and al["editions"]:
            entry["first_edition"], entry["last_edition"] = al["editions"][0], al["editions"][-1]
            edition = _shown_edition(conn, src, al["editions"])
            v = rule_version(conn, al["english_number"], edition)
            if v:
                entry["english"] = {"edition": edition, "number": v["number"], "title": v["title"],
                                    "text": v["text"], "examples": v["examples"]}
            entry["editions"] = al["editions"]
            entry["discrepancy"] = al["discrepancy"]
            try:
                entry["current"] = current_equivalent(conn, al["english_number"], edition)
            except KeyError:
                pass
        out.append(entry)
    return out
