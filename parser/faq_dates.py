"""The date in a page's byline or header (kind ``byline``, the weakest).

A page very often writes its own date inside a longer header line: a
newsletter's « LA LETTRE — n°42 — 3 février 2011 », a blog's « 2012-01-27 —
5 commentaires » or « par Julien R. | mis en ligne le vendredi 3 février
2012 », a forum's « Message posté par X » Lun 15 Aoû 2011 14:32 », a
breadcrumb « Accueil > Règles > Soulbond (maj 12/05/2012) ».  The family:

* the **header region** is the lines before the document's first rule, card
  record, note or section, and the lines right under its title (a first
  section with no content before it: the block of lines under its heading,
  after the blank lines right under it, up to a blank line); a document with
  none of these has the first two blocks of
  lines as its header.  Dates after the content (comments, replies'
  « Posté le … » at the bottom) are never read;
* each header line is read by a grammar of its own, faq_byline.lark
  (:func:`parser.faq_byline.read_byline`): its **fields** are what lies
  between the marks pages put there (« — », « – », « | », « • », « · », « > »,
  « › », « » », « « », brackets and parentheses, « - » and « / » between
  spaces), each a list of words, signs and dates (dates.lark's, in words,
  figures or ISO, with their weekday and time).  Nothing here looks at the
  line's characters: the decisions below are taken on the pieces the
  grammar gives, their words counted and their kinds known;
* a date is a byline date when its field holds at most :data:`MAX_WORDS`
  other words (« mis en ligne le », « maj », « par Julien R., le »): a
  sentence that mentions a date (« Enfin, le 9 mars 2013 les règles … ») is
  prose, not a byline;
* each field is judged on its own: a date whose label (the other words of
  its field, or the field before it when it stands alone) has a word naming
  something else (a release, a prerelease, a tournament, an event, a forum's
  « Nous sommes le », « Dernière visite », « Membre depuis »: faq_byline.lark's
  ``OTHER_EVENT``) is skipped; one whose label has a word saying the document
  changed (faq_header.lark's ``CHANGE_WORD``: « màj », « mise à jour »,
  « corrigée ») is kept, whatever else the line says (« Fiche mise à jour le …
  — Sortie de l'extension : … »), and so is the date of a posting (« Posté le:
  … », « publié par Lou, le … »: faq_byline.lark's ``posting``, on
  faq_header.lark's ``POSTED_WORD``), whatever follows it in its field; any
  other date is skipped when the line names another event anywhere.  A date
  that labels the text after it (a colon right after it, « 2008-05-01 : Le
  sort … », a dated note) is no byline; a labelled date (``release_dates``)
  and a date line already reported unreadable are skipped;
* an impossible date in a byline field (« maj 31/02/2012 ») is reported
  (``unreadable_date``), never guessed.

Of several byline dates the document's date is the **latest** of those that
say the document changed, else the latest of all (the
:func:`parser.faq.document_date` rule for lists, as for changelog lines and
stamps): a header that gives two dates gives the first publication and a
later update, and the text reflects the rules as of its update — the date to
align it with the English edition in force.  When nothing tells which of
several dates (bylines, stamps) is the document's, the rule stands but an
``ambiguous_date`` warning at the date taken lists them all
(:func:`ambiguous_dates`).
"""
from __future__ import annotations

from typing import Iterator, Optional

from lark import Token, Tree

from kb.model import Document, ParseWarning
from parser.dates import FoundDate, document_date
from parser.faq_byline import Byline, read_byline, word_count

__all__ = ["HeaderLines", "MAX_WORDS", "ambiguous_dates", "byline_dates", "header_lines", "published_in_header"]

#: At most this many words besides the date in its field.
MAX_WORDS = 5

#: The header region reads at most this many lines under the title, and a
#: document without content at most this many lines.
UNDER_TITLE, NO_CONTENT = 10, 200


