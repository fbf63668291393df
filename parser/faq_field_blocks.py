"""Card records written as a block of fields, laid out for the document grammar.

Shops, card databases, wikis, newsletters and articles write a card as a name
(with its English name in parentheses, after « Nom VO : », or in a frame) and
then fields, labelled or not, in any order and often several on one line:

* « Coût : 1WBG — Créature — Rhinocéros — 4/5 », « Coût : R » / « Créature :
  gobelin et éclaireur — 2/2 », « Coût de mana : 1GG (valeur de mana 3) »;
* « Type : Créature — Ange » / « Force / Endurance : 5 / 5 », « F/E : 3/1 »,
  separate « Force : 4 » and « Endurance : 4 » lines;
* a framed infobox (« │ Régent de Sombremarée   5UU │ », « | Coût de mana | {2}{U}{U} | »);
* costs written « 3WW », « (1)(B) », « 1 U U », « 1 + WW », « 4 Vert Vert », or in
  words (« trois et deux blancs »: :func:`parser.mana.read_cost`).

This stage rewrites such a block into the record layout the grammar reads (the
name line with the cost, the type line, the P/T, then the block's other lines),
each line keeping the (line, column) of the page it comes from.  A block is a
record only when it has a name, a cost and a type line the cardface grammar
reads: a name in a deck list, a price list or a comment has neither.
"""
from __future__ import annotations

import re
from typing import Optional

from parser.cardface import CardFaceError, parse_type_line
from parser.mana import ManaCostError, parse_written_cost, read_cost
from parser.faq_field_forms import FRAME, field_segments, frame_cells, joined_frames, loose_fields, name_and_aside, \
    without_tags
from parser.faq_records import NAME_AND_COST, SET_LINE

Placed = tuple[str, tuple[int, int]]

_RULE_LINE = re.compile(r"[ \t]*[+┌└├┤┐┘─━═=|\-_ \t]{3,}[ \t]*$")
#: The words a French type line starts with (its card type or a supertype).
TYPE_WORDS = (r"(?:Créature|Rituel|Éphémère|Enchantement|Artefact|Terrain|Planeswalker|Arpenteur|Tribal|Bataille|"
              r"Légendaire|Neigeu(?:x|se)|Mondial|Jeton|Invoquer|Invocation|Interruption)")
