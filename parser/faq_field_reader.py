"""One line's fields of a card record, as card pages write them: the reader the field blocks use.

:class:`Fields` takes the fields of a record line by line, labelled or not (« Coût : 1WBG — Créature — Rhinocéros
— 4/5 », « Type : Créature — Ange », « Force / Endurance : 5 / 5 », « F/E : 3/1 », « Nom VO : … », « CCM 7 »,
a cost alone « (1)(B) », a type line with its P/T « Créature : gobelin — 2/2 »), the first of each kept;
:func:`type_and_pt` and :func:`is_type_line` read a French type line with the cardface grammar, and
:func:`cost_line` tells a line that is a cost alone.  parser/faq_field_blocks.py finds the blocks and lays them out.
"""
from __future__ import annotations

import re
from typing import Optional

from parser.cardface import CardFaceError, parse_type_line
from parser.faq_field_forms import field_segments, loose_fields
from parser.mana import ManaCostError, parse_written_cost, read_cost
from parser.textkeys import fold

#: The words a French type line starts with (its card type or a supertype).
TYPE_WORDS = (r"(?:Créature|Rituel|Éphémère|Enchantement|Artefact|Terrain|Planeswalker|Arpenteur|Tribal|Bataille|"
              r"Légendaire|Neigeu(?:x|se)|Mondial|Jeton|Invoquer|Invocation|Interruption|Enchanter|Plan|Phénomène)")
TYPE_START = re.compile(TYPE_WORDS)
#: « Label : value », « Label<TAB>value », « Label   value », « Label | value », « Label ...... value » (dotted leaders),
#: « label = value » (a wiki's template: « | nom_vo = … »).
LABEL = re.compile(r"(?P<label>[A-Za-zÀ-ÿ /._]{1,30}?)[ \t\u00a0\u202f]*(?::|=|\t|[ \t]{2,}|[ \t]*[|│][ \t]*|\.{3,})[ \t]*(?P<value>\S.*)$")
_COST_LABELS = {"cout", "cout de mana", "mana", "cout (mana)"}
_TYPE_LABELS = {"type", "types", "type de carte", "ligne de type"}
_PT_LABELS = {"force/endurance", "force / endurance", "f/e", "p/t", "f / e"}
ENGLISH_LABELS = {"nom vo", "nom anglais", "nom en", "nom original", "english name", "nom us"}
NAME_LABELS = {"nom vf", "nom", "nom français", "nom fr", "nom de la carte"}
#: A cost field's value that says there is none (« aucun », « néant », « — »).
_NO_COST = re.compile(r"(?i)aucun(?: coût)?|néant|sans|[—–-]")
#: A remark in parentheses that says a card has no cost (« (pas de coût de mana) », « (sans coût) »).
_SAID_NO_COST = re.compile(r"(?i)[ \t]*\((?:pas de|sans|aucun) co[uû]t(?: de mana)?\)")
#: An abbreviated label of the P/T (« Force/Endur. », « F./E. »).
_PT_ABBREVIATED = re.compile(r"force ?/ ?end(?:ur)?\.?|f\. ?/ ?e\.")


def _label_key(label: str) -> str:
    """A field's label as the sets above hold it: lower case, without accents (« Cout », « Rarete » on a page written
    without them: :func:`parser.textkeys.fold`), « _ » as a space; an abbreviated P/T label as the full one."""
    key = fold(label.strip()).replace("_", " ")
    return "force/endurance" if _PT_ABBREVIATED.fullmatch(key) else key
#: What separates a record's fields on one line: a spaced dash or a middle dot (« 3RR · Créature : dragon · 4/4 »).
_FIELD_SEP = re.compile(r"[ \t]+[—–·|-][ \t]+|[ \t]{3,}")
#: What separates several labelled fields on one line (« Coût : (1)(g/w)        Type : Éphémère »): wide spaces, « | », « · ».
_WIDE_SEP = re.compile(r"[ \t]{3,}|[ \t]+[·|][ \t]+")
#: A rarity or a loyalty after a type line (« Enchantement : saga — Mythique »): no part of it.
_ASIDE = re.compile(r"(?i)mythique|rare|peu commune|commune|loyauté[ \t]*:?[ \t]*\d{1,2}")
_PT = re.compile(r"(?P<p>[-+]?(?:\d{1,2}|\*|X)(?:[+-](?:\d|\*))?)[ \t]*/[ \t]*(?P<t>[-+]?(?:\d{1,2}|\*|X)(?:[+-](?:\d|\*))?)")


