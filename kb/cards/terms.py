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
from typing import Optional

from kb.data import terms_dir
from kb.model import rule_sort_key
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


#: Articles a term may carry or drop (« l'initiative », « the Monarch »,
#: « effet basé sur l'état » / « sur un état »), folded.
_ARTICLE = re.compile(r"(?:(?<=\s)|^)(?:l'|the |le |la |les |un |une |des |du )")


def term_key(text: str) -> str:
    """``text`` folded, every article written ``~`` (« effet basé sur l'état »
    and « … sur un état » have one key)."""
    return _ARTICLE.sub("~ ", fold(text).strip().replace("’", "'"))


def _bare(key: str) -> str:
    """A term key without its leading article (« ~ initiative » -> « initiative »)."""
    return key[2:] if key.startswith("~ ") else key


def lookup_term(query: str, path: Path = TERMS_PATH) -> list[TermPair]:
    """The senses of ``query``: pairs whose French or English side is it
    (folded, articles alike: « persistance », « PERSIST », « effet basé sur
    l'état »), then those that are it with an article (« initiative »: First
    strike, then The initiative, rule 725; « monarque »: the monarch); when
    none, those starting with it."""
    q = term_key(query)
    for pairs in (load_terms(path), _search_pairs(path.parent / SEARCH_FILE)):
        keys = [(p, term_key(p.fr), term_key(p.en)) for p in pairs]
        exact = [p for p, fr, en in keys if q in (fr, en)]
        if not q.startswith("~ "):
            exact += [p for p, fr, en in keys if p not in exact and q in (_bare(fr), _bare(en))]
        if exact:
            return exact
        starting = [p for p, fr, en in keys if fr.startswith(q) or en.startswith(q)]
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


def _latest_french(conn: sqlite3.Connection, name: str) -> Optional[str]:
    """The latest French name of card ``name``, or None."""
    row = conn.execute("SELECT name FROM mtg_french WHERE card = ? ORDER BY release_date DESC LIMIT 1",
                       (name,)).fetchone()
    return row[0] if row else None


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
            fr = _latest_french(conn, name)
            out.append({"name": name, "french_name": fr, "name_fr": fr, "matched": p.en})
    for p in pairs:
        if p.kind == "rules_term" and p.en.lower().startswith("the "):     # a designation: the monarch
            for (name,) in conn.execute("SELECT DISTINCT card FROM mtg_faces WHERE text LIKE ? ORDER BY card",
                                        (f"%{p.en}%",)).fetchall():
                if name not in seen:
                    seen.add(name)
                    fr = _latest_french(conn, name)
                    out.append({"name": name, "french_name": fr, "name_fr": fr, "matched": f"« {p.en} »"})
    family = term_family(pairs)
    if family is not None:
        out += [{**c, "french_name": c["name_fr"]} for c in family_card_list(conn, family) if c["name"] not in seen]
    return out


def _folded_rules(conn: sqlite3.Connection, sources: Optional[set[str]], exclude: set[str],
                  needles: dict[str, list[str]]) -> list[tuple]:
    """(number, lang, source, edition, folded title + text + examples) of the
    rules of ``sources`` (None: every source) not in ``exclude``; with
    ``needles``, only English rules whose raw text has one of them (a cheap
    first cut, for reading every edition)."""
    sql, args = "SELECT number, lang, source, edition, title, text, examples FROM rules", []
    if needles is not None:
        likes = [n for n in needles.get("en", []) if n.isascii()]
        if not likes:
            return []
        sql += " WHERE lang='en' AND (" + " OR ".join("(text LIKE ? OR title LIKE ? OR examples LIKE ?)"
                                                     for _ in likes) + ")"
        args = [f"%{n}%" for n in likes for _ in range(3)]
    return [(number, lang, source, edition, fold(" ".join((title or "", text or "", examples or ""))))
            for number, lang, source, edition, title, text, examples in conn.execute(sql, args)
            if source not in exclude and (sources is None or source in sources)]


def _side_pattern(side: str) -> str:
    """A term as a whole-word pattern of folded text, any article standing
    for its article (« effet basé sur un état » finds « … sur l'état »)."""
    parts = term_key(side).split("~ ")
    body = _ARTICLE.pattern.replace("(?:(?<=\\s)|^)", "").join(re.escape(p) for p in parts)
    return r"\b" + body + r"\b"


