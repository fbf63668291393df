"""Speed of the rule history (kb/rules/history.py) on the English editions.

Measures, on a fresh SQLite knowledge base in a temporary directory:

* parse + store: parser.cr.parse_cr and kb.store.db.save_edition for every edition
  (not part of the history target, shown for scale);
* build: kb.rules.history.build_history -- versioned store and edition-to-edition
  maps for all editions (target: under 60 s);
* lineages: every rule of the first edition chained to the latest edition
  (kb.rules.diff.diff_editions first -> last), and kb.rules.lineage.lineage for a
  sample of rules of the latest edition (mean milliseconds);
* incremental: the latest edition removed from the history and added back
  with kb.rules.history.add_edition (target: under 5 s), and the same including
  parsing and storing that edition;
* the truth tables tests/fixtures/history_truth.yaml and history_truth_moves.yaml
  (merges, splits, moves, letter shifts, removals 2004-2025): precision and recall of the maps.

Before the content passes of kb/rules/branches.py (commit 85eabc7), on this machine:
build_history 12.26 s (matching 6.88 s); history_truth_moves.yaml 48 cases, precision 1.0,
recall 0.431, 26 rules with a successor called removed.  With the sentence and family passes of
kb/rules/pieces.py, one run with --baseline 85eabc7 on this machine (shared, loaded): build_history
23.36 s against 19.10 s at 85eabc7 (1.22 x); history_truth_moves.yaml precision 1.0, recall 0.98,
none called removed; history_truth.yaml precision 1.0, recall 1.0.

With --baseline REV (e.g. 85eabc7) the same knowledge base is also mapped, in the same run,
by the rule history code of commit REV (``git archive`` of kb/ and parser/ into a temporary
folder, timed in a subprocess on a copy of the stored editions), and the ratio is printed.

Usage: .venv/bin/python benchmarks/bench_history.py [--cr DIR] [--json] [--baseline REV]
"""
from __future__ import annotations

import argparse
import json
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kb.rules import diff as edition_diff  # noqa: E402
from kb.rules import history  # noqa: E402
from kb.rules import lineage as rule_lineage  # noqa: E402
from kb.rules import truthtable  # noqa: E402
from kb.rules import versions  # noqa: E402

from kb.store import db as store  # noqa: E402
from parser.cr import parse_cr  # noqa: E402

DEFAULT_CR = ROOT.parent / "shared" / "corpus" / "cr" / "en"
TRUTHS = (ROOT / "tests" / "fixtures" / "history_truth.yaml",
          ROOT / "tests" / "fixtures" / "history_truth_moves.yaml")


def truth_scores(conn: sqlite3.Connection) -> dict:
    """Precision and recall of the maps on each truth table (kb.rules.truthtable)."""
    out = {}
    for path in TRUTHS:
        s = truthtable.score(conn, truthtable.load_cases(path))
        out[path.name] = {k: s[k] for k in ("cases", "precision", "recall")}
        out[path.name]["called_removed"] = len(s["called_removed"])
    return out


_BASELINE_RUN = """
import sqlite3, sys, time
sys.path.insert(0, sys.argv[1])
from kb.rules import history
conn = sqlite3.connect(sys.argv[2])
t0 = time.perf_counter()
history.build_history(conn)
conn.commit()
print(round(time.perf_counter() - t0, 2))
"""


