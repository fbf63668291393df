"""Which documents a search may return: kinds, languages, editions.

The default scope is the latest English edition of the Comprehensive Rules,
every French document and the latest French wording of every card; an
``edition:`` filter or ``all_editions`` widens it.  :class:`Scope` says
what is asked; :mod:`kb.search.index` turns it into engine filters.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

#: ``edition:`` values that are not dates: every edition, the latest one.
EDITION_WORDS = ("all", "latest")


@dataclass
class Scope:
    """``kinds``/``langs``/``editions`` (None = any; an edition is a date or
    a date prefix such as ``2008``); ``all_editions`` lifts the default
    scope."""

    kinds: Optional[list] = None
    langs: Optional[list] = None
    editions: Optional[list] = None
    all_editions: bool = False
    #: Rulings (``kind:ruling``) among any kind: False leaves them to their own pass.
    rulings: bool = True

    @property
    def wide(self) -> bool:
        """True when texts outside the default scope may be returned."""
        return self.all_editions or bool(self.editions and any(e != "latest" for e in self.editions))

    @property
    def dated_editions(self) -> list[str]:
        """The editions asked for as dates or date prefixes."""
        return [e for e in (self.editions or []) if e not in EDITION_WORDS]

    @property
    def label(self) -> str:
        """``default``, ``all-editions`` or ``editions <the editions asked for>``."""
        if self.editions:
            return "editions " + ", ".join(self.editions)
        return "all-editions" if self.all_editions else "default"

    def includes_kind(self, kind: str) -> bool:
        return self.kinds is None or kind in self.kinds

    def accepts(self, f: dict) -> bool:
        """Does a document's stored fields fall within this scope?"""
        if self.kinds and f.get("kind") not in self.kinds:
            return False
        if self.langs and f.get("lang") not in self.langs:
            return False
        eds = self.dated_editions
        if eds:
            held = (f.get("editions") or "").split()
            return any(h.startswith(e) for e in eds for h in held)
        return self.wide or f.get("scope", "current") == "current"
