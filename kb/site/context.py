"""Page contexts: for each page of the site, the data its template needs,
read from the knowledge base (:class:`PageContexts`), and the lookups the
templates make while rendering: the English text beside a French rule
(:class:`EnglishBeside`) and the card names found in a text
(:class:`CardMentions`).

Where pages and their targets live is :mod:`kb.site.links`; turning a
:class:`Page` into HTML is :mod:`kb.site.render`.
"""
from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Iterator, Optional

from kb.cards import db as carddb
from kb.cards.faces import card_characteristics
from kb.cards.terms import load_terms
from kb.model import Rule
from kb.rules import diff as edition_diff
from kb.rules import lineage as rule_lineage
from kb.rules.alignment import side_by_side
from kb.rules.references import reference_warnings
from kb.site import urls
from kb.site.diffpage import rule_diffs
from kb.site.links import DocumentPage, LinkRegistry
from kb.store import db as store
from parser.textkeys import fold, slugify


@dataclass
class Page:
    """One page to render: site path, template, title, language of the
    content, and the template's other variables."""

    path: str
    template: str
    title: str
    lang: str
    data: dict = field(default_factory=dict)


#: The page of the reference warnings.
WARNINGS_PATH = "warnings.html"


def fold_title(title: str) -> str:
    """Rule title or keyword folded for matching (« Persist. » -> ``persist``)."""
    return fold(title.strip().rstrip("."))


class EnglishBeside:
    """The English text shown beside each French rule: the matching
    edition's text, the editions it matches, today's number(s) and a link
    to its history (:func:`kb.rules.alignment.side_by_side`).  Remembers the
    rule histories it linked to (:attr:`lineages`): each gets a page."""

    def __init__(self, conn: sqlite3.Connection, links: LinkRegistry):
        self.conn = conn
        self.links = links
        self.lineages: set[tuple[str, str]] = set()     # (edition, number) with a history page
        self._cache: dict[tuple[str, str], Optional[dict]] = {}

    def __call__(self, source: str, number: str) -> Optional[dict]:
        """The English side of rule ``number`` of document ``source``; None
        for English rules or without rule history."""
        if not self.links.has_history or (source, number) in self._cache:
            return self._cache.get((source, number))
        doc = self.links.document(source)
        item = None
        if doc is not None and doc.row["lang"] == "fr":
            item = next(iter(side_by_side(self.conn, number, source)), None)
            if item and item.get("english"):
                en = item["english"]
                self.lineages.add((en["edition"], en["number"]))
                item = {**item, "history": urls.history_path(en["edition"], en["number"])}
        self._cache[(source, number)] = item
        return item


