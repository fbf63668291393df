"""`kb serve` under load (issue 16): loopback only, bounded, stops by itself.

Usage:
  .venv/bin/python benchmarks/bench_serve.py [--data-dir DIR] [--seconds 4]
                                             [--workers N] [--threads N]

Starts `kb serve` (gunicorn) on a knowledge base built from the seeds in a
temporary directory, or on DIR, then runs each scenario for at most
``--seconds`` (and at most 400 requests per client): 20 and 200 concurrent
keep-alive clients mixing pages, searches and claim checks, alone, with four
clients sending 60 KB queries (refused: 414) and with four sending the
longest accepted query (1000 characters of search words).  Prints per
scenario the light clients' p50/p95/max latency and error count, the max
of the light search `/api/search?q=persistance` (target: never 100 ms
behind the heavy ones) and what the heavy clients got.
Targets: 200 clients p95 <= 150 ms, no errors.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

LIGHT_SEARCH = "/api/search?q=persistance"
PAGES = ["/", "/fr/faq/sombrelande", "/fr/rules/607", "/fr/faq/sombrelande?ui=en", "/style.css"]
SEARCHES = [LIGHT_SEARCH, "/api/search?q=" + urllib.parse.quote("association d'âmes"), "/api/search?q=wither",
            "/api/search?q=702.79a", "/search?q=persist", "/api/search?q=" + urllib.parse.quote("marqueur -1/-1")]
CHECKS = ["/api/check?claim=" + urllib.parse.quote(c) for c in (
    "Implorer la reine a un coût converti de mana de 6", "Beseech the Queen is black",
    "{G/W}{G/W} peut être payé avec {G}{W}")]
WORDS = "persist persistance wither flétrissure marqueur counter créature bataille trample sacrifice".split()
MAX_PER_CLIENT = 400


def heavy_60k(rng: random.Random) -> str:
    return "/api/search?q=" + "+".join(rng.choice(WORDS) for _ in range(6000))[:60_000]


def heavy_at_cap(rng: random.Random) -> str:
    """A different query of 1000 characters each time (no cache helps)."""
    words: list[str] = []
    while len(" ".join(words)) < 990:
        words.append(rng.choice(WORDS) + rng.choice(["", "s", "x", "é", "e"]))
    return "/api/search?q=" + urllib.parse.quote(" ".join(words)[:1000])


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


async def client(port: int, paths, deadline: float, out: list, heavy: bool) -> None:
    """Requests until ``deadline``, each from ``paths`` (a list: one at
    random; a function: called with a random generator); appends
    (path, status or None, seconds) to ``out``."""
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
        out.append((path, status, time.perf_counter() - t0))
    if conn is not None:
        conn[1].close()


async def scenario(port: int, clients: int, heavy, seconds: float) -> tuple[list, list]:
    deadline = time.monotonic() + seconds
    light, loaded = [], []
    mix = PAGES + SEARCHES * 2 + CHECKS
    tasks = [client(port, mix, deadline, light, False) for _ in range(clients)]
    if heavy:
        tasks += [client(port, heavy, deadline, loaded, True) for _ in range(4)]
    await asyncio.gather(*tasks)
    return light, loaded


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))] * 1000 if values else float("nan")


def report(name: str, light: list, loaded: list) -> None:
    times = [t for _, s, t in light]
    errors = sum(1 for _, s, _ in light if s is None or s >= 400)
    search = [t for p, s, t in light if p == LIGHT_SEARCH]
    line = (f"{name:<34} {len(light):>5} req  p50 {pct(times, .5):6.1f} ms  p95 {pct(times, .95):6.1f} ms  "
            f"max {pct(times, 1):7.1f} ms  errors {errors:>3}  light search max {pct(search, 1):6.1f} ms")
    if loaded:
        statuses = sorted({str(s) for _, s, _ in loaded})
        line += f"  | heavy {len(loaded)} req p50 {pct([t for *_, t in loaded], .5):6.1f} ms status {'/'.join(statuses)}"
        cut = sum(1 for p, s, t in loaded if s == 200)
        line += f" ({cut} answered)" if cut else ""
    print(line, flush=True)


def start_server(data: Path, workers: int | None, threads: int | None, log) -> tuple[subprocess.Popen, int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cmd = [sys.executable, "-m", "kb.cli", "serve", "--port", str(port), "--data-dir", str(data)]
    cmd += ["--workers", str(workers)] if workers else []
    cmd += ["--threads", str(threads)] if threads else []
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=log)   # a file: a full pipe would block it
    import urllib.request
    while time.perf_counter() - t0 < 30:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).read()
            break
        except OSError:
            time.sleep(0.05)
    else:
        proc.kill()
        log.seek(0)
        raise SystemExit("kb serve did not start: " + log.read().decode(errors="replace"))
    print(f"kb serve up (first page answered) after {time.perf_counter() - t0:.2f} s", flush=True)
    for path in (LIGHT_SEARCH, CHECKS[0], "/fr/rules/607"):
        t1 = time.perf_counter()
        urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10).read()
        print(f"  first {path[:40]:<40} {1000 * (time.perf_counter() - t1):6.1f} ms")
    return proc, port


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", type=Path, help="serve this knowledge base instead of the seeds")
    ap.add_argument("--seconds", type=float, default=4.0, help="length of each scenario (at most 30)")
    ap.add_argument("--workers", type=int)
    ap.add_argument("--threads", type=int)
    ap.add_argument("--clients", default="20,200", help="concurrent light clients per scenario (comma list)")
    args = ap.parse_args()
    seconds = min(args.seconds, 30.0)
    with tempfile.TemporaryDirectory() as tmp:
        data = args.data_dir
        if data is None:
            from kb.build import build
            data = Path(tmp) / "kb"
            build(data)
        log = open(Path(tmp) / "serve.log", "w+b")
        proc, port = start_server(data, args.workers, args.threads, log)
        try:
            light, _ = asyncio.run(scenario(port, 20, None, 1.0))   # every worker and thread opens its searcher
            report("warm-up (1 s, not a target)", light, [])
            for clients in [min(int(c), 500) for c in args.clients.split(",")]:
                for label, heavy in (("", None), (" + 4 x 60 KB", heavy_60k), (" + 4 x 1000 chars", heavy_at_cap)):
                    light, loaded = asyncio.run(scenario(port, clients, heavy, seconds))
                    report(f"{clients} clients{label}", light, loaded)
        finally:
            proc.terminate()
            proc.wait(timeout=15)


if __name__ == "__main__":
    main()
