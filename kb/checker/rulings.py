"""Claims that restate one of a card's rulings: both read into the same gist, then aligned.

Judges write many claims as paraphrases of a card's rulings (« si la cible est illégale, vous ne perdez
pas 2 points de vie », "Tezzeret himself has affinity for artifacts").  When neither the claim reader
nor the controlled language can decide such a claim, this module compares it with the rulings of the
one card it names (``mtg_rulings``, English, as of today's rules):

* the claim and each ruling sentence become a :class:`Gist`: their content words in order, lemmatised
  (simplemma), the card's names and « itself » read as one ``SELF`` atom, each atom marked when a
  negation (« doesn't », "never", "no") or a restriction ("only", "just") stands before it.  The word
  classes are data (``corpus/terms/gist_words.tsv``; the reading is
  :mod:`kb.checker.gist`, the alignment :mod:`kb.checker.gist_judge`);
* the ruling sentence closest to the claim is the one whose atoms cover most of the claim's, in the
  claim's order (a longest common subsequence: a claim that swaps who does what to whom does not align);
* the claim restates the ruling (true) when it is covered closely enough (within a stretch of the sentence
  at most twice the claim's length, and no word of the claim it lacks said in another ruling sentence of
  the card), no two of its words stand in
  the ruling in the other order (« the attacking creature deals damage to the blocking creature » is not
  the ruling that says the reverse; one word moved, "fused" for "with fuse", is a paraphrase), its numbers and mana symbols are the ruling's, and every aligned atom
  carries the same marks; it says the opposite (false) when
  exactly one aligned atom is negated in one and not in the other, and nothing else differs.  Anything
  else — a negation or restriction left unaligned, two rulings that disagree, a loose cover — is
  unknown, with the closest ruling given as evidence.

A French claim is read in English words first (the rulings are English: :mod:`kb.checker.lexicon`); claims
about an earlier edition are not compared (the rulings are today's).
"""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Optional

from kb.checker.gist import SELF, Gist, compared, gist, sentences, word_class
from kb.checker.gist_judge import judge
from kb.checker.lexicon import lexicon, to_english
from kb.checker.messages import render
from kb.checker.verdict import Verdict

__all__ = ["RulingMatch", "closest_ruling", "consult_rulings", "card_names"]

#: Fewest distinct atoms a claim needs to be compared (shorter ones align with anything).
MIN_ATOMS = 3
#: Least cover for a ruling to be shown as evidence when the claim is not decided.
EVIDENCE_COVER = 0.5


@dataclass(frozen=True)
class RulingMatch:
    """The ruling sentence closest to a claim, and what the alignment says (``true``, ``false`` or None)."""

    card: str
    date: str
    ruling: str
    sentence: str
    cover: float
    aligned: float
    answer: Optional[str]
    #: (the atom negated in one and not in the other, "ruling" or "claim": which one negates it), answer false
    flipped: Optional[tuple[str, str]] = None


def card_names(conn: sqlite3.Connection, card: str, surface: str = "") -> set[str]:
    """The names a sentence may call ``card`` by: its name, its faces', the part before a comma, the
    claim's, its French names and faces'."""
    names = {card, surface, card.split(",")[0].strip()}
    faces = [f for (f,) in conn.execute("SELECT face_name FROM mtg_faces WHERE card = ? AND face_name IS NOT NULL",
                                        (card,))]
    for name, face in conn.execute("SELECT DISTINCT name, face_name FROM mtg_french WHERE card = ?", (card,)):
        faces += [n for n in (name, face) if n]
    for face in faces:
        names.update({face, face.split(",")[0].strip()})
    for n in list(names):
        names.update(_short(n))
    return {n for n in names if len(n) > 2}


def _short(name: str) -> tuple[str, ...]:
    """How a text calls a card for short, with its article ("the Wurm" for Witherscale Wurm, « la Hache »
    for « Hache de sombracier »): the last word of an English name, the first of a French one.  The bare
    noun is not a name: "Elves you control" is not Llanowar Elves."""
    words = name.split(",")[0].split()
    if len(words) < 2:
        return ()
    if any(w in ("de", "du", "des", "d'", "la", "le", "les") for w in words) or "'" in name:
        return (f"la {words[0]}", f"le {words[0]}", f"l'{words[0]}")
    return (f"the {words[-1]}",)


def _said_elsewhere(missing: set[str], sentence: Gist, read: list) -> bool:
    """Whether a word of the claim that the sentence lacks is in another sentence of the card's rulings:
    the claim is then about what that other sentence says, not this one.  The card itself is no such word
    (a ruling that calls it "two Godheads of Awe" need not name it as the claim does)."""
    specific = {atom for atom in missing if atom not in word_class("en", "generic") and atom != SELF}
    return any(specific & set(other.atoms) for *_, other in read if other is not sentence)


