"""``kb check``: claims in a controlled French/English language, checked
against the rules model.

Grammar: ``parser/grammars/claims.lark`` (documented with examples in
docs/claims.md).  Public API:

* :func:`check_claim` ``(text, *, edition=None, cards=None) -> Verdict``
* :func:`check_file` ``(path, *, edition=None, cards=None) -> list[Verdict]``
  for a YAML list of ``{claim, expected, note[, edition]}`` items.

The answer is ``true`` or ``false`` with the computation steps and rules,
or ``unknown`` — with a ``reason`` — when the claim is outside the grammar
or the model (unknown card, a characteristic the model does not compute…).
Never a guess.  Card names are looked up *folded* (lowercase, no accents or
ligatures) through ``cards``: a knowledge base connection (read by
:class:`kb.checker.cards.KBCards`) or any callable ``name -> card | None``.

Reading a claim is :mod:`kb.checker.reading`, its forms
:mod:`kb.checker.forms`, situations :mod:`kb.checker.situation` with
:mod:`~kb.checker.events` and :mod:`~kb.checker.outcomes`.
"""
from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Optional, Union

import yaml
from lark.exceptions import UnexpectedInput

from kb.cards.names import AmbiguousName
from kb.checker.answers import answer_and_reason, answer_given, answer_with_reason, answers_itself, stated_answer
from kb.checker.card_queries import QueryModel
from kb.checker.designation import designate_in
from kb.checker.cards import KBCards, Lookup
from kb.checker.meaning import ATTRIBUTES, Reading
from kb.checker.reader import NotRead, Reader, tokens_once
from kb.checker.editions import EditionError, resolve_edition
from kb.checker.entities import ingest_stamp
from kb.checker.evidence import Evidence, find_evidence
from kb.checker.forms import ClaimForms
from kb.checker.messages import message_language, render
from kb.checker.numbering import numbering_for
from kb.checker.situation_queries import SituationModel, is_situation
from kb.checker.clauses import consult_clauses
from kb.checker.restated import consult_documents
from kb.checker.rulings import card_names, consult_rulings, named_card
from kb.checker.sources import cited
from kb.checker.reading import (PARSE_BUDGET, ReadingTooCostly, normalize, outside_grammar, parse_claim, parsed_once, shelve_mana,
                                unplaced_words)
from kb.checker.verdict import OutsideModel, Trace, Unknown, Verdict
from kb.checker.words import as_written
from parser.mana import ManaCostError

Cards = Union[sqlite3.Connection, Lookup, None]

__all__ = ["check_claim", "check_file", "Cards", "MAX_CLAIM_CHARS", "MAX_CLAIM_WORDS"]

#: Longest claim read (characters; a cost of 1000 {2/B} symbols fits).
MAX_CLAIM_CHARS = 8000
#: Most words read outside mana symbols (the Earley parse grows with them).
MAX_CLAIM_WORDS = 32


#: « avant Magic 2010 » / "before Magic 2010": the last day of the rules the
#: Magic 2010 update (effective 2009-07-11) replaced.
BEFORE_M10 = "2009-07-10"


def _no_cards(name: str) -> None:
    return None


def card_lookup(cards: Cards) -> Lookup:
    """The lookup ``cards`` stands for: a knowledge base connection is read
    with :class:`KBCards`, a callable is used as is, None knows no card."""
    if cards is None:
        return _no_cards
    if isinstance(cards, sqlite3.Connection):
        return KBCards(cards)
    return cards


def _not_in_language(norm: str, exc: UnexpectedInput, lang: str) -> str:
    col = exc.column     # -1 when the claim ends too early
    if col > 0:
        return render(lang, "not in the controlled language (stopped at column {column} of the folded claim "
                            "{claim!r}); see docs/claims.md", {"column": col, "claim": norm})
    return render(lang, "not in the controlled language (the end is missing in the folded claim {claim!r}); "
                        "see docs/claims.md", {"claim": norm})


