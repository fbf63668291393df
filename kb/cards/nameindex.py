"""The index of card names the linker looks for in texts.

:class:`NameIndex` keys every French and English card and face name of the
card database (table ``mtg_names``) by its folded, singular token tuple
(« Bassins réfléchissants » -> ``("bassin", "reflechissant")``), with the
vocabulary of the card texts (table ``mtg_words``) and the rules terms
(:func:`default_terms`) that tell a card name from an ordinary word.
:func:`name_index` builds it once per connection and ingest.

Mapping one whole name to its card is :mod:`kb.cards.names`; this index
serves the search for names inside running text (:mod:`kb.cards.linker`).
"""
from __future__ import annotations

import json
import re
import sqlite3
from typing import Iterable, Mapping, Optional, Union

from kb.cards.terms import load_terms
from parser.textkeys import fold

#: Tokens: a word, or one non-space character (apostrophes, hyphens, punctuation).
TOKEN_RE = re.compile(r"\w+|[^\w\s]")


def singular(tok: str) -> str:
    """Plural forgiven: « bassins » -> « bassin », « cygnes » -> « cygne »."""
    if len(tok) > 3 and tok[-1] in "sx" and tok.isalpha():
        return tok[:-1]
    return tok


def name_key(surface: str) -> tuple[str, ...]:
    return tuple(singular(fold(t)) for t in TOKEN_RE.findall(surface))


class NameIndex:
    """Card names (French and English) keyed by folded, singular token tuples.

    Build with :meth:`from_conn` (the ``mtg_*`` tables of
    :mod:`kb.cards.db`) or :meth:`from_names` (a mapping surface -> English
    name, for tests).  ``vocabulary``: folded words known in lowercase;
    ``terms``: folded keywords, types and rules words of both languages.
    """

    def __init__(self):
        self.keys: dict[tuple[str, ...], dict[str, set]] = {}
        self.lengths: dict[str, set[int]] = {}
        self.surfaces: dict[tuple[str, ...], str] = {}
        self.vocabulary: set[str] = set()
        self.terms: set[str] = set()
        self.by_card: dict[str, set[str]] = {}
        self.single_exact: set[str] = set()
        self.vocab_by_lang: dict[str, set[str]] = {"en": set(), "fr": set()}
        self.untranslated_faces: dict[str, list[str]] = {}
        self._fuzzy_choices: Optional[list[str]] = None
        self._fuzzy_names: Optional[list[str]] = None

    def add(self, surface: str, english: str, kind: str = "name", lang: str = "any") -> None:
        """Index ``surface`` (a ``lang`` card or face name) for card ``english``."""
        key = name_key(surface)
        if not key or not any(t[0].isalnum() for t in key):
            return
        entry = self.keys.setdefault(key, {})
        entry.setdefault(english, set()).add((kind, lang))
        self.surfaces.setdefault(key, surface)
        self.lengths.setdefault(key[0], set()).add(len(key))
        if len(key) == 1:
            self.single_exact.add(fold(surface.strip()))
        self.by_card.setdefault(english, set()).add(surface)

    @classmethod
    def from_names(cls, names: Union[Mapping[str, str], Iterable[tuple[str, str]]],
                   vocabulary: Iterable[str] = (), terms: Iterable[str] = ()) -> "NameIndex":
        idx = cls()
        items = names.items() if isinstance(names, Mapping) else names
        for surface, english in items:
            idx.add(surface, english)
        idx.vocabulary = {fold(w) for w in vocabulary}
        idx.vocab_by_lang = {"en": idx.vocabulary, "fr": idx.vocabulary}
        idx.terms = {fold(t) for t in terms}
        return idx

    @classmethod
    def from_conn(cls, conn: sqlite3.Connection, terms: Optional[Iterable[str]] = None) -> "NameIndex":
        idx = cls()
        en_faces: dict[str, set] = {}
        fr_surfaces: dict[str, set] = {}
        for name, surface, kind, lang in conn.execute("SELECT name, surface, kind, lang FROM mtg_names"):
            idx.add(surface, name, "face" if kind == "face" else "name", lang)
            if lang == "en" and kind == "face":
                en_faces.setdefault(name, set()).add(surface)
            elif lang == "fr":
                fr_surfaces.setdefault(name, set()).add(surface)
        idx.vocab_by_lang = {"en": set(), "fr": set()}
        for lang, w in conn.execute("SELECT lang, word FROM mtg_words"):
            idx.vocab_by_lang.setdefault(lang, set()).add(w)
        idx.vocabulary = idx.vocab_by_lang["en"] | idx.vocab_by_lang["fr"]
        # faces the French data leaves in English (« Pilleur de tombes nezumi // Nighteyes the Desecrator »)
        for name, faces in en_faces.items():
            left = sorted(faces & fr_surfaces.get(name, set()))
            if left:
                idx.untranslated_faces[name] = left
        if terms is None:
            terms = default_terms(conn)
        idx.terms = {fold(t) for t in terms}
        return idx

    # -- lookups
    def candidates(self, key: tuple[str, ...]) -> dict[str, set]:
        return self.keys.get(key, {})

    def names_for(self, key: tuple[str, ...], lang: str) -> dict[str, set]:
        """Cards whose name spells ``key`` in a text of language ``lang``:
        names of that language; in French texts also English names of
        several words (faces the French data leaves in English, « Nighteyes
        the Desecrator »).  French names are not looked for in English
        texts (« Option » is Opt in French, a common word in English)."""
        out: dict[str, set] = {}
        words = sum(1 for t in key if t[0].isalnum())
        for english, kinds in self.keys.get(key, {}).items():
            ok = {k for k, l in kinds if l in (lang, "any") or (lang == "fr" and l == "en" and words > 1)}
            if ok:
                out[english] = ok
        return out

    def is_ordinary(self, key: tuple[str, ...], surface: str, lang: str = "fr") -> bool:
        """True for names that are also keywords, types or ordinary words:
        the folded name is a glossary term, or every word of it is written
        in lowercase somewhere in the card texts (« La force », « Peur »),
        or it is one or two letters long (the card « X »)."""
        words = [fold(w) for w in TOKEN_RE.findall(surface) if w[0].isalnum()]
        folded = " ".join(words)
        if folded in self.terms or " ".join(key) in self.terms:
            return True
        if len(folded) <= 2:
            return True
        vocab = self.vocab_by_lang.get(lang) or self.vocabulary
        if lang == "en" and len(words) > 1:
            return False  # English capitalises names and terms alike: only glossary terms are ordinary
        return all(w in vocab or singular(w) in vocab for w in words)

    def suggest(self, surface: str, limit: int = 3) -> list[str]:
        """Nearest English card names to ``surface`` (rapidfuzz WRatio)."""
        from rapidfuzz import fuzz, process
        if self._fuzzy_choices is None:
            self._fuzzy_choices, self._fuzzy_names = [], []
            for key, entry in self.keys.items():
                for english in entry:
                    self._fuzzy_choices.append(" ".join(key))
                    self._fuzzy_names.append(english)
        hits = process.extract(" ".join(name_key(surface)), self._fuzzy_choices, scorer=fuzz.ratio,
                               limit=limit * 3)
        out: list[str] = []
        for _choice, score, i in hits:
            n = self._fuzzy_names[i]
            if score >= 70 and n not in out:
                out.append(n)
        return out[:limit]


