"""The evidence that a French rule and an English rule say the same thing, and its score.

Evidence that survives translation, each item agreeing or disagreeing with a
weight (:func:`score`):

* the rules it cites (« voir règle 502.5 »), and the titles it gives them:
  « Cf. règle 702.30, « Kick. » » agrees with an edition whose 702.30 is
  Kicker (titles translated with ``corpus/terms/terms_fr_en.tsv``,
  :func:`kb.cards.terms.load_terms`) and disagrees with one whose 702.30 is
  another keyword;
* its own title (« 702.92. Association d'âmes » against « Soulbond »);
* the rules terms it uses (persistance -> persist, marqueur -> counter; old
  wordings accepted through :data:`kb.rules.wordings.OLD_ENGLISH_WORDINGS`:
  « en jeu » -> « in play »);
* mana symbols and numbers ({W/U}, -1/-1, 20);
* the length of the text (French runs 0.8 to 1.9 times the English).

The score is the agreeing share of the weight; :data:`MATCH` is the score
from which two rules are « about the same thing ».

An edition can hold a French text only if it has every concept the text names
(:func:`missing_concepts`): its mana symbols (« {2/B} », monocolored hybrid, first in
2008-05-01) and the English forms of its rules terms (« arpenteur » -> planeswalker, first in
2007-10-01) somewhere in its rules; an edition lacking one is older (or newer) than the text,
whatever the score.
"""
from __future__ import annotations

import json
import re
import sqlite3
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

from rapidfuzz import fuzz

from kb.cards.terms import load_terms
from kb.rules.references import spans_by_text
from kb.rules.wordings import OLD_ENGLISH_WORDINGS
from parser.references import find_reference_spans
from parser.textkeys import fold

#: Minimum score for an edition's same-numbered rule to be « about the same thing ».
MATCH = 0.65

#: French rules words the card-derived terms file cannot have (no card prints
#: them) but the quoted rules use: « arpenteur » is the 2007-2009 French
#: rules' word for planeswalker (seeds/004: « le même joueur ou le même arpenteur »).
OLD_FRENCH_RULES_WORDS = {"arpenteur": ("planeswalker",)}
_SYMBOL_RE = re.compile(r"\{[^}]+\}|[-+]?\d+/[-+]?\d+|(?<![\d.])\d{1,2}(?![\d.])")


# ---------------------------------------------------------------- vocabulary


@lru_cache(maxsize=1)
def _vocabulary() -> tuple[tuple[re.Pattern, tuple[str, ...]], ...]:
    """(folded French term pattern, English forms) pairs from the terms file,
    longest French term first."""
    by_fr: dict[str, set[str]] = defaultdict(set)
    for p in load_terms():
        # rules terms are reviewed pairs whose card-text precision is low only
        # because the French word is common (« capacité »): keep them all
        if (p.precision < 0.8 and p.kind != "rules_term") or len(p.fr) < 3 or p.kind == "subtype":
            continue
        en = p.en.lower()
        by_fr[fold(p.fr)].update(OLD_ENGLISH_WORDINGS.get(en, (en,)))
    for fr, en in OLD_FRENCH_RULES_WORDS.items():
        by_fr[fold(fr)].update(en)
    out = []
    for fr in sorted(by_fr, key=len, reverse=True):
        out.append((re.compile(rf"(?<![\w]){re.escape(fr)}(?![\w])"), tuple(sorted(by_fr[fr]))))
    return tuple(out)


def translate_title(title: str) -> tuple[str, ...]:
    """English forms of a French rule or keyword title (« Persistance » ->
    (« persist »,)); () when the terms file does not know it."""
    key = fold(title).strip(" .")
    for pattern, english in _vocabulary():
        if pattern.fullmatch(key):
            return english
    return ()


def _french_terms(text: str) -> list[tuple[str, ...]]:
    """English forms of each French term found in ``text`` (longest first,
    without counting a term again inside a longer one)."""
    folded = fold(text)
    found = []
    for pattern, english in _vocabulary():
        if pattern.search(folded):
            found.append(english)
            folded = pattern.sub(" ", folded)
    return found


