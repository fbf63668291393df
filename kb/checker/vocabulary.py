"""The words the checker reads: keyword abilities, card types, colours and
numbers, in French and English.

Keyword abilities come from the French<->English term pairs
(``corpus/terms/terms_fr_en.tsv``, :func:`kb.cards.terms.load_terms`):
every ``keyword_ability`` pair, plus the rules term « mal d'invocation » /
summoning sickness, which claims treat like a keyword.  Card types come
from the card-face grammar's table (:data:`parser.cardface.FR_TYPES`).
Only grammar is added here: the articles a claim puts before a keyword
(« perd la persistance », « loses soulbond ») and the French nouns of the
keywords that are adjectives (« l'indestructibilité »).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Optional

from kb.cards.terms import load_terms
from parser.cardface import FR_TRIBAL, FR_TYPES
from parser.textkeys import fold_name

SUMMONING_SICKNESS = "summoning sickness"

#: French nouns for keyword abilities printed as adjectives, folded -> English keyword.
KEYWORD_NOUNS = {"indestructibilite": "indestructible"}

#: Articles a claim may put before a keyword or a card name (folded).
LEADING_ARTICLE = re.compile(r"^(le |la |les |l'|the )")

#: Articles, definite or not, a card name may start with once folded as a
#: name (:func:`fold_name`: « l' » has lost its apostrophe).
NAME_ARTICLE = re.compile(r"^(le |la |les |l'|l |the |un |une |a |an )")

NUMBERS = {"un": 1, "une": 1, "a": 1, "an": 1, "one": 1, "deux": 2, "two": 2, "trois": 3, "three": 3,
           "quatre": 4, "four": 4, "cinq": 5, "five": 5, "six": 6, "sept": 7, "seven": 7}

#: Colour terminals of the claim grammar -> colour letters.
COLOR_LETTERS = {"WHITE": "W", "BLUE": "U", "BLACK": "B", "RED": "R", "GREEN": "G"}

#: Card types in English, lowercase (the values of the French table, and Tribal's new name).
ENGLISH_TYPES = frozenset({t.lower() for t in FR_TYPES.values()} | {"tribal", "kindred"})


@lru_cache(maxsize=1)
def keyword_names() -> dict[str, str]:
    """Folded card-name key (:func:`fold_name`) of every French and English
    keyword name -> the lowercase English keyword (« association dames » ->
    ``soulbond``, « persist » -> ``persist``)."""
    table: dict[str, str] = {}
    for pair in load_terms():
        if pair.kind == "keyword_ability" or (pair.kind == "rules_term" and pair.en == SUMMONING_SICKNESS):
            english = pair.en.lower()
            table.setdefault(fold_name(pair.fr), english)
            table.setdefault(fold_name(pair.en), english)
    table.update(KEYWORD_NOUNS)
    return table


@lru_cache(maxsize=1)
def french_keywords() -> dict[str, str]:
    """Lowercase English keyword -> its French name, lowercase, from the same
    term pairs (``persist`` -> « persistance »)."""
    table: dict[str, str] = {}
    for pair in load_terms():
        if pair.kind == "keyword_ability" or (pair.kind == "rules_term" and pair.en == SUMMONING_SICKNESS):
            table.setdefault(pair.en.lower(), pair.fr.lower())
    return table


def keyword_in_text(phrase: str) -> Optional[str]:
    """The English keyword a printed phrase names (« Persistance », « Vol »),
    or None: the whole phrase must be the keyword."""
    return keyword_names().get(fold_name(phrase).strip(" ."))


def keyword(words: str) -> str:
    """The English keyword named in a claim (« la persistance », « l'association
    d'ames », « le mal d'invocation », « wither »), a leading article dropped.

    Raises KeyError for a word that is not a keyword."""
    return keyword_names()[fold_name(LEADING_ARTICLE.sub("", words))]


def card_type(word: str) -> Optional[str]:
    """The lowercase English card type of a French or English type word
    (« artefact » -> ``artifact``, « Sorcery » -> ``sorcery``), or None."""
    key = fold_name(word)
    if key in FR_TYPES:
        return FR_TYPES[key].lower()
    if key in FR_TRIBAL:
        return "tribal"
    return key if key in ENGLISH_TYPES else None
