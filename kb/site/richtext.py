"""Document and card text as HTML: escaped (text is data), rule references
(« voir règle 212.3f », « règles 409.1b et 409.1f–h ») and card names
linked to their pages, ``_Sombrelande_`` in italics, mana symbols drawn
(:mod:`kb.site.mana`).

References are the ones the resolver stored at build time (table
``references``, read through :meth:`kb.site.links.LinkRegistry.references`);
:meth:`kb.site.links.LinkRegistry.reference_target` gives each its page.  A
French document's reference to an older edition shows that edition's year
and today's number beside it (« règle 314.2 (2008) → 514.2 aujourd'hui »).
Nothing here parses a reference.

The rule texts of an English edition also link the glossary terms of that
edition they use (:class:`GlossaryTerms`: terms of more than one word, « lethal
damage », « state-based actions », the first time each appears in a text) to
the edition's glossary page.
"""
from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from typing import Iterable, Optional

from markupsafe import Markup, escape

from kb.rules.references import StoredReference
from kb.site.links import LinkRegistry
from kb.site.mana import symbols_in
from kb.site.urls import rel
from parser.textkeys import fold

_ITALIC = re.compile(r"(?<![\w*])_([^_\n]+)_(?![\w])")


@dataclass
class _Link:
    """One phrase of the text to link: a rule reference or a card name."""

    start: int
    end: int
    kind: str                                   # "ref", "card" or "term"
    reference: tuple[StoredReference, ...] = ()
    card: Optional[str] = None                  # English card name, or the glossary term


class GlossaryTerms:
    """The glossary terms of each English edition that rule texts link to:
    terms of two words or more (or hyphenated), without the entries kept
    as « (Obsolete) »; a qualifier in brackets is left out of the words
    looked for.  Plurals (« triggered abilities ») are found too."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self._by_source: dict[str, tuple[Optional[re.Pattern], dict[str, str]]] = {}

    def _compile(self, source: str) -> tuple[Optional[re.Pattern], dict[str, str]]:
        forms: dict[str, str] = {}
        for (term,) in self.conn.execute("SELECT term FROM glossary WHERE source=?", (source,)):
            if "obsolete" in term.lower():
                continue
            words = re.sub(r"\s*\([^()]*\)$", "", term).strip()
            if len(words.split()) < 2 and "-" not in words:
                continue
            for form in _plurals(words):
                forms.setdefault(fold(form), term)
        if not forms:
            return None, forms
        alternatives = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
        return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])"), forms

    def _compile_french(self, source: str) -> tuple[Optional[re.Pattern], dict[str, str]]:
        """The French terms of the term pairs (``terms_fr_en.tsv``) whose English is a glossary term of
        ``source`` (« association d'âmes » -> Soulbond), of two words or more, and their plurals."""
        from kb.cards.terms import load_terms

        glossary = {fold(re.sub(r"\s*\([^()]*\)$", "", t)).strip(): t for (t,) in
                    self.conn.execute("SELECT term FROM glossary WHERE source=?", (source,))
                    if "obsolete" not in t.lower()}
        forms: dict[str, str] = {}
        for pair in load_terms():
            term = glossary.get(fold(pair.en).strip())
            if term is None or len(pair.fr.split()) < 2:
                continue
            for form in (pair.fr, _french_plural(pair.fr)):
                forms.setdefault(fold(form), term)
        if not forms:
            return None, forms
        alternatives = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
        return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])"), forms

    def spans(self, source: str, text: str, french: bool = False) -> list[tuple[int, int, str]]:
        """(start, end, glossary term) of the first use of each term in ``text``; ``french``: of the
        French terms paired with them (a French rule linked to the glossary of its English edition)."""
        key = (source, french)
        if key not in self._by_source:
            self._by_source[key] = self._compile_french(source) if french else self._compile(source)
        pattern, forms = self._by_source[key]
        if pattern is None:
            return []
        folded = fold(text)
        if len(folded) != len(text):     # folding changed the length: offsets would not hold
            return []
        seen: set[str] = set()
        out = []
        for m in pattern.finditer(folded):
            term = forms[m.group(0)]
            if term not in seen:
                seen.add(term)
                out.append((m.start(), m.end(), term))
        return out


#: French words a plural leaves as they are: articles, prepositions, and words already plural.
_FR_INVARIABLE = frozenset(("de", "du", "des", "la", "le", "les", "un", "une", "sur", "a", "au", "aux", "en", "et"))


def _french_plural(words: str) -> str:
    """« capacité déclenchée » -> « capacités déclenchées »: each word but the invariable ones in the plural."""
    out = []
    for w in words.split():
        bare = fold(w)
        if bare in _FR_INVARIABLE or "'" in w or "’" in w or bare.endswith(("s", "x", "z")):
            out.append(w)
        else:
            out.append(w + ("x" if bare.endswith(("eau", "au")) else "s"))
    return " ".join(out)


def _plurals(words: str) -> list[str]:
    """``words`` and its plural forms (« Triggered Ability » -> « Triggered
    Abilities »; « Lethal Damage » -> « Lethal Damages »)."""
    forms = [words, words + "s"]
    if words.endswith("y"):
        forms.append(words[:-1] + "ies")
    if words.endswith(("s", "x", "ch", "sh")):
        forms.append(words + "es")
    return forms


