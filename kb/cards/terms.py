"""French <-> English rules terms derived from the card data, kept in
``corpus/terms/terms_fr_en.tsv``.

Where the pairs come from (column ``source`` of the TSV):

* ``keyword-line``: keyword abilities, keyword actions and ability words.
  For an English keyword K (MTGJSON ``keywords``: Persist, Flying…), the
  French printed texts of the cards that have K are cut at the start of
  each line (before reminder text, a cost, a comma or a dash); the French
  phrase that starts lines of the most cards with K and of the fewest
  cards without it is K's French name (Persist -> « Persistance »: every
  French Shadowmoor card with persist has a line « Persistance (Quand … »).
* ``keyword-word``: for keyword actions used inside sentences (Mill,
  Fight), the word of the French texts most specific to the cards with K.
* ``type-line``: card types and supertypes (the French words of
  parser/cardface.lark checked against MTGJSON ``types``), and subtypes
  paired by position when a French type line and the English one have the
  same number of subtypes (« Créature : elfe et chevalier » / « Elf Knight »).
* ``co-occurrence``: common rules terms (battlefield, graveyard, counter…),
  a short hand-written list of candidate pairs, each kept with the number of
  cards whose English oracle text has the English term while a French
  printing has the French one (« en jeu » and « sur le champ de bataille »
  both pair with « battlefield »: old and new French wordings).

Every row carries ``cards`` (support) and ``precision`` (share of the
cards whose French text has the French term that also have the English
one) and an ``example`` card.  The derivation is reviewed: :data:`REVIEW`
and :data:`REVIEW_DROP` list the corrections made by hand after reading
the output, each with its reason, and are applied by :func:`derive_terms`;
a reviewed row says so in its ``source``.

Public API: :func:`derive_terms` ``(conn) -> list[TermPair]``,
:func:`write_terms`, :func:`load_terms` ``() -> list[TermPair]``,
:func:`lookup_term` ``(query) -> list[TermPair]``, :func:`term_report`
``(conn, query) -> dict`` for ``kb term``.
"""
from __future__ import annotations

import csv
import json
import re
import sqlite3
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path
from typing import Optional

from kb.data import terms_dir
from parser.textkeys import fold
from kb.store import schema

TERMS_PATH = terms_dir() / "terms_fr_en.tsv"

FIELDS = ("kind", "en", "fr", "source", "cards", "precision", "example")

#: Keyword actions (CR 701) among MTGJSON keywords; the rest are keyword
#: abilities (CR 702) or ability words (CR 207.2c, :data:`ABILITY_WORDS`).
KEYWORD_ACTIONS = {
    "Mill", "Scry", "Transform", "Fight", "Investigate", "Proliferate", "Populate", "Monstrosity",
    "Explore", "Amass", "Adapt", "Surveil", "Learn", "Manifest", "Detain", "Clash", "Goad",
    "Assemble", "Fateseal", "Bolster", "Support", "Exert", "Connive", "Meld", "Venture into the dungeon",
    "Planeswalk", "Abandon", "Vote", "Regenerate", "Double", "Exchange", "Reveal", "Sacrifice", "Shuffle",
}
ABILITY_WORDS = {
    "Landfall", "Threshold", "Delirium", "Heroic", "Metalcraft", "Domain", "Constellation", "Raid",
    "Magecraft", "Hellbent", "Morbid", "Strive", "Ferocious", "Enrage", "Inspired", "Coven",
    "Revolt", "Spell mastery", "Adamant", "Converge", "Battalion", "Formidable", "Undergrowth",
    "Kinship", "Alliance", "Radiance", "Addendum", "Will of the council", "Chroma", "Fateful hour",
    "Pack tactics", "Council's dilemma", "Parley", "Tempting offer", "Join forces", "Eminence",
    "Grandeur", "Sweep", "Cohort", "Lieutenant", "Imprint", "Channel", "Bloodrush", "Hero's Reward",
    "Kinfall", "Underdog", "Legacy", "Teamwork", "Landship", "Rally",
}

