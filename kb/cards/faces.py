"""Characteristics of a card and of each of its faces, by the rules of its layout.

The one place they are computed from the card data (the ``mtg_*`` tables
read by :mod:`kb.cards.db`); :func:`characteristics` takes a French or
English name of a card or of one face (through :mod:`kb.cards.names`, the
one name lookup) and gives a :class:`CardCharacteristics`: the card as a
whole, each face, and the face the name designates.

By layout (CR numbers of today's rules):

* split and aftermath cards (709): each half has its own characteristics;
  the whole card off the stack has the combined ones -- both halves'
  colours, the total mana value (709.4);
* transforming double-faced cards (712): each face has its own colour
  (the back face by its colour indicator: it has no mana cost), the back
  face's mana value is its front face's (712.8);
* modal double-faced cards (712): each face its own mana cost and colours;
* meld cards (712.4, 701.42): the melded back face's mana value is the
  total of its two front faces' (as the card data records it);
* flip cards (710): the flipped half keeps the card's mana cost, colours
  and mana value;
* adventurer cards (715): the Adventure spell has its own mana cost, colour
  and mana value; the card elsewhere is the creature (or other) face.

Colours (202.2, 105.2): a characteristic-defining ability (« ~ is
colorless », « ~ is all colors », devoid 702.114; 604.3) or a colour
indicator (204) decides; else the mana cost's symbols, each hybrid or
Phyrexian symbol counting every colour it shows (202.2d); a face with
neither mana cost nor indicator is colourless.  ``decided_by`` names what
decided colours and mana value (``cda``, ``devoid``, ``color_indicator``,
``mana_cost``, ``no_mana_cost``, ``split_card``, ``back_face_mana_value``,
``flip_card``, ``adventure``, ``meld``); ``recorded_colors`` and
``recorded_mana_value`` are what MTGJSON says, for callers that cross-check.
"""
from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, replace
from typing import Optional

from kb.cards import db as carddb
from kb.cards import names
from kb.cards.facekeywords import face_keywords, vocabulary
from parser.keyword_line import PrintedKeyword
from parser.mana import ManaCostError, parse_mana_cost
from parser.textkeys import fold, fold_name

WUBRG = "WUBRG"
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
SPLIT_LAYOUTS = ("split", "aftermath")


@dataclass(frozen=True)
class FaceCharacteristics:
    """One face of a card (or a split card as a whole), by the rules; see the module docstring."""

    card: str
    side: str
    name: str
    french_name: Optional[str]
    layout: str
    mana_cost: Optional[str]
    mana_value: float
    colors: tuple[str, ...]
    color_indicator: tuple[str, ...]
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    power: Optional[str]
    toughness: Optional[str]
    loyalty: Optional[str]
    keywords: tuple[str, ...]
    mentioned_keywords: tuple[str, ...]
    text: str
    french_text: Optional[str]
    french_type_line: Optional[str]
    type_line: str
    decided_by: tuple[str, ...]
    #: The keyword names of ``keywords`` without their parameters (« Bushido »).
    keyword_names: tuple[str, ...] = ()
    #: ``keywords`` read into their parts (name, number, costs, quality), when read from rules text.
    printed_keywords: tuple[PrintedKeyword, ...] = ()
    #: The sentence of a colour-setting ability (« Ghostfire is colorless. », « Devoid »).
    color_text: Optional[str] = None
    #: The mana cost the colours were read from (the card's for a flipped half).
    color_cost: Optional[str] = None
    #: What MTGJSON records for this face (None for a whole split card: the card's).
    recorded_colors: Optional[tuple[str, ...]] = None
    recorded_mana_value: Optional[float] = None
    #: The halves of a split card taken as a whole.
    halves: tuple["FaceCharacteristics", ...] = ()

    def to_dict(self) -> dict:
        """The JSON form of ``kb card --json`` ``faces``."""
        return {"side": self.side, "name": self.name, "french_name": self.french_name,
                "mana_cost": self.mana_cost, "mana_value": self.mana_value, "colors": list(self.colors),
                "color_indicator": list(self.color_indicator), "supertypes": list(self.supertypes),
                "types": list(self.types), "subtypes": list(self.subtypes), "power": self.power,
                "toughness": self.toughness, "loyalty": self.loyalty, "keywords": list(self.keywords),
                "mentioned_keywords": list(self.mentioned_keywords), "type_line": self.type_line,
                "french_type_line": self.french_type_line, "decided_by": list(self.decided_by),
                "keyword_parts": [k.to_dict() for k in self.printed_keywords]}


