"""Inflected words brought back to the words of the claim grammar.

The claim grammar (``parser/grammars/claims.lark``) writes each verb and
noun in the forms its frames use (« revient », « recoivent », "returns").
Players write any form: « reviennent », « reviendra », « provoquait »,
"returned", « arrivée ».  This module reads a claim word by word and
replaces a word the grammar does not know by the grammar's word of the
same lemma, so the grammar works over lemmas without listing inflections.

Lemmas come from simplemma (zero-dependency, French and English
dictionaries, ``pip install simplemma``): its form -> lemma tables are
folded (:func:`parser.textkeys.fold`: no accents), so a claim written
without accents (« recoivent ») finds its lemma too.  Only forms whose
lemma is the lemma of a grammar word are kept (a few thousand), and a word
the grammar already knows is never replaced.  Folding the 400 000 forms
takes about a second, so the kept index is cached on disk (``$KB_CACHE_DIR``,
else ``$XDG_CACHE_HOME/kb``, else ``~/.cache/kb``), keyed by the grammar's
words and simplemma's version; an unwritable cache only costs the second.

A past participle after an auxiliary becomes the verb it stands for:
« elle est arrivée » -> « elle arrive », « ont reçu » -> « recoit ».
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Optional

from kb.checker.messages import claim_language  # noqa: F401  (the one language guess)
from parser.textkeys import fold

LANGS = ("fr", "en")

#: Auxiliaries (folded) before a past participle: « est/a/ont/sont/etait … arrivée ».
AUXILIARIES = frozenset({"est", "sont", "a", "ont", "etait", "etaient", "avait", "avaient", "sera", "seront",
                         "aura", "auront", "has", "have", "had", "was", "were", "will", "would"})

_WORD = re.compile(r"[a-z][a-z'\-]*")


def _dictionary(lang: str) -> list[tuple[str, str]]:
    """Every (form, lemma) pair of simplemma's table for ``lang``, folded."""
    from simplemma.strategies.dictionaries import DefaultDictionaryFactory

    table = DefaultDictionaryFactory().get_dictionary(lang)
    return [(_fold(form), _fold(lemma)) for form, lemma in table.items()]


class _FoldTable(dict):
    """Code point -> its folded text (:func:`fold` of the character), filled on first use."""

    def __missing__(self, code: int) -> str:
        self[code] = folded = fold(chr(code))
        return folded


_FOLD = _FoldTable()


def _fold(word: str) -> str:
    """:func:`fold` of one word, a character at a time (the tables hold 400 000 words)."""
    return word.lower() if word.isascii() else word.lower().translate(_FOLD)


def _plural(word: str) -> bool:
    """A French third-person plural verb form (« reviennent », « ont »), not a present participle (« ayant »)."""
    return word.endswith(("ent", "ont")) and len(word) > 3


@lru_cache(maxsize=4)
def lemma_index(grammar: frozenset[str]) -> dict[str, dict[str, tuple[str, str]]]:
    """Per language, folded form -> (grammar word of the same lemma, lemma),
    for the words of ``grammar`` (folded, as the grammar writes them); each
    language's forms go to words of its own lemmas.  Singular and plural
    French verb forms keep their number when the grammar has both.  Read
    from the disk cache when it holds the index of these words."""
    path = _cache_path(grammar)
    cached = _read_cache(path) if path else None
    if cached is not None:
        return cached
    index = {lang: _language_index(_dictionary(lang), grammar) for lang in LANGS}
    if path:
        write_cache(path, index)
    return index


#: Bump when the way the index is made changes (the cache key includes it).
_INDEX_FORMAT = "1"


def _cache_path(grammar: frozenset[str]) -> Optional[Path]:
    from importlib.metadata import PackageNotFoundError, version

    try:
        lib = version("simplemma")
    except PackageNotFoundError:
        return None
    key = hashlib.sha256("\n".join([_INDEX_FORMAT, lib, *sorted(grammar)]).encode()).hexdigest()[:20]
    root = cache_root()
    return root / f"lemmas-{key}.json" if root is not None else None


def cache_root() -> Optional[Path]:
    """Where the checker caches what it derives: ``$KB_CACHE_DIR``, else ``$XDG_CACHE_HOME/kb``, else
    ``~/.cache/kb``; None with no home directory (then it is derived each time)."""
    try:
        return Path(os.environ.get("KB_CACHE_DIR") or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "kb")
    except RuntimeError:
        return None


#: A cache file larger than this is not ours (the index is a few hundred KB).
_MAX_CACHE_BYTES = 32 * 1024 * 1024


def _read_cache(path: Path) -> Optional[dict]:
    """The index the cache file at ``path`` holds, or None (then it is made
    again and the file replaced) when :func:`read_json_cache` reads nothing or
    it holds values of another shape than ``{lang: {form: [word, lemma]}}``."""
    return _index_of(read_json_cache(path))


def read_json_cache(path: Path):
    """The JSON a cache file at ``path`` holds (the lemma index, the lexicon, the gists of
    :mod:`kb.checker.said`), or None when it is missing, is not a regular file (a FIFO, ``/dev/zero``:
    never read), is too large or is not JSON; its shape is for the caller to check."""
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > _MAX_CACHE_BYTES:
            return None
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = json.loads(f.read(_MAX_CACHE_BYTES + 1).decode("utf-8"))
    except (OSError, ValueError):
        return None
    finally:
        os.close(fd)
    return data


