"""The first stage of reading a claim: its words as typed tokens.

A claim is cut into words (:mod:`kb.checker.words`: mana symbols, power/toughness,
numbers, words with their elision, punctuation), then each stretch of words
becomes one typed token, longest first:

* ``CARD`` -- a card or face name of the knowledge base, French or English
  (``mtg_names``, the FAQ card records), with its article, elision or plural
  forgiven; a one-word name that is also a game word (« Vigilance », "Fog"
  as a keyword or type) is read as the game word;
* ``MANA`` (``{2}{B}``), ``PT`` (``4/4``), ``NUM`` (figures and number
  words), ``YEAR``, ``RULENUM`` (a rule number: ``702.95``, ``607.1a``);
* content words of the game: ``COLOR``, ``CARDTYPE``, ``SUPERTYPE``,
  ``SUBTYPE``, ``KEYWORD`` (the term pairs of ``corpus/terms/terms_fr_en.tsv``);
* the function words of ``corpus/terms/claim_words.tsv``: copulas, negation,
  quantity, connectives, attributes, faces, edition leads…;
* ``WORD`` -- anything else: a word the reader does not understand, which
  the structure grammar has no place for (the claim is then unknown, that
  word named).

Articles and the words of ``FILLER`` carry nothing for a verdict and are
passed over (listed in :attr:`Tokens.passed_over`).  Inflected forms are
brought to a listed lemma with simplemma.
"""
from __future__ import annotations

import csv
import json
import sqlite3
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Optional

from lark import Token

from kb.cards.nameindex import singular
from kb.cards.terms import load_terms
from kb.checker.effect_tokens import merge_effects
from kb.checker.lemmas import lemma_index, masculine
from kb.checker.mana_words import cost_verbs, costs_in_symbols
from kb.data import terms_dir
from parser.cardface import FR_SUPERTYPES, FR_TYPES
from kb.checker.words import ARTICLE_NUMBERS, NUMBER_WORDS, Word, normalize_claim, words_of
from parser.textkeys import loose_name

#: Longest stretch of words a card name is looked for in.
MAX_NAME_WORDS = 12
#: Longest function-word or term entry, in words.
MAX_ENTRY_WORDS = 6


# --------------------------------------------------------------------------
# The vocabulary

@dataclass
class Vocabulary:
    """Folded entry (words joined by one space) -> (category, value), per language."""

    entries: dict[str, dict[str, tuple[str, str]]] = field(default_factory=lambda: {"fr": {}, "en": {}})

    def add(self, lang: str, words: str, category: str, value: str = "", override: bool = False) -> None:
        for code in (("fr", "en") if lang == "any" else (lang,)):
            table = self.entries[code]
            if override or words not in table:
                table[words] = (category, value)

    def get(self, lang: str, words: str) -> Optional[tuple[str, str]]:
        return self.entries[lang].get(words)


def _function_words(vocab: Vocabulary) -> None:
    path = terms_dir() / "claim_words.tsv"
    with open(path, encoding="utf-8", newline="") as fh:
        rows = [line for line in fh if not line.startswith("#")]
    for row in csv.DictReader(rows, delimiter="\t", quoting=csv.QUOTE_NONE):
        words = " ".join(row["words"].split()) if row["words"].strip() else row["words"]
        vocab.add(row["lang"], words, row["category"], row["value"] or "", override=True)
        if row["lang"] == "fr":
            for form in _contracted(words):
                vocab.add("fr", form, row["category"], row["value"] or "")


#: French prepositions fused with the article after them (« doté du vol », « égal au nombre »).
_CONTRACTIONS = {"de": ("du", "des"), "a": ("au", "aux")}


def _contracted(words: str) -> tuple[str, ...]:
    """The forms of a French entry ending in « de » or « à » fused with an article (``dote de`` -> ``dote du``)."""
    head, _, last = words.rpartition(" ")
    return tuple(f"{head} {form}" for form in _CONTRACTIONS.get(last, ())) if head else ()


