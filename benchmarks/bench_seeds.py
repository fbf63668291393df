"""Build time and search latency on the embedded seeds (issue 2's figures).

Usage: .venv/bin/python benchmarks/bench_seeds.py
Prints: build wall time (median of 5), warm search latency p50/p95 over a
fixed query list (50 rounds), and a cold `kb search` process start-to-result
time (median of 5).
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kb.build import build  # noqa: E402
from kb.search.searcher import Searcher  # noqa: E402

QUERIES = ["association d'ames", "702.92a", "marqueurs", "faerie", "persistance", "Implorer la reine",
           "règle 607.2i", "502.10h", "coût converti de mana", "symbole de dégagement", "l'association",
           "flétrissure", "regroupement", "-1/-1", "{2/B}"]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "kb"
        times = []
        for _ in range(5):
            t0 = time.perf_counter()
            build(data)
            times.append(time.perf_counter() - t0)
        print(f"build (4 seeds): median {statistics.median(times) * 1000:.0f} ms, min {min(times) * 1000:.0f} ms")
        s = Searcher(data)
        for q in QUERIES:
            s.search(q)
        lat = []
        for _ in range(50):
            for q in QUERIES:
                t0 = time.perf_counter()
                s.search(q)
                lat.append((time.perf_counter() - t0) * 1000)
        lat.sort()
        print(f"warm search: p50 {lat[len(lat) // 2]:.1f} ms, p95 {lat[int(len(lat) * 0.95)]:.1f} ms "
              f"over {len(lat)} queries")
        cold = []
        kb = Path(sys.executable).with_name("kb")
        for _ in range(5):
            t0 = time.perf_counter()
            subprocess.run([str(kb), "search", "association d'âmes", "--data-dir", str(data)],
                           check=True, capture_output=True)
            cold.append(time.perf_counter() - t0)
        print(f"cold `kb search` process: median {statistics.median(cold) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
