"""French <-> English rules terms: the reviewed glossary
``corpus/terms/terms_fr_en.tsv`` and ``kb term``.

Each row is a :class:`TermPair` (kind, English, French, how it was derived,
support, precision, an example card); the rows are derived from the card
data by :mod:`kb.cards.termderive` (``python -m kb.cards.terms
[MTGJSON_PATH]`` writes the file) and reviewed by hand.

Public API: :func:`load_terms` ``() -> list[TermPair]``, :func:`lookup_term`
``(query) -> list[TermPair]``, :func:`term_report` ``(conn, query) -> dict``
for ``kb term``, :func:`write_terms`; :func:`kb.cards.termderive.derive_terms`
``(conn) -> list[TermPair]``.
"""
from __future__ import annotations

import csv
import re
import sqlite3
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path

from kb.data import terms_dir
from kb.store import schema
from kb.store import db as store
from parser.textkeys import fold

TERMS_PATH = terms_dir() / "terms_fr_en.tsv"

FIELDS = ("kind", "en", "fr", "source", "cards", "precision", "example")

#: Kinds of pairs whose cards are found by MTGJSON keyword.
KEYWORD_KINDS = ("keyword_ability", "keyword_action", "ability_word")


@dataclass
class TermPair:
    """A French <-> English term.

    ``kind``: ``keyword_ability`` | ``keyword_action`` | ``ability_word`` |
    ``card_type`` | ``supertype`` | ``subtype`` | ``rules_term``; ``cards``:
    number of cards supporting the pair; ``precision``: share (0-1) of the
    cards showing the French term that also have the English one;
    ``source``: how it was derived (see :mod:`kb.cards.termderive`); ``example``: one
    card (« Murderous Redcap / Bonnet-rouge meurtrier (SHM) »).
    """

    kind: str
    en: str
    fr: str
    source: str
    cards: int = 0
    precision: float = 1.0
    example: str = ""

    def to_dict(self) -> dict:
        return asdict(self)


