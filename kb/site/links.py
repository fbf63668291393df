"""The link registry: which pages the site has and the address of everything
on them, planned once from the knowledge base before any page is rendered.

* the pages of the French documents and the rule anchors on them;
* the chapter pages of the rendered English editions (the latest, or every
  edition with ``all_editions``), their chapter and section heads;
* the card pages: cards of the FAQ card records, members of the rule
  families (persist, linked abilities …), cards named in the rendered
  texts, or every card with ``all_cards``;
* « cited by » backlinks between rules.

:meth:`LinkRegistry.reference_target` is the one place where a stored
reference (resolved at build time by :mod:`kb.rules.resolver`, in the edition
its document belongs to) becomes a site path: the page of that rule in that
source when the site has it, else (an older edition of the static site) the
rule's history page, which is then rendered too.  Nothing here parses or
resolves a reference.
"""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Callable, Iterable, Optional

from kb.cards import db as carddb
from kb.cards import names as names_of_cards
from kb.cards.families import Family, Member, family_of, members_by_family
from kb.model import Rule
from kb.rules import versions
from kb.rules.references import StoredReference, references_by_text, text_key
from kb.site import urls
from kb.store import db as store
from parser.textkeys import slugify


@dataclass
class DocumentPage:
    """The page of one French document: its row, slug, site path and rules."""

    row: sqlite3.Row
    slug: str
    path: str
    rules: list[Rule]


@dataclass
class RuleSet:
    """The rules of one planned source (document or edition) and the site
    path (with anchor) of each."""

    source: str
    rules: list[Rule]
    path_of: Callable[[Rule], str]