_TYPE_START = re.compile(TYPE_WORDS)
#: A line of colours only (« Incolore », « Vert et blanc »): a token's colours, printed under its type line.
_COLOUR = r"(?:incolore|multicolore|blanc|blanche|bleu|bleue|noir|noire|rouge|vert|verte)s?"
_COLOUR_LINE = re.compile(rf"(?i){_COLOUR}(?:(?:[ \t]*,[ \t]*|[ \t]+et[ \t]+){_COLOUR})*")
#: « Label : value », « Label<TAB>value », « Label   value », « Label | value », « Label ...... value » (dotted leaders),
#: « label = value » (a wiki's template: « | nom_vo = … »).
_LABEL = re.compile(r"(?P<label>[A-Za-zÀ-ÿ /._]{1,30}?)[ \t\u00a0\u202f]*(?::|=|\t|[ \t]{2,}|[ \t]*[|│][ \t]*|\.{3,})[ \t]*(?P<value>\S.*)$")
_COST_LABELS = {"coût", "cout", "coût de mana", "cout de mana", "mana", "coût (mana)"}
_TYPE_LABELS = {"type", "types", "type de carte", "ligne de type"}
_PT_LABELS = {"force/endurance", "force / endurance", "f/e", "p/t", "f / e"}
_ENGLISH_LABELS = {"nom vo", "nom anglais", "nom en", "nom original", "english name", "nom us"}
_NAME_LABELS = {"nom vf", "nom", "nom français", "nom fr", "nom de la carte"}
#: What separates a record's fields on one line: a spaced dash or a middle dot (« 3RR · Créature : dragon · 4/4 »).
_FIELD_SEP = re.compile(r"[ \t]+[—–·|-][ \t]+|[ \t]{3,}")
#: What separates the fields of a name line (« Name · {1}{U} · Créature — … », « Name — 1BB »).
_NAME_SEP = re.compile(r"[ \t]+[—–·|][ \t]+")
#: A lead before a name that counts the cards (« CARTE N°1 — », « COUP DE CŒUR N°2 (…) : », « #1 — »).
_COUNTED = re.compile(r"^[^\w]*(?:[A-ZÀ-Ý'’ ]{2,30}[ \t])?(?:N°|n°|#|No\.?)[ \t]*\d{1,2}(?:[ \t]*\([^()]{0,40}\))?[ \t]*[—–:-][ \t]*")
#: A forum's tags around a name (« [carte]Name[/carte] »).
_BB_TAG = re.compile(r"\[/?[a-z]{1,10}\]")
#: What separates several labelled fields on one line (« Coût : (1)(g/w)        Type : Éphémère »): wide spaces, « | », « · ».
_WIDE_SEP = re.compile(r"[ \t]{3,}|[ \t]+[·|][ \t]+")
#: A field's value that goes on in the next line: it ends with a dash or a comma.
_WRAPPED = re.compile(r"[ \t][—–-]$|,$")
#: A rarity or a loyalty after a type line (« Enchantement : saga — Mythique »): no part of it.
_ASIDE = re.compile(r"(?i)mythique|rare|peu commune|commune|loyauté[ \t]*:?[ \t]*\d{1,2}")
#: A labelled field the record keeps as text (« Édition : … », « Couleur : … », « Rareté<TAB>Rare »).
_KEPT = re.compile(r"(?i)(?:édition|extension|rareté|numéro|artiste|illustrat(?:eur|rice)|loyauté|couleurs?|identité(?: de)? couleurs?"
                   r"|langue|état|image|prix(?: moyen)?)[ \t\u00a0\u202f]*(?:[:\t]|\.{3,}|[ \t]{2,})")
#: A set's year in the parenthesis after a name (« (Invasion, 2000) »): the set, never the English name.
_SET_YEAR = re.compile(r"(?:^|[ \t,])(?:19[9]\d|20[0-4]\d)$")
#: A picture's place on a shop's page or a wiki's (« [Image de la carte] », « [Illustration] »): no field, no name.
_PLACEHOLDER = re.compile(r"(?i)\[[^\]]{0,30}(?:image|illustration|visuel|photo|scan)[^\]]{0,30}\]")
#: What pages put before a card's name: a bullet, a rank (« #3 — »), a quotation mark (« » Name « »).
_NAME_DECORATION = re.compile(r"^(?:[•▪►]|#?\d{1,2}[ \t]*[—–-](?=[ \t])|#\d{1,2}|[»«])[ \t]*")
_PT = re.compile(r"(?P<p>[-+]?(?:\d{1,2}|\*|X)(?:[+-](?:\d|\*))?)[ \t]*/[ \t]*(?P<t>[-+]?(?:\d{1,2}|\*|X)(?:[+-](?:\d|\*))?)")
#: One of these in a text, or it has no block of card fields (each a search without a leading quantifier,
#: starting with one character, not a class: the regular expression engine skips to that character at the
#: speed of a string search, where a class is tried at every position: « [Cc]oût » is two gates).
_GATES = tuple(re.compile(p) for p in (
    r"Co[uû]t(?: de mana)?[ \t\u00a0\u202f]*(?:[:|│\t=]|\.{3})", r"co[uû]t(?: de mana)?[ \t\u00a0\u202f]*(?:[:|│\t=]|\.{3})",
    r"\([a-z]/[a-z]\)", r"\n[ \t]+\{[^}\n]{1,3}\}[{}\w/]*\n",
    r"\n[> \t]*(?:\{[^}\n]{1,3}\}|\(|\d|[WUBRGCX]{1,8}[ \t])(?:[^\n]{0,30}?[ \t])?[—–·-][ \t]+" + TYPE_WORDS, r"(?:F/E|Force ?/ ?Endurance)[ \t]*:", r"co[uû]te? [a-zé]+ et ",
    r"(?m)\([A-Z][^()\n]{1,60}\)[ \t]*(?:[—–]|$)",
    r"(?m)\n[ \t]*(?:\(\d{1,2}\)\(|\d{0,2}[WUBRG]{1,5}$)", r"\n[ \t]*Jeton [^\n]{0,40}[:—–]", r"\)\n[ \t]+" + TYPE_WORDS, r"(?m)  [ \t]*(?:\d{0,2}[WUBRG]{1,5}|(?:\([0-9WUBRGCX/]{1,3}\)){1,8})$"))
