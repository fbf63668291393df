"""Card records of parser/grammars/faq.lark, read by :class:`RecordReader` for
:class:`parser.faq_tree.DocumentBuilder` (the page: its document, text and warnings).

``card`` (and ``named_like_a_type``, ``next_card``) is a name line, then the
record's fields in any order, one a line (the grammar's ``head_fields``
before the type line, and the body after it): :meth:`RecordReader._record`
walks them in document order and takes the first cost, P/T and printed mana
value.  A second one is never dropped: it stays in the record's text and is
reported (``duplicate_card_field``); a printed mana value the cost does not
have (mana grammar, :func:`parser.mana.parse_written_cost`) is reported
(``mana_value_mismatch``).  Lines that read as a record's fields but belong
to no record (``bad_card``, ``bad_card_like``, ``stray_fields``, a lone type
line) stay text and are reported.  A record whose name cannot be a name
(:func:`refused_name`: a label, a cost, a P/T, a whole type line, a trailing
separator) is no record: its lines stay text, reported (``bad_card_name``);
but a label line under a one-line paragraph (a wiki's title over its infobox,
« Description » under a product's name) takes that paragraph as its name
(:meth:`RecordReader.name_above`).  A bilingual name « Nom / English Name »
is the French one, the other kept in the text (:func:`bilingual`); Markdown
marks are no part of a field (:func:`unmarked`).  Bullets under a line that
names a card of the page are its notes (:meth:`RecordReader.card_named`).
Records on one line: parser/faq_lines.py."""
from __future__ import annotations

import re
from typing import Optional

from lark import Token, Tree

from kb.model import CardRecord
from parser.cardface import CardFaceError, parse_pt, parse_type_line
from parser.mana import ManaCostError, parse_written_cost, read_cost
from parser.faq_names import clean_name, name_lead, unmarked  # noqa: F401 (the readers' names)
from parser.textkeys import fold_name

#: What each field of a record is, by the grammar's name for it.
_FIELD_KINDS = {"card_cost": "cost", "stray_cost": "cost", "mana_value": "mana value", "line_mv": "mana value", "card_pt": "P/T",
                "card_line": "text", "extra_field": "text"}


#: A field's label, which is never a card's name (« Coût », « Type », « Nom VO »).
_LABELS = re.compile(r"(?i)(?:co[uû]t(?: de mana| converti(?: de mana)?)?|types?|nom(?: vo| anglais| français| original)?"
                     r"|texte|force(?: ?/ ?endurance)?|f ?/ ?e|ccm|cmc|valeur de mana|loyauté|rareté|description"
                     r"|caractéristiques|illustrat(?:eur|ion)|extension|édition|couleurs?|identité(?: de)? couleurs?|artiste|prix|langue"
                     r"|état|numéro|vmc?|légalités?|format|mana|fiche)")
#: What a cost, a P/T and a type line may look like at all (before their grammars are run on a name).
_COST_CHARS = re.compile(r"[\d{}()WUBRGCSXYZP/ \t]+$")
_PT_CHARS = re.compile(r"[-+\d*X?∞½ .,()]+/[-+\d*X?∞½ .,()]+$")
_TYPE_START = re.compile(r"(?i)(?:créature|rituel|éphémère|enchantement|artefact|terrain|planeswalker|arpenteur|tribal|"
                         r"bataille|phénomène|plan|machination|conspiration|donjon|héros|invocation|interruption|légendaire|"
                         r"neigeu|mondial)")
#: A name that may be refused at all: it starts like a label or a type line, reads like a cost or a P/T
#: (no lower-case letter), or ends with a separator.
_SUSPECT = re.compile(r"(?i:co[uû]t|types?\b|nom\b|texte|force|f ?/|ccm|cmc|valeur|loyauté|rareté|description|"
                      r"caractéristiques|illustrat|extension|édition|mana\b|fiche\b|créature|rituel|éphémère|enchantement|artefact|"
                      r"terrain|planeswalker|arpenteur|tribal|bataille|phénomène|plan|machination|conspiration|donjon|"
                      r"héros|invocation|interruption|légendaire|neigeu|mondial|couleur|identité|artiste|prix|langue|état|numéro|vmc?\b"
                      r"|règles|informations?|aperçu|détails|données)|[^a-zà-öø-ÿ]*$|.*[-–—/|,;:·(){}\t]|.*\d$")
