"""``kb render``: the static HTML site, written with Jinja2 templates.

:func:`render_site` writes, under ``out``:

* ``index.html`` -- every document and edition;
* one page per French document (``fr/faq/sombrelande.html``,
  ``fr/rules/607.html``) with an anchor per rule (``#702.92a``), card record
  (``#implorer-la-reine``), note and section;
* one page per chapter of the latest English edition, when one was ingested
  (``cr/2026-01-16/702.html``);
* ``style.css``.

Autoescaping is on everywhere: document and card text is data.  Rule
references in the text (« voir règle 212.3f », « règles 409.1b et
409.1f–h ») become links when their target is in the site, looked up in the
same document first, then in any French document, then in the latest
English edition.  ``_Sombrelande_`` renders as italics.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Iterator, Optional

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape

from kb.data import templates_dir
from kb.progress import Progress, no_progress
from kb.store import db as store

from kb.site import urls
from parser.textkeys import fold
from kb.site.i18n import translations
from parser.references import find_reference_spans

TEMPLATES = templates_dir()
SITE_MARKER = ".kb-site"


class SiteDirError(ValueError):
    """The output directory holds something other than a kb site."""


_ITALIC = re.compile(r"(?<![\w*])_([^_\n]+)_(?![\w])")


class Site:
    """Everything the templates need: pages, link targets, the Jinja env."""

    def __init__(self, conn: sqlite3.Connection, ui: str = "fr", live: bool = False,
                 all_editions: bool = False, all_cards: bool = False):
        """``ui``: interface language (``fr`` or ``en``); ``live``: pages are
        served by ``kb serve`` (search box and language switch shown);
        ``all_editions``: a page per chapter of every edition, not only the
        latest; ``all_cards``: a page per card of the card database, not only
        the cards the documents and rule families bring in."""
        self.conn = conn
        self.ui = ui
        self.env = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(default=True),
                               trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.i18n"])
        self.env.install_gettext_callables(*translations(ui), newstyle=True)
        self.env.filters["rich"] = self.rich
        self.env.globals.update(rel=rel, ui=ui, live=live)
        self.docs = []
        self.targets: dict[tuple[str, str], str] = {}   # (source, number) -> path#anchor
        self.fr_targets: dict[str, str] = {}
        self.en_targets: dict[str, str] = {}
        self.cited: dict[str, list[tuple[str, str]]] = {}
        self.edition_rules: dict[str, list] = {}
        self.families: dict[tuple[str, str], tuple] = {}
        self.card_paths: dict[str, str] = {}            # English card name -> card/slug.html
        self.record_cards: dict[tuple[str, str], str] = {}  # (source, FAQ record name) -> English name
        self.env.globals.update(cited_by=self.cited_by, family=self.family, card_path=self.card_path,
                                record_card=self.record_card, english_beside=self.english_beside,
                                en_target=self.en_targets.get, rule_link=self.rule_link)
        self.live = live
        self.has_history = bool(conn.execute("SELECT 1 FROM sqlite_master WHERE name='rule_maps'").fetchone())
        self.lineages: set[tuple[str, str]] = set()     # (edition, number) with a history page
        self._beside: dict[tuple[str, str], Optional[dict]] = {}
        self._mentions: Optional[dict] = None
        self.env.globals["mentions"] = self.mentions
        self.latest = conn.execute("SELECT * FROM editions WHERE lang='en' ORDER BY date DESC LIMIT 1").fetchone()
        if all_editions:
            self.editions = store.editions(conn)
        else:
            self.editions = [self.latest] if self.latest is not None else []
        self.has_cards = bool(conn.execute("SELECT 1 FROM sqlite_master WHERE name='mtg_cards'").fetchone())
        self._plan(all_cards)

    # -- planning: which page holds what ----------------------------------
    def _plan(self, all_cards: bool) -> None:
        used: set[str] = set()
        for d in store.documents(self.conn):
            rules = store.rules_of_source(self.conn, d["id"])
            slug = urls.document_slug(d, rules[0].number if rules else None)
            path = urls.document_path(d, slug)
            if path in used:
                slug = f"{slug}-{d['id']}"
                path = urls.document_path(d, slug)
            used.add(path)
            self.docs.append({"row": d, "slug": slug, "path": path, "rules": rules})
            for r in rules:
                self.targets[(d["id"], r.number)] = f"{path}#{r.number}"
                if d["lang"] == "fr":
                    self.fr_targets.setdefault(r.number, f"{path}#{r.number}")
        sets = [(d["row"]["id"], d["rules"], lambda r, p=d["path"]: f"{p}#{r.number}") for d in self.docs]
        for ed in self.editions:
            sets.append(self._plan_edition(ed))
        self._backlinks(sets)
        if self.has_cards:
            self._plan_cards(sets, all_cards)

    def _plan_edition(self, ed) -> tuple:
        """Record where each rule of edition ``ed`` lives: a chapter page, and
        the chapter and section heads (« See rule 704 », « section 8 »)."""
        rules = store.rules_of_source(self.conn, ed["source"])
        self.edition_rules[ed["source"]] = rules
        date = ed["date"]
        path_of = (lambda r: f"{urls.chapter_path(date, r.number.split('.')[0])}#{r.number}")
        latest = self.latest is not None and ed["source"] == self.latest["source"]
        chapters = {r.number.split(".")[0] for r in rules}
        heads = {c: urls.chapter_path(date, c) for c in chapters}
        heads.update({c[0]: f"cr/{date}/index.html" for c in chapters})
        for number, target in heads.items():
            self.targets[(ed["source"], number)] = target
            if latest:
                self.en_targets[number] = target
        for r in rules:
            self.targets[(ed["source"], r.number)] = path_of(r)
            if latest:
                self.en_targets[r.number] = path_of(r)
        return ed["source"], rules, path_of

    def add_edition(self, ed) -> None:
        """Plan one more edition after start-up (``kb serve`` renders the
        pages of older editions on demand)."""
        if ed["source"] not in self.edition_rules:
            self._backlinks([self._plan_edition(ed)])
            self.editions.append(ed)

    def add_card(self, name: str) -> str:
        """Plan a page for card ``name`` (English) and return its path."""
        if name not in self.card_paths:
            slug, used = urls.slugify(name) or "card", set(self.card_paths.values())
            while f"card/{slug}.html" in used:
                slug += "-2"
            self.card_paths[name] = f"card/{slug}.html"
        return self.card_paths[name]

    def _plan_cards(self, sets, all_cards: bool) -> None:
        from kb.cards import db as carddb
        from kb.cards.families import family_of, members_by_family

        names: set[str] = set()
        for d in self.docs:
            for rec in store.card_records(self.conn, d["row"]["id"]):
                try:
                    card = carddb.find_card(self.conn, rec["name"])
                except LookupError:
                    card = None
                if card is not None:
                    self.record_cards[(d["row"]["id"], rec["name"])] = card.name
                    names.add(card.name)
        heads = [(source, r, family_of(r.title, r.text, r.number)) for source, rules, _ in sets for r in rules]
        heads = [(source, r, fam) for source, r, fam in heads if fam is not None]
        members_of = members_by_family(self.conn, list({fam.key: fam for _, _, fam in heads}.values())) if heads else {}
        for source, r, fam in heads:
            self.families[(source, r.number)] = (fam, members_of[fam.key])
            names.update(m.name for m in members_of[fam.key])
        planned = {d["row"]["id"] for d in self.docs} | {e["source"] for e in self.editions}
        if self.conn.execute("SELECT 1 FROM sqlite_master WHERE name='card_mentions'").fetchone():
            names.update(card for card, src in self.conn.execute("SELECT DISTINCT card, source FROM card_mentions")
                         if src in planned)
        if all_cards:
            names.update(r[0] for r in self.conn.execute("SELECT name FROM mtg_cards"))
        used: set[str] = set()
        for name in sorted(names):
            slug = urls.slugify(name) or "card"
            while slug in used:
                slug += "-2"
            used.add(slug)
            self.card_paths[name] = f"card/{slug}.html"

    def rule_link(self, edition: str, number: str) -> Optional[str]:
        """Site path of rule ``number`` of English edition ``edition`` when
        that edition's pages exist (static site) or can be made (server)."""
        ed = next((e for e in self.editions if e["date"] == edition), None)
        if ed is not None:
            return self.targets.get((ed["source"], number))
        if self.live:
            return f"{urls.chapter_path(edition, number.split('.')[0])}#{number}"
        return None

    def english_beside(self, source: str, number: str) -> Optional[dict]:
        """For a French rule: the English text of the matching edition, the
        editions it matches, today's number(s) and a link to its history
        (kb.rules.alignment); None for English rules or without rule history."""
        if not self.has_history or (source, number) in self._beside:
            return self._beside.get((source, number))
        doc = next((d for d in self.docs if d["row"]["id"] == source), None)
        item = None
        if doc is not None and doc["row"]["lang"] == "fr":
            from kb.rules.alignment import side_by_side

            item = next(iter(side_by_side(self.conn, number, source)), None)
            if item and item.get("english"):
                en = item["english"]
                self.lineages.add((en["edition"], en["number"]))
                item = {**item, "history": history_path(en["edition"], en["number"])}
        self._beside[(source, number)] = item
        return item

    def lineage_page(self, edition: str, number: str) -> Optional[tuple[str, str]]:
        """(path, html) of the history page of rule ``number`` of ``edition``."""
        from kb.rules import history

        try:
            lin = history.lineage(self.conn, number, edition)
        except (KeyError, ValueError):
            return None
        path = history_path(edition, number)
        return path, self.env.get_template("lineage.html").render(
            page=path, lin=lin.to_dict(), title=f"{number} ({edition}) — history", lang="en")

    def diff_page(self, a: str, b: str) -> Optional[tuple[str, str]]:
        """(path, html) of the page of differences between editions a and b."""
        from kb.rules import history

        try:
            d = history.diff_editions(self.conn, a, b)
        except (KeyError, ValueError):
            return None
        path = f"diff/{a}_{b}.html"
        return path, self.env.get_template("diff.html").render(page=path, d=d.to_dict(),
                                                                title=f"{a} → {b}", lang="en")

    def history_pages(self) -> Iterator[tuple[str, str]]:
        """History pages of the rules shown beside French rules, and the
        differences between consecutive rendered editions (or the last two)."""
        if not self.has_history:
            return
        for d in self.docs:       # make sure every French rule was looked at
            for r in d["rules"]:
                self.english_beside(d["row"]["id"], r.number)
        for edition, number in sorted(self.lineages):
            page = self.lineage_page(edition, number)
            if page:
                yield page
        dates = sorted(e["date"] for e in self.editions) if len(self.editions) > 1 else \
            [e["date"] for e in store.editions(self.conn)][-2:]
        for a, b in zip(dates, dates[1:]):
            page = self.diff_page(a, b)
            if page:
                yield page

    def family(self, source: str, number: str):
        """(Family, members) for a rule heading a family of cards, or None."""
        return self.families.get((source, number))

    def card_path(self, name: str) -> Optional[str]:
        return self.card_paths.get(name)

    def record_card(self, source: str, record_name: str) -> Optional[str]:
        """Site path of the card page of a FAQ card record, if the card is known."""
        name = self.record_cards.get((source, record_name))
        return self.card_paths.get(name) if name else None

    def _backlinks(self, rule_sets) -> None:
        """« Cited by »: for every planned rule, the rules whose text cites it."""
        for source, rules, path_of in rule_sets:
            for r in rules:
                for number in r.references:
                    target = self.resolve(number, source)
                    if target:
                        self.cited.setdefault(target, []).append((r.number, path_of(r)))

    def cited_by(self, source: str, number: str) -> list[tuple[str, str]]:
        """(rule number, site path#anchor) of the rules citing ``number`` of ``source``."""
        target = self.targets.get((source, number))
        return self.cited.get(target, []) if target else []

    def resolve(self, number: str, source: str) -> Optional[str]:
        """Site path (with anchor) of rule ``number`` as seen from ``source``."""
        return (self.targets.get((source, number)) or self.fr_targets.get(number)
                or self.en_targets.get(number))

    # -- filters -------------------------------------------------------------
    def mentions(self, source: str, kind: str, number: Optional[str] = None, line: Optional[int] = None,
                 example: Optional[int] = None) -> list[tuple[int, int, str]]:
        """Card names found at build time in one text: (start, end, English
        name).  Rules are located by number (and example index), notes and
        card records by line."""
        if self._mentions is None:
            self._mentions = defaultdict(list)
            if self.conn.execute("SELECT 1 FROM sqlite_master WHERE name='card_mentions'").fetchone():
                for row in self.conn.execute('SELECT source, kind, number, line, example, start, "end", card '
                                             "FROM card_mentions"):
                    src, k, num, ln, ex, a, b, card = row
                    key = (src, k, num, None, ex) if num is not None else (src, k, None, ln, None)
                    self._mentions[key].append((a, b, card))
        key = (source, kind, number, None, example) if number is not None else (source, kind, None, line, None)
        return self._mentions.get(key, [])

    def rich(self, text: Optional[str], source: str, page: str, cards=(), offset: int = 0) -> Markup:
        """Escape ``text``, link its rule references and the card names in
        ``cards`` ((start, end, English name) spans of the whole text, of
        which ``text`` starts at ``offset``), and italicise ``_x_``."""
        if not text:
            return Markup("")
        spans = [(sp.start, sp.end, "ref", sp) for sp in find_reference_spans(text)]
        for a, b, name in cards:
            a, b = a - offset, b - offset
            if 0 <= a < b <= len(text) and self.card_paths.get(name):
                spans.append((a, b, "card", name))
        spans.sort(key=lambda x: (x[0], -x[1]))
        out, pos = [], 0
        for start, end, kind, what in spans:
            if start < pos:
                continue  # overlaps a link already made
            out.append(_inline(text[pos:start]))
            phrase = text[start:end]
            if kind == "card":
                out.append(Markup('<a class="card" href="{}" title="{}">{}</a>').format(
                    rel(page, self.card_paths[what]), what, phrase))
            else:
                out.append(self._reference_link(what, phrase, source, page))
            pos = end
        out.append(_inline(text[pos:]))
        return Markup("").join(out)

    def _reference_link(self, span, phrase: str, source: str, page: str) -> Markup:
        targets = [self.resolve(n, source) for n in span.numbers]
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

    # -- pages ---------------------------------------------------------------
    def document_page(self, entry: dict) -> str:
        d = entry["row"]
        sections = store.sections_of(self.conn, d["id"])
        records = store.card_records(self.conn, d["id"])
        notes = store.notes_of(self.conn, d["id"])
        # Interleave everything in document order by line number.
        items = []
        for s in sections:
            items.append((s["line"], "section", s))
        anchors: dict[str, int] = defaultdict(int)
        for c in records:
            slug = urls.card_anchor(c["name"])
            anchors[slug] += 1
            anchor = slug if anchors[slug] == 1 else f"{slug}-{anchors[slug]}"
            items.append((c["line"], "card", {"row": c, "anchor": anchor}))
        card_lines = {c["cid"]: c["line"] for c in records}
        for n in notes:
            items.append((n["line"], "note", n))
        for r in entry["rules"]:
            items.append((r.line, "rule", r))
        items.sort(key=lambda x: x[0])
        meta = json.loads(d["metadata"] or "{}")
        paragraphs = json.loads(d["paragraphs"] or "[]")
        return self.env.get_template("document.html").render(
            page=entry["path"], doc=d, meta=meta, items=items, paragraphs=paragraphs,
            card_lines=card_lines, title=d["title"], lang=d["lang"],
            english_rules=self.en_targets)

    def edition_pages(self, ed) -> Iterator[tuple[str, str]]:
        """(path, html) of one edition: its contents page, a page per chapter
        and its glossary."""
        chapters = json.loads(ed["chapters"] or "{}")
        sections = json.loads(ed["sections"] or "{}")
        by_chapter: dict[str, list] = defaultdict(list)
        for r in self.edition_rules[ed["source"]]:
            by_chapter[r.number.split(".")[0]].append(r)
        order = sorted(by_chapter)
        base = f"cr/{ed['date']}"
        yield f"{base}/index.html", self.env.get_template("edition.html").render(
            page=f"{base}/index.html", edition=ed, chapters=order, chapter_titles=chapters, sections=sections,
            title=f"Comprehensive Rules {ed['date']}", lang=ed["lang"])
        chapter_tpl = self.env.get_template("chapter.html")
        for i, chapter in enumerate(order):
            path = urls.chapter_path(ed["date"], chapter)
            yield path, chapter_tpl.render(
                page=path, edition=ed, chapter=chapter, chapter_title=chapters.get(chapter, ""),
                rules=by_chapter[chapter], title=f"{chapter}. {chapters.get(chapter, '')} — CR {ed['date']}",
                lang=ed["lang"], prev=order[i - 1] if i else None, next=order[i + 1] if i + 1 < len(order) else None)
        glossary = self.conn.execute("SELECT * FROM glossary WHERE source=? ORDER BY gid", (ed["source"],)).fetchall()
        if glossary:
            path = f"{base}/glossary.html"
            yield path, self.env.get_template("glossary.html").render(
                page=path, edition=ed, entries=glossary, slug=urls.slugify, title=f"Glossary — CR {ed['date']}",
                lang=ed["lang"])

    def card_pages(self) -> Iterator[tuple[str, str]]:
        """(path, html) of every planned card page."""
        for name in list(self.card_paths):
            page = self.card_page(name)
            if page is not None:
                yield page

    def card_page(self, name: str) -> Optional[tuple[str, str]]:
        """(path, html) of the page of card ``name`` (English), or None if
        the card database does not know it."""
        from kb.cards import db as carddb

        if not hasattr(self, "_by_english"):
            self._by_english: dict[str, list] = defaultdict(list)
            for (source, record), english in self.record_cards.items():
                for rec in store.card_records(self.conn, source):
                    if rec["name"] == record:
                        self._by_english[english].append((source, rec))
            self._keyword_rules = {}
            if self.latest is not None:
                self._keyword_rules = {fold_title(r.title): r for r in self.edition_rules[self.latest["source"]]
                                       if r.title}
        card = carddb.get_card(self.conn, name)
        if card is None:
            return None
        path = self.add_card(name)
        records = []
        for source, rec in self._by_english.get(name, []):
            doc = next(d for d in self.docs if d["row"]["id"] == source)
            records.append({"row": rec, "doc": doc, "notes": store.notes_of_record(self.conn, rec["cid"]),
                            "anchor": f"{doc['path']}#{urls.card_anchor(rec['name'])}"})
        kw_rules = [(k, self._keyword_rules[fold_title(k)]) for k in card.keywords
                    if fold_title(k) in self._keyword_rules]
        return path, self.env.get_template("card.html").render(
            page=path, card=card, records=records, keyword_rules=kw_rules, latest=self.latest,
            title=f"{card.name} — {', '.join(card.french_names()) or ''}", lang="fr")

    def terms_page(self) -> Optional[str]:
        """The French <-> English terms glossary (corpus/terms), with each
        keyword linked to its rule in the latest English edition."""
        try:
            from kb.cards.terms import load_terms
            pairs = sorted(load_terms(), key=lambda p: (p.kind, fold(p.fr)))
        except (ImportError, OSError, ValueError):
            return None
        titled = {}
        if self.latest is not None:
            titled = {fold_title(r.title): r.number for r in self.edition_rules[self.latest["source"]] if r.title}

        def keyword_rule(en: str):
            number = titled.get(fold_title(en))
            return (number, self.en_targets[number]) if number and number in self.en_targets else None

        return self.env.get_template("terms.html").render(
            page="terms.html", pairs=pairs, keyword_rule=keyword_rule, slug=urls.slugify,
            title="Termes français ↔ anglais", lang="fr")

    def index_page(self) -> str:
        editions = store.editions(self.conn)
        chapters = {}
        if self.latest is not None:
            chapters = json.loads(self.latest["chapters"] or "{}")
        return self.env.get_template("index.html").render(
            page="index.html", docs=self.docs, editions=editions, latest=self.latest,
            chapter_pages={r.number.split(".")[0] for r in self.edition_rules.get(
                self.latest["source"] if self.latest is not None else "", [])},
            chapters=chapters, title="Règles de Magic — base de connaissances", lang="fr")


