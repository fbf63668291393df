"""Claims that restate one of a card's rulings: both read into the same gist, then aligned.

Judges write many claims as paraphrases of a card's rulings (« si la cible est illégale, vous ne perdez
pas 2 points de vie », "Tezzeret himself has affinity for artifacts").  When neither the claim reader
nor the controlled language can decide such a claim, this module compares it with the rulings of the
one card it names (``mtg_rulings``, English, as of today's rules):

* the claim and each ruling sentence become a :class:`Gist`: their content words in order, lemmatised
  (simplemma), the card's names and « itself » read as one ``SELF`` atom, each atom marked when a
  negation (« doesn't », "never", "no") or a restriction ("only", "just") stands before it.  The word
  classes are data (``corpus/terms/ruling_words.tsv``);
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

French claims are not compared (the rulings are English only); claims about an earlier edition are not
either (the rulings are today's).
"""
from __future__ import annotations

import csv
import re
import sqlite3
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Optional

from kb.checker.verdict import Verdict
from kb.data import terms_dir

__all__ = ["Gist", "RulingMatch", "gist", "closest_ruling", "consult_rulings"]

#: Least share of the claim's distinct atoms found in the ruling sentence, and of its atoms aligned in order.
COVER = 0.8
ALIGNED = 0.6
#: Longest stretch of the ruling sentence the aligned words may spread over, in claim lengths.
SPAN = 2
#: Fewest distinct atoms a claim needs to be compared (shorter ones align with anything).
MIN_ATOMS = 3
#: Least cover for a ruling to be shown as evidence when the claim is not decided.
EVIDENCE_COVER = 0.5

SELF = "SELF"
_NEG, _ONLY = "n", "o"
_WORD = re.compile(r"\{[^}]+\}|[a-z0-9][a-z0-9'+/\-]*")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(“\"])")


@dataclass(frozen=True)
class Gist:
    """The content atoms of a sentence, in order, each with its marks (``n`` negated, ``o`` restricted)."""

    atoms: tuple[str, ...]
    marks: tuple[str, ...]

    @property
    def quantities(self) -> frozenset[str]:
        return frozenset(a for a in self.atoms if a[0].isdigit() or a.startswith("{"))


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


@lru_cache(maxsize=1)
def _words() -> dict[str, dict[str, str]]:
    classes: dict[str, dict[str, str]] = {}
    with open(terms_dir() / "ruling_words.tsv", encoding="utf-8", newline="") as fh:
        rows = [line for line in fh if not line.startswith("#")]
    for row in csv.DictReader(rows, delimiter="\t", quoting=csv.QUOTE_NONE):
        classes.setdefault(row["category"], {})[row["word"]] = row["value"] or ""
    return classes


def _lemma(word: str) -> str:
    if word.startswith("{") or word[0].isdigit() or word == SELF.lower():
        return word
    import simplemma

    return simplemma.lemmatize(word, lang="en")


def _number(word: str) -> Optional[str]:
    """A number written in words, in figures ("three" -> "3"), so that it is a quantity to compare."""
    from kb.checker.entities import NUMBER_WORDS

    n = NUMBER_WORDS.get(word)
    return str(n) if n is not None else None


def _plain(text: str, names: Iterable[str]) -> str:
    text = text.replace("’", "'").replace("‘", "'")
    for name in sorted({n for n in names if n}, key=len, reverse=True):
        text = re.sub(r"(?<!\w)" + re.escape(name) + r"(?!\w)", " self ", text, flags=re.IGNORECASE)
    text = text.lower()
    for wording, term in sorted(_words()["same"].items(), key=lambda kv: -len(kv[0])):
        text = text.replace(wording, term)
    return text


