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
import math
import sqlite3
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Optional

from kb.checker.gist import SELF, Gist, gist, word_class
from kb.checker.gist_judge import Judgement, judge
from kb.checker.lexicon import lexicon_at, to_english
from kb.checker.messages import render
from kb.checker.said import (TWINS, Said, card_text, edition_in_force, general_gists, general_rulings, gists,
                             sources_of)
from kb.checker.verdict import Verdict
from kb.data import terms_dir
from kb.store.db import built_stamp, database_path

__all__ = ["Match", "closest_sentence", "consult_documents"]

#: Fewest distinct atoms a claim needs to be compared (shorter ones align with anything).
MIN_ATOMS = 4
#: Least cover for a sentence to be shown as evidence when the claim is not decided.
EVIDENCE_COVER = 0.6
#: The rules update after which a 2008 FAQ note may be out of date (Magic 2010).
_M10 = "2009-07-11"


@dataclass(frozen=True)
class Match:
    said: Said
    judgement: Judgement

    @property
    def answer(self) -> Optional[str]:
        return self.judgement.answer


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


#: What :func:`closest_sentence` may compare a claim with, besides the rules text of a card: the notes and rules
#: of the claim's language (French notes and rules, or the English rules of the edition in force); the French
#: notes and rules read in English words; the English text of the French rules; the rulings given for many
#: cards; the English text of the card.
AMONG = ("documents", "french", "twins", "rulings", "oracle")


def closest_sentence(claim: str, lang: str, conn: sqlite3.Connection, edition: str = "latest",
                     names: Iterable[str] = (), not_from: Optional[str] = None,
                     card: Optional[str] = None, surface: str = "", among: str = "documents") -> Optional[Match]:
    """The sentence closest to ``claim``, with its answer (None when none decides, or two disagree):
    among the rules text of ``card`` when given (``among`` "oracle": its English text for a French claim,
    some cards have none in French), else among the sentences ``among`` names (:data:`AMONG`).  An English
    claim is compared with French sentences read in English words (:mod:`kb.checker.lexicon`), a French claim
    with English ones read in English words."""
    if among not in AMONG:
        raise ValueError(f"among must be one of {', '.join(AMONG)}, not {among!r}")
    path = database_path(conn)
    if path is None:
        return None
    text_lang = "en" if among in ("oracle", "twins", "rulings") else "fr" if among == "french" else lang
    sources, which = _sources(conn, path, text_lang, edition, card, surface, among)
    if not sources:
        return None
    if card is not None:
        names = set(names) | set(word_class(lang, "this")) | set(word_class(text_lang, "this"))
    names = frozenset(n for n in names if n)
    said = gist(claim, names, lang)
    translated = lang != text_lang
    if lang == "fr" and text_lang == "en":
        said = to_english(said, lexicon_at(path, built_stamp(conn)))
    distinct = set(said.atoms)
    if len(distinct) < MIN_ATOMS:
        return None
    if among == "french":
        compared_with = _in_english(path, names, conn)
    elif among == "rulings":
        compared_with = general_gists(path)
    elif card is not None:
        compared_with = tuple(gist(s.wording, names, text_lang) for s in sources)
    else:
        compared_with = gists(path, which, names)
    found = _judged(said, sources, compared_with, card, names, not_from, translated, edition,
                    ("fr" if lang == text_lang == "fr" else "en", text_lang))
    if not found:
        return None
    decided = {m.answer for m in found if m.answer}
    best = max(found, key=lambda m: (m.answer is not None, m.judgement.cover, m.judgement.aligned))
    if len(decided) > 1:
        return Match(best.said, Judgement(best.judgement.cover, best.judgement.aligned))
    return best


def _judged(said: Gist, sources, compared_with, card: Optional[str], names: frozenset[str],
            not_from: Optional[str], translated: bool, edition: str, langs: tuple[str, str]) -> list[Match]:
    """Each sentence close enough to the claim, with what :func:`kb.checker.gist_judge.judge` says of it and
    the guards of the module (another topic's sentence, a sentence not of the claim's time); ``langs``: the
    language of the claim's atoms and that of the sentences."""
    topics = _topics(langs[0])
    distinct = set(said.atoms)
    found: list[Match] = []
    # in the card's own text, and in the notes of the FAQ's record of it, the card need not be named
    # (« Counter target instant spell. », « Si une autre créature que vous contrôlez a les deux couleurs, elle
    # gagne un total de +2/+2. »)
    folded_names = {n.casefold() for n in names}
    for k in _candidates(compared_with, distinct):
        source, g = sources[k], compared_with[k]
        of_the_card = card is not None or bool(source.card) and source.card.casefold() in folded_names
        wanted = distinct - {SELF} if of_the_card else distinct
        if source.source == not_from or len(wanted & g.atom_set) < EVIDENCE_COVER * len(wanted):
            continue
        j = judge(said, g, of_the_card=of_the_card, translated=translated)
        if j.answer:
            # a game term of the claim the sentence never says: another topic's sentence, unless the card's
            # own text says another term of its kind in its place ("counter a sorcery spell")
            other_topic = (distinct - g.atom_set) & topics and not (card is not None and j.changed)
            if other_topic or not _of_its_time(source, edition, langs[1]):
                j = Judgement(j.cover, j.aligned)
        found.append(Match(source, j))
    return found


