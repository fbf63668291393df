"""Card records on one line of parser/grammars/faq.lark, read by
:class:`LineRecordReader` for :class:`parser.faq_tree.DocumentBuilder`: run inline in a
paragraph (``inline_card``), a line of fields separated by « | », « , », « ; »
or tabs (``field_card``), by spaced dashes (``dash_card``: « Name (1BB) –
Créature : zombie – 2/2 – text », a bilingual name « Nom / English Name — … »),
a row of a Markdown table whose header names the columns (``table_card``,
:mod:`parser.faq_tables`), the type line in brackets before the name
(``bracket_card``).  A type field the cardface grammar does not read, or a
name that cannot be a name (:func:`parser.faq_records.refused_name`), leaves
the line as text, with a warning."""
from __future__ import annotations

import re
from typing import Optional

from lark import Token, Tree

from kb.model import CardRecord
from parser.cardface import CardFaceError, parse_type_line
from parser.faq_records import _lines, _tokens, clean_name, refused_name, type_line, unmarked
from parser.faq_tables import cells, columns
from parser.mana import read_cost


class LineRecordReader:
    """The records on one line of a page, read for ``page`` (:class:`parser.faq_tree.DocumentBuilder`)
    with the checks of ``records`` (:class:`parser.faq_records.RecordReader`: names, costs)."""

    def __init__(self, page, records):
        self.page, self.records = page, records

    def inline_card(self, item: Tree) -> None:
        """« Recrue boros {R/W} Créature : gobelin et soldat 1/1 Lien de vie … »
        (dashes between the fields or not; its text may go on in the lines under
        it); a name and a cost followed by anything but a type line are text."""
        toks = _tokens(item)
        lead = toks.get("INLINE_LEAD")
        if lead is not None and "INLINE_TYPE" in toks:     # « …, on trouve aussi » before the record
            self.page.paragraph_text(str(lead).strip(), lead.line)
        if "INLINE_TYPE" not in toks:
            self.page.paragraph_text("".join(str(t) for t in item.children).strip(), item.children[0].line)
            return
        name = toks["INLINE_NAME"]
        why = refused_name(clean_name(str(name)))
        if why is not None:
            self.records.refuse(item, name, f"« {clean_name(str(name))} » {why}: no card record, the line is kept as text")
            return
        record = CardRecord(name=self.records.without_lead(clean_name(str(name)), name.line), source=self.page.source, line=name.line, section=self.page.section_id,
                            mana_cost=self.records.cost(toks["INLINE_COST"], item),
                            type_line=type_line(str(toks["INLINE_TYPE"]).strip().lstrip("-–—")))
        if "INLINE_PT" in toks:
            power, _, toughness = str(toks["INLINE_PT"]).strip().lstrip("-–—").partition("/")
            record.power, record.toughness = power.strip(), toughness.strip()
        text = [str(toks["TEXT"]).strip()] if "TEXT" in toks else []
        record.text = "\n".join(text + [str(c.children[0]).strip() for c in _lines(item, "inline_line")])
        self.page.doc.cards.append(record)
        self.page.cur_card = record

    def field_card(self, item: Tree) -> None:
        toks = _tokens(item)
        written = str(toks["FIELD_TYPE"]).strip()
        try:
            parse_type_line(written, "fr")
        except CardFaceError as err:
            line = "".join(str(t) for t in item.children if isinstance(t, Token) and t.line == toks["FIELD_NAME"].line)
            self.page.warn("bad_type_line", toks["FIELD_NAME"].line, toks["FIELD_TYPE"].column, line,
                      f"a line of fields whose type field is not a type line ({err}); kept as text")
            self.page.paragraph_text(line.strip(), toks["FIELD_NAME"].line)
            return
        text = [str(toks["FIELD_TEXT"]).strip().rstrip("|").strip()] if "FIELD_TEXT" in toks else []
        self._one_line_record(item, toks["FIELD_NAME"], toks["FIELD_COST"], written,
                              toks.get("FIELD_PT"), text)

    def dash_card(self, item: Tree) -> None:
        """« Name (1BB) – Créature : zombie – 2/2 – text »; a bilingual name
        « Nom / English Name — … » is the French name, the other kept as the
        first line of the text (« Nom VO : English Name »)."""
        toks = _tokens(item)
        name_tok, written = toks["DASH_NAME"], type_line(str(toks["DASH_TYPE"]))
        line = "".join(str(t) for t in item.children if isinstance(t, Token) and t.line == name_tok.line)
        try:
            parse_type_line(written, "fr")
        except CardFaceError as err:
            self.page.warn("bad_type_line", name_tok.line, toks["DASH_TYPE"].column, line.rstrip("\n"),
                      f"a line of fields whose type field is not a type line ({err}); kept as text")
            self.page.paragraph_text(line.strip(), name_tok.line)
            return
        text = [f"Nom VO : {str(toks['DASH_VO']).strip().lstrip('/').strip()}"] if "DASH_VO" in toks else []
        text += [str(toks["FIELD_TEXT"]).strip()] if "FIELD_TEXT" in toks else []
        cost = Token.new_borrow_pos("DASH_COST", str(toks["DASH_COST"]).strip().lstrip("-–—").strip(), toks["DASH_COST"])
        self._one_line_record(item, name_tok, cost, written, toks.get("DASH_PT"), text)

    def table_card(self, item: Tree) -> None:
        """A table of records: the header names the columns; bullets under a row are its notes."""
        head = item.children[0]
        kinds = columns(str(head))
        self.page.paragraph_text(str(head).strip(), head.line)
        self.page.cur_card = None
        for child in item.children[2:]:
            if child.data == "table_note":
                self.page.note(child)
            else:
                self._table_row(child.children[0], kinds)

    def _table_row(self, tok: Token, kinds: list[Optional[str]]) -> None:
        fields: dict[str, str] = {}
        extra: list[str] = []
        for kind, value in zip(kinds, cells(str(tok))):
            if kind is None or kind in fields:
                extra += [value] if value else []
            else:
                fields[kind] = unmarked(value)
        name, written = fields.get("name", ""), type_line(fields.get("type", ""))
        why = refused_name(name) or (None if written else "has no type line")
        if why is None:
            try:                         # (« Éphémère // Terrain »: a card of two faces, each face's type line)
                for face in written.split(" // "):
                    parse_type_line(face, "fr")
            except CardFaceError as err:
                why = f"has a type field that is not a type line ({err})"
        if why is not None:
            self.page.warn("bad_card_name", tok.line, 1, str(tok).rstrip("\n"),
                      f"a table row whose record « {name} » {why}: kept as text")
            self.page.paragraph_text(str(tok).strip(), tok.line)
            self.page.cur_card = None
            return
        record = CardRecord(name=name, source=self.page.source, line=tok.line, section=self.page.section_id,
                            type_line=written, text="\n".join([fields.get("text", "")] + extra).strip())
        if fields.get("cost"):                       # (« 1 W », « 4GG »: as card pages write costs, else the mana grammar's word)
            record.mana_cost = read_cost(fields["cost"]) or self.records.cost(Token.new_borrow_pos("TABLE_COST", fields["cost"], tok), Tree("row", [tok]))
        if "pt" not in fields and fields.get("power") and fields.get("toughness"):      # (« F;E » columns)
            fields["pt"] = f"{fields['power']}/{fields['toughness']}"
        if "/" in fields.get("pt", ""):
            power, _, toughness = fields["pt"].strip("()").partition("/")
            record.power, record.toughness = power.strip(), toughness.strip()
        if re.fullmatch(r"\d{1,2}", fields.get("mv", "")):
            record.mana_value = int(fields["mv"])
        self.page.doc.cards.append(record)
        self.page.cur_card = record

    def bracket_card(self, item: Tree) -> None:
        toks = _tokens(item)
        written = str(toks["BRACKET_TYPE"]).strip().lstrip("[").rstrip("]")
        self._one_line_record(item, toks["NAME_PART"], toks.get("COST") or toks["BAD_COST"], written, None, [])

    def _one_line_record(self, item: Tree, name_tok: Token, cost_tok: Token, type_text: str,
                         pt_tok: Optional[Token], text: list[str]) -> None:
        name = clean_name(str(name_tok))
        why = refused_name(name)
        if why is not None:
            self.records.refuse(item, name_tok, f"« {name} » {why}: no card record, the line is kept as text")
            return
        record = CardRecord(name=self.records.without_lead(name, name_tok.line), source=self.page.source, line=name_tok.line,
                            section=self.page.section_id, mana_cost=self.records.cost(cost_tok, item),
                            type_line=type_line(type_text))
        pts = [str(pt_tok)] if pt_tok is not None else [str(t.children[0]) for t in _lines(item, "tail_pt")]
        if pts:
            power, _, toughness = pts[0].partition("/")
            record.power, record.toughness = power.strip(), toughness.strip()
        record.text = "\n".join(text + [str(c.children[0]).strip() for c in _lines(item, "tail_line")])
        self.page.doc.cards.append(record)
        self.page.cur_card = record
