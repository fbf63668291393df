"""The sentences of the knowledge base a claim may restate (:mod:`kb.checker.restated` compares them): the
notes of the French FAQs and the rules of the French rules documents; the rules of an English Comprehensive
Rules edition; the English text of each French rule (its twin); the rulings given for many cards; a card's
rules text.  Each is read once per knowledge base (its gists too, :func:`gists`), each sentence compared as
written and in the other wordings of :func:`kb.checker.gist.compared`.
"""
from __future__ import annotations

import hashlib
import os
import sqlite3
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Optional

from kb.checker.gist import Gist, compared, condition_last, gist, sentences
from kb.checker.lemmas import cache_root, read_json_cache, write_cache
from kb.data import terms_dir
from kb.store.db import built_stamp, database_path

__all__ = ["GENERAL_CARDS", "TWINS", "TWIN_SCORE", "Said", "card_text", "edition_in_force", "editions",
           "general_gists", "general_rulings", "gists", "sources_of", "twin_rules"]

#: Fewest cards a ruling must be given for to be read as a statement about the game rather than about a card
#: ("Hybrid mana symbols … count toward your devotion", given for 55 cards).
GENERAL_CARDS = 3
#: The sources :func:`sources_of` names for the English text of the French rules, and the least score of the
#: alignment (``french_alignments``) that pairs a French rule with an English one.
TWINS = "twins"
TWIN_SCORE = 0.8


@dataclass(frozen=True)
class Said:
    """One sentence of the knowledge base a claim may restate: a note (``id`` its number), a rule (``id`` its
    number), a ruling given for many cards (``id`` one of them), the English text of a French rule (``kind``
    "twin", ``id`` the French number) or a card's text; its document, the document's date (a rule's edition),
    the whole text and the sentence."""

    kind: str
    id: str
    source: str
    date: str
    text: str
    sentence: str
    #: The card a FAQ note is about (its card record's name), else "".
    card: str = ""
    #: For a ruling given for many cards (``kind`` "ruling", ``id`` one of the cards): how many.
    cards: int = 0
    #: Of a French rule's English text: the English rule number (« 702.92d » is 702.93d in 2012).
    twin_of: str = ""
    #: The language of the sentence.
    lang: str = "en"
    #: The wording compared with claims, when not the sentence as written (:func:`kb.checker.gist.compared`:
    #: its aside left out, its condition said last).
    compared_as: str = ""

    @property
    def wording(self) -> str:
        return self.compared_as or self.sentence


@lru_cache(maxsize=8)
def _french(path: str) -> tuple[Said, ...]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        dates = dict(conn.execute("SELECT id, COALESCE(edition, '') FROM documents"))
        rows = list(conn.execute("SELECT 'note', CAST(nid AS TEXT), source, text, COALESCE(card, '') FROM notes "
                                 "ORDER BY nid"))
        rows += list(conn.execute("SELECT 'rule', number, source, text, '' FROM rules WHERE lang = 'fr' "
                                  "ORDER BY source, position"))
    finally:
        conn.close()
    return tuple(Said(kind, ident, source, dates.get(source, ""), text, written, card, lang="fr", compared_as=wording)
                 for kind, ident, source, text, card in rows for wording, written in compared(sentences(text)))


@lru_cache(maxsize=4)
def _english(path: str, edition: str) -> tuple[Said, ...]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = list(conn.execute("SELECT number, source, text FROM rules WHERE lang = 'en' AND edition = ? "
                                 "ORDER BY position", (edition,)))
    finally:
        conn.close()
    return tuple(Said("rule", number, source, edition, text, s) for number, source, text in rows
                 for s in sentences(text))