def closest_ruling(claim: str, card: str, conn: sqlite3.Connection, surface: str = "",
                   lang: str = "en") -> Optional[RulingMatch]:
    """The ruling sentence of ``card`` closest to ``claim`` (English, or French read in English words:
    :mod:`kb.checker.lexicon`), with its answer; None without rulings or when the claim is too short to
    compare.  Two decided sentences that disagree leave the answer None."""
    names = card_names(conn, card, surface)
    said = gist(claim, names, lang)
    if lang == "fr":
        said = to_english(said, lexicon(conn))
    if len(set(said.atoms)) < MIN_ATOMS:
        return None
    read = [(date or "", text, sentence, gist(wording, names))
            for date, text in conn.execute("SELECT date, text FROM mtg_rulings WHERE card = ? ORDER BY date, rowid",
                                           (card,))
            for wording, sentence in compared(sentences(text))]
    found: list[RulingMatch] = []
    for date, text, sentence, ruling in read:
        j = judge(said, ruling, of_the_card=True, translated=lang == "fr")
        cover, aligned, answer = j.cover, j.aligned, j.answer
        flipped = (j.flipped[0], "ruling" if j.flipped[1] == "sentence" else "claim") if j.flipped else None
        if j.changed:
            answer = None              # a changed number is not read against rulings
        if answer and _said_elsewhere(set(said.atoms) - set(ruling.atoms), ruling, read):
            answer = flipped = None
        found.append(RulingMatch(card, date, text, sentence, cover, aligned, answer, flipped))
    if not found:
        return None
    decided = {m.answer for m in found if m.answer}
    best = max(found, key=lambda m: (m.answer is not None, m.cover, m.aligned))
    if len(decided) > 1:
        return RulingMatch(best.card, best.date, best.ruling, best.sentence, best.cover, best.aligned, None)
    return best


def named_card(claim: str, conn: sqlite3.Connection, lang: str = "en") -> Optional[tuple[str, str]]:
    """(card, the words the claim calls it by) when the claim names exactly one card, else None."""
    from kb.checker.reader import Reader

    tokens = Reader(conn).tokens(claim, lang).tokens
    named = {(t.value["card"], t.value["surface"]) for t in tokens
             if t.type == "CARD" and isinstance(t.value, dict) and not t.value.get("ambiguous")}
    cards = {card for card, _ in named}
    if len(cards) != 1:
        return None
    return min(named) if len(named) == 1 else (min(named)[0], "")   # two faces named: no one surface


def consult_rulings(verdict: Verdict, claim: str, conn: sqlite3.Connection, latest: bool) -> Verdict:
    """``verdict`` (unknown) decided by the ruling the claim restates, or kept with that ruling as evidence.

    Only claims about today's rules that name one card are compared (see the module docstring)."""
    if not latest:
        return verdict
    card = named_card(claim, conn, verdict.lang)
    match = closest_ruling(claim, card[0], conn, card[1], verdict.lang) if card else None
    if match is None or match.cover < EVIDENCE_COVER:
        return verdict
    quoted = render(verdict.lang, "ruling of {date} on {card}: “{sentence}”",
                    {"date": match.date, "card": match.card, "sentence": match.sentence})
    if match.answer is None:
        verdict.evidence = [{"kind": "ruling", "id": f"{match.card} ({match.date})", "url": None,
                             "snippet": match.ruling}] + list(verdict.evidence)
        return verdict
    decided = Verdict(verdict.claim, match.answer, edition=verdict.edition, lang=verdict.lang,
                      evidence=verdict.evidence, reading=verdict.reading)
    lang = verdict.lang
    agreement = render(lang, "; the negations agree", {})
    if match.flipped:
        word, negator = match.flipped
        other = "claim" if negator == "ruling" else "ruling"
        agreement = render(lang, "; the {negator} negates “{word}” and the {other} does not",
                           {"negator": render(lang, negator, {}), "word": word, "other": render(lang, other, {})})
    cover = f"{match.cover:.0%}".replace("%", " %" if lang == "fr" else "%")
    decided.explanation = [quoted, render(lang, "the claim covers {cover} of its words, in its order",
                                          {"cover": cover}) + agreement]
    if lang == "fr":     # the rulings are English: the claim was read in English words
        decided.explanation.append(render(lang, "the English sentence is compared with the claim read in English "
                                                "words learned from the card data's French and English texts", {}))
    return decided