def _index_of(data) -> Optional[dict]:
    """``data`` (a cache file's JSON) as the index, if every value has its shape."""
    if not isinstance(data, dict) or any(not isinstance(data.get(lang), dict) for lang in LANGS):
        return None
    index = {}
    for lang in LANGS:
        forms = data[lang]
        if not all(isinstance(form, str) and isinstance(v, list) and len(v) == 2
                   and all(isinstance(x, str) for x in v) for form, v in forms.items()):
            return None
        index[lang] = {form: (v[0], v[1]) for form, v in forms.items()}
    return index


def write_cache(path: Path, index: dict) -> None:
    """Write a cache file as JSON atomically (a temporary file renamed), ignoring any failure (the lemma
    index, the lexicon of :mod:`kb.checker.lexicon`)."""
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix="." + path.stem.split("-")[0] + "-")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(index, f, ensure_ascii=False)
        os.replace(tmp, path)
    except OSError:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)


def _language_index(pairs: list[tuple[str, str]], grammar: frozenset[str]) -> dict[str, tuple[str, str]]:
    lemma_of: dict[str, set[str]] = {}
    for form, lemma in pairs:
        if form in grammar:
            lemma_of.setdefault(form, set()).add(lemma)
    targets: dict[tuple[str, bool], str] = {}
    for word in sorted(lemma_of, key=lambda w: (len(w), w)):
        for lemma in lemma_of[word]:
            targets.setdefault((lemma, _plural(word)), word)
    index: dict[str, tuple[str, str]] = {}
    for form, lemma in pairs:
        if form in grammar or not _WORD.fullmatch(form):
            continue
        target = targets.get((lemma, _plural(form))) or targets.get((lemma, not _plural(form)))
        if target is not None:
            index.setdefault(form, (target, lemma))
    return index


@dataclass
class Lemmatized:
    """A claim with its words brought to the grammar's words, and the
    words replaced: ``originals[offset] = word`` at each offset of the new
    text where a replaced word starts (card names get them back)."""
    text: str
    originals: dict[int, str] = field(default_factory=dict)

    @property
    def changed(self) -> bool:
        return bool(self.originals)


def lemmatize(norm: str, grammar: frozenset[str]) -> Lemmatized:
    """``norm`` (a folded claim) with each word the grammar does not know
    replaced by the grammar word of its lemma, and an auxiliary before a
    replaced participle dropped (« est arrivee » -> « arrive »)."""
    indexes = lemma_index(grammar)
    words = norm.split(" ")
    first = claim_language(words)
    order = [indexes[first]] + [ix for lang, ix in indexes.items() if lang != first]
    out: list[str] = []
    replaced: list[str | None] = []
    for word in words:
        core = word.rstrip(",:;?!")
        tail = word[len(core):]
        found = None if core in grammar else next((ix[core] for ix in order if core in ix), None)
        if found is None:
            out.append(word)
            replaced.append(None)
            continue
        target, lemma = found
        if out and replaced[-1] is None and out[-1] in AUXILIARIES and _participle(core, lemma, out[-1]):
            out.pop()
            replaced.pop()
        out.append(target + tail)
        replaced.append(core)
    result = Lemmatized(" ".join(out))
    offset = 0
    for word, original in zip(out, replaced):
        if original is not None:
            result.originals[offset] = original
        offset += len(word) + 1
    return result


_PARTICIPLE = re.compile(r"(?:e|ee|es|ees|i|ie|is|ies|u|ue|us|ues|t|te|ts|tes|ed|en|wn)$")


def _participle(word: str, lemma: str, auxiliary: str) -> bool:
    """``word`` (of ``lemma``) read as a past participle after ``auxiliary``:
    « arrivee », « recu », "returned" — not a plural noun (« creatures »),
    and not an English adjective after the article "a" ("a tapped …")."""
    if word in (lemma, lemma + "s", lemma + "x") or not _PARTICIPLE.search(word):
        return False
    return not (auxiliary == "a" and word.endswith(("ed", "en", "wn")))


def restore_words(tree, originals: dict[int, str], offset: int = 0):
    """Give the words of card names in ``tree`` (``WORD`` and ``NAME_START``
    tokens) back their written form where :func:`lemmatize` replaced them:
    « Les Fourbes de cuisine ont … » keeps its name whatever its words.
    ``offset``: where the text ``tree`` was parsed from starts in the claim."""
    from lark import Token

    if originals:
        for sub in tree.iter_subtrees():
            sub.children = [Token(c.type, originals[c.start_pos + offset]) if isinstance(c, Token)
                            and c.type in ("WORD", "NAME_START") and c.start_pos + offset in originals else c
                            for c in sub.children]
    return tree


#: French feminine endings and the masculine ones of the same noun (« guerrière » guerrier, « magicienne »
#: magicien, « voleuse » voleur, « gobeline » gobelin, « humaine » humain): a creature type said of a woman.
_FEMININE = (("ieres", "iers"), ("iere", "ier"), ("ennes", "ens"), ("enne", "en"), ("euses", "eurs"),
             ("euse", "eur"), ("trices", "teurs"), ("trice", "teur"), ("esses", "es"), ("esse", "e"),
             ("es", "s"), ("e", ""))


def masculine(word: str) -> list[str]:
    """The masculine forms ``word`` may be the feminine of (folded French; none for a word of 3 letters)."""
    if len(word) <= 3:
        return []
    return [word[:-len(fem)] + masc for fem, masc in _FEMININE if word.endswith(fem)]
