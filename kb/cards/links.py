"""Card mentions in rules texts, examples and FAQ notes, French and English,
and the check of a FAQ's card records against the card database.

Linking (:func:`link_text`, :func:`find_card_links`)
----------------------------------------------------
A mention is a run of words that spells a card name (English or French,
card or face name) as printed, folded with :func:`parser.textkeys.fold` (case,
accents, ’/', æ/œ) and with plural -s/-x forgiven (« d'autres Bassins
réfléchissants »).  The rules, in order:

1. The first letter of the mention is a capital: card names are written
   capitalised in running text (« la Colère de Dieu »); « la persistance »,
   « le vol », « forêt » are rules words.
2. Words inside ``_…_`` are set names (« _Fléau_ ») and never cards.
3. Overlapping candidates: the longest wins (« Colère de Dieu » over
   « La Colère » and « Colère »; « Forêt de Suintesève » over « Forêt »).
4. A name that is also a keyword, a type or an ordinary word of card texts
   (« Flash », « Peur », « Persistance », « Conspiration », « Forêt ») is a
   card only after a naming cue (« le nom Forêt », « nommé « Forêt » »,
   « named »; for a quoted name, a cue anywhere before it in the sentence
   and no « mot-clé » / « capacité »: « le même nom qu'une carte (par
   exemple « Changeforme » …) ») or capitalised in mid-sentence outside quotes: a keyword line
   « Persistance (Quand … ) » or « Flash », « « Persistance » signifie »,
   « 502.79. Persistance », « La force du … » are not cards.
   In English texts, which capitalise subtypes and rules words
   (« a Forest », « Two-Headed Giant »), such a name needs the naming cue.
   A name at the start of its own definition (« Mobilize is a … »,
   « La persistance est une … ») is a keyword.  French names are not looked
   for in English texts (« Option » is the French Opt).
5. A name that fits several cards is reported, never linked.
6. ``context``: the English names of the card a note belongs to; their
   short forms (first word of the name, « le Bouclier », « le Bassin »)
   link to that card.

Capitalised words in mid-sentence (in English: after « named », « called »,
« card ») that are neither linked nor known words of the card texts (« Noctœil le profanateur »: the French back face of a
flip card the data lacks) are returned as :class:`UnresolvedName` with
candidates -- first the cards linked in the same text that have a face the
French data leaves in English (here Nezumi Graverobber // Nighteyes the
Desecrator), then the nearest names (rapidfuzz) -- and never linked.

Record check (:func:`resolve_records`)
--------------------------------------
Each :class:`kb.model.CardRecord` of a FAQ is resolved to its card and its
cost, type line, P/T and text compared with the card data: the oracle cost
and P/T, the French type line and text printed in the FAQ's set (SHM for
the Sombrelande FAQ).  Notes that announce an erratum are attached to the
record's report.
"""
from __future__ import annotations

import difflib
import re
import sqlite3
import unicodedata
from dataclasses import asdict, dataclass, field
from typing import Iterable, Mapping, Optional, Union

from kb.progress import Progress, no_progress
from parser.textkeys import fold

#: Tokens: a word, or one non-space character (apostrophes, hyphens, punctuation).
_TOKEN_RE = re.compile(r"\w+|[^\w\s]")
_ITALIC_RE = re.compile(r"_[^_\n]+_")

#: Words that announce a card name: « le nom Forêt », « nommé « Forêt » ».
NAMING_CUES = {"nom", "noms", "nomme", "nommee", "nommes", "nommees", "name", "named", "names",
               "called", "carte", "cartes", "card", "cards"}

#: Characters after which a word starts a sentence, a quote or a list item.
_SENTENCE_START = set(".!?:;«\"“(*•[") | {"\n"}

#: Two-letter-or-less tokens and these words are never unresolved names.
#: What follows a keyword at the start of its own definition.
_DEFINITION_RE = re.compile(r"[\s\u00a0»\"”]*(?:N\b\s*)?(?:is an? |are |means |est une? |sont |signifie )")

#: Words joining the parts of a French or English card name.
_CONNECTORS = {"le", "la", "les", "l", "de", "du", "des", "d", "of", "the"}

_NOT_NAMES = {"magic", "the", "gathering", "faq", "exemple", "example", "voir", "see", "regle",
              "rule", "cr"}


@dataclass
class CardLink:
    """A card mention: ``surface`` as written (text[start:end]), ``name`` the
    English card name, ``start``/``end`` character offsets (end exclusive),
    ``matched`` the card or face name it spells (« Sœurs de la mort de
    pierre »), ``kind`` ``name`` | ``face`` | ``short`` (short form in a
    card's own notes)."""

    surface: str
    name: str
    start: int
    end: int
    matched: str = ""
    kind: str = "name"

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class UnresolvedName:
    """A capitalised name that is not linked: unknown to the card data
    (``reason`` = ``unknown``) or fitting several cards (``ambiguous``).
    ``candidates``: nearest or fitting English card names."""

    surface: str
    start: int
    end: int
    reason: str
    candidates: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class LinkResult:
    links: list[CardLink] = field(default_factory=list)
    unresolved: list[UnresolvedName] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"card_links": [l.to_dict() for l in self.links],
                "unresolved": [u.to_dict() for u in self.unresolved]}


