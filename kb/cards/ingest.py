"""The MTGJSON ingest: set files -> the ``mtg_*`` tables of the card database.

One card per English name (``cards`` of MTGJSON set files; tokens are not
cards).  Faces of split, flip, transform, modal double-faced, adventure,
meld and aftermath cards are kept as faces of that one card.  Oracle data
(mana cost, mana value, colors, color indicator, color identity, types,
P/T, loyalty, keywords, oracle text) is the same on every printing in
MTGJSON; it is taken from the first printing met.  Rulings are merged
across printings (date + text, duplicates dropped).  French data is kept per
printing (name, type line, text as printed at the time, from MTGJSON
``foreignData``), so a card keeps every French translation it had over the
years -- « en jeu » (2008) and « sur le champ de bataille » (2010 on).

The ingest runs in named steps: read the set files (:func:`read_sets`),
collect one row per card, face, printing, French printing, ruling and
lookup name (:class:`Collection`), derive the whole-card mana cost and face
count (:func:`derive_card_costs`), count the card-text vocabulary
(:func:`vocabulary`), write everything in one transaction (:func:`write`).
Each table has its row dataclass, whose fields are the table's columns in
schema order (:mod:`kb.store.schema`, the only owner of the tables).

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
from dataclasses import asdict, dataclass, field, fields
from operator import attrgetter
from pathlib import Path
from typing import Iterable, Iterator, Optional, Union

from kb.cards.frenchcheck import doubtful_fields
from kb.cards.ingest_fields import card_problem
from kb.progress import Progress, no_progress
from parser.textkeys import fold, fold_name, loose_name

#: Tables the ingest fills, in creation order.
TABLES = ("mtg_meta", "mtg_sets", "mtg_cards", "mtg_faces", "mtg_printings", "mtg_french",
          "mtg_rulings", "mtg_names", "mtg_words")

#: Layouts whose MTGJSON ``name`` is « Face A // Face B ».
MULTI_NAME_LAYOUTS = {"split", "flip", "transform", "modal_dfc", "adventure", "aftermath",
                      "meld", "reversible_card", "double_faced_token", "art_series"}

#: Layouts whose whole-card mana cost joins the faces' costs (« {1}{R} // {2}{W} »).
JOINED_COST_LAYOUTS = ("split", "aftermath")


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


# --------------------------------------------------------------------------
# Rows: one dataclass per table, fields in the table's column order

@dataclass(slots=True)
class SetRow:
    """A row of ``mtg_sets``."""

    code: str
    name: Optional[str]
    release_date: Optional[str]
    type: Optional[str]


@dataclass(slots=True)
class CardRow:
    """A row of ``mtg_cards``; list-valued columns hold JSON arrays."""

    name: str
    layout: str
    mana_cost: Optional[str]
    mana_value: float
    colors: str
    color_identity: str
    keywords: str
    oracle_id: Optional[str]
    face_count: int = 0

    def add_keywords(self, keywords: list[str]) -> None:
        """The keywords of a later face extend the card's list."""
        self.keywords = _json_list(list(dict.fromkeys(json.loads(self.keywords) + keywords)))


@dataclass(slots=True)
class FaceRow:
    """A row of ``mtg_faces``."""

    card: str
    side: str
    face_name: str
    mana_cost: Optional[str]
    mana_value: float
    colors: str
    color_indicator: str
    supertypes: str
    types: str
    subtypes: str
    type_line: str
    power: Optional[str]
    toughness: Optional[str]
    loyalty: Optional[str]
    text: str


@dataclass(slots=True)
class PrintingRow:
    """A row of ``mtg_printings``."""

    card: str
    set_code: str
    number: Optional[str]
    release_date: Optional[str]
    uuid: Optional[str]
    rarity: Optional[str]
    multiverse_id: Optional[str]


@dataclass(slots=True)
class FrenchRow:
    """A row of ``mtg_french``: one French printing of one face."""

    card: str
    side: str
    set_code: str
    number: Optional[str]
    release_date: Optional[str]
    name: str
    face_name: Optional[str]
    type_line: Optional[str]
    text: Optional[str]
    multiverse_id: Optional[str]
    doubtful: str = ""   # fields not to trust, comma-separated (kb.cards.frenchcheck)


@dataclass(slots=True)
class RulingRow:
    """A row of ``mtg_rulings``."""

    card: str
    date: str
    text: str


@dataclass(slots=True)
class NameRow:
    """A row of ``mtg_names``: a folded lookup name of a card (``kind``
    ``card`` or ``face``, ``lang`` ``en`` or ``fr``)."""

    fold: str
    name: str
    lang: str
    surface: str
    kind: str
    loose: str = ""


