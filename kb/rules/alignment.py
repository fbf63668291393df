"""French rules next to English ones: which English editions a French rule
quoted in a seed document matches, its number today, and number discrepancies.

A French rule (from a FAQ or rules excerpt, table ``rules`` with lang fr)
and the English rule with the same number in an edition are compared on
evidence that survives translation, each item agreeing or disagreeing with
a weight:

* the rules it cites (« voir règle 502.5 »), and the titles it gives them:
  « Cf. règle 702.30, « Kick. » » agrees with an edition whose 702.30 is
  Kicker (titles translated with ``corpus/terms/terms_fr_en.tsv``,
  :mod:`kb.cards.terms`) and disagrees with one whose 702.30 is another keyword;
* its own title (« 702.92. Association d'âmes » against « Soulbond »);
* the rules terms it uses (persistance -> persist, marqueur -> counter; old
  wordings accepted: « en jeu » -> « in play »);
* mana symbols and numbers ({W/U}, -1/-1, 20);
* the length of the text (French runs 0.8 to 1.9 times the English).

The score is the agreeing share of the weight.  An edition matches when its
same-numbered rule scores at least :data:`MATCH`; a French rule without
evidence of its own takes the editions its document's other rules agree on.

When no edition has a matching rule under the French number, the rule is
looked for under other numbers of the same chapter (the FAQ of 2012 quotes
soulbond as 702.92 while the English edition of 2012-05-01 has 702.93): the
closest number in the earliest editions that have it is linked and a
:class:`Discrepancy` recorded.  The equivalent today follows the rule
history (:func:`kb.rules.history.current_equivalent`) from the latest matching
edition.

Public API: :func:`align_french` ``(conn, store=True) -> list[Alignment]``,
:func:`alignments` (stored results), :func:`document_editions`,
:func:`side_by_side`.  Tables: ``french_alignments`` (source, number,
edition, english_number, score), ``french_documents`` (source, editions),
``french_discrepancies`` (source, number, english_number, editions, note).
"""
from __future__ import annotations

import json
import re
import sqlite3
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Optional

from rapidfuzz import fuzz

from kb.rules import history
from parser.textkeys import fold
from kb.model import RULE_NUMBER_RE, rule_sort_key
from parser.references import find_reference_spans

#: Minimum score for an edition's same-numbered rule to be « about the same thing ».
MATCH = 0.65

#: Old English wordings of a term, so that an old French text (« en jeu »)
#: agrees with the old English text (« in play »).
_ENGLISH_ALIASES = {
    "battlefield": ("battlefield", "play"),
    "exile": ("exile", "removed from the game", "remove from the game"),
    "mana value": ("mana value", "converted mana cost"),
    "converted mana cost": ("converted mana cost", "mana value"),
    "state-based effect": ("state-based effect", "state-based action"),
}
#: Rules words the card-derived terms file cannot have (no card prints them)
#: but the quoted rules use: « arpenteur » is the 2007-2009 French rules'
#: word for planeswalker (seeds/004: « le même joueur ou le même arpenteur »).
_SUPPLEMENT = {"arpenteur": ("planeswalker",)}
_SYMBOL_RE = re.compile(r"\{[^}]+\}|[-+]?\d+/[-+]?\d+|(?<![\d.])\d{1,2}(?![\d.])")


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

    @property
    def span(self) -> Optional[tuple[str, str]]:
        return (self.editions[0], self.editions[-1]) if self.editions else None

    def to_dict(self) -> dict:
        d = asdict(self)
        d["span"] = list(self.span) if self.span else None
        return d


# ---------------------------------------------------------------- vocabulary


@lru_cache(maxsize=1)
def _vocabulary() -> tuple[tuple[re.Pattern, tuple[str, ...]], ...]:
    """(folded French term pattern, English forms) pairs from the terms file,
    longest French term first."""
    from kb.cards.terms import load_terms

    try:
        pairs = load_terms()
    except (FileNotFoundError, ValueError):
        return ()
    by_fr: dict[str, set[str]] = defaultdict(set)
    for p in pairs:
        # rules terms are reviewed pairs whose card-text precision is low only
        # because the French word is common (« capacité »): keep them all
        if (p.precision < 0.8 and p.kind != "rules_term") or len(p.fr) < 3 or p.kind == "subtype":
            continue
        en = p.en.lower()
        by_fr[fold(p.fr)].update(_ENGLISH_ALIASES.get(en, (en,)))
    for fr, en in _SUPPLEMENT.items():
        by_fr[fold(fr)].update(en)
    out = []
    for fr in sorted(by_fr, key=len, reverse=True):
        out.append((re.compile(rf"(?<![\w]){re.escape(fr)}(?![\w])"), tuple(sorted(by_fr[fr]))))
    return tuple(out)