def _sing(tok: str) -> str:
    """Plural forgiven: « bassins » -> « bassin », « cygnes » -> « cygne »."""
    if len(tok) > 3 and tok[-1] in "sx" and tok.isalpha():
        return tok[:-1]
    return tok


def _name_key(surface: str) -> tuple[str, ...]:
    return tuple(_sing(fold(t)) for t in _TOKEN_RE.findall(surface))


class NameIndex:
    """Card names (French and English) keyed by folded, singular token tuples.

    Build with :meth:`from_conn` (the ``mtg_*`` tables of
    :mod:`kb.cards.db`) or :meth:`from_names` (a mapping surface -> English
    name, for tests).  ``vocabulary``: folded words known in lowercase;
    ``terms``: folded keywords, types and rules words of both languages.
    """

    def __init__(self):
        self.keys: dict[tuple[str, ...], dict[str, set]] = {}
        self.lengths: dict[str, set[int]] = {}
        self.surfaces: dict[tuple[str, ...], str] = {}
        self.vocabulary: set[str] = set()
        self.terms: set[str] = set()
        self.by_card: dict[str, set[str]] = {}
        self.single_exact: set[str] = set()
        self.vocab_by_lang: dict[str, set[str]] = {"en": set(), "fr": set()}
        self.untranslated_faces: dict[str, list[str]] = {}
        self._fuzzy_choices: Optional[list[str]] = None
        self._fuzzy_names: Optional[list[str]] = None

    def add(self, surface: str, english: str, kind: str = "name", lang: str = "any") -> None:
        """Index ``surface`` (a ``lang`` card or face name) for card ``english``."""
        key = _name_key(surface)
        if not key or not any(t[0].isalnum() for t in key):
            return
        entry = self.keys.setdefault(key, {})
        entry.setdefault(english, set()).add((kind, lang))
        self.surfaces.setdefault(key, surface)
        self.lengths.setdefault(key[0], set()).add(len(key))
        if len(key) == 1:
            self.single_exact.add(fold(surface.strip()))
        self.by_card.setdefault(english, set()).add(surface)

    @classmethod
    def from_names(cls, names: Union[Mapping[str, str], Iterable[tuple[str, str]]],
                   vocabulary: Iterable[str] = (), terms: Iterable[str] = ()) -> "NameIndex":
        idx = cls()
        items = names.items() if isinstance(names, Mapping) else names
        for surface, english in items:
            idx.add(surface, english)
        idx.vocabulary = {fold(w) for w in vocabulary}
        idx.vocab_by_lang = {"en": idx.vocabulary, "fr": idx.vocabulary}
        idx.terms = {fold(t) for t in terms}
        return idx

    @classmethod
    def from_conn(cls, conn: sqlite3.Connection, terms: Optional[Iterable[str]] = None) -> "NameIndex":
        idx = cls()
        en_faces: dict[str, set] = {}
        fr_surfaces: dict[str, set] = {}
        for name, surface, kind, lang in conn.execute("SELECT name, surface, kind, lang FROM mtg_names"):
            idx.add(surface, name, "face" if kind == "face" else "name", lang)
            if lang == "en" and kind == "face":
                en_faces.setdefault(name, set()).add(surface)
            elif lang == "fr":
                fr_surfaces.setdefault(name, set()).add(surface)
        idx.vocab_by_lang = {"en": set(), "fr": set()}
        for lang, w in conn.execute("SELECT lang, word FROM mtg_words"):
            idx.vocab_by_lang.setdefault(lang, set()).add(w)
        idx.vocabulary = idx.vocab_by_lang["en"] | idx.vocab_by_lang["fr"]
        # faces the French data leaves in English (« Pilleur de tombes nezumi // Nighteyes the Desecrator »)
        for name, faces in en_faces.items():
            left = sorted(faces & fr_surfaces.get(name, set()))
            if left:
                idx.untranslated_faces[name] = left
        if terms is None:
            terms = _default_terms(conn)
        idx.terms = {fold(t) for t in terms}
        return idx

    # -- lookups
    def candidates(self, key: tuple[str, ...]) -> dict[str, set]:
        return self.keys.get(key, {})

    def names_for(self, key: tuple[str, ...], lang: str) -> dict[str, set]:
        """Cards whose name spells ``key`` in a text of language ``lang``:
        names of that language; in French texts also English names of
        several words (faces the French data leaves in English, « Nighteyes
        the Desecrator »).  French names are not looked for in English
        texts (« Option » is Opt in French, a common word in English)."""
        out: dict[str, set] = {}
        words = sum(1 for t in key if t[0].isalnum())
        for english, kinds in self.keys.get(key, {}).items():
            ok = {k for k, l in kinds if l in (lang, "any") or (lang == "fr" and l == "en" and words > 1)}
            if ok:
                out[english] = ok
        return out

    def is_ordinary(self, key: tuple[str, ...], surface: str, lang: str = "fr") -> bool:
        """True for names that are also keywords, types or ordinary words:
        the folded name is a glossary term, or every word of it is written
        in lowercase somewhere in the card texts (« La force », « Peur »),
        or it is one or two letters long (the card « X »)."""
        words = [fold(w) for w in _TOKEN_RE.findall(surface) if w[0].isalnum()]
        folded = " ".join(words)
        if folded in self.terms or " ".join(key) in self.terms:
            return True
        if len(folded) <= 2:
            return True
        vocab = self.vocab_by_lang.get(lang) or self.vocabulary
        if lang == "en" and len(words) > 1:
            return False  # English capitalises names and terms alike: only glossary terms are ordinary
        return all(w in vocab or _sing(w) in vocab for w in words)

    def suggest(self, surface: str, limit: int = 3) -> list[str]:
        """Nearest English card names to ``surface`` (rapidfuzz WRatio)."""
        try:
            from rapidfuzz import fuzz, process
        except ImportError:  # pragma: no cover - rapidfuzz is a dependency
            return []
        if self._fuzzy_choices is None:
            self._fuzzy_choices, self._fuzzy_names = [], []
            for key, entry in self.keys.items():
                for english in entry:
                    self._fuzzy_choices.append(" ".join(key))
                    self._fuzzy_names.append(english)
        hits = process.extract(" ".join(_name_key(surface)), self._fuzzy_choices, scorer=fuzz.ratio,
                               limit=limit * 3)
        out: list[str] = []
        for _choice, score, i in hits:
            n = self._fuzzy_names[i]
            if score >= 70 and n not in out:
                out.append(n)
        return out[:limit]