#: A page's heading over a card's fields (« Règles », « Informations », « Aperçu rapide (produit consulté récemment) »).
HEADING = re.compile(r"(?i)(?:règles|informations?(?: sur le produit)?|aperçu(?: rapide)?|détails(?: de la carte)?|données de la carte)(?:[ \t]*\([^()]*\))?")
#: A labelled field's line (« Nom anglais<TAB>Murderous Redcap »): never a name line either.
_LABELLED = re.compile(_LABELS.pattern + r"[ \t\u00a0\u202f]*[:\t]")
#: A label and its value with no colon (« CCM 5 », « VM 3 »): a field, never a name.
_LABEL_VALUE = re.compile(_LABELS.pattern + r"[ \t]+\d{1,2}")
#: A set and rarity line (« Commander 2014 · Commune · FR », « Sombrelande — Rare », « Cinquième Édition, commune, illustr. … »):
#: a rarity between separators or commas.
SET_LINE = re.compile(r"(?i)(?:^[^\w]*|.*?(?:[ \t][·|—–-]|,)[ \t]*)(?:peu commune|commune|rare|mythique|unco(?:mmon)?|common|mythic(?: rare)?)"
                      r"[ \t]*(?:[·|—–-][ \t]|,|$)")
#: A counter or a number after a word (« Article 1/3 », « Carte n° 2 », « Annonce #12 »): no card's name.
_COUNTER = re.compile(r"(?i).*?(?:[ \t]\d{1,3}[ \t]*/[ \t]*\d{1,3}|[ \t](?:n°|no\.?|#)[ \t]*\d+)$")
#: A year at a name's end (« Morningtide (2008) », « Magic 2015 »): a set or a date, never a card's name.
_YEAR_END = re.compile(r".*[ \t(](?:19[9]\d|20[0-4]\d)\)?$")
#: A name and its cost after a space or a spaced dash (« Nuckelavee - (4)(u/r)(u/r) »): the cost is split off, never named.
NAME_AND_COST = re.compile(r"(.+?)(?:[ \t]+[-–—])?[ \t]+(\d{0,2}(?:\([^()\s]{1,3}\)){1,8}|(?:\{[^{}\s]+\}){1,8})$")


#: A card record's signature inside a line of text: a braced cost, then a type word with its
#: subtypes, a P/T, the end of the line or a capital after it (« Lancier guêpe {U/B}{U/B}{U/B}
#: Créature : peuple fée… »; the name before the cost is where the warning points).
_CARD_LIKE = re.compile(r"(?:(?<![\w{}])[A-ZÀ-ÖØ-Þ][^\n{}.:;!?«»]{0,45}?[ \t]+)?(?:\{[^{}\s]+\})+[ \t]+(?:[-–—][ \t]+)?"
                        r"(?:Créature|Rituel|Éphémère|Enchantement|Artefact|Terrain|Planeswalker|Arpenteur|Bataille)"
                        r"(?:[- ](?:artefact|légendaire|tribal|de base|neigeux|neigeuse))*"
                        r"(?=[ \t\u00a0]*:[ \t]*-?[ \t]*[a-zà-öø-ÿ]|[ \t]+\d+/\d+|[ \t]*$|[ \t]+[A-ZÀ-ÖØ-Þ{(])")


def card_like(text: str) -> Optional[int]:
    """The 0-based offset in ``text`` (a line kept as text or a note) where a card record
    seems to start, or None: a record the grammar did not read is never lost silently."""
    if "{" not in text:                  # (most lines: no cost, no record)
        return None
    found = _CARD_LIKE.search(text)
    return found.start() if found else None


def bilingual(name: str) -> tuple[str, str]:
    """« Vigies en tandem / Tandem Lookout » -> (« Vigies en tandem », « Tandem Lookout »): the
    French name is the record's, the other is kept in its text (the model has no field for it);
    « Feu // Glace » (a split card) is one name."""
    french, slash, other = name.partition(" / ")
    if not slash or "//" in name or not french.strip() or not other.strip():
        return name, ""
    return french.strip(), other.strip()


def _full_type_line(name: str) -> Optional[str]:
    """« Créature : ange » as a record's name: refused (« Terrain vague » reads as a type line
    to the line grammar, not to the cardface grammar, and is a name)."""
    if not _TYPE_START.match(name):
        return None
    try:
        parse_type_line(name, "fr")
    except CardFaceError:
        return None
    return "reads as a type line"