class CardMentions:
    """Card names found at build time in the texts (table ``card_mentions``),
    read once: (start, end, English name) spans per text.  Rules are located
    by number (and example index), notes and card records by line."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self._spans: Optional[dict[tuple, list[tuple[int, int, str]]]] = None

    @staticmethod
    def _key(source: str, kind: str, number: Optional[str], line: Optional[int],
             example: Optional[int]) -> tuple:
        return (source, kind, number, None, example) if number is not None else (source, kind, None, line, None)

    def _load(self) -> dict[tuple, list[tuple[int, int, str]]]:
        spans: dict[tuple, list[tuple[int, int, str]]] = defaultdict(list)
        for src, kind, num, line, ex, start, end, card in self.conn.execute(
                'SELECT source, kind, number, line, example, start, "end", card FROM card_mentions'):
            spans[self._key(src, kind, num, line, ex)].append((start, end, card))
        return spans

    def __call__(self, source: str, kind: str, number: Optional[str] = None, line: Optional[int] = None,
                 example: Optional[int] = None) -> list[tuple[int, int, str]]:
        if self._spans is None:
            self._spans = self._load()
        return self._spans.get(self._key(source, kind, number, line, example), [])


class PageContexts:
    """Builds the :class:`Page` of every kind of page from the knowledge base
    and the link registry."""

    def __init__(self, conn: sqlite3.Connection, links: LinkRegistry):
        self.conn = conn
        self.links = links
        self.beside = EnglishBeside(conn, links)
        self.mentions = CardMentions(conn)
        self._records_by_card: Optional[dict[str, list[tuple[str, sqlite3.Row]]]] = None
        self._titled_rules: Optional[dict[str, Rule]] = None

    # -- home and French documents ---------------------------------------
    def index(self) -> Page:
        latest = self.links.latest
        chapters = json.loads(latest["chapters"] or "{}") if latest is not None else {}
        chapter_pages = set(self.links.chapters(latest["source"])) if latest is not None else set()
        editions = store.editions(self.conn)
        return Page("index.html", "index.html", "Règles de Magic — base de connaissances", "fr", dict(
            docs=self.links.documents, editions=editions, latest=latest, edition_rows=self._edition_rows(editions),
            chapter_pages=chapter_pages, chapters=chapters,
            has_warnings=self.conn.execute("SELECT 1 FROM reference_warnings LIMIT 1").fetchone() is not None))

    def _edition_rows(self, editions: list[sqlite3.Row]) -> list[dict]:
        """The editions table of the home page: each edition, its contents
        page when the site has it, and its differences with the English
        edition before it."""
        planned = {e["source"] for e in self.links.editions}
        rows = []
        for e in editions:
            before = self.links.neighbours(e["date"])[0] if e["lang"] == "en" else None
            rows.append({"edition": e, "before": before, "diff": self.links.diff_link(before, e["date"]),
                         "contents": urls.edition_path(e["date"]) if e["source"] in planned or
                         (self.links.live and e["lang"] == "en") else None})
        return rows

    def document(self, doc: DocumentPage) -> Page:
        d = doc.row
        records = store.card_records(self.conn, d["id"])
        return Page(doc.path, "document.html", d["title"], d["lang"], dict(
            doc=d, meta=json.loads(d["metadata"] or "{}"), items=self._document_items(doc, records),
            paragraphs=json.loads(d["paragraphs"] or "[]"), card_lines={c["cid"]: c["line"] for c in records}))

    def _document_items(self, doc: DocumentPage, records: list[sqlite3.Row]) -> list[tuple[int, str, object]]:
        """Sections, card records, notes and rules as (line, kind, item), in
        document order; card records get an anchor unique on the page."""
        items: list[tuple[int, str, object]] = [(s["line"], "section", s)
                                                for s in store.sections_of(self.conn, doc.row["id"])]
        anchors: dict[str, int] = defaultdict(int)
        for c in records:
            slug = urls.card_anchor(c["name"])
            anchors[slug] += 1
            anchor = slug if anchors[slug] == 1 else f"{slug}-{anchors[slug]}"
            items.append((c["line"], "card", {"row": c, "anchor": anchor}))
        items += [(n["line"], "note", n) for n in store.notes_of(self.conn, doc.row["id"])]
        items += [(r.line, "rule", r) for r in doc.rules]
        items.sort(key=lambda x: x[0])
        return items

    # -- English editions ------------------------------------------------
    def edition(self, ed: sqlite3.Row) -> Iterator[Page]:
        """The pages of one planned edition: its contents, a page per chapter
        and its glossary."""
        date = ed["date"]
        titles = json.loads(ed["chapters"] or "{}")
        by_chapter: dict[str, list[Rule]] = defaultdict(list)
        for r in self.links.edition_rules[ed["source"]]:
            by_chapter[urls.chapter_of(r.number)].append(r)
        order = sorted(by_chapter)
        yield Page(urls.edition_path(date), "edition.html", f"Comprehensive Rules {date}", ed["lang"], dict(
            edition=ed, chapters=order, chapter_titles=titles, sections=json.loads(ed["sections"] or "{}")))
        for i, chapter in enumerate(order):
            yield Page(urls.chapter_path(date, chapter), "chapter.html",
                       f"{chapter}. {titles.get(chapter, '')} — CR {date}", ed["lang"], dict(
                           edition=ed, chapter=chapter, chapter_title=titles.get(chapter, ""),
                           rules=by_chapter[chapter], prev=order[i - 1] if i else None,
                           next=order[i + 1] if i + 1 < len(order) else None))
        glossary = self.conn.execute("SELECT * FROM glossary WHERE source=? ORDER BY gid", (ed["source"],)).fetchall()
        if glossary:
            yield Page(urls.glossary_path(date), "glossary.html", f"Glossary — CR {date}", ed["lang"], dict(
                edition=ed, entries=glossary, slug=slugify))

    def titled_rules(self) -> dict[str, Rule]:
        """Rules of the latest English edition by folded title (keyword rules)."""
        if self._titled_rules is None:
            latest = self.links.latest
            rules = self.links.edition_rules[latest["source"]] if latest is not None else []
            self._titled_rules = {fold_title(r.title): r for r in rules if r.title}
        return self._titled_rules

    def terms(self) -> Optional[Page]:
        """The French <-> English terms glossary (corpus/terms), with each
        keyword linked to its rule in the latest English edition."""
        try:
            pairs = sorted(load_terms(), key=lambda p: (p.kind, fold(p.fr)))
        except (OSError, ValueError):
            return None
        titled, en_targets = self.titled_rules(), self.links.en_targets

        def keyword_rule(en: str) -> Optional[tuple[str, str]]:
            rule = titled.get(fold_title(en))
            return (rule.number, en_targets[rule.number]) if rule and rule.number in en_targets else None

        return Page("terms.html", "terms.html", "Termes français ↔ anglais", "fr", dict(
            pairs=pairs, keyword_rule=keyword_rule, slug=slugify))

    # -- cards -------------------------------------------------------------
    def records_by_card(self) -> dict[str, list[tuple[str, sqlite3.Row]]]:
        """English card name -> the (source, FAQ card record) about it."""
        if self._records_by_card is None:
            self._records_by_card = defaultdict(list)
            records_of: dict[str, list[sqlite3.Row]] = {}
            for (source, record), english in self.links.record_cards.items():
                if source not in records_of:
                    records_of[source] = store.card_records(self.conn, source)
                self._records_by_card[english].extend((source, rec) for rec in records_of[source]
                                                      if rec["name"] == record)
        return self._records_by_card

    def card(self, name: str) -> Optional[Page]:
        """The page of card ``name`` (English), planned if it was not; None
        if the card database does not know it."""
        card = carddb.get_card(self.conn, name)
        if card is None:
            return None
        path = self.links.add_card(name)
        records = []
        for source, rec in self.records_by_card().get(name, []):
            doc = self.links.document(source)
            records.append({"row": rec, "doc": doc, "notes": store.notes_of_record(self.conn, rec["cid"]),
                            "anchor": f"{doc.path}#{urls.card_anchor(rec['name'])}"})
        titled = self.titled_rules()
        keyword_rules = [(k, titled[fold_title(k)]) for k in card.keywords if fold_title(k) in titled]
        chars = card_characteristics(self.conn, card)    # colours, mana value… by the rules (kb.cards.faces)
        return Page(path, "card.html", f"{card.name} — {', '.join(card.french_names()) or ''}", "fr", dict(
            card=card, chars=chars, records=records, keyword_rules=keyword_rules, latest=self.links.latest))

    def cards(self) -> Iterator[Page]:
        """The page of every planned card."""
        for name in list(self.links.card_paths):
            page = self.card(name)
            if page is not None:
                yield page

    # -- reference warnings ------------------------------------------------
    def warnings(self) -> Optional[Page]:
        """The page of the references the build could not resolve, or
        resolved with a doubt, each linked to the citing rule's page."""
        found = reference_warnings(self.conn)
        if not found:
            return None
        rows = [(w, self._warning_target(w)) for w in found]
        return Page(WARNINGS_PATH, "warnings.html", "Références douteuses", "fr", dict(warnings=rows))

    def _warning_target(self, w: dict) -> Optional[str]:
        """Site path of the citing rule (or glossary entry) of a warning."""
        source, rule = w["source"], w["rule"]
        if rule.startswith("glossary:"):
            planned = any(e["source"] == source for e in self.links.editions)
            return f"{urls.glossary_path(w['document'])}#{slugify(rule[9:])}" if planned else None
        path = self.links.targets.get((source, rule))
        if path or not w["document"][:1].isdigit() or not self.links.has_history:
            return path
        self.links.history_pages.add((w["document"], rule))
        return urls.history_path(w["document"], rule)

    # -- rule history ------------------------------------------------------
    def lineage(self, edition: str, number: str) -> Optional[Page]:
        """The history page of rule ``number`` of ``edition``, if it has one."""
        try:
            lin = rule_lineage.lineage(self.conn, number, edition)
        except (KeyError, ValueError):
            return None
        return Page(urls.history_path(edition, number), "lineage.html", f"{number} ({edition}) — history", "en",
                    dict(lin=lin.to_dict()))

    def diff(self, a: str, b: str) -> Optional[Page]:
        """The page of differences between editions ``a`` and ``b``."""
        try:
            d = edition_diff.diff_editions(self.conn, a, b)
        except (KeyError, ValueError):
            return None
        data = d.to_dict()
        return Page(urls.diff_path(a, b), "diff.html", f"{a} → {b}", "en",
                    dict(d=data, word_diffs=rule_diffs(self.conn, data)))

    def history(self) -> Iterator[Page]:
        """History pages of the rules shown beside French rules, and the
        differences between consecutive rendered editions (or the last two)."""
        if not self.links.has_history:
            return
        for d in self.links.documents:       # make sure every French rule was looked at
            for r in d.rules:
                self.beside(d.row["id"], r.number)
        for edition, number in sorted(self.beside.lineages | self.links.history_pages):
            page = self.lineage(edition, number)
            if page:
                yield page
        for a, b in self.links.diff_pairs():
            page = self.diff(a, b)
            if page:
                yield page
