"""French <-> English query expansion from term glossaries.

A query word or phrase that is a known game term in one language also
searches its translation in the other: « persistance » also finds Persist
rules and cards, « soulbond » finds « association d'âmes » rules and notes.

Term pairs come from ``corpus/terms/`` (package ``kb.data.terms``):

* ``terms_fr_en.tsv`` -- the French/English terms glossary derived from the
  card data, read by :func:`kb.cards.terms.load_terms`;
* ``search_expansions.tsv`` -- a small hand-written list (columns ``fr``,
  ``en``, ``source``; ``#`` starts a comment line) covering the keyword
  abilities and notions of the seed documents.

:func:`compile_table` analyses every phrase with the index analysis (so
« marqueurs » matches the pair « marqueur » / « counter »), the build stores
the table in the index directory (:func:`write_table`, :func:`read_table`),
and :func:`expand` rewrites a :mod:`kb.search.query` tree, replacing each
matched span by « span OR French term OR English term ».
"""
from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Callable, Optional

from kb.cards.terms import load_terms
from kb.data import terms_dir
from kb.search.query import All, Any, Not, Phrase, Word
from kb.search.words import LANGS

GLOSSARY_FILE = "terms_fr_en.tsv"
HAND_FILE = "search_expansions.tsv"

#: Name of the file, inside the index directory, holding the analysed table.
TABLE_FILE = "expansions.json"

#: Highest weight of an English translation of a French term (see _translations).
MAX_BOOST = 1.5

#: Longest glossary phrase, in words, that a query span is matched against.
MAX_SPAN = 6

Analyze = Callable[[str, str], list]


def _hand_pairs(path: Path) -> list[tuple[str, str, str]]:
    """(french, english, source) rows of the hand-written list."""
    with path.open(encoding="utf-8", newline="") as f:
        lines = [line for line in f if line.strip() and not line.startswith("#")]
    rows = csv.DictReader(lines, delimiter="\t")
    return [((r.get("fr") or "").strip(), (r.get("en") or "").strip(), (r.get("source") or "").strip() or path.name)
            for r in rows]


def load_pairs(directory: Optional[Path] = None) -> list[tuple[str, str, str]]:
    """(french, english, source) pairs from the term files of ``directory``
    (default: the project's; see module docstring), duplicates dropped.
    Missing files are skipped; an unreadable file raises ValueError naming it."""
    directory = Path(directory) if directory is not None else terms_dir()
    found: list[tuple[str, str, str]] = []
    glossary, hand = directory / GLOSSARY_FILE, directory / HAND_FILE
    if glossary.exists():
        found.extend((t.fr.strip(), t.en.strip(), t.source.strip() or glossary.name) for t in load_terms(glossary))
    if hand.exists():
        try:
            found.extend(_hand_pairs(hand))
        except (OSError, ValueError, csv.Error) as err:
            raise ValueError(f"{hand}: cannot read term pairs: {err}") from err
    pairs: dict[tuple[str, str], tuple[str, str, str]] = {}
    for fr, en, source in found:
        if fr and en:
            pairs.setdefault((fr.lower(), en.lower()), (fr, en, source))
    return list(pairs.values())


def write_table(directory: Path, analyze: Analyze, pairs: Optional[list] = None) -> int:
    """Store the analysed table of ``pairs`` (default: :func:`load_pairs`)
    in ``directory`` (:data:`TABLE_FILE`); returns the number of pairs."""
    if pairs is None:
        pairs = load_pairs()
    table = compile_table(pairs, analyze)
    (Path(directory) / TABLE_FILE).write_text(json.dumps(table, ensure_ascii=False), encoding="utf-8")
    return len(pairs)


def read_table(directory: Path) -> dict:
    """The analysed table stored in ``directory`` (an empty table for an
    index built without one)."""
    path = Path(directory) / TABLE_FILE
    if not path.exists():
        return {"fr": {}, "en": {}, "pairs": []}
    table = json.loads(path.read_text(encoding="utf-8"))
    problem = _table_problem(table)
    if problem:
        raise ValueError(f"{TABLE_FILE}: {problem}")
    return table


def _table_problem(table) -> str:
    """Why ``table`` (a stored :data:`TABLE_FILE`) is not a table of
    :func:`compile_table`'s shape, or ``""``."""
    if not isinstance(table, dict):
        return f"a {type(table).__name__}, not a table of term pairs"
    pairs = table.get("pairs")
    if not isinstance(pairs, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p) for p in pairs):
        return "'pairs' is not a list of [french, english] pairs"
    for lang in LANGS:
        keys = table.get(lang)
        if not isinstance(keys, dict) or not all(
                isinstance(v, list) and all(type(i) is int and 0 <= i < len(pairs) for i in v) for v in keys.values()):
            return f"{lang!r} is not a map of phrases to pair numbers"
    return ""


def current_table(directory: Path, analyze: Analyze) -> dict:
    """The table stored in ``directory``, or, when the project's term files
    have changed since that index was built, the table of those files
    (compiled in about 50 ms): a pair added to ``search_expansions.tsv``
    works without a rebuild."""
    stored = read_table(directory)
    try:
        pairs = load_pairs()
    except (OSError, ValueError):
        return stored
    if stored.get("pairs") == [[fr, en] for fr, en, _source in pairs]:
        return stored
    return compile_table(pairs, analyze)


def is_term(table: dict, analyze: Analyze, text: str) -> bool:
    """True if ``text`` as a whole is a glossary term in either language
    (« persistance », « Persist », « association d'âmes »)."""
    words = text.split()
    return bool(words) and len(words) <= MAX_SPAN and bool(_match(table, analyze, words))


