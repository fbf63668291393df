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
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Optional

from markupsafe import Markup, escape

from kb.rules.references import StoredReference
from kb.site.links import LinkRegistry
from kb.site.mana import symbols_in
from kb.site.urls import rel

_ITALIC = re.compile(r"(?<![\w*])_([^_\n]+)_(?![\w])")


@dataclass
class _Link:
    """One phrase of the text to link: a rule reference or a card name."""

    start: int
    end: int
    kind: str                                   # "ref" or "card"
    reference: tuple[StoredReference, ...] = ()
    card: Optional[str] = None                  # English card name


class RichText:
    """The ``rich`` template filter over one site's link registry."""

    def __init__(self, links: LinkRegistry):
        self.links = links

    def __call__(self, text: Optional[str], source: str, page: str, cards: Iterable = (),
                 offset: int = 0, refs: Iterable[StoredReference] = ()) -> Markup:
        """Escape ``text``, link the stored references ``refs`` and the card
        names in ``cards`` ((start, end, English name) spans), both located
        in the whole text, of which ``text`` starts at ``offset``), and
        italicise ``_x_``."""
        if not text:
            return Markup("")
        out, pos = [], 0
        for link in self._links_in(text, cards, offset, refs):
            if link.start < pos:
                continue  # overlaps a link already made
            out.append(italics(text[pos:link.start]))
            phrase = text[link.start:link.end]
            if link.kind == "card":
                out.append(Markup('<a class="card" href="{}" title="{}">{}</a>').format(
                    rel(page, self.links.card_paths[link.card]), link.card, phrase))
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
