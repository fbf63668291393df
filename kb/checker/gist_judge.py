"""Whether a sentence says a claim, its opposite or neither: the two read into their :class:`Gist`
(:mod:`kb.checker.gist`) and aligned.

:func:`judge` aligns the claim with one sentence (a longest common subsequence of their atoms: a claim that
swaps who does what to whom does not align) and says:

* **true** when the sentence covers the claim closely (most of its distinct atoms, most of them in its
  order, within a stretch of the sentence at most twice the claim's length, no two words exchanged), its
  numbers and mana symbols are the sentence's, and every aligned atom carries the same marks;
* **false** when exactly one aligned atom is negated in one and not in the other and nothing else
  differs (and the claim aligns no better with the sentence's words marked as it marks them), when
  everything aligns but one quantity, which the sentence gives otherwise in the same place (« deux
  marqueurs » where it says « trois marqueurs »), or but one or two game terms, for which the sentence
  says another of their kind (« sur le champ de bataille » where it says « dans votre main »);
* nothing otherwise (a negation or restriction left unaligned, a loose cover, a word read unclearly, a
  game term the sentence never says).

Which sentences a claim is compared with, and what else must hold, is for the callers
(:mod:`kb.checker.rulings`, :mod:`kb.checker.restated`).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

from kb.checker.gist import (NEGATED, RESTRICTED, SELF, UNCLEAR, Gist, atom_of, colours, gist, is_quantity,
                             word_class)
from parser.textkeys import fold

__all__ = ["Judgement", "judge"]

#: Least share of the claim's distinct atoms found in the sentence, and of its atoms aligned in order.
COVER = 0.8
ALIGNED = 0.6
#: Longest stretch of the sentence the aligned words may spread over, in claim lengths.
SPAN = 2


@lru_cache(maxsize=1)
def _actors() -> frozenset[str]:
    """The players (you, an opponent, the controller): who does what must align ("With X, you deal 3
    damage" is not « X deals 3 damage »)."""
    return frozenset(w for lang in ("en", "fr") for w in word_class(lang, "actor"))


@lru_cache(maxsize=1)
def _opposite_atoms() -> dict[str, frozenset[str]]:
    """atom -> the atoms of its opposite words (:func:`kb.checker.effect_words.opposite_words`: "lose" is
    the opposite of "gain" and of "keep"), folded (:func:`fold`), each word as written and as its atom."""
    from kb.checker.effect_words import opposite_words

    out: dict[str, set[str]] = {}
    for lang in ("en", "fr"):
        for a, b in opposite_words(lang):
            mine, theirs = {fold(a), fold(atom_of(a, lang))}, {fold(b), fold(atom_of(b, lang))}
            for x in mine:
                out.setdefault(x, set()).update(theirs)
            for y in theirs:
                out.setdefault(y, set()).update(mine)
    return {atom: frozenset(others) for atom, others in out.items()}


def _alignment(a: Gist, b: Gist, agreeing: bool = False) -> list[tuple[int, int]]:
    """The index pairs of a longest common subsequence of the atoms of ``a`` and ``b``; of equally long
    ones, that which aligns the most negated or restricted atoms (a negation is never left aside by a tie),
    or with ``agreeing``, the most atoms marked alike."""
    x, y = a.atoms, b.atoms

    def bonus(i: int, j: int) -> float:
        if agreeing:
            return 0.01 if a.marks[i] == b.marks[j] else 0
        return 0.01 if a.marks[i] or b.marks[j] else 0

    table = [[0.0] * (len(y) + 1) for _ in range(len(x) + 1)]
    for i in range(len(x)):
        for j in range(len(y)):
            best = max(table[i][j + 1], table[i + 1][j])
            if x[i] == y[j]:
                best = max(best, table[i][j] + 1 + bonus(i, j))
            table[i + 1][j + 1] = best
    pairs, i, j = [], len(x), len(y)
    while i and j:
        if x[i - 1] == y[j - 1] and table[i][j] == table[i - 1][j - 1] + 1 + bonus(i - 1, j - 1):
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


def judge(claim: Gist, sentence: Gist, of_the_card: bool = False, translated: bool = False) -> Judgement:
    """Whether ``sentence`` says ``claim`` (true), its opposite (false) or neither (None); see the module.
    ``of_the_card``: the sentence is about the claim's card (one of its rulings), so the claim's ``SELF``
    need not align with the card named in it, and when the sentence never names it (« Counter target instant
    spell. »), the claim's card is left out of the comparison.  ``translated``: one of the two was read in the
    other's language (:mod:`kb.checker.lexicon`), where a negation may bear on another word ("draw no cards",
    « ne piochez aucune carte »): a negation flipped decides nothing."""
    if of_the_card and SELF in claim.atoms and SELF not in sentence.atoms:
        claim = _without_the_card(claim)
        if claim is None:
            return Judgement(0.0, 0.0)
    distinct = set(claim.atoms)
    pairs = _alignment(claim, sentence)
    cover = len(distinct & sentence.atom_set) / len(distinct)
    aligned = len(pairs) / len(claim.atoms)
    if not pairs or any(UNCLEAR in m for m in claim.marks + sentence.marks):
        return Judgement(cover, aligned)
    if sentence.conditional and not claim.conditional:
        return Judgement(cover, aligned)      # "has double strike as long as …" backs no claim that it has it
    if not claim.quantities <= sentence.atom_set:
        changed = _changed_quantity(claim, sentence, pairs)
        return Judgement(cover, aligned, "false", changed=changed) if changed else Judgement(cover, aligned)
    changed = _changed_term(claim, sentence, pairs, of_the_card)
    if changed:
        return Judgement(cover, aligned, "false", changed=changed)
    if cover < COVER or aligned < ALIGNED or pairs[-1][1] - pairs[0][1] + 1 > SPAN * len(claim.atoms):
        return Judgement(cover, aligned)
    in_claim = {i for i, _ in pairs}
    in_sentence = {j for _, j in pairs}
    if not _substituted(claim, sentence, pairs, in_sentence):
        return Judgement(cover, aligned)      # "do its abilities target?" against a note that never says "target"
    if any(j not in in_sentence and sentence.atoms[j] in sentence.quantities
           for j in range(pairs[0][1], pairs[-1][1])):
        return Judgement(cover, aligned)      # "draw [three] cards and put two cards back": a number passed over
    if _narrowed(claim, sentence, pairs, in_sentence):
        return Judgement(cover, aligned)      # "destroy target creature" where the text says "nonblack creature"
    if _said_of_another(claim, sentence, pairs, of_the_card):
        return Judgement(cover, aligned)
    aligned_atoms = {claim.atoms[i] for i in in_claim}
    misplaced = ({claim.atoms[i] for i in range(len(claim.atoms)) if i not in in_claim} & set(sentence.atoms)) \
        - aligned_atoms - {SELF}
    if len(misplaced) > 1:     # two words of the sentence exchanged: who does what to whom differs
        return Judgement(cover, aligned)
    opposite = _opposite_atoms()
    theirs = {fold(a) for a in sentence.atoms}
    if any(opposite.get(fold(claim.atoms[i]), frozenset()) & theirs and
           (fold(claim.atoms[i]) not in theirs or _said_once_more(claim.atoms[i], sentence, pairs))
           for i in range(len(claim.atoms)) if i not in in_claim):
        return Judgement(cover, aligned)      # "on the top" where the sentence says "on the bottom"
    flips = _flips(claim, sentence, pairs, in_claim, in_sentence)
    if flips is None or len(flips) > 1 or flips and (translated or _said_both_ways(claim, sentence, pairs)):
        return Judgement(cover, aligned)
    return Judgement(cover, aligned, "false" if flips else "true", flipped=flips[0] if flips else None)


def _said_of_another(claim: Gist, sentence: Gist, pairs, of_the_card: bool) -> bool:
    """Whether the card, a number, a colour or a player of the claim is left out of the alignment, the
    sentence saying it of something else."""
    in_claim = {i for i, _ in pairs}
    in_sentence = {j for _, j in pairs}
    selves = [i for i, a in enumerate(claim.atoms) if a == SELF]
    if selves and not of_the_card and not set(selves) & in_claim:
        return True     # not about the card, or it acts in one and is acted on in the other
    if len(selves) > 1 and SELF in sentence.atoms and not set(selves) <= in_claim:
        # the card, then "itself" / « elle-même », one of them said of another object: « la Guivre … acquiert
        # elle-même la flétrissure » where the note says « la Guivre … bloque …, cette créature acquiert … »
        return True
    # a player said twice is one player ("When you proliferate, you can choose …"), unless the sentence has
    # another one of its own about there ("an opponent sacrifices a creature and you draw a card")
    loose = any(j not in in_sentence and sentence.atoms[j] in _actors()
                for j in range(max(0, pairs[0][1] - 1), pairs[-1][1] + 1))
    said_players = set() if loose else {claim.atoms[i] for i in in_claim if claim.atoms[i] in _actors()}
    return any((claim.atoms[i] in claim.quantities or claim.atoms[i] in _actors() and claim.atoms[i] not in said_players)
               and i not in in_claim for i in range(len(claim.atoms)))


def _without_the_card(claim: Gist) -> Optional[Gist]:
    """The claim without its card (``SELF``), compared with a sentence of the card that does not name it;
    None when what is left is too short to be compared: "[Nivix Guildmage's] copy isn't cast" would align
    with any ruling that says "copy" and "cast"."""
    if len(set(claim.atoms)) < 4:
        return None
    keep = [k for k, a in enumerate(claim.atoms) if a != SELF]
    return Gist(tuple(claim.atoms[k] for k in keep), tuple(claim.marks[k] for k in keep), claim.conditional)


def _substituted(claim: Gist, sentence: Gist, pairs, in_sentence: set) -> bool:
    """Whether every word of the claim that the sentence never says (other than the generic ones,
    « carte », "ability") stands between two words that align, where the sentence has a word of its own
    in its place: one wording for another ("fetch" for "find", « quitte » for « est retirée »).  A word
    said where the sentence has nothing, or only a long stretch of other words, may be what the claim
    asserts ("do its abilities target?" against a note that never says "target"): the sentence decides
    nothing.  A game term (:func:`_terms`) is never one wording of another word: "more creatures" where
    the sentence says "more lands", "target creature spell" where it says "target spell" decide nothing."""
    generic, terms = _generic(), _terms()
    in_claim = {i for i, _ in pairs}
    for i, atom in enumerate(claim.atoms):
        if i in in_claim or atom == SELF:
            continue
        before = [(a, j) for a, j in pairs if a < i]
        after = [(a, j) for a, j in pairs if a > i]
        if before and after and any(_voices(atom, sentence.atoms[j]) for j in range(before[-1][1] + 1, after[0][1])):
            return False                # "a creature with banding blocks" is not "… is blocked"
        if atom in sentence.atoms and not (atom in terms and _said_once_more(atom, sentence, pairs)):
            continue
        if not before or not after:     # said before or after all the sentence says: nothing in its place
            if atom in generic:
                continue
            return False
        (a0, j0), (a1, j1) = before[-1], after[0]
        own = [sentence.atoms[j] for j in range(j0 + 1, j1) if j not in in_sentence]
        unaligned = sum(1 for a in range(a0 + 1, a1) if a not in {p for p, _ in pairs})
        if len(own) <= unaligned + 1 and any(o in terms and o not in claim.atoms for o in own):
            return False                # a term of the sentence said otherwise: "creatures" for "lands"
        if atom in terms and (atom not in generic or j1 == j0 + 1):
            return False                # a term the sentence never says, or slipped into its phrase
        if atom in generic:
            continue
        count = len(own) or \
            sum(1 for j in (j0 - 1, j1 + 1) if 0 <= j < len(sentence.atoms) and j not in in_sentence)   # an adverb moved
        if not 1 <= count <= unaligned + 1:
            return False
    return True


def _voices(one: str, other: str) -> bool:
    """Whether the atoms ``one`` and ``other`` are a verb and its passive ("block", "blocked": ``passive``
    words of gist_words.tsv), which never stand for each other."""
    passives = word_class("en", "passive")
    return (one in passives and atom_of(one, "en") == other) or (other in passives and atom_of(other, "en") == one)


def _narrowed(claim: Gist, sentence: Gist, pairs, in_sentence: set) -> bool:
    """Whether the sentence narrows or widens what the claim aligns with in a way the claim leaves out: a
    « non- » word inside the aligned stretch ("target nonblack creature"), an "other" / « autre » inside it or
    just after it ("other creatures you control") when the claim names the card itself there, or right after the claim's last word, a term of its kind
    ("target artifact or enchantment")."""
    first, last = pairs[0][1], pairs[-1][1]
    if any(j not in in_sentence and sentence.atoms[j].startswith("non") and len(sentence.atoms[j]) > 5 and
           sentence.atoms[j] not in claim.atoms for j in range(first, last)):
        return True
    # « il gagne lui-même +1/+0 » where the text says "other creatures you control get +1/+0" (« sur un autre
    # ondin ciblé »): the card itself, which the sentence leaves out
    others, in_claim = _others(), {i for i, _ in pairs}
    itself = any(a == SELF and i not in in_claim for i, a in enumerate(claim.atoms))
    if itself and not others & set(claim.atoms) and \
            any(j not in in_sentence and sentence.atoms[j] in others for j in range(first, min(last + 3, len(sentence.atoms)))):
        return True
    terms = _terms()
    if pairs[-1][0] != len(claim.atoms) - 1 or last + 1 >= len(sentence.atoms):
        return False
    return bool(terms.get(claim.atoms[-1], frozenset()) & terms.get(sentence.atoms[last + 1], frozenset()))


@lru_cache(maxsize=1)
def _others() -> frozenset[str]:
    """The atoms of the words that leave an object out ("other", « autre »: ``other`` in gist_words.tsv)."""
    return frozenset(atom_of(w, lang) for lang in ("en", "fr") for w in word_class(lang, "other"))


@lru_cache(maxsize=1)
def _terms() -> dict[str, frozenset[str]]:
    """The atoms of the game's terms -> their kinds: the card types, supertypes, subtypes, keyword
    abilities and keyword actions of the term pairs (one word each), then the ``term`` words of
    ``gist_words.tsv`` (zones, combat, multiples…)."""
    from kb.cards.terms import load_terms

    out: dict[str, frozenset[str]] = {}
    for pair in load_terms():
        if pair.kind in ("card_type", "supertype", "subtype", "keyword_ability", "keyword_action"):
            for text, lang in ((pair.en, "en"), (pair.fr, "fr")):
                said = gist(text, (), lang).atoms
                if len(said) == 1:
                    out.setdefault(said[0], frozenset((pair.kind,)))
    for lang in ("en", "fr"):
        for word, kinds in word_class(lang, "term").items():
            out.setdefault(atom_of(word, lang), frozenset(kinds.split()))
    return out


def _changed_term(claim: Gist, sentence: Gist, pairs, of_the_card: bool = False) -> Optional[tuple[str, str]]:
    """(the claim's terms, the sentence's) when every atom of the claim aligns, tightly and with the same
    marks, but one or two terms in a row, and the sentence has one or two other terms of the same kind in
    their place (beside them at most a word the other side says too, or "target"), none of them said
    unaligned by the other side: « sur le champ de bataille » where it says « dans votre main », "more
    creatures" where it says "more lands".  The card itself need not align in a sentence of its own
    (``of_the_card``)."""
    terms = _terms()
    in_claim = {a for a, _ in pairs}
    gap = [i for i in range(len(claim.atoms)) if i not in in_claim and not (of_the_card and claim.atoms[i] == SELF)]
    if not gap or len(gap) > 3 or gap[-1] - gap[0] + 1 != len(gap) or len(claim.atoms) < 3:
        return None
    before = [j for a, j in pairs if a < gap[0]]
    after = [j for a, j in pairs if a > gap[-1]]
    if not before and not after:
        return None
    # at either end, what the sentence says there before it ends (or begins)
    theirs = list(range(before[-1] + 1 if before else 0, after[0] if after else len(sentence.atoms)))
    if not 1 <= len(theirs) <= 3 or pairs[-1][1] - pairs[0][1] + 1 > len(claim.atoms) + 3:
        return None
    said, instead = [claim.atoms[i] for i in gap], [sentence.atoms[j] for j in theirs]
    # the terms changed; a word besides them must be one the other side says too (« votre » of « dans votre main »)
    mine, other = [a for a in said if a in terms], [a for a in instead if a in terms]
    if not mine or not other or any(a not in terms and a not in sentence.atoms for a in said) or \
            any(a not in terms and a not in claim.atoms and a not in _implied() for a in instead):
        return None
    kinds = frozenset.intersection(*(terms[a] for a in mine + other))
    if not kinds or any(not _said_once_more(a, sentence, pairs) for a in mine) \
            or any(not _said_once_more(a, claim, [(j, i) for i, j in pairs]) for a in other):
        return None
    if any(claim.marks[i] for i in gap) or any(sentence.marks[j] for j in theirs):
        return None
    flips = _flips(claim, sentence, pairs, in_claim | set(gap), {b for _, b in pairs} | set(theirs))
    return (" ".join(mine), " ".join(other)) if flips == [] else None


def _said_once_more(atom: str, sentence: Gist, pairs) -> bool:
    """Whether ``sentence`` never says ``atom`` unaligned: each time it says it, it aligns with an atom of the
    other side, so that side's ``atom`` left unaligned is said once more than the sentence says it (« arrive
    sur le champ de bataille, … renvoyez … sur le champ de bataille » where the text returns the card
    « dans votre main »)."""
    in_sentence = {j for _, j in pairs}
    return all(j in in_sentence for j, a in enumerate(sentence.atoms) if a == atom)


@lru_cache(maxsize=1)
def _implied() -> frozenset[str]:
    """The atoms of the ``implied`` words ("target", « ciblé »)."""
    return frozenset(atom_of(w, lang) for lang in ("en", "fr") for w in word_class(lang, "implied"))


@lru_cache(maxsize=1)
def _generic() -> frozenset[str]:
    return frozenset(word_class("en", "generic")) | frozenset(word_class("fr", "generic"))


def _flips(claim: Gist, sentence: Gist, pairs, in_claim: set, in_sentence: set) -> Optional[list]:
    """The aligned atoms negated in one and not the other, or None when a mark cannot be compared (a
    negation or restriction on an atom left unaligned, a restriction on one side only)."""
    loose = any(claim.marks[i] for i in range(len(claim.atoms)) if i not in in_claim) or \
        any(sentence.marks[j] for j in range(len(sentence.atoms)) if j not in in_sentence)
    if loose or any((RESTRICTED in claim.marks[i]) != (RESTRICTED in sentence.marks[j]) for i, j in pairs):
        return None
    flips = [(claim.atoms[i], "sentence" if NEGATED in sentence.marks[j] else "claim")
             for i, j in pairs if (NEGATED in claim.marks[i]) != (NEGATED in sentence.marks[j])]
    if flips and _implicit() & (set(claim.atoms) | set(sentence.atoms)):
        return None     # « faute de pouvoir payer », "prevents it from …": a denial the marks don't carry
    return flips


@lru_cache(maxsize=1)
def _implicit() -> frozenset[str]:
    """The atoms of the words that deny without a negation (``implicit`` in gist_words.tsv)."""
    return frozenset(atom_of(w, lang) for lang in ("en", "fr") for w in word_class(lang, "implicit"))


def _said_both_ways(claim: Gist, sentence: Gist, pairs) -> bool:
    """Whether the claim aligns as well with the sentence's words marked as it marks them: the atom negated
    in one and not the other is also said unnegated where it could have aligned ("an untapped creature
    you control" then "one you haven't controlled": which one the claim says is not the alignment's to
    choose)."""
    flipped = {i for i, j in pairs if (NEGATED in claim.marks[i]) != (NEGATED in sentence.marks[j])}
    other = _alignment(claim, sentence, agreeing=True)
    return len(other) == len(pairs) and flipped <= {i for i, _ in other} and \
        all((NEGATED in claim.marks[i]) == (NEGATED in sentence.marks[j]) for i, j in other)


def _changed_quantity(claim: Gist, sentence: Gist, pairs) -> Optional[tuple[str, str]]:
    """(the claim's quantity, the sentence's) when every atom of the claim aligns, in a tight stretch and
    with the same marks, but one quantity, and the sentence has another quantity in its place."""
    if len(pairs) != len(claim.atoms) - 1 or len(claim.atoms) < 5:     # (« gagner 3 points de vie » is too little)
        return None
    i = next(k for k in range(len(claim.atoms)) if k not in {a for a, _ in pairs})
    if not is_quantity(claim.atoms[i]) or claim.marks[i]:
        return None
    before = [j for a, j in pairs if a < i]
    after = [j for a, j in pairs if a > i]
    lo = before[-1] + 1 if before else (after[0] - 1 if after else 0)
    hi = after[0] if after else lo + 1
    gap = range(lo, hi)
    if len(gap) != 1 or not 0 <= gap[0] < len(sentence.atoms):
        return None
    j = gap[0]
    if not is_quantity(sentence.atoms[j]) or sentence.marks[j] or _kind(claim.atoms[i]) != _kind(sentence.atoms[j]):
        return None
    if pairs[-1][1] - pairs[0][1] + 1 > len(claim.atoms) + 1:
        return None
    in_claim, in_sentence = {a for a, _ in pairs}, {b for _, b in pairs} | {j}
    flips = _flips(claim, sentence, pairs, in_claim | {i}, in_sentence)
    return (claim.atoms[i], sentence.atoms[j]) if flips == [] else None


def _kind(atom: str) -> str:
    """What a quantity is: a mana symbol, a P/T change or counter (« -1/-1 »), a colour, a number."""
    if atom in colours():
        return "colour"
    return "mana" if atom.startswith("{") else "pt" if "/" in atom else "number"