def _default_terms(conn: sqlite3.Connection) -> set[str]:
    """Rules words of both languages that may also be card names:

    * the reviewed glossary ``corpus/terms/terms_fr_en.tsv`` (keywords,
      types, subtypes, rules terms, French and English);
    * every MTGJSON keyword, supertype, card type and subtype of the data;
    * the terms of the Comprehensive Rules glossary when the knowledge base
      has one (table ``glossary`` of kb.store.db: « Two-Headed Giant »,
      « Commander », « Oracle »).
    """
    import json
    terms: set[str] = set()
    try:
        from kb.cards.terms import load_terms
        for t in load_terms():
            terms.add(t.en)
            terms.add(t.fr)
    except (OSError, ValueError):  # glossary missing or unreadable: the data alone
        pass
    for (kw,) in conn.execute("SELECT keywords FROM mtg_cards WHERE keywords != '[]'"):
        terms.update(json.loads(kw))
    for sup, typ, sub in conn.execute("SELECT DISTINCT supertypes, types, subtypes FROM mtg_faces"):
        for col in (sup, typ, sub):
            terms.update(json.loads(col or "[]"))
    try:
        for (term,) in conn.execute("SELECT DISTINCT term FROM glossary"):
            if term:
                terms.add(re.sub(r"\s*\(.*?\)\s*$", "", term))  # « Active Player » ; « Banding (Obsolete) »
    except sqlite3.OperationalError:
        pass
    return terms


_INDEX_CACHE: dict[int, tuple[tuple, NameIndex]] = {}


def name_index(conn: sqlite3.Connection) -> NameIndex:
    """The NameIndex of ``conn``, built once per connection and data state."""
    try:
        stamp = conn.execute("SELECT value FROM mtg_meta WHERE key = 'ingest_id'").fetchone()
    except sqlite3.OperationalError:
        stamp = None
    if stamp is None:  # tables from an older ingest: count rows instead
        stamp = conn.execute("SELECT (SELECT COUNT(*) FROM mtg_names), (SELECT COUNT(*) FROM mtg_cards)").fetchone()
    hit = _INDEX_CACHE.get(id(conn))
    if hit and hit[0] == tuple(stamp):
        return hit[1]
    idx = NameIndex.from_conn(conn)
    _INDEX_CACHE[id(conn)] = (tuple(stamp), idx)
    return idx


# --------------------------------------------------------------------------
# Linking

@dataclass
class _Tok:
    text: str
    start: int
    end: int
    key: str


def _tokenize(text: str) -> list[_Tok]:
    return [_Tok(m.group(), m.start(), m.end(), _sing(fold(m.group()))) for m in _TOKEN_RE.finditer(text)]


def _prev_char(text: str, pos: int) -> str:
    i = pos - 1
    while i >= 0 and text[i] in " \t\u00a0\u202f":
        i -= 1
    return text[i] if i >= 0 else "\n"


def _next_char(text: str, pos: int) -> str:
    i = pos
    while i < len(text) and text[i] in " \t\u00a0\u202f":
        i += 1
    return text[i] if i < len(text) else "\n"