@dataclass(slots=True)
class WordRow:
    """A row of ``mtg_words``: a folded word written in lowercase in the card texts."""

    lang: str
    word: str
    count: int


def _json_list(v) -> str:
    return json.dumps(v or [], ensure_ascii=False)


def _text(v) -> Optional[str]:
    return v if isinstance(v, str) else None


def _number(v) -> float:
    try:
        return float(v or 0)
    except (TypeError, ValueError):
        return 0.0


# --------------------------------------------------------------------------
# Step 1: read the set files

def set_files(path) -> list[Path]:
    """The JSON files at ``path`` (a file, a directory of set files, or a list of those)."""
    if isinstance(path, (list, tuple)):
        return [f for p in path for f in set_files(Path(p))]
    if path.is_dir():
        return sorted(p for p in path.glob("*.json") if p.is_file())
    return [path]


def _atomic_set(data: dict) -> dict:
    """An AtomicCards ``data`` object ({name: [faces]}) as one pseudo-set without printings."""
    cards = []
    for name, faces in data.items():
        for face in faces:
            c = dict(face)
            c.setdefault("name", name)
            c.setdefault("setCode", "")
            cards.append(c)
    return {"code": "", "name": "", "releaseDate": None, "type": "atomic", "cards": cards, "_atomic": True}


def read_sets(path, errors: list[str]) -> Iterator[tuple[str, dict]]:
    """Yield (source file, set dict) for set files, AllPrintings or AtomicCards;
    an unreadable or unrecognised file is appended to ``errors``."""
    for f in set_files(path):
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
            yield from _well_formed(f, [data], errors)
        elif all(isinstance(v, dict) and "cards" in v for v in list(data.values())[:5]):
            yield from _well_formed(f, data.values(), errors)  # AllPrintings
        elif all(isinstance(v, list) for v in list(data.values())[:5]):
            yield str(f), _atomic_set(data)
        else:
            errors.append(f"{f}: unrecognised MTGJSON layout")


def _well_formed(f: Path, sets: Iterable, errors: list[str]) -> Iterator[tuple[str, dict]]:
    """The sets of file ``f`` whose ``cards`` is a list of card objects with
    a text ``name``; any other is reported in ``errors`` by file and skipped."""
    for s in sets:
        cards = s.get("cards") if isinstance(s, dict) else None
        where = f"{f}" + (f" (set {s.get('code')})" if isinstance(s, dict) and s.get("code") else "")
        if not isinstance(cards, list):
            errors.append(f"{where}: 'cards' is {type(cards).__name__}, not a list of cards; set skipped")
        elif not all(isinstance(c, dict) and isinstance(c.get("name", ""), str) for c in cards):
            errors.append(f"{where}: a card is not an object with a text 'name'; set skipped")
        else:
            yield str(f), s


# --------------------------------------------------------------------------
# Step 2: collect the rows of every card printing