#: The atom index of each tuple of gists compared (by its identity: the tuples are cached, and kept here).
_INDEXES: dict[int, tuple[tuple, dict[str, list[int]]]] = {}
_FIRST_SEEN: dict[int, tuple] = {}


def _candidates(compared_with: tuple[Gist, ...], distinct: set[str]) -> list[int]:
    """The indexes of the gists that may hold :data:`EVIDENCE_COVER` of the claim's atoms ``distinct`` (its
    card, ``SELF``, aside): any such gist holds one of the rarest atoms, so only the gists of those are read."""
    atoms = distinct - {SELF}
    need = math.ceil(EVIDENCE_COVER * len(distinct)) - 1      # (the card, SELF, may be one of the atoms held)
    if need <= 0 or not atoms:
        return list(range(len(compared_with)))
    held = _INDEXES.get(id(compared_with))
    if held is None or held[0] is not compared_with:
        # the first claim compared reads every gist (a process that checks one claim needs no index); the
        # second builds the index
        if _FIRST_SEEN.get(id(compared_with)) is not compared_with:
            _FIRST_SEEN[id(compared_with)] = compared_with
            return list(range(len(compared_with)))
        if len(_INDEXES) > 32:
            _INDEXES.clear()
            _FIRST_SEEN.clear()
        index: dict[str, list[int]] = {}
        for k, g in enumerate(compared_with):
            for atom in g.atom_set:
                index.setdefault(atom, []).append(k)
        held = _INDEXES[id(compared_with)] = (compared_with, index)
    index = held[1]
    rarest = sorted(atoms, key=lambda a: len(index.get(a, ())))[:len(atoms) - need + 1]
    return sorted({k for atom in rarest for k in index.get(atom, ())})


def _sources(conn: sqlite3.Connection, path: str, lang: str, edition: str, card: Optional[str], surface: str,
             among: str) -> tuple[tuple[Said, ...], Optional[str]]:
    """The sentences :func:`closest_sentence` compares a claim with, and which of :func:`kb.checker.said.gists`
    they are (None for a card's text and the rulings)."""
    if card is not None:
        return (card_text(conn, card, lang, surface) if edition == "latest" else ()), None
    if among == "rulings":
        return (general_rulings(path) if edition == "latest" else ()), None
    if among == "twins":
        return sources_of(path, TWINS), TWINS
    if lang == "fr":
        return sources_of(path, "fr"), "fr"
    ed = edition_in_force(conn, edition)
    return (sources_of(path, ed) if ed else ()), ed


def _in_english(path: str, names: frozenset[str], conn: sqlite3.Connection) -> tuple[Gist, ...]:
    """The gists of the French notes and rules in English atoms (:func:`kb.checker.lexicon.to_english`)."""
    return _translated(path, names, built_stamp(conn))


@lru_cache(maxsize=8)
def _translated(path: str, names: frozenset[str], built: str) -> tuple[Gist, ...]:
    lex = lexicon_at(path, built)
    return tuple(to_english(g, lex) for g in gists(path, "fr", names))


def _cited(said: Said, lang: str) -> str:
    if said.kind == "ruling":
        return (f"décision du {said.date}, donnée pour {said.cards} cartes (dont {said.id}) : « {said.sentence} »"
                if lang == "fr" else
                f"ruling of {said.date}, given for {said.cards} cards (among them {said.id}): “{said.sentence}”")
    if said.kind == "twin":           # a French rule, in the English of the edition it is aligned with
        return (f"règle {said.id} ({said.source}), en anglais : règle {said.twin_of} des Règles complètes du "
                f"{said.date} : « {said.sentence} »" if lang == "fr" else
                f"rule {said.id} ({said.source}), in English: rule {said.twin_of} of the Comprehensive Rules of "
                f"{said.date}: “{said.sentence}”")
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
    lang = verdict.lang
    match = closest_sentence(claim, lang, conn, verdict.edition, names, not_from, card, surface)
    for among, wanted in (("oracle", card is not None and lang == "fr"),    # a card with no French text
                          ("twins", card is None and lang == "en"),         # a French rule, in English
                          ("french", card is None and lang == "en"),        # a note of a French FAQ
                          ("rulings", card is None and not names)):         # a mechanic: its rulings
        if wanted and (match is None or match.answer is None):
            other = closest_sentence(claim, lang, conn, verdict.edition, names, not_from, card, surface, among)
            if other is not None and (other.answer is not None or match is None):
                match = other
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
    if said.lang == "en" != lang:          # a French claim, an English sentence
        decided.explanation.append(render(lang, "the English sentence is compared with the claim read in English "
                                                "words learned from the card data's French and English texts", {}))
    elif said.lang == "fr" != lang:
        decided.explanation.append(render(lang, "the French sentence is read in English words learned from the "
                                                "card data's French and English texts", {}))
    return decided
