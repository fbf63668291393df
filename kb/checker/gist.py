"""Sentences read into their gist, and a claim aligned with the sentence it may restate.

A claim the claim reader cannot place often restates one sentence the knowledge base holds: a card's
ruling, a note of a French FAQ, a rule.  Both are read here into the same :class:`Gist`: their content
words in order, lemmatised (simplemma), the card's names and « itself » / « elle-même » read as one
``SELF`` atom, numbers in words as figures, each atom marked when a negation ("doesn't", "never",
« ne … pas », « sans ») or a restriction ("only", « seulement », « ne … que ») bears on it.  The word
classes of each language are data (``corpus/terms/gist_words.tsv``).

:func:`judge` then aligns the claim with one sentence (a longest common subsequence of their atoms: a
claim that swaps who does what to whom does not align) and says:

* **true** when the sentence covers the claim closely (most of its distinct atoms, most of them in its
  order, within a stretch of the sentence at most twice the claim's length, no two words exchanged), its
  numbers and mana symbols are the sentence's, and every aligned atom carries the same marks;
* **false** when exactly one aligned atom is negated in one and not in the other and nothing else
  differs, or when everything aligns but one quantity, which the sentence gives otherwise in the same
  place (« deux marqueurs » where it says « trois marqueurs »);
* nothing otherwise (a negation or restriction left unaligned, a loose cover, a word read unclearly).

Which sentences a claim is compared with, and what else must hold, is for the callers
(:mod:`kb.checker.rulings`, :mod:`kb.checker.restated`).
"""
from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Optional

from kb.data import terms_dir

__all__ = ["Gist", "SELF", "gist", "judge", "sentences", "word_class"]

#: Least share of the claim's distinct atoms found in the sentence, and of its atoms aligned in order.
COVER = 0.8
ALIGNED = 0.6
#: Longest stretch of the sentence the aligned words may spread over, in claim lengths.
SPAN = 2