#: Common rules terms: candidate pairs checked against the data (English
#: oracle text vs French printed text of the same card).
RULES_TERMS = [
    ("battlefield", "champ de bataille"), ("battlefield", "en jeu"),
    ("graveyard", "cimetière"), ("library", "bibliothèque"), ("hand", "main"),
    ("exile", "exil"), ("exile", "retirez de la partie"), ("token", "jeton"),
    ("counter", "marqueur"), ("counter target spell", "contrecarrez le sort ciblé"),
    ("mana value", "valeur de mana"), ("mana value", "coût converti de mana"),
    ("converted mana cost", "coût converti de mana"),
    ("upkeep", "entretien"), ("end step", "étape de fin"), ("end of turn", "fin du tour"),
    ("combat damage", "blessures de combat"), ("damage", "blessure"),
    ("sacrifice", "sacrifiez"), ("destroy", "détruisez"), ("regenerate", "régénérez"),
    ("regenerate", "régénération"), ("tap", "engagez"), ("untap", "dégagez"),
    ("target", "ciblé"), ("opponent", "adversaire"), ("owner", "propriétaire"),
    ("controller", "contrôleur"), ("spell", "sort"), ("ability", "capacité"),
    ("activated ability", "capacité activée"), ("triggered ability", "capacité déclenchée"),
    ("attacking creature", "créature attaquante"), ("blocking creature", "créature bloqueuse"),
    ("enchanted creature", "créature enchantée"), ("equipped creature", "créature équipée"),
    ("life", "points de vie"), ("draw a card", "piochez une carte"), ("discard", "défaussez"),
    ("shuffle", "mélangez"), ("search your library", "cherchez dans votre bibliothèque"),
    ("nonbasic land", "terrain non-base"), ("basic land", "terrain de base"),
    ("colorless", "incolore"), ("hybrid", "hybride"), ("mana pool", "réserve"),
    ("-1/-1 counter", "marqueur -1/-1"), ("+1/+1 counter", "marqueur +1/+1"),
    ("creature token", "jeton de créature"), ("prevent", "prévenez"),
]

#: Hand review of the derived pairs: (kind, en) -> French to use, or None to
#: drop the pair.  Each entry says why.
REVIEW: dict[tuple[str, str], tuple[Optional[str], str]] = {
    ("keyword_ability", "Lifelink"): ("Lien de vie", "the cut kept « Lien de »; every line reads « Lien de vie »"),
    ("keyword_ability", "Affinity"): ("Affinité", "« Affinité pour les [type] » has the keyword « Affinité »"),
    ("keyword_ability", "Protection"): ("Protection", "« Protection contre [quality] »: the keyword is « Protection »"),
    ("keyword_ability", "Hexproof from"): ("Défense talismanique contre", "the quality follows « contre »"),
    ("keyword_ability", "Landwalk"): ("Traversée des terrains", "MTGJSON tags islandwalk cards Landwalk too; "
                                      "the generic French form is « traversée des [type] »"),
    ("keyword_ability", "Landcycling"): ("Recyclage de terrain", "« Recyclage de terrain de base » is Basic "
                                         "landcycling; the generic form is « recyclage de [type] »"),
    ("keyword_ability", "Basic landcycling"): ("Recyclage de terrain de base", "the cut dropped « base »"),
    ("keyword_ability", "Jump-start"): ("Relance", "the line reads « Relancez (…) » (imperative); the "
                                       "keyword's noun is « relance »"),
    ("keyword_ability", "Awaken"): ("Éveil", "folded form « eveil » restored"),
    ("keyword_ability", "Ingest"): ("Ingestion", "capitalised like the other keywords"),
    ("keyword_action", "Exert"): ("Surmener", "« Vous pouvez surmener » is a sentence; the action is « surmener »"),
    ("keyword_action", "Fight"): ("Se battre", "« batte » is a form of « se battre »"),
    ("keyword_action", "Clash"): ("Confrontez", "« implique » comes from the reminder text; the action "
                                  "reads « confrontez un adversaire » (LRW)"),
    ("keyword_action", "Meld"): ("Assimiler", "« assimilez-les » is the imperative of « assimiler »"),
    ("keyword_action", "Detain"): ("Détenez", "accent restored"),
    ("keyword_action", "Proliferate"): ("Proliférez", "accent restored"),
    ("keyword_action", "Investigate"): ("Enquêtez", "accent restored"),
    ("keyword_action", "Monstrosity"): ("Monstruosité", "« monstrueuse » is the adjective of the result; "
                                        "the action is « monstruosité N »"),
    ("keyword_action", "Bolster"): ("Renforcement", "capitalised"),
    ("keyword_action", "Scry"): ("Regard", "capitalised: « Regard 2 »"),
    ("keyword_action", "Mill"): ("Meule", "capitalised: « meule N cartes »"),
    ("ability_word", "Spell mastery"): ("Maîtrise des sorts", "the ability word is « Maîtrise des sorts »"),
    ("rules_term", "ability"): ("capacité", "precision 0.46 only because « capacité » is everywhere in "
                                "French texts while English oracle often says « it » — kept"),
}

