"""The parse tree of a French FAQ / rules text (``parser/grammars/faq.lark``)
-> :class:`kb.model.Document`.

:class:`DocumentBuilder` is a Lark :class:`~lark.visitors.Interpreter`: it
visits the grammar's items in document order, one method per production.
The structure is the grammar's: a rule production holds its number(s), its
text (on its line, hard-wrapped, or the paragraph after a bare number) and
its « Exemple : » paragraphs; a bracketed number holds its numbered items; a
note its « -- » sub-items; a card record its lines.  What the builder
remembers while visiting is only where a note belongs: the card record or
section it follows.  The error productions of the grammar (``bad_card``, a
``STRAY`` token, ``BAD_COST``, ``MISPRINTED_NUMBER``) become typed
:class:`kb.model.ParseWarning` s; their lines are kept as text.
"""
from __future__ import annotations

import re
from typing import Optional

from lark import Token, Tree
from lark.visitors import Interpreter

from kb.model import SUBRULE_LETTERS, CardRecord, Document, Note, ParseWarning, Rule, Section
from parser.dates import french_date
from parser.mana import ManaCostError, parse_mana_cost
from parser.textkeys import slugify


def _is_title(number: str, text: str) -> bool:
    """« 702.92. Association d'âmes » is a title; « 104.3. Les symboles … » is text.
    A title belongs to a rule without a letter, is short and has no final punctuation."""
    if number[-1].isalpha() or not text:
        return False
    return len(text.split()) <= 6 and not re.search(r"[.:;!?»)]$", text)


def _tok(tree: Tree, *kinds: str) -> Optional[Token]:
    for child in tree.children:
        if isinstance(child, Token) and child.type in kinds:
            return child
    return None


def _trees(tree: Tree, data: str) -> list[Tree]:
    return [c for c in tree.children if isinstance(c, Tree) and c.data == data]


def _joined(first: str, continuations: list[Tree]) -> str:
    """A hard-wrapped text: its first line and the lines that continue it."""
    parts = [first.strip()] + [str(c.children[0]).strip() for c in continuations]
    return " ".join(p for p in parts if p)


def _braced(cost: str) -> str:
    """« 1G » -> « {1}{G} », « XRR » -> « {X}{R}{R} » (costs printed without braces)."""
    cost = cost.strip()
    digits = cost.rstrip("WUBRGC")
    return "".join("{%s}" % d for d in ([digits] if digits.isdigit() else list(digits))) + \
        "".join("{%s}" % c for c in cost[len(digits):])


