"""Document and card text as HTML: escaped (text is data), rule references
(« voir règle 212.3f », « règles 409.1b et 409.1f–h ») and card names
linked to their pages, ``_Sombrelande_`` in italics.

References are found by :func:`parser.references.find_reference_spans` and
resolved by :meth:`kb.site.links.LinkRegistry.resolve_reference`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Optional

from markupsafe import Markup, escape

from kb.site.links import LinkRegistry
from kb.site.urls import rel
from parser.references import ReferenceSpan, find_reference_spans

_ITALIC = re.compile(r"(?<![\w*])_([^_\n]+)_(?![\w])")


@dataclass
class _Link:
    """One phrase of the text to link: a rule reference or a card name."""

    start: int
    end: int
    kind: str                                   # "ref" or "card"
    reference: Optional[ReferenceSpan] = None
    card: Optional[str] = None                  # English card name


class RichText:
    """The ``rich`` template filter over one site's link registry."""

    def __init__(self, links: LinkRegistry):
        self.links = links

    def __call__(self, text: Optional[str], source: str, page: str, cards: Iterable = (),
                 offset: int = 0) -> Markup:
        """Escape ``text``, link its rule references and the card names in
        ``cards`` ((start, end, English name) spans of the whole text, of
        which ``text`` starts at ``offset``), and italicise ``_x_``."""
        if not text:
            return Markup("")
        out, pos = [], 0
        for link in self._links_in(text, cards, offset):
            if link.start < pos:
                continue  # overlaps a link already made
            out.append(italics(text[pos:link.start]))
            phrase = text[link.start:link.end]
            if link.kind == "card":
                out.append(Markup('<a class="card" href="{}" title="{}">{}</a>').format(
                    rel(page, self.links.card_paths[link.card]), link.card, phrase))
            else:
                out.append(self._reference_link(link.reference, phrase, source, page))
            pos = link.end
        out.append(italics(text[pos:]))
        return Markup("").join(out)

    def _links_in(self, text: str, cards: Iterable, offset: int) -> list[_Link]:
        """Reference and card-name links of ``text``, in text order, longer first."""
        links = [_Link(sp.start, sp.end, "ref", reference=sp) for sp in find_reference_spans(text)]
        for a, b, name in cards:
            a, b = a - offset, b - offset
            if 0 <= a < b <= len(text) and self.links.card_paths.get(name):
                links.append(_Link(a, b, "card", card=name))
        links.sort(key=lambda link: (link.start, -link.end))
        return links

    def _reference_link(self, span: ReferenceSpan, phrase: str, source: str, page: str) -> Markup:
        targets = [self.links.resolve_reference(n, source) for n in span.numbers]
        if targets and targets[0] and len(span.numbers) == 1:
            return Markup('<a class="ref" href="{}">{}</a>').format(rel(page, targets[0]), phrase)
        if any(targets):
            # a list or range: link the phrase to its first target, and each rule after it
            first = next(t for t in targets if t)
            links = Markup(", ").join(Markup('<a class="ref" href="{}">{}</a>').format(rel(page, t), n)
                                      for n, t in zip(span.numbers, targets) if t)
            return Markup('<a class="ref" href="{}">{}</a> <span class="refs">({})</span>').format(
                rel(page, first), phrase, links)
        return escape(phrase)


def italics(text: str) -> Markup:
    """Escape, then turn ``_Sombrelande_`` into <em>Sombrelande</em>."""
    out, pos = [], 0
    for m in _ITALIC.finditer(text):
        out.append(escape(text[pos:m.start()]))
        out.append(Markup("<em>{}</em>").format(m.group(1)))
        pos = m.end()
    out.append(escape(text[pos:]))
    return Markup("").join(out)