#: Derived pairs dropped after review: (kind, en, fr) -> reason.
REVIEW_DROP: dict[tuple[str, str, str], str] = {
    ("subtype", "Serpent", "serpent"): "« serpent » is the French for Snake (114 cards); Serpent is "
                                       "« grand serpent » (19 cards, precision 1.0), kept",
}

#: Pairs the card data cannot give (no French text for the old cards that
#: have the keyword), read from the French seed documents next to the
#: English Comprehensive Rules of the same numbering, checked by hand.
DOCUMENT_TERMS = [
    ("keyword_ability", "Banding", "Regroupement",
     "rules: seeds/004 « 502.10. Regroupement » = CR 2008-02-01 « 502.10. Banding »", 24),
    ("keyword_ability", "Bands with other", "Regroupement avec d'autres",
     "rules: seeds/004 « 502.11. Regroupement avec d'autres » = CR 2008-02-01 « 502.11. Bands with Other »", 0),
    ("rules_term", "regeneration", "régénération",
     "rules: seeds/001 rule 212.3g « (voir règle 501.5, « Régénération ») » = CR 2008 501.5 Regeneration", 0),
    ("rules_term", "state-based effect", "effet basé sur un état",
     "rules: seeds/001 rule 212.3g « en tant qu'effet basé sur l'état » = CR 2008 212.3g state-based effect", 0),
    ("rules_term", "summoning sickness", "mal d'invocation",
     "rules: seeds/001 rule 212.3f « règle du « mal d'invocation » » = CR 2008 212.3f summoning sickness", 0),
    ("rules_term", "linked abilities", "capacités liées",
     "rules: seeds/002 rule 607 « capacités liées » = CR 2010 607 Linked Abilities", 0),
    ("rules_term", "hybrid mana symbol", "symbole de mana hybride",
     "rules: seeds/001 rule 104.3f = CR 2008 104.3f hybrid mana symbols", 0),
    ("rules_term", "monocolored hybrid", "hybride monochrome",
     "rules: seeds/001 rule 104.3 « symboles hybrides monochromes » = CR 2008 104.3 monocolored hybrid", 0),
    ("rules_term", "untap symbol", "symbole de dégagement",
     "rules: seeds/001 rule 104.5 = CR 2008 104.5 untap symbol", 0),
    ("rules_term", "converted mana cost", "coût converti de mana",
     "rules: seeds/001 rule 203.3c = CR 2008 203.3c converted mana cost", 0),
]

_CUT_RE = re.compile(r"\s*(?:\(|\{|,|;|\.|—|–|:|\d|\bX\b|$)")
_WORD_RE = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