@lru_cache(maxsize=4)
def general_rulings(path: str) -> tuple[Said, ...]:
    """The sentences of the rulings given, word for word, for at least :data:`GENERAL_CARDS` cards: what the
    rulings say of a mechanic (persist, hybrid mana, banding, {Q}…), as of today's rules."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT text, MAX(date), COUNT(DISTINCT card), MIN(card) FROM mtg_rulings "
                            "GROUP BY text HAVING COUNT(DISTINCT card) >= ? ORDER BY MIN(rowid)",
                            (GENERAL_CARDS,)).fetchall()
    finally:
        conn.close()
    return tuple(Said("ruling", card, card, date or "", text, written, cards=n, compared_as=wording)
                 for text, date, n, card in rows for wording, written in compared(sentences(text)))


@lru_cache(maxsize=4)
def general_gists(path: str) -> tuple[Gist, ...]:
    """The gists of :func:`general_rulings` (no card named in them)."""
    return _cached_gists(path, "rulings", "en", general_rulings(path))


def edition_in_force(conn: sqlite3.Connection, edition: str) -> Optional[str]:
    """The English edition in force on ``edition`` ("latest": the newest)."""
    path = database_path(conn)
    editions_ = editions(path) if path else tuple(
        r[0] for r in conn.execute("SELECT DISTINCT edition FROM rules WHERE lang = 'en'") if r[0])
    in_force = [e for e in editions_ if edition == "latest" or e <= edition]
    return max(in_force) if in_force else None


@lru_cache(maxsize=8)
def editions(path: str) -> tuple[str, ...]:
    """The English editions of the knowledge base at ``path`` (read once: a claim asks for one of them)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return tuple(r[0] for r in conn.execute("SELECT DISTINCT edition FROM rules WHERE lang = 'en'") if r[0])
    finally:
        conn.close()


def sources_of(path: str, which: str) -> tuple[Said, ...]:
    """The sentences of ``which``: "fr" (the French notes and rules), :data:`TWINS` (the French rules in
    English), else an English edition's rules."""
    if which == "fr":
        return _french(path)
    return _twins(path) if which == TWINS else _english(path, which)


@lru_cache(maxsize=4)
def _plain_gists(path: str, which: str) -> tuple[tuple[Gist, ...], tuple[str, ...]]:
    """The gists of the sentences of ``which`` (:func:`sources_of`) with no card named, and each sentence
    folded as :func:`gists` looks for a name in it."""
    lang = "fr" if which == "fr" else "en"
    said = sources_of(path, which)
    return _cached_gists(path, which, lang, said), tuple(_folded(s.wording) for s in said)


#: Format of the gist cache files (changed when what they hold changes).
_GIST_FORMAT = "gists-1"


def _cached_gists(path: str, which: str, lang: str, said: tuple[Said, ...]) -> tuple[Gist, ...]:
    """The gists of ``said`` with no card named: read once, then kept on disk like the lemma index
    (:func:`kb.checker.lemmas.cache_root`) — some 15 000 sentences take a second to read, their gists a tenth
    of that to load.  The cache is keyed by the knowledge base file and build, the sentences, and what reads
    them (the gist's code and word classes, the lemmatizer's version); a cache that does not fit is made
    again."""
    cache = _gist_cache(path, which, said)
    data = read_json_cache(cache) if cache is not None else None
    if isinstance(data, list) and len(data) == len(said) and all(
            isinstance(g, list) and len(g) == 3 and isinstance(g[0], list) and isinstance(g[1], list)
            and len(g[0]) == len(g[1]) for g in data):
        return tuple(Gist(tuple(map(str, a)), tuple(map(str, m)), bool(c)) for a, m, c in data)
    read = tuple(gist(s.wording, (), lang) for s in said)
    if cache is not None:
        write_cache(cache, [[list(g.atoms), list(g.marks), g.conditional] for g in read])
    return read


def _gist_cache(path: str, which: str, said: tuple[Said, ...]) -> Optional[Path]:
    import simplemma
    from importlib import resources

    root = cache_root()
    if root is None:
        return None
    code = resources.files("kb.checker")
    key = hashlib.sha256()
    for part in (_GIST_FORMAT, os.path.abspath(path), _built(path), which, str(len(said)),
                 getattr(simplemma, "__version__", "")):
        key.update(part.encode() + b"\0")
    for name in ("gist.py", "words.py"):
        key.update(code.joinpath(name).read_bytes())
    key.update((terms_dir() / "gist_words.tsv").read_bytes())
    for s in said:
        key.update(s.wording.encode() + b"\0")
    return root / f"gists-{key.hexdigest()[:20]}.json"


