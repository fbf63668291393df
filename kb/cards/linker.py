"""Card mentions in one text, French or English (:func:`link_text`).

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

The steps: candidates for every capitalised token (:func:`_name_candidates`,
:func:`_short_candidates`), the longest non-overlapping ones chosen
(:func:`_choose`), then the capitalised words left unknown
(:func:`_unknown_names`).
"""
from __future__ import annotations

import re
import sqlite3
from dataclasses import asdict, dataclass, field
from typing import Iterable, Mapping, Optional, Union

from kb.cards.nameindex import NameIndex, name_index, name_key
from kb.cards.textcues import (DEFINITION_RE, Token, cue_before, naming_sentence, next_char, prev_char,
                               sentence_initial, tokenize)
from parser.textkeys import fold

_ITALIC_RE = re.compile(r"_[^_\n]+_")

#: Words joining the parts of a French or English card name.
_CONNECTORS = {"le", "la", "les", "l", "de", "du", "des", "d", "of", "the"}

#: Capitalised words that are never unresolved names.
_NOT_NAMES = {"magic", "the", "gathering", "faq", "exemple", "example", "voir", "see", "regle",
              "rule", "cr"}

#: An unknown name runs over at most this many tokens.
_MAX_UNKNOWN_TOKENS = 8


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
    """The card mentions of a text, by offset, and the names left unresolved."""

    links: list[CardLink] = field(default_factory=list)
    unresolved: list[UnresolvedName] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"card_links": [l.to_dict() for l in self.links],
                "unresolved": [u.to_dict() for u in self.unresolved]}


@dataclass
class Candidate:
    """A span of the text that may be a card mention.

    ``cards``: English card name -> kinds (``name``, ``face``, ``short``) of
    the names it spells; None for a keyword used as a keyword (the span
    still blocks shorter names inside it).  ``key``: the span's folded
    token tuple; ``kind``: ``name``, ``keyword`` or ``short``."""

    start: int
    end: int
    cards: Optional[dict[str, set[str]]]
    key: tuple[str, ...]
    kind: str

    def overlaps(self, spans: list[tuple[int, int]]) -> bool:
        return any(not (self.end <= a or self.start >= b) for a, b in spans)


@dataclass
class TextScan:
    """One text being linked: its tokens, set-name spans and the name index."""

    text: str
    lang: str
    index: NameIndex
    toks: list[Token]
    italic: list[tuple[int, int]]

    @classmethod
    def of(cls, text: str, lang: str, index: NameIndex) -> "TextScan":
        return cls(text, lang, index, tokenize(text), [(m.start(), m.end()) for m in _ITALIC_RE.finditer(text)])

    def in_italic(self, a: int, b: int) -> bool:
        return any(s <= a and b <= e for s, e in self.italic)

    def capitalised(self, i: int) -> bool:
        t = self.toks[i].text
        return t[0].isalpha() and t[0].isupper()


def _index_for(conn: Optional[sqlite3.Connection],
               names: Optional[Union[NameIndex, Mapping[str, str]]]) -> NameIndex:
    if names is None:
        if conn is None:
            raise ValueError("link_text needs conn or names")
        return name_index(conn)
    if isinstance(names, NameIndex):
        return names
    return NameIndex.from_names(names)


def _short_forms(index: NameIndex, context: Iterable[str]) -> dict[tuple, str]:
    """Folded first word of every name of the ``context`` cards -> the card."""
    short: dict[tuple, str] = {}
    for english in context:
        for surface in index.by_card.get(english, ()):  # every French/English name
            first = surface.split()[:1]
            if first and len(first[0]) >= 4 and first[0][0].isupper():
                short.setdefault(name_key(first[0].rstrip(",")), english)
    return short