def _sentence_initial(text: str, toks: list[_Tok], i: int) -> bool:
    c = _prev_char(text, toks[i].start)
    if c in _SENTENCE_START:
        return True
    if c in "-–—" and (i < 2 or toks[i - 1].start == 0 or _prev_char(text, toks[i - 1].start) in "-\n"):
        return True  # « -- » sub-item
    # after a rule number « 502.79. Persistance » / « 607.1a Texte »
    if i >= 1 and re.fullmatch(r"\d+[a-z]?", toks[i - 1].text) and _prev_char(text, toks[i - 1].start) in ".\n":
        return True
    return False


def _cue_before(toks: list[_Tok], i: int) -> bool:
    j, seen = i - 1, 0
    while j >= 0 and seen < 3:
        t = toks[j]
        if t.text[0].isalnum():
            if fold(t.text) in NAMING_CUES:
                return True
            seen += 1
        elif t.text not in "«\"“'’":
            return False
        j -= 1
    return False


#: Words saying a quoted word is a keyword, not a name (« le mot-clé « Flash » »).
KEYWORD_CUES = {"mot", "cle", "mots", "keyword", "keywords", "capacite", "capacites", "ability", "abilities"}


def _naming_sentence(toks: list[_Tok], i: int) -> bool:
    """A naming cue earlier in the same sentence and no keyword cue
    (« si un jeton a le même nom qu'une carte (par exemple « Changeforme » »)."""
    j = i - 1
    cue = False
    while j >= 0 and toks[j].text not in (".", "!", "?", "\n"):
        w = fold(toks[j].text)
        if w in KEYWORD_CUES:
            return False
        cue = cue or w in NAMING_CUES
        j -= 1
    return cue


