"""Memos that last one check: what the readers of one claim share (its tokens, its parses), so that a text
cut from the claim in several ways, or read by several readers, is worked out once.  Outside a check, nothing
is kept: the card data and the grammar may differ from one check to the next (another knowledge base)."""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator, Optional

__all__ = ["PerCheck"]


class PerCheck:
    """A memo (a dict) that exists within :meth:`scope` only; nested scopes share the outer one's."""

    def __init__(self, name: str) -> None:
        self._var: ContextVar[Optional[dict]] = ContextVar(name, default=None)

    def memo(self) -> Optional[dict]:
        """The memo of the check under way, None outside one."""
        return self._var.get()

    @contextmanager
    def scope(self) -> Iterator[None]:
        if self._var.get() is not None:
            yield
            return
        token = self._var.set({})
        try:
            yield
        finally:
            self._var.reset(token)
