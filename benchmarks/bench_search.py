"""Search benchmark: relevance (success@1, success@5) and speed.

Figures printed:

* relevance over ``tests/fixtures/search_queries.yaml``: success@1 and
  success@5 (an expected result among the first 1 / 5), and the misses;
* warm query latency p50 / p95 (one Searcher, every query of the set run
  ``--repeat`` times after a warm-up pass), in milliseconds, wall clock and
  the process's CPU time (which other processes of a shared machine do not
  inflate: both engines are printed both ways);
* cold start: a fresh ``kb search QUERY`` process from start to printed
  result (median of ``--cold`` runs for a few queries), in seconds;
* index: documents, size on disk; with ``--build``, the build time of the
  full corpus (102 CR editions, MTGJSON set files, seeds) stage by stage;
* the same documents' Whoosh index rebuilt alone (``--index-build``), timed;
* the comparison: SQLite FTS5 (Python's sqlite3) over the same texts (title
  and body of every indexed document), built and queried in the same run
  with the same queries (their words AND-ed, then OR-ed when fewer than ten
  match, BM25 order): build time, warm p50 / p95 beside the product's.

Usage::

    .venv/bin/python benchmarks/bench_search.py --build --data-dir /tmp/kbbench
    .venv/bin/python benchmarks/bench_search.py --data-dir /tmp/kbbench      # reuse a build
    .venv/bin/python benchmarks/bench_search.py --seeds                      # seed KB only
    .venv/bin/python benchmarks/bench_search.py --data-dir /tmp/kbbench --index-build   # + index alone
    .venv/bin/python benchmarks/bench_search.py --data-dir /tmp/kbbench --no-fts5       # no comparison
"""
from __future__ import annotations

import argparse
import json
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SHARED = ROOT.parent / "shared" / "corpus"
QUERIES = ROOT / "tests" / "fixtures" / "search_queries.yaml"
KB = str(ROOT / ".venv" / "bin" / "kb")

from kb.search.relevance import load_entries, rank_of  # noqa: E402


def load_queries(path: Path = QUERIES, seeds_only: bool = False) -> list[dict]:
    return load_entries(path, seeds_only)


def relevance(searcher, entries: list[dict]) -> dict:
    ranks, misses = [], []
    for e in entries:
        resp = searcher.search(e["q"], limit=10, **(e.get("opts") or {}))
        rank = rank_of(resp.results, e["expect"])
        ranks.append(rank)
        if rank is None or rank > 1:
            misses.append({"q": e["q"], "rank": rank, "top": [f"{r.kind}:{r.id}@{r.lang}" for r in resp.results[:5]]})
    n = len(entries)
    return {"queries": n,
            "success@1": round(sum(1 for r in ranks if r == 1) / n, 3),
            "success@5": round(sum(1 for r in ranks if r and r <= 5) / n, 3),
            "not_first": misses}


def latency(searcher, entries: list[dict], repeat: int) -> dict:
    for e in entries:  # warm-up
        searcher.search(e["q"], **(e.get("opts") or {}))
    times, cpu = [], []
    for _ in range(repeat):
        for e in entries:
            t0, c0 = time.perf_counter(), time.process_time()
            searcher.search(e["q"], **(e.get("opts") or {}))
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
    return {"runs": len(times), **_percentiles(times), **_percentiles(cpu, "cpu_")}


def _percentiles(times: list, prefix: str = "") -> dict:
    """p50, p95 and max of ``times`` (ms); ``cpu_`` figures are the process's
    CPU time, which other processes on a shared machine do not inflate."""
    times = sorted(times)
    return {f"{prefix}p50_ms": round(statistics.median(times), 2),
            f"{prefix}p95_ms": round(times[int(0.95 * (len(times) - 1))], 2), f"{prefix}max_ms": round(times[-1], 2)}


def slowest(searcher, entries: list[dict], n: int = 5) -> list:
    out = []
    for e in entries:
        t0 = time.perf_counter()
        searcher.search(e["q"], **(e.get("opts") or {}))
        out.append((round((time.perf_counter() - t0) * 1000, 1), e["q"]))
    return sorted(out, reverse=True)[:n]


def cold_start(data_dir: Path, queries: list[str], runs: int) -> dict:
    out = {}
    for q in queries:
        times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            subprocess.run([KB, "search", "--data-dir", str(data_dir), "--limit", "10", "--", q],
                           check=True, capture_output=True)
            times.append(time.perf_counter() - t0)
        out[q] = round(statistics.median(times), 3)
    return out


