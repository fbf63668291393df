"""Stable, readable addresses of knowledge-base pages, shared by the static
site (:mod:`kb.site.render`) and the server (:mod:`kb.site.serve`).

* a French document: ``fr/faq/sombrelande.html``, ``fr/rules/607.html``;
* an English edition: its contents ``cr/2026-01-16/index.html``, a chapter
  ``cr/2026-01-16/702.html``, its glossary ``cr/2026-01-16/glossary.html``;
* a card: ``card/persistent-petitioners.html``;
* the history of a rule ``history/2008-05-01/502.10.html`` and the
  differences between two editions ``diff/2004-10-01_2008-05-01.html``;
* anchors: the rule number (``#702.92a``), the card slug
  (``#implorer-la-reine``), ``#note-12``, the section id.

Every edition in an address may be written as a year, a month or a date
(``diff/2019_2026``, ``cr/2008/502``): :func:`with_editions` turns it into
the edition in force then (at the end of that year or month, as on the
command line), the address the server redirects to.

Paths are relative to the site root, without a leading slash; the server
answers them without ``.html`` too (:func:`pretty`).
"""
from __future__ import annotations

import os
import sqlite3
from typing import Callable, Optional

from parser.textkeys import slugify


def document_slug(doc: sqlite3.Row | dict, first_rule: Optional[str] = None) -> str:
    """Slug of a French document: the FAQ's set name (« Foire aux questions
    Sombrelande » -> ``sombrelande``), else the chapter of its first rule
    (``607``), else its id."""
    title = doc["title"] or ""
    if doc["kind"] == "faq" and title.lower().startswith("foire aux questions"):
        return slugify(title[len("foire aux questions"):]) or doc["id"]
    if doc["kind"] == "faq":  # « Nouveau mot-clé : Association d'âmes » -> association-d-ames
        return slugify(title.rpartition(" : ")[2]) or doc["id"]
    if first_rule:
        return chapter_of(first_rule)
    return doc["id"]


def document_path(doc: sqlite3.Row | dict, slug: str) -> str:
    return f"{doc['lang']}/{'faq' if doc['kind'] == 'faq' else 'rules'}/{slug}.html"


def chapter_of(number: str) -> str:
    """The chapter whose page holds rule ``number`` (``702.92a`` -> ``702``)."""
    return number.split(".")[0]


def edition_path(edition_date: str) -> str:
    return f"cr/{edition_date}/index.html"


def chapter_path(edition_date: str, chapter: str) -> str:
    return f"cr/{edition_date}/{chapter}.html"


def rule_path(edition_date: str, number: str) -> str:
    """Chapter page and anchor of rule ``number`` of an English edition."""
    return f"{chapter_path(edition_date, chapter_of(number))}#{number}"


def glossary_path(edition_date: str) -> str:
    return f"cr/{edition_date}/glossary.html"


def card_page_path(slug: str) -> str:
    return f"card/{slug}.html"


def history_path(edition: str, number: str) -> str:
    return f"history/{edition}/{number}.html"


def diff_path(a: str, b: str) -> str:
    return f"diff/{a}_{b}.html"


def card_anchor(name: str) -> str:
    return slugify(name)


def note_anchor(position: int) -> str:
    return f"note-{position}"


def rel(page: str, target: str) -> str:
    """Relative link from site page ``page`` to site path ``target``."""
    base = os.path.dirname(page)
    path, _, anchor = target.partition("#")
    link = os.path.relpath(path, base or ".") if path else os.path.basename(page)
    return link + (f"#{anchor}" if anchor else "")


def pretty(path: str) -> str:
    """``fr/faq/x.html#a`` -> ``/fr/faq/x#a`` (the server answers both)."""
    page, hash_, anchor = path.partition("#")
    return "/" + page.removesuffix(".html") + hash_ + anchor


#: The address patterns whose second segment names editions: ``cr/X/…``,
#: ``history/X/…`` (one edition), ``diff/X_Y`` (two).
EDITION_SEGMENTS = {"cr": 1, "history": 1, "diff": 2}


def with_editions(path: str, resolve: Callable[[str], Optional[str]]) -> Optional[str]:
    """``path`` (a site path, with or without ``.html``) with the editions
    of its edition segment replaced by ``resolve(edition)`` (a year, month
    or date -> the edition in force then, itself for an edition; None when
    none was); None when a segment does not resolve.  ``diff/2019_2026`` ->
    ``diff/2019-10-04_2026-01-16`` (say); other paths are returned as they are."""
    parts = path.split("/")
    count = EDITION_SEGMENTS.get(parts[0])
    if count is None or len(parts) < 2 or (count == 1 and len(parts) < 3):
        return path
    segment, dot, ext = parts[1].partition(".") if count == 2 else (parts[1], "", "")
    names = segment.split("_") if count == 2 else [segment]
    if len(names) != count:
        return path
    resolved = [resolve(n) for n in names]
    if any(r is None for r in resolved):
        return None
    parts[1] = "_".join(resolved) + dot + ext
    return "/".join(parts)