def _too_long(text: str, lang: str) -> Optional[str]:
    """Why ``text`` is refused before reading it (see :data:`MAX_CLAIM_CHARS`), or None."""
    if len(text) > MAX_CLAIM_CHARS:
        return render(lang, "claim too long: {n} characters (at most {limit} are read)",
                      {"n": len(text), "limit": MAX_CLAIM_CHARS})
    words = len(re.sub(r"\{[^{}]*\}", " ", text).split())
    if words > MAX_CLAIM_WORDS:
        return render(lang, "claim too long: {n} words outside mana symbols (at most {limit} are read)",
                      {"n": words, "limit": MAX_CLAIM_WORDS})
    return None


def _claim_and_qualifier(tree):
    """The claim subtree of a parse and its edition qualifier (or None)."""
    claim = [c for c in tree.children if not c.data.startswith("edition_")][0]
    qualifiers = [c for c in tree.children if c.data.startswith("edition_")]
    return claim, (qualifiers[0] if qualifiers else None)


def _qualified_edition(qualifier, asked: Optional[str], ed):
    """The edition a claim names (« selon les règles de 2008 »), which must
    agree with the one asked for, if any (EditionError otherwise)."""
    if qualifier.data == "edition_before_m10":
        named = resolve_edition(BEFORE_M10)
    else:
        named = resolve_edition(str(qualifier.children[0]) if qualifier.data == "edition_year" else None)
    if asked is not None and named != ed and named.date != ed.date and (named.date or "")[:4] != (ed.date or "")[:4]:
        raise EditionError("the claim names the rules of {named} but edition {asked} was asked for",
                           named=named.label, asked=ed.label)
    return ed if asked is not None else named


def _conn_of(cards: Cards) -> Optional[sqlite3.Connection]:
    if isinstance(cards, sqlite3.Connection):
        return cards
    return getattr(cards, "conn", None) if isinstance(cards, KBCards) else None


def _evaluate(claim, forms: ClaimForms, verdict: Verdict) -> None:
    """Set ``verdict.answer`` (and ``reason`` when unknown, in the claim's language) from the parsed claim."""
    lang = verdict.lang
    try:
        verdict.answer = "true" if forms.evaluate(claim) else "false"
    except (Unknown, OutsideModel) as exc:
        verdict.answer = "unknown"
        verdict.reason = exc.told(lang)
    except ManaCostError as exc:
        verdict.answer = "unknown"
        verdict.reason = render(lang, "bad mana: {error}", {"error": exc})
    except Exception as exc:  # a bug must not turn into a guess: say so
        verdict.answer = "unknown"
        verdict.reason = render(lang, "internal error of the checker ({kind}: {error}); please report the claim",
                                {"kind": type(exc).__name__, "error": exc})


def check_claim(text: str, *, edition: Optional[str] = None, cards: Cards = None,
                evidence: Evidence = None, not_from: Optional[str] = None) -> Verdict:
    """Check one claim; return a :class:`~kb.checker.verdict.Verdict`.

    ``edition``: ``None``/``"latest"`` (default), a year, ``YYYY-MM`` or an
    ISO date; rules cited follow that edition's numbering (read from the
    knowledge base's rule history when ``cards`` is a knowledge base
    connection that has one: :mod:`kb.checker.numbering`) and
    edition-dependent rules (mana burn, the 2008 layer 6b, bands with
    other) follow it too.  ``cards``: a knowledge base connection
    (:func:`kb.store.db.connect`) or a lookup ``name -> card | None``
    (CardFacts, kb.model.CardRecord, or a dict with ``name``,
    ``mana_cost``, ``type_line``…; the name passed is folded); without
    it, claims about a named card are unknown.  ``evidence``: a
    :class:`kb.search.searcher.Searcher`, or a callable ``(claim, edition)
    -> [{kind, id, url, snippet}]`` (:mod:`kb.checker.evidence`).  ``not_from``: a stored document
    whose notes and rules may not decide the claim (the one ``kb check --document`` is checking).
    """
    with tokens_once(), parsed_once():      # its clauses and its readers share the claim's tokens and parses
        return _checked(text, edition, cards, evidence, not_from)


