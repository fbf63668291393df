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

from parser.faq_field_forms import FRAME, frame_cells, joined_frames, name_and_aside, without_tags
from parser.faq_field_reader import ENGLISH_LABELS, LABEL, NAME_LABELS, TYPE_START, TYPE_WORDS, Fields, cost_line, \
    is_type_line, type_and_pt, without_label_aside
from parser.faq_records import NAME_AND_COST, SET_LINE
from parser.mana import read_cost

Placed = tuple[str, tuple[int, int]]

_RULE_LINE = re.compile(r"[ \t]*[+┌└├┤┐┘─━═=|\-_ \t]{3,}[ \t]*$")
#: A line of colours only (« Incolore », « Vert et blanc »): a token's colours, printed under its type line.
_COLOUR = r"(?:incolore|multicolore|blanc|blanche|bleu|bleue|noir|noire|rouge|vert|verte)s?"
_COLOUR_LINE = re.compile(rf"(?i){_COLOUR}(?:(?:[ \t]*,[ \t]*|[ \t]+et[ \t]+){_COLOUR})*")
#: What separates the fields of a name line (« Name · {1}{U} · Créature — … », « Name — 1BB »).
_NAME_SEP = re.compile(r"[ \t]+[—–·|][ \t]+")
#: A lead before a name that counts the cards (« CARTE N°1 — », « COUP DE CŒUR N°2 (…) : », « #1 — »).
_COUNTED = re.compile(r"^[^\w]*(?:[A-ZÀ-Ý'’ ]{2,30}[ \t])?(?:N°|n°|#|No\.?)[ \t]*\d{1,2}(?:[ \t]*\([^()]{0,40}\))?[ \t]*[—–:-][ \t]*")
#: A forum's tags around a name (« [carte]Name[/carte] »).
_BB_TAG = re.compile(r"\[/?[a-z]{1,10}\]")
#: A field's value that goes on in the next line: it ends with a dash or a comma.
_WRAPPED = re.compile(r"[ \t][—–-]$|,$")
#: A labelled field the record keeps as text (« Édition : … », « Couleur : … », « Rareté<TAB>Rare »).
#: (A page written without accents: « Edition », « Rarete ».)
_KEPT = re.compile(r"(?i)(?:[ée]dition|extension|raret[ée]|num[ée]ro|artiste|illustrat(?:eur|rice|ion)|dessin|loyauté"
                   r"|symbole d.extension|couleurs?|identité(?: de)? couleurs?|langue|état|image|prix(?: moyen)?)[ \t\u00a0\u202f]*(?:[:\t]|\.{3,}|[ \t]{2,})")
#: A set's year in the parenthesis after a name (« (Invasion, 2000) »): the set, never the English name.
_SET_YEAR = re.compile(r"(?:^|[ \t,])(?:19[9]\d|20[0-4]\d)$")
#: A picture's place on a shop's page or a wiki's (« [Image de la carte] », « [Illustration] »): no field, no name.
_PLACEHOLDER = re.compile(r"(?i)\[[^\]]{0,30}(?:image|illustration|visuel|photo|scan)[^\]]{0,30}\]")
#: What pages put before a card's name: a bullet, a rank (« #3 — »), a quotation mark (« » Name « »).
_NAME_DECORATION = re.compile(r"^(?:[•▪►]|#?\d{1,2}[ \t]*[—–-](?=[ \t])|#\d{1,2}|[»«])[ \t]*")
#: One of these in a text, or it has no block of card fields (each a search without a leading quantifier,
#: starting with one character, not a class: the regular expression engine skips to that character at the
#: speed of a string search, where a class is tried at every position: « [Cc]oût » is two gates).
_GATES = tuple(re.compile(p) for p in (
    r"Co[uû]t(?: de mana)?\**[ \t\u00a0\u202f]*(?:[:|│\t=]|\.{3})", r"co[uû]t(?: de mana)?\**[ \t\u00a0\u202f]*(?:[:|│\t=]|\.{3})",
    r"\([a-z]/[a-z]\)", r"\n[ \t]+\{[^}\n]{1,3}\}[{}\w/]*\n",
    r"\n[> \t]*(?:\{[^}\n]{1,3}\}|\(|\d|[WUBRGCX]{1,8}[ \t])(?:[^\n]{0,30}?[ \t])?[—–·-][ \t]+" + TYPE_WORDS, r"(?:F/E|Force ?/ ?Endurance)[ \t]*:", r"co[uû]te? [a-zé]+ et ",
    r"(?m)\([A-Z][^()\n]{1,60}\)[ \t]*(?:[—–]|$)",
    r"(?m)\n[ \t]*(?:\(\d{1,2}\)\(|X{0,3}\d{0,2}[WUBRG]{1,5}$)", r"\nCo[uû]t(?: de mana)?\n", r"\n[ \t]*Jeton [^\n]{0,40}[:—–]", r"\)\n[ \t]+" + TYPE_WORDS, r"(?m)  [ \t]*(?:\d{0,2}[WUBRG]{1,5}|(?:\([0-9WUBRGCX/]{1,3}\)){1,8})$",
    r"\n[ \t]*(?:Plan|Phénomène)[ \t]*[:—–][ \t]*\w"))     # (a plane's type line, or a phenomenon's: no cost)