def _keyword_use(scan: TextScan, i: int, start: int, end: int, key: tuple, surface: str) -> bool:
    """The name spanning ``start:end`` is used as a keyword or rules word, not as a card."""
    text, toks = scan.text, scan.toks
    if DEFINITION_RE.match(text, end) and sentence_initial(text, toks, i):
        # « Mobilize is a triggered ability », « La persistance est une capacité »:
        # a rules definition of a keyword the card data may not know yet
        return True
    if not scan.index.is_ordinary(key, surface, scan.lang):
        return False
    cue = cue_before(toks, i)
    initial = sentence_initial(text, toks, i)
    quoted = prev_char(text, start) in "«\"“" and next_char(text, end) in "»\"”"
    # English capitalises subtypes and rules words mid-sentence (« a Forest »):
    # there an ordinary name needs a naming cue (« named Forest »)
    if quoted and not cue:
        cue = naming_sentence(toks, i)
    return not cue and (initial or quoted or scan.lang == "en")


def _name_candidates(scan: TextScan, i: int) -> list[Candidate]:
    """The card names starting at token ``i``, longest first."""
    text, toks, index = scan.text, scan.toks, scan.index
    tok, n = toks[i], len(toks)
    out: list[Candidate] = []
    for L in sorted(index.lengths.get(tok.key, ()), reverse=True):
        if i + L > n:
            continue
        span = toks[i:i + L]
        if any("\n" in text[span[k].end:span[k + 1].start] for k in range(L - 1)):
            continue
        key = tuple(t.key for t in span)
        cards = index.names_for(key, scan.lang)
        if not cards:
            continue
        if L == 1 and fold(tok.text) not in index.single_exact:
            continue  # plural forgiven only in names of several words (« Feux » is not « Feu »)
        start, end = span[0].start, span[-1].end
        if scan.in_italic(start, end):
            continue
        surface = text[start:end]
        if prev_char(text, start) == "{" or len(fold(surface)) <= 2 and not cue_before(toks, i):
            continue  # « {X} » is a mana symbol, not the card « X »
        if _keyword_use(scan, i, start, end, key, surface):
            out.append(Candidate(start, end, None, key, "keyword"))
        else:
            out.append(Candidate(start, end, cards, key, "name"))
    return out


def _short_candidates(scan: TextScan, i: int, short: dict[tuple, str]) -> list[Candidate]:
    """Short forms of the context cards starting at token ``i``."""
    toks, n = scan.toks, len(scan.toks)
    tok = toks[i]
    out: list[Candidate] = []
    for L in {len(k) for k in short}:
        key = tuple(t.key for t in toks[i:i + L])
        if key in short and not scan.in_italic(tok.start, toks[i + L - 1].end):
            if L == 1 and i + 1 < n and toks[i + 1].text == "-" and toks[i + 1].start == tok.end:
                continue  # « Demi » inside « Demi-dieu »: only the whole hyphenated word
            out.append(Candidate(tok.start, toks[i + L - 1].end, {short[key]: {"short"}}, key, "short"))
    return out


def _choose(scan: TextScan, cands: list[Candidate]) -> tuple[list[CardLink], list[UnresolvedName],
                                                               list[tuple[int, int]]]:
    """The longest candidates that do not overlap: links, names fitting
    several cards, and every span taken (keyword uses included)."""
    cands.sort(key=lambda c: (-(c.end - c.start), c.kind == "short", c.start))
    taken: list[tuple[int, int]] = []
    links: list[CardLink] = []
    ambiguous: list[UnresolvedName] = []
    for c in cands:
        if c.overlaps(taken):
            continue
        taken.append((c.start, c.end))
        if c.cards is None:
            continue  # keyword used as a keyword
        surface = scan.text[c.start:c.end]
        names = sorted(c.cards)
        if len(names) > 1:
            ambiguous.append(UnresolvedName(surface, c.start, c.end, "ambiguous", names))
            continue
        kinds = c.cards[names[0]]
        kind = "short" if "short" in kinds else ("name" if "name" in kinds else "face")
        links.append(CardLink(surface, names[0], c.start, c.end, scan.index.surfaces.get(c.key, surface), kind))
    links.sort(key=lambda l: l.start)
    return links, ambiguous, taken