def _checked(text: str, edition: Optional[str], cards: Cards, evidence: Evidence,
             not_from: Optional[str]) -> Verdict:
    question, said = stated_answer(text)
    if said is not None:        # "Does X have flying? No.": the question is checked, the answer compared
        return answer_given(check_claim(question, edition=edition, cards=cards, evidence=evidence), text, said)
    reasoned = answer_with_reason(text)
    if reasoned is not None:    # « … ? Non, car … »: the answer, and its reason, each checked
        return answer_and_reason(text, reasoned, lambda part: check_claim(
            part, edition=edition, cards=cards, evidence=evidence, not_from=not_from))
    norm = normalize(text[:MAX_CLAIM_CHARS])
    lang = message_language(norm)
    try:
        ed = resolve_edition(edition)
    except EditionError as exc:
        return Verdict(text, "unknown", reason=exc.told(lang), edition=str(edition), lang=lang)
    verdict = Verdict(text, "unknown", edition=ed.date or "latest")
    verdict.lang = lang
    refused = _too_long(text, lang)
    conn = _conn_of(cards)
    if refused:        # too long to read whole: its clauses may each be short enough (kb/checker/clauses.py)
        verdict.reason = refused
        return _by_clauses(verdict, text, edition, cards, not_from, conn) if conn is not None else verdict
    numbering = numbering_for(conn)
    if numbering is not None:
        numbering.fallbacks = set()
    trace = Trace(ed, numbering, lang)
    verdict.evidence = find_evidence(evidence, text, ed.date)
    answered = _read_and_answer(text, norm, verdict, edition, ed, trace, numbering, cards, conn)
    if answered.answer == "unknown" and _characteristics_only(answered.reading):
        # the card data answered what the claim asks of a card (« … mentions double strike without the card
        # having it »): a ruling or a note that uses the same words ("… will lose double strike") decides nothing
        return answered
    if isinstance(answered.reading, dict) and answered.reading.get("setup", {}).get("cited"):
        answered.source = answered.reading["setup"]["cited"]      # read by the claim reader without it
    if answered.answer != "unknown" or conn is None:
        return answered
    return _restated(answered, text, edition, cards, not_from, conn)


def _restated(answered: Verdict, text: str, edition: Optional[str], cards: Cards, not_from: Optional[str],
              conn) -> Verdict:
    """A claim no reader decided, compared with the sentence it may restate (a ruling of its card, its
    card's text, a note or a rule), then clause by clause; what it cites is left out of the comparison."""
    source, said = _cited(text, answered.lang, conn)
    # a question and the answer it gives itself (read nowhere: « … ? Non, pas vraiment ») is not one statement
    whole = not answers_itself(said)
    if whole:
        answered = consult_rulings(answered, said, conn, latest=answered.edition == "latest")
    if whole and answered.answer == "unknown":
        card = named_card(said, conn, answered.lang)
        names = card_names(conn, *card) if card else set()
        if card:
            answered = consult_documents(answered, said, conn, names, not_from, card=card[0], surface=card[1])
        if answered.answer == "unknown":
            answered = consult_documents(answered, said, conn, names, not_from)
    if answered.answer == "unknown":
        answered = _by_clauses(answered, said, edition, cards, not_from, conn)
    if source is not None:
        answered.claim = text
        answered.source = source.to_dict()
        if answered.answer != "unknown":
            answered.explanation = [render(answered.lang, "the claim cites {source}: what it says is compared "
                                           "without the citation", {"source": source.surface})] + \
                list(answered.explanation)
    return answered


def _cited(text: str, lang: str, conn) -> tuple:
    """The rule, ruling or FAQ the claim cites (:mod:`kb.checker.sources`) and the claim without it; the
    rules of a year stay in the claim (they choose the edition it is about)."""
    read = Reader(conn).tokens(text, lang)
    source, said = cited(read.tokens, read.text)       # (the tokens' offsets are in their own text)
    if source is None or source.kind == "rules":
        return None, text
    return source, as_written(said)


def _characteristics_only(reading: Optional[dict]) -> bool:
    """Whether the typed ``reading`` of a claim asks only the card data's characteristics of cards it names
    (keyword abilities, colours, types, P/T…), with no event, condition or situation."""
    if not isinstance(reading, dict) or reading.get("reader") != "typed" or reading.get("events") \
            or reading.get("only_if") or reading.get("concession") or reading.get("reason"):
        return False

    def leaves(node):
        if not isinstance(node, dict):
            return [None]
        if node.get("kind") == "query":
            return [node]
        return [leaf for part in node.get("parts") or [None] for leaf in leaves(part)]
    found = leaves(reading.get("asserts"))
    return bool(found) and all(q is not None and q.get("attribute") in ATTRIBUTES for q in found)