def write_terms(pairs: list[TermPair], path: Path = TERMS_PATH) -> Path:
    """Write ``pairs`` as the TSV glossary (UTF-8, header row :data:`FIELDS`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, delimiter="\t", lineterminator="\n")
        w.writerow(FIELDS)
        for p in pairs:
            w.writerow([p.kind, p.en, p.fr, p.source, p.cards, p.precision, p.example])
    return path


@lru_cache(maxsize=4)
def _load(path: str) -> tuple:
    rows = []
    with open(path, encoding="utf-8", newline="") as fh:
        for i, row in enumerate(csv.DictReader(fh, delimiter="\t"), start=2):
            try:
                rows.append(TermPair(row["kind"], row["en"], row["fr"], row["source"], int(row["cards"]),
                                     float(row["precision"]), row.get("example") or ""))
            except (KeyError, ValueError, TypeError) as exc:
                raise ValueError(f"{path}:{i}: bad glossary row ({exc}): {row}") from None
    return tuple(rows)


def load_terms(path: Path = TERMS_PATH) -> list[TermPair]:
    """The committed glossary (``corpus/terms/terms_fr_en.tsv``).

    Raises FileNotFoundError when it is missing and ValueError (with file and
    line) on a malformed row."""
    return list(_load(str(path)))


def lookup_term(query: str, path: Path = TERMS_PATH) -> list[TermPair]:
    """Pairs whose French or English side folds to ``query`` (« persistance »,
    « Persist », « PERSISTANCE »); when none, those starting with it."""
    q = fold(query).strip()
    for pairs in (load_terms(path), _search_pairs(path.parent / SEARCH_FILE)):
        exact = [p for p in pairs if fold(p.fr) == q or fold(p.en) == q]
        if exact:
            return exact
        starting = [p for p in pairs if fold(p.fr).startswith(q) or fold(p.en).startswith(q)]
        if starting:
            return starting
    return []


#: The hand-written search pairs, read when the glossary has no pair
#: (« state-based action »).
SEARCH_FILE = "search_expansions.tsv"


@lru_cache(maxsize=None)
def _search_pairs(path: Path) -> tuple[TermPair, ...]:
    """The pairs of the hand-written search list as ``rules_term`` pairs."""
    if not path.exists():
        return ()
    with path.open(encoding="utf-8", newline="") as f:
        lines = [line for line in f if line.strip() and not line.startswith("#")]
    return tuple(TermPair("rules_term", r["en"].strip(), r["fr"].strip(), (r.get("source") or path.name).strip())
                 for r in csv.DictReader(lines, delimiter="\t") if r.get("fr") and r.get("en"))


def _term_cards(conn: sqlite3.Connection, pairs: list[TermPair], limit: int) -> list[dict]:
    """Cards with the MTGJSON keyword of the keyword pairs, with their latest French name."""
    out: list[dict] = []
    seen: set[str] = set()
    for p in pairs:
        if p.kind not in KEYWORD_KINDS:
            continue
        for (name,) in conn.execute("SELECT name FROM mtg_cards WHERE keywords LIKE ? ORDER BY name",
                                    (f'%"{p.en}"%',)).fetchall():
            if name in seen:
                continue
            seen.add(name)
            fr = conn.execute("SELECT name FROM mtg_french WHERE card = ? ORDER BY release_date DESC LIMIT 1",
                              (name,)).fetchone()
            out.append({"name": name, "french_name": fr[0] if fr else None, "name_fr": fr[0] if fr else None,
                        "matched": p.en})
    family = term_family(pairs)
    if family is not None:
        out += [{**c, "french_name": c["name_fr"]} for c in family_card_list(conn, family) if c["name"] not in seen]
    return out


def _term_rules(conn: sqlite3.Connection, pairs: list[TermPair], limit: int, all_editions: bool) -> list[dict]:
    """Rules whose title, text or examples have a French or English side of ``pairs`` (folded, whole words)."""
    skip = set() if all_editions else store.superseded_editions(conn)
    # each side in its own language: the French « Initiative » (First strike)
    # is not rule 725 The Initiative
    patterns = {lang: [re.compile(r"\b" + re.escape(n) + r"\b") for n in needles if n]
                for lang, needles in (("fr", [fold(p.fr) for p in pairs]), ("en", [fold(p.en) for p in pairs]))}
    found = []
    for number, lang, source, edition, title, text, examples in conn.execute(
            "SELECT number, lang, source, edition, title, text, examples FROM rules"):
        if source in skip:
            continue
        body = fold(" ".join((title or "", text or "", examples or "")))
        if any(p.search(body) for p in patterns["fr" if lang == "fr" else "en"]):
            found.append({"number": number, "lang": lang, "source": source, "edition": edition})
    return found[:limit]


def family_card_list(conn: sqlite3.Connection, family) -> list[dict]:
    """The cards of a :class:`kb.cards.families.Family` as ``kb rule
    --cards`` and ``kb term`` list them: ``[{"name" (English), "name_fr"
    (its first French name, or None), "matched" (the keyword or the
    oracle text that made it a member)}]``, by English name."""
    from kb.cards.families import family_cards

    return [{"name": m.name, "name_fr": m.french_name, "matched": m.why} for m in family_cards(conn, family)]


def rule_family(conn: sqlite3.Connection, rule, descendants=()):
    """The family of cards that ``rule`` describes: the one it heads
    (702.79 Persist), else one a rule below it heads (607 through 607.1),
    else one a rule above it heads (607.2a through 607.1, 702.79a through
    702.79); None when it describes none."""
    from kb.cards.families import family_of
    from kb.model import rule_parent

    for r in (rule, *descendants):
        fam = family_of(r.title, r.text, r.number)
        if fam is not None:
            return fam
    number = rule_parent(rule.number)
    while number:
        for r in store.find_rules(conn, number, source=rule.source)[:1]:
            fam = family_of(r.title, r.text, r.number)
            if fam is not None:
                return fam
        if "." not in number:       # a rule such as 607 is defined by its 607.1
            for child in store.find_rules(conn, number + ".1", source=rule.source)[:1]:
                fam = family_of(child.title, child.text, child.number)
                if fam is not None:
                    return fam
        number = rule_parent(number)
    return None


def term_family(pairs: list[TermPair]):
    """The family of cards named by one of ``pairs`` (« capacités liées »,
    « Persistance »), or None."""
    from kb.cards.families import FAMILIES

    folded = {fold(side) for p in pairs for side in (p.en, p.fr)}
    return next((f for f in FAMILIES if folded & set(f.titles)), None)


def term_report(conn: sqlite3.Connection, query: str, limit: int = 50, all_editions: bool = False) -> dict:
    """What ``kb term QUERY`` shows: the pairs, the cards that use the term
    and the rules whose text mentions it.

    Shape: ``{"query", "pairs": [TermPair dicts], "cards": [{"name",
    "french_name", "name_fr" (the same), "matched"}] (keyword pairs: cards
    with that MTGJSON keyword; a term naming a family of cards, « capacités
    liées »: its members, :func:`family_card_list`), "rules":
    [{"number", "lang", "source", "edition"}]}`` (at most ``limit`` cards and
    rules; ``card_total``: how many cards there are).  Rules are searched
    (folded, whole words, the French and the English side) in the documents
    and, for Comprehensive Rules editions, in the latest edition of each
    language unless ``all_editions``.  Cards come from the ``mtg_*`` tables
    and rules from the ``rules`` table of kb.store.db; empty tables give
    empty lists.
    """
    pairs = lookup_term(query)
    cards = _term_cards(conn, pairs, limit)
    return {"query": query, "pairs": [p.to_dict() for p in pairs], "cards": cards[:limit],
            "card_total": len(cards), "rules": _term_rules(conn, pairs, limit, all_editions)}


def main(argv=None) -> int:
    """``python -m kb.cards.terms MTGJSON_PATH``: derive and write the glossary."""
    import argparse
    import sys
    from kb.cards.ingest import ingest_mtgjson
    from kb.cards.termderive import derive_terms
    ap = argparse.ArgumentParser(description="derive corpus/terms/terms_fr_en.tsv from MTGJSON data")
    ap.add_argument("path", nargs="?", default="../shared/corpus/cards/mtgjson",
                    help="MTGJSON set files (default: ../shared/corpus/cards/mtgjson)")
    ap.add_argument("--out", default=str(TERMS_PATH))
    args = ap.parse_args(argv)
    conn = sqlite3.connect(":memory:")
    schema.create_all(conn)
    ingest_mtgjson(conn, args.path)
    pairs = derive_terms(conn)
    write_terms(pairs, Path(args.out))
    print(f"{len(pairs)} pairs written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
