"""`kb check` on characteristic claims generated from the card data (issue 22).

Draws cards and faces at random from the knowledge base's MTGJSON tables,
writes true and false claims about each (colour, card type, subtype,
legendary or not, power/toughness, loyalty, mana value, mana cost, a
keyword ability), in English and in French (the face's French name and
type words as printed), and prints right / wrong / unknown, per family and
in all, with the wrong answers listed.  The truth of each claim is read
straight from the MTGJSON fields of the face (``colors``, ``types``,
``subtypes``, ``supertypes``, ``power``, ``toughness``, ``loyalty``,
``manaCost``, the keyword lines of its text), not from the checker's own
computation; claims whose truth depends on a layout rule (the mana value
of a half, an Adventure or a back face) are left out.

Usage: ``python benchmarks/bench_characteristics.py --data-dir DIR [--cards 1000] [--seed 7]``.
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kb.checker.claims import check_claim  # noqa: E402
from kb.store import db as store  # noqa: E402

COLORS = {"W": ("white", "blanc"), "U": ("blue", "bleu"), "B": ("black", "noir"), "R": ("red", "rouge"),
          "G": ("green", "vert")}
TYPES_FR = {"Creature": "créature", "Artifact": "artefact", "Enchantment": "enchantement", "Land": "terrain",
            "Instant": "éphémère", "Sorcery": "rituel", "Planeswalker": "planeswalker"}
#: Keyword abilities a claim may name (their French names as printed on cards).
KEYWORDS = {"Flying": "le vol", "Trample": "le piétinement", "Vigilance": "la vigilance", "Haste": "la célérité",
            "Deathtouch": "le contact mortel", "Lifelink": "le lien de vie", "Reach": "la portée",
            "First strike": "l'initiative", "Defender": "le défenseur", "Flash": "le flash",
            "Menace": "la menace", "Hexproof": "la défense talismanique", "Indestructible": "l'indestructible"}
#: Layouts whose faces the generator names (a face of these has characteristics of its own).
LAYOUTS = ("normal", "split", "aftermath", "adventure", "flip", "transform", "modal_dfc", "leveler", "saga",
           "class", "meld")


def _faces(conn, rng: random.Random, n: int) -> list[dict]:
    rows = conn.execute("SELECT f.card, f.side, f.face_name, f.mana_cost, f.colors, f.supertypes, f.types, "
                        "f.subtypes, f.power, f.toughness, f.loyalty, f.text, c.layout "
                        "FROM mtg_faces f JOIN mtg_cards c ON c.name = f.card").fetchall()
    rows = [r for r in rows if r["layout"] in LAYOUTS and "Token" not in (r["types"] or "")]
    picked = rng.sample(rows, min(n, len(rows)))
    out = []
    for r in picked:
        fr = conn.execute("SELECT name, face_name, type_line FROM mtg_french WHERE card = ? AND side = ? "
                          "AND doubtful = '' ORDER BY release_date DESC LIMIT 1", (r["card"], r["side"])).fetchone()
        out.append({**dict(r), "fr": dict(fr) if fr else None})
    return out


def _own_keywords(text: str) -> set[str]:
    found = set()
    for line in (text or "").splitlines():
        line = re.sub(r"\([^()]*\)", "", line).strip()
        parts = [p.strip() for p in re.split(r"[,;]", line)]
        if parts and all(p.capitalize() in KEYWORDS or p in KEYWORDS for p in parts if p):
            found.update(p.capitalize() for p in parts if p)
    return found


def _name(face: dict, lang: str):
    if lang == "en":
        return face["face_name"] or face["card"]
    fr = face["fr"]
    if not fr:
        return None
    return fr["face_name"] or fr["name"]


def claims_for(face: dict, rng: random.Random) -> list[tuple[str, str, str]]:
    """(family, claim, expected) for one face, in both languages."""
    colors = json.loads(face["colors"] or "[]")
    types = json.loads(face["types"] or "[]")
    subtypes = json.loads(face["subtypes"] or "[]")
    supers = json.loads(face["supertypes"] or "[]")
    text = face["text"] or ""
    out = []
    for lang in ("en", "fr"):
        name = _name(face, lang)
        if not name:
            continue
        i = 0 if lang == "en" else 1
        is_ = "is" if lang == "en" else "est"
        has = "has" if lang == "en" else "a"
        if "colorless" in text.lower() or "devoid" in text.lower() or "all colors" in text.lower():
            pass
        else:
            c = rng.choice("WUBRG")
            out.append(("color", f"{name} {is_} {COLORS[c][i]}", "true" if c in colors else "false"))
        t = rng.choice(list(TYPES_FR))
        out.append(("card type", f"{name} {is_} {'a' if lang == 'en' else 'un'} {t.lower() if lang == 'en' else TYPES_FR[t]}",
                    "true" if t in types else "false"))
        out.append(("legendary", f"{name} {is_} {'legendary' if lang == 'en' else 'légendaire'}",
                    "true" if "Legendary" in supers else "false"))
        if lang == "en" and subtypes and "Changeling" not in text and "every creature type" not in text:
            out.append(("subtype", f"{name} {is_} a {rng.choice(subtypes)}", "true"))
        if lang == "fr" and face["fr"] and ":" in (face["fr"]["type_line"] or "") and subtypes \
                and "Changeling" not in text:
            words = face["fr"]["type_line"].split(":", 1)[1].split(" et ")
            if len(words) == len(subtypes):
                out.append(("subtype", f"{name} {is_} de type {words[0].strip()}", "true"))
        if face["power"] is not None and face["power"].isdigit() and face["toughness"].isdigit():
            p, t_ = int(face["power"]), int(face["toughness"])
            if rng.random() < 0.5:
                out.append(("power/toughness", f"{name} {is_} {p}/{t_}", "true"))
            else:
                out.append(("power/toughness", f"{name} {is_} {p + 1}/{t_}", "false"))
        if face["loyalty"] and face["loyalty"].isdigit():
            n = int(face["loyalty"]) + rng.choice((0, 0, 1))
            words = "enters with {n} loyalty counters" if lang == "en" else "arrive avec {n} marqueurs de loyauté"
            out.append(("loyalty", f"{name} {words.format(n=n)}", "true" if n == int(face["loyalty"]) else "false"))
        if face["layout"] in ("normal", "leveler", "saga", "class") and face["mana_cost"] and "H" not in face["mana_cost"] \
                and "X" not in face["mana_cost"]:
            mv = _mana_value(face["mana_cost"])
            n = mv + rng.choice((0, 0, 1, -1)) if mv else mv + rng.choice((0, 1))
            phrase = "has mana value {n}" if lang == "en" else "a un coût converti de mana de {n}"
            out.append(("mana value", f"{name} {phrase.format(n=n)}", "true" if n == mv else "false"))
            costs = "costs" if lang == "en" else "coûte"
            out.append(("mana cost", f"{name} {costs} {face['mana_cost']}", "true"))
        own = _own_keywords(text)
        if own:
            kw = rng.choice(sorted(own))
            out.append(("keyword", f"{name} {has} {kw.lower() if lang == 'en' else KEYWORDS[kw]}", "true"))
        absent = [k for k in KEYWORDS if k.lower() not in text.lower()]
        if absent and "Creature" in types:
            kw = rng.choice(absent)
            out.append(("keyword", f"{name} {has} {kw.lower() if lang == 'en' else KEYWORDS[kw]}", "false"))
    return out


def _mana_value(cost: str) -> int:
    total = 0
    for sym in re.findall(r"\{([^}]+)\}", cost):
        if sym.isdigit():
            total += int(sym)
        elif sym.startswith("2/"):
            total += 2
        elif sym not in ("X", "Y", "Z"):
            total += 1
    return total


def generate(conn, cards: int, seed: int) -> list[tuple[str, str, str]]:
    rng = random.Random(seed)
    claims = []
    for face in _faces(conn, rng, cards):
        claims += claims_for(face, rng)
    return claims


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", type=Path, required=True, help="a knowledge base built with --mtgjson")
    ap.add_argument("--cards", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    conn = store.connect(args.data_dir)
    claims = generate(conn, args.cards, args.seed)
    tally: dict[str, Counter] = defaultdict(Counter)
    wrong = []
    t0 = time.perf_counter()
    for family, claim, expected in claims:
        v = check_claim(claim, cards=conn)
        verdict = "right" if v.answer == expected else ("unknown" if v.answer == "unknown" else "wrong")
        tally[family][verdict] += 1
        tally["all"][verdict] += 1
        lang = "fr" if v.lang == "fr" else "en"
        tally["all " + lang][verdict] += 1
        if verdict == "wrong":
            wrong.append((claim, expected, v.answer))
    seconds = time.perf_counter() - t0
    print(f"{len(claims)} claims over {args.cards} faces (seed {args.seed}), {seconds / len(claims) * 1000:.1f} ms "
          "a claim")
    for family in sorted(tally, key=lambda f: (f.startswith("all"), f)):
        t = tally[family]
        n = sum(t.values())
        print(f"  {family:<16} n={n:<5} right {t['right']:<5} ({t['right'] / n:.1%})  wrong {t['wrong']:<3} "
              f"unknown {t['unknown']}")
    for claim, expected, answer in wrong[:40]:
        print(f"  WRONG {answer} (expected {expected}): {claim}")


if __name__ == "__main__":
    main()