#: A cost after a spaced dash, a middle dot or a « | » (« Name — {1}{U} », « Name · 3RR · »): searched only in a
#: text with one of these marks (a search that starts with a space is tried at every space).
_MARKED_COST = re.compile(r"[ \t][—–·|][ \t]+`?(?:\{[^}\n]{1,3}\}|(?:\([0-9WUBRGCX/]{1,3}\)){1,8}\n|\d{0,2}[WUBRG]{1,6}[ \t]*(?:\n|[·|]))")
_COST_MARKS = ("—", "–", "·", "|")


def _cost_line(line: str) -> bool:
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
    if not _TYPE_START.match(text):
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
    parts = _FIELD_SEP.split(value)
    if len(parts) > 1 and any(_ASIDE.fullmatch(part) for part in parts[1:]):    # « … — Mythique », « — Loyauté 4 »
        value = " — ".join(part for part in parts if not _ASIDE.fullmatch(part))
    pt = None
    tail = re.search(r"(?:[ \t]*[,—–·|-][ \t]*|[ \t]+)(" + _PT.pattern + r")[ \t]*$", value)
    if tail:
        pt, value = f"{tail['p']}/{tail['t']}", value[:tail.start()]
    value = re.sub(r"^(\S[^-—–:]*?)[ \t]+-[ \t]+", r"\1 — ", value)      # « Créature - Humain et Sorcier »
    return (value, pt) if is_type_line(value) else (None, None)


#: The type words a page without accents writes, by their first letter.
_UNACCENTED = {"C": "Créature", "E": "Éphémère", "L": "Légendaire"}


