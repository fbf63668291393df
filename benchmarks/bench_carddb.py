"""Card database speed: ingest of all MTGJSON set files and lookups.

Measures (issue 4 targets in brackets):

* ingest of every set file of ``../shared/corpus/cards/mtgjson`` (579 sets)
  into a fresh SQLite file with :func:`kb.cards.ingest.ingest_mtgjson`: wall
  time [< 30 s] and peak memory of this process (``ru_maxrss``) [< 1.5 GB];
* :func:`kb.cards.db.find_card` by French name, warm (the same connection,
  after one pass over the names): median, 95th percentile and max per
  lookup [< 5 ms], over a fixed sample of French names; exact names and
  prefixes are timed separately;
* :func:`kb.cards.linker.link_text` over every line of the Sombrelande FAQ
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

from kb.cards.db import find_card  # noqa: E402
from kb.cards.ingest import ingest_mtgjson  # noqa: E402
from kb.cards.linker import link_text  # noqa: E402
from kb.cards.names import AmbiguousName  # noqa: E402
from kb.cards.nameindex import name_index  # noqa: E402
from kb.store import schema  # noqa: E402

DEFAULT = ROOT.parent / "shared" / "corpus" / "cards" / "mtgjson"
FAQ = ROOT / "seeds" / "001_b5a1e1d9799bc96e.txt"


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0  # Linux: KiB


def _stats(times: list[float]) -> dict:
    ms = sorted(t * 1000 for t in times)
    return {"n": len(ms), "median_ms": round(statistics.median(ms), 3),
            "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 3), "max_ms": round(ms[-1], 3)}


def _ingest(path: Path, db: Path, out: dict) -> sqlite3.Connection:
    """Ingest ``path`` into a fresh knowledge base file ``db``: time, memory, size."""
    mem0 = _peak_mb()
    conn = sqlite3.connect(db)
    schema.create_all(conn)
    t0 = time.perf_counter()
    report = ingest_mtgjson(conn, path)
    out["ingest_s"] = round(time.perf_counter() - t0, 2)
    out["peak_mb"] = round(_peak_mb(), 1)
    out["peak_mb_before_ingest"] = round(mem0, 1)
    out["db_mb"] = round(db.stat().st_size / 2**20, 1)
    out["report"] = {k: v for k, v in report.to_dict().items() if k != "errors"}
    out["errors"] = report.errors
    return conn


def _timed_lookups(conn: sqlite3.Connection, names: list[str]) -> tuple[list[float], int]:
    times, ambiguous = [], 0
    for n in names:
        t = time.perf_counter()
        try:
            find_card(conn, n)
        except AmbiguousName:
            ambiguous += 1
        times.append(time.perf_counter() - t)
    return times, ambiguous


def _lookups(conn: sqlite3.Connection, sample_size: int, out: dict) -> None:
    """find_card by French name and by French prefix, warm."""
    rng = random.Random(4)
    names = [r[0] for r in conn.execute("SELECT DISTINCT surface FROM mtg_names WHERE lang='fr' "
                                        "AND kind='card' ORDER BY surface")]
    sample = rng.sample(names, min(sample_size, len(names)))
    _timed_lookups(conn, sample)  # warm-up pass (page cache, statement cache)
    times, ambiguous = _timed_lookups(conn, sample)
    out["lookup_french_exact"] = _stats(times) | {"ambiguous": ambiguous}
    times, _ = _timed_lookups(conn, [n[: max(4, len(n) * 2 // 3)] for n in sample[:500]])
    out["lookup_french_prefix"] = _stats(times)


def _linker(conn: sqlite3.Connection, out: dict) -> None:
    """The name index build and the linking of every line of the Sombrelande FAQ."""
    t = time.perf_counter()
    name_index(conn)
    out["link_index_build_s"] = round(time.perf_counter() - t, 2)
    lines = FAQ.read_text(encoding="utf-8").split("\n")
    t = time.perf_counter()
    n_links = sum(len(link_text(line, "fr", conn=conn, suggest=False).links) for line in lines)
    out["link_sombrelande_faq_s"] = round(time.perf_counter() - t, 3)
    out["link_sombrelande_faq_links"] = n_links
    out["link_sombrelande_faq_lines"] = len(lines)


def _print(out: dict) -> None:
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
          f"({out['link_sombrelande_faq_lines']} lines) linked in {out['link_sombrelande_faq_s']} s, "
          f"{out['link_sombrelande_faq_links']} links")
    if out["errors"]:
        print("errors:", *out["errors"], sep="\n  ")


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
    with tempfile.TemporaryDirectory() as tmp:
        conn = _ingest(path, Path(tmp) / "cards.sqlite", out)
        _lookups(conn, args.sample, out)
        _linker(conn, out)
        out["peak_mb_end"] = round(_peak_mb(), 1)
        conn.close()
    _print(out)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
