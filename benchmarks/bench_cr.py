"""Speed and memory of the Comprehensive Rules parser (issue 3).

Prints, for the 2026-01-16 edition and for the whole archive of English
editions (../shared/corpus/cr/en), measured in the same run:

* ``floor``    -- read, decode (parser.decode) and split into lines;
* ``regex``    -- the floor plus a plain regular-expression extraction of
  rule numbers and texts (no glossary, no examples, no structure);
* ``parse``    -- parser.cr.parse_cr: decode, LALR parse, tree -> Edition;
* the ratios parse/floor and parse/regex;
* peak memory: tracemalloc (Python allocations) for one parse_cr call on
  2026-01-16; for the archive, the process's peak resident set size
  (resource.getrusage) after parsing all editions and keeping every Edition,
  then tracemalloc in a second pass (tracemalloc slows parsing, so the
  timed pass runs without it).

Targets: 2026 edition under 0.5 s; whole archive under 30 s; peak memory
under 500 MB.  Times are the best of ``--repeat`` runs (default 3) for one
edition, one run for the archive.

Usage: .venv/bin/python benchmarks/bench_cr.py [--corpus DIR] [--repeat N]
"""
from __future__ import annotations

import argparse
import gc
import re
import resource
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from parser.cr import _cached_references, _parser, parse_cr  # noqa: E402
from parser.decode import decode_file  # noqa: E402

DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "cr" / "en"
_RULE_RE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.? (.*)$", re.M)


def floor(path: Path) -> int:
    """Decode and split into lines only."""
    return len(decode_file(path).text.split("\n"))


def regex_extract(path: Path) -> dict:
    """Rule numbers and texts by one regular expression (loses the rest)."""
    return {m.group(1): m.group(2) for m in _RULE_RE.finditer(decode_file(path).text)}


def best_of(fn, arg, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        _cached_references.cache_clear()  # no help from an earlier run
        t = time.perf_counter()
        fn(arg)
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    files = sorted(args.corpus.glob("*.txt"))
    if not files:
        print(f"no editions in {args.corpus}", file=sys.stderr)
        return 1
    latest = args.corpus / "2026-01-16.txt"
    if not latest.exists():
        latest = files[-1]

    t = time.perf_counter()
    _parser()
    print(f"grammar load (once per process): {1000 * (time.perf_counter() - t):.1f} ms")

    f = best_of(floor, latest, args.repeat)
    r = best_of(regex_extract, latest, args.repeat)
    p = best_of(parse_cr, latest, args.repeat)
    print(f"\n{latest.name}  (best of {args.repeat})")
    print(f"  floor (decode + split) {1000 * f:8.1f} ms")
    print(f"  regex extraction       {1000 * r:8.1f} ms")
    print(f"  parse_cr               {1000 * p:8.1f} ms   target < 500 ms")
    print(f"  ratio parse/floor      {p / f:8.1f}")
    print(f"  ratio parse/regex      {p / r:8.1f}")

    gc.collect()
    _cached_references.cache_clear()
    tracemalloc.start()
    ed = parse_cr(latest)
    _, peak_one = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"  peak memory (tracemalloc) {peak_one / 2**20:6.1f} MB for {len(ed.rules)} rules")
    del ed

    t = time.perf_counter()
    for path in files:
        floor(path)
    fa = time.perf_counter() - t
    t = time.perf_counter()
    for path in files:
        regex_extract(path)
    ra = time.perf_counter() - t
    gc.collect()
    _cached_references.cache_clear()
    t = time.perf_counter()
    editions = [parse_cr(path) for path in files]
    pa = time.perf_counter() - t
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    n_rules = sum(len(e.rules) for e in editions)
    n_gloss = sum(len(e.glossary) for e in editions)
    print(f"\nall {len(files)} editions  ({n_rules} rules, {n_gloss} glossary entries)")
    print(f"  floor (decode + split) {fa:8.2f} s")
    print(f"  regex extraction       {ra:8.2f} s")
    print(f"  parse_cr               {pa:8.2f} s   target < 30 s  (every Edition kept)")
    print(f"  ratio parse/floor      {pa / fa:8.1f}")
    print(f"  ratio parse/regex      {pa / ra:8.1f}")
    print(f"  peak RSS of the process  {rss:6.1f} MB   target < 500 MB (all 102 Editions held)")
    del editions
    gc.collect()
    _cached_references.cache_clear()
    tracemalloc.start()
    held = [parse_cr(path) for path in files]  # all editions held while the peak is read
    _, peak_all = tracemalloc.get_traced_memory()
    del held
    tracemalloc.stop()
    print(f"  peak Python memory (tracemalloc, second pass) {peak_all / 2**20:6.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