class _Fields:
    def __init__(self) -> None:
        self.cost: Optional[str] = None
        self.type: Optional[str] = None
        self.pt: Optional[str] = None
        self.power: Optional[str] = None
        self.english: Optional[str] = None
        self.mv: Optional[str] = None
        #: lines of the block that are no field the record layout places (« Nom anglais : … », « Rareté : … »)
        self.kept: list[int] = []
        #: a field the record grammar does not read as written (else the block is left to it)
        self.novel = False

    def read(self, line: str) -> bool:
        """Take the fields of one line; False when it holds none."""
        line, mv, pt = loose_fields(line)        # « {1}{G}   (valeur de mana : 2) », « Force 2, endurance 3 »
        self.mv, self.pt, self.novel = self.mv or mv, self.pt or pt, self.novel or bool(mv or pt)
        if pt or not line.strip():
            return bool(pt or mv)
        segments = _WIDE_SEP.split(line.strip()) if ":" in line else ()
        if len(segments) > 1 and sum(1 for seg in segments if _LABEL.match(seg) and ":" in seg) > 1:
            took = [self.read(seg) for seg in segments]          # « Coût : (1)(g/w)        Type : Éphémère »
            self.novel = self.novel or any(took)
            return any(took)
        bare = re.fullmatch(r"(?i)(F/E|P/T|Force ?/ ?Endurance)[ \t]+(?:\.{3,}[ \t]*|[|│][ \t]*)?([^:\s.|│].*)", line.strip())
        match = _LABEL.match(line) if bare is None else bare
        printed = re.fullmatch(r"(?i)(?:\(|(?:CCM|VM|CMC|valeur de mana(?: convertie)?|coût converti de mana)[ \t]*:?[ \t]*)"
                               r"(\d{1,2})\)?", line.strip())
        if printed:                      # a printed mana value, « (7) », « CCM 7 »
            self.mv = self.mv or printed[1]
            return True
        label = (match[1] if bare else match["label"]).strip().lower().replace("_", " ") if match else ""
        value = (match[2] if bare else match["value"]).strip() if match else ""
        took = self._labelled(label, value) if label else None
        took = took if took is not None else self._unlabelled(line)
        segments = field_segments(line) if not took else None       # « CCM 5 | {3}{R}{G} | Créature : … | 7/7 »
        if segments and all(self.read(seg) for seg in segments):
            self.novel = took = True
        return bool(took)

    def _labelled(self, label: str, value: str) -> Optional[bool]:
        """A « Label : value » field; None when the label names no field of a record."""
        if label in _COST_LABELS:
            return self._cost_field(value)
        if label in _TYPE_LABELS:
            kind, pt = type_and_pt(value)
            self.novel = self.novel or pt is not None
            self.type, self.pt = self.type or kind or value, self.pt or pt
            return True
        if label in _PT_LABELS or label in ("force", "endurance"):
            return self._pt_field(label, value.strip())
        if label in _ENGLISH_LABELS:
            self.english = self.english or value
            return True
        if label in ("ccm", "valeur de mana", "coût converti de mana", "valeur de mana convertie", "cmc",
                     "coût converti", "cout converti", "vm", "vmc"):
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
        if costed and not self.cost and type_and_pt(costed[1])[0] and _cost_line(costed[2]):   # « Enchantement : aura, 2B (3) »
            self.type, self.cost, self.novel = self.type or type_and_pt(costed[1])[0], read_cost(costed[2]), True
            self.mv = self.mv or costed[3]
            return True
        parts = _FIELD_SEP.split(line.strip(), maxsplit=1)
        if not self.cost and len(parts) == 2 and (_cost_line(parts[0]) or parts[0].isdigit()):  # « {B/G} — Créature : elfe — 1/2 »
            kind, pt = type_and_pt(parts[1])
            if kind:
                self.cost, self.type, self.pt, self.novel = read_cost(parts[0]), self.type or kind, self.pt or pt, True
                return True
        if not self.cost and not self.type and _cost_line(line):             # « (1)(B) » alone under the name
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


def _unframed(text: str) -> str:
    text = text.strip()
    if text[:1] in FRAME:
        text = text[1:]
    if text[-1:] in FRAME:
        text = text[:-1]
    return text.strip()


def _lower_symbols(text: str) -> Optional[re.Match]:
    """The name and the cost of a name line whose cost is written in lower case (the grammar reads the others)."""
    m = NAME_AND_COST.match(text)
    return m if m and any(c.islower() for c in m[2]) else None


#: A word in italics between single marks (« *Créature : humain* », « _Éphémère_ »), never « */* » (a P/T).
_ITALICS = re.compile(r"\*([^\W\d_][^*\n]*?)\*|(?<!\w)_([^\W\d_][^_\n]*?)_(?!\w)")


def _unmarked(text: str) -> str:
    """A field without the bold and italic marks and backticks of a chat or a Markdown page (« **Coût :** `{2}{U}` »,
    « `{1}{W}` — *Créature : humain* — **2/2** »)."""
    if "*" not in text and "`" not in text and "_" not in text:
        return text
    text = text.replace("**", "").replace("`", "")
    return _ITALICS.sub(lambda m: m[1] or m[2], text) if "*" in text or "_" in text else text