def _by_clauses(verdict: Verdict, text: str, edition: Optional[str], cards: Cards, not_from: Optional[str],
                conn) -> Verdict:
    """An unknown claim of two clauses (« X, puisque Y ») decided by its clauses (:mod:`kb.checker.clauses`)."""
    read = Reader(conn).tokens(text, verdict.lang)
    # the clauses are cut from ``text`` (without a citation) as the tokens read it ("is n't"), each then
    # checked as written
    claim, verdict.claim = verdict.claim, read.text
    try:
        decided = consult_clauses(verdict, read.tokens, lambda part: check_claim(
            as_written(part), edition=edition, cards=cards, not_from=not_from))
    finally:
        verdict.claim = claim
    decided.claim = claim
    if decided is not verdict and verdict.reading is not None:
        decided.reading["whole"] = verdict.reading
    return decided


def _read_and_answer(text: str, norm: str, verdict: Verdict, edition: Optional[str], ed, trace: Trace, numbering,
                     cards: Cards, conn) -> Verdict:
    """The claim reader's answer when it is final, else the controlled language's (or the reader's
    reason, when the controlled language stopped on words the reader read)."""
    typed = typed_reading(text, verdict.lang, conn) if conn is not None else NotRead("no knowledge base", [])
    read = None
    if isinstance(typed, Reading):
        verdict.reading = typed.to_dict()
        read, final = _answer_typed(typed, verdict, edition, ed, numbering, conn)
        if final:
            return read
    outside = outside_grammar(norm, typed.words) if isinstance(typed, NotRead) and typed.words and \
        ingest_stamp(conn) else []
    if outside:
        verdict.reason = render(verdict.lang, "neither the claim reader nor the controlled language can "
                                              "place these words: {words}; see docs/claims.md",
                                {"words": ", ".join(outside)})
        verdict.not_understood = list(typed.words)
        return verdict     # (the controlled language could only take them for a card's name, and with the
        #                     card data the claim reader knows every card's names: none is)
    beyond = outside_grammar(norm, _unnamed_words(text, verdict.lang, conn)) if conn and ingest_stamp(conn) else []
    if beyond:             # a word no name holds and the controlled language has no place for: no parse reads it
        if read is not None:
            return read
        verdict.reason = render(verdict.lang, "neither the claim reader nor the controlled language reads the claim; "
                                              "the controlled language has no place for: {words}; see docs/claims.md",
                                {"words": ", ".join(beyond)})
        verdict.not_understood = list(typed.words) or beyond
        return verdict
    controlled = _controlled_language(norm, verdict, edition, ed, trace, numbering, cards)
    if controlled.answer != "unknown" or read is None or not controlled.not_understood:
        if isinstance(typed, NotRead) and controlled.answer == "unknown" and not controlled.not_understood:
            controlled.not_understood = list(typed.words)
        return controlled
    return read     # the controlled language stopped on words the claim reader read: its reason is better


def _unnamed_words(text: str, lang: str, conn) -> list[str]:
    """The words of the claim outside the card names, creature types and text effects (which may name cards)
    the claim reader found in it: the controlled language reads a word it has no literal for only in those."""
    read = Reader(conn).tokens(text, lang)
    return [w for t in read.tokens if t.type not in ("CARD", "SUBTYPE", "TEXTDOES")
            for w in read.text[t.start_pos:t.end_pos].split()]