@dataclass
class TermPair:
    """A French <-> English term.

    ``kind``: ``keyword_ability`` | ``keyword_action`` | ``ability_word`` |
    ``card_type`` | ``supertype`` | ``subtype`` | ``rules_term``; ``cards``:
    number of cards supporting the pair; ``precision``: share (0-1) of the
    cards showing the French term that also have the English one;
    ``source``: how it was derived (see module docstring); ``example``: one
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


def _keyword_kind(k: str) -> str:
    if k in KEYWORD_ACTIONS:
        return "keyword_action"
    if k in ABILITY_WORDS:
        return "ability_word"
    return "keyword_ability"


def _line_heads(text: str) -> set[str]:
    """Folded French phrases (1-4 words) that start a line of ``text``."""
    heads = set()
    for line in text.split("\n"):
        line = line.strip()
        m = _CUT_RE.search(line)
        seg = line[:m.start()] if m else line
        words = _WORD_RE.findall(seg)[:4]
        for n in range(1, len(words) + 1):
            heads.add(" ".join(fold(w) for w in words[:n]))
    return heads


def _surface_of(folded: str, texts: list[str]) -> str:
    """The most common written form of a folded phrase in ``texts``."""
    forms: Counter = Counter()
    n = len(folded.split())
    for t in texts:
        for line in t.split("\n"):
            words = _WORD_RE.findall(line.strip())[:n]
            if " ".join(fold(w) for w in words) == folded:
                m = re.match(r"\s*" + r"\W+".join(re.escape(w) for w in words), line)
                forms[m.group(0).strip() if m else " ".join(words)] += 1
    if not forms:
        return folded
    s = forms.most_common(1)[0][0]
    return s[:1].upper() + s[1:]


def derive_terms(conn: sqlite3.Connection) -> list[TermPair]:
    """Derive the glossary from the ``mtg_*`` tables of :mod:`kb.cards.db`.

    Needs the card data ingested (all 579 sets for the committed file).
    Returns pairs sorted by kind and English term, :data:`REVIEW` applied.
    """
    # French texts per card (English name), with one example set
    fr_texts: dict[str, list[str]] = defaultdict(list)
    example: dict[str, tuple[str, str]] = {}
    for card, set_code, name, text in conn.execute(
            "SELECT card, set_code, name, text FROM mtg_french WHERE text IS NOT NULL "
            "ORDER BY release_date DESC"):
        fr_texts[card].append(text)
        example.setdefault(card, (name, set_code))
    keywords: dict[str, set[str]] = {}
    for name, kw in conn.execute("SELECT name, keywords FROM mtg_cards"):
        keywords[name] = set(json.loads(kw or "[]"))
    heads: dict[str, set[str]] = {c: set().union(*(_line_heads(t) for t in ts)) for c, ts in fr_texts.items()}
    head_total: Counter = Counter()
    for hs in heads.values():
        head_total.update(hs)
    words: dict[str, set[str]] = {c: {fold(w) for t in ts for w in _WORD_RE.findall(t)} for c, ts in fr_texts.items()}
    word_total: Counter = Counter()
    for ws in words.values():
        word_total.update(ws)

    by_kw: dict[str, list[str]] = defaultdict(list)
    for card, ks in keywords.items():
        if card in fr_texts:
            for k in ks:
                by_kw[k].append(card)

    pairs: list[TermPair] = []
    for k, cards in sorted(by_kw.items()):
        support: Counter = Counter()
        for c in cards:
            support.update(heads.get(c, ()))
        best = None
        for cand, s in support.items():
            if s < 2:
                continue
            prec = s / head_total[cand]
            score = (s * prec * prec, len(cand))
            if best is None or score > best[0]:
                best = (score, cand, s, prec)
        source = "keyword-line"
        if best is None or best[3] < 0.5 or best[2] < max(2, 0.3 * len(cards)):
            # a keyword action inside sentences: the most specific word
            wsup: Counter = Counter()
            for c in cards:
                wsup.update(words.get(c, ()))
            best = None
            for w, s in wsup.items():
                if s < 3 or len(w) < 4:
                    continue
                prec = s / word_total[w]
                score = (s * prec * prec, len(w))
                if best is None or score > best[0]:
                    best = (score, w, s, prec)
            source = "keyword-word"
            if best is None or best[3] < 0.5:
                continue
        _, cand, s, prec = best
        sample = [c for c in cards if cand in (heads.get(c, ()) if source == "keyword-line" else words.get(c, ()))]
        surface = _surface_of(cand, [t for c in sample for t in fr_texts[c]]) if source == "keyword-line" else cand
        ex_card = sorted(sample)[0]
        ex_name, ex_set = example[ex_card]
        pairs.append(TermPair(_keyword_kind(k), k, surface, source, s, round(prec, 3),
                              f"{ex_card} / {ex_name} ({ex_set})"))

    pairs.extend(_type_pairs(conn))
    pairs.extend(_rules_term_pairs(conn))
    have = {(p.kind, p.en.lower(), fold(p.fr)) for p in pairs}
    for kind, en, fr, source, n in DOCUMENT_TERMS:
        if (kind, en.lower(), fold(fr)) not in have:
            pairs.append(TermPair(kind, en, fr, source, n, 1.0, ""))
    out = []
    for p in pairs:
        if (p.kind, p.en, p.fr) in REVIEW_DROP:
            continue
        rev = REVIEW.get((p.kind, p.en))
        if rev is not None:
            fr, why = rev
            if fr is None:
                continue
            if fr != p.fr:
                p = TermPair(p.kind, p.en, fr, p.source + "; reviewed: " + why, p.cards, p.precision, p.example)
        out.append(p)
    out.sort(key=lambda p: (p.kind, p.en.lower(), -p.cards))
    return out


def _type_pairs(conn: sqlite3.Connection) -> list[TermPair]:
    from parser.cardface import FR_TRIBAL, FR_TYPES, CardFaceError, parse_type_line
    faces = {(c, s): (json.loads(sup), json.loads(t), json.loads(sub), name)
             for c, s, sup, t, sub, name in conn.execute(
                 "SELECT card, side, supertypes, types, subtypes, face_name FROM mtg_faces")}
    type_pairs: Counter = Counter()
    super_pairs: Counter = Counter()
    sub_pairs: Counter = Counter()
    sub_fr_total: Counter = Counter()
    examples: dict[tuple, str] = {}
    for card, side, set_code, fr_name, tl in conn.execute(
            "SELECT card, side, set_code, name, type_line FROM mtg_french WHERE type_line IS NOT NULL"):
        face = faces.get((card, side))
        if face is None:
            continue
        try:
            t = parse_type_line(tl, "fr")
        except CardFaceError:
            continue
        sup, types, subs, _ = face
        if sorted(t.types_en) == sorted(types):
            # French words map one to one onto English types through the grammar table
            for w in t.types:
                fw = fold(w)
                e = "Tribal" if fw in FR_TRIBAL else FR_TYPES.get(fw)
                if e in types:
                    key = (e, w.lower())
                    type_pairs[key] += 1
                    examples.setdefault(("card_type",) + key, f"{card} / {fr_name} ({set_code})")
        if sorted(t.supertypes_en) == sorted(sup):
            for w, e in zip(t.supertypes, t.supertypes_en):
                key = (e, w.lower())
                super_pairs[key] += 1
                examples.setdefault(("supertype",) + key, f"{card} / {fr_name} ({set_code})")
        for w in t.subtypes:
            sub_fr_total[w.lower()] += 1
        if len(t.subtypes) == len(subs) and sorted(t.types_en) == sorted(types):
            for fr, en in zip(t.subtypes, subs):
                key = (en, fr.lower())
                sub_pairs[key] += 1
                examples.setdefault(("subtype",) + key, f"{card} / {fr_name} ({set_code})")
    out: list[TermPair] = []
    for kind, counter, totals in (("card_type", type_pairs, None), ("supertype", super_pairs, None),
                                  ("subtype", sub_pairs, sub_fr_total)):
        by_en: dict[str, list] = defaultdict(list)
        for (en, fr), n in counter.items():
            by_en[en].append((n, fr))
        fr_total: Counter = Counter()
        for (en, fr), n in counter.items():
            fr_total[fr] += n
        for en, lst in by_en.items():
            lst.sort(reverse=True)
            top = lst[0][0]
            for n, fr in lst:
                prec = n / fr_total[fr]
                # keep the main French word and well-attested variants (« arpenteur » 2007 / « planeswalker »)
                if n == top or (n >= 3 and n >= 0.2 * top and prec >= 0.8):
                    out.append(TermPair(kind, en, fr, "type-line", n, round(prec, 3),
                                        examples.get((kind, en, fr), "")))
    return out


def _rules_term_pairs(conn: sqlite3.Connection) -> list[TermPair]:
    oracle: dict[str, str] = defaultdict(str)
    for card, text in conn.execute("SELECT card, text FROM mtg_faces"):
        oracle[card] += "\n" + (text or "").lower()
    french: dict[str, str] = defaultdict(str)
    example: dict[str, str] = {}
    for card, name, set_code, text in conn.execute(
            "SELECT card, name, set_code, text FROM mtg_french WHERE text IS NOT NULL"):
        french[card] += "\n" + fold(text)
        example.setdefault(card, f"{card} / {name} ({set_code})")
    out = []
    for en, fr in RULES_TERMS:
        en_re = re.compile(r"\b" + re.escape(en.lower()) + r"\b")
        fr_re = re.compile(r"\b" + re.escape(fold(fr)) + r"\b")
        with_fr = [c for c, t in french.items() if fr_re.search(t)]
        both = [c for c in with_fr if en_re.search(oracle.get(c, ""))]
        if not both:
            continue
        prec = len(both) / len(with_fr)
        out.append(TermPair("rules_term", en, fr, "co-occurrence", len(both), round(prec, 3),
                            example[sorted(both)[0]]))
    return out


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
    pairs = load_terms(path)
    exact = [p for p in pairs if fold(p.fr) == q or fold(p.en) == q]
    if exact:
        return exact
    return [p for p in pairs if fold(p.fr).startswith(q) or fold(p.en).startswith(q)]


def term_report(conn: sqlite3.Connection, query: str, limit: int = 50, all_editions: bool = False) -> dict:
    """What ``kb term QUERY`` shows: the pairs, the cards that use the term
    and the rules whose text mentions it.

    Shape: ``{"query", "pairs": [TermPair dicts], "cards": [{"name",
    "french_name"}] (keyword pairs: cards with that MTGJSON keyword; others:
    cards whose French text has the term), "rules": [{"number", "lang",
    "source", "edition"}]}``.  Rules are searched (folded, whole words, the
    French and the English side) in the documents and, for Comprehensive
    Rules editions, in the latest edition of each language unless
    ``all_editions``.  Cards need the ``mtg_*`` tables and rules the
    ``rules`` table of kb.store.db; a missing table gives an empty list.
    """
    pairs = lookup_term(query)
    out = {"query": query, "pairs": [p.to_dict() for p in pairs], "cards": [], "rules": []}
    seen = set()
    for p in pairs:
        try:
            if p.kind.startswith("keyword") or p.kind == "ability_word":
                rows = conn.execute("SELECT name FROM mtg_cards WHERE keywords LIKE ? ORDER BY name",
                                    (f'%"{p.en}"%',)).fetchall()
            else:
                rows = []
            for (name,) in rows:
                if name in seen:
                    continue
                seen.add(name)
                fr = conn.execute("SELECT name FROM mtg_french WHERE card = ? ORDER BY release_date DESC LIMIT 1",
                                  (name,)).fetchone()
                out["cards"].append({"name": name, "french_name": fr[0] if fr else None})
        except sqlite3.OperationalError:
            break
    out["cards"] = out["cards"][:limit]
    try:
        skip: set = set()
        if not all_editions:
            try:
                eds = conn.execute("SELECT source, date, lang FROM editions").fetchall()
            except sqlite3.OperationalError:
                eds = []
            latest: dict = {}
            for src, date, lang in eds:
                if lang not in latest or (date or "") > latest[lang][1]:
                    latest[lang] = (src, date or "")
            skip = {e[0] for e in eds} - {v[0] for v in latest.values()}
        found = []
        needles = [(fold(p.fr), "fr") for p in pairs] + [(fold(p.en), "en") for p in pairs]
        for number, lang, source, edition, title, text, examples in conn.execute(
                "SELECT number, lang, source, edition, title, text, examples FROM rules"):
            if source in skip:
                continue
            body = fold(" ".join((title or "", text or "", examples or "")))
            for needle, nl in needles:
                if needle and re.search(r"\b" + re.escape(needle) + r"\b", body):
                    found.append({"number": number, "lang": lang, "source": source, "edition": edition})
                    break
        out["rules"] = found[:limit]
    except sqlite3.OperationalError:
        pass
    return out


def main(argv=None) -> int:
    """``python -m kb.cards.terms [MTGJSON_PATH]``: derive and write the glossary."""
    import argparse
    import sys
    from kb.cards.db import ingest_mtgjson
    ap = argparse.ArgumentParser(description="derive corpus/terms/terms_fr_en.tsv from MTGJSON data")
    ap.add_argument("path", nargs="?", default=str(Path(__file__).resolve().parents[2] / "shared" / "corpus"
                                                    / "cards" / "mtgjson"))
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
