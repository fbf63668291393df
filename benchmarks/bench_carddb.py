"""Card database speed: ingest of all MTGJSON set files and lookups.

Measures (issue 4 targets in brackets):

* ingest of every set file of ``../shared/corpus/cards/mtgjson`` (579 sets)
  into a fresh SQLite file with :func:`kb.cards.db.ingest_mtgjson`: wall
  time [< 30 s] and peak memory of this process (``ru_maxrss``) [< 1.5 GB];
* :func:`kb.cards.db.find_card` by French name, warm (the same connection,
  after one pass over the names): median, 95th percentile and max per
  lookup [< 5 ms], over a fixed sample of French names; exact names and
  prefixes are timed separately;
* :func:`kb.cards.links.link_text` over every line of the Sombrelande FAQ
  (index built once; time per document).

Usage: ``python benchmarks/bench_carddb.py [MTGJSON_DIR] [--sample N] [--json OUT]``.
The first run of a process pays for building the name index of the linker;
that time is printed too.
"""
from __future__ import annotations

import argparse
import json
import random
import resource
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kb.cards.db import AmbiguousName, find_card, ingest_mtgjson  # noqa: E402

DEFAULT = ROOT.parent / "shared" / "corpus" / "cards" / "mtgjson"


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0  # Linux: KiB


def _stats(times: list[float]) -> dict:
    ms = sorted(t * 1000 for t in times)
    return {"n": len(ms), "median_ms": round(statistics.median(ms), 3),
            "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 3), "max_ms": round(ms[-1], 3)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("path", nargs="?", default=str(DEFAULT))
    ap.add_argument("--sample", type=int, default=2000, help="French names to look up")
    ap.add_argument("--json", help="write the figures to this file")
    args = ap.parse_args(argv)
    path = Path(args.path)
    if not path.exists():
        print(f"corpus not found: {path}", file=sys.stderr)
        return 2
    out: dict = {"files": len(list(path.glob("*.json"))) if path.is_dir() else 1}
    mem0 = _peak_mb()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "cards.sqlite"
        conn = sqlite3.connect(db)
        t0 = time.perf_counter()
        report = ingest_mtgjson(conn, path)
        out["ingest_s"] = round(time.perf_counter() - t0, 2)
        out["peak_mb"] = round(_peak_mb(), 1)
        out["peak_mb_before_ingest"] = round(mem0, 1)
        out["db_mb"] = round(db.stat().st_size / 2**20, 1)
        out["report"] = {k: v for k, v in report.to_dict().items() if k != "errors"}
        out["errors"] = report.errors

        rng = random.Random(4)
        names = [r[0] for r in conn.execute("SELECT DISTINCT surface FROM mtg_names WHERE lang='fr' "
                                            "AND kind='card' ORDER BY surface")]
        sample = rng.sample(names, min(args.sample, len(names)))
        for n in sample:  # warm-up pass (page cache, statement cache)
            try:
                find_card(conn, n)
            except AmbiguousName:
                pass
        times, ambiguous = [], 0
        for n in sample:
            t = time.perf_counter()
            try:
                find_card(conn, n)
            except AmbiguousName:
                ambiguous += 1
            times.append(time.perf_counter() - t)
        out["lookup_french_exact"] = _stats(times) | {"ambiguous": ambiguous}
        prefixes = [n[: max(4, len(n) * 2 // 3)] for n in sample[:500]]
        times = []
        for p in prefixes:
            t = time.perf_counter()
            try:
                find_card(conn, p)
            except AmbiguousName:
                pass
            times.append(time.perf_counter() - t)
        out["lookup_french_prefix"] = _stats(times)

        from kb.cards.links import link_text, name_index
        t = time.perf_counter()
        name_index(conn)
        out["link_index_build_s"] = round(time.perf_counter() - t, 2)
        faq = ROOT / "seeds" / "001_b5a1e1d9799bc96e.txt"
        lines = faq.read_text(encoding="utf-8").split("\n")
        t = time.perf_counter()
        n_links = sum(len(link_text(line, "fr", conn=conn, suggest=False).links) for line in lines)
        out["link_sombrelande_faq_s"] = round(time.perf_counter() - t, 3)
        out["link_sombrelande_faq_links"] = n_links
        out["peak_mb_end"] = round(_peak_mb(), 1)
        conn.close()

    print(f"ingest: {out['files']} files, {out['report']['cards']} cards, {out['report']['printings']} printings, "
          f"{out['report']['french']} French face-printings in {out['ingest_s']} s (target < 30 s)")
    print(f"peak memory after ingest: {out['peak_mb']} MB (process; {out['peak_mb_before_ingest']} MB before) "
          f"(target < 1536 MB); database file {out['db_mb']} MB")
    le, lp = out["lookup_french_exact"], out["lookup_french_prefix"]
    print(f"find_card by French name, warm: median {le['median_ms']} ms, p95 {le['p95_ms']} ms, "
          f"max {le['max_ms']} ms over {le['n']} names (target < 5 ms)")
    print(f"find_card by French prefix, warm: median {lp['median_ms']} ms, p95 {lp['p95_ms']} ms, "
          f"max {lp['max_ms']} ms over {lp['n']} prefixes")
    print(f"linker: name index built in {out['link_index_build_s']} s; Sombrelande FAQ "
          f"({len(lines)} lines) linked in {out['link_sombrelande_faq_s']} s, {out['link_sombrelande_faq_links']} links")
    if out["errors"]:
        print("errors:", *out["errors"], sep="\n  ")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