#: A cost after a spaced dash, a middle dot or a « | » (« Name — {1}{U} », « Name · 3RR · »): searched only in a
#: text with one of these marks (a search that starts with a space is tried at every space).
_MARKED_COST = re.compile(r"[ \t][—–·|][ \t]+`?(?:\{[^}\n]{1,3}\}|(?:\([0-9WUBRGCX/]{1,3}\)){1,8}\n|\d{0,2}[WUBRG]{1,6}[ \t]*(?:\n|[·|]|[—–][ \t]+"
                          + TYPE_WORDS + "))")
_COST_MARKS = ("—", "–", "·", "|")


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
    text = _unmarked(_unframed(text))
    between = re.fullmatch(r"([—–~=]{1,3})[ \t]+(\S.*?)[ \t]+\1", text) if text[:1] in "—–~=" else None
    text = name_lead(_COUNTED.sub("", unmarked(between[2] if between else text)))    # « — Name — »: between dashes
    if _PLACEHOLDER.fullmatch(text):
        return None, None, None
    text = _NAME_DECORATION.sub("", text).rstrip(" \t«»").strip()
    text = _BB_TAG.sub("", text) if "[/" in text else text          # « [carte]Name[/carte] » (a forum's tags)
    text, aside = name_and_aside(re.sub(r"^(?:\[[ \t]*\d{1,3}[ \t]*\][ \t]*|\[[ \t]*(.+?)[ \t]*\]$|[➊-➓❶-❿①-⑳]|\d{1,2}[).][ \t])[ \t]*", lambda m: m[1] or "", text).strip())
    text = without_label_aside(text)
    label = LABEL.match(text)
    if label and (label["label"].strip().lower() in NAME_LABELS or _lead_label(text, label)):
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
            or refused_name(text) is not None or TYPE_START.match(text) or LABEL.match(text) or Fields().read(text)):
        return None, None, None
    return text, english, cost


def _lead_label(text: str, label: re.Match) -> bool:
    """« Zoom sur : Name », « Carte : Name »: words before a colon that name no field of a record (the page's
    lead), then a capital: the name is after the colon."""
    from parser.faq_records import _LABELS
    lead = label["label"].strip()
    return ":" in text[:label.start("value")] and label["value"][:1].isupper() and not _LABELS.fullmatch(lead) \
        and not _KEPT.match(f"{lead} :") and lead.lower() not in ENGLISH_LABELS and not Fields().read(text)


def _name_is_novel(line: str, name: str, english: Optional[str], cost: Optional[str]) -> bool:
    from parser.faq_records import unmarked
    written = re.sub(r"(?i)^nom[ \t]*:[ \t]*", "", unmarked(line.strip()))
    return bool(english or cost) or written != name or line.lstrip()[:3] == "***"     # (« *** Name *** »: a section to the grammar)


