"""The bilingual card database: MTGJSON set files -> SQLite tables ``mtg_*``.

One card per English name (``cards`` of MTGJSON set files; tokens are not
cards).  Faces of split, flip, transform, modal double-faced, adventure,
meld and aftermath cards are kept as faces of that one card.  Oracle data
(mana cost, mana value, colors, color indicator, color identity, types,
P/T, loyalty, keywords, oracle text) is the same on every printing in
MTGJSON; it is taken from the first printing met.  Rulings are merged
across printings (date + text, duplicates dropped).  French data is kept per
printing (name, type line, text as printed at the time, from MTGJSON
``foreignData``), so a card keeps every French translation it had over the
years -- « en jeu » (2008) and « sur le champ de bataille » (2010 on) --
each with its sets.

Tables (created with every other table by :func:`kb.store.schema.create_all`, prefixed ``mtg_`` so they never
collide with the document tables of :mod:`kb.store.db`):

* ``mtg_meta``       key, value (``ingest_id``: changes at every ingest)
* ``mtg_sets``       code, name, release_date, type
* ``mtg_cards``      name (English, PK), layout, mana_cost, mana_value, colors,
                     color_identity, keywords, oracle_id, face_count
* ``mtg_faces``      card, side (``a``, ``b``…), face_name, mana_cost,
                     mana_value, colors, color_indicator, supertypes, types,
                     subtypes, type_line, power, toughness, loyalty, text
* ``mtg_printings``  card, set_code, number, release_date, uuid, rarity,
                     multiverse_id
* ``mtg_french``     card, side, set_code, number, release_date, name,
                     face_name, type_line, text, multiverse_id (one row per
                     French printing of a face)
* ``mtg_rulings``    card, date, text
* ``mtg_names``      fold, name (English card), lang, surface, kind
                     (``card``/``face``) -- the lookup index for
                     :func:`find_card` and :mod:`kb.cards.links`
* ``mtg_words``      lang, word, count -- every word written in lowercase
                     in the card texts (folded), the vocabulary the linker
                     uses to tell a one-word card name that is also an
                     ordinary word (« peur », « flash ») and to spot
                     capitalised names the data does not know.

List-valued columns (colors, types, keywords…) hold JSON arrays.

Source: MTGJSON 5.2.0 set files (``../shared/corpus/cards/mtgjson``); an
``AllPrintings.json`` (``data`` = {set code: set}) and an ``AtomicCards.json``
(``data`` = {name: [faces]}, no printings) are read too.
"""
from __future__ import annotations

import json
import re
import sqlite3
import time
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterator, Optional, Union

from kb.progress import Progress, no_progress
from parser.textkeys import fold_name

#: Tables this module owns, in creation order.
TABLES = ("mtg_meta", "mtg_sets", "mtg_cards", "mtg_faces", "mtg_printings", "mtg_french",
          "mtg_rulings", "mtg_names", "mtg_words")

# --------------------------------------------------------------------------
# Results

@dataclass
class IngestReport:
    """What :func:`ingest_mtgjson` read.

    ``files``: set files read; ``sets``: sets stored; ``cards``: distinct
    English card names; ``faces``; ``printings``: card printings (one per
    card and collector number); ``french``: French face-printing rows;
    ``rulings``; ``names``: lookup names (English + French, cards + faces);
    ``seconds``: wall time; ``errors``: ``"file: message"`` for files that
    could not be read (the others are still ingested).
    """

    files: int = 0
    sets: int = 0
    cards: int = 0
    faces: int = 0
    printings: int = 0
    french: int = 0
    rulings: int = 0
    names: int = 0
    seconds: float = 0.0
    errors: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class Face:
    """One face of a card (the only face of a normal card).

    ``side`` is MTGJSON's ``a``/``b``/…; lists are English type words as in
    MTGJSON (``supertypes=["Legendary"]``); ``power``/``toughness``/
    ``loyalty`` are strings as printed (``*``, ``1+*``) or None.
    """

    side: str
    name: str
    mana_cost: Optional[str]
    mana_value: float
    colors: list[str]
    color_indicator: list[str]
    supertypes: list[str]
    types: list[str]
    subtypes: list[str]
    type_line: str
    power: Optional[str]
    toughness: Optional[str]
    loyalty: Optional[str]
    text: str


