"""Full-text search of the static site, with Pagefind (https://pagefind.app).

Pagefind is a static-site search library: its indexer (the ``pagefind``
package and the binary of ``pagefind_bin``, both from PyPI) reads the rendered
HTML pages and writes a bundle of index fragments, a WebAssembly search
engine and a search UI (``pagefind-ui.js``) that the pages load from the
site's own files: no server code, no CDN, nothing hand-written to keep in step
with the pages.

Pagefind keeps one index per page language (``<html lang>``) and searches,
from a page, the index of that page's language.  The site is bilingual, so
:func:`index_site` writes one bundle per language (``pagefind-fr/`` with the
French pages, ``pagefind-en/`` with the English ones) and each page's search
box (``templates/base.html``) searches its own language's bundle and merges
the other: « association d'âmes » and "soulbond" are found from every page.
"""
from __future__ import annotations

import asyncio
from collections import defaultdict
from pathlib import Path

#: Languages of the site, each with its own bundle.
LANGUAGES = ("fr", "en")


class SearchIndexError(RuntimeError):
    """Pagefind could not index the site (binary missing or failing)."""


def bundle_dir(lang: str) -> str:
    """Site path of the search bundle of pages in ``lang`` (``pagefind-fr``)."""
    return f"pagefind-{lang if lang in LANGUAGES else LANGUAGES[0]}"


def other_language(lang: str) -> str:
    """The site's other language."""
    return LANGUAGES[1] if lang == LANGUAGES[0] else LANGUAGES[0]


def index_site(root: Path, pages: dict[str, str]) -> dict[str, int]:
    """Index the written pages ``{site path: language}`` under ``root``; write
    one bundle per language into ``root``; returns pages indexed per language."""
    try:
        return asyncio.run(_index_all(Path(root), language_globs(pages)))
    except Exception as e:       # the service answers its errors as plain Exceptions
        raise SearchIndexError(f"the search index could not be written (pagefind): {e}") from e


def language_globs(pages: dict[str, str]) -> dict[str, str]:
    """A glob of the pages of each language, for Pagefind's directory indexer
    (which is fast, where adding pages one by one costs 0.1 s each): a folder
    whose pages all have one language as ``folder/**/*.html``, other pages by
    name.  Languages without pages are left out."""
    langs_of: dict[str, set[str]] = defaultdict(set)
    for path, lang in pages.items():
        if "/" in path:
            langs_of[path.split("/", 1)[0]].add(_language(lang))
    patterns: dict[str, set[str]] = defaultdict(set)
    for path, lang in pages.items():
        lang = _language(lang)
        top = path.split("/", 1)[0] if "/" in path else None
        patterns[lang].add(f"{top}/**/*.html" if top and langs_of[top] == {lang} else path)
    return {lang: "{" + ",".join(sorted(patterns[lang])) + "}" for lang in LANGUAGES if patterns[lang]}


def _language(lang: str) -> str:
    return lang if lang in LANGUAGES else LANGUAGES[0]


async def _index_all(root: Path, globs: dict[str, str]) -> dict[str, int]:
    counts = {}
    for lang, glob in globs.items():
        counts[lang] = await _index_language(root, lang, glob)
    return counts


async def _index_language(root: Path, lang: str, glob: str) -> int:
    """Write the bundle of the pages of ``root`` matching ``glob`` (all in ``lang``)."""
    from pagefind.index import IndexConfig, PagefindIndex

    config = IndexConfig(force_language=lang, output_path=str(root / bundle_dir(lang)))
    async with PagefindIndex(config) as index:
        indexed = await index.add_directory(str(root), glob=glob)
    return indexed["page_count"]