@dataclass(frozen=True)
class CardCharacteristics:
    """A card: the whole (front face, or the combined split card), its faces, the face designated."""

    name: str
    layout: str
    whole: FaceCharacteristics
    faces: tuple[FaceCharacteristics, ...]
    designated: FaceCharacteristics
    english_name: str
    french_names: tuple[str, ...]


# --------------------------------------------------------------------------
# Colours and mana value

def wheel(letters) -> tuple[str, ...]:
    """Colour letters in WUBRG order, once each."""
    got = set(letters)
    return tuple(c for c in WUBRG if c in got)


def cost_colors(cost: Optional[str]) -> tuple[str, ...]:
    """Colours of a mana cost's symbols (hybrid and Phyrexian: each colour shown, 202.2d)."""
    if not cost:
        return ()
    try:
        return wheel(parse_mana_cost(cost).colors)
    except ManaCostError:
        return wheel(c for c in re.findall(r"[WUBRG]", cost))


def cost_mana_value(cost: Optional[str]) -> float:
    """Mana value of a mana cost, X = 0 (202.3); 0 without a cost."""
    if not cost:
        return 0.0
    try:
        return float(parse_mana_cost(cost).mana_value)
    except ManaCostError:
        return 0.0


_SELF = r"(?:~|this card|this spell|this creature|this permanent|this object|{names})"
_CDA = re.compile(r"^(?P<who>.+?) is (?P<what>colorless|all colors|every color|"
                  r"(?:white|blue|black|red|green)(?:(?:, | and |, and )(?:white|blue|black|red|green))*)\.")


def cda_colors(text: str, face_names) -> Optional[tuple[str, tuple[str, ...]]]:
    """(sentence, colours) of a colour-setting ability of the face itself (604.3), or None:
    a line opening with « <its name> is colorless / all colors / red… »."""
    who = re.compile(_SELF.format(names="|".join(re.escape(fold(n)) for n in face_names if n)) + r"$")
    for line in (text or "").splitlines():
        m = _CDA.match(line.strip())
        if m and who.match(fold(m.group("who"))):
            what = m.group("what")
            colours = () if what == "colorless" else tuple(WUBRG) if what in ("all colors", "every color") \
                else wheel(COLOR_WORDS[w] for w in re.findall(r"white|blue|black|red|green", what))
            return m.group(0), colours
    return None


def face_colors(text: str, face_names, cost: Optional[str], indicator, keyword_names) -> tuple:
    """(colours, what decided, colour-setting sentence) of one face (see the module docstring)."""
    cda = cda_colors(text, face_names)
    if cda is not None:
        return cda[1], "cda", cda[0]
    if "Devoid" in keyword_names:
        return (), "devoid", "Devoid"
    if indicator:
        return wheel(indicator), "color_indicator", None
    if cost is None:
        return (), "no_mana_cost", None
    return cost_colors(cost), "mana_cost", None


# --------------------------------------------------------------------------
# French

def _french_of(card: carddb.Card, side: str, index: int) -> tuple[Optional[str], Optional[str], Optional[str]]:
    """(name, type line, text) of the latest French printing of ``side`` (trusted fields only)."""
    rows = [t for t in card.french if t.side == side]
    if not rows:
        return None, None, None
    latest = max(rows, key=lambda t: max((s["release_date"] or "") for s in t.sets))
    name = latest.face_name
    if not name and " // " in latest.name and card.layout in carddb.MULTI_NAME_LAYOUTS:
        parts = latest.name.split(" // ")
        name = parts[index] if index < len(parts) else None
    name = name or latest.name
    trusted = [t for t in rows if "type_line" not in t.doubtful and t.type_line]
    type_line = max(trusted, key=lambda t: t.first_date).type_line if trusted else None
    texts = [t for t in rows if "text" not in t.doubtful and t.text]
    text = max(texts, key=lambda t: t.first_date).text if texts else None
    return name, type_line, text


