"""Every Lark grammar of the product, loaded as package data.

``cr``, ``faq`` (with ``faq_rules``, ``faq_header`` and ``dates``), ``faq_byline`` (a header line's
fields and dates), ``faq_flat``, ``cardface``, ``keyword_line`` (a card's line of keyword abilities), ``mana``, ``references`` and ``terminals`` read
documents; ``query`` is the search language; ``claims`` the checker's claim
language.  Relative ``%import`` lines (``%import .terminals``) resolve
inside this package.
"""
from __future__ import annotations

from lark import Lark


def load(name: str, **options) -> Lark:
    """The Lark parser of grammar ``name`` (``"cr"`` for ``cr.lark``) built
    with ``options``; relative imports are read from this package."""
    return Lark.open_from_package(__name__, f"{name}.lark", ("",), **options)


def text(name: str) -> str:
    """The source text of grammar ``name``."""
    from importlib.resources import files

    return (files(__name__) / f"{name}.lark").read_text(encoding="utf-8")
