"""Rules the history declares removed, per chapter, for each pair of consecutive editions.

A ``removed`` row of ``rule_maps`` (kb/rules/mapping.py) says a rule of one
edition has no successor in the next one: neither a main successor nor a
merge.  Most are real deletions (mana burn, combat damage on the stack, the
2009 Magic 2010 rewrite); the others are rules the matcher missed, so the
largest counts are the ones to review by reading both editions.

Prints, for each edition pair with removed rules, the total and the chapters
(first three digits of the old number) with the most removed rules; then, for
the pairs asked with ``--pair`` (default: the pair with the most removed
rules), every chapter and its removed rules.

Reads an existing knowledge base (``--data-dir``, built with ``kb build --cr``)
or builds the rule history of the English editions (``--cr``) in a temporary
directory.

Usage: .venv/bin/python benchmarks/bench_removed.py [--data-dir DIR | --cr DIR]
       [--top N] [--pair FROM TO] [--json]
"""
from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kb.model import rule_sort_key  # noqa: E402
from kb.rules import history  # noqa: E402
from kb.store import db as store  # noqa: E402
from parser.cr import parse_cr  # noqa: E402

DEFAULT_CR = ROOT.parent / "shared" / "corpus" / "cr" / "en"


def removed_by_pair(conn: sqlite3.Connection) -> dict[tuple[str, str], dict[str, list[str]]]:
    """(from edition, to edition) -> chapter -> the removed numbers, in rule order."""
    out: dict[tuple[str, str], dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for a, b, number in conn.execute("SELECT from_edition, to_edition, from_number FROM rule_maps "
                                     "WHERE relation='removed' ORDER BY from_edition"):
        out[(a, b)][number[:3]].append(number)
    for chapters in out.values():
        for numbers in chapters.values():
            numbers.sort(key=rule_sort_key)
    return out


def rule_counts(conn: sqlite3.Connection) -> dict[str, int]:
    """Edition -> how many rules (and chapters) it maps from."""
    return dict(conn.execute("SELECT from_edition, COUNT(DISTINCT from_number) FROM rule_maps "
                             "WHERE from_number IS NOT NULL GROUP BY from_edition"))


def ranked(chapters: dict[str, list[str]]) -> list[tuple[str, list[str]]]:
    return sorted(chapters.items(), key=lambda kv: (-len(kv[1]), kv[0]))


def print_report(removed: dict, counts: dict[str, int], top: int, pairs: list[tuple[str, str]]) -> None:
    total = sum(len(v) for ch in removed.values() for v in ch.values())
    print(f"removed rules: {total} in {len(removed)} edition pairs")
    print(f"{'from':10} -> {'to':10} {'removed':>7} / {'rules':>5}  largest chapters")
    for (a, b), chapters in sorted(removed.items()):
        n = sum(len(v) for v in chapters.values())
        largest = ", ".join(f"{ch} {len(v)}" for ch, v in ranked(chapters)[:top])
        print(f"{a:10} -> {b:10} {n:7} / {counts.get(a, 0):5}  {largest}")
    for a, b in pairs:
        chapters = removed.get((a, b), {})
        print(f"\n{a} -> {b}: {sum(len(v) for v in chapters.values())} removed, by chapter")
        for ch, numbers in ranked(chapters):
            print(f"  {ch} {len(numbers):3}  {' '.join(numbers)}")


def build_history_db(cr: Path, tmp: Path) -> sqlite3.Connection:
    files = sorted(cr.glob("*.txt"))
    if not files:
        sys.exit(f"no editions in {cr}")
    conn = store.create(tmp / store.DB_NAME)
    for path in files:
        store.save_edition(conn, parse_cr(path))
    history.build_history(conn)
    conn.commit()
    return conn


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data-dir", type=Path, help="an existing knowledge base (kb build --cr)")
    ap.add_argument("--cr", type=Path, default=DEFAULT_CR, help="directory of English CR editions")
    ap.add_argument("--top", type=int, default=5, help="chapters shown per edition pair")
    ap.add_argument("--pair", nargs=2, action="append", metavar=("FROM", "TO"),
                    help="list every removed rule of this edition pair (repeatable)")
    ap.add_argument("--json", action="store_true", help="print JSON")
    args = ap.parse_args()
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        conn = (sqlite3.connect(store.current_dir(args.data_dir) / store.DB_NAME) if args.data_dir
                else build_history_db(args.cr, Path(tmp)))
        removed, counts = removed_by_pair(conn), rule_counts(conn)
        conn.close()
    if args.json:
        rows = [{"from": a, "to": b, "rules": counts.get(a, 0), "removed": sum(len(v) for v in ch.values()),
                 "chapters": dict(ranked(ch))} for (a, b), ch in sorted(removed.items())]
        print(json.dumps(rows, indent=2))
        return
    pairs = [tuple(p) for p in args.pair] if args.pair else \
        [max(removed, key=lambda k: sum(len(v) for v in removed[k].values()))] if removed else []
    print_report(removed, counts, args.top, pairs)
    print(f"\n({time.perf_counter() - t0:.1f} s)")


if __name__ == "__main__":
    main()
