"""Claims that restate a card's text, a note of a French FAQ or a rule: decided by that sentence.

Much of what judges write about a mechanic paraphrases one sentence of the documents the knowledge base
holds (« Plusieurs occurrences de flétrissure sur un même objet sont redondantes », "A creature can be
paired with only one other creature").  When no reader decides such a claim, it is compared, through
:mod:`kb.checker.gist`, with the sentences of the same language:

* a claim that names one card, first with the sentences of that card's rules text in its language (the
  oracle text in English, the French text of the latest printing in French), as rulings are;
* a French claim with the notes of every French FAQ and the French rules documents (their rules, as the
  documents quote them);
* an English claim that names no card with the rules of the Comprehensive Rules edition in force on the
  claim's edition (an English claim naming a card is for its rulings, :mod:`kb.checker.rulings`).

A sentence decides only when :func:`kb.checker.gist_judge.judge` does and:

* no word of the claim that the sentence lacks is a game term (a keyword, a type, a rules term of
  ``corpus/terms/terms_fr_en.tsv``): "Multiple instances of flanking are redundant" is not the
  deathtouch rule that says so of deathtouch;
* the sentences that decide agree;
* the document is of the claim's time: a French FAQ note speaks for the rules of its date (the Sombrelande
  FAQ: 2008), so it decides a claim about today only when none of its words is one of a rule changed
  since (``dated`` in ``gist_words.tsv``: mana burn, layer 6b, « en jeu »…), and a claim about an
  edition before the document never;
* the sentence is not from the document being checked (``kb check --document``).

The claim's card, when it names exactly one, is one atom in the claim and in every sentence, under any
of its names (French, English, its faces').
"""
from __future__ import annotations

import csv
import sqlite3
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Optional

from kb.checker.gist import SELF, Gist, compared, condition_last, gist, sentences, word_class
from kb.checker.gist_judge import Judgement, judge
from kb.checker.lexicon import built_stamp, lexicon_at, to_english
from kb.checker.messages import render
from kb.checker.verdict import Verdict
from kb.data import terms_dir
from kb.store.db import database_path

__all__ = ["Said", "Match", "closest_sentence", "consult_documents"]

#: Fewest distinct atoms a claim needs to be compared (shorter ones align with anything).
MIN_ATOMS = 4
#: Least cover for a sentence to be shown as evidence when the claim is not decided.
EVIDENCE_COVER = 0.6
#: The rules update after which a 2008 FAQ note may be out of date (Magic 2010).
_M10 = "2009-07-11"


@dataclass(frozen=True)
class Said:
    """One sentence of the knowledge base a claim may restate: a note (``id`` its number) or a rule
    (``id`` its number), its document, the document's date, the whole text and the sentence."""

    kind: str
    id: str
    source: str
    date: str
    text: str
    sentence: str
    #: The card a FAQ note is about (its card record's name), else "".
    card: str = ""
    #: For a ruling given for many cards (``kind`` "ruling", ``id`` one of the cards): how many.
    cards: int = 0
    #: The wording compared with claims, when not the sentence as written (:func:`kb.checker.gist.compared`:
    #: its aside left out, its condition said last).
    compared_as: str = ""

    @property
    def wording(self) -> str:
        return self.compared_as or self.sentence


@dataclass(frozen=True)
class Match:
    said: Said
    judgement: Judgement

    @property
    def answer(self) -> Optional[str]:
        return self.judgement.answer


@lru_cache(maxsize=8)
def _french(path: str) -> tuple[Said, ...]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        dates = dict(conn.execute("SELECT id, COALESCE(edition, '') FROM documents"))
        rows = list(conn.execute("SELECT 'note', CAST(nid AS TEXT), source, text, COALESCE(card, '') FROM notes "
                                 "ORDER BY nid"))
        rows += list(conn.execute("SELECT 'rule', number, source, text, '' FROM rules WHERE lang = 'fr' "
                                  "ORDER BY source, position"))
    finally:
        conn.close()
    return tuple(Said(kind, ident, source, dates.get(source, ""), text, written, card, compared_as=wording)
                 for kind, ident, source, text, card in rows for wording, written in compared(sentences(text)))


@lru_cache(maxsize=4)
def _english(path: str, edition: str) -> tuple[Said, ...]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = list(conn.execute("SELECT number, source, text FROM rules WHERE lang = 'en' AND edition = ? "
                                 "ORDER BY position", (edition,)))
    finally:
        conn.close()
    return tuple(Said("rule", number, source, edition, text, s) for number, source, text in rows
                 for s in sentences(text))


#: Fewest cards a ruling must be given for to be read as a statement about the game rather than about a card
#: ("Hybrid mana symbols … count toward your devotion", given for 55 cards).
GENERAL_CARDS = 3