# --------------------------------------------------------------------------
# Faces

def _own_face(card: carddb.Card, face: carddb.Face, index: int, vocab) -> FaceCharacteristics:
    """A face with its printed characteristics, before the layout's rules."""
    printed, mentioned = face_keywords(face.text, vocab)
    written = tuple(k.text for k in printed)
    kw_names = tuple(dict.fromkeys(k.name for k in printed))
    colors, how, sentence = face_colors(face.text, (face.name, card.name), face.mana_cost,
                                        face.color_indicator, kw_names)
    fr_name, fr_type, fr_text = _french_of(card, face.side, index)
    return FaceCharacteristics(
        card=card.name, side=face.side, name=face.name, french_name=fr_name, layout=card.layout,
        mana_cost=face.mana_cost, mana_value=cost_mana_value(face.mana_cost), colors=colors,
        color_indicator=wheel(face.color_indicator), supertypes=tuple(face.supertypes), types=tuple(face.types),
        subtypes=tuple(face.subtypes), power=face.power, toughness=face.toughness, loyalty=face.loyalty,
        keywords=written, mentioned_keywords=mentioned, text=face.text or "", french_text=fr_text,
        french_type_line=fr_type, type_line=face.type_line, decided_by=(how,), keyword_names=kw_names,
        color_text=sentence, color_cost=face.mana_cost, recorded_colors=wheel(face.colors),
        recorded_mana_value=face.mana_value, printed_keywords=printed)


def _by_layout(card: carddb.Card, faces: list[FaceCharacteristics]) -> list[FaceCharacteristics]:
    """The faces after the rules of the card's layout (back faces, flipped halves, melded faces)."""
    front = faces[0]
    out = [front]
    for face in faces[1:]:
        if card.layout == "transform":
            face = replace(face, mana_value=front.mana_value, recorded_mana_value=card.mana_value,
                           decided_by=face.decided_by + ("back_face_mana_value",))
        elif card.layout == "flip":
            colors, how, sentence = face_colors(face.text, (face.name,), front.mana_cost, face.color_indicator,
                                                face.keyword_names)
            face = replace(face, mana_value=front.mana_value, colors=colors, color_text=sentence,
                           color_cost=front.mana_cost, decided_by=(how, "flip_card"))
        elif card.layout == "adventure":
            face = replace(face, decided_by=face.decided_by + ("adventure",))
        out.append(face)
    if card.layout == "meld" and front.side != "a":
        # a melded back face stored on its own: its mana value is its front faces' total (recorded)
        out[0] = replace(front, mana_value=front.recorded_mana_value or 0.0,
                         decided_by=front.decided_by + ("meld",))
    return out


def _whole_split(card: carddb.Card, halves: list[FaceCharacteristics]) -> FaceCharacteristics:
    """A split card off the stack: both halves' characteristics combined (709.4)."""
    def union(attr):
        return tuple(dict.fromkeys(v for h in halves for v in getattr(h, attr)))
    fr_names = card.french_names()
    fr_types = [h.french_type_line for h in halves]
    fr_texts = [h.french_text for h in halves]
    return FaceCharacteristics(
        card=card.name, side="", name=card.name, french_name=fr_names[-1] if fr_names else None,
        layout=card.layout, mana_cost=" // ".join(h.mana_cost or "" for h in halves),
        mana_value=sum(h.mana_value for h in halves), colors=wheel(c for h in halves for c in h.colors),
        color_indicator=wheel(c for h in halves for c in h.color_indicator), supertypes=union("supertypes"),
        types=union("types"), subtypes=union("subtypes"), power=None, toughness=None, loyalty=None,
        keywords=union("keywords"), mentioned_keywords=union("mentioned_keywords"),
        text="\n//\n".join(h.text for h in halves),
        french_text="\n//\n".join(fr_texts) if all(fr_texts) else None,
        french_type_line=" // ".join(fr_types) if all(fr_types) else None,
        type_line=" // ".join(h.type_line for h in halves), decided_by=("split_card",),
        keyword_names=union("keyword_names"), printed_keywords=union("printed_keywords"),
        recorded_colors=wheel(c for h in halves for c in (h.recorded_colors or ())),
        recorded_mana_value=sum(h.recorded_mana_value or 0.0 for h in halves), halves=tuple(halves))