class DocumentBuilder(Interpreter):
    """Visits the items of the tree in order and builds a Document."""

    def __init__(self, source: str, path: str, lang: str):
        super().__init__()
        self.doc = Document(id=source, path=path, lang=lang)
        self.source = source
        self.label = path or source
        self.part_heading: Optional[str] = None
        self.section: Optional[Section] = None
        self.cur_card: Optional[CardRecord] = None      # record notes attach to
        self.first_paragraph = True
        self.section_paras: list[str] = []

    # -- helpers -----------------------------------------------------------
    def warn(self, kind: str, line: int, column: int, text: str, message: str) -> None:
        self.doc.warnings.append(ParseWarning(self.label, line, column, text, message, kind))

    def _close_section(self) -> None:
        if self.section is not None:
            self.section.text = "\n\n".join(self.section_paras)
        self.section_paras = []

    def _open_section(self, title: str, tok: Token, heading: Optional[str]) -> None:
        self._close_section()
        sid = slugify(title)
        if any(s.id == sid for s in self.doc.sections):
            first = next(s for s in self.doc.sections if s.id == sid)
            self.warn("duplicate_id", tok.line, 1, str(tok).rstrip("\n"),
                      f"section « {title} » appears twice (first on line {first.line}): "
                      f"its id is {sid}-{tok.line}")
            sid = f"{sid}-{tok.line}"
        self.section = Section(id=sid, source=self.source, title=title, line=tok.line, heading=heading)
        self.doc.sections.append(self.section)
        self.cur_card = None

    @staticmethod
    def _line(item: Tree, tok: Token) -> str:
        """The text of the first line of ``item`` (a rule line), as written."""
        parts = [str(t) for t in item.scan_values(lambda v: isinstance(v, Token) and v.line == tok.line)]
        return "".join(parts).rstrip("\n")

    @property
    def section_id(self) -> Optional[str]:
        return self.section.id if self.section else None

    # -- walk --------------------------------------------------------------
    def start(self, tree: Tree) -> Document:
        for item in tree.children:
            self.visit(item)
        self._close_section()
        return self.doc

    def blank(self, item: Tree) -> None:
        for record in _trees(item, "named_like_a_type"):
            self.visit(record)
        for record in _trees(item, "bad_card_like"):
            self.bad_card(record)
        for orphan in _trees(item, "orphan_type"):
            lines = [c.children[0] for c in orphan.children]
            if len(lines) == 2:
                self.warn("type_line_without_name", lines[0].line, 1, str(lines[0]).rstrip("\n"),
                          "a type line and a P/T line with no card name above them (kept as text)")
            for tok in lines:
                self._paragraph_text(str(tok).strip(), tok.line)

    def separator(self, item: Tree) -> None:
        self.cur_card = None

    def footer(self, item: Tree) -> None:
        self.doc.metadata["footer"] = str(item.children[0]).strip()

    def heading(self, item: Tree) -> None:
        tok = item.children[0]
        self.part_heading = str(tok).strip()
        self._open_section(self.part_heading, tok, None)

    def section_title(self, item: Tree) -> None:
        tok = item.children[0]
        self._open_section(str(tok).strip().strip("*").strip(), tok, self.part_heading)

    def header_field(self, item: Tree) -> None:
        tok = item.children[0]
        value = str(tok).strip()
        meta = self.doc.metadata
        if tok.type == "FAQ_TITLE":
            meta["title"] = value.replace("_", "")
            self.doc.title = meta["title"]
        elif tok.type == "COMPILED_BY":
            meta["compiled_by"] = re.sub(r"^Compilée par\s+", "", value)
        elif tok.type == "LAST_MODIFIED":
            meta["last_modified"] = french_date(value)
            self.doc.edition = meta["last_modified"]
        else:
            label, _, when = value.rpartition(":")
            meta.setdefault("release_dates", []).append(
                {"label": label.strip(), "text": when.strip(), "date": french_date(when)})

    # -- rules -------------------------------------------------------------
    def _add_rule(self, number: str, text: str, line: int) -> Rule:
        rule = Rule(number=number, lang=self.doc.lang, source=self.source, line=line,
                    section=self.section_id)
        if _is_title(number, text):
            rule.title = text
        else:
            rule.text = text
        self.doc.rules.append(rule)
        self.cur_card = None
        return rule

    def _number(self, item: Tree, num_tok: Token) -> str:
        """The rule number of a number token; a misprinted one is reported."""
        number = str(num_tok).rstrip(".")
        if num_tok.type == "MISPRINTED_NUMBER":
            number = "".join(number.split())
            self.warn("misprinted_number", num_tok.line, num_tok.column, self._line(item, num_tok),
                      f"misprinted rule number « {num_tok} » read as {number}")
        return number

    def _bare_text(self, number: str, para: Optional[Tree]) -> str:
        """The paragraph after a bare number; a stray « 2e » before it is reported."""
        if para is None:
            return ""
        stray, tok = _tok(para, "STRAY"), _tok(para, "TEXT")
        if stray is not None:
            self.warn("stray_token", stray.line, stray.column, str(stray) + str(tok).rstrip("\n"),
                      f"stray « {stray} » before the text of rule {number} (left out of the rule text)")
        return _joined(str(tok), _trees(para, "rule_line"))

    def rule(self, item: Tree) -> None:
        parts = _trees(item, "rule_part") or _trees(item, "bare_number")
        for i, part in enumerate(parts):
            num_tok = part.children[0]
            number = self._number(item, num_tok)
            if part.data == "bare_number":
                text = self._bare_text(number, next(iter(_trees(item, "rule_para")), None))
            else:
                text = str(part.children[1]).strip()
                if i == len(parts) - 1:
                    text = _joined(text, _trees(item, "rule_line"))
            if num_tok.type == "CHAPTER_NUMBER":
                # « 302. Types de carte : Créatures »: the site's prefix is not the title.
                text = text.rpartition(" : ")[2].strip()
            rule = self._add_rule(number, text, num_tok.line)
        for ex in _trees(item, "example"):
            text_tok = _tok(ex, "TEXT")
            rule.examples.append(str(text_tok).strip() if text_tok else "")

    def bracket_rule(self, item: Tree) -> None:
        num_tok = item.children[0]
        number = str(num_tok).strip("[] \t\u00a0").rstrip(".").strip()
        text_tok = _tok(item, "TEXT")
        parent = self._add_rule(number, str(text_tok).strip() if text_tok else "", num_tok.line)
        for i, li in enumerate(_trees(item, "list_item")):
            tok = li.children[0]
            text = _joined(str(tok).split(None, 1)[1] if " " in str(tok) else "",
                           _trees(li, "item_line"))
            if number[-1].isalpha() or i >= len(SUBRULE_LETTERS):
                parent.text = " ".join(p for p in (parent.text, text) if p)
                continue
            self._add_rule(number + SUBRULE_LETTERS[i], text, tok.line)

    def example(self, item: Tree) -> None:
        """« Exemple : » not after a rule: text."""
        text_tok = _tok(item, "TEXT")
        self._paragraph_text(str(item.children[0]) + (str(text_tok).rstrip("\n") if text_tok else ""),
                             item.children[0].line)

    # -- notes and card records --------------------------------------------
    def note(self, item: Tree) -> None:
        tok = item.children[0]
        text = _joined(str(tok)[1:], _trees(item, "note_line"))
        subitems = [str(sub.children[0])[2:].strip() for sub in _trees(item, "subitem")]
        full = "\n".join([text] + ["-- " + s for s in subitems])
        note = Note(source=self.source, text=full, line=tok.line,
                    card=self.cur_card.name if self.cur_card else None, section=self.section_id,
                    subitems=subitems, position=len(self.doc.notes))
        self.doc.notes.append(note)
        if self.cur_card is not None:
            self.cur_card.notes.append(note)

    def _name_and_cost(self, item: Tree) -> tuple[Token, Optional[Token]]:
        """The name token and the cost token of a record (either layout)."""
        named = _trees(item, "name_cost") or _trees(item, "card_name")
        name_tok = named[0].children[0]
        if named[0].data == "name_cost":
            return name_tok, named[0].children[1]
        costs = _trees(item, "card_cost")
        return name_tok, (costs[0].children[0] if costs else None)

    def _cost(self, cost_tok: Token) -> str:
        """A record's cost, checked with the mana grammar (parser/mana.py): a
        cost it rejects is kept as written, with a located warning."""
        written = str(cost_tok).rstrip("\n")
        if cost_tok.type == "BARE_COST":
            return _braced(written)
        try:
            parse_mana_cost(written)
        except ManaCostError as err:
            kind = "unclosed_mana_symbol" if cost_tok.type == "BAD_COST" else "bad_mana_symbol"
            self.warn(kind, cost_tok.line, cost_tok.column + err.column - 1, written,
                      f"{err.message}; the cost is kept as written")
        return written.strip()

    def card(self, item: Tree) -> None:
        self._record(item, *self._name_and_cost(item))

    def named_like_a_type(self, item: Tree) -> None:
        """« Terrain vague / Terrain / … »: a card whose name reads as a type line."""
        costs = _trees(item, "card_cost")
        self._record(item, item.children[0].children[0], costs[0].children[0] if costs else None)

    def _record(self, item: Tree, name_tok: Token, cost_tok: Optional[Token]) -> None:
        record = CardRecord(name=str(name_tok).strip(), source=self.source, line=name_tok.line,
                            section=self.section_id)
        if cost_tok is not None:
            record.mana_cost = self._cost(cost_tok)
        record.type_line = str(_trees(item, "card_type")[-1].children[0]).strip()
        for pt in _trees(item, "card_pt"):
            power, _, toughness = str(pt.children[0]).partition("/")
            record.power, record.toughness = power.strip(), toughness.strip()
        record.text = "\n".join(str(c.children[0]).strip() for c in _trees(item, "card_line"))
        self.doc.cards.append(record)
        self.cur_card = record

    def bad_card(self, item: Tree) -> None:
        """A name and a cost (or printed mana value) with no type line: the
        lines stay text, the line after the name is reported."""
        lines = [c.children for c in item.children]   # one list of tokens per line
        if len(lines) == 1:                              # « Chaudron des âmes {5} » in prose
            self._paragraph_text("".join(map(str, lines[0])).strip(), lines[0][0].line)
            return
        tok = lines[1][0]
        self.warn("cost_without_type", tok.line, 1, str(tok).rstrip("\n"),
                  "line cannot be placed here (expected one of: TYPE_LINE)")
        for toks in lines:
            self._paragraph_text("".join(map(str, toks)).strip(), toks[0].line)

    # -- text --------------------------------------------------------------
    def paragraph(self, item: Tree) -> None:
        stray, tok = _tok(item, "STRAY"), _tok(item, "TEXT")
        self._paragraph_text(((str(stray) if stray else "") + str(tok)).strip(), (stray or tok).line)

    def _paragraph_text(self, text: str, line: int) -> None:
        if self.first_paragraph and not self.doc.title:
            self.doc.metadata.setdefault("label", text)
        self.first_paragraph = False
        self.doc.paragraphs.append(text)
        if self.section is not None:
            self.section_paras.append(text)
        # A paragraph between a card record and notes keeps the notes on the card
        # (« Si un effet réduit le coût… » after Implorer la reine's notes).
