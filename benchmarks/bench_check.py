"""`kb check` cost and quality.

Measures (issue 14 targets in brackets):

* time per claim, p50 / p95 / max, over the grammar's fixture
  (tests/fixtures/faq_claims.yaml), the evaluation set
  (tests/fixtures/claims_eval.yaml), the held-out set written after it
  (tests/fixtures/claims_heldout.yaml) and adversarial inputs (50 mixed
  hybrid symbols, ``{2/B}`` ×1000, a pool of 60 symbols, an over-long claim,
  10 KB of words, 80 words of noise, nested « si … si … ») [every claim
  under 50 ms];
* right / wrong / unknown on each evaluation set, which the grammar is never
  tuned on [three in four right, none wrong].

Cards are read from a knowledge base: ``--data-dir DIR``, else one built
from the seeds in a temporary directory.

With ``--previous REV`` the same claims are also checked, in the same run,
by the checker of git revision REV (its tree exported to a temporary
directory, run in a child process on the same knowledge base; the two take
turns claim by claim, each keeping the best of ``--repeat`` timings, so a
passing load weighs on both alike), and a table compares the two: right / wrong / unknown per set, warm p50 / p95, and the
cold time of one ``kb check`` process (its loading included).

Usage: ``python benchmarks/bench_check.py [--data-dir DIR] [--show wrong|unknown|all] [--sets FILE...]
[--previous REV [--repeat N]]``.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
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
    " ".join(["la créature"] * 16),                    # 32 words: the most read
    ("Implorer la reine est noire et " * 400)[:10240],   # 10 KB of words
    " ".join(["si une créature 2/2 reçoit un marqueur -1/-1"] * 3) + " : elle meurt",
    "si " * 24 + "une créature 1/1 meurt : elle meurt",
    "Le Bonnet-rouge meurtrier revient sur le champ de bataille " + "quand il meurt et " * 5 + "quand il meurt",
]


#: Inflected words players write for the frames' verbs -> the grammar word
#: that frame reads (future, past, plural, participles, no accents).
INFLECTIONS = {
    "reviennent": "revient", "reviendra": "revient", "reviendront": "revient", "revenait": "revient",
    "revienne": "revient", "meurent": "meurent", "mourra": "meurt", "mourront": "meurent", "mourait": "meurt",
    "recoivent": "recoivent", "reçoivent": "recoivent", "recevra": "recoit", "recevait": "recoit", "reçu": "recoit",
    "subira": "subit", "subissait": "subit", "subi": "subit", "deviendra": "devient", "devenait": "devient",
    "provoquait": "provoque", "provoquera": "provoque", "provoquent": "provoque", "ont": "a", "auront": "a",
    "aura": "a", "étaient": "sont", "sera": "est", "était": "est", "perdra": "perd", "perdent": "perd",
    "acquièrent": "acquiert", "quittera": "quitte", "quittent": "quitte", "survivra": "survit",
    # English frames read both numbers (« die » / « dies », « become » / « becomes »)
    "returned": "returns", "died": "die", "gained": "gains", "lost": "loses", "became": "become",
    "caused": "cause", "left": "leaves",
}


def lemma_accuracy() -> None:
    """The grammar's own literals against simplemma's lemmas on :data:`INFLECTIONS`."""
    from kb.checker.lemmas import lemma_index, lemmatize
    from kb.checker.reading import grammar_words
    from parser.textkeys import fold

    words = grammar_words()
    t0 = time.perf_counter()
    lemma_index(words)
    built = time.perf_counter() - t0
    literal = sum(fold(w) == target for w, target in INFLECTIONS.items())
    lemma = sum(lemmatize(fold(w), words).text == target for w, target in INFLECTIONS.items())
    t0 = time.perf_counter()
    for _ in range(100):
        lemmatize("les creatures avec la persistance qui mourront reviendront sur le champ de bataille", words)
    per_claim = (time.perf_counter() - t0) / 100
    print(f"inflected frame words read: grammar literals {literal}/{len(INFLECTIONS)}, with simplemma lemmas "
          f"{lemma}/{len(INFLECTIONS)}; lemma tables {built * 1000:.0f} ms once, {per_claim * 1e6:.0f} µs per claim")


def parse_strategies(claims: list[str]) -> None:
    """Processor time of reading the fixture claims the two ways: one
    Earley parse per start rule over the whole claim (``start``, then
    ``late_start`` whenever a condition word follows the first word), and
    :func:`kb.checker.reading.parse_claim` (``edition_lead`` + ``after_qual``
    for a claim led by its edition, ``late_start`` only when ``late_tail``
    reads the end)."""
    from lark.exceptions import UnexpectedInput

    from kb.checker.lemmas import lemmatize
    from kb.checker.reading import _LATE_IF, claims_parser, grammar_words, normalize, parse_claim, shelve_mana

    def whole(text: str) -> None:
        for start in ("start", "late_start") if _LATE_IF.search(text) else ("start",):
            try:
                claims_parser().parse(text, start=start)
                return
            except UnexpectedInput:
                continue

    def split(norm: str) -> None:
        try:
            parse_claim(norm)
        except UnexpectedInput:
            pass

    groups = {"led by an edition": [], "a condition word after the first": []}
    for claim in claims:
        norm = normalize(claim)
        text = lemmatize(shelve_mana(norm)[0], grammar_words()).text
        if text.split()[0] in ("selon", "en", "under", "avant", "before", "aujourd'hui", "today", "in", "d'apres"):
            groups["led by an edition"].append((norm, text))
        elif _LATE_IF.search(text):
            groups["a condition word after the first"].append((norm, text))
    for label, pairs in groups.items():
        c0 = time.process_time()
        for _, text in pairs:
            whole(text)
        before = time.process_time() - c0
        c0 = time.process_time()
        for norm, _ in pairs:
            split(norm)
        after = time.process_time() - c0
        n = max(len(pairs), 1)
        print(f"reading {len(pairs)} fixture claims {label}: whole-claim parses {before / n * 1000:.1f} ms each, "
              f"parse_claim {after / n * 1000:.1f} ms each (processor time)")


def items(name: str) -> list[dict]:
    data = yaml.safe_load((FIXTURES / name).read_text(encoding="utf-8"))   # an absolute path stays as is
    return data["claims"] if isinstance(data, dict) else data


#: Whether the knowledge base measured holds the card data: an item's ``expected_with_card_data`` (a claim
#: about a card outside the seeds, unknown without the card data) then wins over its ``expected``.
CARD_DATA = False


def expected_of(item: dict) -> str:
    e = item.get("expected_with_card_data", item.get("expected")) if CARD_DATA else item.get("expected")
    return ("true" if e else "false") if isinstance(e, bool) else str(e).lower()


def _has_card_data(conn) -> bool:
    return conn.execute("SELECT 1 FROM mtg_cards LIMIT 1").fetchone() is not None


#: Processor time of each claim (the machine may be shared: wall time then
#: counts the other processes' turns too; both are printed).
CPU: list[float] = []


def timed(claim: str, edition, conn) -> tuple:
    c0, t0 = time.process_time(), time.perf_counter()
    v = check_claim(claim, edition=edition, cards=conn)
    CPU.append(time.process_time() - c0)
    return v, time.perf_counter() - t0


def summary(label: str, seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    return (f"{label:<28} n={len(ms):<4} p50={statistics.median(ms):7.2f} ms  p95={p95:7.2f} ms  "
            f"max={ms[-1]:7.2f} ms")


SETS = ("faq_claims.yaml", "claims_eval.yaml", "claims_heldout.yaml")


def run(conn, show: str, sets=SETS) -> None:
    t0 = time.perf_counter()
    check_claim("warm up: Implorer la reine est noire", cards=conn)
    print(f"first claim (loads the grammar and the lemma tables): {(time.perf_counter() - t0) * 1000:.0f} ms")
    if sets == SETS:
        lemma_accuracy()
        parse_strategies([item["claim"] for name in SETS for item in items(name)])
    everything = []
    slowest: list[tuple[float, str]] = []
    for name in sets:
        tally = {"right": 0, "wrong": 0, "unknown": 0}
        rounds: dict = {}
        seconds = []
        for item in items(name):
            v, s = timed(item["claim"], item.get("edition"), conn)
            seconds.append(s)
            slowest.append((s, item["claim"]))
            verdict = "right" if v.answer == expected_of(item) else ("unknown" if v.answer == "unknown" else "wrong")
            tally[verdict] += 1
            rounds.setdefault(item.get("round", 1), {"right": 0, "wrong": 0, "unknown": 0})[verdict] += 1
            if show in (verdict, "all"):
                print(f"  {verdict:<7} {v.answer:<7} {item['claim']}" + (f"\n          {v.reason}" if v.reason else "")
                      + (f"\n          expected {expected_of(item)}: {item.get('note', '')}" if verdict != "right" else ""))
        everything += seconds
        print(summary(name, seconds))
        total = sum(tally.values())
        print(f"{'':<28} right {tally['right']}/{total}, wrong {tally['wrong']}, unknown {tally['unknown']}")
        if len(rounds) > 1:
            for r, t in sorted(rounds.items()):
                print(f"{'':<28}   round {r}: right {t['right']}/{sum(t.values())}, wrong {t['wrong']}, "
                      f"unknown {t['unknown']}")
    seconds = []
    for claim in ADVERSARIAL:
        v, s = timed(claim, None, conn)
        seconds.append(s)
        print(f"  {s * 1000:7.2f} ms  {v.answer:<7} {claim[:60]}{'…' if len(claim) > 60 else ''}")
    print(summary("adversarial", seconds))
    print(summary("all claims", everything + seconds))
    print(summary("all claims, processor time", CPU))
    for s, claim in sorted(slowest, reverse=True)[:5]:
        print(f"  slowest {s * 1000:7.2f} ms  {claim[:70]}")


#: The child process that checks claims with another revision's code: reads one [claim, edition, repeat]
#: JSON line at a time on stdin and answers with one [answer, best seconds of the repeats] line.
_CHILD = """
import json, sys, time
from pathlib import Path
from kb.checker.claims import check_claim
from kb.store import db as store
conn = store.connect(Path(sys.argv[1]))
check_claim("warm up: Implorer la reine est noire", cards=conn)
print("ready", flush=True)
for line in sys.stdin:
    claim, edition, repeat = json.loads(line)
    best = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        v = check_claim(claim, edition=edition, cards=conn)
        best = min(best, time.perf_counter() - t0) if best is not None else time.perf_counter() - t0
    print(json.dumps([v.answer, best]), flush=True)