def card_characteristics(conn: sqlite3.Connection, card: carddb.Card, designated_by: str = "") -> CardCharacteristics:
    """The characteristics of ``card`` (a :class:`kb.cards.db.Card`); ``designated_by``: the name
    it was looked up by (a face's name designates that face, else the whole)."""
    vocab = vocabulary(conn)
    faces = _by_layout(card, [_own_face(card, f, i, vocab) for i, f in enumerate(card.faces)])
    whole = _whole_split(card, faces) if card.layout in SPLIT_LAYOUTS and len(faces) > 1 else faces[0]
    return CardCharacteristics(name=card.name, layout=card.layout, whole=whole, faces=tuple(faces),
                               designated=_designated(card, whole, faces, designated_by),
                               english_name=card.name, french_names=tuple(card.french_names()))


def _designated(card: carddb.Card, whole, faces, name: str) -> FaceCharacteristics:
    """The face a looked-up name designates: a face's own English or French name, else the whole."""
    key = fold_name(name or "")
    if not key or key == fold_name(card.name) or len(faces) < 2:
        return whole
    for i, face in enumerate(faces):
        if key == fold_name(face.name):
            return face
    for t in card.french:
        parts = t.name.split(" // ") if " // " in t.name else []
        face_names = [t.face_name] if t.face_name else []
        index = ord(t.side) - ord("a")
        if 0 <= index < len(parts):
            face_names.append(parts[index])
        if key in {fold_name(n) for n in face_names}:
            return next((f for f in faces if f.side == t.side), whole)
    return whole


def characteristics(conn: sqlite3.Connection, name: str, prefix: bool = False) -> Optional[CardCharacteristics]:
    """The characteristics of the card named ``name`` (French or English, of a card or of one
    face/half), or None when no card has that name.  Raises
    :class:`kb.cards.names.AmbiguousName` when it fits several cards."""
    english = names.resolve_name(conn, name, prefix=prefix)
    card = carddb.get_card(conn, english) if english else None
    if card is None or not card.faces:
        return None
    return card_characteristics(conn, card, name)


# --------------------------------------------------------------------------
# French type words

_SUBTYPES: dict[tuple[int, str], dict[str, str]] = {}


def french_subtypes(conn: sqlite3.Connection) -> dict[str, str]:
    """Folded French subtype (« elfe », « peuple fee ») -> English subtype (« Elf », « Faerie »),
    aligned from the French type lines of the card data with the English
    subtypes, the most frequent pairing of each French word; also the French
    card types and supertypes (« ephemere » -> Instant).  Cached per card ingest."""
    stamp = conn.execute("SELECT value FROM mtg_meta WHERE key = 'ingest_id'").fetchone()
    key = (id(conn), stamp[0] if stamp else "")
    if key not in _SUBTYPES:
        _SUBTYPES[key] = _derive_french_types(conn)
    return _SUBTYPES[key]


def _derive_french_types(conn: sqlite3.Connection) -> dict[str, str]:
    from kb.cards.termderive import _count_type_words

    counts = _count_type_words(conn)
    best: dict[str, tuple[int, str]] = {}
    for kind in ("card_type", "supertype", "subtype"):
        for (en, fr), n in counts.pairs.get(kind, {}).items():
            k = " ".join(fold(fr).split())
            if n > best.get(k, (0, ""))[0]:
                best[k] = (n, en)
    return {k: en for k, (_n, en) in best.items()}