def _controlled_language(norm: str, verdict: Verdict, edition: Optional[str], ed, trace: Trace, numbering,
                         cards: Cards) -> Verdict:
    """The answer of the controlled language (``claims.lark`` and its claim forms), in ``verdict``."""
    lang = verdict.lang
    try:
        tree = parse_claim(norm)
    except UnexpectedInput as exc:
        short = getattr(exc, "read_as", None) or shelve_mana(norm)[0]
        verdict.reason = _not_in_language(short, exc, lang)
        verdict.not_understood = unplaced_words(short, exc.column)
        return verdict
    except ReadingTooCostly:
        verdict.reason = render(lang, "claim too intricate to read within the checker's bound ({limit} terminal "
                                      "matches); split it into shorter claims", {"limit": PARSE_BUDGET})
        return verdict
    claim, qualifier = _claim_and_qualifier(tree)
    if qualifier is not None:
        try:
            ed = _qualified_edition(qualifier, edition, ed)
        except EditionError as exc:
            verdict.reason = exc.told(lang)
            return verdict
        trace = Trace(ed, numbering, lang)
        verdict.edition = ed.date or "latest"
    _evaluate(claim, ClaimForms(trace, card_lookup(cards)), verdict)
    verdict.explanation = trace.steps
    verdict.rules = trace.rules
    verdict.numbering = numbering.source if numbering is not None else None
    return verdict


def _answer_typed(typed: Reading, verdict: Verdict, asked: Optional[str], ed, numbering, conn) -> tuple[Verdict, bool]:
    """The claim reader's answer (:mod:`kb.checker.reader`, its queries evaluated by
    :mod:`kb.checker.card_queries` on the card data), as a new Verdict, and whether it is final:
    true, false, or unknown for a reason the claim itself gives (an ambiguous negation, a
    concession that does not hold, a keyword the card only mentions); an answer outside the
    model (no card data, an attribute it does not compute) lets the controlled language try."""
    final = False
    second = Verdict(verdict.claim, "unknown", edition=verdict.edition, lang=verdict.lang,
                     evidence=verdict.evidence, reading=verdict.reading)
    try:
        ed = _typed_edition(typed, asked, ed, conn)
    except EditionError as exc:
        second.reason = exc.told(verdict.lang)
        return second, True
    second.edition = ed.date or "latest"
    trace = Trace(ed, numbering, verdict.lang)
    try:
        model = SituationModel(typed, trace, designate_in(conn)) if is_situation(typed) else QueryModel(typed, designate_in(conn), trace)
        second.answer = "true" if model.evaluate() else "false"
        final = True
    except Unknown as exc:
        second.reason = exc.told(verdict.lang)
        final = True
    except OutsideModel as exc:
        second.reason = exc.told(verdict.lang)
    except AmbiguousName as exc:
        second.reason = render(verdict.lang, "the name fits several cards: {cards}", {"cards": "; ".join(exc.candidates)})
    except sqlite3.DatabaseError:     # a damaged knowledge base is said, never answered
        raise
    except Exception as exc:  # a bug must not turn into a guess: say so
        second.reason = render(verdict.lang, "internal error of the checker ({kind}: {error}); please report the claim",
                               {"kind": type(exc).__name__, "error": exc})
    second.explanation = trace.steps
    second.rules = trace.rules
    second.numbering = numbering.source if numbering is not None else None
    return second, final


def _typed_edition(typed: Reading, asked: Optional[str], ed, conn):
    """The edition a typed reading names (« selon les règles de 2008 », « d'après la FAQ de Sombrelande »)."""
    named = None
    if typed.edition == "before-m10":
        named = resolve_edition(BEFORE_M10)
    elif typed.edition and typed.edition != "latest":
        named = resolve_edition(typed.edition)
    elif typed.source:
        named = _source_edition(conn, typed.source)
    if named is None:
        return ed
    if asked is not None and named.date != ed.date and (named.date or "")[:4] != (ed.date or "")[:4]:
        raise EditionError("the claim names the rules of {named} but edition {asked} was asked for",
                           named=named.label, asked=ed.label)
    return ed if asked is not None else named


def _source_edition(conn, source: str):
    """The edition of the stored document a claim names by words of its title (« la FAQ de Sombrelande »)."""
    from parser.textkeys import fold

    words = [w for w in fold(source).split() if len(w) > 2]
    documents = conn.execute("SELECT id, title, edition FROM documents WHERE edition IS NOT NULL").fetchall()
    for _, title, edition in documents:
        if words and all(w in fold(title or "") for w in words):
            return resolve_edition(edition)
    for ident, _, edition in documents:     # "the Shadowmoor FAQ": the set of the French FAQ's cards
        named = _document_set(conn, ident)
        if words and named and all(w in fold(named) for w in words):
            return resolve_edition(edition)
    raise EditionError("no stored document is named {source}", named=source, asked=source, source=source)