@dataclass
class Collection:
    """The rows collected from the set files, keyed so that a card, face,
    printing or French printing met again is stored once."""

    sets: dict[str, SetRow] = field(default_factory=dict)
    cards: dict[str, CardRow] = field(default_factory=dict)
    faces: dict[tuple[str, str], FaceRow] = field(default_factory=dict)
    printings: dict[tuple, PrintingRow] = field(default_factory=dict)
    french: dict[tuple, FrenchRow] = field(default_factory=dict)
    rulings: dict[str, dict[tuple[str, str], None]] = field(default_factory=lambda: defaultdict(dict))
    names: dict[tuple[str, str, str, str], NameRow] = field(default_factory=dict)

    def add_name(self, surface: str, card: str, lang: str, kind: str) -> None:
        key = (surface, card, lang, kind)
        if key not in self.names:
            self.names[key] = NameRow(fold_name(surface), card, lang, surface, kind, loose_name(surface))

    def add_set(self, s: dict, src: str = "", errors: Optional[list[str]] = None) -> None:
        """Every card printing of one set dict.  A card entry with a value of
        the wrong type (a list ``manaCost``, a dict ``power``, an int
        ``text``, ``subtypes: [null, 3]``…, see :func:`card_problem`) is left
        out alone and named in ``errors`` with its set file ``src``, set and
        card name; the rest of the set is stored."""
        code = s.get("code") or ""
        date = _text(s.get("releaseDate"))
        if code:
            self.sets[code] = SetRow(code, _text(s.get("name")), date, _text(s.get("type")))
        where = f"{src or '<set>'}" + (f" (set {code})" if code else "")
        for c in s.get("cards", []):
            if not c.get("name"):
                continue
            problem = card_problem(c)
            if problem is None:
                self.add_printing(c, code, date)
            elif errors is not None:
                errors.append(f"{where}: card {c['name'][:200]!r}: {problem}; card skipped")

    def add_printing(self, c: dict, code: str, date: Optional[str]) -> None:
        """One MTGJSON card entry (one face of one printing)."""
        name = c["name"]
        side = c.get("side") or "a"
        if name not in self.cards:
            self.cards[name] = _card_row(c)
            self.add_name(name, name, "en", "card")
        if (name, side) not in self.faces:
            face = self.faces[(name, side)] = _face_row(c, side)
            if face.face_name != name:
                self.add_name(face.face_name, name, "en", "face")
        elif c.get("keywords"):
            self.cards[name].add_keywords(c["keywords"])
        if code:
            key = (name, code, c.get("number"))
            if key not in self.printings:
                self.printings[key] = PrintingRow(name, code, key[2], date, c.get("uuid"), c.get("rarity"),
                                                  (c.get("identifiers") or {}).get("multiverseId"))
        for r in c.get("rulings") or ():
            self.rulings[name][(r.get("date") or "", r.get("text") or "")] = None
        for fd in c.get("foreignData") or ():
            if fd.get("language") == "French" and fd.get("name"):
                self.add_french(c, side, code, date, fd)

    def add_french(self, c: dict, side: str, code: str, date: Optional[str], fd: dict) -> None:
        """One French ``foreignData`` entry of a card printing, and its names."""
        name, layout, number = c["name"], c.get("layout", "normal"), c.get("number")
        fr_name, fr_face = fd["name"], fd.get("faceName")
        key = (name, side, code, number, fr_name, fd.get("type"), fd.get("text"))
        if key not in self.french:
            doubtful = ",".join(doubtful_fields(fd.get("type"), fd.get("text"), c.get("artist"), c.get("flavorName")))
            self.french[key] = FrenchRow(name, side, code, number, date, fr_name, fr_face, fd.get("type"),
                                         fd.get("text"), str(fd.get("multiverseId") or "") or None, doubtful)
        self.add_name(fr_name, name, "fr", "card")
        if fr_face and fr_face != fr_name:
            self.add_name(fr_face, name, "fr", "face")
        elif " // " in fr_name and layout in MULTI_NAME_LAYOUTS:
            # French name « A // B » without faceName: index the halves
            parts = fr_name.split(" // ")
            idx = ord(side) - ord("a")
            if 0 <= idx < len(parts):
                self.add_name(parts[idx], name, "fr", "face")

    def ruling_rows(self) -> list[RulingRow]:
        return [RulingRow(name, d, t) for name, rs in self.rulings.items() for (d, t) in rs]


def _card_row(c: dict) -> CardRow:
    """The card's oracle data from its first printing met; the whole-card
    mana cost and face count come later (:func:`derive_card_costs`)."""
    return CardRow(c["name"], c.get("layout", "normal"), None,
                   _number(c.get("manaValue", c.get("convertedManaCost"))),
                   _json_list(c.get("colors")), _json_list(c.get("colorIdentity")), _json_list(c.get("keywords")),
                   (c.get("identifiers") or {}).get("scryfallOracleId"))


def _face_row(c: dict, side: str) -> FaceRow:
    return FaceRow(c["name"], side, c.get("faceName") or c["name"], c.get("manaCost"),
                   _number(c.get("faceManaValue", c.get("manaValue", c.get("convertedManaCost")))),
                   _json_list(c.get("colors")), _json_list(c.get("colorIndicator")),
                   _json_list(c.get("supertypes")), _json_list(c.get("types")), _json_list(c.get("subtypes")),
                   c.get("type") or "", c.get("power"), c.get("toughness"), c.get("loyalty"), c.get("text") or "")


# --------------------------------------------------------------------------
# Steps 3 and 4: whole-card mana costs, vocabulary

def derive_card_costs(collection: Collection) -> None:
    """Set each card's mana cost (the faces' costs joined for split and
    aftermath cards, the front face's otherwise) and face count.  A split or
    aftermath card off the stack has the combined characteristics of its
    halves (CR 709.4): its colours are both halves' (a printing's ``colors``
    may give only the first half's) and its mana value their total."""
    faces: dict[str, list[FaceRow]] = defaultdict(list)
    for (name, _side), face in sorted(collection.faces.items()):
        faces[name].append(face)
    for name, card in collection.cards.items():
        halves = faces.get(name, [])
        if card.layout in JOINED_COST_LAYOUTS and len(halves) > 1:
            card.mana_cost = " // ".join(f.mana_cost or "" for f in halves)
            shown = {c for f in halves for c in json.loads(f.colors)}
            card.colors = _json_list([c for c in "WUBRG" if c in shown])
            card.mana_value = sum(f.mana_value for f in halves)
        else:
            card.mana_cost = halves[0].mana_cost if halves else None
        card.face_count = len(halves)