def refused_name(name: str) -> Optional[str]:
    """Why ``name`` cannot be a card's name, or None: it is empty, a field's
    label, ends with a dash or a separator (« Nom / English Name — »), or reads
    as a cost (the mana grammar), a P/T or a whole type line (the cardface grammar)."""
    if name and not _SUSPECT.match(name):      # (most names: one regex, no grammar)
        return None
    if not name or _LABELS.fullmatch(name) or _LABELLED.match(name):
        return "is empty or a field's label" if not name else "is a field's label"
    if HEADING.fullmatch(name):
        return "is a page's heading"
    if "\t" in name:
        return "holds a tab (the cells of a table)"
    if name[-1] in "-–—/|,;:":
        return "ends with a separator"
    if _LABEL_VALUE.fullmatch(name):
        return "is a labelled field"
    if name.count("(") != name.count(")"):
        return "has an unclosed parenthesis"
    if SET_LINE.match(name):
        return "is a set and rarity line"
    if _COUNTER.match(name):
        return "is a counter"
    if _YEAR_END.match(name):
        return "ends with a year (a set or a date)"
    if re.fullmatch(r"[\d \t+(){}/wubrgcxWUBRGCX]+", name) and read_cost(name) is not None:
        return "reads as a cost"
    if NAME_AND_COST.match(name) and read_cost(NAME_AND_COST.match(name)[2]) is not None:
        return "holds its cost"
    if "{" in name or "}" in name:
        return "holds a mana symbol"  # (« {1}{G}   (valeur de mana : 2) »)
    readers = (("a cost", parse_written_cost, ManaCostError, _COST_CHARS), ("a P/T", parse_pt, CardFaceError, _PT_CHARS),
               ("a type line", lambda t: parse_type_line(t, "fr"), CardFaceError, _TYPE_START))
    for what, read, error, could in readers:
        if not could.match(name):          # (most names: no grammar is run)
            continue
        try:
            read(name)
        except (error, ValueError):
            continue
        return f"reads as {what}"
    return None


def _tokens(item: Tree) -> dict[str, Token]:
    return {t.type: t for t in item.children if isinstance(t, Token)}


def _lines(item: Tree, data: str) -> list[Tree]:
    return [c for c in item.children if isinstance(c, Tree) and c.data == data]


#: A token's type line and the old printed ones (« Jeton de créature : soldat », « Invoquer Licorne »,
#: « Interruption »): a record's only as the card-face grammar reads them (after « Invoquer » without a
#: colon, only subtypes of the term data: « Invoquer des renforts » is no type line).
_CARDFACE_ONLY = re.compile(r"(?:Jeton|Invoquer|Invocation|Interruption)(?![\w'’-])")


def _reads_as_type_line(written: str) -> bool:
    try:
        parse_type_line(written, "fr")
    except CardFaceError:
        return False
    return True


def type_line(written: str) -> str:
    """A type line as printed: « Créature : - élémental » -> « Créature : élémental »;
    a spaced hyphen for the colon (« Créature - Horreur », older pages) -> « Créature : Horreur »."""
    written = unmarked(written)
    if ":" not in written and " - " in written:
        written = written.replace(" - ", " : ", 1)
    head, colon, subtypes = written.partition(":")
    return f"{head.strip()} : {subtypes.strip().lstrip('-–—').strip()}" if colon else head.strip()


def unlabelled(tok: Token) -> str:
    """A record's field without its label: « Coût : {2}{G} » -> « {2}{G} »
    (the token type says it is labelled; a label ends at a colon or a tab)."""
    if not tok.type.startswith("LABELED_"):
        return str(tok)
    text = str(tok)
    ends = [i for i in (text.find(":"), text.find("\t")) if i >= 0]
    return text[min(ends) + 1:].lstrip()


def _card_line(line: Token | Tree) -> str:
    """A line of a record's text; a ``keyword_cost`` line (« Flashback {1}{W} »)
    is its keyword, a space and its cost."""
    if isinstance(line, Tree):
        return " ".join(str(t).strip() for t in line.children)
    if line.type == "EXTRA_FIELD":                       # « Nom anglais<TAB>Murderous Redcap »
        label, value = re.split(r"[ \t\u00a0\u202f]*[:\t][ \t\u00a0]*", str(line).strip(), maxsplit=1)
        return f"{label} : {value}"
    return unmarked(unlabelled(line)) if str(line).startswith(">") else unlabelled(line).strip()