def _name_of(text: str) -> tuple[Optional[str], Optional[str], Optional[str]]:
    """(name, English name, cost written on the line) of a candidate name line, or (None, …)."""
    from parser.faq_records import name_lead, refused_name, unmarked
    text = name_lead(_COUNTED.sub("", unmarked(_unmarked(_unframed(text)))))
    if _PLACEHOLDER.fullmatch(text):
        return None, None, None
    text = _NAME_DECORATION.sub("", text).rstrip(" \t«»").strip()
    text = _BB_TAG.sub("", text) if "[/" in text else text          # « [carte]Name[/carte] » (a forum's tags)
    text, aside = name_and_aside(re.sub(r"^(?:\[[ \t]*\d{1,3}[ \t]*\][ \t]*|\[[ \t]*(.+?)[ \t]*\]$|[➊-➓❶-❿①-⑳]|\d{1,2}[).][ \t])[ \t]*", lambda m: m[1] or "", text).strip())
    label = _LABEL.match(text)
    if label and (label["label"].strip().lower() in _NAME_LABELS or _lead_label(text, label)):
        text = label["value"].strip()
    cost = None
    trailing = re.match(r"(.+?)(?:[ \t]{2,}(\S.*?)|(?<=\w)[ \t]((?:\([0-9WUBRGCXPS/]{1,3}\)){1,8}))$", text) or _lower_symbols(text)
    written = trailing and (trailing[2] or (trailing[3] if trailing.re is not NAME_AND_COST else None))
    written = written if written and (written[:1] != "(" or re.search(r"[WUBRGCXwubrgcx]", written)) else None   # « (5) »: a mana value
    if written and read_cost(written):
        text, cost = trailing[1], read_cost(written)
    text = _NAME_SEP.split(text, maxsplit=1)[0]     # « Nom (English) — Édition — Rare — FR », « Nom · {2}{R} · … »
    english = aside                      # (« Name   English Name   French »)
    paren = re.fullmatch(r"(.+?)[ \t]*\([*_]?([A-Z][^()*_]{1,60})[*_]?\)", text)     # (« (*Dimir Guildmage*) »)
    if paren:                            # (« Name (Invasion, 2000) »: a set and its year, no English name)
        text, english = paren[1].strip(), None if _SET_YEAR.search(paren[2]) else paren[2].strip()
    if (not text or len(text.split()) > 9 or text[-1] in ".!?:;»,«" or not text[0].isupper()
            or refused_name(text) is not None or _TYPE_START.match(text) or _LABEL.match(text) or _Fields().read(text)):
        return None, None, None
    return text, english, cost


def _lead_label(text: str, label: re.Match) -> bool:
    """« Zoom sur : Name », « Carte : Name »: words before a colon that name no field of a record (the page's
    lead), then a capital: the name is after the colon."""
    from parser.faq_records import _LABELS
    lead = label["label"].strip()
    return ":" in text[:label.start("value")] and label["value"][:1].isupper() and not _LABELS.fullmatch(lead) \
        and not _KEPT.match(f"{lead} :") and lead.lower() not in _ENGLISH_LABELS and not _Fields().read(text)


def _name_is_novel(line: str, name: str, english: Optional[str], cost: Optional[str]) -> bool:
    from parser.faq_records import unmarked
    written = re.sub(r"(?i)^nom[ \t]*:[ \t]*", "", unmarked(line.strip()))
    return bool(english or cost) or written != name or line.lstrip()[:3] == "***"     # (« *** Name *** »: a section to the grammar)


def _dashed(line: Placed) -> Optional[list[Placed]]:
    """« Nom (English) — (3)(U)(U) — Éphémère »: a record on one line, name, cost and type between dashes."""
    text = _unmarked(line[0].strip())    # (« **Name** — `{X}{B}` — Éphémère »)
    text = text[1:-1] if text[:1] == "[" and text[-1:] == "]" else text     # « [À l'écran : Name — 3 et un noir — Rituel] »
    parts = re.split(r"[ \t]+[—–][ \t]+", text)
    if len(parts) < 3 or len(parts) > 4:
        return None
    name, english, _ = _name_of(parts[0])
    cost = read_cost(parts[1]) if _cost_line(parts[1]) or re.fullmatch(r"[\w ]+", parts[1]) else None   # (« 3 et un noir »)
    kind, pt = type_and_pt(" — ".join(parts[2:]))
    if name is None or cost is None or kind is None:
        return None
    head = f"{name} / {english}" if english else name
    return [(f"{head} {cost}", line[1]), (kind, line[1])] + ([(pt, line[1])] if pt else [])


