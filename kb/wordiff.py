"""Word diffs between two versions of a rule text (stdlib :mod:`difflib`).

:func:`word_diff` returns the operations, :func:`word_diff_text` a one-line
rendering with ``[-removed-]`` and ``{+inserted+}`` marks (the convention of
``git diff --word-diff=plain``).  Words are runs of non-space characters;
the whitespace between them is kept with the word before it.
"""
from __future__ import annotations

import difflib
import re

_WORD_RE = re.compile(r"\S+\s*")


def words(text: str) -> list[str]:
    """``text`` cut into words, each keeping its trailing whitespace."""
    return _WORD_RE.findall(text or "")


def word_diff(old: str, new: str) -> list[tuple[str, str]]:
    """Operations turning ``old`` into ``new``: a list of (op, text) with op
    one of ``equal``, ``delete``, ``insert`` (a replacement is a delete
    followed by an insert).  Joining the ``equal`` and ``insert`` texts gives
    ``new`` back (up to trailing whitespace)."""
    a, b = words(old), words(new)
    ops: list[tuple[str, str]] = []
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            ops.append(("equal", "".join(a[i1:i2])))
        else:
            if i2 > i1:
                ops.append(("delete", "".join(a[i1:i2])))
            if j2 > j1:
                ops.append(("insert", "".join(b[j1:j2])))
    return ops


def word_diff_text(old: str, new: str) -> str:
    """``old`` -> ``new`` as one string with ``[-…-]`` / ``{+…+}`` marks.

    >>> word_diff_text("put into a graveyard from play", "put into a graveyard from the battlefield")
    'put into a graveyard from [-play-]{+the battlefield+}'
    """
    ops = word_diff(old, new)
    out = []
    for i, (op, text) in enumerate(ops):
        core, tail = text.rstrip(), text[len(text.rstrip()):]
        if op == "equal":
            out.append(text)
        elif op == "delete":
            followed_by_insert = i + 1 < len(ops) and ops[i + 1][0] == "insert"
            out.append(f"[-{core}-]" + ("" if followed_by_insert else tail))
        else:
            out.append(f"{{+{core}+}}{tail}")
    return "".join(out).strip()