def cost_line(line: str) -> bool:
    """A line that is a cost in symbols and nothing else (« (1)(B) », « 3WW », « {2}{U} », « {3}{G/P} », « {7} »),
    never a number alone."""
    line = line.strip()
    line = line.upper() if line[:1] in "{(" else line        # (« {b/g} », « (1)(g/w) »: symbols in lower case)
    return bool(re.fullmatch(r"[0-9XWUBRGCPS(){}/ ]*[WUBRGCX][0-9XWUBRGCPS(){}/ ]*|\{\d{1,2}\}", line)) \
        and read_cost(line) is not None


def _plain_cost(written: str) -> bool:
    try:
        parse_written_cost(written.strip())
    except (ManaCostError, ValueError):
        return False
    return True


def is_type_line(text: str) -> bool:
    """A French type line the card-face grammar reads (« Créature : elfe et guerrier »)."""
    if not TYPE_START.match(text):
        return False
    try:
        parse_type_line(text, "fr")
    except CardFaceError:
        return False
    return True


def type_and_pt(value: str) -> tuple[Optional[str], Optional[str]]:
    """« Créature : gobelin et éclaireur — 2/2 » -> (type line, « 2/2 »); a type line alone -> (it, None)."""
    value = value.strip().rstrip(".")
    if value[:1] in _UNACCENTED:          # a page written without accents (« Creature : ondin -- 1/2 »)
        value = re.sub(r"^(?:Creature|Ephemere|Legendaire)\b", lambda m: _UNACCENTED[m[0][0]], value).replace(" -- ", " — ")
    if "(" in value:                     # « Créature : chat et bête (4 de valeur de mana) — 3/5 »
        value = re.sub(r"[ \t]*\((?:\d{1,2} de valeur de mana|(?:valeur de mana|ccm|vm)[ \t]*:?[ \t]*\d{1,2})\)", "", value,
                       flags=re.I)
    if "·" in value:                     # « Éphémère · Tempête · Commune »: a middle dot ends the type line (a set after it)
        dotted = [seg.strip() for seg in value.split("·")]
        value = " — ".join(dotted[:1] + [seg for seg in dotted[1:] if _PT.fullmatch(seg)])
    parts = _FIELD_SEP.split(value)
    if len(parts) > 1 and any(_ASIDE.fullmatch(part) for part in parts[1:]):    # « … — Mythique », « — Loyauté 4 »
        value = " — ".join(part for part in parts if not _ASIDE.fullmatch(part))
    pt = None
    tail = re.search(r"(?:[ \t]*[,—–·|-][ \t]*|[ \t]+)\(?(" + _PT.pattern + r")\)?[ \t]*$", value)   # (« … (2/1) »)
    if tail:
        pt, value = f"{tail['p']}/{tail['t']}", value[:tail.start()]
    value = re.sub(r"^(\S[^-—–:]*?)[ \t]+-[ \t]+", r"\1 — ", value)      # « Créature - Humain et Sorcier »
    return (value, pt) if is_type_line(value) else (None, None)


#: The type words a page without accents writes, by their first letter.
_UNACCENTED = {"C": "Créature", "E": "Éphémère", "L": "Légendaire"}