def translate_title(title: str) -> tuple[str, ...]:
    """English forms of a French rule or keyword title (« Persistance » ->
    (« persist »,)); () when the terms file does not know it."""
    key = fold(title).strip(" .")
    for pattern, english in _vocabulary():
        if pattern.fullmatch(key):
            return english
    return ()


def _french_terms(text: str) -> list[tuple[str, ...]]:
    """English forms of each French term found in ``text`` (longest first,
    without counting a term again inside a longer one)."""
    folded = fold(text)
    found = []
    for pattern, english in _vocabulary():
        if pattern.search(folded):
            found.append(english)
            folded = pattern.sub(" ", folded)
    return found


_SUFFIX_RE = re.compile(r"(ing|ed|es|s)$")


def _has_word(text_folded: str, phrase: str) -> bool:
    """``phrase`` starts a word of ``text_folded``; a one-word phrase may also
    appear under another inflection (« banding » finds « bands »)."""
    if re.search(rf"(?<![\w]){re.escape(phrase)}", text_folded):
        return True
    stem = _SUFFIX_RE.sub("", phrase)
    return " " not in phrase and len(stem) >= 4 and re.search(rf"(?<![\w]){re.escape(stem)}", text_folded) is not None


def _title_agrees(french_title: str, english_title: Optional[str]) -> Optional[bool]:
    """True/False when the French title does / does not name the English
    rule; None when there is no way to tell."""
    if not english_title:
        return None
    en = fold(english_title).strip(" .")
    forms = translate_title(french_title)
    if forms:
        return any(f == en or fuzz.ratio(f, en) >= 75 or (len(f) >= 6 and en.startswith(f[:6]))
                   for f in forms)
    if fuzz.ratio(fold(french_title), en) >= 80:
        return True
    return None


# ---------------------------------------------------------------- scoring


@dataclass
class _FrenchRule:
    source: str
    number: str
    title: Optional[str]
    text: str
    refs: list[tuple[str, Optional[str]]]
    terms: list[tuple[str, ...]]
    symbols: set[str]


def _french_rule(source: str, number: str, title: Optional[str], text: str, examples: list[str]) -> _FrenchRule:
    body = " ".join([text, *examples])
    refs = []
    for span in find_reference_spans(body, "fr"):
        for n in span.numbers:
            refs.append((n, span.title if len(span.numbers) == 1 else None))
    stripped = body
    for span in reversed(find_reference_spans(body, "fr")):
        stripped = stripped[:span.start] + " " + stripped[span.end:]
    return _FrenchRule(source, number, title, body, refs, _french_terms(body),
                       set(_SYMBOL_RE.findall(stripped)))


class _EditionView:
    """The rules of one English edition, read from the versioned store."""

    def __init__(self, conn: sqlite3.Connection, edition: str):
        self.edition = edition
        self.rules: dict[str, tuple[Optional[str], str]] = {}
        for number, title, text, examples in conn.execute(
                "SELECT number, title, text, examples FROM edition_rules WHERE edition=? AND lang='en'",
                (edition,)):
            body = " ".join([text or "", *json.loads(examples or "[]")])
            self.rules.setdefault(number, (title, body))


def score(fr: _FrenchRule, ed: _EditionView, number: Optional[str] = None) -> Optional[float]:
    """Agreeing share (0-1) of the evidence that the English rule ``number``
    (default: the French number) of edition ``ed`` says what ``fr`` says;
    None when there is no such rule or no evidence."""
    number = number or fr.number
    if number not in ed.rules:
        return None
    title, text = ed.rules[number]
    agree = total = 0.0

    def item(weight: float, ok: bool) -> None:
        nonlocal agree, total
        total += weight
        agree += weight if ok else 0.0

    if fr.title:
        ok = _title_agrees(fr.title, title)
        if ok is not None:
            item(3.0, ok)
    en_refs = {n for span in find_reference_spans(text, "en") for n in span.numbers}
    for n, ref_title in fr.refs:
        item(0.5, n in en_refs)
        if ref_title:
            target = ed.rules.get(n)
            ok = _title_agrees(ref_title, target[0] if target else None)
            if target is None:
                item(2.0, False)
            elif ok is not None:
                item(2.0, ok)
    fr_numbers = {n for n, _ in fr.refs}
    for n in en_refs - fr_numbers:
        item(0.5, False)
    folded = fold(text)
    for english in fr.terms:
        item(1.0, any(_has_word(folded, e) for e in english))
    en_symbols = set(_SYMBOL_RE.findall(_strip_refs(text)))
    if fr.symbols or en_symbols:
        union = fr.symbols | en_symbols
        share = len(fr.symbols & en_symbols) / len(union)
        total += 1.5
        agree += 1.5 * share
    if total < 1.0:
        return None  # no evidence beyond the length
    ratio = len(fr.text) / max(len(text), 1)
    item(0.5, 0.8 <= ratio <= 1.9)
    return agree / total