class HeaderLines:
    """The page's lines that may be its header region, as the lexer read them: the lines of
    every item before the document's first rule, record, note or section, and of the items
    that start at most UNDER_TITLE lines under it (:func:`header_lines` reads the region in
    them: no pass re-reads the raw text after the parse)."""

    def __init__(self) -> None:
        self.lines: dict[int, str] = {}
        self.last = 0

    def open(self, doc: Document) -> bool:
        """Whether the next item of ``doc``'s tree may hold lines of its header region."""
        if not (doc.rules or doc.cards or doc.notes or doc.sections):
            return True
        first = min(n.line for n in (*doc.rules[:1], *doc.cards[:1], *doc.notes[:1], *doc.sections[:1]))
        return self.last <= first + UNDER_TITLE

    def keep(self, item: Tree | Token) -> None:
        """The lines an item of the tree holds, put together from its tokens."""
        tokens = [item] if isinstance(item, Token) else item.scan_values(lambda v: isinstance(v, Token))
        for tok in tokens:
            for i, piece in enumerate(str(tok).split("\n")):
                self.lines[tok.line + i] = self.lines.get(tok.line + i, "") + piece
            self.last = max(self.last, tok.line)


def header_lines(doc: Document, page: dict[int, str]) -> list[tuple[int, str]]:
    """(line number, text) of the header region of ``doc`` whose first lines, as the
    lexer read them, are ``page`` (line number -> text: the parse's, no raw text)."""
    content = [n.line for n in (*doc.rules, *doc.cards, *doc.notes, *doc.sections) if n.line]
    if not content:
        return list(_first_blocks([page.get(i, "") for i in range(1, min(NO_CONTENT, max(page, default=0)) + 1)], 2))
    first = min(content)
    lines = [page.get(i, "") for i in range(1, min(first + UNDER_TITLE, max(page, default=0)) + 1)]
    region = [(i, lines[i - 1]) for i in range(1, min(first, len(lines) + 1))]
    if doc.sections and doc.sections[0].line == first:
        starts = set(content)
        below = first + 1       # (the blank lines right under the heading do not end its block)
        while below <= len(lines) and not lines[below - 1].strip() and below not in starts:
            below += 1
        for i in range(below, len(lines) + 1):
            if not lines[i - 1].strip() or i in starts:
                break
            region.append((i, lines[i - 1]))
    return region


def _first_blocks(lines: list[str], blocks: int) -> Iterator[tuple[int, str]]:
    for i, line in enumerate(lines, 1):
        if line.strip():
            yield i, line
        elif i > 1 and lines[i - 2].strip():
            blocks -= 1
            if not blocks:
                return


def byline_dates(doc: Document, page: dict[int, str]) -> list[dict]:
    """The byline dates of the header region of ``doc`` (``page``: its lines, :func:`header_lines`),
    each ``{"text", "date", "line", "column"}`` and ``"update": True`` when
    its field says the document changed then; an impossible one becomes an
    ``unreadable_date`` warning of ``doc``."""
    skipped = {w.line for w in doc.warnings if w.type == "unreadable_date"}
    labelled = [(d.get("label", ""), d.get("text", "")) for d in doc.metadata.get("release_dates", [])]
    found = []
    for number, line in header_lines(doc, page):
        if number in skipped:
            continue
        # (a labelled date « Sortie du bloc : 1er octobre 2010 » is a release date, the line's other fields may date it)
        released = [when for label, when in labelled if label in line and when in line]
        for date, update in _field_dates(line):
            if any(date.text.endswith(when) or when.endswith(date.text) for when in released):
                continue
            if date.date is None:
                doc.warnings.append(ParseWarning(
                    doc.path or doc.id, number, date.start + 1, line.rstrip(),
                    f"« {date.text} » in the page's header is no date: the document's date stays unknown",
                    "unreadable_date"))
            else:
                found.append({"text": line.strip(), "date": date.date, "line": number, "column": date.start + 1,
                              **({"update": True} if update else {})})
    return found


