"""``kb render``: the static HTML site, written with Jinja2 templates.

:func:`render_site` writes, under ``out``:

* ``index.html`` -- every document and edition;
* one page per French document (``fr/faq/sombrelande.html``,
  ``fr/rules/607.html``) with an anchor per rule (``#702.92a``), card record
  (``#implorer-la-reine``), note and section;
* one page per chapter of the latest English edition, when one was ingested
  (``cr/2026-01-16/702.html``), its contents and glossary;
* the terms page, the card pages, rule histories and edition differences;
* ``style.css``;
* the full-text search bundles (``pagefind-fr/``, ``pagefind-en/``,
  :mod:`kb.site.staticsearch`), written over the finished pages.

This module holds the Jinja2 environment (:class:`Site`), the order of the
pages (:func:`iter_pages`) and the atomic write of the output directory.
Which pages exist and where: :mod:`kb.site.links`; the data of each page:
:mod:`kb.site.context`; text to HTML: :mod:`kb.site.richtext`.  Autoescaping
is on everywhere: document and card text is data.
"""
from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from pathlib import Path
from typing import Iterator

from jinja2 import Environment, FileSystemLoader, select_autoescape

from kb.data import templates_dir
from kb.progress import Progress, Step, no_progress
from kb.site.context import Page, PageContexts
from kb.site.i18n import change_labeller, translations
from kb.site.links import LinkRegistry
from kb.site.mana import mana_cost, symbols_in
from kb.site.richtext import RichText
from kb.site.staticsearch import bundle_dir, index_site, other_language
from kb.site.urls import rel

TEMPLATES = templates_dir()
SITE_MARKER = ".kb-site"


class SiteDirError(ValueError):
    """The output directory holds something other than a kb site."""


class Site:
    """One rendering of the site: its link registry (:attr:`links`), page
    contexts (:attr:`contexts`) and Jinja2 environment (:attr:`env`)."""

    def __init__(self, conn: sqlite3.Connection, ui: str = "fr", live: bool = False,
                 all_editions: bool = False, all_cards: bool = False, search: bool = False):
        """``ui``: interface language (``fr`` or ``en``); ``live``: pages are
        served by ``kb serve`` (search box and language switch shown);
        ``search``: static pages get the search box of the static search
        bundles (:mod:`kb.site.staticsearch`);
        ``all_editions``: a page per chapter of every edition, not only the
        latest; ``all_cards``: a page per card of the card database, not only
        the cards the documents and rule families bring in."""
        self.conn = conn
        self.ui = ui
        self.links = LinkRegistry.plan(conn, live=live, all_editions=all_editions, all_cards=all_cards)
        self.contexts = PageContexts(conn, self.links)
        self.env = _environment(ui, live, self.links, self.contexts)
        self.env.globals.update(static_search=search and not live, search_bundle=bundle_dir,
                                other_language=other_language)

    def render(self, page: Page) -> tuple[str, str]:
        """(site path, html) of ``page``."""
        html = self.env.get_template(page.template).render(page=page.path, title=page.title, lang=page.lang,
                                                            **page.data)
        return page.path, html


def _environment(ui: str, live: bool, links: LinkRegistry, contexts: PageContexts) -> Environment:
    """The Jinja2 environment: templates, interface strings for ``ui``, the
    ``rich`` filter and the lookups the templates call."""
    env = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(default=True),
                      trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.i18n"])
    env.install_gettext_callables(*translations(ui), newstyle=True)
    env.filters["rich"] = RichText(links)
    env.filters["symbols"] = symbols_in
    env.globals.update(rel=rel, ui=ui, live=live, mana_cost=mana_cost,
                       cited_by=links.cited_by, family=links.family, card_path=links.card_path,
                       record_card=links.record_card, en_target=links.en_targets.get, rule_link=links.rule_link,
                       english_beside=contexts.beside, mentions=contexts.mentions,
                       references=links.references, history_link=links.history_link, diff_link=links.diff_link,
                       neighbours=links.neighbours, change_label=change_labeller(ui))
    return env


def _pages(site: Site) -> Iterator[Page]:
    """Every page of the site, in writing order (the history pages come after
    the documents whose rules link to them)."""
    contexts = site.contexts
    yield contexts.index()
    for doc in site.links.documents:
        yield contexts.document(doc)
    warnings = contexts.warnings()
    if warnings is not None:
        yield warnings
    yield from contexts.history()
    terms = contexts.terms()
    if terms is not None:
        yield terms
    for ed in site.links.editions:
        yield from contexts.edition(ed)
    yield from contexts.cards()


def iter_pages(site: Site) -> Iterator[tuple[str, str]]:
    """Every page of the site as (site path, html), lazily."""
    for page in _pages(site):
        yield site.render(page)


def iter_pages_lang(site: Site) -> Iterator[tuple[str, str, str]]:
    """Every page of the site as (site path, html, language), lazily."""
    for page in _pages(site):
        path, html = site.render(page)
        yield path, html, page.lang


def page_count(site: Site) -> int:
    """How many pages :func:`iter_pages` will yield (for progress bars), roughly."""
    links = site.links
    chapters = sum(len(links.chapters(source)) + 2 for source in links.edition_rules)
    return 1 + len(links.documents) + chapters + len(links.card_paths)


def render_pages(site: Site) -> dict[str, str]:
    """Every page of the site: ``{site path: html}``."""
    return dict(iter_pages(site))


def render_site(conn: sqlite3.Connection, out: Path, ui: str = "fr", all_editions: bool = False,
                all_cards: bool = False, progress: Progress = no_progress, search: bool = True) -> list[str]:
    """Write the site into ``out`` (replaced atomically); returns the page paths.

    ``progress``: a :data:`kb.progress.Progress` (one step per page);
    ``search``: index the pages for full-text search (Pagefind,
    :mod:`kb.site.staticsearch`) before the site is put in place."""
    out = Path(out).resolve()
    _check_out_dir(out)
    site = Site(conn, ui=ui, all_editions=all_editions, all_cards=all_cards, search=search)
    step = progress("Rendering pages", page_count(site))
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".site-", dir=out.parent))
    try:
        pages = _write_pages(site, tmp, step)
        if search:
            index_site(tmp, pages)
        _replace_dir(out, tmp)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return sorted(pages)


def _check_out_dir(out: Path) -> None:
    """Refuse an output directory that is not empty and not a kb site."""
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / SITE_MARKER).exists())):
        raise SiteDirError(f"{out} exists and is not a site written by kb render: "
                           f"choose an empty or new directory (nothing was changed)")


def _write_pages(site: Site, tmp: Path, step: Step) -> dict[str, str]:
    """Write every page, the style sheet and the site marker under ``tmp``;
    returns ``{site path: page language}``."""
    pages = {}
    for path, html, lang in iter_pages_lang(site):
        target = tmp / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(html, encoding="utf-8")
        pages[path] = lang
        step(1)
    shutil.copy(TEMPLATES / "style.css", tmp / "style.css")
    (tmp / SITE_MARKER).write_text("written by kb render; the directory is replaced on the next render\n")
    return pages


def _replace_dir(out: Path, tmp: Path) -> None:
    """Put the finished directory ``tmp`` in place of ``out``."""
    if out.exists():
        old = Path(tempfile.mkdtemp(prefix=".site-old-", dir=out.parent))
        os.replace(out, old)
        os.replace(tmp, out)
        shutil.rmtree(old, ignore_errors=True)
    else:
        os.replace(tmp, out)