def measure_baseline(db: Path, rev: str, out: dict) -> None:
    """``build_history`` of commit ``rev`` on a copy of ``db`` (editions stored, no history)."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "tree"
        tree.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "kb", "parser"],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        copy = Path(tmp) / "kb.sqlite"
        shutil.copyfile(db, copy)
        run = subprocess.run([sys.executable, "-c", _BASELINE_RUN, str(tree), str(copy)],
                             check=True, capture_output=True, text=True)
        out["baseline"] = {"rev": rev, "build_history_s": float(run.stdout.split()[-1])}


def measure_build(conn: sqlite3.Connection, files: list[Path], out: dict,
                  baseline: tuple = ()) -> None:
    """Parse and store every edition, then build the history (and, with ``baseline``
    (db path, rev), that commit's history first, on a copy)."""
    t0 = time.perf_counter()
    for path in files:
        store.save_edition(conn, parse_cr(path))
    conn.commit()
    out["parse_store_s"] = round(time.perf_counter() - t0, 2)
    if baseline:
        measure_baseline(*baseline, out)
    t0 = time.perf_counter()
    report = history.build_history(conn)
    conn.commit()
    out["build_history_s"] = round(time.perf_counter() - t0, 2)
    out["report"] = report.to_dict()


def measure_reads(conn: sqlite3.Connection, out: dict) -> None:
    """Chain the first edition to the latest, and lineages of 200 rules."""
    eds = versions.history_editions(conn)
    t0 = time.perf_counter()
    d = edition_diff.diff_editions(conn, eds[0], eds[-1])
    out["chain_first_to_latest_s"] = round(time.perf_counter() - t0, 2)
    out["chain_first_to_latest"] = {"renumbered": len(d.renumbered), "reworded": len(d.reworded),
                                    "removed": len(d.removed), "added": len(d.added)}
    latest = [r[0] for r in conn.execute("SELECT number FROM edition_rules WHERE edition=?", (eds[-1],))]
    sample = random.Random(5).sample(latest, min(200, len(latest)))
    t0 = time.perf_counter()
    for n in sample:
        rule_lineage.lineage(conn, n, eds[-1])
    out["lineage_mean_ms"] = round((time.perf_counter() - t0) * 1000 / len(sample), 1)


def _drop_from_history(conn: sqlite3.Connection, last: str) -> None:
    conn.execute("DELETE FROM rule_maps WHERE to_edition=?", (last,))
    conn.execute("DELETE FROM rule_occurrences WHERE edition=?", (last,))
    conn.execute("DELETE FROM rule_versions WHERE vid NOT IN (SELECT vid FROM rule_occurrences)")
    conn.execute("DELETE FROM history_editions WHERE edition=?", (last,))
    conn.commit()


def measure_incremental(conn: sqlite3.Connection, files: list[Path], out: dict) -> None:
    """Take the latest edition out of the history and add it back, then the
    same with parsing and storing it again."""
    last = versions.history_editions(conn)[-1]
    source = conn.execute("SELECT source FROM editions WHERE date=?", (last,)).fetchone()[0]
    _drop_from_history(conn, last)
    history.cached_node.cache_clear()     # cold, as in a new `kb` process
    t0 = time.perf_counter()
    history.add_edition(conn, source)
    conn.commit()
    out["add_edition_s"] = round(time.perf_counter() - t0, 2)

    _drop_from_history(conn, last)
    for table in ("rules", "glossary", "warnings"):
        conn.execute(f"DELETE FROM {table} WHERE source=?", (source,))
    conn.execute("DELETE FROM editions WHERE source=?", (source,))
    conn.commit()
    path = [p for p in files if parse_cr(p).source == source][0]
    history.cached_node.cache_clear()
    t0 = time.perf_counter()
    store.save_edition(conn, parse_cr(path))
    history.add_edition(conn, source)
    conn.commit()
    out["add_edition_with_parse_s"] = round(time.perf_counter() - t0, 2)


def print_report(out: dict) -> None:
    r = out["report"]
    print(f"editions                      {out['editions']}")
    print(f"parse + store (parser.cr)     {out['parse_store_s']:.2f} s")
    print(f"build_history (maps, store)   {out['build_history_s']:.2f} s   (target < 60 s; "
          f"matching alone {r['seconds'].get('maps')} s)")
    print(f"occurrences / versions        {r['occurrences']} / {r['versions']} "
          f"(distinct number+text: {r['distinct_number_text']})")
    print(f"maps by relation              {r['relations']}")
    print(f"chain first -> latest edition {out['chain_first_to_latest_s']:.2f} s  {out['chain_first_to_latest']}")
    print(f"lineage of one rule           {out['lineage_mean_ms']} ms (mean of 200)")
    print(f"add_edition (latest)          {out['add_edition_s']:.2f} s   (target < 5 s)")
    print(f"  with parse_cr + save        {out['add_edition_with_parse_s']:.2f} s")
    if "baseline" in out:
        b = out["baseline"]
        print(f"build_history at {b['rev']:10}  {b['build_history_s']:.2f} s   (this checkout: "
              f"{out['build_history_s'] / b['build_history_s']:.2f} x)")
    for name, t in out["truth_table"].items():
        print(f"truth table {name:26} {t['cases']} cases, precision {t['precision']}, recall {t['recall']}, "
              f"{t['called_removed']} with a successor called removed")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cr", type=Path, default=DEFAULT_CR, help="directory of English CR editions")
    ap.add_argument("--json", action="store_true", help="print JSON")
    ap.add_argument("--baseline", metavar="REV", help="also time build_history of commit REV, in this run")
    args = ap.parse_args()
    files = sorted(args.cr.glob("*.txt"))
    if not files:
        sys.exit(f"no editions in {args.cr}")
    out: dict = {"editions": len(files)}
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / store.DB_NAME
        conn = store.create(db)
        measure_build(conn, files, out, (db, args.baseline) if args.baseline else ())
        measure_reads(conn, out)
        measure_incremental(conn, files, out)
        out["truth_table"] = truth_scores(conn)
        conn.close()
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        print_report(out)


if __name__ == "__main__":
    main()