class Fields:
    def __init__(self) -> None:
        self.cost: Optional[str] = None
        self.type: Optional[str] = None
        self.pt: Optional[str] = None
        self.power: Optional[str] = None
        self.english: Optional[str] = None
        self.mv: Optional[str] = None
        #: what a line of fields has after them and no field is (« rare », « ill. Rebecca Guay »)
        self.asides: list[str] = []
        #: the type line is a labelled field (« Type : Terrain »)
        self.labelled = False
        #: lines of the block that are no field the record layout places (« Nom anglais : … », « Rareté : … »)
        self.kept: list[int] = []
        #: a field the record grammar does not read as written (else the block is left to it)
        self.novel = False
        #: the page says the card has no cost (« Coût : aucun », « Terrain (pas de coût de mana) »)
        self.costless = False

    def read(self, line: str) -> bool:
        """Take the fields of one line; False when it holds none."""
        line, mv, pt = loose_fields(line)        # « {1}{G}   (valeur de mana : 2) », « Force 2, endurance 3 »
        said = _SAID_NO_COST.search(line) if "(" in line else None
        if said:                         # « Terrain (pas de coût de mana) »: the type line, and no cost
            line, self.costless, self.novel = line[:said.start()] + line[said.end():], True, True
        self.mv, self.pt, self.novel = self.mv or mv, self.pt or pt, self.novel or bool(mv or pt)
        if pt or not line.strip():
            return bool(pt or mv)
        segments = _WIDE_SEP.split(line.strip()) if ":" in line else ()
        if len(segments) > 1 and sum(1 for seg in segments if LABEL.match(seg) and ":" in seg) > 1:
            took = [self.read(seg) for seg in segments]          # « Coût : (1)(g/w)        Type : Éphémère »
            self.novel = self.novel or any(took)
            return any(took)
        bare = re.fullmatch(r"(?i)(F/E|P/T|Force ?/ ?Endurance)[ \t]+(?:\.{3,}[ \t]*|[|│][ \t]*)?([^:\s.|│].*)", line.strip())
        match = LABEL.match(line) if bare is None else bare
        printed = re.fullmatch(r"(?i)(?:\(|(?:CCM|VM|CMC|valeur de mana(?: convertie)?|coût converti de mana)[ \t]*:?[ \t]*)"
                               r"(\d{1,2})\)?", line.strip())
        if printed:                      # a printed mana value, « (7) », « CCM 7 »
            self.mv = self.mv or printed[1]
            return True
        label = _label_key(match[1] if bare else match["label"]) if match else ""
        value = (match[2] if bare else match["value"]).strip() if match else ""
        took = self._labelled(label, value) if label else None
        took = took if took is not None else self._unlabelled(line)
        segments = field_segments(line) if not took else None       # « CCM 5 | {3}{R}{G} | Créature : … | 7/7 »
        if segments:
            took = self._segments(segments)
        return bool(took)

    def _segments(self, segments: list[str]) -> bool:
        """The fields of a line of several between « | » or « · »: all of them, or a cost and a type line first and
        then what no field is, the record's asides (« 3G · Enchantement · rare · ill. Rebecca Guay »: kept as text).
        A mana value alone before a type line is the cost (« (2) · Artefact · Sombracier »)."""
        if re.fullmatch(r"\(\d{1,2}\)", segments[0]) and not self.cost and len(segments) > 1 and type_and_pt(segments[1])[0]:
            self.cost, segments = "{" + segments[0][1:-1] + "}", segments[1:]
        read = 0
        while read < len(segments) and self.read(segments[read]):
            read += 1
        if read < len(segments) and not (read >= 1 and self.cost and self.type) or read == 0:
            return False
        self.novel = True
        self.asides += segments[read:]
        return True

    def _labelled(self, label: str, value: str) -> Optional[bool]:
        """A « Label : value » field; None when the label names no field of a record."""
        if label in _COST_LABELS:
            return self._cost_field(value)
        if label in _TYPE_LABELS:
            kind, pt = type_and_pt(value)
            self.novel = self.novel or pt is not None
            self.type, self.pt, self.labelled = self.type or kind or value, self.pt or pt, True
            return True
        if label in _PT_LABELS or label in ("force", "endurance"):
            return self._pt_field(label, value.strip())
        if label in ENGLISH_LABELS:
            self.english = self.english or value
            return True
        if label in ("ccm", "valeur de mana", "cout converti de mana", "valeur de mana convertie", "cmc",
                     "cout converti", "vm", "vmc"):
            self.mv = self.mv or (value if value.isdigit() else None)
            return True
        return None

    def _cost_field(self, value: str) -> bool:
        """« Coût : 1WBG — Créature — … — 4/5 », « Coût : 1 U U   CCM : 3 »."""
        mv = re.search(r"[ \t]+(?:CCM|VM|Valeur de mana)[ \t]*:[ \t]*(\d{1,2})[ \t]*$", value, flags=re.I)
        if mv:
            self.mv, value = self.mv or mv[1], value[:mv.start()]
        inline = re.search(r"\((?:valeur de mana|ccm|vm)[ \t]*:?[ \t]*(\d{1,2})\)", value, flags=re.I)
        if inline:
            self.mv = self.mv or inline[1]
        if _NO_COST.fullmatch(re.sub(r"[ \t]*\([^()]*\)$", "", value.strip())):
            self.costless = True         # « Coût : aucun », « Coût : — », « aucun (indicateur de couleur : rouge) »: no cost
            return True
        if "[" in value:                 # « [1][R] »: symbols in brackets (which the grammar does not read)
            value, self.novel = re.sub(r"\[([0-9WUBRGCX/]{1,3})\]", r"{\1}", value), True
        parts = _FIELD_SEP.split(value, maxsplit=1)
        cost = read_cost(parts[0])
        if cost is None:
            return False
        self.novel = self.novel or len(parts) > 1 or not _plain_cost(parts[0])
        self.cost = self.cost or cost
        if len(parts) > 1:
            kind, pt = type_and_pt(parts[1])
            self.type, self.pt = self.type or kind, self.pt or pt
        return True

    def _pt_field(self, label: str, value: str) -> bool:
        """« Force/Endurance : 15/15 », « F/E 3/1 », or « Force : 2 » then « Endurance : 2 »."""
        pt = _PT.fullmatch(value)
        self.novel = self.novel or label != "force/endurance" or " " in value
        if label == "force":
            self.power = value
        elif label == "endurance" and self.power:
            self.pt = self.pt or f"{self.power}/{value}"
        elif pt:
            self.pt = self.pt or f"{pt['p']}/{pt['t']}"
        return bool(pt) or label in ("force", "endurance")

    def _unlabelled(self, line: str) -> bool:
        """A line without a field label: a type and a cost, a cost alone, a type line, a P/T."""
        typed = re.fullmatch(r"(.+?)[ \t]+[—–-][ \t]+Co[uû]t[ \t]*:[ \t]*(.+)", line.strip())
        if typed and type_and_pt(typed[1])[0] and read_cost(typed[2]):      # « Artefact — Coût : 1 »
            self.type, self.cost, self.novel = self.type or type_and_pt(typed[1])[0], self.cost or read_cost(typed[2]), True
            return True
        costed = re.fullmatch(r"(.+?),[ \t]+([^,\s]+)(?:[ \t]+\((\d{1,2})\))?", line.strip()) if "," in line else None
        if costed and not self.cost and type_and_pt(costed[1])[0] and cost_line(costed[2]):   # « Enchantement : aura, 2B (3) »
            self.type, self.cost, self.novel = self.type or type_and_pt(costed[1])[0], read_cost(costed[2]), True
            self.mv = self.mv or costed[3]
            return True
        parts = _FIELD_SEP.split(line.strip(), maxsplit=1)
        if not self.cost and len(parts) == 2 and (cost_line(parts[0]) or parts[0].isdigit()):  # « {B/G} — Créature : elfe — 1/2 »
            kind, pt = type_and_pt(parts[1])
            if kind:
                self.cost, self.type, self.pt, self.novel = read_cost(parts[0]), self.type or kind, self.pt or pt, True
                return True
        if not self.cost and not self.type and cost_line(line):             # « (1)(B) » alone under the name
            self.cost = read_cost(line)
            self.novel = self.novel or not _plain_cost(line)
            return True
        kind, pt = type_and_pt(line)
        if kind and not self.type:
            self.type, self.pt = kind, self.pt or pt
            self.novel = self.novel or pt is not None
            return True
        if re.fullmatch(_PT.pattern, line.strip()) and self.type and not self.pt:
            self.pt = line.strip().replace(" ", "")
            self.novel = self.novel or " " in line.strip()
            return True
        return False


#: A label's aside before its colon (« Nom (en haut à gauche) : », « Force/endurance (en bas à droite) : »).
_LABEL_ASIDE = re.compile(r"([A-Za-zÀ-ÿ /.'’_]{1,30}?)[ \t]*\([^()\n]{1,30}\)[ \t]*:")


def without_label_aside(text: str) -> str:
    """A labelled line without its label's aside: « Coût (en haut à droite) : [1][R] » -> « Coût : [1][R] »."""
    return _LABEL_ASIDE.sub(r"\1 :", text, count=1) if "(" in text and ":" in text else text
