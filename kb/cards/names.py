"""Card names -> cards: the one place a name given by a user, a FAQ card
record or a page address is mapped to the cards it means.

A name is French or English, a card name or a face name, compared folded
with :func:`parser.textkeys.fold_name` (case, accents, ligatures,
apostrophes); exactly first, then, where asked, as a prefix.  The card
database's names are the ``mtg_names`` table (filled by
:mod:`kb.cards.ingest`); the FAQ card records are the ``card_records`` table
of :mod:`kb.store.db`.  Every table exists in every knowledge base: an empty
table simply matches nothing.

* :func:`match_name`: the card-database names fitting a name (:class:`NameMatch`).
* names are also compared by :func:`parser.textkeys.loose_name` (hyphens and spaces ignored).
* :func:`suggest_names`: the closest names when nothing fits (rapidfuzz).
* :func:`resolve_name`: the one English card a name means, or
  :class:`AmbiguousName`.
* :func:`card_names_for`: every English card whose name folds like it.
* :func:`record_card`: the card of a FAQ card record (None when unknown or
  ambiguous).
* :func:`records_named`: the FAQ card records with that name
  (:class:`RecordNames` for many lookups).
* :func:`card_slugs`: page slug -> English card name.
* :func:`name_variants`: the folded forms a name written in a sentence may
  take (a leading article dropped, words made singular).
* :func:`seed_pair`: (English, French) names of a seed FAQ card, from
  ``corpus/terms/seed_card_names.tsv``, for knowledge bases built without
  the card data.

Card names inside running text (spans of a sentence) are found by
:mod:`kb.cards.nameindex` and :mod:`kb.cards.linker`, over the same table.
"""
from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Optional

from kb.store import db as store
from parser.textkeys import fold_name, loose_name, slugify

#: Candidates listed in an AmbiguousName at most.
MAX_CANDIDATES = 20

#: How far a prefix search reads ``mtg_names`` before counting.
_PREFIX_ROWS = 500

#: Which exact hits win when a name is several things: English card names,
#: then English face names, then French card names, then French face names.
_PREFERENCE = (("en", "card"), ("en", "face"), ("fr", "card"), ("fr", "face"))


class AmbiguousName(LookupError):
    """A name or prefix that fits several cards.

    ``query`` is the text given; ``candidates`` the English names it fits
    (at most :data:`MAX_CANDIDATES`, sorted), ``total`` how many there are.
    """

    def __init__(self, query: str, candidates: list[str], total: int):
        self.query = query
        self.candidates = candidates
        self.total = total
        more = f" (and {total - len(candidates)} more)" if total > len(candidates) else ""
        super().__init__(f"{query!r} fits {total} cards: " + "; ".join(candidates) + more)


@dataclass(frozen=True)
class NameHit:
    """One lookup name of the card database: the English ``card`` it names,
    in ``lang`` (``en``/``fr``), a ``card`` or ``face`` name (``kind``)."""

    card: str
    lang: str
    kind: str


@dataclass
class NameMatch:
    """The card-database names fitting ``query``.

    ``key``: the folded query; ``exact``: the hits spell the whole name
    (else they start with it); ``hits``: exact hits, or the first prefix
    hits (``lang``/``kind`` unknown there); ``total``: distinct cards fitting.
    """

    query: str
    key: str
    exact: bool = True
    hits: list[NameHit] = field(default_factory=list)
    total: int = 0

    @property
    def cards(self) -> list[str]:
        """The English card names fitting, sorted."""
        return sorted({h.card for h in self.hits})

    @property
    def french_only(self) -> bool:
        """True when the name fits only as a French name."""
        return bool(self.hits) and all(h.lang == "fr" for h in self.hits)


def _prefix_hits(conn: sqlite3.Connection, column: str, key: str) -> tuple[list[NameHit], int]:
    """Names whose ``column`` (``fold`` or ``loose``) starts with ``key``, and how many cards."""
    hi = key + "\U0010ffff"
    hits = [NameHit(r[0], "", "") for r in conn.execute(
        f"SELECT DISTINCT name FROM mtg_names WHERE {column} >= ? AND {column} < ? LIMIT {_PREFIX_ROWS}",
        (key, hi))]
    total = len({h.card for h in hits})
    if total > 1:
        total = conn.execute(f"SELECT COUNT(DISTINCT name) FROM mtg_names WHERE {column} >= ? AND {column} < ?",
                             (key, hi)).fetchone()[0]
    return hits, total


