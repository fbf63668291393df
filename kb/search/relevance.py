"""Relevance sets: queries written with the results a user expects, and how
a search result meets one expectation.

A set is a YAML list of ``{q, expect, opts?, seeds?}``; each expectation is
``kind:id`` or ``kind:id@lang`` (``rule:702.92a@fr``), ``source:SOURCE`` or
``about:CARD``.  ``tests/fixtures/search_queries.yaml`` is the project's set,
scored by ``benchmarks/bench_search.py`` and by the seed relevance test.
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import yaml


def load_entries(path: Path, seeds_only: bool = False) -> list[dict]:
    """The entries of a relevance set (only those marked ``seeds: true`` with ``seeds_only``)."""
    entries = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    return [e for e in entries if e.get("seeds") or not seeds_only]


def matches(result, expected: str) -> bool:
    """Does a search result meet one expectation (``kind:id[@lang]``, ``source:…``, ``about:…``)?"""
    head, _, rest = expected.partition(":")
    if head == "source":
        return result.source == rest
    if head == "about":
        return result.about == rest
    ident, _, lang = rest.partition("@")
    return result.kind == head and result.id == ident and (not lang or result.lang == lang)


def rank_of(results, expect: list[str]) -> Optional[int]:
    """1-based rank of the first result meeting any expectation; None if none does."""
    return next((i for i, r in enumerate(results, 1) if any(matches(r, e) for e in expect)), None)
