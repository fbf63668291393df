"""Faults, round 3 (issue 26): the figures of the attack, rerun.  Loopback
only, bounded loops, stops by itself.

Usage:
  .venv/bin/python benchmarks/bench_faults.py [--corpus ../shared/corpus] [--silent 300] [--spinning 40]
      [--distinct 10000] [--only encoding,spin,slow,spinning,memory]

Prints:

* the mixed-encoding FAQ: the seed FAQ with one Latin-1 « é » typed into it
  (UTF-8 elsewhere): its card records (58 in the seed) and warnings (1);
* a spinning search: ``-1/-1{2/B} association b`` over every edition of a
  knowledge base of the seeds and two English editions (2008-05-01,
  2026-01-16), which looped in Whoosh's ``AndMaybe.skip_to_quality`` for
  more than 300 s: its answer time and first hit (needs the shared corpus);
* ``kb serve`` (1 worker x 4 threads) behind N silent sockets (request line
  and one header, then nothing) and N slow bodies: a normal request's
  latency, p50 and max of 10;
* ``--spinning`` concurrent spinning searches against ``/api/search``
  (needs the corpus): statuses, the slowest answer, and whether the server
  still answers a light request afterwards;
* memory: ``--distinct`` distinct searches (two words of the seed FAQ, a
  limit from 10 to 40) sent to ``kb serve`` (1 worker x 4 threads, 4 clients
  at once): the resident memory (RSS) of the worker before and after, and
  the bytes its answer cache holds (``/proc``: Linux only).
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kb.build import build  # noqa: E402
from parser.faq import parse_document  # noqa: E402

SPIN = "-1/-1{2/B} association b"
SEED_FAQ = ROOT / "seeds" / "001_b5a1e1d9799bc96e.txt"


def mixed_encoding(tmp: Path) -> None:
    data = SEED_FAQ.read_bytes()
    at = data.index("é".encode())
    path = tmp / "mixed.txt"
    path.write_bytes(data[:at] + b"\xe9" + data[at + 2:])
    doc = parse_document(path)
    kinds = [w.type for w in doc.warnings]
    print(f"mixed-encoding FAQ: {len(doc.cards)} card records (seed: {len(parse_document(SEED_FAQ).cards)}), "
          f"{len(doc.warnings)} warning(s) {kinds}")


def spinning_search(data_dir: Path) -> None:
    from kb.search.searcher import Searcher

    searcher = Searcher(data_dir)
    t0 = time.perf_counter()
    response = searcher.search(SPIN, all_editions=True)
    seconds = time.perf_counter() - t0
    first = response.results[0].id if response.results else None
    print(f"spinning search {SPIN!r} --all-editions: {seconds:.2f} s, {response.total} results, first {first}")
    searcher.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(port: int, path: str, timeout: float = 30) -> tuple[int, float]:
    t0 = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        resp.read()
        return resp.status, time.perf_counter() - t0
    except OSError:
        return 0, time.perf_counter() - t0
    finally:
        conn.close()


def start_server(data_dir: Path, threads: int = 4) -> tuple[subprocess.Popen, int]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "kb.cli", "serve", "--port", str(port), "--data-dir",
                             str(data_dir), "--workers", "1", "--threads", str(threads), "--idle-timeout", "5"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.time() + 60
    while time.time() < deadline:
        if get(port, "/", timeout=2)[0] == 200:
            return proc, port
        time.sleep(0.1)
    proc.kill()
    raise SystemExit("kb serve did not start")


def behind_slow_sockets(port: int, count: int) -> None:
    for label, payload in (("silent sockets", b"GET /api/search?q=persistance HTTP/1.1\r\nHost: x\r\n"),
                           ("slow bodies", b"POST /api/search HTTP/1.1\r\nHost: x\r\nContent-Length: 9999\r\n\r\nab")):
        held = []
        try:
            for _ in range(count):
                s = socket.create_connection(("127.0.0.1", port), timeout=5)
                s.sendall(payload)
                held.append(s)
            time.sleep(0.5)
            times = []
            for i in range(10):
                status, seconds = get(port, f"/api/search?q=persistance&limit={i + 1}")
                times.append(seconds if status == 200 else float("inf"))
            print(f"a request behind {count} {label}: p50 {statistics.median(times):.3f} s, "
                  f"max {max(times):.3f} s")
        finally:
            for s in held:
                s.close()


def spinning_requests(port: int, count: int) -> None:
    path = "/api/search?" + urllib.parse.urlencode({"q": SPIN, "all_editions": 1})
    t0 = time.perf_counter()
    with ThreadPoolExecutor(count) as pool:
        answers = list(pool.map(lambda i: get(port, path + f"&limit={i % 20 + 1}", timeout=120), range(count)))
    statuses: dict = {}
    for status, _ in answers:
        statuses[status] = statuses.get(status, 0) + 1
    print(f"{count} spinning searches at once: statuses {statuses}, slowest {max(s for _, s in answers):.2f} s, "
          f"all in {time.perf_counter() - t0:.2f} s")
    status, seconds = get(port, "/api/search?q=persistance&limit=7")
    print(f"then a light search: {status} in {seconds:.3f} s")


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.append(int(entry))
    return found


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def memory_after_distinct_queries(port: int, server: int, count: int) -> None:
    words = sorted({w.lower() for w in re.findall(r"[^\W\d_]{5,}", SEED_FAQ.read_text(encoding="utf-8"))})
    rnd = random.Random(26)
    queries = {}
    while len(queries) < count:
        q = " ".join(rnd.sample(words, 2))
        queries[q] = rnd.randint(10, 40)
    workers = _children(server)
    before = {pid: _rss_mb(pid) for pid in workers}
    t0 = time.perf_counter()
    with ThreadPoolExecutor(4) as pool:
        statuses = list(pool.map(lambda item: get(port, "/api/search?" + urllib.parse.urlencode(
            {"q": item[0], "limit": item[1]}))[0], queries.items()))
    seconds = time.perf_counter() - t0
    counted = {status: statuses.count(status) for status in set(statuses)}
    for pid in workers:
        print(f"RSS of worker {pid} after {count} distinct queries ({seconds:.0f} s, statuses {counted}): "
              f"{before[pid]:.0f} MB -> {_rss_mb(pid):.0f} MB (bound: 300 MB)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    ap.add_argument("--silent", type=int, default=300)
    ap.add_argument("--spinning", type=int, default=40)
    ap.add_argument("--distinct", type=int, default=10_000)
    ap.add_argument("--only", default="encoding,spin,slow,spinning,memory",
                    help="the figures to print, comma-separated")
    args = ap.parse_args()
    only = set(args.only.split(","))
    with tempfile.TemporaryDirectory(prefix="kb-bench-faults-") as tmp:
        tmp = Path(tmp)
        if "encoding" in only:
            mixed_encoding(tmp)
        cr = [args.corpus / "cr" / "en" / f"{d}.txt" for d in ("2008-05-01", "2026-01-16")]
        have_corpus = all(p.is_file() for p in cr)
        data_dir = tmp / "kb"
        build(data_dir, cr=cr if have_corpus else ())
        if have_corpus and "spin" in only:
            spinning_search(data_dir)
        elif not have_corpus:
            print("spinning search: skipped (no shared corpus at --corpus)")
        proc, port = start_server(data_dir)
        try:
            if "slow" in only:
                behind_slow_sockets(port, args.silent)
            if have_corpus and "spinning" in only:
                spinning_requests(port, args.spinning)
            if "memory" in only:
                memory_after_distinct_queries(port, proc.pid, args.distinct)
        finally:
            proc.kill()
            proc.wait(timeout=10)


if __name__ == "__main__":
    main()
