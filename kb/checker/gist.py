"""Sentences read into their gist, so that a claim can be aligned with the sentence it may restate.

A claim the claim reader cannot place often restates one sentence the knowledge base holds: a card's
ruling, a note of a French FAQ, a rule.  Both are read here into the same :class:`Gist`: their content
words in order, lemmatised (simplemma), the card's names and « itself » / « elle-même » read as one
``SELF`` atom, numbers in words as figures, each atom marked when a negation ("doesn't", "never",
« ne … pas », « sans ») or a restriction ("only", « seulement », « ne … que ») bears on it.  The word
classes of each language are data (``corpus/terms/gist_words.tsv``).

:mod:`kb.checker.gist_judge` then aligns a claim's gist with a sentence's and says whether the sentence
says it, its opposite or neither.
"""
from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Iterable, Optional

from kb.data import terms_dir

__all__ = ["Gist", "NEGATED", "RESTRICTED", "SELF", "UNCLEAR", "atom_of", "colours", "gist", "is_quantity",
           "compared", "condition_last", "sentences", "word_class"]

SELF = "SELF"
NEGATED, RESTRICTED, UNCLEAR = "n", "o", "?"
_WORD = {
    "en": re.compile(r"\{[^}]+\}|[+-]?\d+/[+-]?\d+|[a-z0-9][a-z0-9'+/\-]*"),     # « +1/+1 » one atom
    # an elided word (« l' », « qu' », « jusqu' ») is a word of its own; « -1/-1 » one atom
    "fr": re.compile(r"\{[^}]+\}|[+-]?\d+/[+-]?\d+|[a-zà-öø-ÿœæ]{1,7}'|[a-zà-öø-ÿœæ0-9]+(?:-[a-zà-öø-ÿœæ0-9]+)*"),
}
#: The subject pronoun of a French question written after its verb (« ciblent-elles », « a-t-il »), the object
#: pronoun of an imperative (« retirez-lui », « copiez-le », « mettez-les »).
_INVERTED = re.compile(r"(?<=\w)-(?:t-)?(?:il|elle|ils|elles|on|je|tu|nous|vous|lui|le|la|les|leur|en|y)$")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[«(“\"A-ZÀ-ÖØ-Þ])")


@dataclass(frozen=True)
class Gist:
    """The content atoms of a sentence, in order, each with its marks (``n`` negated, ``o`` restricted,
    ``?`` a negation read unclearly)."""

    atoms: tuple[str, ...]
    marks: tuple[str, ...]
    #: Whether a condition bears on the sentence (``condition`` words: "as long as", « tant que »).
    conditional: bool = False

    @cached_property
    def quantities(self) -> frozenset[str]:
        return frozenset(a for a in self.atoms if is_quantity(a))

    @cached_property
    def atom_set(self) -> frozenset[str]:
        """The distinct atoms (worked out once: a sentence is compared with many claims)."""
        return frozenset(self.atoms)


def is_quantity(atom: str) -> bool:
    """Numbers, mana symbols, P/T changes and colours: what must be the sentence's, in its place."""
    return atom[0].isdigit() or atom[0] in "{+-" and len(atom) > 1 or atom in colours()


@lru_cache(maxsize=1)
def colours() -> frozenset[str]:
    return frozenset(w for lang in ("en", "fr") for w in word_class(lang, "colour"))


def sentences(text: str) -> list[str]:
    """The sentences of a ruling, note or rule text (« 2.5 », « etc. » stay inside theirs)."""
    return [s.strip() for s in _SENTENCE.split(" ".join((text or "").split())) if s.strip()]


def compared(said: list[str]) -> list[tuple[str, str]]:
    """What a claim is compared with, of the sentences of a note or ruling, each as ``(wording compared, the
    sentences as written)``: each sentence; each two that follow each other, for a claim often says in one
    sentence what a note says in two (« Si plusieurs créatures … sont mises au cimetière en même temps, … »
    then « Ce qui veut dire que … les créatures du joueur non-actif reviennent en premier »); each of these
    without its asides in brackets, which a claim leaves out (« si l'Attacheur de sangsues (une créature qui
    arrive en jeu avec deux marqueurs -1/-1 sur elle) arrive en jeu, … »); and each sentence, alone or before
    the next, with its condition said last (:func:`condition_last`)."""
    pairs = [f"{a} {b}" for a, b in zip(said, said[1:])]
    spans = [(s, s) for s in said + pairs]
    spans += [(bare, s) for s in said + pairs if "(" in s
              for bare in [" ".join(_ASIDE.sub(" ", s).split())] if bare and bare != s]
    spans += [(last, s) for s in said for last in [condition_last(s)] if last]
    spans += [(f"{last} {b}", f"{a} {b}") for a, b in zip(said, said[1:]) for last in [condition_last(a)] if last]
    return spans


#: An aside in brackets inside a sentence (not one that is the whole sentence).
_ASIDE = re.compile(r"\s*\([^()]*\)")


def condition_last(sentence: str) -> Optional[str]:
    """The sentence with the condition or trigger it begins with said last (``lead`` words of
    ``gist_words.tsv``): "At the beginning of each player's upkeep, that player mills a card." -> "that player
    mills a card at the beginning of each player's upkeep"; a word or two before it and a comma (« Par
    exemple, si … », "However, if …") are left out; None when it begins with none."""
    first = sentence.find(", ")
    if 0 < first and len(sentence[:first].split()) <= 2 and _lead_of(sentence[:first] + " ") is None:
        sentence = sentence[first + 2:]      # « Par exemple, si … », "However, if …": the aside left out
    lead = _lead_of(sentence)
    comma = sentence.find(", ")
    if lead is None or comma < len(lead):
        return None
    return f"{sentence[comma + 2:].rstrip('.')} {sentence[0].lower()}{sentence[1:comma]}."


def _lead_of(sentence: str) -> Optional[str]:
    """The ``lead`` word the sentence begins with, if one."""
    low = sentence.lower()
    return next((w for w in _leads() if low.startswith(w) and (w.endswith("'") or low[len(w):len(w) + 1] == " ")),
                None)


@lru_cache(maxsize=1)
def _leads() -> tuple[str, ...]:
    return tuple(sorted({w for lang in ("en", "fr") for w in word_class(lang, "lead")}, key=len, reverse=True))




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
    if is_quantity(word) or word == SELF.lower():
        return word
    import simplemma

    return simplemma.lemmatize(word, lang=lang)


@lru_cache(maxsize=8192)
def _verb_of(lemma: str, reflexive: bool) -> str:
    """The verb of a French form simplemma leaves apart from it, when simplemma knows that verb: a
    participle read as an adjective (« engagées » -> « engagé » -> « engager »), a present after « se » read
    as a noun (« se déclenche » -> « déclencher »)."""
    import simplemma

    if lemma.endswith("é") and len(lemma) > 3 and simplemma.is_known(lemma[:-1] + "er", lang="fr"):
        return lemma[:-1] + "er"
    if reflexive and lemma.endswith("e") and len(lemma) > 3 and simplemma.is_known(lemma + "r", lang="fr"):
        return lemma + "r"
    return lemma


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


def atom_of(word: str, lang: str, reflexive: bool = False) -> str:
    """The atom of ``word``: ``SELF``, a number in figures or its lemma (French verbs met as their verb,
    :func:`_verb_of`; ``reflexive``: the word follows « se »)."""
    if word == "self" or word in word_class(lang, "self"):
        return SELF
    number = _number(word)
    if number or lang != "fr":
        return number or _lemma(word, lang)
    verb = _verb_of(_lemma(word, lang), reflexive)
    return word_class("fr", "verb").get(verb) or verb          # « lancer » a spell: « jouer » it (2008)


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
    cls = {c: word_class("en", c) for c in ("contraction", "auxiliary", "negation", "restriction", "function",
                                            "passive", "passive_lead")}
    read = _Atoms()
    words = _WORD["en"].findall(_plain(text, names, "en"))
    for k, word in enumerate(words):
        word = word[:-2] if word.endswith("'s") else word
        word = "non" + word[4:] if word.startswith("non-") else word     # "non-active" is "nonactive"
        word = word[:-3] if word.endswith(("'re", "'ve", "'ll")) else word      # "you're" is "you"
        if word in cls["passive"] and (k and words[k - 1] in cls["passive_lead"] or
                                       k + 1 < len(words) and words[k + 1] == "by"):
            read.add(word)       # "can't be blocked by" is not "can't block": the passive is an atom of its own
            continue
        if word in cls["contraction"]:
            read.pending += NEGATED
            continue
        if word == "not":
            read.pending += NEGATED      # "has indestructible, not the creature": the contrasted word negated
            continue
        if word in cls["negation"]:
            read.pending += NEGATED
        elif word in cls["restriction"]:
            read.pending += RESTRICTED
        elif word not in cls["function"] and word not in cls["auxiliary"]:
            read.add(atom_of(word, "en"))
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
    reflexive = False
    words = [_INVERTED.sub("", w.rstrip("'")) for w in _WORD["fr"].findall(_plain(text, names, "fr"))]
    for k, word in enumerate(words):          # « ciblent-elles », « peut-on »: the verb
        after_se, reflexive = reflexive, word in ("se", "s")
        if ne is None and word == "pas" and k + 1 < len(words) and words[k + 1] in cls["restriction"]:
            read.pending += NEGATED          # « pas seulement un marqueur -1/-1 »: not only that
            continue
        if word in ("ne", "n"):
            _expletive(read, ne)
            ne, nothing = (None, False) if nothing else (-1, False)
            continue
        if ne is not None and word in ("que", "qu"):
            if ne >= 0:
                read.marks[ne] = read.marks[ne].replace(NEGATED, "", 1)
            else:
                read.pending = read.pending.replace(NEGATED, "", 1)
            ne, read.pending = None, read.pending + RESTRICTED
            continue
        if word in cls["closer"] and (ne is not None or word != "plus"):
            if ne is None:
                read.pending += NEGATED if word == "jamais" else UNCLEAR
            elif ne == -1:
                read.pending += NEGATED      # « ne sont jamais liées »: the verb was an auxiliary
            ne = None
            continue
        if word in cls["nothing"]:
            if ne is not None and ne >= 0:   # « ne piochez aucune carte »: the negation is « aucun »'s, not the verb's
                read.marks[ne] = read.marks[ne].replace(NEGATED, "", 1)
            nothing, ne = ne is None, None
            read.pending += NEGATED          # « aucun » is negated itself: it must align with a negation
            read.add("aucun")
            continue
        if word in cls["negation"]:
            read.pending += NEGATED
            continue
        if word.startswith("non-") and len(word) > 5:
            read.pending += NEGATED          # « une carte non-créature »: the card type, negated
            word = word[4:]
        if word in cls["restriction"]:
            read.pending += RESTRICTED
            continue
        if word in cls["function"] or word in cls["auxiliary"] or _lemma(word, "fr") in cls["auxiliary"]:
            continue
        if ne == -1:
            read.pending += NEGATED
            ne = len(read.atoms)
        read.add(atom_of(word, "fr", after_se))
    _expletive(read, ne)
    return read.gist()


#: Words after which a « ne » that nothing closes is expletive (« avant que sa capacité ne se résolve »).
_EXPLETIVE_AFTER = frozenset(("avant", "moins", "peur", "crainte", "craindre", "éviter"))


def _expletive(read: _Atoms, ne: Optional[int]) -> None:
    """A « ne » that no « pas » closed before the next « ne » or the end: expletive after « avant que »,
    « à moins que »… (its mark taken back), else read unclearly (a « pas » may be missing)."""
    if ne is not None and ne >= 0:
        mark = "" if _EXPLETIVE_AFTER & set(read.atoms[max(0, ne - 4):ne]) else UNCLEAR
        read.marks[ne] = read.marks[ne].replace(NEGATED, mark, 1)