@lru_cache(maxsize=4)
def _general_rulings(path: str) -> tuple[Said, ...]:
    """The sentences of the rulings given, word for word, for at least :data:`GENERAL_CARDS` cards: what the
    rulings say of a mechanic (persist, hybrid mana, banding, {Q}…), as of today's rules."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT text, MAX(date), COUNT(DISTINCT card), MIN(card) FROM mtg_rulings "
                            "GROUP BY text HAVING COUNT(DISTINCT card) >= ? ORDER BY MIN(rowid)",
                            (GENERAL_CARDS,)).fetchall()
    finally:
        conn.close()
    return tuple(Said("ruling", card, card, date or "", text, written, cards=n, compared_as=wording)
                 for text, date, n, card in rows for wording, written in compared(sentences(text)))


@lru_cache(maxsize=4)
def _general_gists(path: str) -> tuple[Gist, ...]:
    return tuple(gist(s.wording, (), "en") for s in _general_rulings(path))


def _edition_in_force(conn: sqlite3.Connection, edition: str) -> Optional[str]:
    path = database_path(conn)
    editions = _editions(path) if path else tuple(
        r[0] for r in conn.execute("SELECT DISTINCT edition FROM rules WHERE lang = 'en'") if r[0])
    in_force = [e for e in editions if edition == "latest" or e <= edition]
    return max(in_force) if in_force else None


@lru_cache(maxsize=8)
def _editions(path: str) -> tuple[str, ...]:
    """The English editions of the knowledge base at ``path`` (read once: a claim asks for one of them)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return tuple(r[0] for r in conn.execute("SELECT DISTINCT edition FROM rules WHERE lang = 'en'") if r[0])
    finally:
        conn.close()


@lru_cache(maxsize=4)
def _plain_gists(path: str, edition: Optional[str], lang: str) -> tuple[tuple[Gist, ...], tuple[str, ...]]:
    """The gists of the notes and rules of ``lang`` (:func:`_french`, or :func:`_english` of ``edition``)
    with no card named, and each sentence folded as :func:`_named` looks for a name in it."""
    sources = _french(path) if lang == "fr" else _english(path, edition)
    return tuple(gist(s.wording, (), lang) for s in sources), tuple(_folded(s.wording) for s in sources)


def _folded(text: str) -> str:
    return text.replace("’", "'").replace("‘", "'").replace("\u00a0", " ").casefold()


@lru_cache(maxsize=16)
def _read(path: str, edition: Optional[str], names: frozenset[str], lang: str) -> tuple[Gist, ...]:
    """The gists of the notes and rules of ``lang`` with ``names`` read as the claim's card: a sentence
    that holds none of them has its gist with no card named (read once per knowledge base and edition),
    the few that hold one are read again."""
    plain, folded = _plain_gists(path, edition, lang)
    if not names:
        return plain
    sources = _french(path) if lang == "fr" else _english(path, edition)
    wanted = [_folded(n) for n in names]
    return tuple(gist(s.wording, names, lang) if any(n in text for n in wanted) else g
                 for s, g, text in zip(sources, plain, folded))


@lru_cache(maxsize=2)
def _topics(lang: str) -> frozenset[str]:
    """The atoms of the game's terms in ``lang`` (keyword abilities and actions, ability words, rules
    terms, card types and subtypes: ``corpus/terms/terms_fr_en.tsv``): what a sentence is about."""
    atoms: set[str] = set()
    with open(terms_dir() / "terms_fr_en.tsv", encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE):
            atoms.update(gist(row.get(lang) or "", (), lang).atoms)
    return frozenset(atoms) - frozenset(word_class(lang, "generic"))


def _dated(said: Said, lang: str) -> bool:
    words = word_class(lang, "dated")
    low = said.sentence.lower()
    return any(w in low for w in words)


def _of_its_time(said: Said, edition: str, lang: str) -> bool:
    if said.kind in ("text", "ruling") or said.kind == "rule" and lang == "en":
        return True                                   # the edition's own rules; today's rulings, asked of today
    if not said.date:                                 # a document of unknown date: for today only
        return (edition == "latest" or edition >= _M10) and not _dated(said, lang)
    if edition == "latest" or edition >= _M10:
        return said.date >= _M10 or not _dated(said, lang)
    return edition >= said.date