def _block(lines: list[Placed], start: int) -> Optional[tuple[Optional[list[Placed]], int]]:
    """The record laid out from a name at ``start``, and the index after its fields (no layout, None, when the
    grammar reads the record as written), or None."""
    dashed = _dashed(lines[start]) if "—" in lines[start][0] or "–" in lines[start][0] else None
    if dashed:
        return dashed, start + 1
    name, english, cost = _name_of(lines[start][0])
    if name is None:
        return None
    fields = _Fields()
    fields.cost = cost
    rest = _name_fields(lines[start][0], fields)
    j, english = _scan(lines, start, fields, english)
    land = fields.type is not None and fields.type.startswith("Terrain") and (rest is not None or english is not None)
    token = fields.type is not None and fields.type.startswith("Jeton") and fields.pt is not None   # no cost, a P/T
    if not ((fields.cost or land or token) and fields.type and is_type_line(fields.type)):
        return None
    indented = lines[start][0][:1] in (" ", "\t")       # (a PDF copy's indented block: the grammar reads no indented type line)
    if not (fields.novel or indented or _name_is_novel(lines[start][0], name, english, cost)):
        return None, j                   # a record the grammar reads as it is written: no line of it starts another
    where = lines[start][1]
    head = f"{name} / {english}" if english and english != name else name
    mv = f" ({fields.mv})" if fields.mv else ""
    out = [(f"{head} {fields.cost or ''}{mv}".rstrip(), where), (fields.type, where)]
    if fields.pt:
        out.append((fields.pt, where))
    if rest:
        out.append((rest, where))
    out += [(_unframed(lines[k][0]), lines[k][1]) for k in fields.kept]
    return out, j


def _other_name(lines: list[Placed], j: int) -> Optional[re.Match]:
    """The other language's name on its own line under the name (« Épouvantail trémulefeu » / « Rattleblaze
    Scarecrow » / « Coût<TAB>6 »): a plain name, no cost, with a field of the record right under it."""
    text = _unframed(lines[j][0])
    k = j + 1 if j + 1 < len(lines) and lines[j + 1][0].strip() else j + 2
    k += 1 if k < len(lines) and _RULE_LINE.fullmatch(lines[k][0]) else 0     # (a frame's rule under the header rows)
    below = _unframed(lines[k][0]) if k < len(lines) else ""
    if not below or not (_Fields().read(below) or _KEPT.match(below) or SET_LINE.match(re.sub(r"^\W+", "", below))):
        return None
    name, english, cost = _name_of(text)
    return re.fullmatch(r"(.+)", name) if name and not english and not cost and name == text else None


def _name_fields(line: str, fields: _Fields) -> Optional[str]:
    """Read the fields written on the name line after it (« Name · {1}{U} · Créature — Humain · 1/2 · Coldsnap #44 »,
    « Name — 1BB »): the segments that are none, as a line of text (« Coldsnap #44 · Commune »); None when no
    segment is a field."""
    segments = _NAME_SEP.split(_unmarked(unmarked_line(line)))[1:]
    if not re.search(r"[·|]", line) and line[:1] not in " \t" and any(_TYPE_START.match(seg) for seg in segments):
        return None                      # (« Name — 1WW — Créature - Esprit — 2/3 »: the one-line record the grammar reads)
    took = [seg for seg in segments if fields.read(seg.strip())]
    if not took:
        return None
    fields.novel = True
    return " · ".join(seg.strip() for seg in segments if seg not in took)


def unmarked_line(line: str) -> str:
    from parser.faq_records import unmarked
    return unmarked(_unframed(line))