def gist(text: str, names: Iterable[str] = ()) -> Gist:
    """The :class:`Gist` of one English sentence; ``names`` are the card's names (read as ``SELF``)."""
    words = _words()
    atoms: list[str] = []
    marks: list[str] = []
    pending, previous, skip = "", None, False
    for word in _WORD.findall(_plain(text, names)):
        if skip:
            skip = False
            continue
        word = word[:-2] if word.endswith("'s") else word
        if word in words["contraction"]:
            pending, previous = pending + _NEG, words["contraction"][word]
            continue
        if word == "not":
            if previous in words["auxiliary"]:
                pending += _NEG
            else:
                skip = True           # "your opponent, not you, …": the contrasted word is set aside
            previous = word
            continue
        previous = word
        if word in words["negation"]:
            pending += _NEG
            continue
        if word in words["restriction"]:
            pending += _ONLY
            continue
        if word in words["function"] or word in words["auxiliary"]:
            continue
        atom = SELF if word == "self" or word in words["self"] else _number(word) or _lemma(word)
        if atoms and atoms[-1] == atom == SELF:
            marks[-1] += pending
        else:
            atoms.append(atom)
            marks.append(pending)
        pending = ""
    return Gist(tuple(atoms), tuple(marks))


def _alignment(a: Gist, b: Gist) -> list[tuple[int, int]]:
    """The index pairs of a longest common subsequence of the atoms of ``a`` and ``b``; of equally long
    ones, that which aligns the most negated or restricted atoms (a negation is never left aside by a tie)."""
    x, y = a.atoms, b.atoms
    table = [[0.0] * (len(y) + 1) for _ in range(len(x) + 1)]
    for i in range(len(x)):
        for j in range(len(y)):
            best = max(table[i][j + 1], table[i + 1][j])
            if x[i] == y[j]:
                best = max(best, table[i][j] + 1 + (0.01 if a.marks[i] or b.marks[j] else 0))
            table[i + 1][j + 1] = best
    pairs, i, j = [], len(x), len(y)
    while i and j:
        if x[i - 1] == y[j - 1] and table[i][j] == table[i - 1][j - 1] + 1 + (
                0.01 if a.marks[i - 1] or b.marks[j - 1] else 0):
            pairs.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif table[i - 1][j] >= table[i][j - 1]:
            i -= 1
        else:
            j -= 1
    return pairs[::-1]


def _judge(claim: Gist, sentence: Gist) -> tuple[float, float, Optional[str], Optional[str]]:
    """(cover, aligned share, answer or None, the flipped atom) of ``claim`` against one ruling sentence."""
    distinct = set(claim.atoms)
    pairs = _alignment(claim, sentence)
    cover = len(distinct & set(sentence.atoms)) / len(distinct)
    aligned = len(pairs) / len(claim.atoms)
    if cover < COVER or aligned < ALIGNED or not claim.quantities <= set(sentence.atoms):
        return cover, aligned, None, None
    if pairs[-1][1] - pairs[0][1] + 1 > SPAN * len(claim.atoms):      # a few words scattered in a long sentence
        return cover, aligned, None, None
    in_claim = {i for i, _ in pairs}
    in_ruling = {j for _, j in pairs}
    if any(j not in in_ruling and sentence.atoms[j] in sentence.quantities
           for j in range(pairs[0][1], pairs[-1][1])):
        return cover, aligned, None, None       # "draw [three] cards and put two cards back": a number passed over
    aligned_atoms = {claim.atoms[i] for i in in_claim}
    misplaced = ({claim.atoms[i] for i in range(len(claim.atoms)) if i not in in_claim} & set(sentence.atoms)) \
        - aligned_atoms - {SELF}
    if len(misplaced) > 1:     # two words of the ruling exchanged: who does what to whom differs
        return cover, aligned, None, None
    loose = any(claim.marks[i] for i in range(len(claim.atoms)) if i not in in_claim) or \
        any(sentence.marks[j] for j in range(len(sentence.atoms)) if j not in in_ruling)
    restricted = [(_ONLY in claim.marks[i]) != (_ONLY in sentence.marks[j]) for i, j in pairs]
    flips = [(claim.atoms[i], "ruling" if _NEG in sentence.marks[j] else "claim")
             for i, j in pairs if (_NEG in claim.marks[i]) != (_NEG in sentence.marks[j])]
    if loose or any(restricted) or len(flips) > 1:
        return cover, aligned, None, None
    return cover, aligned, ("false" if flips else "true"), (flips[0] if flips else None)


