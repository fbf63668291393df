"""Share of the card corpus that ``parser/cardface.lark`` reads.

Ingests the MTGJSON set files (default ``../shared/corpus/cards/mtgjson``)
into an in-memory database with :func:`kb.cards.ingest.ingest_mtgjson`, then runs
the grammar over

* every mana cost of every card face (oracle), with the ``mana_cost`` rule
  cardface.lark imports from mana.lark, and its mana value against MTGJSON,
* every English type line (one per card face),
* every French type line (one per French printing of a face, MTGJSON
  ``foreignData``), and the distinct French type lines,
* every power, toughness and loyalty,

and checks that the parsed English types match MTGJSON ``supertypes`` /
``types`` / ``subtypes`` (and the French types map to the same English
types).  Prints the shares and lists every failure with its card.

Usage: ``python benchmarks/grammar_coverage.py [PATH] [--json OUT]``.
Targets (issue 4): 100 % of mana costs, >= 99.5 % of type lines per language.
"""
from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kb.cards.ingest import ingest_mtgjson  # noqa: E402
from parser.cardface import (CardFaceError, parse_card_mana_cost, parse_loyalty, parse_pt_value,  # noqa: E402
                             parse_type_line)
from parser.mana import ManaCostError  # noqa: E402
from kb.store import schema  # noqa: E402


def parse_mana_cost(text: str):
    """Mana cost through the ``mana_cost`` rule imported into cardface.lark."""
    try:
        return parse_card_mana_cost(text)
    except CardFaceError as exc:
        raise ManaCostError(str(exc), text, exc.column) from None

DEFAULT = ROOT.parent / "shared" / "corpus" / "cards" / "mtgjson"


def _share(ok: int, total: int) -> str:
    return f"{ok}/{total} = {100.0 * ok / total:.3f} %" if total else "0/0"


