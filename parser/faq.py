"""Parse French FAQ / release-notes documents and French rules excerpts.

Entry points:

* :func:`parse_document` -- a file path -> :class:`kb.model.Document`;
* :func:`parse_text` -- decoded text -> :class:`kb.model.Document`.

The grammar (``parser/grammars/faq.lark``) classifies every line and groups card
records and notes; :class:`_Assembler` then walks the items in document order
and builds the model: it attaches « Exemple : » paragraphs to the rule above
them, a bare rule number (« 607.1. » alone on its line, as in the rule 607
seed) to the paragraph that follows, notes to the card record or section they
follow, and reads the FAQ header (title, compiler, last-modified date,
release dates).

Errors: a line the grammar cannot place is reported as a
:class:`kb.model.ParseWarning` (file, line, column, text) and dropped from
the structure; the rest of the document still parses.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Optional

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from parser import grammars

from kb.model import CardRecord, Document, Note, ParseWarning, Rule, Section, rule_parent, rule_sort_key
from parser.dates import french_date
from parser.decode import decode_file
from parser.references import find_references
from parser.textkeys import slugify


#: Maximum number of unplaceable lines reported before giving up on a document.
MAX_ERRORS = 200


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return grammars.load("faq", parser="lalr", lexer="contextual", propagate_positions=False,
                         maybe_placeholders=False)


def parse_document(path: str | Path, lang: str = "fr") -> Document:
    """Parse one FAQ or rules-excerpt file into a :class:`Document`.

    The file is decoded with :func:`parser.decode.decode_file` (any of UTF-8,
    UTF-16, Windows-1252; any line ends).  ``Document.id`` is the file stem.
    Raises OSError if the file cannot be read; parse problems never raise,
    they become ``Document.warnings``.
    """
    path = Path(path)
    decoded = decode_file(path)
    return parse_text(decoded.text, source=path.stem, path=str(path), lang=lang)


def parse_text(text: str, source: str, path: str = "", lang: str = "fr") -> Document:
    """Parse decoded text (``\\n`` line ends) into a :class:`Document`.

    ``source`` becomes ``Document.id`` and the ``source`` of every node.
    """
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    warnings: list[ParseWarning] = []
    display = path or source
    for _ in range(MAX_ERRORS):
        try:
            tree = _parser().parse("\n".join(lines) + "\n")
            break
        except UnexpectedInput as err:
            lineno = _culprit_line(err, lines)
            warnings.append(ParseWarning(
                file=display, line=lineno, column=_column(err, lineno),
                text=lines[lineno - 1], message=_message(err)))
            lines[lineno - 1] = ""  # drop the unplaceable line, keep numbering
    else:  # pragma: no cover - pathological input
        tree = Tree("start", [])
    doc = _Assembler(source, path, lang).build(tree)
    doc.warnings[:0] = warnings
    doc.warnings.sort(key=lambda w: (w.line, w.column))
    return doc


def _culprit_line(err: UnexpectedInput, lines: list[str]) -> int:
    """1-based line to blame.  An unexpected blank line or end of text blames
    the last non-blank line before it (e.g. a cost line with no type line)."""
    line = getattr(err, "line", -1)
    tok = getattr(err, "token", None)
    if isinstance(err, UnexpectedToken) and (tok is None or tok.type in ("BLANK", "$END")):
        line = (tok.line if tok is not None and tok.line else len(lines) + 1) - 1
        while line > 1 and not lines[line - 1].strip():
            line -= 1
    return max(1, min(line if line and line > 0 else len(lines), len(lines)))


def _column(err: UnexpectedInput, lineno: int) -> int:
    if getattr(err, "line", None) == lineno and getattr(err, "column", None):
        return err.column
    return 1


def _message(err: UnexpectedInput) -> str:
    if isinstance(err, UnexpectedToken):
        expected = sorted(e for e in err.expected if not e.startswith("_"))
        return f"line cannot be placed here (expected one of: {', '.join(expected[:8])})"
    if isinstance(err, UnexpectedCharacters):
        return "unexpected character"
    return "line cannot be placed"


def _is_title(number: str, text: str) -> bool:
    """« 702.92. Association d'âmes » is a title; « 104.3. Les symboles … » is text.
    A title belongs to a rule without a letter, is short and has no final punctuation."""
    if number[-1].isalpha() or not text:
        return False
    return len(text.split()) <= 6 and not re.search(r"[.:;!?»)]$", text)


class _Assembler:
    """Walks the grammar's items in document order and builds a Document."""

    def __init__(self, source: str, path: str, lang: str):
        self.doc = Document(id=source, path=path, lang=lang)
        self.source = source
        self.heading: Optional[str] = None
        self.section: Optional[Section] = None
        self.card: Optional[CardRecord] = None      # record notes attach to
        self.rule: Optional[Rule] = None            # rule examples attach to
        self.bare_rule: Optional[Rule] = None       # number waiting for its text
        self.first_paragraph = True
        self.section_paras: list[str] = []

    # -- helpers -----------------------------------------------------------
    @staticmethod
    def _tok(tree: Tree, kind: str) -> Optional[Token]:
        for child in tree.children:
            if isinstance(child, Token) and child.type == kind:
                return child
        return None

    def _close_section(self) -> None:
        if self.section is not None:
            self.section.text = "\n\n".join(self.section_paras)
        self.section_paras = []

    # -- walk --------------------------------------------------------------
    def build(self, tree: Tree) -> Document:
        for item in tree.children:
            handler = getattr(self, "_" + item.data)
            handler(item)
        self._close_section()
        self._finish()
        return self.doc

    def _blank(self, item: Tree) -> None:
        pass

    def _separator(self, item: Tree) -> None:
        self.card = None
        self.rule = None

    def _footer(self, item: Tree) -> None:
        self.doc.metadata["footer"] = str(item.children[0]).strip()

    def _heading(self, item: Tree) -> None:
        self._close_section()
        tok = item.children[0]
        self.heading = str(tok).strip()
        self.section = Section(id=slugify(self.heading), source=self.source, title=self.heading,
                               line=tok.line, heading=None)
        self.doc.sections.append(self.section)
        self.card = self.rule = None

    def _section_title(self, item: Tree) -> None:
        self._close_section()
        tok = item.children[0]
        title = str(tok).strip().strip("*").strip()
        sid = slugify(title)
        if any(s.id == sid for s in self.doc.sections):
            sid = f"{sid}-{tok.line}"
        self.section = Section(id=sid, source=self.source, title=title, line=tok.line, heading=self.heading)
        self.doc.sections.append(self.section)
        self.card = self.rule = None

    def _header_field(self, item: Tree) -> None:
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

    def _rule(self, item: Tree) -> None:
        num_tok = item.children[0]
        number = str(num_tok).rstrip(".")
        text_tok = self._tok(item, "TEXT")
        text = str(text_tok).strip() if text_tok else ""
        rule = Rule(number=number, lang=self.doc.lang, source=self.source, line=num_tok.line,
                    section=self.section.id if self.section else None)
        if _is_title(number, text):
            rule.title = text
        else:
            rule.text = text
        self.doc.rules.append(rule)
        self.rule = rule
        self.bare_rule = rule if not text else None
        self.card = None

    def _example(self, item: Tree) -> None:
        text_tok = self._tok(item, "TEXT")
        text = str(text_tok).strip() if text_tok else ""
        if self.rule is not None:
            self.rule.examples.append(text)
        else:
            self._paragraph_text(str(item.children[0]) + (str(text_tok) if text_tok else ""),
                                 item.children[0].line)

    def _note(self, item: Tree) -> None:
        tok = item.children[0]
        text = str(tok)[1:].strip()
        subitems = [str(sub.children[0])[2:].strip() for sub in item.children[1:]
                    if isinstance(sub, Tree)]
        full = "\n".join([text] + ["-- " + s for s in subitems])
        note = Note(source=self.source, text=full, line=tok.line,
                    card=self.card.name if self.card else None,
                    section=self.section.id if self.section else None,
                    subitems=subitems, position=len(self.doc.notes))
        self.doc.notes.append(note)
        if self.card is not None:
            self.card.notes.append(note)
        self.rule = None
        self.bare_rule = None

    def _card(self, item: Tree) -> None:
        parts = {child.data: child for child in item.children if isinstance(child, Tree)}
        name_tok = parts["card_name"].children[0]
        record = CardRecord(name=str(name_tok).strip(), source=self.source, line=name_tok.line,
                            section=self.section.id if self.section else None)
        if "card_cost" in parts:
            record.mana_cost = str(parts["card_cost"].children[0]).strip()
        record.type_line = str(parts["card_type"].children[0]).strip()
        if "card_pt" in parts:
            power, _, toughness = str(parts["card_pt"].children[0]).strip().partition("/")
            record.power, record.toughness = power, toughness
        record.text = "\n".join(str(c.children[0]).strip() for c in item.children
                                if isinstance(c, Tree) and c.data == "card_line")
        self.doc.cards.append(record)
        self.card = record
        self.rule = self.bare_rule = None

    def _paragraph(self, item: Tree) -> None:
        tok = item.children[0]
        self._paragraph_text(str(tok).strip(), tok.line)

    def _paragraph_text(self, text: str, line: int) -> None:
        if self.bare_rule is not None:
            # « 607.1. » alone on its line: the next paragraph is its text.
            self.bare_rule.text = text
            self.bare_rule = None
            return
        if self.first_paragraph and not self.doc.title:
            self.doc.metadata.setdefault("label", text)
        self.first_paragraph = False
        self.doc.paragraphs.append(text)
        if self.section is not None:
            self.section_paras.append(text)
        self.rule = None
        # A paragraph between a card record and notes keeps the notes on the card
        # (« Si un effet réduit le coût… » after Implorer la reine's notes).

    # -- final pass --------------------------------------------------------
    def _finish(self) -> None:
        doc = self.doc
        doc.kind = "faq" if (doc.cards or doc.notes) else "rules"
        if not doc.title:
            label = doc.metadata.get("label", doc.id).rstrip(" :")
            if doc.kind == "faq" and doc.sections:
                doc.title = doc.sections[0].title
            elif doc.rules:
                doc.title = f"{label[:1].upper()}{label[1:]} ({doc.rules[0].number}–{doc.rules[-1].number})"
            else:
                doc.title = label
        seen: dict[str, Rule] = {}
        for rule in doc.rules:
            rule.edition = doc.edition
            if rule.number in seen:
                doc.warnings.append(ParseWarning(doc.path or doc.id, rule.line, 1, rule.number,
                                                 f"rule {rule.number} appears twice (first on line "
                                                 f"{seen[rule.number].line})"))
            seen.setdefault(rule.number, rule)
            rule.references = find_references(" ".join([rule.text, *rule.examples]), doc.lang)
        for rule in doc.rules:
            parent = rule_parent(rule.number)
            while parent is not None and parent not in seen:
                parent = rule_parent(parent)
            rule.parent = parent
            if parent is not None and parent in seen:
                seen[parent].children.append(rule.number)
        for rule in doc.rules:
            rule.children.sort(key=rule_sort_key)
