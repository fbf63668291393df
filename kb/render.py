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
from typing import Optional

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape

from kb import store, urls
from kb.i18n import translations
from parser.references import find_reference_spans

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
_ITALIC = re.compile(r"(?<![\w*])_([^_\n]+)_(?![\w])")


class Site:
    """Everything the templates need: pages, link targets, the Jinja env."""

    def __init__(self, conn: sqlite3.Connection, ui: str = "fr", live: bool = False):
        """``ui``: interface language (``fr`` or ``en``); ``live``: pages are
        served by ``kb serve`` (search box and language switch shown)."""
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
        self.env.globals["cited_by"] = self.cited_by
        self.latest = conn.execute("SELECT * FROM editions WHERE lang='en' ORDER BY date DESC LIMIT 1").fetchone()
        self._plan()

    # -- planning: which page holds what ----------------------------------
    def _plan(self) -> None:
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
        if self.latest is not None:
            for r in store.rules_of_source(self.conn, self.latest["source"]):
                target = f"{urls.chapter_path(self.latest['date'], r.number.split('.')[0])}#{r.number}"
                self.targets[(self.latest["source"], r.number)] = target
                self.en_targets[r.number] = target
        sets = [(d["row"]["id"], d["rules"], lambda r, p=d["path"]: f"{p}#{r.number}") for d in self.docs]
        if self.latest is not None:
            ed = self.latest
            sets.append((ed["source"], store.rules_of_source(self.conn, ed["source"]),
                         lambda r, date=ed["date"]: f"{urls.chapter_path(date, r.number.split('.')[0])}#{r.number}"))
        self._backlinks(sets)

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
    def rich(self, text: Optional[str], source: str, page: str) -> Markup:
        """Escape ``text``, link its rule references and italicise ``_x_``."""
        if not text:
            return Markup("")
        out, pos = [], 0
        for span in find_reference_spans(text):
            out.append(_inline(text[pos:span.start]))
            phrase = text[span.start:span.end]
            targets = [self.resolve(n, source) for n in span.numbers]
            if targets and targets[0] and len(span.numbers) == 1:
                out.append(Markup('<a class="ref" href="{}">{}</a>').format(rel(page, targets[0]), phrase))
            elif any(targets):
                # a list or range: link the phrase to its first target, and each rule after it
                first = next(t for t in targets if t)
                links = Markup(", ").join(Markup('<a class="ref" href="{}">{}</a>').format(rel(page, t), n)
                                          for n, t in zip(span.numbers, targets) if t)
                out.append(Markup('<a class="ref" href="{}">{}</a> <span class="refs">({})</span>')
                           .format(rel(page, first), phrase, links))
            else:
                out.append(escape(phrase))
            pos = span.end
        out.append(_inline(text[pos:]))
        return Markup("").join(out)

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

    def chapter_pages(self) -> dict[str, str]:
        """Pages of the latest English edition, one per chapter."""
        if self.latest is None:
            return {}
        ed = self.latest
        chapters = json.loads(ed["chapters"] or "{}")
        by_chapter: dict[str, list] = defaultdict(list)
        for r in store.rules_of_source(self.conn, ed["source"]):
            by_chapter[r.number.split(".")[0]].append(r)
        pages = {}
        for chapter, rules in by_chapter.items():
            path = urls.chapter_path(ed["date"], chapter)
            pages[path] = self.env.get_template("chapter.html").render(
                page=path, edition=ed, chapter=chapter, chapter_title=chapters.get(chapter, ""),
                rules=rules, title=f"{chapter}. {chapters.get(chapter, '')} — CR {ed['date']}", lang="en",
                chapters=sorted(by_chapter), chapter_titles=chapters)
        return pages

    def index_page(self) -> str:
        editions = store.editions(self.conn)
        chapters = {}
        if self.latest is not None:
            chapters = json.loads(self.latest["chapters"] or "{}")
        return self.env.get_template("index.html").render(
            page="index.html", docs=self.docs, editions=editions, latest=self.latest,
            chapters=chapters, title="Règles de Magic — base de connaissances", lang="fr")


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


def render_pages(site: Site) -> dict[str, str]:
    """Every page of the site: ``{site path: html}``."""
    pages: dict[str, str] = {"index.html": site.index_page()}
    for entry in site.docs:
        pages[entry["path"]] = site.document_page(entry)
    pages.update(site.chapter_pages())
    return pages


def render_site(conn: sqlite3.Connection, out: Path, ui: str = "fr") -> list[str]:
    """Write the site into ``out`` (replaced atomically); returns the page paths."""
    out = Path(out)
    pages = render_pages(Site(conn, ui=ui))
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".site-", dir=out.parent))
    try:
        for path, html in pages.items():
            target = tmp / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(html, encoding="utf-8")
        shutil.copy(TEMPLATES / "style.css", tmp / "style.css")
        if out.exists():
            old = out.with_name(out.name + ".old")
            shutil.rmtree(old, ignore_errors=True)
            os.replace(out, old)
            os.replace(tmp, out)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return sorted(pages)