_SUFFIX_RE = re.compile(r"(ing|ed|es|s)$")


def _has_word(text_folded: str, phrase: str) -> bool:
    """``phrase`` starts a word of ``text_folded``; a one-word phrase may also
    appear under another inflection (« banding » finds « bands »)."""
    if re.search(rf"(?<![\w]){re.escape(phrase)}", text_folded):
        return True
    stem = _SUFFIX_RE.sub("", phrase)
    return " " not in phrase and len(stem) >= 4 and re.search(rf"(?<![\w]){re.escape(stem)}", text_folded) is not None


def _title_agrees(french_title: str, english_title: Optional[str]) -> Optional[bool]:
    """True/False when the French title does / does not name the English
    rule; None when there is no way to tell."""
    if not english_title:
        return None
    en = fold(english_title).strip(" .")
    forms = translate_title(french_title)
    if forms:
        return any(f == en or fuzz.ratio(f, en) >= 75 or (len(f) >= 6 and en.startswith(f[:6]))
                   for f in forms)
    if fuzz.ratio(fold(french_title), en) >= 80:
        return True
    return None


# ---------------------------------------------------------------- scoring


@dataclass
class FrenchRule:
    """A French rule as evidence: its whole ``text`` (examples included), the
    rules it cites with the title given to each, the English forms of the
    rules terms it uses, and its mana symbols and numbers."""

    source: str
    number: str
    title: Optional[str]
    text: str
    refs: list[tuple[str, Optional[str]]]
    terms: list[tuple[str, ...]]
    symbols: set[str]


def french_rule(source: str, number: str, title: Optional[str], text: str, examples: list[str]) -> FrenchRule:
    """The evidence of one stored French rule."""
    body = " ".join([text, *examples])
    refs = []
    for span in find_reference_spans(body, "fr"):
        for n in span.numbers:
            refs.append((n, span.title if len(span.numbers) == 1 else None))
    return FrenchRule(source, number, title, body, refs, _french_terms(body),
                      set(_SYMBOL_RE.findall(_strip_refs(body, "fr"))))


_CONCEPT_SUFFIX_RE = re.compile(r"(ing|ed|es|s|er|or)$")
_WORD_RE = re.compile(r"[a-z0-9]+(?:['-][a-z0-9]+)*")
_BRACES_RE = re.compile(r"\{[^}]+\}")


