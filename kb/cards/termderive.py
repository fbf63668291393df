"""The derivation of the French <-> English terms from the card data
(``python -m kb.cards.terms`` writes ``corpus/terms/terms_fr_en.tsv``).

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
* ``rules: …``: pairs the card data cannot give, read in the French seed
  documents (:data:`DOCUMENT_TERMS`).

Every row carries ``cards`` (support) and ``precision`` (share of the
cards whose French text has the French term that also have the English
one) and an ``example`` card.  The derivation is reviewed: :data:`REVIEW`
and :data:`REVIEW_DROP` list the corrections made by hand after reading
the output, each with its reason, and are applied by :func:`derive_terms`;
a reviewed row says so in its ``source``.
"""
from __future__ import annotations

import json
import re
import sqlite3
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Optional

from kb.cards.terms import TermPair
from parser.cardface import FR_TRIBAL, FR_TYPES, CardFaceError, parse_type_line
from parser.textkeys import fold

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

#: Pairs of mechanics newer than most French printings of the card data (a
#: designation or keyword of 2016-2023), each checked by hand against the
#: French cards that print it and the English rule that defines it.  « the
#: initiative » is a second sense of the French « initiative » (First strike):
#: :func:`kb.cards.terms.lookup_term` gives both.
DESIGNATION_TERMS = [
    ("rules_term", "the monarch", "le monarque",
     "rules: French printings « vous devenez le monarque » (Skyline Despot / Despote des tours, AFC) "
     "= CR 724 The Monarch", 2),
    ("rules_term", "the initiative", "l'initiative",
     "rules: French printings of Commander Legends: Battle for Baldur's Gate (2022) « vous prenez "
     "l'initiative » = CR 725 The Initiative", 0),
    ("keyword_ability", "Toxic", "Toxique",
     "rules: French printings of Phyrexia: All Will Be One (2023) « Toxique 1 » = CR 702.164 Toxic", 0),
]

_CUT_RE = re.compile(r"\s*(?:\(|\{|,|;|\.|—|–|:|\d|\bX\b|$)")
_WORD_RE = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")

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




# --------------------------------------------------------------------------
# Keyword pairs

@dataclass
class FrenchTexts:
    """The French printed texts of each card (English name) and what the
    keyword derivation counts in them: line heads and words, per card and
    over all cards; ``example``: one (French name, set) per card."""

    texts: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    example: dict[str, tuple[str, str]] = field(default_factory=dict)
    heads: dict[str, set[str]] = field(default_factory=dict)
    head_total: Counter = field(default_factory=Counter)
    words: dict[str, set[str]] = field(default_factory=dict)
    word_total: Counter = field(default_factory=Counter)


def _french_texts(conn: sqlite3.Connection) -> FrenchTexts:
    ft = FrenchTexts()
    for card, set_code, name, text in conn.execute(
            "SELECT card, set_code, name, text FROM mtg_french WHERE text IS NOT NULL "
            "ORDER BY release_date DESC"):
        ft.texts[card].append(text)
        ft.example.setdefault(card, (name, set_code))
    ft.heads = {c: set().union(*(_line_heads(t) for t in ts)) for c, ts in ft.texts.items()}
    for hs in ft.heads.values():
        ft.head_total.update(hs)
    ft.words = {c: {fold(w) for t in ts for w in _WORD_RE.findall(t)} for c, ts in ft.texts.items()}
    for ws in ft.words.values():
        ft.word_total.update(ws)
    return ft


def _cards_by_keyword(conn: sqlite3.Connection, ft: FrenchTexts) -> dict[str, list[str]]:
    """MTGJSON keyword -> the cards with that keyword and a French text."""
    by_kw: dict[str, list[str]] = defaultdict(list)
    for name, kw in conn.execute("SELECT name, keywords FROM mtg_cards"):
        if name in ft.texts:
            for k in set(json.loads(kw or "[]")):
                by_kw[k].append(name)
    return by_kw


@dataclass
class Choice:
    """A French phrase chosen for a keyword: cards with the keyword showing
    it (``support``) and the share of all cards showing it that have the keyword."""

    phrase: str
    support: int
    precision: float


def _most_specific(support: Counter, total: Counter, min_support: int, min_length: int = 0) -> Optional[Choice]:
    """The phrase with the best support × precision² (the longer one on a tie)."""
    best = None
    for phrase, s in support.items():
        if s < min_support or len(phrase) < min_length:
            continue
        prec = s / total[phrase]
        score = (s * prec * prec, len(phrase))
        if best is None or score > best[0]:
            best = (score, Choice(phrase, s, prec))
    return best[1] if best else None