def compile_table(pairs: list, analyze: Analyze) -> dict:
    """``{"pairs": [[fr, en], …], "fr": {terms: [pair index, …]}, "en": {…}}``
    where ``terms`` is the phrase analysed in that language, space-joined."""
    table: dict = {"pairs": [], "fr": {}, "en": {}}
    for i, (fr, en, *_rest) in enumerate(pairs):
        table["pairs"].append([fr, en])
        for lang, phrase in (("fr", fr), ("en", en)):
            key = " ".join(analyze(phrase, lang))
            if key and i not in table[lang].setdefault(key, []):
                table[lang][key].append(i)
    return table


def _translations(table: dict, analyze: Analyze, idxs: set, typed: list[str], source: set) -> list:
    """Phrase nodes for the pairs ``idxs``, each language's phrase searched
    in that language; phrases that analyse like the typed words (or like an
    earlier phrase) are left out: they would find the same documents.

    ``source`` is the set of languages in which the typed words are the
    glossary term.  BM25 adds one score per word, so a translation is
    weighted by the ratio of word counts: « contact mortel » (2 words, French)
    -> « deathtouch » (1 word) gets 2, capped at :data:`MAX_BOOST`.  A French query leans to the English
    rules (the French corpus is small: boost 1 to 1.5); an English query keeps
    its English results first (French translations 0.5 to 1); a term that is
    the same in both languages ({Q}) is neutral."""
    typed_keys = {lang: tuple(t for w in typed for t in analyze(w, lang)) for lang in LANGS}
    seen = {(lang, key) for lang, key in typed_keys.items()}
    out = []
    for i in sorted(idxs):
        fr, en = table["pairs"][i]
        for lang, phrase in (("fr", fr), ("en", en)):
            key = (lang, tuple(analyze(phrase, lang)))
            if key in seen or not key[1]:
                continue
            seen.add(key)
            # BM25 adds one score per word: « contact mortel » (2 words) against
            # « deathtouch » (1 word) would sink the translation; even them out.
            boost = 1.0
            if lang not in source and len(source) == 1:
                ratio = len(typed_keys[next(iter(source))]) / len(key[1])
                boost = min(MAX_BOOST, max(1.0, ratio)) if lang == "en" else min(1.0, max(0.5, ratio))
            out.append(Phrase(phrase, lang, round(boost, 2)))
    return out


def _match_langs(table: dict, analyze: Analyze, words: list[str]) -> dict:
    """{language: pair indices} of the pairs whose phrase in that language
    is exactly ``words``."""
    found: dict = {}
    for lang in LANGS:
        per_word = [analyze(w, lang) for w in words]
        if not per_word[0] or not per_word[-1]:
            continue
        key = " ".join(t for terms in per_word for t in terms)
        if key in table[lang]:
            found[lang] = set(table[lang][key])
    return found


def _match(table: dict, analyze: Analyze, words: list[str]) -> set:
    """Pair indices whose phrase is exactly ``words`` in either language."""
    return set().union(*_match_langs(table, analyze, words).values())


def expand(node, table: dict, analyze: Analyze, used: Optional[list] = None):
    """``node`` with every glossary term replaced by term OR translations.
    ``used`` (a list) receives the (french, english) pairs applied."""
    if used is None:
        used = []
    if not table.get("pairs") or node is None:
        return node
    if isinstance(node, Word):
        if node.lang:
            return node
        return _expand_run(table, analyze, [node], used)
    if isinstance(node, Phrase):
        if node.lang:
            return node
        langs = {lang: i for lang, i in _match_langs(table, analyze, [node.text]).items()
                 if _whole_phrase(node.text, lang, analyze)}
        if not langs:
            return node
        idxs = set().union(*langs.values())
        used.extend(tuple(table["pairs"][i]) for i in sorted(idxs))
        return Any((node, *_translations(table, analyze, idxs, [node.text], set(langs))), alt=True)
    if isinstance(node, Not):
        return Not(expand(node.node, table, analyze, used))
    if isinstance(node, Any):
        return Any(tuple(expand(n, table, analyze, used) for n in node.nodes), alt=node.alt)
    # All: expand runs of plain words together (« association d'âmes »).
    out: list = []
    run: list = []
    for child in node.nodes:
        if isinstance(child, Word) and not child.lang:
            run.append(child)
            continue
        if run:
            out.extend(_flatten(_expand_run(table, analyze, run, used)))
            run = []
        out.append(expand(child, table, analyze, used))
    if run:
        out.extend(_flatten(_expand_run(table, analyze, run, used)))
    return out[0] if len(out) == 1 else All(tuple(out))


def _whole_phrase(text: str, lang: str, analyze: Analyze) -> bool:
    """False when a stop word opens or closes the phrase (``"exiled with"``
    is not the term Exile, only its first word is)."""
    words = text.split()
    return bool(words) and bool(analyze(words[0], lang)) and bool(analyze(words[-1], lang))


def _flatten(node) -> list:
    return list(node.nodes) if isinstance(node, All) else [node]


def _expand_run(table: dict, analyze: Analyze, words: list, used: list):
    out: list = []
    i = 0
    texts = [w.text for w in words]
    while i < len(words):
        for j in range(min(len(words), i + MAX_SPAN), i, -1):
            langs = _match_langs(table, analyze, texts[i:j])
            if langs:
                idxs = set().union(*langs.values())
                group = words[i] if j == i + 1 else All(tuple(words[i:j]))
                used.extend(tuple(table["pairs"][k]) for k in sorted(idxs))
                alternatives = _translations(table, analyze, idxs, texts[i:j], set(langs))
                out.append(Any((group, *alternatives), alt=True) if alternatives else group)
                i = j
                break
        else:
            out.append(words[i])
            i += 1
    return out[0] if len(out) == 1 else All(tuple(out))
