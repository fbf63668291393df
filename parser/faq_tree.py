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
``STRAY`` token, ``BAD_COST``, ``MISPRINTED_NUMBER``, ``orphan_type``) become
typed :class:`kb.model.ParseWarning` s, their type the label of the example
their strict parse fails like (:mod:`parser.faq_errors`, Lark's
``match_examples``), their ``context`` Lark's ``get_context``; their lines
are kept as text.  The same builder reads the French Comprehensive Rules
layout (contents, sections, glossary, credits) and rules quoted in prose;
card records (a name line then fields in any order, on one line, run inline
in a paragraph) and the lines that read as a record's but are in none are
read by :class:`parser.faq_records.RecordReader` and
:class:`parser.faq_lines.LineRecordReader`, objects the builder holds (no mixins).  A note may be a question and
its answer (:mod:`parser.faq_notes`) or a dated ruling under a card; bullets
under a line naming a card of the page are its notes, under a plain heading
that heading's section.  Hard-wrapped lines are joined by
:func:`parser.faq_pages.join_wrapped`; a PDF's running headers between them
are text of their own.
"""
from __future__ import annotations

import re
from typing import Optional

from lark import Token, Tree
from lark.visitors import Interpreter

from kb.model import SUBRULE_LETTERS, CardRecord, Document, GlossaryEntry, Note, ParseWarning, Rule, Section
from parser.dates import document_date, french_date, numeric_date
from parser.faq_dates import HeaderLines
from parser.faq_errors import label_error
from parser.faq_notes import qa_line, qa_text
from parser.faq_pages import join_wrapped
from parser.faq_lines import LineRecordReader
from parser.faq_records import RecordReader, card_like, unmarked
from parser.textkeys import slugify


def is_title(number: str, text: str) -> bool:
    """« 702.92. Association d'âmes » is a title; « 104.3. Les symboles … » is text.
    A title belongs to a rule without a letter, is short and has no final punctuation."""
    if number[-1].isalpha() or not text:
        return False
    return len(text.split(None, 6)) <= 6 and _FINAL_MARK.search(text) is None   # (at most 7 pieces split)


_FINAL_MARK = re.compile(r"[.:;!?»)]$")


def _tok(tree: Tree, *kinds: str) -> Optional[Token]:
    for child in tree.children:
        if isinstance(child, Token) and child.type in kinds:
            return child
    return None


def _trees(tree: Tree, data: str) -> list[Tree]:
    return [c for c in tree.children if isinstance(c, Tree) and c.data == data]


def _kids(tree: Tree) -> dict[str, list[Tree]]:
    """The subtrees of ``tree`` by their rule's name (one pass over its children)."""
    out: dict[str, list[Tree]] = {}
    for child in tree.children:
        if isinstance(child, Tree):
            out.setdefault(str(child.data), []).append(child)
    return out


def _wrapped_lines(example: Tree) -> list[Tree]:
    """The lines that continue an example's first line, in order."""
    return [c for c in example.children if isinstance(c, Tree) and c.data in ("example_open", "example_line")]


def _joined(first: str, continuations: list[Tree]) -> str:
    """A hard-wrapped text: its first line and the lines that continue it."""
    return join_wrapped([first] + [str(c.children[0]) for c in continuations])


#: Quotation marks: opening -> closing.
_QUOTES = {"«": "»", "“": "”"}