@dataclass
class Printing:
    set_code: str
    number: Optional[str]
    release_date: Optional[str]
    set_name: Optional[str] = None
    rarity: Optional[str] = None
    multiverse_id: Optional[str] = None


@dataclass
class FrenchTranslation:
    """One French wording of one face, with every printing that used it.

    ``sets`` lists ``{"set_code", "number", "release_date"}`` oldest first;
    a card reprinted with a new wording has several FrenchTranslation
    entries for the same side (« en jeu » then « sur le champ de bataille »).
    """

    side: str
    name: str
    face_name: Optional[str]
    type_line: Optional[str]
    text: Optional[str]
    sets: list[dict] = field(default_factory=list)

    @property
    def first_date(self) -> str:
        return min((s["release_date"] or "9999") for s in self.sets) if self.sets else "9999"


@dataclass
class Ruling:
    date: str
    text: str


@dataclass
class Card:
    """A card: English name, oracle data, faces, printings, French, rulings.

    ``mana_cost``/``mana_value``/``colors``/``color_identity``/``keywords``
    are the card's (MTGJSON ``manaValue`` is the whole card's, e.g. 6 for
    Beseech the Queen {2/B}{2/B}{2/B}); per-face values are in ``faces``.
    """

    name: str
    layout: str
    mana_cost: Optional[str]
    mana_value: float
    colors: list[str]
    color_identity: list[str]
    keywords: list[str]
    oracle_id: Optional[str]
    faces: list[Face] = field(default_factory=list)
    printings: list[Printing] = field(default_factory=list)
    french: list[FrenchTranslation] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)

    @property
    def face(self) -> Face:
        """The front face (side ``a``)."""
        return self.faces[0]

    @property
    def type_line(self) -> str:
        return " // ".join(f.type_line for f in self.faces) if self.layout in MULTI_NAME_LAYOUTS else self.face.type_line

    def french_names(self) -> list[str]:
        """Distinct French names, oldest printing first."""
        out: list[str] = []
        for t in sorted(self.french, key=lambda t: t.first_date):
            if t.name not in out:
                out.append(t.name)
        return out

    def french_for_set(self, set_code: str, side: str = "a") -> Optional[FrenchTranslation]:
        """The French wording printed in ``set_code`` for ``side``, or None."""
        set_code = set_code.upper()
        for t in self.french:
            if t.side == side and any(s["set_code"] == set_code for s in t.sets):
                return t
        return None

    def to_dict(self) -> dict:
        d = asdict(self)
        d["type_line"] = self.type_line
        d["french_names"] = self.french_names()
        d["french_name"] = d["french_names"][-1] if d["french_names"] else None
        return d


class AmbiguousName(LookupError):
    """A name or prefix that fits several cards.

    ``query`` is the text given; ``candidates`` the English names it fits
    (at most :data:`MAX_CANDIDATES`, sorted), ``total`` how many there are.
    """

    def __init__(self, query: str, candidates: list[str], total: int):
        self.query = query
        self.candidates = candidates
        self.total = total
        more = f" (and {total - len(candidates)} more)" if total > len(candidates) else ""
        super().__init__(f"{query!r} fits {total} cards: " + "; ".join(candidates) + more)


MAX_CANDIDATES = 20

#: Layouts whose MTGJSON ``name`` is « Face A // Face B ».
MULTI_NAME_LAYOUTS = {"split", "flip", "transform", "modal_dfc", "adventure", "aftermath",
                      "meld", "reversible_card", "double_faced_token", "art_series"}


# --------------------------------------------------------------------------
# Schema and ingest

def clear(conn: sqlite3.Connection) -> None:
    """Empty every ``mtg_*`` table (a rebuild starts from nothing)."""
    for t in TABLES:
        conn.execute(f"DELETE FROM {t}")


