"""The date in a page's byline or header (kind ``byline``, the weakest).

A page very often writes its own date inside a longer header line: a
newsletter's « LA LETTRE — n°42 — 3 février 2011 », a blog's « 2012-01-27 —
5 commentaires » or « par Julien R. | mis en ligne le vendredi 3 février
2012 », a forum's « Message posté par X » Lun 15 Aoû 2011 14:32 », a
breadcrumb « Accueil > Règles > Soulbond (maj 12/05/2012) ».  The family:

* the **header region** is the lines before the document's first rule, card
  record, note or section, and the lines right under its title (a first
  section with no content before it: the lines under its heading, up to a
  blank line); a document with none of these has the first two blocks of
  lines as its header.  Dates after the content (comments, replies'
  « Posté le … » at the bottom) are never read;
* a header line is cut into **fields** at the marks pages put between them
  (« — », « – », « | », « • », « · », « > », « › », « » », « « », brackets and
  parentheses, « - » and « / » between spaces); a date (:func:`parser.dates.find_dates`:
  in words, figures or ISO, with its weekday and time) is a byline date when
  its field holds at most :data:`MAX_WORDS` other words (« mis en ligne
  le », « maj », « par Julien R., le »): a sentence that mentions a date
  (« Enfin, le 9 mars 2013 les règles … ») is prose, not a byline;
* a line that marks its date as something else (a release, a prerelease, a
  tournament, an event: :data:`NOT_THE_DOCUMENT`), a labelled date line
  (``release_dates``) and a date line already reported unreadable are
  skipped;
* an impossible date in a byline field (« maj 31/02/2012 ») is reported
  (``unreadable_date``), never guessed.

Of several byline dates the document's date is the **latest** (the
:func:`parser.faq.document_date` rule for lists, as for changelog lines and
stamps): a header that gives two dates gives the first publication and a
later update, and the text reflects the rules as of its update — the date to
align it with the English edition in force.
"""
from __future__ import annotations

import re
from typing import Iterator

from kb.model import Document, ParseWarning
from parser.dates import document_date, find_dates

__all__ = ["MAX_WORDS", "NOT_THE_DOCUMENT", "byline_dates", "header_lines", "published_in_header"]

#: At most this many words besides the date in its field.
MAX_WORDS = 5

#: Words that mark a line's date as the date of something else than the document (also in the plural).
NOT_THE_DOCUMENT = re.compile(
    r"(?i)(?<![\w-])(?:sortie|sorti|sortira|sort\s+le|avant[- ]premi[eè]re|pr[ée][- ]?release|prerelease|"
    r"pré-?lancement|lancement|tournoi|championnat|[ée]v[éè]nement|disponible|inscriptions?|aura\s+lieu)"
    r"s?(?![\w-])")

#: The marks between a header line's fields.
_FIELD_MARKS = re.compile(r"[—–|•·>›»«()\[\]]|\s-\s|\s/\s")
_WORD = re.compile(r"[^\W_]+(?:['’.][^\W_]+)*")


#: The header region reads at most this many lines under the title, and a
#: document without content at most this many lines.
UNDER_TITLE, NO_CONTENT = 10, 200


def header_lines(doc: Document, text: str) -> list[tuple[int, str]]:
    """(line number, text) of the header region of ``doc`` whose text is ``text``."""
    content = [n.line for n in (*doc.rules, *doc.cards, *doc.notes, *doc.sections) if n.line]
    if not content:
        return list(_first_blocks(text.split("\n", NO_CONTENT)[:NO_CONTENT], 2))
    first = min(content)
    lines = text.split("\n", first + UNDER_TITLE)[:first + UNDER_TITLE]
    region = [(i, lines[i - 1]) for i in range(1, min(first, len(lines) + 1))]
    if doc.sections and doc.sections[0].line == first:
        starts = set(content)
        for i in range(first + 1, len(lines) + 1):
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


def byline_dates(doc: Document, text: str) -> list[dict]:
    """The byline dates of the header region of ``doc`` (``text``: its text),
    each ``{"text", "date", "line"}``; an impossible one becomes an
    ``unreadable_date`` warning of ``doc``."""
    skipped = {w.line for w in doc.warnings if w.type == "unreadable_date"}
    labelled = [(d.get("label", ""), d.get("text", "")) for d in doc.metadata.get("release_dates", [])]
    found = []
    for number, line in header_lines(doc, text):
        if number in skipped or NOT_THE_DOCUMENT.search(line) or any(
                label in line and when in line for label, when in labelled):
            continue
        for date in _field_dates(line):
            if date.date is None:
                doc.warnings.append(ParseWarning(
                    doc.path or doc.id, number, date.start + 1, line.rstrip(),
                    f"« {date.text} » in the page's header is no date: the document's date stays unknown",
                    "unreadable_date"))
            else:
                found.append({"text": line.strip(), "date": date.date, "line": number})
    return found


def _field_dates(line: str):
    """The dates of ``line`` that fill a field of it (at most MAX_WORDS other words)."""
    cuts = [0, *(p for m in _FIELD_MARKS.finditer(line) for p in (m.start(), m.end())), len(line)]
    fields = [(cuts[i], cuts[i + 1]) for i in range(0, len(cuts) - 1, 2)]
    for date in find_dates(line):
        start, end = next(((s, e) for s, e in fields if s <= date.start and date.end <= e), (None, None))
        if start is None:
            continue
        rest = line[start:date.start] + " " + line[date.end:end]
        if len(_WORD.findall(rest)) <= MAX_WORDS:
            yield date


def published_in_header(doc: Document, text: str, patterns: list[re.Pattern]) -> None:
    """A ``published`` date comes from the header region: the first header line
    ``patterns`` match (the grammar's PUBLISHED and DATED_LINE terminals) gives
    it; one only written after the content (replies' « Posté le … ») is kept
    as ``published_after_content``, never the document's date."""
    if "published" not in doc.metadata:
        return
    header = header_lines(doc, text)
    first = next((line for _, line in header if any(p.match(line + "\n") for p in patterns)), None)
    if first is not None:
        doc.metadata["published"] = document_date(first)
        return
    end = header[-1][0] if header else 0
    later = text.split("\n")[end:]
    if any(p.match(line + "\n") for line in later for p in patterns):
        doc.metadata["published_after_content"] = doc.metadata.pop("published")