_FTS_WORD = re.compile(r"\w+")


def fts5_compare(docs: list, entries: list[dict], repeat: int) -> dict:
    """SQLite FTS5 over the same texts: build seconds, warm latency of the
    same queries (words AND-ed, then OR-ed to fill ten results)."""
    conn = sqlite3.connect(":memory:")
    t0, c0 = time.perf_counter(), time.process_time()
    conn.execute("CREATE VIRTUAL TABLE fts USING fts5(key UNINDEXED, kind UNINDEXED, lang UNINDEXED, text,"
                 " tokenize = 'porter unicode61 remove_diacritics 2')")
    conn.executemany("INSERT INTO fts VALUES (?, ?, ?, ?)",
                     ((d.key, d.kind, d.lang, f"{d.title}\n{d.body}") for d in docs))
    conn.execute("INSERT INTO fts(fts) VALUES ('optimize')")
    conn.commit()
    build_s, build_cpu = time.perf_counter() - t0, time.process_time() - c0

    def query(q: str) -> list:
        words = [f'"{w}"' for w in _FTS_WORD.findall(q)]
        if not words:
            return []
        sql = "SELECT key FROM fts WHERE fts MATCH ? ORDER BY bm25(fts) LIMIT 10"
        rows = conn.execute(sql, (" AND ".join(words),)).fetchall()
        if len(rows) < 10 and len(words) > 1:
            rows += conn.execute(sql, (" OR ".join(words),)).fetchall()
        return rows

    for e in entries:
        query(e["q"])
    times, cpu = [], []
    for _ in range(repeat):
        for e in entries:
            t1, c1 = time.perf_counter(), time.process_time()
            query(e["q"])
            times.append((time.perf_counter() - t1) * 1000)
            cpu.append((time.process_time() - c1) * 1000)
    conn.close()
    return {"documents": len(docs), "build_s": round(build_s, 2), "build_cpu_s": round(build_cpu, 2),
            **_percentiles(times), **_percentiles(cpu, "cpu_")}


def index_build(data_dir: Path) -> tuple[list, dict]:
    """The index documents of the built knowledge base (read once, timed
    apart) and the product's index rebuilt from them alone, timed."""
    from kb.search.documents import index_docs
    from kb.search.index import build_index
    from kb.store import db as store

    conn = store.connect(data_dir)
    t0 = time.perf_counter()
    docs = list(index_docs(conn))
    read_s = time.perf_counter() - t0
    conn.close()
    with tempfile.TemporaryDirectory(prefix="kbbench-ix-") as tmp:
        t0, c0, k0 = time.perf_counter(), time.process_time(), _children_cpu()
        build_index(Path(tmp) / "index", docs)
        build_s = time.perf_counter() - t0
        build_cpu = time.process_time() - c0 + _children_cpu() - k0   # the build's second process too
    return docs, {"read_docs_s": round(read_s, 2), "build_s": round(build_s, 2), "build_cpu_s": round(build_cpu, 2)}