def link_text(text: str, lang: str = "fr", conn: Optional[sqlite3.Connection] = None,
              names: Optional[Union[NameIndex, Mapping[str, str]]] = None,
              context: Iterable[str] = (), suggest: bool = True) -> LinkResult:
    """Find card mentions in ``text`` (see the module docstring for the rules).

    ``lang``: the text's language (``fr``/``en``); names of both languages
    are recognised.  Give ``conn`` (a knowledge base with the card tables)
    or ``names`` (a :class:`NameIndex` or a mapping surface -> English
    name).  ``context``: English names of the card the text is about.
    ``suggest``: look up the nearest names of unresolved ones (rapidfuzz).
    Returns links sorted by offset and unresolved names.
    """
    if names is None:
        if conn is None:
            raise ValueError("link_text needs conn or names")
        index = name_index(conn)
    elif isinstance(names, NameIndex):
        index = names
    else:
        index = NameIndex.from_names(names)
    toks = _tokenize(text)
    italic = [(m.start(), m.end()) for m in _ITALIC_RE.finditer(text)]

    def in_italic(a: int, b: int) -> bool:
        return any(s <= a and b <= e for s, e in italic)

    short_forms: dict[tuple, str] = {}
    for english in context:
        for surface in index.by_card.get(english, ()):  # every French/English name
            first = surface.split()[:1]
            if first and len(first[0]) >= 4 and first[0][0].isupper():
                short_forms.setdefault(_name_key(first[0].rstrip(",")), english)
    short_lengths = {len(k) for k in short_forms}

    cands = []  # (start, end, english or None, surface key, kind, ambiguous-list)
    unresolved: list[UnresolvedName] = []
    n = len(toks)
    for i, tok in enumerate(toks):
        if not tok.text[0].isalpha() or not tok.text[0].isupper():
            continue
        lengths = index.lengths.get(tok.key, ())
        for L in sorted(lengths, reverse=True):
            if i + L > n:
                continue
            span = toks[i:i + L]
            if any("\n" in text[span[k].end:span[k + 1].start] for k in range(L - 1)):
                continue
            key = tuple(t.key for t in span)
            entry = index.names_for(key, lang)
            if not entry:
                continue
            if L == 1 and fold(tok.text) not in index.single_exact:
                continue  # plural forgiven only in names of several words (« Feux » is not « Feu »)
            # the name must end on a whole word (« Flash » in « Flashback » is a different token anyway)
            start, end = span[0].start, span[-1].end
            if in_italic(start, end):
                continue
            surface = text[start:end]
            if _prev_char(text, start) == "{" or len(fold(surface)) <= 2 and not _cue_before(toks, i):
                continue  # « {X} » is a mana symbol, not the card « X »
            if _DEFINITION_RE.match(text, end) and _sentence_initial(text, toks, i):
                # « Mobilize is a triggered ability », « La persistance est une capacité »:
                # a rules definition of a keyword the card data may not know yet
                cands.append((start, end, None, key, "keyword", []))
                continue
            if index.is_ordinary(key, surface, lang):
                cue = _cue_before(toks, i)
                initial = _sentence_initial(text, toks, i)
                quoted = _prev_char(text, start) in "«\"“" and _next_char(text, end) in "»\"”"
                # English capitalises subtypes and rules words mid-sentence (« a Forest »):
                # there an ordinary name needs a naming cue (« named Forest »)
                if quoted and not cue:
                    cue = _naming_sentence(toks, i)
                if not cue and (initial or quoted or lang == "en"):
                    cands.append((start, end, None, key, "keyword", []))
                    continue
            cands.append((start, end, entry, key, "name", []))
        for L in short_lengths:
            key = tuple(t.key for t in toks[i:i + L])
            if key in short_forms and not in_italic(tok.start, toks[i + L - 1].end):
                if L == 1 and i + 1 < n and toks[i + 1].text == "-" and toks[i + 1].start == tok.end:
                    continue  # « Demi » inside « Demi-dieu »: only the whole hyphenated word
                cands.append((tok.start, toks[i + L - 1].end, {short_forms[key]: {"short"}}, key, "short", []))

    # longest wins; a keyword use blocks shorter names inside it too
    cands.sort(key=lambda c: (-(c[1] - c[0]), c[4] == "short", c[0]))
    taken: list[tuple[int, int]] = []
    links: list[CardLink] = []
    for start, end, entry, key, kind, _ in cands:
        if any(not (end <= a or start >= b) for a, b in taken):
            continue
        taken.append((start, end))
        if entry is None:
            continue  # keyword used as a keyword
        names_ = sorted(entry)
        if len(names_) > 1:
            unresolved.append(UnresolvedName(text[start:end], start, end, "ambiguous", names_))
            continue
        english = names_[0]
        kinds = {k if isinstance(k, str) else k[0] for k in entry[english]}
        k = "short" if "short" in kinds else ("name" if "name" in kinds else "face")
        links.append(CardLink(text[start:end], english, start, end,
                              index.surfaces.get(key, text[start:end]), k))
    links.sort(key=lambda l: l.start)

    # unresolved: capitalised, mid-sentence, unknown words
    i = 0
    while i < n:
        tok = toks[i]
        t0 = tok.text
        if (t0[0].isalpha() and t0[0].isupper() and len(t0) > 2 and not t0.isupper()
                and not any(a <= tok.start < b for a, b in taken)
                and not in_italic(tok.start, tok.end)
                and fold(t0) not in index.vocabulary and fold(t0) not in index.terms
                and fold(t0) not in _NOT_NAMES
                and not _sentence_initial(text, toks, i)
                # English capitalises titles and terms: there only after « named », « called »…
                and (lang != "en" or _cue_before(toks, i))):
            j = i + 1
            while j < n and j - i < 8:
                t = toks[j]
                if "\n" in text[toks[j - 1].end:t.start] or any(a <= t.start < b for a, b in taken):
                    break
                if t.text[0].isalpha() and t.text[0].isupper():
                    j += 1
                    continue
                # « le profanateur », « de tombes », « d'Orprairie »: connector + word
                if fold(t.text) in _CONNECTORS and j + 1 < n:
                    k = j + 1
                    if k < n and toks[k].text in ("'", "’"):
                        k += 1
                    if k < n and toks[k].text[0].isalpha() and "\n" not in text[t.end:toks[k].start]:
                        nxt = fold(toks[k].text)
                        if toks[k].text[0].isupper() or nxt not in index.vocabulary or fold(t.text) in ("le", "la"):
                            j = k + 1
                            continue
                break
            surface = text[tok.start:toks[j - 1].end]
            end_j = j
            unresolved.append(UnresolvedName(surface, tok.start, tok.start + len(surface), "unknown",
                                             index.suggest(surface) if suggest else []))
            i = end_j
            continue
        i += 1
    # a name the data lacks next to a card with a face left in English: most
    # likely that face's French name (« Noctœil le profanateur » beside « le
    # Pilleur de tombes nezumi », Nezumi Graverobber // Nighteyes the Desecrator)
    partial = [l.name for l in links if l.name in index.untranslated_faces]
    for u in unresolved:
        if u.reason == "unknown":
            for name in partial:
                if name not in u.candidates:
                    u.candidates.insert(0, name)
    unresolved.sort(key=lambda u: u.start)
    return LinkResult(links, unresolved)


def find_card_links(text: str, lang: str = "fr", conn: Optional[sqlite3.Connection] = None,
                    names: Optional[Union[NameIndex, Mapping[str, str]]] = None,
                    context: Iterable[str] = ()) -> list[CardLink]:
    """Card mentions in ``text``: list of CardLink(surface, name, start, end).

    Same arguments as :func:`link_text`; unresolved names are dropped (use
    link_text to get them).
    """
    return link_text(text, lang, conn=conn, names=names, context=context).links


