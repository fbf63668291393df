"""A French -> English lexicon of gist atoms, learned from the card data's own parallel texts, so that a claim
in one language can be compared with a sentence in the other: an English claim with a note of a French FAQ
(« Les blessures infligées par une source avec la flétrissure … » for "Damage from a wither source …"), a
French claim with a card's rulings, which are English.

Each face with an oracle text and a French text (the latest printing's, as :mod:`kb.checker.restated` reads
it) is one pair of sentences.  Both are read into gist atoms (:func:`kb.checker.gist.gist`: lemmas, ``SELF``
for the card); a French atom's English atom is the one it co-occurs with most by the Dice coefficient
(2·both / (French + English)), kept when it is frequent enough, strong enough, and the French atom is also
the English atom's own best match (« champ » and « bataille » both meet "battlefield"; only one is its
translation).  About 18 000 pairs of texts give some 1 500 words of the game's language, with no table
written by hand; a word the lexicon lacks stays French and matches nothing, so a translated sentence
decides less, never more, than its words.

Learning takes a few seconds, so the lexicon of a knowledge base is cached on disk like the lemma index
(:mod:`kb.checker.lemmas`: ``$KB_CACHE_DIR``, else ``$XDG_CACHE_HOME/kb``, else ``~/.cache/kb``), keyed by
the knowledge base's file and build time and by the gist's word classes; an unwritable cache only costs the
seconds.
"""
from __future__ import annotations

import hashlib
import os
import sqlite3
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Optional

from kb.checker.gist import SELF, Gist, colours, gist, is_quantity, word_class
from kb.checker.lemmas import cache_root, read_json_cache, write_cache
from kb.data import terms_dir
from kb.store.db import built_stamp, database_path

__all__ = ["learn", "lexicon", "lexicon_at", "to_english"]

#: Fewest faces a pair of words must share, least Dice coefficient, and the coefficient above which a pair
#: is kept even when the English word has a better French match.
MIN_PAIRS = 4
MIN_DICE = 0.5
SURE_DICE = 0.9
#: Format of the cache file (changed when the learning changes).
_FORMAT = "lexicon-2"


def _content(atoms) -> set[str]:
    return {a for a in atoms if a != SELF and not is_quantity(a) and "{" not in a and not a[:1].isdigit()}


def learn(rows) -> dict[str, str]:
    """French atom -> English atom, from ``(french text, english text)`` pairs (see the module docstring)."""
    fr_count: Counter = Counter()
    en_count: Counter = Counter()
    both: Counter = Counter()
    for french, english in rows:
        fa, ea = _content(gist(french, (), "fr").atoms), _content(gist(english, (), "en").atoms)
        fr_count.update(fa)
        en_count.update(ea)
        both.update((f, e) for f in fa for e in ea)
    best_en: dict[str, tuple[float, str]] = {}
    best_fr: dict[str, tuple[float, str]] = {}
    for (f, e), n in both.items():
        if n < MIN_PAIRS:
            continue
        dice = 2 * n / (fr_count[f] + en_count[e])
        if dice > best_en.get(f, (0.0, ""))[0]:
            best_en[f] = (dice, e)
        if dice > best_fr.get(e, (0.0, ""))[0]:
            best_fr[e] = (dice, f)
    return {f: e for f, (dice, e) in best_en.items()
            if dice >= MIN_DICE and (dice >= SURE_DICE or best_fr.get(e, (0.0, ""))[1] == f)}


def _rows(conn: sqlite3.Connection):
    return conn.execute(
        "SELECT f.text, e.text FROM mtg_french f JOIN mtg_faces e ON e.card = f.card AND e.side = f.side "
        "WHERE f.text IS NOT NULL AND e.text IS NOT NULL AND f.doubtful = '' AND f.release_date = "
        "(SELECT MAX(g.release_date) FROM mtg_french g WHERE g.card = f.card AND g.side = f.side AND "
        "g.doubtful = '' AND g.text IS NOT NULL) GROUP BY f.card, f.side")


