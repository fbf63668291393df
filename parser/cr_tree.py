"""The parse tree of a Comprehensive Rules document -> :class:`kb.model.Edition`.

:class:`EditionBuilder` walks the tree of ``parser/grammars/cr.lark`` part by
part (preamble, contents, rules part or excerpt, glossary, credits) into
sections, chapters, rules with their text, examples and titles, glossary
entries and credits; :meth:`EditionBuilder.check_numbering` then links
parents and children and reports numbering problems.  Nesting comes from the
numbers (:func:`kb.model.rule_parent`), not from the layout.
"""
from __future__ import annotations

import re
from typing import Optional

from lark import Token, Tree

from kb.model import SUBRULE_LETTERS, Edition, GlossaryEntry, ParseWarning, Rule, rule_parent
from parser.cr_lines import RULE_HEAD_RE, line_number, line_text
from parser.dates import written_date

__all__ = ["EditionBuilder"]

# Splitting a line the grammar has already classified (not classifying it).
_EXAMPLE_HEAD_RE = re.compile(r"[ \t]*(?:Example|Exemple)[ \u00a0\u202f]?:[ \t\u00a0\u202f]*")
_HEADING_RE = re.compile(r"(\d+)\.[ \t\u00a0]+(.*)")


def _is_heading_text(text: str) -> bool:
    """« Trample », « Regroupement avec d'autres »: a rule that is a title."""
    return bool(text) and len(text) <= 80 and text[-1] not in ".:;!?”\"’)" and "\n" not in text


#: Editions hard-wrapped at a fixed width (2003-12-01, 2004-02-01) glue
#: thousands of unindented lines to their rules; the others none or a few.
_FEW_GLUED = 20

_CONTROL_RE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ufffd]")
_WORD_RE = re.compile(r"[^\W\d_]{2,}")
_RULE_REF_RE = re.compile(r"\d{3}\.\d")
#: Characters of rules text besides letters and digits (quotes, dashes, brackets, mana braces).
_TEXT_MARKS = set(".,;:'\"()[]{}/-\u2014\u2013\u2019\u2018\u201c\u201d!?+*%&")


def _junk(line: str) -> str:
    """Why a line inside a rule is no text of it (control characters,
    mostly symbols, no word nor rule reference), or ``""``."""
    text = line.strip()
    if len(text) <= 1:
        return ""
    if _CONTROL_RE.search(text):
        return "a line with control characters"
    marks = [c for c in text if not c.isspace()]
    if sum(1 for c in marks if c.isalnum() or c in _TEXT_MARKS) < 0.7 * len(marks):
        return "a line of symbols"
    if not _WORD_RE.search(text) and not _RULE_REF_RE.search(text):
        return "a line without a word"
    return ""