def sentences(ruling: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(ruling) if s.strip()]


def card_names(conn: sqlite3.Connection, card: str, surface: str = "") -> set[str]:
    """The names a ruling may call ``card`` by: its name, its faces', the part before a comma, the claim's."""
    names = {card, surface, card.split(",")[0].strip()}
    for (face,) in conn.execute("SELECT face_name FROM mtg_faces WHERE card = ? AND face_name IS NOT NULL", (card,)):
        names.update({face, face.split(",")[0].strip()})
    return {n for n in names if len(n) > 2}


def _said_elsewhere(missing: set[str], sentence: Gist, read: list) -> bool:
    """Whether a word of the claim that the sentence lacks is in another sentence of the card's rulings:
    the claim is then about what that other sentence says, not this one."""
    specific = {atom for atom in missing if _lemma(atom) not in _words()["generic"]}
    return any(specific & set(other.atoms) for *_, other in read if other is not sentence)


def closest_ruling(claim: str, card: str, conn: sqlite3.Connection, surface: str = "") -> Optional[RulingMatch]:
    """The ruling sentence of ``card`` closest to ``claim`` (English), with its answer; None without rulings
    or when the claim is too short to compare.  Two decided sentences that disagree leave the answer None."""
    names = card_names(conn, card, surface)
    said = gist(claim, names)
    if len(set(said.atoms)) < MIN_ATOMS:
        return None
    read = [(date or "", text, sentence, gist(sentence, names))
            for date, text in conn.execute("SELECT date, text FROM mtg_rulings WHERE card = ? ORDER BY date, rowid",
                                           (card,))
            for sentence in sentences(text)]
    found: list[RulingMatch] = []
    for date, text, sentence, ruling in read:
        cover, aligned, answer, flipped = _judge(said, ruling)
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


def named_card(claim: str, conn: sqlite3.Connection) -> Optional[tuple[str, str]]:
    """(card, the words the claim calls it by) when an English claim names exactly one card, else None."""
    from kb.checker.reader import Reader

    tokens = Reader(conn).tokenizer.tokenize(claim, "en").tokens
    named = {(t.value["card"], t.value["surface"]) for t in tokens
             if t.type == "CARD" and isinstance(t.value, dict) and not t.value.get("ambiguous")}
    cards = {card for card, _ in named}
    return next(iter(named)) if len(cards) == 1 else None


def consult_rulings(verdict: Verdict, claim: str, conn: sqlite3.Connection, latest: bool) -> Verdict:
    """``verdict`` (unknown) decided by the ruling the claim restates, or kept with that ruling as evidence.

    Only English claims about today's rules that name one card are compared (see the module docstring)."""
    if verdict.lang != "en" or not latest:
        return verdict
    card = named_card(claim, conn)
    match = closest_ruling(claim, card[0], conn, card[1]) if card else None
    if match is None or match.cover < EVIDENCE_COVER:
        return verdict
    quoted = f"ruling of {match.date} on {match.card}: “{match.sentence}”"
    if match.answer is None:
        verdict.evidence = [{"kind": "ruling", "id": f"{match.card} ({match.date})", "url": None,
                             "snippet": match.ruling}] + list(verdict.evidence)
        return verdict
    decided = Verdict(verdict.claim, match.answer, edition=verdict.edition, lang=verdict.lang,
                      evidence=verdict.evidence, reading=verdict.reading)
    agreement = "; the negations agree"
    if match.flipped:
        word, negator = match.flipped
        other = "claim" if negator == "ruling" else "ruling"
        agreement = f"; the {negator} negates “{word}” and the {other} does not"
    decided.explanation = [quoted, f"the claim covers {match.cover:.0%} of its words, in its order" + agreement]
    return decided
