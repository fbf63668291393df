"""Tables drawn in plain text, laid out for the document grammar as Markdown tables.

A shop's price list or buylist printed as text draws its table with spaces or bars, not Markdown:

* columns aligned with spaces under a header row (« Nom FR      Nom EN      Éd.   Coût   Type … »), a rule of
  dashes under it or not: each row is cut where the header's labels start;
* cells between « | » without the outer bars (« #  | Carte   | Coût | Type   | F/E | … »), a rule of dashes and
  « + » under the header row (« ----+------+----- »).

A header row whose labels name a record's name and its cost or type line (parser/faq_tables.py reads the labels),
and the rows under it, are written as the Markdown table the grammar's ``table_card`` reads (« | Nom | Coût | … | »,
« |---| », rows), each line keeping the (line, column) of the page it comes from.  A cell of a dash alone
(« — », no P/T) is an empty cell.  Any other line is left as it is.
"""
from __future__ import annotations

import re
from typing import Optional

Placed = tuple[str, tuple[int, int]]

#: Two spaces or more between a header row's labels.
_WIDE = re.compile(r"[ \t]{2,}")
#: A rule of dashes (« ------ », « ----+------+---- », « ===== »).
_RULE = re.compile(r"[ \t]*[-=]{3,}[-=+ \t]*")
#: Labels the header of a text table has, a name column first of all (« Nom FR   …   Coût   Type »), and what may
#: be before it on its line.
_HEAD_WORDS = ("Nom", "Carte", "Name", "NOM")
_AFTER_NAME = re.compile(r"\b[^\n]*(?:Co[uû]t|Type|COÛT|TYPE)")


def has_text_table(text: str) -> bool:
    """Whether a line of ``text`` starts (after spaces, « # », « | ») with a name column's label and has a cost or type
    column after it (each label found as a string, the quickest scan of a whole text)."""
    for word in _HEAD_WORDS:
        at = text.find(word)
        while at >= 0:
            start = text.rfind("\n", 0, at) + 1
            if not text[start:at].strip(" \t#|") and _AFTER_NAME.match(text, at + len(word)):
                return True
            at = text.find(word, at + 1)
    return False


def _kinds(labels: list[str]) -> bool:
    from parser.faq_tables import columns
    kinds = columns("|".join(labels))
    return "name" in kinds and ("cost" in kinds or "type" in kinds)


def _aligned_header(text: str) -> Optional[list[int]]:
    """The columns' starts of a header row of labels between wide spaces, or None."""
    if "|" in text or "\t" in text:
        return None
    starts = [0 if m.start() == 0 and not text[:1].isspace() else m.end() for m in re.finditer(r"^|[ \t]{2,}", text)]
    starts = [s for s in starts if s < len(text.rstrip())]
    labels = [text[a:b].strip() for a, b in zip(starts, starts[1:] + [len(text)])]
    return starts if len(labels) >= 3 and all(labels) and _kinds(labels) else None


def _cut(text: str, starts: list[int]) -> Optional[list[str]]:
    """A row cut where the header's labels start, or None when a cell runs over the start of the next one."""
    if any(s < len(text) and text[s - 1] not in " \t" for s in starts[1:]):
        return None
    cells = [text[a:b].strip() for a, b in zip(starts, starts[1:] + [len(text)])]
    return ["" if cell in ("—", "–", "-") else cell.replace("|", "/") for cell in cells]


def _barred(text: str) -> Optional[list[str]]:
    """The cells of a row between bars without the outer ones (« 1  | Name | 2R »), or None."""
    if text.count("|") < 2 or text.lstrip()[:1] == "|":
        return None
    return ["" if c.strip() in ("—", "–", "-") else c.strip() for c in text.split("|")]


def _markdown(cells: list[str], where: tuple[int, int]) -> Placed:
    return "| " + " | ".join(cells) + " |", where


def _rows(lines: list[Placed], i: int, read, size: int) -> tuple[list[Placed], int]:
    """The rows of ``size`` cells under a header at ``i`` (a rule under it skipped), read by ``read``, and the index
    after them."""
    out, j = [], i + 1
    if j < len(lines) and _RULE.fullmatch(lines[j][0]):
        j += 1
    while j < len(lines) and lines[j][0].strip() and not _RULE.fullmatch(lines[j][0]):
        cells = read(lines[j][0])
        if cells is None or len(cells) != size:
            break
        out.append(_markdown(cells, lines[j][1]))
        j += 1
    return out, j


def lay_out_text_tables(lines: list[Placed]) -> list[Placed]:
    """``lines`` with every text table under a header row that names its columns written as a Markdown table."""
    out: list[Placed] = []
    i = 0
    while i < len(lines):
        text, where = lines[i]
        barred = _barred(text) if "|" in text else None
        starts = None if barred else _aligned_header(text) if "  " in text else None
        if barred and _kinds(barred):
            heads, read = barred, _barred
        elif starts:
            heads, read = _cut(text, starts), (lambda row, s=starts: _cut(row, s))
        else:
            out.append(lines[i])
            i += 1
            continue
        rows, j = _rows(lines, i, read, len(heads))
        if not rows:
            out.append(lines[i])
            i += 1
            continue
        out += [_markdown(heads, where), ("|" + "---|" * len(heads), where)] + rows
        i = j
    return out