def history_path(edition: str, number: str) -> str:
    return f"history/{edition}/{number}.html"


def rel(page: str, target: str) -> str:
    """Relative link from site page ``page`` to site path ``target``."""
    base = os.path.dirname(page)
    path, _, anchor = target.partition("#")
    link = os.path.relpath(path, base or ".") if path else os.path.basename(page)
    return link + (f"#{anchor}" if anchor else "")


def _inline(text: str) -> Markup:
    """Escape, then turn ``_Sombrelande_`` into <em>Sombrelande</em>."""
    out, pos = [], 0
    for m in _ITALIC.finditer(text):
        out.append(escape(text[pos:m.start()]))
        out.append(Markup("<em>{}</em>").format(m.group(1)))
        pos = m.end()
    out.append(escape(text[pos:]))
    return Markup("").join(out)


def iter_pages(site: Site) -> Iterator[tuple[str, str]]:
    """Every page of the site as (site path, html), lazily."""
    yield "index.html", site.index_page()
    for entry in site.docs:
        yield entry["path"], site.document_page(entry)
    yield from site.history_pages()
    terms = site.terms_page()
    if terms is not None:
        yield "terms.html", terms
    for ed in site.editions:
        yield from site.edition_pages(ed)
    yield from site.card_pages()


def page_count(site: Site) -> int:
    """How many pages :func:`iter_pages` will yield (for progress bars), roughly."""
    chapters = sum(len({r.number.split(".")[0] for r in rules}) + 2 for rules in site.edition_rules.values())
    return 1 + len(site.docs) + chapters + len(site.card_paths)