def _card_text(conn: sqlite3.Connection, card: str, lang: str, surface: str) -> tuple[Said, ...]:
    """The sentences of ``card``'s rules text in ``lang``: the oracle text (English), the French text of
    its latest printing (French: older printings may predate an erratum).  Of a card with several faces,
    only the text of the face the claim names (``surface``), none when it names the whole card or several
    faces: a face's text speaks for that face."""
    if lang == "fr":
        rows = conn.execute("SELECT face_name, text FROM mtg_french WHERE card = ? AND text IS NOT NULL AND "
                            "doubtful = '' AND release_date = (SELECT MAX(release_date) FROM mtg_french WHERE "
                            "card = ? AND doubtful = '') GROUP BY side ORDER BY side", (card, card)).fetchall()
    else:
        rows = conn.execute("SELECT face_name, text FROM mtg_faces WHERE card = ? AND text IS NOT NULL "
                            "ORDER BY side", (card,)).fetchall()
    if len(rows) > 1:
        rows = [r for r in rows if r[0] and surface and r[0].lower() == surface.lower()]
    said = [(text, s, "") for _, text in rows for line in text.splitlines() for s in sentences(line)]
    said += [(text, s, last) for text, s, _ in said for last in [condition_last(s)] if last]
    return tuple(Said("text", card, "card data", "", text, s, compared_as=wording) for text, s, wording in said)


def closest_sentence(claim: str, lang: str, conn: sqlite3.Connection, edition: str = "latest",
                     names: Iterable[str] = (), not_from: Optional[str] = None,
                     card: Optional[str] = None, surface: str = "", across: bool = False,
                     rulings: bool = False, oracle: bool = False) -> Optional[Match]:
    """The sentence closest to ``claim``, with its answer (None when none decides, or two disagree):
    among the rules text of ``card`` when given, else among the notes and rules of ``lang``; ``across``:
    an English claim among the French notes and rules, read in English words (:mod:`kb.checker.lexicon`);
    ``rulings``: among the rulings given for many cards (:func:`_general_rulings`); ``oracle``: a French claim
    among the English text of ``card`` (its oracle text: some cards have no French text); both with a French
    claim read in English words."""
    path = database_path(conn)
    if path is None:
        return None
    sources, ed = _sources(conn, path, "en" if oracle else lang, edition, card, surface, across, rulings)
    if not sources:
        return None
    if card is not None:
        names = set(names) | set(word_class(lang, "this")) | set(word_class("en", "this") if oracle else ())
    names = frozenset(n for n in names if n)
    said = gist(claim, names, lang)
    translated = across or (rulings or oracle) and lang == "fr"
    if (rulings or oracle) and lang == "fr":
        said, lang = to_english(said, lexicon_at(path, built_stamp(conn))), "en"
    distinct = set(said.atoms)
    if len(distinct) < MIN_ATOMS:
        return None
    if across:
        gists = _in_english(path, names, conn)
    elif rulings:
        gists = _general_gists(path)
    else:
        gists = _read(path, ed, names, lang) if card is None else tuple(gist(s.wording, names, lang) for s in sources)
    topics = _topics(lang)
    found: list[Match] = []
    # in the card's own text, and in the notes of the FAQ's record of it, the card need not be named
    # (« Counter target instant spell. », « Si une autre créature que vous contrôlez a les deux couleurs, elle
    # gagne un total de +2/+2. »)
    folded_names = {n.casefold() for n in names}
    for source, g in zip(sources, gists):
        of_the_card = card is not None or bool(source.card) and source.card.casefold() in folded_names
        wanted = distinct - {SELF} if of_the_card else distinct
        if source.source == not_from or len(wanted & set(g.atoms)) < EVIDENCE_COVER * len(wanted):
            continue
        j = judge(said, g, of_the_card=of_the_card, translated=translated)
        if j.answer:
            # a game term of the claim the sentence never says: another topic's sentence, unless the card's
            # own text says another term of its kind in its place ("counter a sorcery spell")
            other_topic = (distinct - set(g.atoms)) & topics and not (card is not None and j.changed)
            if other_topic or not _of_its_time(source, edition, "fr" if across else lang):
                j = Judgement(j.cover, j.aligned)
        found.append(Match(source, j))
    if not found:
        return None
    decided = {m.answer for m in found if m.answer}
    best = max(found, key=lambda m: (m.answer is not None, m.judgement.cover, m.judgement.aligned))
    if len(decided) > 1:
        return Match(best.said, Judgement(best.judgement.cover, best.judgement.aligned))
    return best


def _sources(conn: sqlite3.Connection, path: str, lang: str, edition: str, card: Optional[str], surface: str,
             across: bool, rulings: bool) -> tuple[tuple[Said, ...], Optional[str]]:
    """The sentences :func:`closest_sentence` compares a claim with, and the English edition they are of
    (None but for the Comprehensive Rules)."""
    if card is not None:
        return (_card_text(conn, card, lang, surface) if edition == "latest" else ()), None
    if rulings:
        return (_general_rulings(path) if edition == "latest" else ()), None
    if lang == "fr" or across:
        return _french(path), None
    ed = _edition_in_force(conn, edition)
    return (_english(path, ed) if ed else ()), ed


