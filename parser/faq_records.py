"""Card records of parser/grammars/faq.lark, read by :class:`parser.faq_tree.DocumentBuilder`
through this mixin.

``card`` (and ``named_like_a_type``, ``next_card``) is a name line, then the
record's fields in any order, one a line (the grammar's ``head_fields``
before the type line, and the body after it): :meth:`RecordsMixin._record`
walks them in document order and takes the first cost, P/T and printed mana
value.  A second one is never dropped: it stays in the record's text and is
reported (``duplicate_card_field``); a printed mana value the cost does not
have (mana grammar, :func:`parser.mana.parse_written_cost`) is reported
(``mana_value_mismatch``).  Lines that read as a record's fields but belong
to no record (``bad_card``, ``bad_card_like``, ``stray_fields``, a lone type
line) stay text and are reported.  Also here: the record on one line of
fields (``field_card``: « Choc | {R} | Éphémère | … ») and the record whose
type line comes in brackets before its name (``bracket_card``); a line of
fields whose type field the cardface grammar does not read is no record."""
from __future__ import annotations

import re
from typing import Optional

from lark import Token, Tree

from kb.model import CardRecord
from parser.cardface import CardFaceError, parse_type_line
from parser.mana import ManaCostError, parse_written_cost

#: What each field of a record is, by the grammar's name for it.
_FIELD_KINDS = {"card_cost": "cost", "stray_cost": "cost", "mana_value": "mana value", "line_mv": "mana value", "card_pt": "P/T",
                "card_line": "text"}


def _tokens(item: Tree) -> dict[str, Token]:
    return {t.type: t for t in item.children if isinstance(t, Token)}


def _lines(item: Tree, data: str) -> list[Tree]:
    return [c for c in item.children if isinstance(c, Tree) and c.data == data]


def type_line(written: str) -> str:
    """A type line as printed: « Créature : - élémental » -> « Créature : élémental »."""
    head, colon, subtypes = written.strip().partition(":")
    return f"{head.strip()} : {subtypes.strip().lstrip('-–—').strip()}" if colon else head.strip()


def unlabelled(tok: Token) -> str:
    """A record's field without its label: « Coût : {2}{G} » -> « {2}{G} »
    (the token type says it is labelled; a label holds one colon)."""
    return str(tok).split(":", 1)[1].lstrip() if tok.type.startswith("LABELED_") else str(tok)


def _card_line(line: Token | Tree) -> str:
    """A line of a record's text; a ``keyword_cost`` line (« Flashback {1}{W} »)
    is its keyword, a space and its cost."""
    if isinstance(line, Tree):
        return " ".join(str(t).strip() for t in line.children)
    return unlabelled(line).strip()


def _head_fields(fields: Tree) -> list[tuple[str, Token]]:
    return [(_FIELD_KINDS[f.data], f.children[-1]) for f in fields.children]


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
            out.append((_FIELD_KINDS[child.data], child.children[-1]))
    return out


