"""What a search returns: :class:`Result` (one document found) and
:class:`SearchResponse` (one page of results with its notices).

Both print as the ``kb search --json`` and ``/api/search`` contract: fields
are added, never renamed or dropped.
"""
from __future__ import annotations

import html
from dataclasses import dataclass, field, fields, replace
from typing import Callable, Optional

from kb.search.fields import CURRENT_FIELDS, OLD_FIELDS, RULING_FIELDS

#: Length, in characters, of a snippet that is the start of the text.
SNIPPET_LENGTH = 240

#: Attributes of a Result that are not part of its JSON form.
_INTERNAL = ("key", "number", "card", "highlight")


@dataclass
class Result:
    """One result as printed by ``kb search --json``.

    ``id`` is the rule number, card name, note id (``source#position``),
    section id or glossary term; ``snippet`` is HTML-safe with ``<b>`` around
    matched words as written; ``score`` is the engine's BM25F score (0 for
    look-ups by number or name); ``edition`` the latest edition (ISO date) the
    text holds in and ``editions`` all of them; ``exact`` marks rule-number
    and card-name matches; ``about`` is the card a note is about, the English
    name of a French card or the French name of an English card;
    ``equivalent_of`` is set on a current rule offered for an old number
    (``502.79`` of 2008 -> ``702.79``); ``current`` is False for a
    Comprehensive Rules text that is not in the latest edition; ``cards``
    lists every card a ruling is about (``id`` is the first of them);
    ``grouped`` lists the other documents of the same card folded into a
    card hit (one card, one hit: its other language, French wordings and
    FAQ records, each ``{id, lang, source, edition}``).  ``card`` (the
    English card name of a card document) is not printed.  ``key`` (the
    index key), ``number`` (the rule number of a rule) and ``highlight``
    (makes the snippet of a hit when it is shown) are not printed."""

    kind: str
    id: str
    lang: str
    edition: Optional[str]
    source: str
    score: float
    snippet: str
    title: str
    exact: bool = False
    about: Optional[str] = None
    editions: list = field(default_factory=list)
    equivalent_of: Optional[str] = None
    current: bool = True
    cards: list = field(default_factory=list)
    grouped: list = field(default_factory=list)
    key: str = field(default="", repr=False)
    number: Optional[str] = field(default=None, repr=False)
    card: Optional[str] = field(default=None, repr=False)
    #: Makes the highlighted snippet of a full-text hit (see :meth:`fill_snippet`).
    highlight: Optional[Callable[[], str]] = field(default=None, repr=False, compare=False)

    @classmethod
    def from_fields(cls, f: dict, score: float, snippet: Optional[str] = None) -> "Result":
        """The result for a document's stored index fields (see
        :class:`kb.search.documents.IndexDoc`); ``snippet`` defaults to the
        start of its text."""
        extra = f.get("extra") or {}
        about = extra.get("about") or extra.get("card") or None
        if about == f["ident"]:
            about = None
        return cls(kind=f["kind"], id=f["ident"], lang=f["lang"], edition=f.get("edition") or None,
                   source=f["source"], score=round(float(score), 3),
                   snippet=plain_snippet(stored_text(f)) if snippet is None else snippet,
                   title=f.get("title") or "", about=about,
                   editions=(f.get("editions") or "").split(),
                   current=not (extra.get("edition_source") and f.get("scope") == "old"),
                   cards=list(extra.get("cards") or ([extra["card"]] if f["kind"] == "ruling" and extra.get("card") else [])),
                   key=f["key"], number=f.get("number"),
                   card=extra.get("card") if f["kind"] == "card" else None)

    def fill_snippet(self) -> "Result":
        """Replace the start-of-text snippet by the matched words in context,
        for a hit about to be shown (highlighting costs, most hits fetched
        are not shown)."""
        if self.highlight is not None:
            self.snippet = self.highlight() or self.snippet
            self.highlight = None
        return self

    def to_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name not in _INTERNAL}


@dataclass
class SearchResponse:
    """``results`` (one page), ``notice`` (why the query was read literally,
    or other warnings), ``total`` (results in all pages, estimated for large
    full-text counts), ``offset``/``limit`` (the page), ``corrections``
    (misspelt word -> word searched), ``expansions`` ([french, english]
    pairs used), ``scope`` (``default``, ``all-editions`` or the editions
    asked for), ``total_exact`` (``total`` was counted, not estimated)."""

    query: str
    results: list[Result]
    notice: Optional[str] = None
    total: int = 0
    offset: int = 0
    limit: int = 10
    corrections: dict = field(default_factory=dict)
    expansions: list = field(default_factory=list)
    scope: str = "default"
    total_exact: bool = False

    @property
    def has_more(self) -> bool:
        return self.offset + len(self.results) < self.total

    def to_dict(self) -> dict:
        return {"query": self.query, "notice": self.notice, "total": self.total, "offset": self.offset,
                "limit": self.limit, "has_more": self.has_more, "corrections": self.corrections,
                "expansions": self.expansions, "scope": self.scope,
                "total_exact": self.total_exact, "results": [r.to_dict() for r in self.results]}


def group_cards(results: list) -> tuple[list, int]:
    """``results`` with the documents of one card (English, French wordings,
    FAQ records) folded into the first of them (``grouped``), and how many
    were folded."""
    first: dict = {}
    out, folded = [], 0
    for r in results:
        if r.kind == "card" and r.card:
            head = first.get(r.card)
            if head is not None:
                head.grouped = head.grouped + [{"id": r.id, "lang": r.lang, "source": r.source, "edition": r.edition}]
                folded += 1
                continue
            first[r.card] = r
        out.append(r)
    return out, folded


def stored_text(f: dict) -> str:
    """The text of a document's stored fields: its body, else its title."""
    return f.get("body") or f.get("title") or ""


def plain_snippet(text: str, length: int = SNIPPET_LENGTH) -> str:
    """The start of ``text``, whitespace collapsed, cut at a word with « … »
    past ``length`` characters, HTML-escaped."""
    text = " ".join(text.split())
    return html.escape(text if len(text) <= length else text[:length].rsplit(" ", 1)[0] + " …",
                       quote=False)


def hit_result(f: dict, score: float, highlights: Callable[..., str]) -> Result:
    """A full-text hit (stored fields ``f``, its ``score``); its snippet, the
    matched words in context (``highlights(field, text=…, top=2)``, the
    engine's), is made when the hit is shown (:meth:`Result.fill_snippet`):
    not every hit fetched is."""
    lang = "fr" if f.get("lang") == "fr" else "en"
    field_name = (CURRENT_FIELDS if f.get("scope", "current") == "current" else OLD_FIELDS)[lang]
    if f.get("kind") == "ruling":
        field_name = RULING_FIELDS["en"]

    def snippet() -> str:
        for text in (f.get("body"), f.get("title")):
            try:
                found = highlights(field_name, text=text, top=2) if text else ""
            except Exception:  # highlighting is a nicety: never fail a search on it
                found = ""
            if found:
                return found
        return ""

    hit = Result.from_fields(f, score)
    hit.highlight = snippet       # (set on the new result: dataclasses.replace costs as much as making it)
    return hit


def neg_date(date: str) -> tuple:
    """A sort key putting later ISO dates first."""
    return tuple(-ord(c) for c in date)