def run(path: Path) -> dict:
    conn = sqlite3.connect(":memory:")
    schema.create_all(conn)
    ingest_mtgjson(conn, path)
    faces = conn.execute("SELECT card, side, face_name, mana_cost, type_line, supertypes, types, subtypes, "
                         "power, toughness, loyalty FROM mtg_faces").fetchall()
    res: dict = {}

    # mana costs
    fails, total, mismatched_mv = [], 0, []
    for card, side, face, cost, *_ in faces:
        if cost is None:
            continue
        total += 1
        try:
            parse_mana_cost(cost)
        except ManaCostError as exc:
            fails.append({"card": card, "face": face, "text": cost, "error": str(exc)})
    # mana value check against MTGJSON manaValue of one-face cards
    for name, cost, mv in conn.execute("SELECT c.name, c.mana_cost, c.mana_value FROM mtg_cards c "
                                       "WHERE c.face_count = 1 AND c.mana_cost IS NOT NULL"):
        try:
            if float(parse_mana_cost(cost).mana_value) != float(mv):
                mismatched_mv.append({"card": name, "cost": cost, "mtgjson": mv,
                                      "parsed": parse_mana_cost(cost).mana_value})
        except ManaCostError:
            pass
    res["mana_costs"] = {"total": total, "parsed": total - len(fails), "failures": fails,
                         "mana_value_mismatches": mismatched_mv}

    # English type lines
    fails, mism, total = [], [], 0
    for card, side, face, cost, tl, sup, typ, sub, *_ in faces:
        total += 1
        try:
            t = parse_type_line(tl, "en")
        except CardFaceError as exc:
            fails.append({"card": card, "face": face, "text": tl, "error": str(exc)})
            continue
        if (sorted(t.supertypes_en), sorted(t.types_en), t.subtypes) != \
                (sorted(json.loads(sup)), sorted(json.loads(typ)), json.loads(sub)):
            mism.append({"card": card, "text": tl, "parsed": [t.supertypes_en, t.types_en, t.subtypes],
                         "mtgjson": [json.loads(sup), json.loads(typ), json.loads(sub)]})
    res["type_lines_en"] = {"total": total, "parsed": total - len(fails), "failures": fails,
                            "mismatches": mism}

    # French type lines
    en_types = {(c, s): json.loads(t) for c, s, _f, _m, _tl, _sup, t, *_ in faces}
    rows = conn.execute("SELECT card, side, set_code, name, type_line FROM mtg_french "
                        "WHERE type_line IS NOT NULL").fetchall()
    fails, mism = [], []
    distinct_fail: Counter = Counter()
    distinct = set()
    for card, side, set_code, fr_name, tl in rows:
        distinct.add(tl)
        try:
            t = parse_type_line(tl, "fr")
        except CardFaceError as exc:
            fails.append({"card": card, "set": set_code, "french_name": fr_name, "text": tl, "error": str(exc)})
            distinct_fail[tl] += 1
            continue
        want = en_types.get((card, side), [])
        if sorted(t.types_en) != sorted(want):
            mism.append({"card": card, "set": set_code, "text": tl, "parsed": t.types_en, "mtgjson": want})
    res["type_lines_fr"] = {"total": len(rows), "parsed": len(rows) - len(fails),
                            "distinct_total": len(distinct), "distinct_parsed": len(distinct) - len(distinct_fail),
                            "failures": fails, "type_mismatches": mism}

    # P/T and loyalty
    fails, total = [], 0
    for card, side, face, *_rest in faces:
        power, tough, loyalty = _rest[-3:]
        for what, v, fn in (("power", power, parse_pt_value), ("toughness", tough, parse_pt_value),
                            ("loyalty", loyalty, parse_loyalty)):
            if v is None:
                continue
            total += 1
            try:
                fn(v)
            except CardFaceError as exc:
                fails.append({"card": card, "face": face, "field": what, "text": v, "error": str(exc)})
    res["pt_loyalty"] = {"total": total, "parsed": total - len(fails), "failures": fails}
    return res


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("path", nargs="?", default=str(DEFAULT))
    ap.add_argument("--json", help="write the full result (every failure) to this file")
    args = ap.parse_args(argv)
    if not Path(args.path).exists():
        print(f"corpus not found: {args.path}", file=sys.stderr)
        return 2
    res = run(Path(args.path))
    m, en, fr, pt = res["mana_costs"], res["type_lines_en"], res["type_lines_fr"], res["pt_loyalty"]
    print(f"mana costs            {_share(m['parsed'], m['total'])}"
          f"   (mana value differs from MTGJSON: {len(m['mana_value_mismatches'])})")
    print(f"type lines, English   {_share(en['parsed'], en['total'])}"
          f"   (parsed but types differ from MTGJSON: {len(en['mismatches'])})")
    print(f"type lines, French    {_share(fr['parsed'], fr['total'])} printings; "
          f"distinct lines {_share(fr['distinct_parsed'], fr['distinct_total'])}"
          f"   (parsed but types differ: {len(fr['type_mismatches'])})")
    print(f"P/T and loyalty       {_share(pt['parsed'], pt['total'])}")
    for key, title in (("mana_costs", "mana cost"), ("type_lines_en", "English type line"),
                       ("type_lines_fr", "French type line"), ("pt_loyalty", "P/T or loyalty")):
        fl = res[key]["failures"]
        if fl:
            print(f"\n{len(fl)} {title} failures:")
            for f in fl:
                where = f.get("set", "")
                print(f"  {f['card']}{' [' + where + ']' if where else ''}: {f['text']!r} -- {f['error']}")
    for key, sub in (("mana_costs", "mana_value_mismatches"), ("type_lines_en", "mismatches"),
                     ("type_lines_fr", "type_mismatches")):
        lst = res[key][sub]
        if lst:
            print(f"\n{len(lst)} {key} {sub}:")
            for f in lst:
                print("  ", f)
    if args.json:
        Path(args.json).write_text(json.dumps(res, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