def _scan(lines: list[Placed], start: int, fields: _Fields, english: Optional[str]) -> tuple[int, Optional[str]]:
    """Read the fields under the name at ``start`` into ``fields``: the index after them, and the English
    name (from the name line, or a line « (English Name) » or « « English Name » » right under it)."""
    from parser.faq_records import unmarked
    j, seen, blanks = start + 1, 0, 0
    while j < len(lines) and j - start < 14:
        text = _unframed(lines[j][0])
        text = unmarked(text) if text[:1] == ">" else text      # (a blockquote's lines: « > {B} — Éphémère »)
        if not text or _RULE_LINE.fullmatch(lines[j][0]) or _PLACEHOLDER.fullmatch(text):
            blanks += 0 if text else 1   # (a frame's rule or a picture's place between the name and the fields)
            fields.novel = fields.novel or bool(text)        # (the grammar would name the record by the picture)
            if seen or blanks > 2:
                break
            j += 1
            continue
        text = re.sub(r"^[^\w{(\[»«—–-]+[ \t]*", "", _unmarked(without_tags(text)))   # (« 🔹 Coût : {2} », « **Coût :** `{2}{U}` »)
        if not seen and text[-1:] == ":" and len(text.split()) <= 5 and j - start <= 3:
            j += 1                       # a heading over the fields (« Données de la carte : »)
            continue
        if _KEPT.match(text) or SET_LINE.match(text) and not _TYPE_START.match(text) or \
                seen and _COLOUR_LINE.fullmatch(text):       # (a token's colour under its type line: « Incolore »)
            fields.kept.append(j)        # a labelled field the record keeps as text
            fields.novel = fields.novel or not seen and not _KEPT.match(text)   # (a set line over the fields)
            j += 1
            continue
        wrapped = _WRAPPED.search(text) and j + 1 < len(lines) and _unframed(lines[j + 1][0])
        if wrapped and not _LABEL.match(_unframed(lines[j + 1][0])):      # « Type : Créature légendaire — » / « Eldrazi »
            text = f"{text} {_unframed(lines[j + 1][0])}"
            j += 1
        if fields.read(text):
            fields.novel = fields.novel or lines[j][0][:1] in " \t"      # (an indented field: the grammar reads none)
            if _LABEL.match(text) and _LABEL.match(text)["label"].strip().lower() in _ENGLISH_LABELS:
                fields.kept.append(j)
            seen += 1
            j += 1
            continue
        under = re.fullmatch(r"[(«][ \t\u00a0]*([A-Z][^()«»]{1,60}?)[ \t\u00a0]*[)»]", text) or _other_name(lines, j)
        if under and not seen and not english and not fields.english and j == start + 1:   # « (Emrakul, the Aeons Torn) »
            fields.english = english = under[1].strip()
            j += 1
            continue
        if seen or fields.english or not (re.match(r"(?i)édition|extension|rareté|numéro", text)
                                          or "—" in text and j - start <= 2 and not blanks):
            break                        # the end of the fields, or the next record's name
        fields.kept.append(j)
        fields.novel = True              # (the grammar reads no edition line between the name and the fields)
        j += 1                           # an edition line between the name and the fields
    return j, english


def lay_out_blocks(lines: list[Placed]) -> list[Placed]:
    """``lines`` with every block of card fields rewritten into the record layout."""
    out: list[Placed] = []
    lines = joined_frames(lines) if any(frame_cells(text) for text, _ in lines if text[:1] in " |│") else lines
    i = 0
    while i < len(lines):
        found = _block(lines, i) if lines[i][0].strip() else None
        if found is None or found[0] is None:
            end = i + 1 if found is None else found[1]
            out += lines[i:end]
            i = end
            continue
        record, i = found
        if out and out[-1][0].strip():
            out.append(("", record[0][1]))
        out += record
        while i < len(lines) and _unframed(lines[i][0]) and not _RULE_LINE.fullmatch(lines[i][0]):
            text = _unframed(lines[i][0])
            if _NAME_SEP.search(text) and (_block(lines, i) or (None,))[0] is not None:
                break                    # the next record's line (« Name | {G} | Créature : … », a table's rows)
            label = _LABEL.match(text)
            if label and label["label"].strip().lower() in ("texte", "texte de règles", "text"):
                text = label["value"]
            out.append((text, lines[i][1]))
            i += 1
        out.append(("", lines[i - 1][1]))
    return out


def needs_blocks(text: str) -> bool:
    lined = "\n" + text                  # (a line's start as « \n »: see the gates)
    return "│" in text or any(gate.search(lined) for gate in _GATES) or \
        any(mark in text for mark in _COST_MARKS) and _MARKED_COST.search(lined) is not None   # (« │ »: a box frame)