def _iter_set_files(path) -> list[Path]:
    if isinstance(path, (list, tuple)):
        return [f for p in path for f in _iter_set_files(Path(p))]
    if path.is_dir():
        return sorted(p for p in path.glob("*.json") if p.is_file())
    return [path]


def _iter_sets(path: Path, errors: list[str]) -> Iterator[tuple[str, dict]]:
    """Yield (source file, set dict) for set files, AllPrintings or AtomicCards."""
    for f in _iter_set_files(path):
        try:
            with open(f, "rb") as fh:
                doc = json.load(fh)
        except (OSError, ValueError) as exc:
            errors.append(f"{f}: {exc}")
            continue
        data = doc.get("data") if isinstance(doc, dict) else None
        if not isinstance(data, dict):
            errors.append(f"{f}: no 'data' object (not an MTGJSON file)")
            continue
        if "cards" in data and "code" in data:  # one set file
            yield str(f), data
        elif all(isinstance(v, dict) and "cards" in v for v in list(data.values())[:5]):
            for code, s in data.items():  # AllPrintings
                yield str(f), s
        elif all(isinstance(v, list) for v in list(data.values())[:5]):  # AtomicCards
            cards = []
            for name, faces in data.items():
                for face in faces:
                    c = dict(face)
                    c.setdefault("name", name)
                    c.setdefault("setCode", "")
                    cards.append(c)
            yield str(f), {"code": "", "name": "", "releaseDate": None, "type": "atomic",
                           "cards": cards, "_atomic": True}
        else:
            errors.append(f"{f}: unrecognised MTGJSON layout")


def _j(v) -> str:
    return json.dumps(v or [], ensure_ascii=False)


def _num(v) -> float:
    try:
        return float(v or 0)
    except (TypeError, ValueError):
        return 0.0


