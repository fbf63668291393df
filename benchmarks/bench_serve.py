"""`kb serve` under load (issue 16): loopback only, bounded, stops by itself.

Usage:
  .venv/bin/python benchmarks/bench_serve.py [--data-dir DIR] [--seconds 8]
                                             [--workers N] [--threads N] [--clients 0,20,200]

Starts `kb serve` (gunicorn) on a knowledge base built from the seeds in a
temporary directory, or on DIR, and prints:

* start: seconds until the server answers, then the first request of each
  kind of page, search and check on a fresh connection (target: 0.3 s);
* per number of light clients (keep-alive, mixing pages, searches and
  claim checks), three scenarios of ``--seconds`` in all each, run in four
  interleaved slices, in turn first (at most 400 requests per client and slice) after one
  uncounted second of the same load: alone, with four clients sending 60 KB
  queries (refused: 414) and with four sending the longest accepted query
  (1000 characters, a different one each time): the light clients'
  p50/p95/max and error count, and what the heavy clients got;
* in every scenario four probes send the light search `/api/search?q=persistance`
  every 100 ms each, a different page size, page or language each time so
  that no cache answers it;
  its p50/p95/max with and without the heavy clients, measured in the same
  run, give how long a light query waits behind heavy ones (target: 100 ms).

Targets: 200 clients p95 <= 150 ms, no errors.  The load generator runs on
the same machine as the server: on a machine shared with other work the
figures are upper bounds.
"""
from __future__ import annotations

import argparse
import asyncio
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

LIGHT_SEARCH = "/api/search?q=persistance"
PAGES = ["/", "/fr/faq/sombrelande", "/fr/rules/607", "/fr/faq/sombrelande?ui=en", "/style.css"]
SEARCHES = [LIGHT_SEARCH, "/api/search?q=" + urllib.parse.quote("association d'âmes"), "/api/search?q=wither",
            "/api/search?q=702.79a", "/search?q=persist", "/api/search?q=" + urllib.parse.quote("marqueur -1/-1")]
CHECKS = ["/api/check?claim=" + urllib.parse.quote(c) for c in (
    "Implorer la reine a un coût converti de mana de 6", "Beseech the Queen is black",
    "{G/W}{G/W} peut être payé avec {G}{W}")]
FIRST = ["/", "/fr/faq/sombrelande", "/fr/faq/sombrelande?ui=en", "/fr/rules/607", "/terms",
         "/api/search?q=" + urllib.parse.quote("marqueur -1/-1"), CHECKS[0], "/search?q=persist"]
WORDS = "persist persistance wither flétrissure marqueur counter créature bataille trample sacrifice".split()
MAX_PER_CLIENT = 400
PROBE_EVERY = 0.1        # seconds between two requests of a probe
PROBES = 4               # probes running at once
ROUNDS = 4               # each scenario runs in this many slices, the three scenarios' slices interleaved
HEAVY = (("", None), (" + 4 x 60 KB", "60k"), (" + 4 x 1000 chars", "cap"))


def heavy_60k(rng: random.Random) -> str:
    return "/api/search?q=" + "+".join(rng.choice(WORDS) for _ in range(6000))[:60_000]


def heavy_at_cap(rng: random.Random) -> str:
    """A different query of 1000 characters each time (no cache helps)."""
    words: list[str] = []
    while len(" ".join(words)) < 990:
        words.append(rng.choice(WORDS) + rng.choice(["", "s", "x", "é", "e"]))
    return "/api/search?q=" + urllib.parse.quote(" ".join(words)[:1000])


HEAVY_PATHS = {"60k": heavy_60k, "cap": heavy_at_cap}


class Probes:
    """The probe's light searches: every one different in the whole run
    (page size, page and interface language), so none is answered from a cache."""

    def __init__(self):
        self.paths = [f"{LIGHT_SEARCH}&limit={limit}&page={page}{ui}{lang}" for limit in range(1, 151)
                      for page in (1, 2, 3, 4) for ui in ("", "&ui=en") for lang in ("", "&lang=fr", "&lang=en")]
        random.Random(16).shuffle(self.paths)

    def __call__(self, _rng) -> str:
        return self.paths.pop() if self.paths else LIGHT_SEARCH + "&limit=7"


async def fetch(reader, writer, path: str) -> int:
    """One GET on a kept-alive connection; returns the status."""
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    length = next(int(h.split(":", 1)[1]) for h in lines if h.lower().startswith("content-length:"))
    await reader.readexactly(length)
    if any(h.lower() == "connection: close" for h in lines):
        raise ConnectionResetError("closed by the server")
    return status


async def client(port: int, paths, deadline: float, out: list, heavy: bool, every: float = 0.0) -> None:
    """Requests until ``deadline``, each from ``paths`` (a list: one at
    random; a function: called with a random generator), one every
    ``every`` seconds at most; appends (path, status or None, seconds) to ``out``."""
    rng = random.Random()
    conn = None
    for _ in range(MAX_PER_CLIENT):
        if time.monotonic() >= deadline:
            break
        path = paths(rng) if callable(paths) else rng.choice(paths)
        t0 = time.perf_counter()
        try:
            if conn is None:
                conn = await asyncio.open_connection("127.0.0.1", port, limit=1 << 22)
            status = await asyncio.wait_for(fetch(*conn, path), timeout=30)
        except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, ValueError, StopIteration):
            status = 414 if heavy else None    # the server closes after a 414
            if conn is not None:
                conn[1].close()
            conn = None
        spent = time.perf_counter() - t0
        out.append((path, status, spent))
        if every > spent:
            await asyncio.sleep(every - spent)
    if conn is not None:
        conn[1].close()