def render_pages(site: Site) -> dict[str, str]:
    """Every page of the site: ``{site path: html}``."""
    return dict(iter_pages(site))


def render_site(conn: sqlite3.Connection, out: Path, ui: str = "fr", all_editions: bool = False,
                all_cards: bool = False, progress: Progress = no_progress) -> list[str]:
    """Write the site into ``out`` (replaced atomically); returns the page paths.

    ``progress``: a :data:`kb.progress.Progress` (one step per page)."""
    out = Path(out).resolve()
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / SITE_MARKER).exists())):
        raise SiteDirError(f"{out} exists and is not a site written by kb render: "
                           f"choose an empty or new directory (nothing was changed)")
    site = Site(conn, ui=ui, all_editions=all_editions, all_cards=all_cards)
    step = progress("Rendering pages", page_count(site))
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".site-", dir=out.parent))
    try:
        pages = []
        for path, html in iter_pages(site):
            target = tmp / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(html, encoding="utf-8")
            pages.append(path)
            step(1)
        shutil.copy(TEMPLATES / "style.css", tmp / "style.css")
        (tmp / SITE_MARKER).write_text("written by kb render; the directory is replaced on the next render\n")
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=".site-old-", dir=out.parent))
            os.replace(out, old)
            os.replace(tmp, out)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return sorted(pages)


def fold_title(title: str) -> str:
    """Rule title or keyword folded for matching (« Persist. » -> ``persist``)."""
    return fold(title.strip().rstrip("."))