def _keyword_pair(keyword: str, cards: list[str], ft: FrenchTexts) -> Optional[TermPair]:
    """The French name of ``keyword``: the line head most specific to its
    cards, else (a keyword action inside sentences) the most specific word."""
    support: Counter = Counter()
    for c in cards:
        support.update(ft.heads.get(c, ()))
    best, source, bag = _most_specific(support, ft.head_total, 2), "keyword-line", ft.heads
    if best is None or best.precision < 0.5 or best.support < max(2, 0.3 * len(cards)):
        support = Counter()
        for c in cards:
            support.update(ft.words.get(c, ()))
        best, source, bag = _most_specific(support, ft.word_total, 3, 4), "keyword-word", ft.words
        if best is None or best.precision < 0.5:
            return None
    sample = [c for c in cards if best.phrase in bag.get(c, ())]
    surface = best.phrase
    if source == "keyword-line":
        surface = _surface_of(best.phrase, [t for c in sample for t in ft.texts[c]])
    ex_card = sorted(sample)[0]
    ex_name, ex_set = ft.example[ex_card]
    return TermPair(_keyword_kind(keyword), keyword, surface, source, best.support, round(best.precision, 3),
                    f"{ex_card} / {ex_name} ({ex_set})")


# --------------------------------------------------------------------------
# Type pairs

@dataclass
class TypeCounts:
    """French/English type words seen together on the same face:
    kind (``card_type``, ``supertype``, ``subtype``) -> Counter of (English, French)."""

    pairs: dict[str, Counter] = field(default_factory=lambda: {k: Counter() for k in
                                                              ("card_type", "supertype", "subtype")})
    examples: dict[tuple, str] = field(default_factory=dict)

    def add(self, kind: str, en: str, fr: str, example: str) -> None:
        self.pairs[kind][(en, fr)] += 1
        self.examples.setdefault((kind, en, fr), example)


def _count_type_words(conn: sqlite3.Connection) -> TypeCounts:
    faces = {(c, s): (json.loads(sup), json.loads(t), json.loads(sub))
             for c, s, sup, t, sub in conn.execute(
                 "SELECT card, side, supertypes, types, subtypes FROM mtg_faces")}
    counts = TypeCounts()
    for card, side, set_code, fr_name, tl in conn.execute(
            "SELECT card, side, set_code, name, type_line FROM mtg_french WHERE type_line IS NOT NULL"):
        face = faces.get((card, side))
        if face is None:
            continue
        try:
            t = parse_type_line(tl, "fr")
        except CardFaceError:
            continue
        sup, types, subs = face
        example = f"{card} / {fr_name} ({set_code})"
        same_types = sorted(t.types_en) == sorted(types)
        if same_types:
            # French words map one to one onto English types through the grammar table
            for w in t.types:
                fw = fold(w)
                e = "Tribal" if fw in FR_TRIBAL else FR_TYPES.get(fw)
                if e in types:
                    counts.add("card_type", e, w.lower(), example)
        if sorted(t.supertypes_en) == sorted(sup):
            for w, e in zip(t.supertypes, t.supertypes_en):
                counts.add("supertype", e, w.lower(), example)
        if len(t.subtypes) == len(subs) and same_types:
            for fr, en in zip(t.subtypes, subs):
                counts.add("subtype", en, fr.lower(), example)
    return counts


def _type_pairs(conn: sqlite3.Connection) -> list[TermPair]:
    """Per English type word, the main French word and its well-attested
    variants (« arpenteur » 2007 / « planeswalker »)."""
    counts = _count_type_words(conn)
    out: list[TermPair] = []
    for kind, counter in counts.pairs.items():
        by_en: dict[str, list] = defaultdict(list)
        fr_total: Counter = Counter()
        for (en, fr), n in counter.items():
            by_en[en].append((n, fr))
            fr_total[fr] += n
        for en, lst in by_en.items():
            lst.sort(reverse=True)
            top = lst[0][0]
            for n, fr in lst:
                prec = n / fr_total[fr]
                if n == top or (n >= 3 and n >= 0.2 * top and prec >= 0.8):
                    out.append(TermPair(kind, en, fr, "type-line", n, round(prec, 3),
                                        counts.examples.get((kind, en, fr), "")))
    return out


# --------------------------------------------------------------------------
# Rules terms, document terms, review

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


def _document_pairs(pairs: list[TermPair]) -> list[TermPair]:
    """The :data:`DOCUMENT_TERMS` and :data:`DESIGNATION_TERMS` the card data did not already give."""
    have = {(p.kind, p.en.lower(), fold(p.fr)) for p in pairs}
    return [TermPair(kind, en, fr, source, n, 1.0, "") for kind, en, fr, source, n
            in DOCUMENT_TERMS + DESIGNATION_TERMS if (kind, en.lower(), fold(fr)) not in have]


def _reviewed(pairs: list[TermPair]) -> list[TermPair]:
    """``pairs`` with :data:`REVIEW_DROP` dropped and :data:`REVIEW` applied."""
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
    return out


def derive_terms(conn: sqlite3.Connection) -> list[TermPair]:
    """Derive the glossary from the ``mtg_*`` tables of the card database.

    Needs the card data ingested (all 579 sets for the committed file).
    Returns pairs sorted by kind and English term, :data:`REVIEW` applied.
    """
    ft = _french_texts(conn)
    pairs = [_keyword_pair(k, cards, ft) for k, cards in sorted(_cards_by_keyword(conn, ft).items())]
    pairs = [p for p in pairs if p is not None] + _type_pairs(conn) + _rules_term_pairs(conn)
    pairs += _document_pairs(pairs)
    out = _reviewed(pairs)
    out.sort(key=lambda p: (p.kind, p.en.lower(), -p.cards))
    return out