def _field(field: Tree) -> list[tuple[str, Token]]:
    """A field of a record: (kind, token); « Coût : BBBB    CCM : 4 » is a cost and a mana value."""
    if field.data == "card_cost" and len(field.children) == 2:          # LABELED_COST_MV line_mv
        return [("cost", field.children[0]), ("mana value", field.children[1].children[0])]
    return [(_FIELD_KINDS[field.data], field.children[-1])]


def _head_fields(fields: Tree) -> list[tuple[str, Token]]:
    return [pair for f in fields.children for pair in _field(f)]


def _fields(item: Tree) -> list[tuple[str, Token | Tree]]:
    """The fields of a record in document order: (kind, token), the kind one
    of « cost », « mana value », « P/T », « text »; the name line's cost and
    mana value first, the cost or P/T at the end of the type line in its place."""
    out: list[tuple[str, Token | Tree]] = []
    head = item.children[0]
    if head.data in ("name_cost", "name_bare_cost"):
        out.append(("cost", head.children[1]))
        out += [("mana value", mv.children[0]) for mv in _lines(head, "line_mv")]
    elif head.data == "text_fields":             # a next record's name line and its first fields
        line = head.children[0].children[0]
        if isinstance(line, Tree):               # « Name {cost} » read as a keyword line of the record above
            out.append(("cost", line.children[-1]))
        out += _head_fields(head.children[1])
    for child in item.children[1:]:
        if child.data == "head_fields":
            out += _head_fields(child)
        elif child.data == "text_fields":        # a line of the record's text, then fields
            out += [("text", child.children[0].children[0])] + _head_fields(child.children[1])
        elif child.data == "card_type":
            out += [("cost" if t.type == "COST" else "P/T", t) for t in child.children[1:]]
        elif child.data in _FIELD_KINDS:
            out += _field(child)
    return out