def _starts_unknown(scan: TextScan, i: int, taken: list[tuple[int, int]]) -> bool:
    """Token ``i`` is a capitalised word in mid-sentence that no card name,
    text word or rules term explains."""
    tok, index = scan.toks[i], scan.index
    t0, f0 = tok.text, fold(tok.text)
    return (scan.capitalised(i) and len(t0) > 2 and not t0.isupper()
            and not any(a <= tok.start < b for a, b in taken)
            and not scan.in_italic(tok.start, tok.end)
            and f0 not in index.vocabulary and f0 not in index.terms and f0 not in _NOT_NAMES
            and not sentence_initial(scan.text, scan.toks, i)
            # English capitalises titles and terms: there only after « named », « called »…
            and (scan.lang != "en" or cue_before(scan.toks, i)))


def _unknown_end(scan: TextScan, i: int, taken: list[tuple[int, int]]) -> int:
    """Index after the last token of the unknown name starting at ``i``:
    capitalised words, and connector + word (« le profanateur », « de
    tombes », « d'Orprairie »)."""
    text, toks, n = scan.text, scan.toks, len(scan.toks)
    j = i + 1
    while j < n and j - i < _MAX_UNKNOWN_TOKENS:
        t = toks[j]
        if "\n" in text[toks[j - 1].end:t.start] or any(a <= t.start < b for a, b in taken):
            break
        if scan.capitalised(j):
            j += 1
            continue
        if fold(t.text) in _CONNECTORS and j + 1 < n:
            k = j + 1
            if k < n and toks[k].text in ("'", "’"):
                k += 1
            if k < n and toks[k].text[0].isalpha() and "\n" not in text[t.end:toks[k].start]:
                nxt = fold(toks[k].text)
                if toks[k].text[0].isupper() or nxt not in scan.index.vocabulary or fold(t.text) in ("le", "la"):
                    j = k + 1
                    continue
        break
    return j


def _unknown_names(scan: TextScan, taken: list[tuple[int, int]], suggest: bool) -> list[UnresolvedName]:
    """Capitalised names in mid-sentence the card data does not know."""
    out: list[UnresolvedName] = []
    i, n = 0, len(scan.toks)
    while i < n:
        if not _starts_unknown(scan, i, taken):
            i += 1
            continue
        j = _unknown_end(scan, i, taken)
        start = scan.toks[i].start
        surface = scan.text[start:scan.toks[j - 1].end]
        out.append(UnresolvedName(surface, start, start + len(surface), "unknown",
                                  scan.index.suggest(surface) if suggest else []))
        i = j
    return out


def _hint_untranslated_faces(index: NameIndex, links: list[CardLink], unresolved: list[UnresolvedName]) -> None:
    """A name the data lacks next to a card with a face left in English is
    most likely that face's French name (« Noctœil le profanateur » beside
    « le Pilleur de tombes nezumi », Nezumi Graverobber // Nighteyes the
    Desecrator): put that card first among the candidates."""
    partial = [l.name for l in links if l.name in index.untranslated_faces]
    for u in unresolved:
        if u.reason == "unknown":
            for name in partial:
                if name not in u.candidates:
                    u.candidates.insert(0, name)


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
    scan = TextScan.of(text, lang, _index_for(conn, names))
    short = _short_forms(scan.index, context)
    cands: list[Candidate] = []
    for i in range(len(scan.toks)):
        if scan.capitalised(i):
            cands.extend(_name_candidates(scan, i))
            cands.extend(_short_candidates(scan, i, short))
    links, unresolved, taken = _choose(scan, cands)
    unresolved.extend(_unknown_names(scan, taken, suggest))
    _hint_untranslated_faces(scan.index, links, unresolved)
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
