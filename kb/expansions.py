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
:func:`expand` rewrites a :mod:`kb.querysyntax` tree, replacing each matched
span by « span OR French term OR English term ».
"""
from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Callable, Optional

from kb.querysyntax import All, Any, Not, Phrase, Word

TERMS_DIR = Path(__file__).resolve().parent.parent / "corpus" / "terms"
HAND_FILE = "search_expansions.tsv"

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
    pairs: dict[tuple[str, str], str] = {}
    for path in files:
        try:
            rows = _rows_from_file(path)
        except (OSError, ValueError, csv.Error) as err:
            raise ValueError(f"{path}: cannot read term pairs: {err}") from err
        for row in rows:
            fr = _field(row, "fr", "french", "français", "francais", "term_fr")
            en = _field(row, "en", "english", "anglais", "term_en")
            if fr and en:
                pairs.setdefault((fr, en), _field(row, "source") or path.name)
    return [(fr, en, src) for (fr, en), src in pairs.items()]


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


def _translations(table: dict, idxs: set) -> list:
    out = []
    for i in sorted(idxs):
        fr, en = table["pairs"][i]
        for node in (Phrase(fr, "fr"), Phrase(en, "en")):
            if node not in out:
                out.append(node)
    return out


def _match(table: dict, analyze: Analyze, words: list[str]) -> set:
    """Pair indices whose phrase is exactly ``words`` in either language."""
    found: set = set()
    for lang in ("fr", "en"):
        per_word = [analyze(w, lang) for w in words]
        if not per_word[0] or not per_word[-1]:
            continue
        key = " ".join(t for terms in per_word for t in terms)
        found.update(table[lang].get(key, ()))
    return found


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
        idxs = _match(table, analyze, [node.text])
        if not idxs:
            return node
        used.extend(tuple(table["pairs"][i]) for i in sorted(idxs))
        return Any((node, *[t for t in _translations(table, idxs) if t != node]))
    if isinstance(node, Not):
        return Not(expand(node.node, table, analyze, used))
    if isinstance(node, Any):
        return Any(tuple(expand(n, table, analyze, used) for n in node.nodes))
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
            idxs = _match(table, analyze, texts[i:j])
            if idxs:
                group = words[i] if j == i + 1 else All(tuple(words[i:j]))
                used.extend(tuple(table["pairs"][k]) for k in sorted(idxs))
                out.append(Any((group, *_translations(table, idxs))))
                i = j
                break
        else:
            out.append(words[i])
            i += 1
    return out[0] if len(out) == 1 else All(tuple(out))