def _closed(text: str, opening: str) -> tuple[str, str]:
    """The words of a quotation whose ``opening`` mark came before ``text``, up
    to its closing mark (« » nested in it are kept), and the words after it:
    « Quand … « associée » … » Voilà. » -> (« Quand … « associée » … », « Voilà. »)."""
    depth = 0
    for i, ch in enumerate(text):
        if ch == opening and opening != _QUOTES[opening]:
            depth += 1
        elif ch == _QUOTES[opening]:
            if depth == 0:
                return text[:i].strip(), text[i + 1:].strip()
            depth -= 1
    return text.strip(), ""


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
        self.last_para: tuple[str, int] = ("", 0)       # the last one-line paragraph item, if nothing came after it
        self.published: list[tuple[int, str]] = []      # (line, text) of every « Publié le … » / « Date : … » line
        self.header = HeaderLines()                     # the header region's lines, and the stamps'
        self.records = RecordReader(self)               # card records: parser/faq_records.py
        self.line_records = LineRecordReader(self, self.records)     # … on one line: parser/faq_lines.py

    # -- helpers -----------------------------------------------------------
    def warn(self, kind: str, line: int, column: int, text: str, message: str, context: str = "") -> None:
        self.doc.warnings.append(ParseWarning(self.label, line, column, text, message, kind, context))

    def warn_labelled(self, item: Tree, start: str, fallback: str, line: int, column: int, text: str,
                      message: str) -> None:
        """A warning on an error production: its type is the label of the
        example its strict parse fails like (:mod:`parser.faq_errors`), its
        context Lark's."""
        snippet = "".join(str(t) for t in item.scan_values(lambda v: isinstance(v, Token)))
        found = label_error(snippet if snippet.endswith("\n") else snippet + "\n", start)
        kind, context = (found.type, found.context) if found else (fallback, "")
        if kind == "unplaceable_line":
            kind = fallback
        self.warn(kind, line, column, text, message, context)

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
    def first_line(item: Tree, tok: Token) -> str:
        """The text of the first line of ``item`` (a rule line), as written."""
        parts = [str(t) for t in item.scan_values(lambda v: isinstance(v, Token) and v.line == tok.line)]
        return "".join(parts).rstrip("\n")

    @property
    def section_id(self) -> Optional[str]:
        return self.section.id if self.section else None

    # -- walk --------------------------------------------------------------
    def start(self, tree: Tree) -> Document:
        for item in tree.children:
            if self.header.open(self.doc):
                self.header.keep(item)
            if item.data != "blank" or len(item.children) > 1:     # (a blank line alone: nothing to build)
                self.visit(item)
        self._close_section()
        return self.doc


    def blank(self, item: Tree) -> None:
        for child in item.children:
            if isinstance(child, Tree):      # a record or the lines of none after the blank line
                self.visit(child)

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
        elif tok.type in ("LAST_MODIFIED", "PUBLISHED", "DATED_LINE"):
            key = "last_modified" if tok.type == "LAST_MODIFIED" else "published"
            if key == "published":
                self.published.append((tok.line, value))
            meta[key] = self._date(tok, document_date(value))
        elif tok.type in ("UPDATE_LINE", "DATE_STAMP"):
            self.header.lines.setdefault(tok.line, str(tok).rstrip("\n"))
            key = "updates" if tok.type == "UPDATE_LINE" else "stamps"
            meta.setdefault(key, []).append({"text": value, "date": self._date(tok, numeric_date(value)),
                                             "line": tok.line})
            self.paragraph_text(value, tok.line)
        elif tok.type == "EFFECTIVE_LINE":
            meta["effective"] = self._date(tok, document_date(value))
            self.paragraph_text(value, tok.line)
        else:
            label, _, when = value.rpartition(":")
            meta.setdefault("release_dates", []).append(
                {"label": label.strip(), "text": when.strip(), "date": self._date(tok, french_date(when))})

    def _date(self, tok: Token, date: Optional[str]) -> Optional[str]:
        """The date read on a date line; a line whose date cannot be read is reported."""
        if date is None:
            self.warn("unreadable_date", tok.line, 1, str(tok).rstrip("\n"),
                      "a date line whose date cannot be read (« 1 er » is read, « 31 février » is no "
                      "date): the document's date stays unknown")
        return date

    # -- the French Comprehensive Rules layout ----------------------------------
    def contents(self, item: Tree) -> None:
        """« Table des matières » and its entries: kept as text (never rules)."""
        lines = [str(t).strip() for t in item.children if isinstance(t, Token) and t.type != "BLANK"]
        self.doc.metadata["contents"] = lines[1:]
        for tok in item.children:
            if tok.type != "BLANK":
                self.paragraph_text(str(tok).strip(), tok.line)

    def rules_section(self, item: Tree) -> None:
        """« 1. Concepts du jeu »: the section's title, and the line kept as text."""
        tok = item.children[0]
        number, _, title = str(tok).strip().partition(".")
        self.doc.metadata.setdefault("rule_sections", {})[number] = title.strip()
        self.paragraph_text(str(tok).strip(), tok.line)
        self.cur_card = None

    def glossary(self, item: Tree) -> None:
        for entry in _trees(item, "gloss_entry"):
            term = entry.children[0]
            lines = ["".join(str(t) for t in line.children).strip() for line in _trees(entry, "gloss_line")]
            self.doc.glossary.append(GlossaryEntry(
                term=str(term).strip(), definition="\n".join(lines), edition=None, lang=self.doc.lang,
                source=self.source, line=term.line))
        self.cur_card = None

    def credits(self, item: Tree) -> None:
        self.doc.metadata["credits"] = "\n".join(str(c.children[0]).strip() for c in _trees(item, "credit_line"))

    # -- rules -------------------------------------------------------------
    def _add_rule(self, number: str, text: str, line: int) -> Rule:
        rule = Rule(number=number, lang=self.doc.lang, source=self.source, line=line,
                    section=self.section_id)
        if is_title(number, text):
            rule.title = text
        else:
            rule.text = text
        self.doc.rules.append(rule)
        self.cur_card = None
        return rule

    def _number(self, item: Tree, num_tok: Token) -> str:
        """The rule number of a number token; a misprinted one is reported."""
        number = str(num_tok).strip("*").rstrip(").")
        if num_tok.type == "MISPRINTED_NUMBER":
            number = "".join(number.split())
            line = self.first_line(item, num_tok)
            self.warn_labelled(Tree("line", [Token("TEXT", line)]), "strict_rule", "misprinted_number",
                               num_tok.line, num_tok.column, line,
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
        kids = _kids(item)
        parts = kids.get("rule_part") or kids.get("bare_number", [])
        for i, part in enumerate(parts):
            num_tok = _tok(part, "RULE_NUMBER", "CHAPTER_NUMBER", "MISPRINTED_NUMBER", "MARKED_NUMBER")
            number = self._number(item, num_tok)
            if part.data == "bare_number":
                text = self._bare_text(number, next(iter(kids.get("rule_para", [])), None))
            else:
                text = str(_tok(part, "RULE_TEXT")).strip()
                if i == len(parts) - 1:
                    text = _joined(text, kids.get("rule_line", []))
                    text = self._unquoted(_tok(parts[0], "RULE_LEAD"), text, num_tok.line)
            if num_tok.type == "CHAPTER_NUMBER":
                # « 302. Types de carte : Créatures »: the site's prefix is not the title.
                text = text.rpartition(" : ")[2].strip()
            rule = self._add_rule(number, text, num_tok.line)
            for ex in _trees(part, "inline_example"):
                rule.examples.append(str(ex.children[0]).strip().partition(":")[2].strip())
        for ex in kids.get("example", []):
            text_tok = _tok(ex, "TEXT", "EX_OPEN")
            rule.examples.append(_joined(str(text_tok) if text_tok else "", _wrapped_lines(ex)))
            if len(ex.children) > 2:
                self.page_breaks(ex)
        for tree in kids.get("page_break", []) + kids.get("rule_para", []):
            self.page_breaks(tree) if tree.data == "rule_para" else self._page_text(tree)

    def page_breaks(self, item: Tree) -> None:
        """The running headers and page numbers inside a wrapped text: text of their own."""
        for child in item.children:
            if isinstance(child, Tree) and child.data in ("page_break", "ex_page_break"):
                self._page_text(child)

    def _page_text(self, item: Tree) -> None:
        """« Page 36 / 210 », « Règles complètes … — 36 »: text, never the document's label."""
        tok = item.children[0]
        written = str(tok)
        line = tok.line + written[:len(written) - len(written.lstrip())].count("\n")   # after the blank lines
        first, self.first_paragraph = self.first_paragraph, False
        self.paragraph_text(written.strip(), line)
        self.first_paragraph = first

    def _unquoted(self, lead: Optional[Token], text: str, line: int) -> str:
        """A rule quoted whole (« « 702.92c Quand … » »): its text up to the
        closing mark; words after the mark are text."""
        opening = str(lead).strip() if lead is not None else ""
        if opening not in _QUOTES:
            return text
        text, after = _closed(text, opening)
        if after:
            self.paragraph_text(after, line)
        return text

    def quoted_rule(self, item: Tree) -> None:
        """Rules quoted in prose: the words before them are text."""
        intro = item.children[0]
        words = str(intro).strip()
        opening = words[-1] if words[-1:] in _QUOTES else ""     # « … a dit : « 702.9a Le vol … » »
        self.paragraph_text(words[:-1].strip() if opening else words, intro.line)
        parts = _trees(item, "quoted_part")
        for i, part in enumerate(parts):
            num_tok, text_tok = part.children
            text = str(text_tok).strip()
            if opening and i == len(parts) - 1:
                text = self._unquoted(Token("RULE_LEAD", opening), text, num_tok.line)
            self._add_rule(str(num_tok).rstrip("."), text, num_tok.line)

    def cited_rule(self, item: Tree) -> None:
        """« La règle 702.92e dit : Une créature… »: the words up to the colon are
        text, the words after it the rule's."""
        lead, num_tok, colon, text_tok, *after = item.children
        self.paragraph_text(f"{lead}{num_tok}{colon}".strip(), lead.line)
        text = str(text_tok).strip()
        if text_tok.type == "IN_QUOTES":      # « … : « Plusieurs … » Deux … »: the words inside the marks
            text = text[1:-1].strip()
        self._add_rule(str(num_tok).rstrip("."), text, num_tok.line)
        if after and str(after[0]).strip():
            self.paragraph_text(str(after[0]).strip(), after[0].line)

    def bracket_rule(self, item: Tree) -> None:
        num_tok = item.children[0]
        number = str(num_tok).strip("[] \t\u00a0").rstrip(".").strip()
        text_tok, paras = _tok(item, "TEXT"), _trees(item, "bracket_para")
        text = str(text_tok).strip() if text_tok else ""
        if paras:     # the number alone on its line, its text in the paragraph after it
            text = _joined(str(paras[0].children[0]), _trees(paras[0], "bracket_line"))
        parent = self._add_rule(number, text, num_tok.line)
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
        text_tok = _tok(item, "TEXT", "EX_OPEN")
        first = str(item.children[0]) + (str(text_tok).rstrip("\n") if text_tok else "")
        self.paragraph_text(_joined(first, _wrapped_lines(item)), item.children[0].line)
        self.page_breaks(item)

    # -- notes and card records --------------------------------------------
    def note(self, item: Tree) -> None:
        tok = item.children[0]
        if isinstance(tok, Tree):                 # « Q : … » / « R : … »: one note
            self._add_note(qa_text(tok), qa_line(tok), [])
            return
        if tok.type in ("DATED_NOTE", "DATED_OPEN") and self.cur_card is None:     # a dated line under no card: text
            self.paragraph_text(_joined(str(tok), _trees(item, "note_line")), tok.line)
            return
        text = _joined(str(tok)[0 if tok.type in ("DATED_NOTE", "DATED_OPEN") else 1:], _trees(item, "note_line"))
        self.page_breaks(item)
        subitems = [str(sub.children[0])[2:].strip() for sub in _trees(item, "subitem")]
        dated = tok.type in ("DATED_NOTE", "DATED_OPEN")
        self.unread_record(text, tok.line, tok.column + (0 if dated else len(str(tok)) - len(str(tok)[1:].lstrip())),
                           "a note")
        self._add_note("\n".join([text] + ["-- " + s for s in subitems]), tok.line, subitems)

    def _add_note(self, full: str, line: int, subitems: list[str]) -> None:
        if self.cur_card is None:          # bullets under a line that names a card of the page: its notes
            self.cur_card = self.records.card_named(self.last_para, line)
        if self.cur_card is None and self.records.is_heading(self.last_para, line):   # … or under a plain heading: its section
            text, where = self.last_para
            self._open_section(unmarked(text).rstrip(" :"), Token("TEXT", text, line=where), self.part_heading)
        self.last_para = ("", 0)
        note = Note(source=self.source, text=full, line=line,
                    card=self.cur_card.name if self.cur_card else None, section=self.section_id,
                    subitems=subitems, position=len(self.doc.notes))
        self.doc.notes.append(note)
        if self.cur_card is not None:
            self.cur_card.notes.append(note)

    # -- card records: the grammar's productions, read by the record readers ----
    def card(self, item: Tree) -> None:
        self.records.card(item)

    def named_like_a_type(self, item: Tree) -> None:
        self.records.named_like_a_type(item)

    def bad_card(self, item: Tree) -> None:
        self.records.bad_card(item)

    def bad_card_like(self, item: Tree) -> None:
        self.records.bad_card_like(item)

    def orphan_type(self, item: Tree) -> None:
        self.records.orphan_type(item)

    def stray_fields(self, item: Tree) -> None:
        self.records.stray_fields(item)

    def inline_card(self, item: Tree) -> None:
        self.line_records.inline_card(item)

    def field_card(self, item: Tree) -> None:
        self.line_records.field_card(item)

    def dash_card(self, item: Tree) -> None:
        self.line_records.dash_card(item)

    def table_card(self, item: Tree) -> None:
        self.line_records.table_card(item)

    def bracket_card(self, item: Tree) -> None:
        self.line_records.bracket_card(item)

    # -- text --------------------------------------------------------------
    def unread_record(self, text: str, line: int, column: int, where: str) -> None:
        """A line kept as text (a paragraph, a note) that reads like a card record: reported
        (``unread_card_record``), its text kept where it is."""
        at = card_like(text)
        if at is not None:
            self.warn("unread_card_record", line, column + at, text.strip(),
                      f"{where} holds what reads as a card record (a cost then a type line) that is "
                      "no record: kept as text")

    def paragraph(self, item: Tree) -> None:
        stray, tok = _tok(item, "STRAY"), _tok(item, "TEXT", "LABELED_NAME", "NUMBERED_PROSE", "CHROME")
        self.paragraph_text(((str(stray) if stray else "") + str(tok)).strip(), (stray or tok).line)
        if tok.type == "TEXT":
            self.unread_record(str(tok), tok.line, tok.column, "a paragraph")
        if stray is None and tok.type == "TEXT":     # a line of its own: it may name the record or card under it
            self.last_para = (str(tok).strip(), tok.line)

    def paragraph_text(self, text: str, line: int) -> None:
        if self.first_paragraph and not self.doc.title:
            self.doc.metadata.setdefault("label", text)
        self.first_paragraph = False
        self.last_para = ("", 0)
        self.doc.paragraphs.append(text)
        if self.section is not None:
            self.section_paras.append(text)
        # A paragraph between a card record and notes keeps the notes on the card
        # (« Si un effet réduit le coût… » after Implorer la reine's notes).