def _entry_key(text: str) -> str:
    """The vocabulary key of a term as the claim tokenizer cuts it (« Association d'âmes » -> ``association d' ames``)."""
    return " ".join(w.folded for w in words_of(text))


def _game_words(vocab: Vocabulary) -> None:
    for word, english in FR_TYPES.items():
        if english in ("Creature", "Artifact", "Enchantment", "Land", "Sorcery", "Instant", "Planeswalker",
                       "Battle"):
            for form in (word, word + "s"):
                vocab.add("fr", form, "CARDTYPE", english)
    for english in ("Creature", "Artifact", "Enchantment", "Land", "Sorcery", "Instant", "Planeswalker",
                    "Battle", "Tribal", "Kindred"):
        for form in (english.lower(), english.lower() + "s"):
            vocab.add("en", form, "CARDTYPE", english)
    vocab.add("en", "sorceries", "CARDTYPE", "Sorcery")
    for word, english in FR_SUPERTYPES.items():
        vocab.add("fr", _entry_key(word), "SUPERTYPE", english)
        vocab.add("fr", _entry_key(word) + "s", "SUPERTYPE", english)
    for english in ("Legendary", "Basic", "Snow", "World"):
        vocab.add("en", english.lower(), "SUPERTYPE", english)
    for pair in load_terms():
        if pair.kind == "keyword_ability":
            if not pair.en.lower().endswith(" from"):     # "hexproof from black": hexproof, then its quality
                vocab.add("en", _entry_key(pair.en), "KEYWORD", pair.en.lower())
            vocab.add("fr", _entry_key(pair.fr), "KEYWORD", pair.en.lower())
        elif pair.kind == "subtype":
            vocab.add("en", _entry_key(pair.en), "SUBTYPE", pair.en)
            vocab.add("fr", _entry_key(pair.fr), "SUBTYPE", pair.en)
            vocab.add("fr", _entry_key(pair.fr) + "s", "SUBTYPE", pair.en)
        elif pair.kind == "card_type":
            vocab.add("fr", _entry_key(pair.fr), "CARDTYPE", pair.en)
        elif pair.kind == "supertype":
            vocab.add("fr", _entry_key(pair.fr), "SUPERTYPE", pair.en)
    for lang, word, kw in (("fr", "indestructibilite", "indestructible"), ("en", "walk", "landwalk")):
        vocab.add(lang, word, "KEYWORD", kw)


@lru_cache(maxsize=1)
def vocabulary() -> Vocabulary:
    """The reader's vocabulary: the function words first (they win), then the game's words."""
    vocab = Vocabulary()
    _function_words(vocab)
    _game_words(vocab)
    return vocab


_KB_VOCABULARIES: dict[tuple, Vocabulary] = {}


def vocabulary_for(conn: Optional[sqlite3.Connection]) -> Vocabulary:
    """:func:`vocabulary` and the words of the card data of ``conn``: every keyword ability it
    knows (:func:`kb.cards.facekeywords.vocabulary`: the 702 titles and MTGJSON keywords) and its
    English subtypes.  French subtypes come from the term pairs (``terms_fr_en.tsv``, derived
    from the same data offline by :mod:`kb.cards.termderive`): aligning them again here would
    cost more than a second at the first claim.  Cached per knowledge base and card ingest."""
    base = vocabulary()
    if conn is None:
        return base
    stamp = ingest_stamp(conn)
    if stamp is None:         # no card data ingested
        return base
    key = (id(conn), stamp)
    if key not in _KB_VOCABULARIES:
        _KB_VOCABULARIES[key] = _with_card_data(base, conn)
    return _KB_VOCABULARIES[key]


def ingest_stamp(conn: sqlite3.Connection) -> Optional[str]:
    """The id of the card data ingested in ``conn`` (``kb ingest-cards``), None without card data."""
    row = conn.execute("SELECT value FROM mtg_meta WHERE key = 'ingest_id'").fetchone()
    return row[0] if row else None