def match_name(conn: sqlite3.Connection, name: str, prefix: bool = False) -> NameMatch:
    """The card names fitting ``name`` exactly (folded, then with hyphens and
    spaces ignored); with ``prefix``, when none does, the names starting
    with it (folded, then loosely)."""
    m = NameMatch(name, fold_name(name or ""))
    if not m.key:
        return m
    m.hits = [NameHit(*r) for r in conn.execute(
        "SELECT DISTINCT name, lang, kind FROM mtg_names WHERE fold = ?", (m.key,))]
    loose = loose_name(name)
    if not m.hits and loose:
        m.hits = [NameHit(*r) for r in conn.execute(
            "SELECT DISTINCT name, lang, kind FROM mtg_names WHERE loose = ?", (loose,))]
    m.total = len(m.cards)
    if m.hits or not prefix:
        return m
    m.exact = False
    m.hits, m.total = _prefix_hits(conn, "fold", m.key)
    if not m.hits and loose:
        m.hits, m.total = _prefix_hits(conn, "loose", loose)
    return m


def suggest_names(conn: sqlite3.Connection, name: str, limit: int = 5, cutoff: float = 70.0) -> list[str]:
    """The card names (as printed, French or English) closest to ``name``
    when nothing fits it: « Beseach the Quen » -> Beseech the Queen.

    Fuzzy matching by :mod:`rapidfuzz` (``fuzz.ratio`` over folded names,
    best ``limit`` at or above ``cutoff``)."""
    from rapidfuzz import fuzz, process

    key = fold_name(name or "")
    if not key:
        return []
    surfaces: dict[str, str] = {}
    for fold_key, surface in conn.execute("SELECT fold, surface FROM mtg_names"):
        surfaces.setdefault(fold_key, surface)
    for r in store.card_records(conn):
        surfaces.setdefault(fold_name(r["name"]), r["name"])
    best = process.extract(key, list(surfaces), scorer=fuzz.ratio, limit=limit, score_cutoff=cutoff)
    return [surfaces[k] for k, _score, _i in best]


def card_names_for(conn: sqlite3.Connection, name: str) -> list[str]:
    """English card names whose English or French name (or face name) folds
    to the same string as ``name``; exact matches only, sorted."""
    return match_name(conn, name).cards


def resolve_name(conn: sqlite3.Connection, name: str, prefix: bool = True) -> Optional[str]:
    """The English name of the card called ``name`` (French or English).

    Exact folded match first (English names win over French ones when both
    exist); then, with ``prefix``, the cards whose name starts with it.
    Returns None when nothing fits; raises :class:`AmbiguousName` when
    several cards fit equally well.
    """
    m = match_name(conn, name, prefix=prefix)
    if m.exact:
        for lang, kind in _PREFERENCE:
            hits = sorted({h.card for h in m.hits if (h.lang, h.kind) == (lang, kind)})
            if len(hits) == 1:
                return hits[0]
            if hits:
                raise AmbiguousName(name, hits[:MAX_CANDIDATES], len(hits))
        return None
    if len(m.cards) == 1:
        return m.cards[0]
    if m.cards:
        raise AmbiguousName(name, m.cards[:MAX_CANDIDATES], m.total)
    return None


def record_card(conn: sqlite3.Connection, name: Optional[str], prefix: bool = False) -> Optional[str]:
    """The English card a FAQ card record (or note) named ``name`` is about;
    None when the name is empty, unknown or fits several cards."""
    if not name:
        return None
    try:
        return resolve_name(conn, name, prefix=prefix)
    except AmbiguousName:
        return None