def _dashed(line: Placed) -> Optional[list[Placed]]:
    """« Nom (English) — (3)(U)(U) — Éphémère »: a record on one line, name, cost and type between dashes."""
    text = _unmarked(line[0].strip())    # (« **Name** — `{X}{B}` — Éphémère »)
    text = text[1:-1] if text[:1] == "[" and text[-1:] == "]" else text     # « [À l'écran : Name — 3 et un noir — Rituel] »
    parts = re.split(r"[ \t]+[—–][ \t]+", text)
    if len(parts) == 2 and parts[1].startswith("Terrain") and is_type_line(parts[1]):    # « Name (Set) – Terrain : porte »
        name, english, cost = _name_of(parts[0])
        return [(name, line[1]), (parts[1], line[1])] if name and not cost else None
    if len(parts) < 3 or len(parts) > 4:
        return None
    name, english, _ = _name_of(parts[0])
    cost = read_cost(parts[1]) if cost_line(parts[1]) or re.fullmatch(r"[\w ]+", parts[1]) else None   # (« 3 et un noir »)
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
    fields = Fields()
    fields.cost = cost
    rest = _name_fields(lines[start][0], fields)
    j, english = _scan(lines, start, fields, english)
    kind = fields.type or ""             # (a basic land, a plane, a phenomenon: no cost)
    land = kind.startswith("Terrain") and (rest is not None or english is not None or fields.labelled) or \
        kind.startswith(("Terrain de base", "Plan ", "Phénomène"))
    token = kind.startswith("Jeton") and fields.pt is not None   # no cost, a P/T
    if not ((fields.cost or land or token or fields.costless) and fields.type and is_type_line(fields.type)):
        return None
    indented = lines[start][0][:1] in (" ", "\t")       # (a PDF copy's indented block: the grammar reads no indented type line)
    if not (fields.novel or indented or _name_is_novel(lines[start][0], name, english, cost)):
        return None, j                   # a record the grammar reads as it is written: no line of it starts another
    where = lines[start][1]
    head = f"{name} / {english}" if english and english != name else name
    mv = f" ({fields.mv})" if fields.mv else ""
    head = head if fields.cost else f"Nom : {head}"      # (no cost: a name the grammar takes for no heading)
    out = [(f"{head} {fields.cost or ''}{mv}".rstrip(), where), (fields.type, where)]
    if fields.pt:
        out.append((fields.pt, where))
    if rest:
        out.append((rest, where))
    if fields.asides:
        out.append((" · ".join(fields.asides), where))
    out += [(_unframed(lines[k][0]), lines[k][1]) for k in fields.kept]
    return out, j


def _other_name(lines: list[Placed], j: int) -> Optional[re.Match]:
    """The other language's name on its own line under the name (« Épouvantail trémulefeu » / « Rattleblaze
    Scarecrow » / « Coût<TAB>6 »): a plain name, no cost, with a field of the record right under it."""
    text = _unframed(lines[j][0])
    k = j + 1 if j + 1 < len(lines) and lines[j + 1][0].strip() else j + 2
    k += 1 if k < len(lines) and _RULE_LINE.fullmatch(lines[k][0]) else 0     # (a frame's rule under the header rows)
    below = _unframed(lines[k][0]) if k < len(lines) else ""
    if not below or not (Fields().read(below) or _KEPT.match(below) or SET_LINE.match(re.sub(r"^\W+", "", below))):
        return None
    name, english, cost = _name_of(text)
    return re.fullmatch(r"(.+)", name) if name and not english and not cost and name == text else None


def _name_fields(line: str, fields: Fields) -> Optional[str]:
    """Read the fields written on the name line after it (« Name · {1}{U} · Créature — Humain · 1/2 · Coldsnap #44 »,
    « Name — 1BB »): the segments that are none, as a line of text (« Coldsnap #44 · Commune »); None when no
    segment is a field."""
    segments = _NAME_SEP.split(_unmarked(unmarked_line(line)))[1:]
    if not re.search(r"[·|]", line) and line[:1] not in " \t" and any(TYPE_START.match(seg) for seg in segments):
        return None                      # (« Name — 1WW — Créature - Esprit — 2/3 »: the one-line record the grammar reads)
    took = [seg for seg in segments if fields.read(seg.strip())]
    if not took:
        return None
    fields.novel = True
    return " · ".join(seg.strip() for seg in segments if seg not in took)


def unmarked_line(line: str) -> str:
    from parser.faq_records import unmarked
    return unmarked(_unframed(line))


