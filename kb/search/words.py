"""What a word is to search: the languages, the token pattern, the French elisions.

One definition shared by the index analysis (:mod:`kb.search.index`), the
literal reading of a query that does not parse (:mod:`kb.search.query`) and
the spelling correction (:mod:`kb.search.spelling`).

Game notation is one token: mana symbols (``{2/B}``), power/toughness and
counters (``-1/-1``, ``+1/+1``, ``X/X``) and rule numbers (``702.19c``);
then words with inner apostrophes or hyphens (« d'âmes », « non-bloquée »),
then numbers.
"""
from __future__ import annotations

import re
from itertools import repeat
from typing import Callable, Iterable, Optional

from parser.textkeys import fold

#: The languages of the analysis, of the documents and of the ``lang:`` filter.
LANGS = ("fr", "en")

TOKEN_PATTERN = (r"\{[^{}\s]+\}"
                 r"|[+-]?(?:\d+|[*X])/[+-]?(?:\d+|[*X])"
                 r"|\d{3}\.\d+[a-z]?"
                 r"|\w+(?:['’]\w+)*"
                 r"|\d+")
TOKEN_RE = re.compile(TOKEN_PATTERN)

#: French elided articles and conjunctions (l', d', qu', jusqu'…), before an
#: apostrophe, straight or curly.
ELISIONS = ("l", "d", "j", "qu", "jusqu", "lorsqu", "puisqu", "n", "s", "c", "m", "t")
ELISION_RE = re.compile(r"^(?:%s)['’](?=\w)" % "|".join(ELISIONS))


#: Surface words whose analysis a :class:`WordTerms` remembers, at most.
CACHE_LIMIT = 200_000


class WordTerms:
    """The index term of each surface word for one language: lowercase ->
    elision (French) -> folding -> stop words (None) -> stemming (``stem``,
    a function, or None for the folded words); a word's analysis never
    depends on its neighbours, so each is computed once and remembered, at
    most :data:`CACHE_LIMIT` of them (the cache is emptied when full: a build
    meets some 300,000 distinct surface words, a server any word typed to it)."""

    def __init__(self, lang: str, stops: frozenset, stem: Optional[Callable[[str], str]]):
        self.lang = lang
        self.stops = stops
        self.stem = stem
        self.cache: dict[str, Optional[str]] = {}
        self.stopped: dict[str, tuple] = {}     # a stop word's surface form: (folded, True)
        self.folded: dict[str, str] = {}        # a surface word: its term, or a stop word folded

    def _term(self, text: str) -> Optional[str]:
        word = text.lower()
        if self.lang == "fr":
            word = ELISION_RE.sub("", word)
        word = fold(word)
        if word in self.stops:
            return None
        return self.stem(word) if self.stem else word

    def cached(self, text: str) -> Optional[str]:
        """The term of ``text`` (None: a stop word), computed and remembered."""
        if len(self.cache) >= CACHE_LIMIT:
            self.cache.clear()
            self.stopped.clear()
            self.folded.clear()
        term = self.cache[text] = self._term(text)
        return term

    def terms(self, words: Iterable[str]) -> list[str]:
        """The terms of ``words`` (surface words, in order), stop words left out
        (the known words looked up by ``map``; "": not known yet)."""
        words = words if isinstance(words, list) else list(words)
        out = list(map(self.cache.get, words, repeat("", len(words))))
        if "" in out:
            for i, term in enumerate(out):
                if term == "":
                    out[i] = self.cached(words[i])
        return [t for t in out if t is not None]

    def with_stops(self, words: Iterable[str]) -> list[tuple[str, bool]]:
        """Each of ``words`` as ``(term, stopped)``: a stop word folded, ``stopped`` True (its
        surface forms, a few per stop word, folded once)."""
        cache, cached, stopped, out = self.cache, self.cached, self.stopped, []
        for w in words:
            term = cache.get(w, "")
            if term == "":
                term = cached(w)
            if term is not None:
                out.append((term, False))
            else:
                folded = stopped.get(w)
                if folded is None:
                    folded = stopped[w] = (fold(w.lower()), True)
                out.append(folded)
        return out

    def sequence(self, words: list) -> list[str]:
        """:meth:`with_stops` without the flags, the known words looked up by ``map`` (a phrase
        check reads whole documents): each of ``words`` as its term or, a stop word, folded."""
        out = list(map(self.folded.get, words))
        if None in out:
            for i, w in enumerate(words):
                if out[i] is None:
                    out[i] = self.folded[w] = self.with_stops([w])[0][0]
        return out