def link_document(conn: sqlite3.Connection, doc) -> dict:
    """Every card link of a :class:`kb.model.Document`, for ``kb links``.

    Returns ``{"document", "links": [{"where", <locator>, "surface",
    "name", "start", "end", "matched", "kind"}], "unresolved": [{"where",
    <locator>, "surface", "start", "end", "reason", "candidates"}]}``.
    ``where`` is ``rule`` (locator ``number``; offsets in the rule's
    ``text``), ``rule_title`` (in ``title``), ``example`` (``number``,
    ``example`` index; offsets in that example), ``card_record`` (``card``,
    ``line``; offsets in the record's ``text``), ``note`` (``line``,
    ``card``) or ``section`` (``section``, ``line``).
    """
    lang = getattr(doc, "lang", "fr") or "fr"
    out = {"document": doc.id, "links": [], "unresolved": []}

    def add(where: str, ident: dict, text: str, context=()):
        res = link_text(text or "", lang, conn=conn, context=context)
        for l in res.links:
            out["links"].append({"where": where, **ident, **l.to_dict()})
        for u in res.unresolved:
            out["unresolved"].append({"where": where, **ident, **u.to_dict()})
        return res

    for r in doc.rules:
        if r.title:
            add("rule_title", {"number": r.number}, r.title)
        add("rule", {"number": r.number}, r.text or "")
        for k, ex in enumerate(r.examples):
            add("example", {"number": r.number, "example": k}, ex)
    for c in doc.cards:
        english = _record_card(conn, c.name)
        add("card_record", {"card": c.name, "line": c.line}, c.text, context=[english] if english else [])
    for note in doc.notes:
        english = _record_card(conn, note.card) if note.card else None
        add("note", {"line": note.line, "card": note.card}, note.text, context=[english] if english else [])
    for s in getattr(doc, "sections", []):
        if s.text:
            add("section", {"section": s.id, "line": s.line}, s.text)
    return out


def annotate_document(conn: sqlite3.Connection, doc) -> dict:
    """``doc.to_dict()`` with card links added, for ``--json`` output.

    Every rule gets ``card_links`` (over ``text``), ``title_links`` (over
    ``title``) and ``example_links`` (one list per example, offsets within
    that example); every note and every card record (and the notes nested
    in it) gets ``card_links`` over its ``text``.  A link is ``{"surface",
    "name" (English), "start", "end", "matched", "kind"}``.  The top level
    gets ``unresolved_names``: ``[{"where", "line", "surface", "start",
    "end", "reason", "candidates"}]``.
    """
    lang = getattr(doc, "lang", "fr") or "fr"
    d = doc.to_dict()
    unresolved: list[dict] = []

    def links(text: Optional[str], where: str, line: int, context=()) -> list[dict]:
        res = link_text(text or "", lang, conn=conn, context=context)
        unresolved.extend({"where": where, "line": line, **u.to_dict()} for u in res.unresolved)
        return [l.to_dict() for l in res.links]

    for rd in d.get("rules", []):
        rd["card_links"] = links(rd.get("text"), "rule " + rd["number"], rd.get("line", 0))
        rd["title_links"] = links(rd.get("title"), "rule " + rd["number"], rd.get("line", 0))
        rd["example_links"] = [links(ex, "example " + rd["number"], rd.get("line", 0))
                               for ex in rd.get("examples", [])]
    for nd in d.get("notes", []):
        english = _record_card(conn, nd.get("card"))
        nd["card_links"] = links(nd.get("text"), "note", nd.get("line", 0), [english] if english else [])
    for cd in d.get("cards", []):
        english = _record_card(conn, cd.get("name"))
        ctx = [english] if english else []
        cd["card"] = english
        cd["card_links"] = links(cd.get("text"), "card record " + cd["name"], cd.get("line", 0), ctx)
        for nd in cd.get("notes", []):  # the same notes as doc.notes, nested under their record
            nd["card_links"] = links(nd.get("text"), "note", nd.get("line", 0), ctx)
    seen: set = set()
    d["unresolved_names"] = []
    for u in unresolved:
        k = (u["where"], u["line"], u["start"], u["surface"])
        if k not in seen:
            seen.add(k)
            d["unresolved_names"].append(u)
    return d


def _record_card(conn: sqlite3.Connection, name: Optional[str]) -> Optional[str]:
    from kb.cards.db import AmbiguousName, resolve_name
    if not name:
        return None
    try:
        return resolve_name(conn, name, prefix=False)
    except AmbiguousName:
        return None


# --------------------------------------------------------------------------
# FAQ card records against the card data

_SPACES = re.compile(r"[ \t\u00a0\u202f]+")


def _norm_text(s: Optional[str]) -> str:
    s = (s or "").replace("’", "'").replace("‘", "'").replace("\u00a0", " ").replace("\u202f", " ")
    s = unicodedata.normalize("NFC", s)
    return "\n".join(_SPACES.sub(" ", line).strip() for line in s.strip().splitlines())