def _scan(lines: list[Placed], start: int, fields: Fields, english: Optional[str]) -> tuple[int, Optional[str]]:
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
        bulleted, rated = text[:2] in ("- ", "– "), text
        text = re.sub(r"^(?:[^\w{(\[»«—–-]+|[-–][ \t])[ \t]*", "", without_label_aside(_unmarked(without_tags(text))))   # (« 🔹 Coût : {2} », « - **Coût :** `{2}{U}` »)
        if not seen and _over_fields(text, j - start, blanks):
            j += 1
            continue
        alone = _label_alone(lines, j, text)
        if alone:                        # « Coût de mana » / « 5 »: the label on a line, its value on the next
            fields.kept += [j, j + 1] if _KEPT.match(alone) else []
            text, j = alone, j + 1
        if _KEPT.match(text) or SET_LINE.match(text) and not TYPE_START.match(text) and not Fields().read(text) or \
                seen and _COLOUR_LINE.fullmatch(text):       # (a token's colour under its type line: « Incolore »)
            fields.kept.append(j)        # a labelled field the record keeps as text
            fields.novel = fields.novel or not seen and not _KEPT.match(text)   # (a set line over the fields)
            j += 1
            continue
        wrapped = _WRAPPED.search(text) and j + 1 < len(lines) and _unframed(lines[j + 1][0])
        if wrapped and not LABEL.match(_unframed(lines[j + 1][0])):      # « Type : Créature légendaire — » / « Eldrazi »
            text = f"{text} {_unframed(lines[j + 1][0])}"
            j += 1
        if fields.read(text):
            fields.novel = fields.novel or lines[j][0][:1] in " \t" or bulleted     # (an indented field, a bullet's)
            if LABEL.match(text) and LABEL.match(text)["label"].strip().lower() in ENGLISH_LABELS:
                fields.kept.append(j)
            seen += 1
            j += 1
            continue
        under = re.fullmatch(r"[(«][ \t\u00a0]*([A-Z][^()«»]{1,60}?)[ \t\u00a0]*[)»]", text) or _other_name(lines, j)
        if under and not seen and not english and not fields.english and j == start + 1:   # « (Emrakul, the Aeons Torn) »
            fields.english = english = under[1].strip()
            j += 1
            continue
        if not _aside(lines, j, j - start, text, rated, seen, blanks, fields):
            break                        # the end of the fields, or the next record's name
        fields.kept.append(j)            # a line the record keeps as text
        fields.novel = fields.novel or not seen
        j += 1
    return j, english


def _aside(lines: list[Placed], j: int, below_name: int, text: str, written: str, seen: int, blanks: int,
           fields: Fields) -> bool:
    """Whether line ``j`` is one the record keeps as text among its fields (or over them, none seen yet): a shop's
    rating under the name (« ★★★★☆ (12 avis) »), a labelled line that names no field (« Face : verso »), an edition
    line between the name and the fields (which the grammar does not read there)."""
    if not seen and _RATING.match(written):
        return True
    if (seen or below_name <= 2 and not blanks) and _other_label(lines, j, text):
        return True
    return not seen and not fields.english and bool(
        re.match(r"(?i)édition|extension|rareté|numéro", text)
        or "—" in text and below_name <= 2 and not blanks and not fields.type)


#: A shop's rating of the card (« ★★★★★ (2 avis) », « ★★★☆☆ »).
_RATING = re.compile(r"[★☆✩✭⭐]{3,5}")


def _other_label(lines: list[Placed], j: int, text: str) -> bool:
    """A labelled line that names no field of the layout (« Face : verso (face transformée) », « Source : … ») with a
    field of the record on the next line or the one after."""
    from parser.faq_records import _LABELS
    label = LABEL.match(text) if ":" in text[:32] else None
    if not label or len(label["label"].split()) > 3 or ":" not in text[:label.start("value")] or \
            _LABELS.fullmatch(label["label"].strip()):       # (« Nom : Name » under a heading: the record's name)
        return False
    return any(Fields().read(_unframed(lines[k][0])) for k in range(j + 1, min(j + 3, len(lines))))


def _over_fields(text: str, below_name: int, blanks: int) -> bool:
    """A heading over the fields: a key-value table's header row (« | Champ | Valeur | »), a heading
    (« Données de la carte : », or « Informations » with no blank line between it and the name)."""
    from parser.faq_records import HEADING
    return bool(_KEY_VALUE.fullmatch(text) or text[-1:] == ":" and len(text.split()) <= 5 and below_name <= 3
                or below_name <= 3 and not blanks and HEADING.fullmatch(text))


#: The labels of a record's fields written alone on their line, their value on the next (a wiki's infobox copied).
_ALONE = re.compile(r"(?i)(?:co[uû]t(?: de mana)?|valeur de mana|type|nom anglais|nom vo|force ?/ ?endurance|extension"
                    r"|illustrat(?:eur|rice)|rareté)")


def _label_alone(lines: list[Placed], j: int, text: str) -> Optional[str]:
    """« Label : value » for a label alone on line ``j`` and its value on the next line, or None."""
    if not _ALONE.fullmatch(text) or j + 1 >= len(lines):
        return None
    value = _unframed(lines[j + 1][0])
    return f"{text} : {value}" if value and not _ALONE.fullmatch(value) else None


