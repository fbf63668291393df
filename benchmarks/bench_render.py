"""Render and serve figures (issue 7).

Usage:
  .venv/bin/python benchmarks/bench_render.py [--full]

Builds a knowledge base from the seeds plus ../shared/corpus (all 102 CR
editions and all MTGJSON sets), then prints:
* time to render the latest edition plus the seeds (target < 5 s);
* with --full, time to render the whole site: every edition, every card
  (target < 120 s);
* p50/p95 latency of `kb serve` for a rule page and a search, 4 client
  threads x 50 requests each on loopback (bounded, stops by itself).
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
CORPUS = ROOT.parent / "shared" / "corpus"

from kb.store import db as store  # noqa: E402
from kb.build import build  # noqa: E402
from kb.site.render import render_site  # noqa: E402


def serve_latency(data: Path) -> None:
    import logging

    from werkzeug.serving import make_server

    from kb.site.serve import create_app

    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no line per request

    server = make_server("127.0.0.1", 0, create_app(data), threaded=True)
    port = server.server_port
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{port}"
    urllib.request.urlopen(base + "/").read()  # warm the page cache
    latest = store.editions(store.connect(data))[-1]["date"]
    targets = {"rule page": f"{base}/cr/{latest}/702", "search": f"{base}/api/search?q=" + urllib.parse.quote("persistance")}
    for label, url in targets.items():
        urllib.request.urlopen(url).read()
        times: list[float] = []
        lock = threading.Lock()

        def client():
            for _ in range(50):
                t0 = time.perf_counter()
                urllib.request.urlopen(url, timeout=10).read()
                with lock:
                    times.append((time.perf_counter() - t0) * 1000)

        threads = [threading.Thread(target=client) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        times.sort()
        print(f"kb serve {label}: p50 {statistics.median(times):.1f} ms, p95 {times[int(len(times) * .95)]:.1f} ms "
              f"({len(times)} requests, 4 clients)")
    server.shutdown()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--full", action="store_true", help="also render every edition and every card")
    args = ap.parse_args()
    if not CORPUS.exists():
        sys.exit(f"{CORPUS} is missing")
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "kb"
        t0 = time.perf_counter()
        build(data, cr=[CORPUS / "cr" / "en"], mtgjson=CORPUS / "cards" / "mtgjson")
        print(f"build (seeds + 102 editions + 579 sets): {time.perf_counter() - t0:.1f} s")
        conn = store.connect(data)
        t0 = time.perf_counter()
        pages = render_site(conn, Path(tmp) / "site")
        print(f"render latest edition + seeds (+ cited cards): {len(pages)} pages in {time.perf_counter() - t0:.2f} s")
        if args.full:
            t0 = time.perf_counter()
            pages = render_site(conn, Path(tmp) / "site-full", all_editions=True, all_cards=True)
            print(f"render whole site: {len(pages)} pages in {time.perf_counter() - t0:.1f} s")
            shutil.rmtree(Path(tmp) / "site-full")
        serve_latency(data)


if __name__ == "__main__":
    main()