def _documents(conn: sqlite3.Connection, path: str) -> list[tuple[str, str]]:
    """The French documents' own parallel texts: each French rule and its English twin
    (:func:`kb.checker.said.twin_rules`), and the notes of each card record of a French FAQ with that card's
    rulings of the FAQ's year (the English FAQ the rulings come from): the words of rules and notes that card
    texts seldom use (« objet », « revenir »)."""
    from kb.checker.said import twin_rules

    pairs = [(french, english) for *_, french, english in twin_rules(path)]
    records = conn.execute(
        "SELECT group_concat(n.text, ' '), (SELECT MIN(f.card) FROM mtg_french f WHERE f.name = n.card), "
        "substr(COALESCE(d.edition, ''), 1, 4) FROM notes n JOIN documents d ON d.id = n.source "
        "WHERE n.card IS NOT NULL GROUP BY n.source, n.card").fetchall()
    for notes, card, year in records:
        rulings = [t for (t,) in conn.execute("SELECT text FROM mtg_rulings WHERE card = ? AND date LIKE ?",
                                              (card, f"{year}%"))] if card and year else []
        if rulings:
            pairs.append((notes, " ".join(rulings)))
    return pairs


def lexicon(conn: sqlite3.Connection) -> dict[str, str]:
    """The lexicon of the knowledge base ``conn`` (empty without card data), learned once and cached."""
    path = database_path(conn)
    return lexicon_at(path, built_stamp(conn)) if path is not None else {}


@lru_cache(maxsize=4)
def lexicon_at(path: str, built: str) -> dict[str, str]:
    """The lexicon of the knowledge base file ``path`` built at ``built`` (see :func:`lexicon`)."""
    cache = _cache_path(path, built)
    data = read_json_cache(cache) if cache is not None else None
    if isinstance(data, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
        return data
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        learned = learn(list(_rows(conn)) + _documents(conn, path))
    except sqlite3.Error:          # a knowledge base without card data
        learned = {}
    finally:
        conn.close()
    if cache is not None:
        write_cache(cache, learned)
    return learned


def _cache_path(path: str, built: str) -> Optional[Path]:
    # the gist's word classes too: the atoms the lexicon pairs are read through them
    words = hashlib.sha256((terms_dir() / "gist_words.tsv").read_bytes()).hexdigest()
    key = hashlib.sha256("\n".join([_FORMAT, os.path.abspath(path), built, words]).encode()).hexdigest()[:20]
    root = cache_root()
    return root / f"lexicon-{key}.json" if root is not None else None


def to_english(french: Gist, lex: dict[str, str]) -> Gist:
    """``french`` in English atoms: each atom the lexicon has (a noun the lexicon lacks as the verb it has,
    « la cible » as « cibler »), its marks kept (two atoms that become one English atom in a row, « champ de
    bataille », are one); the French words English says with no atom of its own (« aucun », « seul », the
    causative « faire »: ``untranslated`` in gist_words.tsv) give their marks to the next atom; a P/T or a
    colour said after its noun is said before it, as English says it."""
    atoms: list[str] = []
    marks: list[str] = []
    dropped = word_class("fr", "untranslated")
    fixed = word_class("fr", "translation")
    pending = ""
    for atom, mark in zip(french.atoms, french.marks):
        if atom in dropped:
            pending += mark
            continue
        mark, pending = mark + pending, ""
        english = fixed.get(atom) or lex.get(atom) or lex.get(atom + "r") or atom
        if atoms and (atoms[-1] == english and english != atom or (atoms[-1], english) == ("enter", "battlefield")):
            marks[-1] += mark       # (« arrive sur le champ de bataille » is "enters", as English reads it)
            continue
        if atoms and _after_its_noun(english, atoms[-1]):
            # « marqueurs +1/+1 », « mana blanc »: English says the P/T or the colour first
            atoms.insert(len(atoms) - 1, english)
            marks.insert(len(marks) - 1, mark)
            continue
        atoms.append(english)
        marks.append(mark)
    if pending and marks:
        marks[-1] += pending
    return Gist(tuple(atoms), tuple(marks), french.conditional)


def _after_its_noun(atom: str, before: str) -> bool:
    """Whether ``atom`` is a P/T or a colour that French says after the noun ``before`` and English before it
    (not a number: « trois marqueurs » is "three counters" in both orders)."""
    qualifier = "/" in atom and atom[:1] in "+-0123456789" or atom in colours()
    return qualifier and before != SELF and not is_quantity(before)