def _word_diff(a: str, b: str) -> list[dict]:
    """Changed word runs between record text ``a`` and data text ``b``."""
    wa, wb = re.findall(r"\S+|\n", a), re.findall(r"\S+|\n", b)
    out = []
    sm = difflib.SequenceMatcher(a=wa, b=wb, autojunk=False)
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            continue
        ctx_a = " ".join(wa[max(0, i1 - 3):i1]).replace("\n", "/")
        out.append({"op": op, "record": " ".join(wa[i1:i2]).replace("\n", "/"),
                    "data": " ".join(wb[j1:j2]).replace("\n", "/"), "after": ctx_a})
    return out


def _infer_set(conn: sqlite3.Connection, english: list[str]) -> Optional[str]:
    counts: dict[str, int] = {}
    for name in english:
        for (code,) in conn.execute("SELECT DISTINCT set_code FROM mtg_french WHERE card = ?", (name,)):
            counts[code] = counts.get(code, 0) + 1
    if not counts:
        return None
    top = max(counts.values())
    # the oldest set among the most common ones: the set the FAQ is about
    best = [c for c, k in counts.items() if k == top]
    dates = {c: d for c, d in conn.execute("SELECT code, release_date FROM mtg_sets")}
    return min(best, key=lambda c: dates.get(c) or "9999")


def resolve_records(conn: sqlite3.Connection, document, set_code: Optional[str] = None) -> dict:
    """Resolve each card record of ``document`` and compare it with the data.

    ``document``: a :class:`kb.model.Document` (``cards`` = CardRecord
    list, ``notes``).  ``set_code``: the set whose French printing is the
    reference; by default the set most records were printed in (SHM for
    the Sombrelande FAQ).  Comparisons: ``name`` (record vs the French name
    printed in that set, exact spelling), ``mana_cost`` (vs oracle cost,
    parsed with parser.mana), ``type_line`` (vs the French type line of
    that set, parsed with parser.cardface; raw text too), ``power`` /
    ``toughness`` (vs oracle), ``text`` (vs the French text of that set,
    spaces and apostrophes normalised; word-level differences listed).

    Returns ``{"document", "set_code", "records": [{"name", "line", "card"
    (English or None), "french_name", "status" ("same" | "differs" |
    "unresolved"), "differences": [{"field", "record", "data",
    "changes"?}], "errata": [note texts]}], "summary": {"records",
    "resolved", "unresolved", "with_differences", "errata"}}``.
    """
    from kb.cards.db import AmbiguousName, get_card, resolve_name
    from parser.cardface import CardFaceError, parse_type_line
    from parser.mana import ManaCostError, parse_mana_cost

    resolved: list[tuple] = []
    for rec in document.cards:
        try:
            english = resolve_name(conn, rec.name, prefix=False)
        except AmbiguousName as exc:
            english = None
            resolved.append((rec, None, f"ambiguous: {exc}"))
            continue
        resolved.append((rec, english, None))
    if set_code is None:
        set_code = _infer_set(conn, [e for _, e, _ in resolved if e])
    notes_by_card: dict[str, list] = {}
    for note in list(getattr(document, "notes", [])) + [n for c in document.cards for n in c.notes]:
        if note.card:
            lst = notes_by_card.setdefault(note.card, [])
            if note.text not in lst:
                lst.append(note.text)
    report = {"document": getattr(document, "id", ""), "set_code": set_code, "records": []}
    for rec, english, problem in resolved:
        entry = {"name": rec.name, "line": rec.line, "card": english, "french_name": None,
                 "status": "unresolved", "differences": [], "errata": []}
        entry["errata"] = [t for t in notes_by_card.get(rec.name, []) if re.match(r"\s*Erratum", t, re.I)]
        if english is None:
            entry["problem"] = problem or "no card with that French or English name"
            report["records"].append(entry)
            continue
        card = get_card(conn, english)
        face = card.faces[0]
        fr = card.french_for_set(set_code) if set_code else None
        if fr is None and card.french:
            fr = card.french[0]
            entry["french_set_fallback"] = [s["set_code"] for s in fr.sets]
        diffs = entry["differences"]
        if fr is not None:
            entry["french_name"] = fr.name
            if rec.name != fr.name:
                diffs.append({"field": "name", "record": rec.name, "data": fr.name})
        # mana cost
        rc, dc = rec.mana_cost, face.mana_cost
        try:
            rcs = str(parse_mana_cost(rc)) if rc else None
        except ManaCostError as exc:
            rcs = f"unparsable: {exc}"
        dcs = str(parse_mana_cost(dc)) if dc else None
        if rcs != dcs:
            diffs.append({"field": "mana_cost", "record": rc, "data": dc})
        # type line
        if fr is not None and fr.type_line:
            if _norm_text(rec.type_line) != _norm_text(fr.type_line):
                d = {"field": "type_line", "record": rec.type_line, "data": fr.type_line}
                try:
                    a, b = parse_type_line(rec.type_line, "fr"), parse_type_line(fr.type_line, "fr")
                    d["same_parse"] = (a.types_en, a.supertypes_en, a.subtypes) == \
                                      (b.types_en, b.supertypes_en, b.subtypes)
                except CardFaceError as exc:
                    d["parse_error"] = str(exc)
                diffs.append(d)
        # P/T
        for fld, rv, dv in (("power", rec.power, face.power), ("toughness", rec.toughness, face.toughness)):
            if (rv or None) != (dv or None):
                diffs.append({"field": fld, "record": rv, "data": dv})
        # text
        if fr is not None and fr.text is not None:
            a, b = _norm_text(rec.text), _norm_text(fr.text)
            if a != b:
                diffs.append({"field": "text", "record": rec.text, "data": fr.text,
                              "changes": _word_diff(a, b)})
        entry["status"] = "differs" if diffs else "same"
        report["records"].append(entry)
    recs = report["records"]
    report["summary"] = {"records": len(recs),
                         "resolved": sum(1 for r in recs if r["card"]),
                         "unresolved": sum(1 for r in recs if not r["card"]),
                         "with_differences": sum(1 for r in recs if r["status"] == "differs"),
                         "errata": sum(1 for r in recs if r["errata"])}
    return report


