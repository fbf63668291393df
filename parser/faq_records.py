"""Card records of parser/grammars/faq.lark that :class:`parser.faq_tree.DocumentBuilder`
reads through this mixin: the record on one line of fields (``field_card``:
« Choc | {R} | Éphémère | … », « - Name, {1}{W}, Éphémère ») and the record
whose type line comes in brackets before its name (``bracket_card``:
« [Rituel] Name {4}{B} »).  A line of fields whose type field the cardface
grammar (:func:`parser.cardface.parse_type_line`) does not read is no record:
its lines stay text, with a warning."""
from __future__ import annotations

from typing import Optional

from lark import Token, Tree

from kb.model import CardRecord
from parser.cardface import CardFaceError, parse_type_line


def _tokens(item: Tree) -> dict[str, Token]:
    return {t.type: t for t in item.children if isinstance(t, Token)}


def _lines(item: Tree, data: str) -> list[Tree]:
    return [c for c in item.children if isinstance(c, Tree) and c.data == data]


class RecordsMixin:
    """``field_card`` and ``bracket_card`` visitors (DocumentBuilder's helpers)."""

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
        from parser.faq_tree import _type_line   # (faq_tree imports this module)
        record = CardRecord(name=str(name_tok).strip(), source=self.source, line=name_tok.line,
                            section=self.section_id, mana_cost=self._cost(cost_tok, item),
                            type_line=_type_line(type_text))
        pts = [str(pt_tok)] if pt_tok is not None else [str(t.children[0]) for t in _lines(item, "tail_pt")]
        if pts:
            power, _, toughness = pts[0].partition("/")
            record.power, record.toughness = power.strip(), toughness.strip()
        record.text = "\n".join(text + [str(c.children[0]).strip() for c in _lines(item, "tail_line")])
        self.doc.cards.append(record)
        self.cur_card = record

    def _late_fields(self, item: Tree, record: CardRecord) -> None:
        """A record's cost or P/T written late: at the end of its type line
        after a dash, the cost on the line under the type line, the P/T line
        after the text (``card_type``, ``type_cost``, ``late_pt``)."""
        kinds = [t for tree in _lines(item, "card_type") + _lines(item, "type_cost") + _lines(item, "late_pt")
                 for t in tree.children if isinstance(t, Token)]
        costs = [t for t in kinds if t.type == "COST"]
        if record.mana_cost is None and costs:
            record.mana_cost = self._cost(costs[0], item)
        pts = [t for t in kinds if t.type in ("TYPE_PT", "PT")]
        if record.power is None and pts:
            power, _, toughness = str(pts[0]).partition("/")
            record.power, record.toughness = power.strip(), toughness.strip()