def ingest_mtgjson(conn: sqlite3.Connection, path: Union[str, Path, list],
                   progress: Progress = no_progress,
                   replace: bool = True) -> IngestReport:
    """Read MTGJSON data at ``path`` into the ``mtg_*`` tables.

    ``path``: a directory of set files (``SHM.json``…), one set file, an
    ``AllPrintings.json`` or an ``AtomicCards.json`` -- or a list of those.  ``progress``
    (:data:`kb.progress.Progress`) advances by one per file.  With
    ``replace`` (default) the tables are emptied first.  Everything is
    written in one transaction with ``executemany``; an unreadable file is
    listed in ``IngestReport.errors`` and the others are still stored.

    Raises FileNotFoundError if ``path`` does not exist.
    """
    t0 = time.perf_counter()
    paths = [Path(p) for p in path] if isinstance(path, (list, tuple)) else [Path(path)]
    for p in paths:
        if not p.exists():
            raise FileNotFoundError(f"MTGJSON path not found: {p}")
    path = paths if len(paths) > 1 else paths[0]
    report = IngestReport()
    files = _iter_set_files(path)
    total = len(files)
    step = progress("Ingesting MTGJSON", total)

    sets: dict[str, tuple] = {}
    cards: dict[str, tuple] = {}
    faces: dict[tuple[str, str], tuple] = {}
    printings: dict[tuple, tuple] = {}
    french: dict[tuple, tuple] = {}
    rulings: dict[str, dict[tuple[str, str], None]] = defaultdict(dict)
    names: set[tuple[str, str, str, str, str]] = set()
    # one entry per printing: (uuid or set+number), collected across faces
    done_files: set[str] = set()

    for src, s in _iter_sets(path, report.errors):
        code = s.get("code") or ""
        date = s.get("releaseDate")
        if code:
            sets[code] = (code, s.get("name"), date, s.get("type"))
        for c in s.get("cards", []):
            name = c.get("name")
            if not name:
                continue
            layout = c.get("layout", "normal")
            side = c.get("side") or "a"
            face_name = c.get("faceName") or name
            if name not in cards:
                cards[name] = (name, layout, None, _num(c.get("manaValue", c.get("convertedManaCost"))),
                               _j(c.get("colors")), _j(c.get("colorIdentity")), _j(c.get("keywords")),
                               (c.get("identifiers") or {}).get("scryfallOracleId"), 0)
                names.add((fold_name(name), name, "en", name, "card"))
            if (name, side) not in faces:
                faces[(name, side)] = (
                    name, side, face_name, c.get("manaCost"),
                    _num(c.get("faceManaValue", c.get("manaValue", c.get("convertedManaCost")))),
                    _j(c.get("colors")), _j(c.get("colorIndicator")), _j(c.get("supertypes")),
                    _j(c.get("types")), _j(c.get("subtypes")), c.get("type") or "",
                    c.get("power"), c.get("toughness"), c.get("loyalty"), c.get("text") or "")
                if face_name != name:
                    names.add((fold_name(face_name), name, "en", face_name, "face"))
            else:
                # keywords of a later face extend the card's list
                kw = c.get("keywords")
                if kw:
                    cur = cards[name]
                    merged = list(dict.fromkeys(json.loads(cur[6]) + kw))
                    cards[name] = cur[:6] + (_j(merged),) + cur[7:]
            if code:
                number = c.get("number")
                pkey = (name, code, number)
                if pkey not in printings:
                    printings[pkey] = (name, code, number, date, c.get("uuid"), c.get("rarity"),
                                       (c.get("identifiers") or {}).get("multiverseId"))
            for r in c.get("rulings") or ():
                rulings[name][(r.get("date") or "", r.get("text") or "")] = None
            for fd in c.get("foreignData") or ():
                if fd.get("language") != "French" or not fd.get("name"):
                    continue
                fr_name = fd["name"]
                fr_face = fd.get("faceName")
                fkey = (name, side, code, c.get("number"), fr_name, fd.get("type"), fd.get("text"))
                if fkey not in french:
                    french[fkey] = (name, side, code, c.get("number"), date, fr_name, fr_face,
                                    fd.get("type"), fd.get("text"), str(fd.get("multiverseId") or "") or None)
                names.add((fold_name(fr_name), name, "fr", fr_name, "card"))
                if fr_face and fr_face != fr_name:
                    names.add((fold_name(fr_face), name, "fr", fr_face, "face"))
                elif " // " in fr_name and layout in MULTI_NAME_LAYOUTS:
                    # French name « A // B » without faceName: index the halves
                    parts = fr_name.split(" // ")
                    idx = ord(side) - ord("a")
                    if 0 <= idx < len(parts):
                        names.add((fold_name(parts[idx]), name, "fr", parts[idx], "face"))
        report.files += 1
        done_files.add(src)
        step(1)

    # whole-card mana cost: faces joined for split-like cards, front face otherwise
    face_count: dict[str, int] = defaultdict(int)
    front_cost: dict[str, list] = defaultdict(list)
    for (name, side), f in sorted(faces.items()):
        face_count[name] += 1
        front_cost[name].append(f[3])
    for name, row in list(cards.items()):
        costs = front_cost.get(name, [None])
        layout = row[1]
        if layout in ("split", "aftermath") and len(costs) > 1:
            cost = " // ".join(c or "" for c in costs)
        else:
            cost = costs[0]
        cards[name] = row[:2] + (cost,) + row[3:8] + (face_count[name],)

    words = _vocabulary(faces.values(), french.values())

    with conn:
        if replace:
            clear(conn)
        conn.executemany("INSERT OR REPLACE INTO mtg_sets VALUES (?,?,?,?)", sets.values())
        conn.executemany("INSERT OR REPLACE INTO mtg_cards VALUES (?,?,?,?,?,?,?,?,?)", cards.values())
        conn.executemany("INSERT OR REPLACE INTO mtg_faces VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                         faces.values())
        conn.executemany("INSERT INTO mtg_printings VALUES (?,?,?,?,?,?,?)", printings.values())
        conn.executemany("INSERT INTO mtg_french VALUES (?,?,?,?,?,?,?,?,?,?)", french.values())
        rows = [(name, d, t) for name, rs in rulings.items() for (d, t) in rs]
        conn.executemany("INSERT INTO mtg_rulings VALUES (?,?,?)", rows)
        conn.executemany("INSERT OR IGNORE INTO mtg_names VALUES (?,?,?,?,?)", names)
        conn.executemany("INSERT OR REPLACE INTO mtg_words VALUES (?,?,?)", words)
        conn.execute("INSERT OR REPLACE INTO mtg_meta VALUES ('ingest_id', ?)", (f"{time.time_ns()}",))

    report.sets = len(sets)
    report.cards = len(cards)
    report.faces = len(faces)
    report.printings = len(printings)
    report.french = len(french)
    report.rulings = len(rows)
    report.names = len(names)
    report.seconds = round(time.perf_counter() - t0, 3)
    return report


_WORD_RE = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


def _vocabulary(face_rows, french_rows) -> list[tuple[str, str, int]]:
    """Folded words written in lowercase in English oracle texts and type
    lines and in French texts and type lines: (lang, word, occurrences)."""
    from parser.textkeys import fold
    counts = {"en": defaultdict(int), "fr": defaultdict(int)}
    for lang, rows, cols in (("en", face_rows, (14, 10)), ("fr", french_rows, (8, 7))):
        c = counts[lang]
        for f in rows:
            for col in cols:
                for w in _WORD_RE.findall(f[col] or ""):
                    if w[0].islower():
                        c[w] += 1
    out = []
    for lang, c in counts.items():
        folded: dict[str, int] = defaultdict(int)
        for w, n in c.items():
            folded[fold(w)] += n
        out.extend((lang, w, n) for w, n in folded.items())
    return out


# --------------------------------------------------------------------------
# Lookup

def _loads(s: Optional[str]) -> list:
    return json.loads(s) if s else []


def card_names_for(conn: sqlite3.Connection, name: str) -> list[str]:
    """English card names whose English or French name (or face name) folds
    to the same string as ``name``; exact matches only, sorted."""
    f = fold_name(name)
    rows = conn.execute("SELECT DISTINCT name, lang FROM mtg_names WHERE fold = ?", (f,)).fetchall()
    return sorted({r[0] for r in rows})


def resolve_name(conn: sqlite3.Connection, name: str, prefix: bool = True) -> Optional[str]:
    """The English name of the card called ``name`` (French or English).

    Exact folded match first (English names win over French ones when both
    exist); then, with ``prefix``, the cards whose name starts with it.
    Returns None when nothing fits; raises :class:`AmbiguousName` when
    several cards fit equally well.
    """
    f = fold_name(name)
    if not f:
        return None
    rows = conn.execute("SELECT DISTINCT name, lang, kind FROM mtg_names WHERE fold = ?", (f,)).fetchall()
    if rows:
        for pref in (("en", "card"), ("en", "face"), ("fr", "card"), ("fr", "face")):
            hits = sorted({r[0] for r in rows if (r[1], r[2]) == pref})
            if len(hits) == 1:
                return hits[0]
            if hits:
                raise AmbiguousName(name, hits[:MAX_CANDIDATES], len(hits))
    if not prefix:
        return None
    hi = f + "\U0010ffff"
    rows = conn.execute("SELECT DISTINCT name FROM mtg_names WHERE fold >= ? AND fold < ? LIMIT 500",
                        (f, hi)).fetchall()
    hits = sorted({r[0] for r in rows})
    if len(hits) == 1:
        return hits[0]
    if hits:
        total = conn.execute("SELECT COUNT(DISTINCT name) FROM mtg_names WHERE fold >= ? AND fold < ?",
                             (f, hi)).fetchone()[0]
        raise AmbiguousName(name, hits[:MAX_CANDIDATES], total)
    return None


def get_card(conn: sqlite3.Connection, name: str) -> Optional[Card]:
    """The card with exactly this English name (MTGJSON ``name``), or None."""
    row = conn.execute("SELECT name, layout, mana_cost, mana_value, colors, color_identity, keywords, "
                       "oracle_id FROM mtg_cards WHERE name = ?", (name,)).fetchone()
    if row is None:
        return None
    card = Card(row[0], row[1], row[2], row[3], _loads(row[4]), _loads(row[5]), _loads(row[6]), row[7])
    for r in conn.execute("SELECT side, face_name, mana_cost, mana_value, colors, color_indicator, "
                          "supertypes, types, subtypes, type_line, power, toughness, loyalty, text "
                          "FROM mtg_faces WHERE card = ? ORDER BY side", (name,)):
        card.faces.append(Face(r[0], r[1], r[2], r[3], _loads(r[4]), _loads(r[5]), _loads(r[6]),
                               _loads(r[7]), _loads(r[8]), r[9], r[10], r[11], r[12], r[13]))
    for r in conn.execute("SELECT p.set_code, p.number, p.release_date, s.name, p.rarity, p.multiverse_id "
                          "FROM mtg_printings p LEFT JOIN mtg_sets s ON s.code = p.set_code "
                          "WHERE p.card = ? ORDER BY p.release_date, p.set_code, p.number", (name,)):
        card.printings.append(Printing(*r))
    groups: dict[tuple, FrenchTranslation] = {}
    for r in conn.execute("SELECT side, name, face_name, type_line, text, set_code, number, release_date "
                          "FROM mtg_french WHERE card = ? ORDER BY release_date, set_code, number", (name,)):
        key = (r[0], r[1], r[2], r[3], r[4])
        t = groups.get(key)
        if t is None:
            t = groups[key] = FrenchTranslation(r[0], r[1], r[2], r[3], r[4])
        t.sets.append({"set_code": r[5], "number": r[6], "release_date": r[7]})
    card.french = sorted(groups.values(), key=lambda t: (t.side, t.first_date))
    for r in conn.execute("SELECT date, text FROM mtg_rulings WHERE card = ? ORDER BY date, rowid", (name,)):
        card.rulings.append(Ruling(r[0], r[1]))
    return card


def find_card(conn: sqlite3.Connection, name: str) -> Optional[Card]:
    """Look a card up by French or English name, or an unambiguous prefix.

    Folding: :func:`fold_name` (case, accents, ’/' apostrophes, æ/œ).
    « implorer la reine », « Beseech the Queen », « Færie macabre » and
    « Faerie macabre » all work; face names too (« Stomp », « Piétineur »).
    Returns None when nothing fits; raises :class:`AmbiguousName` (with the
    candidate English names) when a name or prefix fits several cards.
    """
    english = resolve_name(conn, name)
    if english is None:
        return None
    return get_card(conn, english)


def card_count(conn: sqlite3.Connection) -> int:
    """Number of cards stored (0 when the tables are missing)."""
    try:
        return conn.execute("SELECT COUNT(*) FROM mtg_cards").fetchone()[0]
    except sqlite3.OperationalError:
        return 0


def side_by_side(card: Card, set_code: Optional[str] = None) -> list[tuple[str, str, str]]:
    """Rows ``(label, English, French)`` for printing a card in two columns.

    One block per face: name, mana cost, type line, P/T or loyalty, then the
    oracle text next to the French text, paragraph by paragraph.  The French
    side is the wording printed in ``set_code`` when given, else the most
    recent French printing; empty strings where French is missing.
    """
    rows: list[tuple[str, str, str]] = []
    for face in card.faces:
        fr = card.french_for_set(set_code, face.side) if set_code else None
        if fr is None:
            cands = [t for t in card.french if t.side == face.side]
            fr = max(cands, key=lambda t: max((s["release_date"] or "") for s in t.sets)) if cands else None
        fr_name = (fr.face_name or fr.name) if fr else ""
        rows.append(("name", face.name, fr_name))
        if face.mana_cost:
            rows.append(("mana cost", face.mana_cost, face.mana_cost))
        rows.append(("type", face.type_line, (fr.type_line or "") if fr else ""))
        if face.power is not None:
            rows.append(("P/T", f"{face.power}/{face.toughness}", f"{face.power}/{face.toughness}"))
        if face.loyalty is not None:
            rows.append(("loyalty", face.loyalty, face.loyalty))
        en_par = (face.text or "").split("\n")
        fr_par = ((fr.text or "") if fr else "").split("\n")
        for i in range(max(len(en_par), len(fr_par))):
            rows.append(("text", en_par[i] if i < len(en_par) else "", fr_par[i] if i < len(fr_par) else ""))
    return rows