def default_terms(conn: sqlite3.Connection) -> set[str]:
    """Rules words of both languages that may also be card names:

    * the reviewed glossary ``corpus/terms/terms_fr_en.tsv`` (keywords,
      types, subtypes, rules terms, French and English);
    * every MTGJSON keyword, supertype, card type and subtype of the data;
    * the terms of the Comprehensive Rules glossary (table ``glossary`` of
      kb.store.db, empty without Comprehensive Rules: « Two-Headed Giant »,
      « Commander », « Oracle »).
    """
    terms: set[str] = set()
    for t in load_terms():
        terms.add(t.en)
        terms.add(t.fr)
    for (kw,) in conn.execute("SELECT keywords FROM mtg_cards WHERE keywords != '[]'"):
        terms.update(json.loads(kw))
    for sup, typ, sub in conn.execute("SELECT DISTINCT supertypes, types, subtypes FROM mtg_faces"):
        for col in (sup, typ, sub):
            terms.update(json.loads(col or "[]"))
    for (term,) in conn.execute("SELECT DISTINCT term FROM glossary"):
        if term:
            terms.add(re.sub(r"\s*\(.*?\)\s*$", "", term))  # « Active Player » ; « Banding (Obsolete) »
    return terms


_INDEX_CACHE: dict[int, tuple[tuple, NameIndex]] = {}


def name_index(conn: sqlite3.Connection) -> NameIndex:
    """The NameIndex of ``conn``, built once per connection and data state."""
    stamp = conn.execute("SELECT value FROM mtg_meta WHERE key = 'ingest_id'").fetchone()
    if stamp is None:  # nothing ingested: the row counts tell a later change
        stamp = conn.execute("SELECT (SELECT COUNT(*) FROM mtg_names), (SELECT COUNT(*) FROM mtg_cards)").fetchone()
    hit = _INDEX_CACHE.get(id(conn))
    if hit and hit[0] == tuple(stamp):
        return hit[1]
    idx = NameIndex.from_conn(conn)
    _INDEX_CACHE[id(conn)] = (tuple(stamp), idx)
    return idx