def _sense_patterns(pair: TermPair, others: list[TermPair]) -> dict[str, tuple]:
    """Per language, (the pair's side as a whole-word pattern, the longer
    terms holding that side, whose words are another term: « joueur
    défenseur » is the defending player, not Defender; « double initiative »
    is Double strike).  A side that is another sense's side with an article
    (« l'initiative », the Initiative, beside « initiative », First strike)
    is not searched in that language: the words cannot tell the senses apart."""
    out = {}
    for lang, side in (("fr", pair.fr), ("en", pair.en)):
        key = _bare(term_key(side))
        other_keys = {_bare(term_key(o.fr if lang == "fr" else o.en)): o for o in others if o is not pair}
        if key in other_keys and pair.kind not in KEYWORD_KINDS and other_keys[key].kind in KEYWORD_KINDS:
            continue
        needle = fold(side).strip()
        word = re.compile(_side_pattern(side))
        longer = sorted({fold(o.fr if lang == "fr" else o.en).strip() for o in others
                         if _bare(term_key(o.fr if lang == "fr" else o.en)) != key}, key=len, reverse=True)
        longer = [t for t in longer if len(t) > len(needle) and word.search(t)]
        out[lang] = (word, re.compile("|".join(r"\b" + re.escape(t) + r"\b" for t in longer)) if longer else None)
    return out


def _rules_of_sense(rows: list[tuple], patterns: dict[str, tuple], across: bool = False) -> list[dict]:
    """The rules of ``rows`` whose words are the sense's term (its longer
    homonyms blanked out first), with ``editions`` (the edition of the
    rule; ``across``: one entry per number and language, the latest edition
    holding it, with every edition that does)."""
    found: dict[tuple[str, str], dict] = {}
    for number, lang, source, edition, body in rows:
        pattern = patterns.get("fr" if lang == "fr" else "en")
        if pattern is None:
            continue
        word, longer = pattern
        if not word.search(longer.sub(" ", body) if longer else body):
            continue
        key = (number, lang) if across and edition else (number, lang, source)
        entry = found.setdefault(key, {"number": number, "lang": lang, "source": source, "edition": edition,
                                       "editions": []})
        if edition:
            entry["editions"].append(edition)
            if edition >= max(entry["editions"]):
                entry.update(source=source, edition=edition)
    for entry in found.values():
        entry["editions"].sort()
    return list(found.values())


def _term_rules(conn: sqlite3.Connection, pairs: list[TermPair], limit: int, all_editions: bool,
                others: Optional[list[TermPair]] = None) -> list[dict]:
    """Rules where the words are one of ``pairs`` (folded, whole words, each
    side in its own language: the French « Initiative » (First strike) is not
    rule 725 The Initiative), read in the documents and the latest edition of
    each language (every edition with ``all_editions``).  A term no edition
    in force has (mana burn) is read in the editions that had it."""
    others = others if others is not None else _all_pairs()
    skip = set() if all_editions else store.superseded_editions(conn)
    rows = _folded_rules(conn, None, skip, None)
    found: list[dict] = []
    for pair in pairs:
        patterns = _sense_patterns(pair, others)
        rules = _rules_of_sense(rows, patterns)
        if not rules and skip:
            needles = {"en": [pair.en]} if "en" in patterns else {}
            rules = _rules_of_sense(_folded_rules(conn, skip, set(), needles), patterns, across=True)
            rules.sort(key=lambda r: rule_sort_key(r["number"]))
        found += [r for r in rules if r not in found]
    return found[:limit]


def _all_pairs() -> list[TermPair]:
    """Every pair of both term files (the homonyms of a sense are among them)."""
    return load_terms() + list(_search_pairs(TERMS_PATH.parent / SEARCH_FILE))


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
    empty lists.  ``senses``: one ``{"pair", "rules", "cards", "card_total"}``
    per pair, in the order of :func:`lookup_term` (« initiative »: First
    strike, then The initiative with rules 725); ``rules`` and ``cards``
    are theirs together.  A rule is ``{"number", "lang", "source",
    "edition", "editions"}`` (for a term no edition in force has, mana burn,
    the editions that had the rule).
    """
    pairs = lookup_term(query)
    senses = [_sense(conn, p, limit, all_editions) for p in pairs]
    cards: list[dict] = []
    rules: list[dict] = []
    for sense in senses:
        cards += [c for c in sense.pop("all_cards") if c["name"] not in {x["name"] for x in cards}]
        rules += [r for r in sense["rules"] if r not in rules]
    return {"query": query, "pairs": [p.to_dict() for p in pairs], "cards": cards[:limit],
            "card_total": len(cards), "rules": rules[:limit], "senses": senses}


def _sense(conn: sqlite3.Connection, pair: TermPair, limit: int, all_editions: bool) -> dict:
    """One sense of a term: its pair, its rules and its cards."""
    cards = _term_cards(conn, [pair], limit)
    return {"pair": pair.to_dict(), "rules": _term_rules(conn, [pair], limit, all_editions),
            "cards": cards[:limit], "card_total": len(cards), "all_cards": cards}


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
