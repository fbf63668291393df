"""French <-> English query expansion from term glossaries.

A query word or phrase that is a known game term in one language also
searches its translation in the other: « persistance » also finds Persist
rules and cards, « soulbond » finds « association d'âmes » rules and notes.

Term pairs come from ``corpus/terms/``:

* ``terms_fr_en.tsv`` / ``.csv`` / ``.json`` -- the French/English terms
  glossary (when present);
* ``search_expansions.tsv`` -- a small hand-written list (columns ``fr``,
  ``en``, ``source``) covering the keyword abilities and notions of the seed
  documents.

:func:`compile_table` analyses every phrase with the index analysis (so
« marqueurs » matches the pair « marqueur » / « counter »), and
:func:`expand` rewrites a :mod:`kb.search.query` tree, replacing each matched
span by « span OR French term OR English term ».
"""
from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Callable, Optional

from kb.data import terms_dir
from kb.search.query import All, Any, Not, Phrase, Word

TERMS_DIR = terms_dir()
HAND_FILE = "search_expansions.tsv"

#: Highest weight of an English translation of a French term (see _translations).
MAX_BOOST = 1.5

#: Longest glossary phrase, in words, that a query span is matched against.
MAX_SPAN = 6

Analyze = Callable[[str, str], list]


def _rows_from_file(path: Path) -> list[dict]:
    if path.suffix == ".json":
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict):
            data = data.get("terms") or data.get("pairs") or [{"fr": k, "en": v} for k, v in data.items()
                                                              if isinstance(v, str)]
        return [r for r in data if isinstance(r, dict)]
    delim = "\t" if path.suffix == ".tsv" else ","
    with path.open(encoding="utf-8", newline="") as f:
        lines = [line for line in f if line.strip() and not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter=delim))


def _field(row: dict, *names: str) -> str:
    for n in names:
        for k, v in row.items():
            if k and k.strip().lower() == n and v:
                return str(v).strip()
    return ""


def load_pairs(directory: Path = TERMS_DIR) -> list[tuple[str, str, str]]:
    """(french, english, source) pairs from the term files of ``directory``
    (see module docstring), duplicates dropped.  Missing files are skipped;
    an unreadable file raises ValueError naming it."""
    files = sorted(p for p in Path(directory).glob("terms_fr_en.*") if p.suffix in (".tsv", ".csv", ".json"))
    hand = Path(directory) / HAND_FILE
    if hand.exists():
        files.append(hand)
    pairs: dict[tuple[str, str], tuple[str, str, str]] = {}
    for path in files:
        try:
            rows = _rows_from_file(path)
        except (OSError, ValueError, csv.Error) as err:
            raise ValueError(f"{path}: cannot read term pairs: {err}") from err
        for row in rows:
            fr = _field(row, "fr", "french", "français", "francais", "term_fr")
            en = _field(row, "en", "english", "anglais", "term_en")
            if fr and en:
                pairs.setdefault((fr.lower(), en.lower()), (fr, en, _field(row, "source") or path.name))
    return list(pairs.values())


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
    typed_keys = {lang: tuple(t for w in typed for t in analyze(w, lang)) for lang in ("fr", "en")}
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
    for lang in ("fr", "en"):
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
        langs = _match_langs(table, analyze, [node.text])
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