class EditionBuilder:
    """Walks the parse tree of one document into an :class:`Edition`.

    ``date_line`` and ``date_text`` are the line the effective date was read
    from (0 and "" when the text states none).
    """

    def __init__(self, label: str, source: str, lang: str, warnings: list[ParseWarning]):
        self.label = label
        self.source = source
        self.lang = lang
        self.warnings = warnings
        self.edition = Edition(date=None, path=label, lang=lang, source=source)
        self.section: Optional[str] = None
        self.date_line = 0
        self.date_text = ""
        #: lines glued to a rule's text (no blank line, no indent), with the rule's number
        self.glued: list[tuple[Token, str]] = []

    def warn(self, tok: Token, message: str, column: Optional[int] = None, kind: str = "") -> None:
        self.warnings.append(ParseWarning(self.label, line_number(tok), column or 1,
                                          line_text(tok), message, kind))

    def warn_rule(self, rule: Rule, message: str) -> None:
        self.warnings.append(ParseWarning(self.label, rule.line, 1, rule.number, message))

    # -- walking ---------------------------------------------------------------
    def build(self, tree: Tree) -> Edition:
        parts = [part.data for part in tree.children]
        for part in tree.children:
            getattr(self, "_" + part.data)(part)
        if "contents" in parts and "credits" not in parts:
            last = self.edition.glossary[-1].line if self.edition.glossary else 0
            self.warnings.append(ParseWarning(
                self.label, last, 1, "", "no credits after the "
                + ("glossary" if "glossary" in parts else "rules") + ": the file may be truncated"))
        if len(self.glued) <= _FEW_GLUED:  # not a hard-wrapped edition: each is a surprise
            for tok, number in self.glued:
                self.warn(tok, f"line glued to the text of rule {number} (no blank line before it, not "
                          "indented, in an edition whose rules are not hard-wrapped): kept, check it",
                          kind="glued_line")
        return self.edition

    def _preamble(self, tree: Tree) -> None:
        for tok in tree.children:
            if tok.type == "EFFECTIVE_LINE" and self.edition.date is None:
                self.edition.date = written_date(tok)
                self.date_line, self.date_text = line_number(tok), line_text(tok)

    def _contents(self, tree: Tree) -> None:
        out = self.edition.contents
        for node in tree.children:
            toks = node.children if isinstance(node, Tree) else [node]
            out.extend(line_text(t) for t in toks if t.type != "BLANK")

    def _rules_part(self, tree: Tree) -> None:
        for section in tree.children:
            head = section.children[0]
            m = _HEADING_RE.match(line_text(head))
            self.section = m.group(1)
            self.edition.sections[self.section] = m.group(2).strip()
            for node in section.children[1:]:
                if isinstance(node, Tree):
                    self._chapter(node)
                elif node.type in ("TEXT_LINE", "PARA_LINE"):
                    self.warn(node, f"text between section {self.section} and its first chapter "
                                    "(not part of any rule)")

    def _excerpt(self, tree: Tree) -> None:
        for node in tree.children:
            if node.data == "chapter":
                self._chapter(node)
            else:
                self._rule(node)

    def _chapter(self, tree: Tree) -> None:
        head = tree.children[0]
        m = _HEADING_RE.match(line_text(head))
        number = m.group(1)
        if number in self.edition.chapters:
            self.warn(head, f"duplicated chapter number {number}")
        self.edition.chapters[number] = m.group(2).strip()
        self.section = number[0]
        for node in tree.children[1:]:
            if isinstance(node, Tree):
                self._rule(node)
            elif node.type in ("TEXT_LINE", "PARA_LINE"):
                self.warn(node, f"text between chapter {number} and its first rule "
                                "(not part of any rule)")

    def _rule(self, tree: Tree) -> None:
        head = tree.children[0]
        m = RULE_HEAD_RE.match(line_text(head))
        number = f"{m.group(1)}.{m.group(3)}{m.group(4)}"
        if m.group(2):
            self.warn(head, f"rule number misprinted with a space, read as {number}",
                      column=1 + m.start(2))
        paragraphs, examples = self._rule_body(number, line_text(head)[m.end():], tree.children[1:])
        rule = Rule(number=number, lang=self.lang, source=self.source,
                    text="\n\n".join("\n".join(p) for p in paragraphs),
                    examples=["\n".join(e) for e in examples], line=line_number(head),
                    section=m.group(1)[0])
        try:
            rule.parent = rule_parent(number)
        except ValueError:
            rule.parent = None
        self.edition.rules.append(rule)

    def _rule_body(self, number: str, first: str,
                   lines: list[Token]) -> tuple[list[list[str]], list[list[str]]]:
        """The paragraphs and the examples of rule ``number`` as lists of
        lines: ``first`` is the text on the number's own line, ``lines`` the
        tokens after it."""
        paragraphs: list[list[str]] = []
        examples: list[list[str]] = []
        current: Optional[list[str]] = None
        if first:
            current = [first]
            paragraphs.append(current)
        for tok in lines:
            t = tok.type
            if t == "BLANK":
                current = None
            elif t == "EXAMPLE_LINE":
                line = line_text(tok)
                current = [line[_EXAMPLE_HEAD_RE.match(line).end():]]
                examples.append(current)
            else:
                line = line_text(tok)
                junk = _junk(line)
                if junk:
                    self.warn(tok, f"{junk} after rule {number}: left out of its text", kind="junk_line")
                    continue
                if t == "PARA_LINE":
                    current = None
                elif current is not None and not line[:1].isspace() and len(line.strip()) > 1:
                    self.glued.append((tok, number))
                if len(line.strip()) == 1:
                    self.warn(tok, f"one-character line kept in the text of rule {number}")
                if current is None:
                    current = [line]
                    paragraphs.append(current)
                else:
                    current.append(line)
        return paragraphs, examples

    def _glossary(self, tree: Tree) -> None:
        for entry in tree.children:
            if not isinstance(entry, Tree):
                continue
            term_tok = entry.children[0]
            paragraphs: list[list[str]] = []
            for d in entry.children[1:]:
                tok = d.children[0] if isinstance(d, Tree) else d
                if tok.type == "INDENTED_PARA" or not paragraphs:
                    paragraphs.append([])
                paragraphs[-1].append(line_text(tok))
            definition = "\n\n".join("\n".join(p) for p in paragraphs)
            if not definition:
                self.warn(term_tok, "glossary term without a definition")
            self.edition.glossary.append(GlossaryEntry(
                term=line_text(term_tok).strip(), definition=definition, edition=None,
                lang=self.lang, source=self.source, line=line_number(term_tok)))

    def _credits(self, tree: Tree) -> None:
        lines = [line.rstrip() for line in "".join(tree.children[1:]).split("\n")]
        while lines and not lines[-1]:
            lines.pop()
        while lines and not lines[0]:
            lines.pop(0)
        self.edition.credits = "\n".join(lines)

    # -- checks across rules ---------------------------------------------------
    def check_numbering(self, edition: Edition) -> None:
        """Link parents and children; report duplicates, orphans and letters;
        set the title of a rule that is a heading.

        A duplicated number is kept twice in ``edition.rules`` (nothing is
        merged) and reported; a subrule letter « l » or « o », or one that
        does not come after its elder sibling in CR order, is reported.
        """
        by_number: dict[str, Rule] = {}
        last_letter: dict[str, str] = {}
        for r in edition.rules:
            if r.number in by_number:
                self.warn_rule(r, f"duplicated rule number {r.number} "
                                  f"(first at line {by_number[r.number].line})")
                continue
            by_number[r.number] = r
            parent = by_number.get(r.parent) if r.parent else None
            if parent is not None:
                parent.children.append(r.number)
            elif r.is_subrule:
                self.warn_rule(r, f"subrule {r.number} has no rule {r.parent}")
            if r.is_subrule:
                self._check_letter(r, last_letter.get(r.parent))
                last_letter[r.parent] = r.number[-1]
        for r in edition.rules:
            if r.children and not r.is_subrule and _is_heading_text(r.text):
                r.title = r.text

    def _check_letter(self, subrule: Rule, previous: Optional[str]) -> None:
        """Report a subrule letter the CR never use, or one that does not
        come after ``previous``, the letter of its elder sibling."""
        letter = subrule.number[-1]
        if letter not in SUBRULE_LETTERS:
            self.warn_rule(subrule, f"subrule letter {letter!r} is not used by the Comprehensive Rules")
        elif previous is not None and letter <= previous:
            self.warn_rule(subrule, f"subrule {subrule.number} comes after {subrule.parent}{previous}")