async def scenario(port: int, clients: int, heavy, seconds: float, probes: Optional[Probes]) -> tuple[list, list, list]:
    deadline = time.monotonic() + seconds
    light, loaded, probed = [], [], []
    mix = PAGES + SEARCHES * 2 + CHECKS
    tasks = [client(port, mix, deadline, light, False) for _ in range(clients)]
    if probes is not None:
        tasks += [client(port, probes, deadline, probed, False, PROBE_EVERY) for _ in range(PROBES)]
    if heavy:
        tasks += [client(port, HEAVY_PATHS[heavy], deadline, loaded, True) for _ in range(4)]
    await asyncio.gather(*tasks)
    return light, loaded, probed


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))] * 1000 if values else float("nan")


def errors(rows: list) -> int:
    return sum(1 for _, s, _ in rows if s is None or s >= 400)


def spread(rows: list) -> str:
    times = [t for *_, t in rows]
    return f"p50 {pct(times, .5):6.1f}  p95 {pct(times, .95):6.1f}  max {pct(times, 1):6.1f} ms"


def report(name: str, light: list, loaded: list, probed: list) -> None:
    line = f"{name:<26}"
    if light:
        line += f" {len(light):>5} req  {spread(light)}  errors {errors(light):>3}"
    line += f" | probe {spread(probed)}  errors {errors(probed)}"
    if loaded:
        statuses = sorted({str(s) for _, s, _ in loaded})
        answered = sum(1 for _, s, _ in loaded if s == 200)
        line += (f" | heavy {len(loaded)} req p50 {pct([t for *_, t in loaded], .5):6.1f} ms "
                 f"status {'/'.join(statuses)}" + (f" ({answered} answered)" if answered else ""))
    print(line, flush=True)


def waits(clients: int, alone: list, probes_by_heavy: dict) -> None:
    base = [t for *_, t in alone]
    for label, probed in probes_by_heavy.items():
        times = [t for *_, t in probed]
        print(f"  {clients} clients: the light search waits behind{label[2:]}: "
              f"p95 {pct(times, .95) - pct(base, .95):+6.1f} ms, max {pct(times, 1) - pct(base, 1):+6.1f} ms "
              f"(target: at most +100 ms)", flush=True)


def start_server(data: Path, workers: int | None, threads: int | None, log) -> tuple[subprocess.Popen, int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cmd = [sys.executable, "-m", "kb.cli", "serve", "--port", str(port), "--data-dir", str(data)]
    cmd += ["--workers", str(workers)] if workers else []
    cmd += ["--threads", str(threads)] if threads else []
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=log)   # a file: a full pipe would block it
    while time.perf_counter() - t0 < 60:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                break
        except OSError:
            time.sleep(0.01)
    else:
        proc.kill()
        log.seek(0)
        raise SystemExit("kb serve did not start: " + log.read().decode(errors="replace"))
    print(f"kb serve listening after {time.perf_counter() - t0:.2f} s", flush=True)
    firsts = []
    for path in FIRST:
        t1 = time.perf_counter()
        urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=60).read()
        firsts.append(time.perf_counter() - t1)
        print(f"  first {path[:44]:<44} {1000 * firsts[-1]:7.1f} ms", flush=True)
    print(f"  first requests after start: max {1000 * max(firsts):.1f} ms (target: 300 ms)", flush=True)
    return proc, port


def run(port: int, counts: list[int], seconds: float) -> None:
    probes = Probes()
    light, _, probed = asyncio.run(scenario(port, 20, None, 1.0, probes))  # every thread opens its searcher
    report("warm-up (1 s, not a target)", light, [], probed)
    for clients in counts:
        asyncio.run(scenario(port, clients, None, 1.0, None))    # as many connections opened first: not counted
        found = {label: ([], [], []) for label, _ in HEAVY}
        for r in range(ROUNDS):     # interleaved and rotated: a change of the machine's load weighs on all alike
            for label, heavy in HEAVY[r % len(HEAVY):] + HEAVY[:r % len(HEAVY)]:
                for rows, more in zip(found[label], asyncio.run(scenario(port, clients, heavy, seconds / ROUNDS,
                                                                         probes))):
                    rows.extend(more)
        for label, (light, loaded, probed) in found.items():
            report(f"{clients} clients{label}", light, loaded, probed)
        waits(clients, found[""][2], {label: rows[2] for label, rows in found.items() if label})
    if not probes.paths:
        print("  (the probes ran out of uncached searches: the last ones may come from a cache)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", type=Path, help="serve this knowledge base instead of the seeds")
    ap.add_argument("--seconds", type=float, default=8.0, help="length of each scenario, all slices (at most 60)")
    ap.add_argument("--workers", type=int)
    ap.add_argument("--threads", type=int)
    ap.add_argument("--clients", default="0,20,200", help="concurrent light clients per scenario (comma list)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = args.data_dir
        if data is None:
            from kb.build import build
            data = Path(tmp) / "kb"
            build(data)
        log = open(Path(tmp) / "serve.log", "w+b")
        proc, port = start_server(data, args.workers, args.threads, log)
        try:
            run(port, [min(int(c), 500) for c in args.clients.split(",")], min(args.seconds, 60.0))
        finally:
            proc.terminate()
            proc.wait(timeout=15)


if __name__ == "__main__":
    main()