class EditionView:
    """The rules of one English edition, read from the versioned store, with
    their references as the resolver stored them (``spans``:
    :func:`kb.rules.references.spans_by_text`, read once for every edition
    when given; the English texts are not parsed again)."""

    def __init__(self, conn: sqlite3.Connection, edition: str, spans: Optional[dict] = None):
        self.edition = edition
        #: number -> (title, text, examples as stored); :meth:`body` joins them
        self.rules: dict[str, tuple[Optional[str], str, Optional[str]]] = {}
        self._spans = spans_by_text(conn) if spans is None else spans
        self._bodies: dict[str, tuple[str, str, set[str], set[str]]] = {}
        self._words: Optional[tuple[frozenset, frozenset]] = None
        self._phrases: dict[str, bool] = {}
        for number, title, text, examples in conn.execute(
                "SELECT number, title, text, examples FROM edition_rules WHERE edition=? AND lang='en'",
                (edition,)):
            self.rules.setdefault(number, (title, text or "", examples))

    def body(self, number: str) -> tuple[str, str, set[str], set[str]]:
        """Rule ``number``'s whole text (examples included), folded too, the
        numbers it cites, and its mana symbols and numbers outside its references."""
        if number not in self._bodies:
            _, text, examples = self.rules[number]
            texts = [text, *json.loads(examples or "[]")]
            cited: set[str] = set()
            kept = []
            for part in texts:
                spans = self._spans.get(part, ())
                cited.update(n for _, _, n in spans)
                for start, end in sorted({(s, e) for s, e, _ in spans}, reverse=True):
                    part = part[:start] + " " + part[end:]
                kept.append(part)
            body = " ".join(texts)
            self._bodies[number] = (body, fold(body), cited, set(_SYMBOL_RE.findall(" ".join(kept))))
        return self._bodies[number]

    def _vocabulary(self) -> tuple[frozenset, frozenset]:
        """The folded words and the mana symbols (lower case) of every rule of the edition."""
        if self._words is None:
            words: set[str] = set()
            symbols: set[str] = set()
            for title, text, examples in self.rules.values():
                whole = " ".join([title or "", text, *json.loads(examples or "[]")])
                words.update(_WORD_RE.findall(fold(whole)))
                symbols.update(b.lower() for b in _BRACES_RE.findall(whole))
            self._words = (frozenset(words), frozenset(symbols))
        return self._words

    def has_symbol(self, symbol: str) -> bool:
        """The mana symbol ``symbol`` (« {2/B} ») is in some rule of the edition."""
        return symbol.lower() in self._vocabulary()[1]

    def has_phrase(self, phrase: str) -> bool:
        """Every word of ``phrase`` is in some rule of the edition (a one-word phrase also under
        another inflection or as another word of its family: « defender » is in an edition that
        only says « defending player »)."""
        if phrase not in self._phrases:
            words = self._vocabulary()[0]
            parts = _WORD_RE.findall(fold(phrase))
            found = bool(parts) and all(w in words for w in parts)
            if not found and len(parts) == 1:
                stem = _CONCEPT_SUFFIX_RE.sub("", parts[0])
                found = len(stem) >= 4 and any(w.startswith(stem) for w in words)
            self._phrases[phrase] = found
        return self._phrases[phrase]


def missing_concepts(fr: FrenchRule, ed: EditionView) -> list[str]:
    """The concepts ``fr`` names that no rule of edition ``ed`` has: its mana symbols, and its
    rules terms none of whose English forms the edition uses (« {2/B} », « planeswalker »)."""
    out = [sym for sym in sorted(s for s in fr.symbols if s.startswith("{")) if not ed.has_symbol(sym)]
    out += [forms[0] for forms in fr.terms if not any(ed.has_phrase(f) for f in forms)]
    return out


def score(fr: FrenchRule, ed: EditionView, number: Optional[str] = None) -> Optional[float]:
    """Agreeing share (0-1) of the evidence that the English rule ``number``
    (default: the French number) of edition ``ed`` says what ``fr`` says;
    None when there is no such rule or no evidence."""
    number = number or fr.number
    if number not in ed.rules:
        return None
    title = ed.rules[number][0]
    text, folded, en_refs, en_symbols = ed.body(number)
    agree = total = 0.0

    def item(weight: float, ok: bool) -> None:
        nonlocal agree, total
        total += weight
        agree += weight if ok else 0.0

    if fr.title:
        ok = _title_agrees(fr.title, title)
        if ok is not None:
            item(3.0, ok)
    for n, ref_title in fr.refs:
        item(0.5, n in en_refs)
        if ref_title:
            target = ed.rules.get(n)
            ok = _title_agrees(ref_title, target[0] if target else None)
            if target is None:
                item(2.0, False)
            elif ok is not None:
                item(2.0, ok)
    fr_numbers = {n for n, _ in fr.refs}
    for n in en_refs - fr_numbers:
        item(0.5, False)
    for english in fr.terms:
        item(1.0, any(_has_word(folded, e) for e in english))
    if fr.symbols or en_symbols:
        union = fr.symbols | en_symbols
        share = len(fr.symbols & en_symbols) / len(union)
        total += 1.5
        agree += 1.5 * share
    if total < 1.0:
        return None  # no evidence beyond the length
    ratio = len(fr.text) / max(len(text), 1)
    item(0.5, 0.8 <= ratio <= 1.9)
    return agree / total


def _strip_refs(text: str, lang: str) -> str:
    """``text`` (a French rule's) without its rule references (their numbers are not symbols)."""
    for span in reversed(find_reference_spans(text, lang)):
        text = text[:span.start] + " " + text[span.end:]
    return text