def _with_card_data(base: Vocabulary, conn: sqlite3.Connection) -> Vocabulary:
    from kb.cards import facekeywords

    vocab = Vocabulary({lang: dict(table) for lang, table in base.entries.items()})
    for low in facekeywords.vocabulary(conn).names:
        vocab.add("en", _entry_key(low), "KEYWORD", low)
    english = set()
    # a French claim may keep a creature type in English (« Overtaker, un Merfolk Spellshaper … »): read it
    # where no French entry has those words; only the types of at least ten faces (the card data also holds
    # joke types such as "of", which a French claim's English card name must keep as words)
    creature: dict[str, int] = {}
    for subs, n, is_creature in conn.execute("SELECT subtypes, COUNT(*), types LIKE '%Creature%' FROM mtg_faces "
                                             "WHERE subtypes != '[]' GROUP BY subtypes, 3"):
        names = json.loads(subs)
        english.update(names)
        if is_creature:
            for sub in names:
                creature[sub] = creature.get(sub, 0) + n
    for en in english:
        vocab.add("en", _entry_key(en), "SUBTYPE", en)
    for en, count in creature.items():
        if count >= 10 and en.isalpha() and len(en) > 2:
            vocab.add("fr", _entry_key(en), "SUBTYPE", en)
    return vocab


# --------------------------------------------------------------------------
# Card names

NameFinder = Callable[[dict[str, str]], dict[str, tuple[str, Optional[str]]]]


def db_name_finder(conn: sqlite3.Connection) -> NameFinder:
    """Loose name keys -> (English card, English face or None), from the card
    database (``mtg_names``) and the FAQ card records of ``conn``."""
    def find(keys_text: dict[str, str]) -> dict[str, tuple[str, Optional[str]]]:
        """``keys_text``: loose key -> the words of the claim it was made from."""
        found: dict[str, tuple[str, Optional[str]]] = {}
        keys = sorted(keys_text)
        if not keys:
            return found
        marks = ",".join("?" * len(keys))
        rows = conn.execute(f"SELECT loose, name, kind, surface FROM mtg_names WHERE loose IN ({marks}) "
                            "ORDER BY kind, lang", keys).fetchall()
        for loose, card, kind, surface in rows:
            if "//" in surface and "//" not in keys_text.get(loose, "//"):
                continue        # « X, Y » is two names in a row, not the card « X // Y »
            if loose in found and found[loose][0] != card:
                found[loose] = ("", None)          # two cards share this name: ambiguous
                continue
            found.setdefault(loose, (card, surface if kind == "face" else None))
        for (name,) in conn.execute("SELECT DISTINCT name FROM card_records").fetchall():
            key = loose_name(name)
            if key in keys and key not in found:
                found[key] = (name, None)
        return found
    return find


@dataclass
class Tokens:
    """The typed tokens of a claim, and the words passed over."""

    tokens: list[Token]
    passed_over: list[str]
    lang: str
    text: str = ""
    #: start offset of a token -> the article passed over just before it (folded: « la », "a")
    articles: dict = field(default_factory=dict)


@lru_cache(maxsize=1)
def _lemmas() -> dict[str, dict[str, tuple[str, str]]]:
    """Inflected form -> (the vocabulary word of its lemma, lemma), per language
    (:func:`kb.checker.lemmas.lemma_index`, cached on disk)."""
    vocab = vocabulary()
    words = frozenset(k for table in vocab.entries.values() for k, (category, _) in table.items()
                      if " " not in k and "'" not in k and category not in _UNINFLECTED)
    return lemma_index(words)


#: Categories of words no other word is an inflected form of: « du » (OF) is also the participle of
#: « devoir », and « devez » must not become it.
_UNINFLECTED = frozenset(("OF", "ARTICLE", "AND", "OR", "WITH", "POSS", "PRONPOSS", "QUE", "REL"))


def _lemma(word: str, lang: str) -> str:
    hit = _lemmas().get(lang, {}).get(word)
    return hit[0] if hit else word


def _is_game_word(vocab: Vocabulary, lang: str, key: str) -> bool:
    hit = vocab.get(lang, key)
    return hit is not None and hit[0] not in ("WORD",)