class RecordReader:
    """The card records of a page: the grammar's record productions, read for
    ``page`` (:class:`parser.faq_tree.DocumentBuilder`: the document, its
    warnings, its text, the record notes attach to)."""

    def __init__(self, page):
        self.page = page

    # -- the name line, then fields in any order ----------------------------
    def card(self, item: Tree) -> None:
        if not self._record(item):           # refused: its lines (the nested record's too) are text
            return
        for nested in _lines(item, "next_card"):
            self.card(nested)

    def named_like_a_type(self, item: Tree) -> None:
        """« Terrain vague / Terrain / … »: a card whose name reads as a type line."""
        self.card(item)

    def _record(self, item: Tree) -> bool:
        name_tok = item.children[0].children[0]
        while isinstance(name_tok, Tree):       # ``text_fields``: its line (of text, or « Name {cost} ») names it
            name_tok = name_tok.children[0]
        # (« **Clone** {3}{U} » on pages in Markdown; « Clone : » over its cost line)
        name = clean_name(unlabelled(name_tok))
        why = refused_name(name) if item.data != "named_like_a_type" else _full_type_line(name)
        above = self.name_above(name_tok.line) if why == "is a field's label" else None
        head_text: list[str] = []
        if above is not None:             # « Nom anglais<TAB>… » / « Description » under the name line
            if _LABELLED.match(name):
                head_text.append(_card_line(Token.new_borrow_pos("EXTRA_FIELD", str(name_tok), name_tok)))
            name, why = above, None
        if why is not None:
            self.refuse(item, name_tok, f"« {name} » {why}: no card record, the lines are kept as text")
            return False
        written_type = type_line(unlabelled(_lines(item, "card_type")[0].children[0]))
        if _CARDFACE_ONLY.match(written_type) and not _reads_as_type_line(written_type):
            self.refuse(item, name_tok, f"« {written_type} » is no type line of a token or an old card: no card record, "
                                        "the lines are kept as text", "bad_type_line")
            return False
        name = self.without_lead(name, name_tok.line)
        name, other = bilingual(name)
        head_text += [f"Nom VO : {other}"] if other else []
        line = self.page.last_para[1] if above is not None else name_tok.line
        record = CardRecord(name=name, source=self.page.source, line=line, section=self.page.section_id)
        record.type_line = written_type
        text: list[str] = head_text
        first: dict[str, str] = {}
        for kind, tok in _fields(item):
            if kind == "text":
                text.append(_card_line(tok))
                continue
            written = unmarked(unlabelled(tok))
            if kind in first:
                self.page.warn("duplicate_card_field", tok.line, tok.column, written,
                          f"a second {kind} in the record of « {record.name} » (the first, « {first[kind]} », "
                          "is the record's): kept in its text")
                text.append(written)
                continue
            first[kind] = written
            if kind == "cost":
                record.mana_cost = self.cost(tok, item)
            elif kind == "P/T":                                          # « 2/2 », « (2/2) », « 2 / 2 »
                power, _, toughness = written.lstrip("·").strip().strip("()").partition("/")
                record.power, record.toughness = power.strip(), toughness.strip()
            else:
                record.mana_value = int(re.search(r"\d+", written)[0])   # « (5) », « CCM : 5 »
        record.text = "\n".join(text)
        self._check_mana_value(record, item)
        self.page.doc.cards.append(record)
        self.page.cur_card = record
        return True

    def without_lead(self, name: str, line: int) -> str:
        """« Carte fétiche du club : Grandcœur sangami »: the words before the colon are prose
        (kept as text), the name is after it; a French name with a colon has a lower-case
        word after it (« Cercle de protection : rouge »)."""
        lead, colon, rest = name.partition(" : ")
        if colon and rest[:1].isupper() and len(lead.split()) >= 2 and refused_name(rest) is None:
            self.page.paragraph_text(f"{lead} :", line)
            return rest
        return name

    def name_above(self, line: int) -> Optional[str]:
        """The paragraph right above ``line`` (a blank line between them or
        not) when it reads as a card's name: a short line without final
        punctuation that is no label, cost, P/T or type line (a wiki page's
        title over its infobox, a shop's product name over « Description »)."""
        text, where = self.page.last_para
        if not text or not 0 < line - where <= 2 or len(text.split()) > 6 or text[-1] in ".!?:;»)":
            return None
        return unmarked(text) if refused_name(unmarked(text)) is None else None

    def is_heading(self, para: tuple[str, int], line: int) -> bool:
        """A plain heading right above ``line``: a one-line paragraph of a few
        words, a capital first, no final punctuation but a colon (« Rappels »,
        « Notes de l'arbitre : », « ## Notes »)."""
        text, where = para
        words = unmarked(text).rstrip(" :")
        return bool(words) and 0 < line - where <= 2 and len(words.split()) <= 8 and words[0].isupper() \
            and words[-1] not in ".!?;»)"

    def card_named(self, para: tuple[str, int], line: int) -> Optional[CardRecord]:
        """The card of this page named by the paragraph right above ``line`` (« Piqueur de peste »
        over bullets), or None."""
        text, where = para
        if not text or not 0 < line - where <= 2:
            return None
        key = fold_name(unmarked(text).rstrip(" :"))
        return next((c for c in reversed(self.page.doc.cards) if fold_name(c.name) == key), None)

    def refuse(self, item: Tree, tok: Token, message: str, kind: str = "bad_card_name") -> None:
        """A record that cannot be right: its lines are text, and reported (``bad_card_name``)."""
        lines: dict[int, list[str]] = {}
        for t in item.scan_values(lambda v: isinstance(v, Token) and v.type != "BLANK"):
            lines.setdefault(t.line, []).append(str(t))
        self.page.warn(kind, tok.line, tok.column, "".join(lines.get(tok.line, [str(tok)])).rstrip("\n"), message)
        for number, parts in sorted(lines.items()):
            self.page.paragraph_text("".join(parts).strip(), number)
        self.page.cur_card = None

    def _check_mana_value(self, record: CardRecord, item: Tree) -> None:
        """A printed mana value that is not the cost's (no X in it) is reported; both are kept."""
        if record.mana_value is None or not record.mana_cost:
            return
        try:
            cost = parse_written_cost(record.mana_cost)
        except ManaCostError:
            return
        if not cost.variables and cost.mana_value != record.mana_value:
            tok = next(t for k, t in _fields(item) if k == "mana value")
            self.page.warn("mana_value_mismatch", tok.line, tok.column, unlabelled(tok).strip(),
                      f"printed mana value {record.mana_value} but the cost {record.mana_cost} of "
                      f"« {record.name} » has mana value {cost.mana_value}: which is right is unknown")

    def cost(self, cost_tok: Token, item: Tree) -> str:
        """A record's cost, read with the mana grammar (:func:`parser.mana.parse_written_cost`):
        braced, bare or in parenthesised symbols; a cost it rejects is kept as
        written, with a located warning."""
        raw = str(cost_tok).rstrip("\n")
        written = unlabelled(cost_tok).strip().lstrip(">").strip().lstrip("-–—:").strip()
        if cost_tok.type == "PAREN_COST":                                # « ({B}) »
            written = written[1:-1].strip()
        try:
            return str(parse_written_cost(written))
        except ManaCostError as err:
            column = cost_tok.column + raw.find(written) + err.column - 1
            message = f"{err.message}; the cost is kept as written"
            if cost_tok.type == "BAD_COST":
                self.page.warn_labelled(item, "strict_record", "unclosed_mana_symbol", cost_tok.line, column,
                                   self.page.first_line(item, cost_tok), message)
            else:
                self.page.warn("bad_mana_symbol", cost_tok.line, column, written, message)
        return written

    # -- lines that read as a record's fields, in no record ------------------
    def bad_card(self, item: Tree) -> None:
        """A name and a cost (a P/T, a printed mana value) with no type line:
        the lines stay text, the line after the name is reported."""
        lines = [list(item.children[0].scan_values(lambda v: isinstance(v, Token)))]
        for fields in _lines(item, "head_fields"):
            lines += [f.children for f in fields.children]
        if len(lines) == 1:                              # « Chaudron des âmes {5} » in prose
            text = "".join(map(str, lines[0])).strip()
            if str(lines[0][-1]).strip().isdigit() and len(str(lines[0][0]).split()) >= 3:
                # « Règles complètes de Magic : l'Assemblée — 36 »: a PDF's running header, never the label
                first, self.page.first_paragraph = self.page.first_paragraph, False
                self.page.paragraph_text(text, lines[0][0].line)
                self.page.first_paragraph = first
                return
            self.page.paragraph_text(text, lines[0][0].line)
            return
        tok = lines[1][0]
        if tok.type in ("PT", "PT_LABEL"):     # « Texte. / 2/2 »: a P/T line under prose
            self.page.warn("unplaced_card_line", tok.line, 1, "".join(map(str, lines[1])).rstrip("\n"),
                      "a P/T line with no type line around it, in no card record (kept as text)")
        else:
            self.page.warn_labelled(item, "strict_record", "cost_without_type", tok.line, 1, str(tok).rstrip("\n"),
                               "line cannot be placed here (expected one of: TYPE_LINE)")
        for toks in lines:
            self.page.paragraph_text("".join(map(str, toks)).strip(), toks[0].line)

    def bad_card_like(self, item: Tree) -> None:
        """A type line after a blank line, then costs, P/T or mana values but
        no second type line: no name, no record (text, reported)."""
        fields = item.children[1].children
        if all(f.data == "card_pt" for f in fields):
            type_tok = item.children[0].children[0]
            self.page.warn_labelled(item, "strict_record", "type_line_without_name", type_tok.line, 1,
                               str(type_tok).rstrip("\n"),
                               "a type line and a P/T line with no card name above them (kept as text)")
            self.page.paragraph_text(str(type_tok).strip(), type_tok.line)
            for f in fields:
                self.page.paragraph_text("".join(map(str, f.children)).strip(), f.children[0].line)
            return
        self.bad_card(item)

    def orphan_type(self, item: Tree) -> None:
        """A type line alone after a blank line: text, reported."""
        tok = item.children[0].children[0]
        self.page.warn("unplaced_card_line", tok.line, 1, str(tok).rstrip("\n"),
                  "a type line with no card name above it, in no card record (kept as text)")
        self.page.paragraph_text(str(tok).strip(), tok.line)

    def stray_fields(self, item: Tree) -> None:
        """A cost, a P/T or a printed mana value on lines of their own after a
        blank line, in no record: text, reported."""
        for field in item.children:
            tok = field.children[0]
            line = "".join(map(str, field.children)).rstrip("\n")
            self.page.warn("unplaced_card_line", tok.line, tok.column, line,
                      f"a {_FIELD_KINDS[field.data]} line in no card record (no name and type line "
                      "around it): kept as text")
            self.page.paragraph_text(line.strip(), tok.line)