@lru_cache(maxsize=8)
def _built(path: str) -> str:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return built_stamp(conn)
    finally:
        conn.close()


def _folded(text: str) -> str:
    return text.replace("’", "'").replace("‘", "'").replace("\u00a0", " ").casefold()


@lru_cache(maxsize=16)
def gists(path: str, which: str, names: frozenset[str]) -> tuple[Gist, ...]:
    """The gists of the sentences of ``which`` with ``names`` read as the claim's card: a sentence that holds
    none of them has its gist with no card named (read once per knowledge base), the few that hold one are
    read again."""
    plain, folded = _plain_gists(path, which)
    if not names:
        return plain
    lang = "fr" if which == "fr" else "en"
    wanted = [_folded(n) for n in names]
    return tuple(gist(s.wording, names, lang) if any(n in text for n in wanted) else g
                 for s, g, text in zip(sources_of(path, which), plain, folded))


@lru_cache(maxsize=4)
def _twins(path: str) -> tuple[Said, ...]:
    """The English text of each rule of the French rules documents (:func:`twin_rules`): an English claim
    about a French rule (« association d'âmes » 702.92d, "a creature can be paired with only one other
    creature") restates it in English words."""
    return tuple(Said("twin", number, source, edition, text, written, twin_of=english, compared_as=wording)
                 for source, number, edition, english, _, text in twin_rules(path)
                 for wording, written in compared(sentences(text)))


@lru_cache(maxsize=4)
def twin_rules(path: str) -> tuple[tuple[str, str, str, str, str, str], ...]:
    """``(document, French number, edition, English number, French text, English text)`` of each rule of the
    French rules documents and the English rule that ``french_alignments`` pairs it with best (at least
    :data:`TWIN_SCORE`), in the first edition where it does."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = conn.execute(
            "SELECT a.source, a.number, a.edition, a.english_number, f.text, r.text FROM french_alignments a "
            "JOIN rules r ON r.lang = 'en' AND r.edition = a.edition AND r.number = a.english_number "
            "JOIN rules f ON f.lang = 'fr' AND f.source = a.source AND f.number = a.number "
            "WHERE a.score >= ? ORDER BY a.source, a.number, a.score DESC, a.edition", (TWIN_SCORE,)).fetchall()
    finally:
        conn.close()
    best: dict[tuple[str, str], tuple] = {}
    for row in rows:
        best.setdefault((row[0], row[1]), row)
    return tuple(best.values())


def card_text(conn: sqlite3.Connection, card: str, lang: str, surface: str) -> tuple[Said, ...]:
    """The sentences of ``card``'s rules text in ``lang``: the oracle text (English), the French text of
    its latest printing (French: older printings may predate an erratum).  Of a card with several faces,
    only the text of the face the claim names (``surface``), none when it names the whole card or several
    faces: a face's text speaks for that face."""
    if lang == "fr":
        rows = conn.execute("SELECT face_name, text FROM mtg_french WHERE card = ? AND text IS NOT NULL AND "
                            "doubtful = '' AND release_date = (SELECT MAX(release_date) FROM mtg_french WHERE "
                            "card = ? AND doubtful = '') GROUP BY side ORDER BY side", (card, card)).fetchall()
    else:
        rows = conn.execute("SELECT face_name, text FROM mtg_faces WHERE card = ? AND text IS NOT NULL "
                            "ORDER BY side", (card,)).fetchall()
    if len(rows) > 1:
        rows = [r for r in rows if r[0] and surface and r[0].lower() == surface.lower()]
    said = [(text, s, "") for _, text in rows for line in text.splitlines() for s in sentences(line)]
    said += [(text, s, last) for text, s, _ in said for last in [condition_last(s)] if last]
    return tuple(Said("text", card, "card data", "", text, s, lang=lang, compared_as=wording)
                 for text, s, wording in said)