class RichText:
    """The ``rich`` template filter over one site's link registry."""

    def __init__(self, links: LinkRegistry):
        self.links = links
        self.glossary = GlossaryTerms(links.conn)

    def __call__(self, text: Optional[str], source: str, page: str, cards: Iterable = (),
                 offset: int = 0, refs: Iterable[StoredReference] = (), terms: bool = True,
                 glossary_of: Optional[str] = None) -> Markup:
        """Escape ``text``, link the stored references ``refs`` and the card
        names in ``cards`` ((start, end, English name) spans), both located
        in the whole text, of which ``text`` starts at ``offset``), with
        ``terms`` the glossary terms of an English edition's text (of a French text: its French terms,
        to the glossary of the English edition ``glossary_of``, a date), and italicise ``_x_``."""
        if not text:
            return Markup("")
        out, pos = [], 0
        glossary_source, french = source, False
        if glossary_of:
            glossary_source, french = self.links.edition_source(glossary_of) or source, True
        for link in self._with_terms(self._links_in(text, cards, offset, refs), text, glossary_source, terms,
                                     french):
            if link.start < pos:
                continue  # overlaps a link already made
            out.append(italics(text[pos:link.start]))
            phrase = text[link.start:link.end]
            if link.kind == "card":
                out.append(Markup('<a class="card" href="{}" title="{}">{}</a>').format(
                    rel(page, self.links.card_paths[link.card]), link.card, phrase))
            elif link.kind == "term":
                out.append(Markup('<a class="term" href="{}" title="{}">{}</a>').format(
                    rel(page, self.links.glossary_link(glossary_source, link.card)), link.card, phrase))
            else:
                out.append(self._reference_link(link.reference, phrase, page))
            pos = link.end
        out.append(italics(text[pos:]))
        return Markup("").join(out)

    def _links_in(self, text: str, cards: Iterable, offset: int, refs: Iterable[StoredReference]) -> list[_Link]:
        """Reference and card-name links of ``text``, in text order, longer first."""
        spans: dict[tuple[int, int], list[StoredReference]] = {}
        for ref in refs:
            if ref.target_kind != "glossary":
                spans.setdefault((ref.start - offset, ref.end - offset), []).append(ref)
        links = [_Link(a, b, "ref", reference=tuple(rs)) for (a, b), rs in spans.items() if 0 <= a < b <= len(text)]
        for a, b, name in cards:
            a, b = a - offset, b - offset
            if 0 <= a < b <= len(text) and self.links.card_paths.get(name):
                links.append(_Link(a, b, "card", card=name))
        links.sort(key=lambda link: (link.start, -link.end))
        return links

    def _with_terms(self, links: list[_Link], text: str, source: str, terms: bool, french: bool = False) -> list[_Link]:
        """``links`` and, where none of them is, the glossary terms of
        ``text`` when it belongs to an English edition whose glossary has a
        page (``french``: the French terms paired with them); in text order."""
        if not terms or self.links.glossary_link(source, "") is None:
            return links
        found = [_Link(a, b, "term", card=term) for a, b, term in self.glossary.spans(source, text, french)
                 if not any(a < link.end and link.start < b for link in links)]
        return sorted(links + found, key=lambda link: (link.start, -link.end)) if found else links

    def _reference_link(self, refs: tuple[StoredReference, ...], phrase: str, page: str) -> Markup:
        targets = [self.links.reference_target(r) for r in refs]
        beside = self._edition_beside(refs, page)
        if targets and targets[0] and len(refs) == 1:
            return Markup('<a class="ref" href="{}">{}</a>{}').format(rel(page, targets[0]), phrase, beside)
        if any(targets):
            # a list or range: link the phrase to its first target, and each rule after it
            first = next(t for t in targets if t)
            links = Markup(", ").join(Markup('<a class="ref" href="{}">{}</a>').format(rel(page, t), r.target)
                                      for r, t in zip(refs, targets) if t)
            return Markup('<a class="ref" href="{}">{}</a> <span class="refs">({})</span>{}').format(
                rel(page, first), phrase, links, beside)
        return escape(phrase)

    def _edition_beside(self, refs: tuple[StoredReference, ...], page: str) -> Markup:
        """« (2008) → 514.2 aujourd'hui » after a document's reference to an older edition."""
        ref = refs[0]
        latest = self.links.latest
        if (not ref.target_edition or self.links.document(ref.source) is None
                or (latest is not None and ref.target_edition == latest["date"])):
            return Markup("")
        now = ref.now
        year = ref.target_edition[:4]
        if len(refs) > 1 or not now or now == [ref.target]:
            return Markup(' <span class="ref-edition">({})</span>').format(year)
        shown = Markup(", ").join(self._today_link(n, page) for n in now)
        return Markup(' <span class="ref-edition">({}) → {} aujourd’hui</span>').format(year, shown)

    def _today_link(self, number: str, page: str) -> Markup:
        target = self.links.en_targets.get(number)
        if target:
            return Markup('<a href="{}">{}</a>').format(rel(page, target), number)
        return escape(number)


def italics(text: str) -> Markup:
    """Escape, then turn ``_Sombrelande_`` into <em>Sombrelande</em> and mana
    symbols into symbols (:mod:`kb.site.mana`)."""
    out, pos = [], 0
    for m in _ITALIC.finditer(text):
        out.append(symbols_in(text[pos:m.start()]))
        out.append(Markup("<em>{}</em>").format(symbols_in(m.group(1))))
        pos = m.end()
    out.append(symbols_in(text[pos:]))
    return Markup("").join(out)
