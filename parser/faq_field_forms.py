"""Forms of a card's fields that pages write besides « Label : value », read for the blocks of card fields
(:mod:`parser.faq_field_blocks`), each a function of one line:

* a printed mana value in parentheses beside another field (« {1}{G}   (valeur de mana : 2) »):
  :func:`printed_mana_value`;
* several unlabelled fields on one line between « | » or « · » (« CCM 5 | {3}{R}{G} | Créature : monstruosité
  | 7/7 », « {6} · Artefact »): :func:`field_segments`;
* the P/T written in words (« Force 2, endurance 3 »): :func:`pt_in_words`;
* a forum's tags around a line (« [i]{6} · Artefact[/i] »): :func:`without_tags`;
* a name line that ends with a set and rarity after wide spaces (« 1. Pointe de quiétude      Éclats
  d'Alara · Rare »), or with the English name and the language (« Ranger de la Scrutaie   Scryb Ranger
  French »): :func:`name_and_aside`;
* a framed infobox whose cells wrap (« | Valeur de | 3 | » / « | mana |  | »): :func:`joined_frames`.
"""
from __future__ import annotations

import re
from typing import Optional

from parser.faq_records import SET_LINE

Placed = tuple[str, tuple[int, int]]

#: The characters a frame's side is drawn with.
FRAME = "│|┃║"
#: A printed mana value in parentheses (« (valeur de mana : 2) », « (CCM 5) »).
_INLINE_MV = re.compile(r"[ \t]*\((?:valeur de mana|ccm|vm)[ \t]*:?[ \t]*(\d{1,2})\)", re.I)
#: What separates fields on one line that names no field: a spaced « | » or « · ».
_SEGMENT_SEP = re.compile(r"[ \t]+[|·][ \t]+")
_PT_WORDS = re.compile(r"(?i)force[ \t]*:?[ \t]*([-+]?(?:\d{1,2}|\*|X))[ \t]*[,;]?[ \t]*(?:et[ \t]+)?"
                       r"endurance[ \t]*:?[ \t]*([-+]?(?:\d{1,2}|\*|X))\.?")
#: A forum's tags (« [b] », « [/i] », « [color=green] »).
_TAG = re.compile(r"\[/?[a-z]{1,10}(?:=[^\]]{0,20})?\]")
#: The page's language after the names (« French », « Français », « FR »).
_LANGUAGE = re.compile(r"(?:French|Français|Francais|FR|VF)")


def printed_mana_value(line: str) -> tuple[str, Optional[str]]:
    """``line`` without a printed mana value in parentheses, and that value (or None)."""
    found = _INLINE_MV.search(line) if "(" in line else None
    if found is None:
        return line, None
    return (line[:found.start()] + line[found.end():]).rstrip(), found[1]


def loose_fields(line: str) -> tuple[str, Optional[str], Optional[str]]:
    """``line`` without a printed mana value in parentheses, that value and the P/T in words (or None)."""
    line, mv = printed_mana_value(line)
    return line, mv, pt_in_words(line) if line.strip() else None


def field_segments(line: str) -> Optional[list[str]]:
    """The fields of a line of several between « | » or « · », or None for a line of one."""
    if "|" not in line and "·" not in line:
        return None
    segments = [seg.strip() for seg in _SEGMENT_SEP.split(line.strip())]
    return segments if len(segments) > 1 and all(segments) else None


def pt_in_words(line: str) -> Optional[str]:
    """« Force 2, endurance 3 » -> « 2/3 », or None."""
    found = _PT_WORDS.fullmatch(line.strip()) if line[:1] in "Ff" or line.lstrip()[:1] in "Ff" else None
    return f"{found[1]}/{found[2]}" if found else None


def without_tags(line: str) -> str:
    """``line`` without a forum's tags (« [i]{6} · Artefact[/i] » -> « {6} · Artefact »)."""
    return _TAG.sub("", line).strip() if "[/" in line else line


def name_and_aside(text: str) -> tuple[str, Optional[str]]:
    """A name line without what follows the name after wide spaces: a set and rarity (dropped), or the
    English name and the language (the English name returned); other lines as they are, and None."""
    parts = re.split(r"[ \t]{3,}", text.strip()) if "   " in text else ()
    if len(parts) == 2 and SET_LINE.match(parts[1]):
        return parts[0], None
    if len(parts) == 3 and _LANGUAGE.fullmatch(parts[2]) and parts[1][:1].isupper():
        return parts[0], parts[1]
    return text, None


def frame_cells(text: str) -> Optional[list[str]]:
    """The label and the value of a framed row (« | Coût de mana  | {1}{W}{U} | », « │ Type        Créature │ »),
    or None for a line outside a frame; an empty label is a value that goes on from the row above."""
    stripped = text.strip()
    if stripped[:1] not in FRAME or stripped[-1:] not in FRAME or len(stripped) < 3:
        return None
    inner = stripped[1:-1]
    cells = [c.strip() for c in inner.split("|")] if "|" in inner else None
    if cells is None:
        lead = len(inner) - len(inner.lstrip())
        cells = [""] + [inner.strip()] if lead > 4 else [c.strip() for c in re.split(r"[ \t]{2,}", inner.strip(), maxsplit=1)]
    return cells if len(cells) == 2 else None


def joined_frames(lines: list[Placed]) -> list[Placed]:
    """A framed infobox whose cells wrap (« | Valeur de | 3 | » / « | mana |  | », « │ Type  Créature-artefact │ » /
    « │       : sorcier et │ »): each field on one row, « label   value » in its frame."""
    out: list[Placed] = []
    cells_above: Optional[list[str]] = None
    for text, where in lines:
        cells = frame_cells(text)
        if cells and cells_above and cells_above[0] and (not cells[0] or not cells[1]) and any(cells):
            cells_above = [f"{cells_above[0]} {cells[0]}".strip(), f"{cells_above[1]} {cells[1]}".strip()]
            out[-1] = (f"│ {cells_above[0]}   {cells_above[1]} │", out[-1][1])
            continue
        cells_above = cells
        out.append((text, where))
    return out