def _field_dates(line: str) -> Iterator[tuple[FoundDate, bool]]:
    """The dates of ``line`` that fill a field of it (at most MAX_WORDS other
    words), each with whether its label says the document changed.

    A date's label is the other words of its field, or the field before it
    when it stands alone (« Sortie en magasin — vendredi 30 septembre 2011 »);
    a posting's date (« Posté par Lou, le … ») is labelled by the words before
    it alone.  A label naming another event drops its date; a label saying the
    document changed keeps it whatever else the line says (« Fiche mise à jour
    le … — Sortie de l'extension : … »: the first kept, the second dropped), as
    does a posting; any other date is dropped when the line names another
    event anywhere.  A date that labels the text after it (« 2008-05-01 : Le
    sort … », a dated note or ruling) is no byline."""
    byline = read_byline(line)
    for f, i in byline.dates():
        pieces = byline.fields[f].pieces
        date = pieces[i]
        if _labels_text(byline, f, i):
            continue
        rest = pieces[:i] if date.posted else pieces[:i] + pieces[i + 1:]
        words = word_count(rest)
        if words > MAX_WORDS:
            continue
        label = rest if words or f == 0 else byline.fields[f - 1].pieces
        if any(p.event for p in label):
            continue
        update = any(p.changed for p in label)
        if update or date.posted or not byline.event:
            yield date.found, update


def _labels_text(byline: Byline, f: int, i: int) -> bool:
    """Whether the date at piece ``i`` of field ``f`` labels the text after it: a colon
    right after it, or it opens the line alone in its field and a sentence (more than
    MAX_WORDS words) follows in the next field."""
    pieces = byline.fields[f].pieces
    if i + 1 < len(pieces) and pieces[i + 1].kind == "COLON":
        return True
    alone = f == 0 and not word_count(pieces[:i]) and not word_count(pieces[i + 1:])
    return alone and len(byline.fields) > 1 and word_count(byline.fields[1].pieces) > MAX_WORDS


def published_in_header(doc: Document, page: dict[int, str], published: list[tuple[int, str]]) -> None:
    """A ``published`` date comes from the header region: the first of the
    ``published`` lines the grammar read (its PUBLISHED and DATED_LINE tokens,
    (line, text)) that is in the header region gives it; one only written after
    the content (replies' « Posté le … ») is kept as ``published_after_content``,
    never the document's date."""
    if "published" not in doc.metadata or not published:
        return
    region = {number for number, _ in header_lines(doc, page)}
    first = next((value for number, value in published if number in region), None)
    if first is not None:
        doc.metadata["published"] = document_date(first)
        return
    end = max(region, default=0)
    if any(number > end for number, _ in published):
        doc.metadata["published_after_content"] = doc.metadata.pop("published")


def ambiguous_dates(doc: Document, key: Optional[str], page: dict[int, str]) -> None:
    """Several dates of the same strength (bylines, stamps) and nothing telling
    which is the document's: the latest stands (the rule of
    :func:`parser.faq.document_date`), and an ``ambiguous_date`` warning at it
    lists them all.  Changelog lines (``updates``) are never ambiguous: the
    latest change is the document's; nor are bylines one of which says the
    document changed (« maj », « corrigée »)."""
    if key not in ("byline", "stamps"):
        return
    entries = [v for v in doc.metadata[key] if v["date"]]
    if any(v.get("update") for v in entries) or len({v["date"] for v in entries}) < 2:
        return
    chosen = max(entries, key=lambda v: v["date"])
    line = page.get(chosen["line"], chosen.get("text", ""))
    byline = read_byline(line)
    dates = [byline.fields[f].pieces[i].found for f, i in byline.dates()]
    column = next((d.start + 1 for d in dates if d.date == chosen["date"]), 1)
    listed = ", ".join(f"{v['date']} (line {v['line']})" for v in entries)
    doc.warnings.append(ParseWarning(
        doc.path or doc.id, chosen["line"], column, line.rstrip(),
        f"the header gives several dates and nothing tells which is the document's: {listed}; "
        f"the latest, {chosen['date']}, is taken", "ambiguous_date"))