def _in_english(path: str, names: frozenset[str], conn: sqlite3.Connection) -> tuple[Gist, ...]:
    """The gists of the French notes and rules in English atoms (:func:`kb.checker.lexicon.to_english`)."""
    return _translated(path, names, built_stamp(conn))


@lru_cache(maxsize=8)
def _translated(path: str, names: frozenset[str], built: str) -> tuple[Gist, ...]:
    lex = lexicon_at(path, built)
    return tuple(to_english(g, lex) for g in _read(path, None, names, "fr"))


def _cited(said: Said, lang: str) -> str:
    if said.kind == "ruling":
        return (f"décision du {said.date}, donnée pour {said.cards} cartes (dont {said.id}) : « {said.sentence} »"
                if lang == "fr" else
                f"ruling of {said.date}, given for {said.cards} cards (among them {said.id}): “{said.sentence}”")
    if said.kind == "text":
        return f"texte de {said.id} : « {said.sentence} »" if lang == "fr" else f"text of {said.id}: “{said.sentence}”"
    where = ("note" if said.kind == "note" else ("règle" if lang == "fr" else "rule")) + f" {said.id}"
    dated = f"{said.source}{', ' + said.date if said.date and said.date != said.source else ''}"   # an edition is its date
    return f"{where} ({dated}) : « {said.sentence} »" if lang == "fr" else f"{where} ({dated}): “{said.sentence}”"


def _how(j: Judgement, lang: str) -> str:
    """How the claim lines up with the sentence, in the claim's language."""
    fr = lang == "fr"
    head = f"l'affirmation couvre {j.cover:.0%} de ses mots, dans son ordre" if fr else \
        f"the claim covers {j.cover:.0%} of its words, in its order"
    head = head.replace("%", " %") if fr else head
    if j.flipped:
        word, negator = j.flipped
        if fr:
            return head + (f" ; la phrase nie « {word} », l'affirmation non" if negator == "sentence"
                           else f" ; l'affirmation nie « {word} », la phrase non")
        other = "claim" if negator == "sentence" else "sentence"
        return head + f"; the {negator} negates “{word}” and the {other} does not"
    if j.changed:
        return head + (f" ; l'affirmation dit {j.changed[0]} où la phrase dit {j.changed[1]}" if fr
                       else f"; the claim says {j.changed[0]} where the sentence says {j.changed[1]}")
    return head + (" ; les négations concordent" if fr else "; the negations agree")


def consult_documents(verdict: Verdict, claim: str, conn: sqlite3.Connection, names: Iterable[str] = (),
                      not_from: Optional[str] = None, card: Optional[str] = None, surface: str = "") -> Verdict:
    """``verdict`` (unknown) decided by the sentence the claim restates — of ``card``'s rules text when
    given, else of the notes and rules — or kept with the closest one as evidence."""
    match = closest_sentence(claim, verdict.lang, conn, verdict.edition, names, not_from, card, surface)
    across = False
    if card is not None and verdict.lang == "fr" and (match is None or match.answer is None):
        # a French claim and the card's English text, when its French text is missing or says nothing of it
        other = closest_sentence(claim, "fr", conn, verdict.edition, names, not_from, card, surface, oracle=True)
        if other is not None and (other.answer is not None or match is None):
            match, across = other, True
    if card is None and verdict.lang == "en" and (match is None or match.answer is None):
        # an English claim about what a French FAQ says: its notes, read in English words
        other = closest_sentence(claim, "en", conn, verdict.edition, names, not_from, across=True)
        if other is not None and (other.answer is not None or match is None):
            match, across = other, True
    if card is None and not names and (match is None or match.answer is None):
        # a statement about a mechanic: the rulings given for many of its cards
        general = closest_sentence(claim, verdict.lang, conn, verdict.edition, rulings=True)
        if general is not None and (general.answer is not None or match is None):
            match, across = general, verdict.lang == "fr"
    if match is None:
        return verdict
    said = match.said
    if match.answer is None:
        verdict.evidence = [{"kind": said.kind, "id": said.id, "url": None, "snippet": said.text}] + \
            list(verdict.evidence)
        return verdict
    decided = Verdict(verdict.claim, match.answer, edition=verdict.edition, lang=verdict.lang,
                      evidence=verdict.evidence, reading=verdict.reading)
    decided.explanation = [_cited(said, verdict.lang), _how(match.judgement, verdict.lang)]
    if across and said.kind in ("ruling", "text"):      # a French claim, an English ruling or text
        decided.explanation.append(render(verdict.lang, "the English sentence is compared with the claim read in "
                                                        "English words learned from the card data's French and "
                                                        "English texts", {}))
    elif across:
        decided.explanation.append(render(verdict.lang, "the French sentence is read in English words learned "
                                                        "from the card data's French and English texts", {}))
    return decided
