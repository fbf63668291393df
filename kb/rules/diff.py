"""What changed between two editions: added, removed, renumbered, reworded, split and merged rules.

:func:`diff_editions` chains the maps of the editions between the two
(:func:`kb.rules.lineage.forward_closure`); :func:`format_diff` is the text
``kb diff`` prints.
"""
from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from dataclasses import asdict, dataclass, field

from kb.model import rule_sort_key
from kb.rules.changes import change_kind, rule_body
from kb.rules.lineage import forward_closure
from kb.rules.versions import edition_asked, history_editions
from kb.rules.wordiff import rule_diff_text


@dataclass
class EditionDiff:
    """What changed between two editions ``a`` < ``b`` (not necessarily
    consecutive: the maps of the editions between them are chained).

    Lists hold dicts: ``added`` {number, title}; ``removed`` {number, title};
    ``renumbered`` {from, to, change, title}; ``reworded`` {number, change, title};
    ``split`` {from, to: [...]}; ``merged`` {from: [...], to}.
    ``unchanged`` counts rules with the same number and words.  With word diffs
    (:func:`diff_editions` ``word_diffs``), a renumbered or reworded rule whose words changed
    has ``diff`` (:func:`kb.rules.wordiff.rule_diff_text`), as ``kb history --diff`` shows, and
    so has each split and merge (the pieces' texts one after the other).
    """

    a: str
    b: str
    added: list[dict] = field(default_factory=list)
    removed: list[dict] = field(default_factory=list)
    renumbered: list[dict] = field(default_factory=list)
    reworded: list[dict] = field(default_factory=list)
    split: list[dict] = field(default_factory=list)
    merged: list[dict] = field(default_factory=list)
    unchanged: int = 0

    def to_dict(self) -> dict:
        return asdict(self)


def rules_by_number(conn: sqlite3.Connection, edition: str) -> dict[str, tuple]:
    """number -> (number, title, text, examples) of every English rule of ``edition``."""
    rows = conn.execute("SELECT v.number, v.title, v.text, v.examples FROM edition_rules v "
                        "WHERE v.edition=? AND v.lang='en'", (edition,)).fetchall()
    return {r[0]: r for r in rows}


def _change(x: tuple, y: tuple) -> str:
    return change_kind(x[1], x[2], json.loads(x[3] or "[]"), y[1], y[2], json.loads(y[3] or "[]"))


def diff_editions(conn: sqlite3.Connection, a: str, b: str, word_diffs: bool = False) -> EditionDiff:
    """Added, removed, renumbered, reworded, split and merged rules from
    edition ``a`` to edition ``b`` (dates; a date between editions means the
    edition then in force).  Every rule of ``a`` is in exactly one list (or
    counted unchanged): a split or merged rule is not also "renumbered".
    ``word_diffs`` adds each changed rule's word diff.  Raises KeyError for a date before the
    first edition, ValueError if ``a`` is not before ``b``."""
    eds = history_editions(conn)
    if not eds:
        raise ValueError("no rule history in this knowledge base (build it with --cr editions)")
    a, b = edition_asked(conn, eds, a), edition_asked(conn, eds, b)
    if a >= b:
        raise ValueError(f"{a} is not before {b}")
    rules_a, rules_b = rules_by_number(conn, a), rules_by_number(conn, b)
    main = forward_closure(conn, a, rules_a, until=b, follow_splits=False)
    every = forward_closure(conn, a, rules_a, until=b, follow_splits=True)
    d = EditionDiff(a, b)
    reached: dict[str, list[str]] = defaultdict(list)
    for n in sorted(rules_a, key=rule_sort_key):
        for t in main[n]:
            reached[t].append(n)
    merged_from = {n for froms in reached.values() if len(froms) > 1 for n in froms}
    for t, froms in reached.items():
        if len(froms) > 1:
            d.merged.append({"from": sorted(froms, key=rule_sort_key), "to": t})
    for n in sorted(rules_a, key=rule_sort_key):
        if n not in merged_from:
            _classify(d, n, sorted(main[n], key=rule_sort_key),
                      sorted(every[n] - main[n], key=rule_sort_key), rules_a, rules_b)
    split_targets = {t for s in d.split for t in s["to"]}
    for n in sorted(rules_b, key=rule_sort_key):
        if n not in reached and n not in split_targets:
            d.added.append({"number": n, "title": rules_b[n][1]})
    d.merged.sort(key=lambda m: rule_sort_key(m["to"]))
    if word_diffs:
        _add_word_diffs(d, rules_a, rules_b)
    return d


