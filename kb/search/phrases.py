"""Quoted phrases matched word for word.

The index drops stop words (:mod:`kb.search.index`), so a phrase such as
``"exiled with"`` reaches the engine as the one term ``exil``.  Every
phrase the query requires (the query itself, or a positive member of its
top-level AND) that holds a stop word is therefore checked on each hit's
stored title and body: the phrase's words, folded and stemmed (stop words
folded only), must follow each other there, in that order, in the
document's language.  Both sides are analysed by the same function
(``tokens(text, lang) -> [(term, stopped)]``, given by the index).
"""
from __future__ import annotations

from typing import Callable, Optional

from kb.search.query import All, Phrase
from kb.search.words import LANGS

Tokens = Callable[[str, str], list]


def required_phrases(tree) -> list[Phrase]:
    """The phrases every hit of ``tree`` must hold."""
    if isinstance(tree, Phrase):
        return [tree]
    if isinstance(tree, All):
        return [n for n in tree.nodes if isinstance(n, Phrase)]
    return []


def _contains(seq: list, sub: list) -> bool:
    n = len(sub)
    first = sub[0]
    return any(seq[i] == first and seq[i:i + n] == sub for i in range(len(seq) - n + 1))


def phrase_check(tree, tokens: Tokens, sequence: Optional[Callable[[str, str], list]] = None
                 ) -> Optional[Callable[[str, str, str], bool]]:
    """A test ``check(lang, title, body)`` that a document holds every
    required phrase of ``tree`` word for word; None when no phrase needs it
    (no phrase, or none with a stop word: the engine's phrase query suffices).
    ``sequence(text, lang)``: the terms of ``tokens`` alone, faster (default: from ``tokens``)."""
    if sequence is None:
        sequence = lambda text, lang: [t for t, _s in tokens(text, lang)]   # noqa: E731
    wanted: list[dict] = []
    for p in required_phrases(tree):
        per_lang = {}
        for lang in LANGS:
            if p.lang and p.lang != lang:
                continue
            toks = tokens(p.text, lang)
            if len(toks) > 1 and any(stopped for _t, stopped in toks):
                per_lang[lang] = [t for t, _s in toks]
        if per_lang:
            wanted.append(per_lang)
    if not wanted:
        return None

    def check(lang: str, title: str, body: str) -> bool:
        lang = "fr" if lang == "fr" else "en"
        seq = None
        for per_lang in wanted:
            sub = per_lang.get(lang)
            if sub is None:
                continue
            if seq is None:
                seq = sequence(f"{title or ''}\n{body or ''}", lang)
            if not _contains(seq, sub):
                return False
        return True

    return check