SELF = "SELF"
_NEG, _ONLY, _UNCLEAR = "n", "o", "?"
_WORD = {
    "en": re.compile(r"\{[^}]+\}|[a-z0-9][a-z0-9'+/\-]*"),
    # an elided word (« l' », « qu' », « jusqu' ») is a word of its own; « -1/-1 » one atom
    "fr": re.compile(r"\{[^}]+\}|[+-]?\d+/[+-]?\d+|[a-zà-öø-ÿœæ]{1,7}'|[a-zà-öø-ÿœæ0-9]+(?:-[a-zà-öø-ÿœæ0-9]+)*"),
}
#: The subject pronoun of a French question written after its verb (« ciblent-elles », « a-t-il »).
_INVERTED = re.compile(r"(?<=\w)-(?:t-)?(?:il|elle|ils|elles|on|je|tu|nous|vous)$")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[«(“\"A-ZÀ-ÖØ-Þ])")


@dataclass(frozen=True)
class Gist:
    """The content atoms of a sentence, in order, each with its marks (``n`` negated, ``o`` restricted,
    ``?`` a negation read unclearly)."""

    atoms: tuple[str, ...]
    marks: tuple[str, ...]
    #: Whether a condition bears on the sentence (``condition`` words: "as long as", « tant que »).
    conditional: bool = False

    @property
    def quantities(self) -> frozenset[str]:
        return frozenset(a for a in self.atoms if _quantity(a))


def _quantity(atom: str) -> bool:
    """Numbers, mana symbols, P/T changes and colours: what must be the sentence's, in its place."""
    return atom[0].isdigit() or atom[0] in "{+-" and len(atom) > 1 or atom in _colours()


@lru_cache(maxsize=1)
def _actors() -> frozenset[str]:
    """The players (you, an opponent, the controller): who does what must align ("With X, you deal 3
    damage" is not « X deals 3 damage »)."""
    return frozenset(w for lang in ("en", "fr") for w in word_class(lang, "actor"))


@lru_cache(maxsize=1)
def _opposite_atoms() -> dict[str, str]:
    """atom -> the atom of its opposite word (:func:`kb.checker.effect_words.opposite_words`)."""
    from kb.checker.effect_words import opposite_words

    out: dict[str, str] = {}
    for lang in ("en", "fr"):
        for a, b in opposite_words(lang):
            out[_atom(a, lang)], out[_atom(b, lang)] = _atom(b, lang), _atom(a, lang)
    return out


@lru_cache(maxsize=1)
def _colours() -> frozenset[str]:
    return frozenset(w for lang in ("en", "fr") for w in word_class(lang, "colour"))


def sentences(text: str) -> list[str]:
    """The sentences of a ruling, note or rule text (« 2.5 », « etc. » stay inside theirs)."""
    return [s.strip() for s in _SENTENCE.split(" ".join((text or "").split())) if s.strip()]


@lru_cache(maxsize=1)
def _classes() -> dict[tuple[str, str], dict[str, str]]:
    classes: dict[tuple[str, str], dict[str, str]] = {}
    with open(terms_dir() / "gist_words.tsv", encoding="utf-8", newline="") as fh:
        rows = [line for line in fh if not line.startswith("#")]
    for row in csv.DictReader(rows, delimiter="\t", quoting=csv.QUOTE_NONE):
        classes.setdefault((row["lang"], row["category"]), {})[row["word"]] = row["value"] or ""
    return classes


def word_class(lang: str, category: str) -> dict[str, str]:
    """The words of one class of ``gist_words.tsv`` (word -> value)."""
    return _classes().get((lang, category), {})


@lru_cache(maxsize=65536)
def _lemma(word: str, lang: str) -> str:
    if _quantity(word) or word == SELF.lower():
        return word
    import simplemma

    return simplemma.lemmatize(word, lang=lang)


def _number(word: str) -> Optional[str]:
    """A number written in words, in figures ("three" -> "3"), so that it is a quantity to compare; the
    articles « un », « une », "one" stay words."""
    from kb.checker.words import ARTICLE_NUMBERS, NUMBER_WORDS

    n = NUMBER_WORDS.get(word)
    return str(n) if n is not None and word not in ARTICLE_NUMBERS else None


def _plain(text: str, names: Iterable[str], lang: str) -> str:
    text = text.replace("’", "'").replace("‘", "'").replace("\u00a0", " ")
    for name in sorted({n for n in names if n}, key=len, reverse=True):
        text = re.sub(r"(?<!\w)" + re.escape(name) + r"(?!\w)", " self ", text, flags=re.IGNORECASE)
    text = text.lower()
    for wording, term in sorted(word_class(lang, "same").items(), key=lambda kv: -len(kv[0])):
        text = text.replace(wording, term)
    return text


class _Atoms:
    """The atoms read so far, and the marks waiting for the next one."""

    def __init__(self) -> None:
        self.atoms: list[str] = []
        self.marks: list[str] = []
        self.pending = ""

    def add(self, atom: str) -> None:
        if self.atoms and self.atoms[-1] == atom == SELF:
            self.marks[-1] += self.pending
        else:
            self.atoms.append(atom)
            self.marks.append(self.pending)
        self.pending = ""

    def gist(self) -> Gist:
        return Gist(tuple(self.atoms), tuple(self.marks))


def _atom(word: str, lang: str) -> str:
    if word == "self" or word in word_class(lang, "self"):
        return SELF
    return _number(word) or _lemma(word, lang)


def gist(text: str, names: Iterable[str] = (), lang: str = "en") -> Gist:
    """The :class:`Gist` of one sentence in ``lang``; ``names`` are the card's names (read as ``SELF``)."""
    read = _gist_fr(text, names) if lang == "fr" else _gist_en(text, names)
    if _condition(lang).search(text.lower().replace("’", "'")):
        read = Gist(read.atoms, read.marks, True)
    return read


@lru_cache(maxsize=2)
def _condition(lang: str) -> re.Pattern:
    words = sorted(word_class(lang, "condition"), key=len, reverse=True)
    return re.compile(r"(?<![\w'])(?:" + "|".join(re.escape(w) for w in words) + r")(?![\w'])") if words \
        else re.compile(r"(?!x)x")


def _gist_en(text: str, names: Iterable[str]) -> Gist:
    cls = {c: word_class("en", c) for c in ("contraction", "auxiliary", "negation", "restriction", "function")}
    read = _Atoms()
    previous = None
    for word in _WORD["en"].findall(_plain(text, names, "en")):
        word = word[:-2] if word.endswith("'s") else word
        word = word[:-3] if word.endswith(("'re", "'ve", "'ll")) else word      # "you're" is "you"
        if word in cls["contraction"]:
            read.pending, previous = read.pending + _NEG, cls["contraction"][word]
            continue
        if word == "not":
            read.pending += _NEG      # "has indestructible, not the creature": the contrasted word negated
            previous = word
            continue
        previous = word
        if word in cls["negation"]:
            read.pending += _NEG
        elif word in cls["restriction"]:
            read.pending += _ONLY
        elif word not in cls["function"] and word not in cls["auxiliary"]:
            read.add(_atom(word, "en"))
    return read.gist()


def _gist_fr(text: str, names: Iterable[str]) -> Gist:
    """French: « ne » marks the next content word (the verb) and stays open until « pas », « jamais »,
    « plus »… close it; « que » before a closer makes it « ne … que », a restriction of the word after;
    « aucun », « rien » are words of their own, negated; a « ne » never closed is expletive after « avant que »
    and the like, else unclear, as a « pas » with no « ne »."""
    cls = {c: word_class("fr", c) for c in ("negation", "restriction", "function", "auxiliary", "closer", "nothing")}
    read = _Atoms()
    ne: Optional[int] = None          # -1: « ne » read, its verb not yet; else the index of the atom it marks
    nothing = False                   # « aucun », « rien » read: the « ne » after them is theirs
    for word in _WORD["fr"].findall(_plain(text, names, "fr")):
        word = _INVERTED.sub("", word.rstrip("'"))     # « ciblent-elles », « peut-on »: the verb
        if word in ("ne", "n"):
            _expletive(read, ne)
            ne, nothing = (None, False) if nothing else (-1, False)
            continue
        if ne is not None and word in ("que", "qu"):
            if ne >= 0:
                read.marks[ne] = read.marks[ne].replace(_NEG, "", 1)
            else:
                read.pending = read.pending.replace(_NEG, "", 1)
            ne, read.pending = None, read.pending + _ONLY
            continue
        if word in cls["closer"] and (ne is not None or word != "plus"):
            if ne is None:
                read.pending += _NEG if word == "jamais" else _UNCLEAR
            elif ne == -1:
                read.pending += _NEG      # « ne sont jamais liées »: the verb was an auxiliary
            ne = None
            continue
        if word in cls["nothing"]:
            nothing, ne = ne is None, None
            read.pending += _NEG          # « aucun » is negated itself: it must align with a negation
            read.add("aucun")
            continue
        if word in cls["negation"]:
            read.pending += _NEG
            continue
        if word in cls["restriction"]:
            read.pending += _ONLY
            continue
        if word in cls["function"] or word in cls["auxiliary"] or _lemma(word, "fr") in cls["auxiliary"]:
            continue
        if ne == -1:
            read.pending += _NEG
            ne = len(read.atoms)
        read.add(_atom(word, "fr"))
    _expletive(read, ne)
    return read.gist()


#: Words after which a « ne » that nothing closes is expletive (« avant que sa capacité ne se résolve »).
_EXPLETIVE_AFTER = frozenset(("avant", "moins", "peur", "crainte", "craindre", "éviter"))


def _expletive(read: _Atoms, ne: Optional[int]) -> None:
    """A « ne » that no « pas » closed before the next « ne » or the end: expletive after « avant que »,
    « à moins que »… (its mark taken back), else read unclearly (a « pas » may be missing)."""
    if ne is not None and ne >= 0:
        mark = "" if _EXPLETIVE_AFTER & set(read.atoms[max(0, ne - 4):ne]) else _UNCLEAR
        read.marks[ne] = read.marks[ne].replace(_NEG, mark, 1)


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


@dataclass(frozen=True)
class Judgement:
    """What one sentence says of a claim: ``cover`` (share of its distinct atoms in the sentence),
    ``aligned`` (share aligned in order), ``answer`` (``true``, ``false`` or None) and, for a false one,
    ``flipped`` (the atom negated in one and not the other, and which negates it: "sentence" or "claim")
    or ``changed`` (the claim's quantity and the sentence's)."""

    cover: float
    aligned: float
    answer: Optional[str] = None
    flipped: Optional[tuple[str, str]] = None
    changed: Optional[tuple[str, str]] = None


def judge(claim: Gist, sentence: Gist, of_the_card: bool = False) -> Judgement:
    """Whether ``sentence`` says ``claim`` (true), its opposite (false) or neither (None); see the module.
    ``of_the_card``: the sentence is about the claim's card (one of its rulings), so the claim's ``SELF``
    need not align with the card named in it."""
    distinct = set(claim.atoms)
    pairs = _alignment(claim, sentence)
    cover = len(distinct & set(sentence.atoms)) / len(distinct)
    aligned = len(pairs) / len(claim.atoms)
    if not pairs or any(_UNCLEAR in m for m in claim.marks + sentence.marks):
        return Judgement(cover, aligned)
    if sentence.conditional and not claim.conditional:
        return Judgement(cover, aligned)      # "has double strike as long as …" backs no claim that it has it
    if not claim.quantities <= set(sentence.atoms):
        changed = _changed_quantity(claim, sentence, pairs)
        return Judgement(cover, aligned, "false", changed=changed) if changed else Judgement(cover, aligned)
    if cover < COVER or aligned < ALIGNED or pairs[-1][1] - pairs[0][1] + 1 > SPAN * len(claim.atoms):
        return Judgement(cover, aligned)
    in_claim = {i for i, _ in pairs}
    in_sentence = {j for _, j in pairs}
    if not _substituted(claim, sentence, pairs, in_sentence):
        return Judgement(cover, aligned)      # "do its abilities target?" against a note that never says "target"
    if any(j not in in_sentence and sentence.atoms[j] in sentence.quantities
           for j in range(pairs[0][1], pairs[-1][1])):
        return Judgement(cover, aligned)      # "draw [three] cards and put two cards back": a number passed over
    if SELF in claim.atoms and not of_the_card and not any(claim.atoms[i] == SELF for i in in_claim):
        return Judgement(cover, aligned)      # not about the card, or it acts in one and is acted on in the other
    if any((claim.atoms[i] in claim.quantities or claim.atoms[i] in _actors()) and i not in in_claim
           for i in range(len(claim.atoms))):
        return Judgement(cover, aligned)      # a number, colour or player of the claim said of something else
    aligned_atoms = {claim.atoms[i] for i in in_claim}
    misplaced = ({claim.atoms[i] for i in range(len(claim.atoms)) if i not in in_claim} & set(sentence.atoms)) \
        - aligned_atoms - {SELF}
    if len(misplaced) > 1:     # two words of the sentence exchanged: who does what to whom differs
        return Judgement(cover, aligned)
    opposite = _opposite_atoms()
    if any(opposite.get(claim.atoms[i]) in sentence.atoms for i in range(len(claim.atoms)) if i not in in_claim):
        return Judgement(cover, aligned)      # "on the top" where the sentence says "on the bottom"
    flips = _flips(claim, sentence, pairs, in_claim, in_sentence)
    if flips is None or len(flips) > 1:
        return Judgement(cover, aligned)
    return Judgement(cover, aligned, "false" if flips else "true", flipped=flips[0] if flips else None)


def _substituted(claim: Gist, sentence: Gist, pairs, in_sentence: set) -> bool:
    """Whether every word of the claim that the sentence never says (other than the generic ones,
    « carte », "ability") stands between two words that align, where the sentence has a word of its own
    in its place: one wording
    for another ("fetch" for "find", « quitte » for « est retirée »).  A word said where the sentence
    has nothing, or only a long stretch of other words, may be what the claim asserts ("do its
    abilities target?" against a note that never says "target"): the sentence decides nothing."""
    generic = _generic()
    for i, atom in enumerate(claim.atoms):
        if atom in sentence.atoms or atom in generic or atom == SELF:
            continue
        before = [(a, j) for a, j in pairs if a < i]
        after = [(a, j) for a, j in pairs if a > i]
        if not before or not after:     # said before or after all the sentence says: nothing in its place
            return False
        (a0, j0), (a1, j1) = before[-1], after[0]
        own = sum(1 for j in range(j0 + 1, j1) if j not in in_sentence) or \
            sum(1 for j in (j0 - 1, j1 + 1) if 0 <= j < len(sentence.atoms) and j not in in_sentence)   # an adverb moved
        unaligned = sum(1 for a in range(a0 + 1, a1) if a not in {p for p, _ in pairs})
        if not 1 <= own <= unaligned + 1:
            return False
    return True


@lru_cache(maxsize=1)
def _generic() -> frozenset[str]:
    return frozenset(word_class("en", "generic")) | frozenset(word_class("fr", "generic"))


def _flips(claim: Gist, sentence: Gist, pairs, in_claim: set, in_sentence: set) -> Optional[list]:
    """The aligned atoms negated in one and not the other, or None when a mark cannot be compared (a
    negation or restriction on an atom left unaligned, a restriction on one side only)."""
    loose = any(claim.marks[i] for i in range(len(claim.atoms)) if i not in in_claim) or \
        any(sentence.marks[j] for j in range(len(sentence.atoms)) if j not in in_sentence)
    if loose or any((_ONLY in claim.marks[i]) != (_ONLY in sentence.marks[j]) for i, j in pairs):
        return None
    return [(claim.atoms[i], "sentence" if _NEG in sentence.marks[j] else "claim")
            for i, j in pairs if (_NEG in claim.marks[i]) != (_NEG in sentence.marks[j])]


def _changed_quantity(claim: Gist, sentence: Gist, pairs) -> Optional[tuple[str, str]]:
    """(the claim's quantity, the sentence's) when every atom of the claim aligns, in a tight stretch and
    with the same marks, but one quantity, and the sentence has another quantity in its place."""
    if len(pairs) != len(claim.atoms) - 1 or len(claim.atoms) < 4:
        return None
    i = next(k for k in range(len(claim.atoms)) if k not in {a for a, _ in pairs})
    if not _quantity(claim.atoms[i]) or claim.marks[i]:
        return None
    before = [j for a, j in pairs if a < i]
    after = [j for a, j in pairs if a > i]
    lo = before[-1] + 1 if before else (after[0] - 1 if after else 0)
    hi = after[0] if after else lo + 1
    gap = range(lo, hi)
    if len(gap) != 1 or not 0 <= gap[0] < len(sentence.atoms):
        return None
    j = gap[0]
    if not _quantity(sentence.atoms[j]) or sentence.marks[j] or _kind(claim.atoms[i]) != _kind(sentence.atoms[j]):
        return None
    if pairs[-1][1] - pairs[0][1] + 1 > len(claim.atoms) + 1:
        return None
    in_claim, in_sentence = {a for a, _ in pairs}, {b for _, b in pairs} | {j}
    flips = _flips(claim, sentence, pairs, in_claim | {i}, in_sentence)
    return (claim.atoms[i], sentence.atoms[j]) if flips == [] else None


def _kind(atom: str) -> str:
    """What a quantity is: a mana symbol, a P/T change or counter (« -1/-1 »), a colour, a number."""
    if atom in _colours():
        return "colour"
    return "mana" if atom.startswith("{") else "pt" if "/" in atom else "number"
