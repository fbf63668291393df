"""Word diffs between two versions of a rule text (stdlib :mod:`difflib`).

:func:`word_diff` returns the operations, :func:`word_diff_text` a one-line
rendering with ``[-removed-]`` and ``{+inserted+}`` marks (the convention of
``git diff --word-diff=plain``).  Words are runs of non-space characters;
whitespace is not compared (a diff is rendered with single spaces).
"""
from __future__ import annotations

import difflib


def word_diff(old: str, new: str) -> list[tuple[str, str]]:
    """Operations turning ``old`` into ``new``: a list of (op, text) with op
    one of ``equal``, ``delete``, ``insert`` (a replacement is a delete
    followed by an insert); ``text`` is the words joined by single spaces.
    Joining the ``equal`` and ``insert`` texts with spaces gives ``new`` with
    its whitespace collapsed."""
    a, b = (old or "").split(), (new or "").split()
    ops: list[tuple[str, str]] = []
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            ops.append(("equal", " ".join(a[i1:i2])))
            continue
        if i2 > i1:
            ops.append(("delete", " ".join(a[i1:i2])))
        if j2 > j1:
            ops.append(("insert", " ".join(b[j1:j2])))
    return ops


def word_diff_text(old: str, new: str) -> str:
    """``old`` -> ``new`` as one string with ``[-…-]`` / ``{+…+}`` marks.

    >>> word_diff_text("put into a graveyard from play", "put into a graveyard from the battlefield")
    'put into a graveyard from [-play-] {+the battlefield+}'
    """
    marks = {"equal": "{}", "delete": "[-{}-]", "insert": "{{+{}+}}"}
    return " ".join(marks[op].format(text) for op, text in word_diff(old, new))


def rule_diff_text(old: tuple, new: tuple) -> str:
    """The word diff of two versions of a rule, each ``(body, examples)`` (the body as
    :func:`kb.rules.changes.rule_body` gives it, the examples a list): the body's diff, then, when
    the examples changed, theirs after « Example: » (a change in an example alone shows)."""
    text = word_diff_text(old[0], new[0])
    if list(old[1]) != list(new[1]):
        text += " Example: " + word_diff_text(" ".join(old[1]), " ".join(new[1]))
    return text