def _strip_refs(text: str) -> str:
    for span in reversed(find_reference_spans(text, "en")):
        text = text[:span.start] + " " + text[span.end:]
    return text


# ---------------------------------------------------------------- alignment


def _french_rules(conn: sqlite3.Connection) -> dict[str, list[_FrenchRule]]:
    out: dict[str, list[_FrenchRule]] = defaultdict(list)
    for source, number, title, text, examples in conn.execute(
            "SELECT r.source, r.number, r.title, r.text, r.examples FROM rules r JOIN documents d "
            "ON d.id = r.source WHERE r.lang='fr' ORDER BY r.source, r.position"):
        out[source].append(_french_rule(source, number, title, text or "", json.loads(examples or "[]")))
    return out


def align_french(conn: sqlite3.Connection, store: bool = True) -> list[Alignment]:
    """Align every French rule of the stored documents with the English
    editions (see the module docstring).  Needs :func:`kb.rules.history.build_history`
    to have run; returns [] when there are no English editions.  With
    ``store``, (re)writes the ``french_alignments`` and
    ``french_discrepancies`` tables (the caller commits)."""
    eds = history.history_editions(conn) if history.has_history(conn) else []
    if not eds:
        return []
    views = {e: _EditionView(conn, e) for e in eds}
    result: list[Alignment] = []
    for source, rules in _french_rules(conn).items():
        doc_alignments = [_align_rule(fr, views, eds) for fr in rules]
        _discrepancies(conn, rules, doc_alignments, views, eds)
        _inherit(doc_alignments, eds)
        for al in doc_alignments:
            _current(conn, al, eds)
        result.extend(doc_alignments)
    if store:
        _store(conn, result)
    return result


def _align_rule(fr: _FrenchRule, views: dict, eds: list[str]) -> Alignment:
    al = Alignment(fr.source, fr.number, fr.title, english_number=fr.number)
    for e in eds:
        s = score(fr, views[e])
        if fr.number in views[e].rules:
            al.scores[e] = None if s is None else round(s, 3)
        if s is not None and s >= MATCH:
            al.editions.append(e)
    return al


def _inherit(alignments: list[Alignment], eds: list[str]) -> None:
    """Set each alignment's ``document_editions``: the editions where the
    document's rules score highest together (sum of the scores, within 0.1
    of the best), among those matched by at least one rule; give those
    editions to the rules without evidence of their own."""
    informative = [a for a in alignments if any(v is not None for v in a.scores.values())]
    totals: dict[str, float] = defaultdict(float)
    matched: set[str] = set()
    for a in informative:
        matched.update(a.editions)
        for e in a.editions:
            totals[e] += a.scores.get(e) or 0.0
    if not totals:
        return
    best = max(totals.values())
    doc_editions = [e for e in eds if e in matched and totals.get(e, 0.0) >= best - 0.1]
    for a in alignments:
        a.document_editions = doc_editions
        if a in informative:
            continue
        a.editions = [e for e in doc_editions if e in a.scores]
        a.inherited = True


