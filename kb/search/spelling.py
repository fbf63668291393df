"""Spelling correction of query words against the indexed vocabulary.

At build time :class:`VocabularyCounter` counts the words of every indexed
text per language and writes ``vocab_fr.txt`` / ``vocab_en.txt`` (folded
word, tab, count; most frequent first) into the index directory.  At query
time :class:`Speller` proposes the nearest frequent word for a misspelt one
(« associaton » -> ``association``, « persit » -> ``persist``) with
rapidfuzz's Damerau-Levenshtein distance.
"""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Callable, Optional

from kb.search.fields import CURRENT_FIELDS, NAME_FIELDS, OLD_FIELDS, RULING_FIELDS
from kb.search.words import ELISION_RE, LANGS
from parser.textkeys import fold

#: Words of the spelling vocabulary: letters only, 3 or more.
VOCAB_WORD = re.compile(r"[^\W\d_]{3,}")


def is_known(word: str, analyze: Callable[[str, str], list], doc_frequency: Callable[[str, str], int]) -> bool:
    """True if ``word`` (analysed either way) is an indexed term, or is only
    stop words / notation (nothing to correct)."""
    any_term = False
    for lang in LANGS:
        terms = analyze(word, lang)
        if not terms:
            return True  # a stop word in this language
        any_term = True
        names = [f for f in (CURRENT_FIELDS[lang], OLD_FIELDS[lang], NAME_FIELDS[lang], RULING_FIELDS.get(lang)) if f]
        if any(doc_frequency(f, t) for t in terms for f in names):
            return True
    return not any_term


def vocabulary_path(directory: Path, lang: str) -> Path:
    return Path(directory) / f"vocab_{lang}.txt"


class VocabularyCounter:
    """Counts the words of the texts being indexed, per language."""

    def __init__(self):
        self.words = {lang: Counter() for lang in LANGS}

    def add(self, lang: str, text: str) -> None:
        """Count the words of ``text`` (any language but French counts as English)."""
        self.words["fr" if lang == "fr" else "en"].update(VOCAB_WORD.findall(text.lower()))

    def write(self, directory: Path) -> None:
        """Write ``vocab_<lang>.txt`` into ``directory``."""
        for lang, counter in self.words.items():
            folded: Counter = Counter()
            for w, c in counter.items():
                folded[fold(w)] += c
            lines = [f"{w}\t{c}" for w, c in folded.most_common()]
            vocabulary_path(directory, lang).write_text("\n".join(lines) + "\n", encoding="utf-8")


class Speller:
    """The vocabulary of an index directory, read when first needed."""

    def __init__(self, directory: Path):
        self.directory = Path(directory)
        self._vocab: dict = {}
        self._lengths: dict = {}

    def vocabulary(self, lang: str) -> tuple[list, list]:
        """(words, counts) of ``lang``, most frequent first (empty lists for
        an index built without a vocabulary)."""
        if lang not in self._vocab:
            words, counts = [], []
            path = vocabulary_path(self.directory, lang)
            if path.exists():
                for line in path.read_text(encoding="utf-8").splitlines():
                    w, _, c = line.partition("\t")
                    words.append(w)
                    counts.append(int(c or 0))
            self._vocab[lang] = (words, counts)
        return self._vocab[lang]

    def by_length(self, lang: str) -> dict:
        """{length: (words, counts)} of the vocabulary of ``lang``, most frequent first: a word within
        distance k of another is within k letters of its length, the others need no look."""
        if lang not in self._lengths:
            out: dict = {}
            for w, c in zip(*self.vocabulary(lang)):
                words, counts = out.setdefault(len(w), ([], []))
                words.append(w)
                counts.append(c)
            self._lengths[lang] = out
        return self._lengths[lang]

    def correct(self, word: str) -> Optional[str]:
        """The vocabulary word nearest ``word`` (Damerau-Levenshtein distance
        1, or 2 for words of 7 letters or more), preferring the same first
        letter, then the most frequent; None if there is none or ``word`` is
        too short (< 4 letters) or not a plain word.  « associaton » ->
        ``association``, « persit » -> ``persist``.  The words within twice
        the distance by Levenshtein's (a transposition is two of its edits),
        four times cheaper, are the only ones measured by Damerau's."""
        from rapidfuzz import process
        from rapidfuzz.distance import DamerauLevenshtein, Levenshtein

        text = ELISION_RE.sub("", fold(word))
        if len(text) < 4 or not text.isalpha():
            return None
        maxdist = 2 if len(text) >= 7 else 1
        best = None
        for lang in LANGS:
            by_length = self.by_length(lang)
            for n in range(len(text) - maxdist, len(text) + maxdist + 1):
                words, counts = by_length.get(n, ([], []))
                for sug, _near, i in process.extract(text, words, scorer=Levenshtein.distance,
                                                     score_cutoff=2 * maxdist, limit=None):
                    dist = DamerauLevenshtein.distance(text, sug)
                    if sug == text or dist > maxdist:
                        continue
                    rank = (dist, sug[0] != text[0], -counts[i], sug)
                    if best is None or rank < best:
                        best = rank
        return best[3] if best else None