class Tokenizer:
    """Typed tokens of claims (see the module docstring)."""

    def __init__(self, names: Optional[NameFinder] = None, vocab: Optional[Vocabulary] = None):
        self.names = names
        self.vocab = vocab or vocabulary()
        self._found: dict[str, dict] = {}      # claim -> its names found (the other language's try asks again)

    def _card_spans(self, words: list[Word], claim: str, lang: str) -> dict[int, tuple[int, Token]]:
        """Start index -> (end index, CARD token) of the card names in ``words``."""
        if self.names is None:
            return {}
        spans, keys = [], {}
        # a stretch's loose key is its words' loose keys run together (spaces, hyphens and
        # punctuation count for nothing in it), so each word is folded once
        plain = [loose_name(w.text) for w in words]
        single = [loose_name(singular(w.folded)) for w in words]
        for i in range(len(words)):
            if words[i].kind not in ("word", "num", "elided", "punct") or words[i].folded in ("?", ".", "!"):
                continue
            for j in range(i + 1, min(len(words), i + MAX_NAME_WORDS) + 1):
                if words[j - 1].kind in ("mana", "pt") or words[j - 1].folded in ("?", "!", ";", "."):
                    break
                surface = claim[words[i].start:words[j - 1].end]
                variants = ["".join(plain[i:j]), "".join(single[i:j])]
                spans.append((i, j, surface, variants))
                keys.update((v, surface) for v in variants if v)
        found = self._found.get(claim)
        if found is None:
            found = self._found[claim] = self.names(keys)
        best: dict[int, tuple[int, Token]] = {}
        for i, j, surface, variants in spans:
            hit = next((found[v] for v in variants if v in found), None)
            if hit is None:
                continue
            if words[j - 1].kind == "punct" or words[i].kind == "punct":
                continue        # "lifelink," is the keyword and its comma, not the card Lifelink
            if ((_is_game_word(self.vocab, lang, " ".join(w.folded for w in words[i:j])) or
                 self._all_types(words, i, j, lang)) and not self._named_subject(words, i, j, lang)) or \
                    (j - i == 1 and (words[i].kind != "word" or self._is_action(words, i, lang))):
                continue        # « vigilance », "first strike", "fog", "1": a game word before a card name
            if words[i].folded in ("le", "la", "les", "l'", "the", "a", "an", "un", "une") and j - i == 1:
                continue
            card, face = hit
            if i not in best or best[i][0] < j:
                value = {"card": card, "face": face, "surface": surface, "ambiguous": card == ""}
                best[i] = (j, Token("CARD", value, start_pos=words[i].start, end_pos=words[j - 1].end))
        return best

    def _all_types(self, words: list[Word], i: int, j: int, lang: str) -> bool:
        """Whether every word of ``words[i:j]`` is a type, subtype or supertype: "a legendary Zombie Assassin"
        says the types of the card Thraximundar, not the card Zombie Assassin: after an indefinite article, a
        supertype, a colour or a P/T (not "Does Serra Angel …", whose words are a subtype each too)."""
        before = words[i - 1] if i > 0 else None
        if before is None or not (before.folded in ("a", "an", "un", "une", "des") or before.kind == "pt" or
                                  self._type_category(words, i - 1, lang) == "SUPERTYPE" or
                                  (self._entry(words, i - 1, lang) or (0, ""))[1] == "COLOR"):
            return False
        return j - i > 1 and all(self._type_category(words, k, lang) != "-" for k in range(i, j))

    def _type_category(self, words: list[Word], k: int, lang: str) -> str:
        """The category of word ``k`` when it is, alone, a type, subtype or supertype; else "-"."""
        entry = self._entry(words, k, lang)
        return entry[1] if entry is not None and entry[0] == k + 1 and \
            entry[1] in ("SUBTYPE", "CARDTYPE", "SUPERTYPE") else "-"

    def _named_subject(self, words: list[Word], i: int, j: int, lang: str) -> bool:
        """« Le Marais est … », "Mountain is a basic land …": a card whose name is a subtype, named as the
        claim's first words (an article before it) in the singular (« est », "is", « a », "has" after it, not
        « sont » / "are": « Les Zombies sont … » is about the subtype)."""
        h = i - 1 if i > 0 and words[i - 1].folded in ("le", "la", "l'", "the") else i
        opener = self.vocab.get(lang, " ".join(w.folded for w in words[:h])) if h else None
        lead = h == 0 or (opener is not None and opener[0] == "QWORD")    # « Est-ce que l'Orgg a … »
        sub = self.vocab.get(lang, " ".join(w.folded for w in words[i:j]))
        k = j + 1 if j < len(words) and words[j].folded in ("n'", "ne") else j      # « Le Marais n'a … »
        apposed = k + 1 < len(words) and words[k].folded == "," and words[k + 1].folded in ("un", "une", "a", "an")
        return lead and (j - i == 1 and sub is not None and sub[0] == "SUBTYPE" or self._all_types(words, i, j, lang)) \
            and k < len(words) and \
            (words[k].folded in ("is", "isn't", "has", "est", "a") or apposed)    # « L'Orgg, une créature … »

    def _entry(self, words: list[Word], i: int, lang: str) -> Optional[tuple[int, str, str]]:
        """The longest vocabulary entry starting at word ``i``: (end, category, value)."""
        for j in range(min(len(words), i + MAX_ENTRY_WORDS), i, -1):
            key = " ".join(w.folded for w in words[i:j])
            hit = self.vocab.get(lang, key)
            if hit is None and j - i == 1 and "-" in key:
                continue
            if hit is not None:
                return j, hit[0], hit[1]
        word = words[i]
        lemma = _lemma(word.folded, lang) if word.kind == "word" else word.folded
        if lemma != word.folded:
            hit = self.vocab.get(lang, lemma)
            if hit is not None:
                return i + 1, hit[0], hit[1]
        if word.kind == "word" and "-" in word.folded:
            return None
        if lang == "fr" and word.kind == "word":
            for form in masculine(word.folded):     # « gobeline », « sorcières »: the subtype's entry
                hit = self.vocab.get(lang, form)
                if hit is not None and hit[0] == "SUBTYPE":
                    return i + 1, hit[0], hit[1]
        if lang == "en" and word.kind == "word" and word.folded.endswith("s"):
            hit = self.vocab.get(lang, word.folded[:-1]) or self.vocab.get(lang, lemma)
            if hit is not None and hit[0] in ("SUBTYPE", "CARDTYPE"):
                return i + 1, hit[0], hit[1]
        return None

    def tokenize(self, claim: str, lang: str) -> Tokens:
        claim = normalize_claim(claim)
        words = self._split_hyphens(words_of(claim), lang)
        cards = self._card_spans(words, claim, lang)
        tokens: list[Token] = []
        passed: list[str] = []
        articles: dict[int, str] = {}    # a token's start -> the article passed over just before it
        i = 0
        while i < len(words):
            word = words[i]
            if i in cards and not self._entry_longer(words, i, cards[i][0], lang):
                j, tok = cards[i]
                tokens.append(tok)
                i = j
                continue
            typed = self._simple(word)
            if typed is not None and typed.type == "POSS" and tokens and tokens[-1].type == "PRON" and \
                    str(tokens[-1].value).lower() in ("it", "that"):
                typed = Token("COP", "is", start_pos=word.start, end_pos=word.end)     # "it's", "that's": is
            if typed is not None:
                tokens.append(typed)
                i += 1
                continue
            entry = self._entry(words, i, lang)
            if entry is None:
                tokens.append(Token("WORD", word.text, start_pos=word.start, end_pos=word.end))
                i += 1
                continue
            j, category, value = entry
            text = " ".join(w.text for w in words[i:j])
            if category in ("ARTICLE", "FILLER"):
                passed.append(text)
                if category == "ARTICLE" and j < len(words):
                    articles[words[j].start] = " ".join(w.folded for w in words[i:j])
            else:
                tokens.append(Token(category, value or text, start_pos=word.start, end_pos=words[j - 1].end))
            i = j
        tokens = cost_verbs(_without_glosses(tokens, passed), claim)
        return Tokens(merge_effects(costs_in_symbols(tokens, articles), claim), passed, lang, claim, articles)

    def _is_action(self, words: list[Word], i: int, lang: str) -> bool:
        """Whether word ``i`` is an action verb of effects (« gives », "crée": :mod:`kb.checker.effect_tokens`)
        rather than a one-word card name (the half « Give » of Give // Take)."""
        entry = self._entry(words, i, lang)
        return entry is not None and entry[0] == i + 1 and entry[1] == "ACT"

    def _entry_longer(self, words: list[Word], i: int, card_end: int, lang: str) -> bool:
        entry = self._entry(words, i, lang)
        return entry is not None and entry[0] > card_end

    def _split_hyphens(self, words: list[Word], lang: str) -> list[Word]:
        """« créature-artefact », « mono-noir », « a-t-il », "five-mana" -> their parts, when the whole is no entry."""
        out = []
        for w in words:
            if w.kind != "word" or "-" not in w.folded or self.vocab.get(lang, w.folded):
                out.append(w)
                continue
            parts = w.folded.split("-")
            if all(self.vocab.get(lang, p) or p in ("t",) or p in NUMBER_WORDS or p.isdigit() for p in parts if p):
                pos = w.start
                for p in parts:
                    if p in NUMBER_WORDS:     # "one-mana": a number, even one that is an article alone
                        out.append(Word("num", str(NUMBER_WORDS[p]), p, pos, pos + len(p)))
                    elif p and p != "t":
                        out.append(Word("word", p, p, pos, pos + len(p)))
                    pos += len(p) + 1
            else:
                out.append(w)
        return out

    @staticmethod
    def _simple(word: Word) -> Optional[Token]:
        if word.kind == "mana":
            return Token("MANA", word.text.replace(" ", ""), start_pos=word.start, end_pos=word.end)
        if word.kind == "pt":
            return Token("PT", word.text.upper().replace("X", "X"), start_pos=word.start, end_pos=word.end)
        if word.kind == "date":          # "May 1, 2012", « mai 2008 »: an edition's day or month
            return Token("YEAR", word.folded, start_pos=word.start, end_pos=word.end)
        if word.kind == "num":
            n = int(word.text)
            kind = "YEAR" if 1993 <= n <= 2040 else "NUM"
            return Token(kind, n, start_pos=word.start, end_pos=word.end)
        if word.kind == "rulenum":       # « 702.95 », "607.1a": a number of the Comprehensive Rules
            return Token("RULENUM", word.text.lower(), start_pos=word.start, end_pos=word.end)
        if word.kind == "poss":
            return Token("POSS", word.text, start_pos=word.start, end_pos=word.end)
        if word.kind == "nt":
            return Token("NEG", word.text, start_pos=word.start, end_pos=word.end)
        if word.kind == "word" and word.folded in NUMBER_WORDS and word.folded not in ARTICLE_NUMBERS:
            return Token("NUM", NUMBER_WORDS[word.folded], start_pos=word.start, end_pos=word.end)
        return None


def _without_glosses(tokens: list[Token], passed: list[str]) -> list[Token]:
    """A card's name glossed in parentheses by its other name, « Implorer la reine (Beseech the Queen) »,
    read once: the gloss is passed over."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        if i + 2 < len(tokens) and out and out[-1].type == "CARD" and tokens[i].type == "WORD" and \
                tokens[i] == "(" and tokens[i + 1].type == "CARD" and tokens[i + 2].type == "WORD" and \
                tokens[i + 2] == ")" and isinstance(out[-1].value, dict) and isinstance(tokens[i + 1].value, dict) \
                and out[-1].value.get("card") == tokens[i + 1].value.get("card"):
            passed.append(f"({tokens[i + 1].value.get('surface', '')})")
            i += 3
            continue
        out.append(tokens[i])
        i += 1
    return out