def records_named(conn: sqlite3.Connection, name: str, prefix: bool = False) -> list[sqlite3.Row]:
    """The FAQ card records (rows of ``card_records``) whose name folds to
    ``name`` (then: equal with hyphens and spaces ignored); with ``prefix``,
    when none does, those whose name starts with it."""
    wanted = fold_name(name or "")
    if not wanted:
        return []
    rows = store.card_records(conn)
    exact = [r for r in rows if fold_name(r["name"]) == wanted]
    loose = loose_name(name)
    if not exact and loose:
        exact = [r for r in rows if loose_name(r["name"]) == loose]
    if exact or not prefix:
        return exact
    return [r for r in rows if fold_name(r["name"]).startswith(wanted)] or \
        [r for r in rows if loose and loose_name(r["name"]).startswith(loose)]


class RecordNames:
    """The FAQ card records of a knowledge base indexed by name, for many
    lookups: :meth:`named` answers as :func:`records_named` (exact folded
    name, then hyphens and spaces ignored) without reading them again."""

    def __init__(self, conn: sqlite3.Connection):
        self.exact: dict[str, list[sqlite3.Row]] = {}
        self.loose: dict[str, list[sqlite3.Row]] = {}
        for r in store.card_records(conn):
            self.exact.setdefault(fold_name(r["name"]), []).append(r)
            self.loose.setdefault(loose_name(r["name"]), []).append(r)

    def named(self, name: str) -> list[sqlite3.Row]:
        wanted = fold_name(name or "")
        if not wanted:
            return []
        return self.exact.get(wanted) or self.loose.get(loose_name(name) or "\0", [])


def card_slugs(conn: sqlite3.Connection) -> dict[str, str]:
    """Page slug (:func:`parser.textkeys.slugify`) -> English card name, for every card."""
    return {slugify(n): n for (n,) in conn.execute("SELECT name FROM mtg_cards")}


#: Articles, definite or not, a card name may start with once folded
#: (:func:`fold_name`: « l' » has lost its apostrophe).
_ARTICLE = re.compile(r"^(le |la |les |l'|l |the |un |une |a |an )")

#: The data file of :func:`seed_pair`.
SEED_NAMES_FILE = "seed_card_names.tsv"


#: Articles a card name may start with, folded (« L'Impitoyable » folds to ``limpitoyable``),
#: put back before a name a sentence gave without them (« The Philosopher » read « philosopher »).
#: « l' » only before a vowel or h (French elision).
_NAME_ARTICLES = ("the ", "le ", "la ", "les ", "l", "des ", "de la ", "de ", "du ", "un ", "une ")


def name_variants(name: str) -> list[str]:
    """``name`` folded and, when it starts with an article, the rest
    (« la Forêt de Suintesève » -> ``la foret de suinteseve``, ``foret de suinteseve``),
    then the same with each word made singular (« les Lanciers guêpes »),
    then, last, the name with an article before it: a card whose name starts
    with one (« The Meathook Massacre », « L'Impitoyable ») named without it."""
    folded = fold_name(name or "")
    m = _ARTICLE.match(folded)
    found = [folded, folded[m.end():]] if m else [folded]
    singular = [re.sub(r"\b([a-z0-9]{3,})[sx]\b", r"\1", f) for f in found]
    found += [f for f in singular if f not in found]
    elides = folded[:1] in "aeiouyh"
    return found + [a + folded for a in _NAME_ARTICLES
                    if folded and (a != "l" or elides) and a + folded not in found]


@lru_cache(maxsize=1)
def _seed_pairs() -> dict[str, tuple[str, str]]:
    from kb.data import terms_dir

    pairs: dict[str, tuple[str, str]] = {}
    lines = (terms_dir() / SEED_NAMES_FILE).read_text(encoding="utf-8").splitlines()
    rows = [ln.split("\t") for ln in lines if ln.strip() and not ln.startswith("#")]
    for en, fr in (r[:2] for r in rows[1:] if len(r) >= 2):
        pairs[fold_name(en)] = (en, fr)
        pairs.setdefault(fold_name(fr), (en, fr))
    return pairs


def seed_pair(name: str) -> Optional[tuple[str, str]]:
    """(English, French) names of the seed FAQ card named ``name`` in either
    language (folded), from :data:`SEED_NAMES_FILE`, or None."""
    return _seed_pairs().get(fold_name(name or ""))