def _document_set(conn, source: str) -> Optional[str]:
    """The English name of the set a stored document is about: the set that printed most of the cards its
    card records and notes name, when it printed at least half of them (a set's FAQ also names older cards)."""
    rows = conn.execute("SELECT s.name, COUNT(DISTINCT m.card) FROM card_mentions m "
                        "JOIN mtg_printings p ON p.card = m.card JOIN mtg_sets s ON s.code = p.set_code "
                        "WHERE m.source = ? AND m.kind IN ('card_record', 'note') GROUP BY s.name "
                        "ORDER BY 2 DESC", (source,)).fetchall()
    total = conn.execute("SELECT COUNT(DISTINCT card) FROM card_mentions WHERE source = ? AND "
                         "kind IN ('card_record', 'note')", (source,)).fetchone()[0]
    return rows[0][0] if rows and total and 2 * rows[0][1] >= total else None


def typed_reading(text: str, lang: str, conn) -> Union[Reading, NotRead]:
    """The claim reader's :class:`Reading` of ``text``, or the :class:`NotRead` that stopped it."""
    try:
        return Reader(conn).read(text, lang)
    except NotRead as exc:
        return exc
    except sqlite3.DatabaseError:     # a damaged knowledge base is said, never answered
        raise
    except Exception as exc:  # a bug of the reader must not hide the controlled language's answer
        return NotRead(f"internal error of the reader ({type(exc).__name__}: {exc})", [])


def check_file(path: Union[str, Path], *, edition: Optional[str] = None, cards: Cards = None,
               evidence: Evidence = None) -> list[Verdict]:
    """Check every item of a YAML batch.

    The file is a list (or a mapping with a ``claims`` list) of items
    ``{claim: str, expected: true|false|unknown, note: str, edition: str?}``;
    an item's own ``edition`` wins over the argument.  Each Verdict carries
    ``expected`` and ``note``; ``verdict.passed`` compares.  Raises
    ValueError naming the file (and the line or item) for a file that is not
    such a list: not UTF-8, malformed YAML, a tag (``!!python``…), empty, a
    mapping without ``claims``, an item without a text ``claim`` or with an
    ``expected`` other than true, false or unknown.
    """
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start}); save it as UTF-8") from exc
    except yaml.YAMLError as exc:
        mark, problem = getattr(exc, "problem_mark", None), getattr(exc, "problem", None) or "syntax error"
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        refused = "; tags such as !!python are refused" if isinstance(exc, yaml.constructor.ConstructorError) else ""
        raise ValueError(f"{path}: {where}not valid YAML ({problem}{refused}); see docs/claims.md") from exc
    if isinstance(data, dict):
        if "claims" not in data:
            raise ValueError(f"{path}: a mapping without a 'claims' list; write a list of "
                             "{claim, expected, note} items, or put it under 'claims:'")
        data = data["claims"]
    if not isinstance(data, list) or not data:
        raise ValueError(f"{path}: no claim (the file must be a non-empty list of {{claim, expected, note}} items)")
    lookup = card_lookup(cards)
    verdicts = []
    for i, item in enumerate(data, 1):
        if not isinstance(item, dict) or "claim" not in item:
            raise ValueError(f"{path}: item {i} has no 'claim'")
        if not isinstance(item["claim"], str):
            raise ValueError(f"{path}: item {i}: the claim is a {type(item['claim']).__name__}, "
                             "not a sentence; write one claim per item")
        expected = item.get("expected")
        if isinstance(expected, bool):
            expected = "true" if expected else "false"
        if expected is not None and str(expected).lower() not in ("true", "false", "unknown"):
            raise ValueError(f"{path}: item {i}: expected is {expected!r}; write true, false or unknown")
        v = check_claim(item["claim"], edition=item.get("edition", edition), cards=lookup, evidence=evidence)
        v.expected = None if expected is None else str(expected).lower()
        v.note = item.get("note")
        verdicts.append(v)
    return verdicts
