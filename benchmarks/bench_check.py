"""`kb check` cost and quality.

Measures (issue 14 targets in brackets):

* time per claim, p50 / p95 / max, over the grammar's fixture
  (tests/fixtures/faq_claims.yaml), the evaluation set
  (tests/fixtures/claims_eval.yaml) and adversarial inputs (50 mixed hybrid
  symbols, ``{2/B}`` ×1000, a pool of 60 symbols, an over-long claim, 80
  words of noise) [every claim under 50 ms];
* right / wrong / unknown on the evaluation set, which the grammar is never
  tuned on [three in four right, none wrong].

Cards are read from a knowledge base: ``--data-dir DIR``, else one built
from the seeds in a temporary directory.

Usage: ``python benchmarks/bench_check.py [--data-dir DIR] [--show wrong|unknown|all]``.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kb.checker.claims import check_claim  # noqa: E402
from kb.store import db as store  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures"
TEN_HYBRIDS = "{W/U}{U/B}{B/R}{R/G}{G/W}{W/B}{U/R}{B/G}{R/W}{G/U}"

ADVERSARIAL = [
    TEN_HYBRIDS * 5 + " can be paid with " + "{W}{U}{B}{R}{G}" * 10,
    TEN_HYBRIDS * 5 + " can be paid with " + "{W}" * 50,
    "{2/B}" * 1000 + " can be paid with {B}{B}",
    "{2/B}" * 1000 + " has mana value 2000",
    "A pool of " + "{B}" * 40 + "{U}" * 20 + " can pay " + "{2/B}" * 30 + "{W/P}" * 10,
    "The ways to pay " + TEN_HYBRIDS * 5 + " are {W}{U}",
    "x" * 20000,
    " ".join(["la créature"] * 22),
    "Une créature " + " et ".join(["bleue"] * 30) + " est 2/2",
]


def items(name: str) -> list[dict]:
    data = yaml.safe_load((FIXTURES / name).read_text(encoding="utf-8"))
    return data["claims"] if isinstance(data, dict) else data


def expected_of(item: dict) -> str:
    e = item.get("expected")
    return ("true" if e else "false") if isinstance(e, bool) else str(e).lower()


def timed(claim: str, edition, conn) -> tuple:
    t0 = time.perf_counter()
    v = check_claim(claim, edition=edition, cards=conn)
    return v, time.perf_counter() - t0


def summary(label: str, seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    return (f"{label:<28} n={len(ms):<4} p50={statistics.median(ms):7.2f} ms  p95={p95:7.2f} ms  "
            f"max={ms[-1]:7.2f} ms")


def run(conn, show: str) -> None:
    check_claim("warm up: Implorer la reine est noire", cards=conn)
    for name in ("faq_claims.yaml", "claims_eval.yaml"):
        tally = {"right": 0, "wrong": 0, "unknown": 0}
        seconds = []
        for item in items(name):
            v, s = timed(item["claim"], item.get("edition"), conn)
            seconds.append(s)
            verdict = "unknown" if v.answer == "unknown" else ("right" if v.answer == expected_of(item) else "wrong")
            tally[verdict] += 1
            if show in (verdict, "all"):
                print(f"  {verdict:<7} {v.answer:<7} {item['claim']}" + (f"\n          {v.reason}" if v.reason else ""))
        print(summary(name, seconds))
        total = sum(tally.values())
        print(f"{'':<28} right {tally['right']}/{total}, wrong {tally['wrong']}, unknown {tally['unknown']}")
    seconds = []
    for claim in ADVERSARIAL:
        v, s = timed(claim, None, conn)
        seconds.append(s)
        print(f"  {s * 1000:7.2f} ms  {v.answer:<7} {claim[:60]}{'…' if len(claim) > 60 else ''}")
    print(summary("adversarial", seconds))


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", type=Path)
    ap.add_argument("--show", choices=("wrong", "unknown", "all", "none"), default="none")
    args = ap.parse_args(argv)
    if args.data_dir:
        run(store.connect(args.data_dir), args.show)
        return
    from kb.build import build

    with tempfile.TemporaryDirectory() as tmp:
        build(Path(tmp) / "kb")
        run(store.connect(Path(tmp) / "kb"), args.show)


if __name__ == "__main__":
    main()