def _discrepancies(conn, rules: list[_FrenchRule], alignments: list[Alignment], views: dict,
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
        parent = by_number.get(history._parent(fr.number) or "")
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
        al.current = history.current_equivalent(conn, al.english_number, al.editions[-1])
    except KeyError:
        al.current = []


def _store(conn: sqlite3.Connection, result: list[Alignment]) -> None:
    conn.execute("DELETE FROM french_alignments")
    conn.execute("DELETE FROM french_discrepancies")
    conn.execute("DELETE FROM french_documents")
    docs = {a.source: a.document_editions for a in result}
    conn.executemany("INSERT INTO french_documents VALUES (?,?)",
                     [(src, json.dumps(eds)) for src, eds in docs.items()])
    conn.executemany("INSERT OR REPLACE INTO french_alignments VALUES (?,?,?,?,?)",
                     [(a.source, a.number, e, a.english_number, a.scores.get(e))
                      for a in result for e in a.editions])
    conn.executemany("INSERT OR REPLACE INTO french_discrepancies VALUES (?,?,?,?,?)",
                     [(d.source, d.number, d.english_number, json.dumps(d.editions), d.note)
                      for d in (a.discrepancy for a in result) if d is not None])


def document_editions(conn: sqlite3.Connection, source: str) -> list[str]:
    """The English editions a French document matches as a whole (stored by
    :func:`align_french`; [] when unknown)."""
    try:
        row = conn.execute("SELECT editions FROM french_documents WHERE source=?", (source,)).fetchone()
    except sqlite3.OperationalError:
        return []
    return json.loads(row[0]) if row else []


def alignments(conn: sqlite3.Connection, number: str, source: Optional[str] = None) -> list[dict]:
    """Stored alignments of French rule ``number`` (optionally of one
    document): [{source, number, english_number, editions, discrepancy}]."""
    try:
        rows = conn.execute("SELECT source, english_number, edition FROM french_alignments WHERE number=?"
                            + (" AND source=?" if source else "") + " ORDER BY source, edition",
                            (number, source) if source else (number,)).fetchall()
        disc = {r[0]: {"english_number": r[1], "editions": json.loads(r[2]), "note": r[3]} for r in conn.execute(
            "SELECT source, english_number, editions, note FROM french_discrepancies WHERE number=?", (number,))}
    except sqlite3.OperationalError:
        return []
    grouped: dict[str, dict] = {}
    for src, english, edition in rows:
        g = grouped.setdefault(src, {"source": src, "number": number, "english_number": english,
                                     "editions": [], "discrepancy": disc.get(src)})
        g["editions"].append(edition)
    return list(grouped.values())


def side_by_side(conn: sqlite3.Connection, number: str, source: Optional[str] = None) -> list[dict]:
    """What ``kb rule NUMBER --lang fr`` shows: for each French document
    quoting rule ``number``, its French text, the English text of the
    matching edition (the latest edition that both the rule and its whole
    document match, else the rule's latest), and the rule's numbers today.

    Shape: [{"french": {source, number, title, text, examples},
    "english": {edition, number, title, text, examples} | None,
    "editions": [...], "current": [...], "latest_edition",
    "discrepancy": {...} | None}].  Uses the stored alignments when present,
    else aligns on the fly."""
    stored = {a["source"]: a for a in alignments(conn, number, source)}
    if not stored:
        fresh = [a for a in align_french(conn, store=False)
                 if a.number == number and (source is None or a.source == source)]
        stored = {a.source: {"source": a.source, "number": a.number, "english_number": a.english_number,
                             "editions": a.editions,
                             "discrepancy": a.discrepancy.to_dict() if a.discrepancy else None}
                  for a in fresh}
    out = []
    sql = "SELECT source, number, title, text, examples FROM rules WHERE lang='fr' AND number=?"
    args: list = [number]
    if source:
        sql += " AND source=?"
        args.append(source)
    eds = history.history_editions(conn) if history.has_history(conn) else []
    for src, num, title, text, examples in conn.execute(sql, args):
        entry = {"french": {"source": src, "number": num, "title": title, "text": text,
                            "examples": json.loads(examples or "[]")},
                 "english": None, "editions": [], "current": [], "latest_edition": eds[-1] if eds else None,
                 "discrepancy": None}
        al = stored.get(src)
        if al and al["editions"]:
            doc_eds = set(document_editions(conn, src))
            both = [e for e in al["editions"] if e in doc_eds]
            edition = (both or al["editions"])[-1]   # the document's edition when the rule agrees
            v = history.rule_version(conn, al["english_number"], edition)
            if v:
                entry["english"] = {"edition": edition, "number": v["number"], "title": v["title"],
                                    "text": v["text"], "examples": v["examples"]}
            entry["editions"] = al["editions"]
            entry["discrepancy"] = al["discrepancy"]
            try:
                entry["current"] = history.current_equivalent(conn, al["english_number"], edition)
            except KeyError:
                pass
        out.append(entry)
    return out