_WORD_RE = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


def vocabulary(faces: Iterable[FaceRow], french: Iterable[FrenchRow]) -> list[WordRow]:
    """Folded words written in lowercase in English oracle texts and type
    lines and in French texts and type lines, with their occurrences."""
    texts = {"en": ((f.text, f.type_line) for f in faces), "fr": ((f.text, f.type_line) for f in french)}
    out: list[WordRow] = []
    for lang, pairs in texts.items():
        counts: dict[str, int] = defaultdict(int)
        for pair in pairs:
            for t in pair:
                for w in _WORD_RE.findall(t or ""):
                    if w[0].islower():
                        counts[w] += 1
        folded: dict[str, int] = defaultdict(int)
        for w, n in counts.items():
            folded[fold(w)] += n
        out.extend(WordRow(lang, w, n) for w, n in folded.items())
    return out


# --------------------------------------------------------------------------
# Step 5: write

def clear(conn: sqlite3.Connection) -> None:
    """Empty every ``mtg_*`` table (a rebuild starts from nothing)."""
    for t in TABLES:
        conn.execute(f"DELETE FROM {t}")


def _insert(conn: sqlite3.Connection, verb: str, table: str, rows: Iterable, row_type: type) -> None:
    """Insert ``rows`` (instances of the dataclass ``row_type``) by their fields, in column order."""
    columns = [f.name for f in fields(row_type)]
    values = attrgetter(*columns)
    conn.executemany(f"{verb} INTO {table} VALUES ({','.join('?' * len(columns))})", map(values, rows))


def write(conn: sqlite3.Connection, collection: Collection, words: list[WordRow], replace: bool = True) -> None:
    """Store the collected rows in one transaction (emptying the tables first with ``replace``)."""
    with conn:
        if replace:
            clear(conn)
        _insert(conn, "INSERT OR REPLACE", "mtg_sets", collection.sets.values(), SetRow)
        _insert(conn, "INSERT OR REPLACE", "mtg_cards", collection.cards.values(), CardRow)
        _insert(conn, "INSERT OR REPLACE", "mtg_faces", collection.faces.values(), FaceRow)
        _insert(conn, "INSERT", "mtg_printings", collection.printings.values(), PrintingRow)
        _insert(conn, "INSERT", "mtg_french", collection.french.values(), FrenchRow)
        _insert(conn, "INSERT", "mtg_rulings", collection.ruling_rows(), RulingRow)
        _insert(conn, "INSERT OR IGNORE", "mtg_names", collection.names.values(), NameRow)
        _insert(conn, "INSERT OR REPLACE", "mtg_words", words, WordRow)
        conn.execute("INSERT OR REPLACE INTO mtg_meta VALUES ('ingest_id', ?)", (f"{time.time_ns()}",))


# --------------------------------------------------------------------------
# The whole ingest

def _existing_paths(path: Union[str, Path, list]) -> Union[Path, list[Path]]:
    paths = [Path(p) for p in path] if isinstance(path, (list, tuple)) else [Path(path)]
    for p in paths:
        if not p.exists():
            raise FileNotFoundError(f"MTGJSON path not found: {p}")
    return paths if len(paths) > 1 else paths[0]


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
    path = _existing_paths(path)
    report = IngestReport()
    step = progress("Ingesting MTGJSON", len(set_files(path)))
    collection = Collection()
    for src, s in read_sets(path, report.errors):
        try:
            collection.add_set(s, src, report.errors)
        except (TypeError, AttributeError, KeyError, ValueError) as err:  # wrong types deeper in one file
            report.errors.append(f"{src}: not MTGJSON card data ({type(err).__name__}: {err}); rest of the file skipped")
        report.files += 1
        step(1)
    derive_card_costs(collection)
    write(conn, collection, vocabulary(collection.faces.values(), collection.french.values()), replace)
    report.sets, report.cards, report.faces = len(collection.sets), len(collection.cards), len(collection.faces)
    report.printings, report.french = len(collection.printings), len(collection.french)
    report.rulings = sum(len(rs) for rs in collection.rulings.values())
    report.names = len(collection.names)
    report.seconds = round(time.perf_counter() - t0, 3)
    return report