# --------------------------------------------------------------------------
# Mentions of cards across the knowledge base (for ``kb card``)

def index_card_mentions(conn: sqlite3.Connection, all_editions: bool = False,
                        progress: Progress = no_progress) -> int:
    """Link every text of the knowledge base once and store the links in
    table ``card_mentions`` (replacing its rows); returns the row count.

    Reads kb.store.db's tables: ``rules`` (text, title, examples) of every FAQ
    / rules-excerpt document and, for Comprehensive Rules editions, only the
    latest edition of each language unless ``all_editions`` (102 English
    editions take minutes); ``notes`` and ``card_records`` (with the
    record's card as context for short forms).  ``progress`` (:data:`kb.progress.Progress`)
    is called per 500 items.  Needs the ``mtg_*`` card tables.
    """
    import json
    conn.execute("DELETE FROM card_mentions")
    try:
        editions = conn.execute("SELECT source, date, lang FROM editions").fetchall()
    except sqlite3.OperationalError:
        editions = []
    if not all_editions and editions:
        latest: dict[str, tuple] = {}
        for src, date, lang in editions:
            if lang not in latest or (date or "") > (latest[lang][1] or ""):
                latest[lang] = (src, date)
        skip = {src for src, _d, _l in editions} - {v[0] for v in latest.values()}
    else:
        skip = set()
    items: list[tuple] = []
    for number, lang, source, title, text, examples, line in conn.execute(
            "SELECT number, lang, source, title, text, examples, line FROM rules"):
        if source in skip:
            continue
        items.append(("rule", source, number, None, line, None, text, lang or "en", ()))
        if title:
            items.append(("rule_title", source, number, None, line, None, title, lang or "en", ()))
        for k, ex in enumerate(json.loads(examples or "[]")):
            items.append(("example", source, number, k, line, None, ex, lang or "en", ()))
    doc_lang = {i: (l or "fr") for i, l in conn.execute("SELECT id, lang FROM documents")}
    record_card: dict[str, Optional[str]] = {}

    def card_of(name):
        if name not in record_card:
            record_card[name] = _record_card(conn, name)
        return record_card[name]

    for source, name, text, line in conn.execute("SELECT source, name, text, line FROM card_records"):
        c = card_of(name)
        items.append(("card_record", source, None, None, line, name, text, doc_lang.get(source, "fr"),
                      (c,) if c else ()))
    for source, card, text, line in conn.execute("SELECT source, card, text, line FROM notes"):
        c = card_of(card) if card else None
        items.append(("note", source, None, None, line, card, text, doc_lang.get(source, "fr"), (c,) if c else ()))
    rows = []
    step = progress("Linking card names", len(items))
    for i, (kind, source, number, ex, line, record, text, lang, ctx) in enumerate(items):
        for l in link_text(text or "", lang, conn=conn, context=ctx, suggest=False).links:
            rows.append((l.name, source, kind, number, ex, line, record, l.surface, l.start, l.end, lang))
        if i % 500 == 499 or i == len(items) - 1:
            step(i % 500 + 1)
    with conn:
        conn.executemany("INSERT INTO card_mentions VALUES (?,?,?,?,?,?,?,?,?,?,?)", rows)
    return len(rows)


def mentions_of(conn: sqlite3.Connection, name: str) -> list[dict]:
    """Where the card (English name) is mentioned: rows of ``card_mentions``
    as dicts ``{"source", "kind", "number", "example", "line", "record",
    "surface", "start", "end", "lang"}``; empty when the table is missing."""
    try:
        rows = conn.execute('SELECT source, kind, number, example, line, record, surface, start, "end", lang '
                            "FROM card_mentions WHERE card = ? ORDER BY source, line, start", (name,)).fetchall()
    except sqlite3.OperationalError:
        return []
    keys = ("source", "kind", "number", "example", "line", "record", "surface", "start", "end", "lang")
    return [dict(zip(keys, r)) for r in rows]