class RecordsMixin:
    """Card record visitors (DocumentBuilder's helpers)."""

    # -- the name line, then fields in any order ----------------------------
    def card(self, item: Tree) -> None:
        self._record(item)
        for nested in _lines(item, "next_card"):
            self.card(nested)

    def named_like_a_type(self, item: Tree) -> None:
        """« Terrain vague / Terrain / … »: a card whose name reads as a type line."""
        self.card(item)

    def _record(self, item: Tree) -> None:
        name_tok = item.children[0].children[0]
        while isinstance(name_tok, Tree):       # ``text_fields``: its line (of text, or « Name {cost} ») names it
            name_tok = name_tok.children[0]
        # (« **Clone** {3}{U} » on pages in Markdown; « Clone : » over its cost line)
        name = unlabelled(name_tok).strip().strip("*").strip().rstrip(":").rstrip()
        record = CardRecord(name=name, source=self.source, line=name_tok.line, section=self.section_id)
        record.type_line = type_line(unlabelled(_lines(item, "card_type")[0].children[0]))
        text: list[str] = []
        first: dict[str, str] = {}
        for kind, tok in _fields(item):
            if kind == "text":
                text.append(_card_line(tok))
                continue
            written = unlabelled(tok).strip()
            if kind in first:
                self.warn("duplicate_card_field", tok.line, tok.column, written,
                          f"a second {kind} in the record of « {record.name} » (the first, « {first[kind]} », "
                          "is the record's): kept in its text")
                text.append(written)
                continue
            first[kind] = written
            if kind == "cost":
                record.mana_cost = self._cost(tok, item)
            elif kind == "P/T":                                          # « 2/2 », « (2/2) », « 2 / 2 »
                power, _, toughness = written.strip("()").partition("/")
                record.power, record.toughness = power.strip(), toughness.strip()
            else:
                record.mana_value = int(re.search(r"\d+", written)[0])   # « (5) », « CCM : 5 »
        record.text = "\n".join(text)
        self._check_mana_value(record, item)
        self.doc.cards.append(record)
        self.cur_card = record

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
            self.warn("mana_value_mismatch", tok.line, tok.column, unlabelled(tok).strip(),
                      f"printed mana value {record.mana_value} but the cost {record.mana_cost} of "
                      f"« {record.name} » has mana value {cost.mana_value}: which is right is unknown")

    def _cost(self, cost_tok: Token, item: Tree) -> str:
        """A record's cost, read with the mana grammar (:func:`parser.mana.parse_written_cost`):
        braced, bare or in parenthesised symbols; a cost it rejects is kept as
        written, with a located warning."""
        raw = str(cost_tok).rstrip("\n")
        written = unlabelled(cost_tok).strip().lstrip("-–—:").strip()
        if cost_tok.type == "PAREN_COST":                                # « ({B}) »
            written = written[1:-1].strip()
        try:
            return str(parse_written_cost(written))
        except ManaCostError as err:
            column = cost_tok.column + raw.find(written) + err.column - 1
            message = f"{err.message}; the cost is kept as written"
            if cost_tok.type == "BAD_COST":
                self.warn_labelled(item, "strict_record", "unclosed_mana_symbol", cost_tok.line, column,
                                   self._line(item, cost_tok), message)
            else:
                self.warn("bad_mana_symbol", cost_tok.line, column, written, message)
        return written

    # -- lines that read as a record's fields, in no record ------------------
    def bad_card(self, item: Tree) -> None:
        """A name and a cost (a P/T, a printed mana value) with no type line:
        the lines stay text, the line after the name is reported."""
        lines = [list(item.children[0].scan_values(lambda v: isinstance(v, Token)))]
        for fields in _lines(item, "head_fields"):
            lines += [f.children for f in fields.children]
        if len(lines) == 1:                              # « Chaudron des âmes {5} » in prose
            self._paragraph_text("".join(map(str, lines[0])).strip(), lines[0][0].line)
            return
        tok = lines[1][0]
        if tok.type in ("PT", "PT_LABEL"):     # « Texte. / 2/2 »: a P/T line under prose
            self.warn("unplaced_card_line", tok.line, 1, "".join(map(str, lines[1])).rstrip("\n"),
                      "a P/T line with no type line around it, in no card record (kept as text)")
        else:
            self.warn_labelled(item, "strict_record", "cost_without_type", tok.line, 1, str(tok).rstrip("\n"),
                               "line cannot be placed here (expected one of: TYPE_LINE)")
        for toks in lines:
            self._paragraph_text("".join(map(str, toks)).strip(), toks[0].line)

    def bad_card_like(self, item: Tree) -> None:
        """A type line after a blank line, then costs, P/T or mana values but
        no second type line: no name, no record (text, reported)."""
        fields = item.children[1].children
        if all(f.data == "card_pt" for f in fields):
            type_tok = item.children[0].children[0]
            self.warn_labelled(item, "strict_record", "type_line_without_name", type_tok.line, 1,
                               str(type_tok).rstrip("\n"),
                               "a type line and a P/T line with no card name above them (kept as text)")
            self._paragraph_text(str(type_tok).strip(), type_tok.line)
            for f in fields:
                self._paragraph_text("".join(map(str, f.children)).strip(), f.children[0].line)
            return
        self.bad_card(item)

    def orphan_type(self, item: Tree) -> None:
        """A type line alone after a blank line: text, reported."""
        tok = item.children[0].children[0]
        self.warn("unplaced_card_line", tok.line, 1, str(tok).rstrip("\n"),
                  "a type line with no card name above it, in no card record (kept as text)")
        self._paragraph_text(str(tok).strip(), tok.line)

    def stray_fields(self, item: Tree) -> None:
        """A cost, a P/T or a printed mana value on lines of their own after a
        blank line, in no record: text, reported."""
        for field in item.children:
            tok = field.children[0]
            line = "".join(map(str, field.children)).rstrip("\n")
            self.warn("unplaced_card_line", tok.line, tok.column, line,
                      f"a {_FIELD_KINDS[field.data]} line in no card record (no name and type line "
                      "around it): kept as text")
            self._paragraph_text(line.strip(), tok.line)

    # -- records on one line ---------------------------------------------------
    def inline_card(self, item: Tree) -> None:
        """« Recrue boros {R/W} Créature : gobelin et soldat 1/1 Lien de vie … »
        (dashes between the fields or not; its text may go on in the lines under
        it); a name and a cost followed by anything but a type line are text."""
        toks = _tokens(item)
        lead = toks.get("INLINE_LEAD")
        if lead is not None and "INLINE_TYPE" in toks:     # « …, on trouve aussi » before the record
            self._paragraph_text(str(lead).strip(), lead.line)
        if "INLINE_TYPE" not in toks:
            self._paragraph_text("".join(str(t) for t in item.children).strip(), item.children[0].line)
            return
        name = toks["INLINE_NAME"]
        record = CardRecord(name=str(name).strip(), source=self.source, line=name.line, section=self.section_id,
                            mana_cost=self._cost(toks["INLINE_COST"], item),
                            type_line=type_line(str(toks["INLINE_TYPE"]).strip().lstrip("-–—")))
        if "INLINE_PT" in toks:
            power, _, toughness = str(toks["INLINE_PT"]).strip().lstrip("-–—").partition("/")
            record.power, record.toughness = power.strip(), toughness.strip()
        text = [str(toks["TEXT"]).strip()] if "TEXT" in toks else []
        record.text = "\n".join(text + [str(c.children[0]).strip() for c in _lines(item, "inline_line")])
        self.doc.cards.append(record)
        self.cur_card = record

    def field_card(self, item: Tree) -> None:
        toks = _tokens(item)
        written = str(toks["FIELD_TYPE"]).strip()
        try:
            parse_type_line(written, "fr")
        except CardFaceError as err:
            line = "".join(str(t) for t in item.children if isinstance(t, Token) and t.line == toks["FIELD_NAME"].line)
            self.warn("bad_type_line", toks["FIELD_NAME"].line, toks["FIELD_TYPE"].column, line,
                      f"a line of fields whose type field is not a type line ({err}); kept as text")
            self._paragraph_text(line.strip(), toks["FIELD_NAME"].line)
            return
        text = [str(toks["FIELD_TEXT"]).strip()] if "FIELD_TEXT" in toks else []
        self._one_line_record(item, toks["FIELD_NAME"], toks["FIELD_COST"], written,
                              toks.get("FIELD_PT"), text)

    def bracket_card(self, item: Tree) -> None:
        toks = _tokens(item)
        written = str(toks["BRACKET_TYPE"]).strip().lstrip("[").rstrip("]")
        self._one_line_record(item, toks["NAME_PART"], toks.get("COST") or toks["BAD_COST"], written, None, [])

    def _one_line_record(self, item: Tree, name_tok: Token, cost_tok: Token, type_text: str,
                         pt_tok: Optional[Token], text: list[str]) -> None:
        record = CardRecord(name=str(name_tok).strip(), source=self.source, line=name_tok.line,
                            section=self.section_id, mana_cost=self._cost(cost_tok, item),
                            type_line=type_line(type_text))
        pts = [str(pt_tok)] if pt_tok is not None else [str(t.children[0]) for t in _lines(item, "tail_pt")]
        if pts:
            power, _, toughness = pts[0].partition("/")
            record.power, record.toughness = power.strip(), toughness.strip()
        record.text = "\n".join(text + [str(c.children[0]).strip() for c in _lines(item, "tail_line")])
        self.doc.cards.append(record)
        self.cur_card = record
