"""Stable, readable addresses of knowledge-base pages, shared by the static
site (:mod:`kb.site.render`) and the server.

* a French document: ``fr/faq/sombrelande.html``, ``fr/rules/607.html``;
* an English edition's chapter: ``cr/2026-01-16/702.html``;
* anchors: the rule number (``#702.92a``), the card slug
  (``#implorer-la-reine``), ``#note-12``, the section id.

Paths are relative to the site root, without a leading slash.
"""
from __future__ import annotations

import sqlite3
from typing import Optional

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
        return first_rule.split(".")[0]
    return doc["id"]


def document_path(doc: sqlite3.Row | dict, slug: str) -> str:
    return f"{doc['lang']}/{'faq' if doc['kind'] == 'faq' else 'rules'}/{slug}.html"


def chapter_path(edition_date: str, chapter: str) -> str:
    return f"cr/{edition_date}/{chapter}.html"


def card_anchor(name: str) -> str:
    return slugify(name)


def note_anchor(position: int) -> str:
    return f"note-{position}"