"""


def _best(claim: str, edition, conn, repeat: int) -> list:
    """[answer, best seconds of ``repeat`` checks] of ``claim`` with this tree's checker."""
    best = None
    for _ in range(repeat):
        v, sec = timed(claim, edition, conn)
        best = sec if best is None else min(best, sec)
    return [v.answer, best]


def _export(rev: str, into: Path) -> Path:
    """The tree of git revision ``rev`` in ``into``, its package data reachable as when installed."""
    tar = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=tar, check=True)
    for package, folder in (("terms", "corpus/terms"), ("seeds", "seeds"), ("templates", "templates")):
        link = into / "kb" / "data" / package
        if not link.exists():
            link.symlink_to(into / folder)
    return into


def _child_env(tree: Path) -> dict:
    return {**os.environ, "PYTHONPATH": str(tree)}


#: The claims a cold ``kb check`` is timed on: one about a card, answered by its characteristics, and one about
#: a mechanic that names no card, compared with the rules, the notes and the rulings (the slowest first use).
COLD_CLAIMS = ("Kitchen Finks has persist", "Wither applies to all damage a source deals to creatures")


def _cold(tree: Path, data_dir: Path, claim: str = COLD_CLAIMS[0]) -> float:
    """Seconds one fresh ``kb check`` process takes for one claim (loading included)."""
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "kb.cli.main", "check", claim, "--data-dir",
                    str(data_dir.resolve())], env=_child_env(tree), cwd=tree, capture_output=True, check=False)
    return time.perf_counter() - t0