def _body(rule: tuple) -> tuple:
    return rule_body(rule[1], rule[2]), json.loads(rule[3] or "[]")


def _joined(rules: list[tuple]) -> tuple:
    """Several rules' bodies and examples, one after the other (a merge's sources, a split's pieces)."""
    return " ".join(r[0] for r in rules), [e for r in rules for e in r[1]]


def _add_word_diffs(d: EditionDiff, rules_a: dict, rules_b: dict) -> None:
    """``diff`` of each renumbered or reworded rule whose words changed; of a merge, the texts
    merged (one after the other) against the rule they became; of a split, the rule against
    its pieces (one after the other)."""
    for r in d.renumbered:
        if r["change"] == "words":
            r["diff"] = rule_diff_text(_body(rules_a[r["from"]]), _body(rules_b[r["to"]]))
    for r in d.reworded:
        r["diff"] = rule_diff_text(_body(rules_a[r["number"]]), _body(rules_b[r["number"]]))
    for r in d.merged:
        r["diff"] = rule_diff_text(_joined([_body(rules_a[n]) for n in r["from"]]), _body(rules_b[r["to"]]))
    for r in d.split:
        r["diff"] = rule_diff_text(_body(rules_a[r["from"]]), _joined([_body(rules_b[n]) for n in r["to"]]))


def _classify(d: EditionDiff, n: str, targets: list[str], extra: list[str],
              rules_a: dict, rules_b: dict) -> None:
    """Put rule ``n`` of edition ``a`` (not merged) in one list of ``d``."""
    if not targets:
        d.removed.append({"number": n, "title": rules_a[n][1]})
        return
    if extra or len(targets) > 1:
        d.split.append({"from": n, "to": targets + extra})
        return
    t = targets[0]
    change = _change(rules_a[n], rules_b[t])
    if t != n:
        d.renumbered.append({"from": n, "to": t, "change": change, "title": rules_b[t][1]})
    elif change == "words":
        d.reworded.append({"number": n, "change": change, "title": rules_b[t][1]})
    else:
        d.unchanged += 1

def format_diff(d: EditionDiff) -> str:
    """``kb diff`` text: counts, then the added, removed, renumbered,
    reworded, split and merged rules, one per line (a changed rule's word diff below it when
    the diff has them)."""
    lines = [f"{d.a} -> {d.b}: {len(d.added)} added, {len(d.removed)} removed, "
             f"{len(d.renumbered)} renumbered, {len(d.reworded)} reworded, {len(d.split)} split, "
             f"{len(d.merged)} merged, {d.unchanged} unchanged"]
    for r in d.added:
        lines.append(f"  + {r['number']}" + (f"  {r['title']}" if r.get("title") else ""))
    for r in d.removed:
        lines.append(f"  - {r['number']}" + (f"  {r['title']}" if r.get("title") else ""))
    for r in d.renumbered:
        lines.append(f"  {r['from']} -> {r['to']}" + ("  (text changed)" if r["change"] == "words" else ""))
        if r.get("diff"):
            lines.append(f"      {r['diff']}")
    for r in d.reworded:
        lines.append(f"  ~ {r['number']}")
        if r.get("diff"):
            lines.append(f"      {r['diff']}")
    for r in d.split:
        lines.append(f"  {r['from']} split into {', '.join(r['to'])}")
        if r.get("diff"):
            lines.append(f"      {r['diff']}")
    for r in d.merged:
        lines.append(f"  {', '.join(r['from'])} merged into {r['to']}")
        if r.get("diff"):
            lines.append(f"      {r['diff']}")
    return "\n".join(lines)