class LinkRegistry:
    """Pages of the site and the site path of every rule, card and history
    page; built by :meth:`plan`."""

    def __init__(self, conn: sqlite3.Connection, editions: list, latest: Optional[sqlite3.Row], live: bool):
        self.conn = conn
        self.live = live
        self.latest = latest
        self.editions = list(editions)
        self.documents: list[DocumentPage] = []
        self.edition_rules: dict[str, list[Rule]] = {}
        self.targets: dict[tuple[str, str], str] = {}   # (source, number) -> path#anchor
        self.fr_targets: dict[str, str] = {}            # number -> first French document's path#anchor
        self.en_targets: dict[str, str] = {}            # number -> latest edition's path#anchor
        self.cited: dict[tuple[str, str], list[tuple[str, str]]] = {}   # (source, number) -> citing rules
        self.history_pages: set[tuple[str, str]] = set()  # (edition, number) a reference links to
        self._refs: dict[str, dict[tuple, list[StoredReference]]] = {}
        self.card_paths: dict[str, str] = {}            # English card name -> card/slug.html
        self.record_cards: dict[tuple[str, str], str] = {}  # (source, FAQ record name) -> English name
        self.families: dict[tuple[str, str], tuple[Family, list[Member]]] = {}
        self.has_cards = carddb.card_count(conn) > 0
        self.has_history = versions.has_history(conn)
        self._by_source: dict[str, DocumentPage] = {}
        self._card_slugs: set[str] = set()
        self._english_dates: Optional[list[str]] = None
        self._edition_by_source: dict[str, sqlite3.Row] = {}

    @classmethod
    def plan(cls, conn: sqlite3.Connection, live: bool = False, all_editions: bool = False,
             all_cards: bool = False) -> "LinkRegistry":
        """Plan the site of ``conn``'s knowledge base.  ``live``: pages are
        served by ``kb serve``, which renders other editions on demand."""
        latest = conn.execute("SELECT * FROM editions WHERE lang='en' ORDER BY date DESC LIMIT 1").fetchone()
        if all_editions:
            editions = store.editions(conn)
        else:
            editions = [latest] if latest is not None else []
        links = cls(conn, editions, latest, live)
        rule_sets = links._plan_documents()
        rule_sets += [links._plan_edition(ed) for ed in links.editions]
        links._plan_backlinks(rule_sets)
        links._plan_reference_pages()
        if links.has_cards:
            links._plan_cards(rule_sets, all_cards)
        return links

    # -- planning: which page holds what ----------------------------------
    def _plan_documents(self) -> list[RuleSet]:
        used: set[str] = set()
        for d in store.documents(self.conn):
            rules = store.rules_of_source(self.conn, d["id"])
            slug = urls.document_slug(d, rules[0].number if rules else None)
            path = urls.document_path(d, slug)
            if path in used:
                slug = f"{slug}-{d['id']}"
                path = urls.document_path(d, slug)
            used.add(path)
            doc = DocumentPage(d, slug, path, rules)
            self.documents.append(doc)
            self._by_source[d["id"]] = doc
            for r in rules:
                self.targets[(d["id"], r.number)] = f"{path}#{r.number}"
                if d["lang"] == "fr":
                    self.fr_targets.setdefault(r.number, f"{path}#{r.number}")
        return [RuleSet(d.row["id"], d.rules, lambda r, p=d.path: f"{p}#{r.number}") for d in self.documents]

    def _plan_edition(self, ed: sqlite3.Row) -> RuleSet:
        """Record where each rule of edition ``ed`` lives: a chapter page, and
        the chapter and section heads (« See rule 704 », « section 8 »)."""
        rules = store.rules_of_source(self.conn, ed["source"])
        self.edition_rules[ed["source"]] = rules
        date = ed["date"]
        latest = self.latest is not None and ed["source"] == self.latest["source"]
        chapters = {urls.chapter_of(r.number) for r in rules}
        heads = {c: urls.chapter_path(date, c) for c in chapters}
        heads.update({c[0]: urls.edition_path(date) for c in chapters})
        for number, target in heads.items():
            self.targets[(ed["source"], number)] = target
            if latest:
                self.en_targets[number] = target
        for r in rules:
            self.targets[(ed["source"], r.number)] = urls.rule_path(date, r.number)
            if latest:
                self.en_targets[r.number] = urls.rule_path(date, r.number)
        if latest and self.has_history and not self.live and ed["lang"] == "en":
            # the static site renders the history page each rule of the latest edition links to
            self.history_pages.update((date, r.number) for r in rules)
        return RuleSet(ed["source"], rules, lambda r: urls.rule_path(date, r.number))

    def add_edition(self, ed: sqlite3.Row) -> None:
        """Plan one more edition after start-up (``kb serve`` renders the
        pages of older editions on demand)."""
        if ed["source"] not in self.edition_rules:
            self._plan_backlinks([self._plan_edition(ed)])
            self.editions.append(ed)

    def _plan_backlinks(self, rule_sets: Iterable[RuleSet]) -> None:
        """« Cited by »: for every planned rule, the planned rules whose text
        (or examples) reach it, as the resolver stored them."""
        for rule_set in rule_sets:
            by_text = self._references_of(rule_set.source)
            for r in rule_set.rules:
                refs = by_text.get(text_key(rule_set.source, "rule", r.number), [])
                refs = refs + [ref for i in range(len(r.examples))
                               for ref in by_text.get(text_key(rule_set.source, "example", r.number, example=i), [])]
                reached = {(ref.target_source, ref.target) for ref in refs
                           if ref.target and ref.target_kind == "rule" and ref.target != r.number}
                for key in sorted(reached, key=lambda k: (k[0] or "", k[1])):
                    self.cited.setdefault(key, []).append((self._citing_label(rule_set.source, key[0], r.number),
                                                           rule_set.path_of(r)))

    def _plan_reference_pages(self) -> None:
        """The history pages the documents' references link to (rendered with
        the other history pages, after the documents)."""
        for doc in self.documents:
            for refs in self._references_of(doc.row["id"]).values():
                for ref in refs:
                    self.reference_target(ref)

    def _citing_label(self, source: str, target_source: Optional[str], number: str) -> str:
        """The citing rule's number, with its document or edition when it is another source's."""
        if source == target_source:
            return number
        doc = self._by_source.get(source)
        return f"{number} ({doc.row['title'] if doc else source})"

    def _plan_cards(self, rule_sets: list[RuleSet], all_cards: bool) -> None:
        """A page for every card the site shows (see the module docstring)."""
        names = self._plan_record_cards() | self._plan_families(rule_sets) | self._mentioned_cards()
        if all_cards:
            names.update(r[0] for r in self.conn.execute("SELECT name FROM mtg_cards"))
        for name in sorted(names):
            self.add_card(name)

    def _plan_record_cards(self) -> set[str]:
        """Link each FAQ card record to its card; returns the English names."""
        names: set[str] = set()
        for doc in self.documents:
            for rec in store.card_records(self.conn, doc.row["id"]):
                card = names_of_cards.record_card(self.conn, rec["name"], prefix=True)
                if card is not None:
                    self.record_cards[(doc.row["id"], rec["name"])] = card
                    names.add(card)
        return names

    def _plan_families(self, rule_sets: list[RuleSet]) -> set[str]:
        """The family of cards each planned rule heads; returns its members."""
        heads = [(rs.source, r, family_of(r.title, r.text, r.number)) for rs in rule_sets for r in rs.rules]
        heads = [(source, r, fam) for source, r, fam in heads if fam is not None]
        if not heads:
            return set()
        members_of = members_by_family(self.conn, list({fam.key: fam for _, _, fam in heads}.values()))
        names: set[str] = set()
        for source, r, fam in heads:
            self.families[(source, r.number)] = (fam, members_of[fam.key])
            names.update(m.name for m in members_of[fam.key])
        return names

    def _mentioned_cards(self) -> set[str]:
        """Cards named (found at build time) in the texts of planned sources."""
        planned = {d.row["id"] for d in self.documents} | {e["source"] for e in self.editions}
        return {card for card, src in self.conn.execute("SELECT DISTINCT card, source FROM card_mentions")
                if src in planned}

    def add_card(self, name: str) -> str:
        """Plan a page for card ``name`` (English) and return its path."""
        if name not in self.card_paths:
            slug = slugify(name) or "card"
            while slug in self._card_slugs:
                slug += "-2"
            self._card_slugs.add(slug)
            self.card_paths[name] = urls.card_page_path(slug)
        return self.card_paths[name]

    # -- references (resolved at build time) ------------------------------
    def _references_of(self, source: str) -> dict[tuple, list[StoredReference]]:
        if source not in self._refs:
            self._refs[source] = references_by_text(self.conn, source)
        return self._refs[source]

    def references(self, source: str, kind: str, number: Optional[str] = None, line: Optional[int] = None,
                   example: Optional[int] = None) -> list[StoredReference]:
        """The stored references of one text of ``source`` (keyed like card mentions)."""
        return self._references_of(source).get(text_key(source, kind, number, line, example), [])

    def reference_target(self, ref: StoredReference) -> Optional[str]:
        """Site path (with anchor) of what ``ref`` reaches: that rule's page
        in its source when planned (or served), else the rule's history page
        for a rule of an older edition; None when unresolved."""
        if not ref.target or ref.target_kind == "glossary":
            return None
        path = self.targets.get((ref.target_source, ref.target))
        if path or not ref.target_edition:
            return path
        if self.live:
            return urls.rule_path(ref.target_edition, ref.target)
        if ref.target_kind == "rule" and self.has_history:
            self.history_pages.add((ref.target_edition, ref.target))
            return urls.history_path(ref.target_edition, ref.target)
        return None

    # -- lookups -------------------------------------------------------------
    def document(self, source: str) -> Optional[DocumentPage]:
        """The page of document ``source``, or None (an edition, unknown)."""
        return self._by_source.get(source)

    def rule_link(self, edition: str, number: str) -> Optional[str]:
        """Site path of rule ``number`` of English edition ``edition`` when
        that edition's pages exist (static site) or can be made (server)."""
        ed = next((e for e in self.editions if e["date"] == edition), None)
        if ed is not None:
            return self.targets.get((ed["source"], number))
        if self.live:
            return urls.rule_path(edition, number)
        return None

    def history_link(self, source: str, number: str) -> Optional[str]:
        """Site path of the history page of rule ``number`` of the planned
        English edition ``source``: every rule's on the server, the latest
        edition's (and those the texts link to) on the static site; None
        for a French document or without a rule history."""
        ed = self._edition_of(source)
        if ed is None or not self.has_history or ed["lang"] != "en":
            return None
        if self.live or (ed["date"], number) in self.history_pages:
            return urls.history_path(ed["date"], number)
        return None

    def _edition_of(self, source: str) -> Optional[sqlite3.Row]:
        """The planned edition ``source``, or None (a document, not planned)."""
        if len(self._edition_by_source) != len(self.editions):
            self._edition_by_source = {e["source"]: e for e in self.editions}
        return self._edition_by_source.get(source)

    def edition_source(self, date: str) -> Optional[str]:
        """The source of the planned English edition of ``date``; of the latest edition when that one is
        not planned (its pages are not rendered); None without English editions."""
        found = next((e["source"] for e in self.editions if e["lang"] == "en" and e["date"] == date), None)
        return found or (self.latest["source"] if self.latest is not None else None)

    def english_dates(self) -> list[str]:
        """Dates of every English edition of the knowledge base, oldest first."""
        if self._english_dates is None:
            self._english_dates = [e["date"] for e in store.editions(self.conn) if e["lang"] == "en" and e["date"]]
        return self._english_dates

    def diff_pairs(self) -> list[tuple[str, str]]:
        """The edition diffs the static site renders: between consecutive
        rendered English editions, or the last two editions."""
        planned = sorted(e["date"] for e in self.editions if e["lang"] == "en" and e["date"])
        dates = planned if len(planned) > 1 else self.english_dates()[-2:]
        return list(zip(dates, dates[1:]))

    def diff_link(self, a: Optional[str], b: Optional[str]) -> Optional[str]:
        """Site path of the differences between English editions ``a`` and
        ``b`` (any two on the server, :meth:`diff_pairs` on the static
        site); None without a rule history or when either is None."""
        if not a or not b or a == b or not self.has_history:
            return None
        if self.live or (a, b) in self.diff_pairs():
            return urls.diff_path(a, b)
        return None

    def neighbours(self, date: str) -> tuple[Optional[str], Optional[str]]:
        """The English editions before and after ``date`` (None at either end)."""
        dates = self.english_dates()
        if date not in dates:
            return None, None
        i = dates.index(date)
        return (dates[i - 1] if i else None), (dates[i + 1] if i + 1 < len(dates) else None)

    def glossary_link(self, source: str, term: str) -> Optional[str]:
        """Site path (with anchor) of glossary entry ``term`` of the planned
        edition ``source``, or None."""
        ed = self._edition_of(source)
        if ed is None or not ed["glossary_count"]:
            return None
        return f"{urls.glossary_path(ed['date'])}#{slugify(term)}"

    def cited_by(self, source: str, number: str) -> list[tuple[str, str]]:
        """(citing rule, site path#anchor) of the planned rules whose text
        reaches rule ``number`` of ``source`` (the rule number, followed by
        its document or edition when that is another source)."""
        return self.cited.get((source, number), [])

    def family(self, source: str, number: str) -> Optional[tuple[Family, list[Member]]]:
        """(Family, members) for a rule heading a family of cards, or None."""
        return self.families.get((source, number))

    def card_path(self, name: str) -> Optional[str]:
        """Site path of the page of card ``name`` (English), if planned."""
        return self.card_paths.get(name)

    def record_card(self, source: str, record_name: str) -> Optional[str]:
        """Site path of the card page of a FAQ card record, if the card is known."""
        name = self.record_cards.get((source, record_name))
        return self.card_paths.get(name) if name else None

    def chapters(self, source: str) -> list[str]:
        """The chapters of a planned edition that have a page, in order."""
        return sorted({urls.chapter_of(r.number) for r in self.edition_rules.get(source, [])})
