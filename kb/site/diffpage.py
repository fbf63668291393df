"""The word diff of each changed rule on the page of differences between two
editions (``templates/diff.html``), as ``kb history --diff`` shows it: the
title and text of the rule in the older edition against its number in the
newer one (:func:`kb.rules.wordiff.word_diff`), examples below.  Which rules
changed is :func:`kb.rules.diff.diff_editions`'s answer; this module only
reads the two texts of each."""
from __future__ import annotations

import json
import sqlite3
from typing import Optional

from kb.rules.changes import rule_body
from kb.rules.diff import rules_by_number
from kb.rules.wordiff import word_diff

#: Changes whose words differ (``typo`` and ``none`` have nothing to show).
SHOWN = ("words", "refs")

#: Unchanged words kept on each side of a change.
CONTEXT = 12


def _body(row: Optional[tuple]) -> str:
    """Title, text and examples of an ``edition_rules`` row (number, title, text, examples)."""
    if row is None:
        return ""
    return "\n".join([rule_body(row[1], row[2]), *json.loads(row[3] or "[]")])


def rule_diffs(conn: sqlite3.Connection, d: dict) -> dict[str, list[tuple[str, str]]]:
    """Word diff operations of each reworded or renumbered-and-changed rule of
    the edition diff ``d`` (:meth:`EditionDiff.to_dict`), keyed by its number
    in the newer edition; of each merge (the texts merged, one after the other, against the
    rule they became), keyed ``merged:`` and that rule's number, and of each split (the rule
    against its pieces), keyed ``split:`` and the old number."""
    changed = [(r["number"], r["number"]) for r in d["reworded"] if r["change"] in SHOWN]
    changed += [(r["from"], r["to"]) for r in d["renumbered"] if r["change"] in SHOWN]
    if not changed and not d["merged"] and not d["split"]:
        return {}
    old, new = rules_by_number(conn, d["a"]), rules_by_number(conn, d["b"])
    out = {b: trimmed(word_diff(_body(old.get(a)), _body(new.get(b)))) for a, b in changed}
    for r in d["merged"]:
        out["merged:" + r["to"]] = trimmed(word_diff("\n".join(_body(old.get(n)) for n in r["from"]),
                                                     _body(new.get(r["to"]))))
    for r in d["split"]:
        out["split:" + r["from"]] = trimmed(word_diff(_body(old.get(r["from"])),
                                                      "\n".join(_body(new.get(n)) for n in r["to"])))
    return out


def trimmed(ops: list[tuple[str, str]], keep: int = CONTEXT) -> list[tuple[str, str]]:
    """``ops`` with each long unchanged run cut to ``keep`` words beside the
    changes around it (``…`` marks the cut): a change in a long list of
    creature types stays readable."""
    out = []
    for i, (op, text) in enumerate(ops):
        words = text.split(" ")
        if op != "equal" or len(words) <= 2 * keep + 1:
            out.append((op, text))
            continue
        head = words[:keep] if i > 0 else []
        tail = words[-keep:] if i < len(ops) - 1 else []
        out.append((op, " ".join(head + ["…"] + tail)))
    return out