def _children_cpu() -> float:
    """CPU seconds of this process's ended child processes (the index build's second process)."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def dir_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def build(data_dir: Path, full: bool) -> dict:
    from kb.build import build as run_build

    kwargs = {}
    if full:
        kwargs = {"cr": [SHARED / "cr" / "en"], "mtgjson": SHARED / "cards" / "mtgjson"}
    t0 = time.perf_counter()
    report = run_build(data_dir, **kwargs)
    seconds = dict(report.seconds)
    seconds["total"] = round(time.perf_counter() - t0, 2)
    return {"seconds": seconds, "indexed": report.indexed, "errors": report.errors[:5]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", type=Path, help="knowledge base to use (built there with --build)")
    ap.add_argument("--build", action="store_true", help="build the full corpus into --data-dir first")
    ap.add_argument("--seeds", action="store_true", help="seed knowledge base and seed queries only")
    ap.add_argument("--repeat", type=int, default=5, help="latency runs per query (default 5)")
    ap.add_argument("--cold", type=int, default=5, help="cold-start runs per query (default 5; 0 skips)")
    ap.add_argument("--index-build", action="store_true",
                    help="also rebuild the search index alone from the knowledge base, timed")
    ap.add_argument("--no-fts5", action="store_true", help="skip the SQLite FTS5 comparison")
    ap.add_argument("--json", action="store_true", help="print JSON")
    args = ap.parse_args(argv)

    from kb.store import db as store
    from kb.search.searcher import Searcher

    figures: dict = {}
    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="kbbench-"))
    if args.build or args.seeds or args.data_dir is None:
        if not args.seeds and not (SHARED / "cr" / "en").exists():
            print(f"shared corpus missing at {SHARED}: use --seeds", file=sys.stderr)
            return 2
        figures["build"] = build(data_dir, full=not args.seeds)
    index_dir = store.current_dir(data_dir) / store.INDEX_NAME
    entries = load_queries(seeds_only=args.seeds)
    t0 = time.perf_counter()
    searcher = Searcher(data_dir)
    figures["open_ms"] = round((time.perf_counter() - t0) * 1000, 1)
    figures["index"] = {"documents": searcher.index.doc_count(), "bytes": dir_size(index_dir),
                        "megabytes": round(dir_size(index_dir) / 1e6, 1)}
    figures["relevance"] = relevance(searcher, entries)
    figures["latency"] = latency(searcher, entries, args.repeat)
    figures["slowest_ms"] = slowest(searcher, entries)
    searcher.close()
    if args.index_build or not args.no_fts5:
        docs, figures["index_build"] = index_build(data_dir)
        if not args.index_build:
            del figures["index_build"]["build_s"], figures["index_build"]["build_cpu_s"]
        if not args.no_fts5:
            figures["fts5"] = fts5_compare(docs, entries, args.repeat)
        del docs
    if args.cold > 0:
        figures["cold_start_s"] = cold_start(data_dir, ["persistance", "702.92", "Implorer la reine"], args.cold)
    if args.json:
        print(json.dumps(figures, ensure_ascii=False, indent=2))
        return 0
    rel = figures["relevance"]
    print(f"queries            {rel['queries']}")
    print(f"success@1          {rel['success@1']}")
    print(f"success@5          {rel['success@5']}")
    lat = figures["latency"]
    print(f"warm latency       p50 {lat['p50_ms']} ms, p95 {lat['p95_ms']} ms, max {lat['max_ms']} ms ({lat['runs']} runs)")
    print(f"warm CPU time      p50 {lat['cpu_p50_ms']} ms, p95 {lat['cpu_p95_ms']} ms, max {lat['cpu_max_ms']} ms")
    print(f"slowest            {figures['slowest_ms']}")
    if "cold_start_s" in figures:
        print(f"cold start         {figures['cold_start_s']} s (median of {args.cold})")
    print(f"index              {figures['index']['documents']} documents, {figures['index']['megabytes']} MB")
    if "build" in figures:
        print(f"build              {figures['build']['seconds']} s, {figures['build']['indexed']} indexed")
    if "index_build" in figures:
        ib = figures["index_build"]
        print(f"index documents    read from the knowledge base in {ib['read_docs_s']} s"
              + (f"; index built from them in {ib['build_s']} s ({ib['build_cpu_s']} s CPU)" if "build_s" in ib else ""))
    if "fts5" in figures:
        f5 = figures["fts5"]
        print(f"SQLite FTS5        same {f5['documents']} texts, same queries, this run: built in {f5['build_s']} s,"
              f" warm p50 {f5['p50_ms']} ms, p95 {f5['p95_ms']} ms")
        print(f"kb vs FTS5         warm p50 {lat['p50_ms']} vs {f5['p50_ms']} ms, p95 {lat['p95_ms']} vs {f5['p95_ms']} ms"
              + (f", index build {figures['index_build']['build_s']} vs {f5['build_s']} s"
                 if "build_s" in figures.get("index_build", {}) else ""))
        print(f"kb vs FTS5 (CPU)   warm p50 {lat['cpu_p50_ms']} vs {f5['cpu_p50_ms']} ms,"
              f" p95 {lat['cpu_p95_ms']} vs {f5['cpu_p95_ms']} ms"
              + (f", index build {figures['index_build']['build_cpu_s']} vs {f5['build_cpu_s']} s"
                 if "build_cpu_s" in figures.get("index_build", {}) else ""))
    for m in rel["not_first"]:
        print(f"  rank {m['rank']}: {m['q']!r} -> {m['top']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