#: The header row of a table of fields, one a row (« Champ | Valeur »).
_KEY_VALUE = re.compile(r"(?i)(?:champ|caractéristique|propriété|attribut|clé)s?[ \t]*[|│][ \t]*(?:valeur|détail|contenu)s?")


def _table_rows(lines: list[Placed], i: int) -> int:
    """The index after a Markdown table's rows when a header row and its rule start at ``i`` (« | Nom | Coût | » /
    « |---|---| »), else 0."""
    from parser.faq_tables import columns
    if not (lines[i][0][:1] == "|" and i + 1 < len(lines) and lines[i + 1][0].startswith("|---")) or \
            "name" not in columns(lines[i][0]):
        return 0
    j = i + 2
    while j < len(lines) and lines[j][0][:1] == "|":
        j += 1
    return j


#: An English card name: its words in title case (« Canopy Tactician », « Solemn Simulacrum »), where a French name
#: has its first word only capitalised.
_TITLE_CASE = re.compile(r"[A-Z][a-z'’]+(?:[ \t]+(?:of|the|to|a|in|and|[A-Z][\w'’-]*))*")


def _title(lines: list[Placed], i: int) -> Optional[tuple[str, int]]:
    """A product page's title at ``i``: a name over its English name in title case (« Simulacre solennel » / « Solemn
    Simulacrum · Commander 2016 · #273 »), as (its line, its index); else None."""
    if i + 1 >= len(lines) or not lines[i][0].strip() or lines[i][0][:1] in " \t":
        return None
    below = _NAME_SEP.split(lines[i + 1][0].strip(), maxsplit=1)[0]
    name = _name_of(lines[i][0])[0] if _TITLE_CASE.fullmatch(below) else None
    return (lines[i][0], i) if name and name != below and not _TITLE_CASE.fullmatch(name) else None


def _titled_block(lines: list[Placed], i: int, title: str) -> Optional[tuple[Optional[list[Placed]], int]]:
    """The record of a product page's fields under a heading (« Règles », « DESCRIPTION ») at ``i``, named by the
    page's title: the heading stays a line of text above it."""
    from parser.faq_records import HEADING, unmarked
    heading = unmarked(lines[i][0])
    if not (HEADING.fullmatch(heading) or heading.lower() == "description"):
        return None
    k = i + 2 if i + 2 < len(lines) and _RULE_LINE.fullmatch(lines[i + 1][0]) else i + 1
    first = _unframed(lines[k][0]) if k < len(lines) else ""
    if not (_KEPT.match(first) or Fields().read(first)):
        return None                      # (the fields start right under the heading)
    found = _block(lines[:i] + [(title, lines[i][1])] + lines[i + 1:], i)
    if found is None or found[0] is None:
        return None
    return [lines[i], ("", lines[i][1])] + found[0], found[1]


def lay_out_blocks(lines: list[Placed]) -> list[Placed]:
    """``lines`` with every block of card fields rewritten into the record layout."""
    out: list[Placed] = []
    lines = joined_frames(lines) if any(frame_cells(text) for text, _ in lines if text[:1] in " |│") else lines
    i, title = 0, None
    while i < len(lines):
        rows = _table_rows(lines, i)     # a Markdown table under its header row: the grammar's ``table_card``
        found = (None, rows) if rows else _block(lines, i) if lines[i][0].strip() else None
        if found is None and title is not None and i - title[1] <= 40:
            found = _titled_block(lines, i, title[0])
        title = _title(lines, i) or title
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
            if (_NAME_SEP.search(text) or _capitals(text)) and (_block(lines, i) or (None,))[0] is not None:
                break                    # the next record's line (« Name | {G} | Créature : … », a table's rows)
            label = LABEL.match(text)
            if label and label["label"].strip().lower() in ("texte", "texte de règles", "text"):
                text = label["value"]
            out.append((text, lines[i][1]))
            i += 1
        out.append(("", lines[i - 1][1]))
    return out


def _capitals(text: str) -> bool:
    """A name in capitals (« MOX D'OPALE »): a PDF's narrow column starts the next record right under the text of
    the one above, with no blank line."""
    return text.isupper() and len(text.split()) <= 6 and text[-1:].isalpha()


def needs_blocks(text: str) -> bool:
    lined = "\n" + text                  # (a line's start as « \n »: see the gates)
    return "│" in text or any(gate.search(lined) for gate in _GATES) or \
        any(mark in text for mark in _COST_MARKS) and _MARKED_COST.search(lined) is not None   # (« │ »: a box frame)