def compare_previous(rev: str, data_dir: Path, sets, repeat: int = 3) -> None:
    """Check the claims of ``sets`` with this tree and with revision ``rev``, in one run; print both.

    The two checkers take turns claim by claim (the previous one in a child process), each keeping the
    best of ``repeat`` timings, so that a load that comes and goes on the machine weighs on both alike."""
    conn = store.connect(data_dir)
    check_claim("warm up: Implorer la reine est noire", cards=conn)
    with tempfile.TemporaryDirectory() as tmp:
        old = _export(rev, Path(tmp))
        child = subprocess.Popen([sys.executable, "-c", _CHILD, str(data_dir.resolve())], env=_child_env(old),
                                 cwd=old, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        try:
            child.stdout.readline()
            rows = []
            for name in sets:
                before, now, expected = [], [], []
                for item in items(name):
                    claim, edition = item["claim"], item.get("edition")
                    child.stdin.write(json.dumps([claim, edition, repeat]) + "\n")
                    child.stdin.flush()
                    before.append(json.loads(child.stdout.readline()))
                    now.append(_best(claim, edition, conn, repeat))
                    expected.append(expected_of(item))
                rows.append((Path(name).name, _tally(before, expected), _tally(now, expected)))
        finally:
            child.stdin.close()
            child.wait()
        colds = [(claim, min(_cold(old, data_dir, claim) for _ in range(3)),
                  min(_cold(ROOT, data_dir, claim) for _ in range(3))) for claim in COLD_CLAIMS]
    print(f"\nthis tree vs {rev} (same run, same knowledge base {data_dir}; claim by claim in turn, "
          f"best of {repeat} each):")
    print(f"  {'set':<28} {'previous: right/wrong/unknown  p50/p95 ms':<44} now: right/wrong/unknown  p50/p95 ms")
    for name, old_t, new_t in rows:
        print(f"  {name:<28} {old_t:<44} {new_t}")
    for claim, cold_old, cold_new in colds:
        print(f"  cold kb check (one process, best of 3) of “{claim}”: previous {cold_old:.2f} s, now {cold_new:.2f} s")


def _tally(results, expected) -> str:
    right = sum(a == e for (a, _), e in zip(results, expected))
    unknown = sum(a == "unknown" and e != "unknown" for (a, _), e in zip(results, expected))
    wrong = len(results) - right - unknown
    ms = sorted(sec * 1000 for _, sec in results)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    return f"{right}/{wrong}/{unknown} of {len(results)}  {statistics.median(ms):.1f}/{p95:.1f}"


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", type=Path)
    ap.add_argument("--show", choices=("wrong", "unknown", "all", "none"), default="none")
    ap.add_argument("--sets", nargs="+", help="claim files to measure instead of the fixtures (YAML lists of "
                                              "{claim, expected, note[, edition]})")
    ap.add_argument("--previous", metavar="REV", help="also check the claims with the checker of git revision "
                                                        "REV, in the same run, and compare")
    ap.add_argument("--repeat", type=int, default=3, help="with --previous: timings per claim and checker, "
                                                          "the best kept (default 3)")
    args = ap.parse_args(argv)
    global CARD_DATA
    CARD_DATA = bool(args.data_dir) and _has_card_data(store.connect(args.data_dir))
    sets = tuple(str(Path(s).resolve()) for s in args.sets) if args.sets else SETS
    if args.previous:
        if not args.data_dir:
            ap.error("--previous needs --data-dir (both checkers read the same knowledge base)")
        compare_previous(args.previous, args.data_dir, sets, args.repeat)
        return
    if args.data_dir:
        run(store.connect(args.data_dir), args.show, sets)
        return
    from kb.build import build

    with tempfile.TemporaryDirectory() as tmp:
        build(Path(tmp) / "kb")
        run(store.connect(Path(tmp) / "kb"), args.show, sets)


if __name__ == "__main__":
    main()
