"""Tables copied with a delimiter between their cells, laid out for the document grammar as Markdown tables.

An app's or a spreadsheet's export pastes a table as lines of cells between tabs (« Nom<TAB>Édition<TAB>Coût
<TAB>Type<TAB>F/E ») or, saved as CSV, between semicolons, a cell holding the delimiter in double quotes
(« Nom;Nom VO;Coût;Type;F;E;Texte », « …;"Vol. Quand …" »).  A header row whose labels name a record's name and
its cost or type line (parser/faq_tables.py reads the labels), and the rows under it with as many cells, are
written as the Markdown table the grammar's ``table_card`` reads (« | Nom | Coût | … | », « |---| », rows), each
line keeping the (line, column) of the page it comes from.  Any other line is left as it is.
"""
from __future__ import annotations

import csv
from typing import Optional

Placed = tuple[str, tuple[int, int]]

#: The delimiters of a copied table, and the least of them a header row holds.
DELIMITERS = ("\t", ";")
_LEAST = 2


#: A CSV header's name column beside a semicolon (literal searches: « ; » alone is in any prose).
_CSV_NAME_MARKS = ("Nom;", "nom;", ";Nom", ";nom", "Name;", ";Name", "Carte;", ";Carte", "NOM;", ";NOM")


def has_delimited(text: str) -> bool:
    """A text that may hold such a table: a tab, or a semicolon beside a name column's label."""
    return "\t" in text or ";" in text and any(mark in text for mark in _CSV_NAME_MARKS)


def _cells(text: str, delimiter: str) -> list[str]:
    if delimiter == "\t":               # (empty cells at the row's end are cells)
        return [cell.strip() for cell in text.strip(" \r\n").split("\t")]
    if '"' not in text:
        return [cell.strip() for cell in text.strip().split(delimiter)]
    return [cell.strip().replace("|", "/") for cell in next(csv.reader([text.strip()], delimiter=delimiter))]


def _header(text: str) -> Optional[tuple[list[str], str]]:
    """The labels of a header row and its delimiter, or None: a line with no table's header."""
    from parser.faq_tables import columns
    for delimiter in DELIMITERS:
        if text.count(delimiter) < _LEAST:
            continue
        heads = _cells(text, delimiter)
        if " : " in heads[0]:            # « Colonnes : Qté<TAB>Nom<TAB>… »: the page's label before the first head
            heads[0] = heads[0].rpartition(" : ")[2].strip()
        kinds = columns("|".join(heads))
        if "name" in kinds and ("cost" in kinds or "type" in kinds):
            return heads, delimiter
    return None


def lay_out_delimited(lines: list[Placed]) -> list[Placed]:
    """``lines`` with every delimited table under a header row that names its columns written as a Markdown table."""
    out: list[Placed] = []
    i = 0
    while i < len(lines):
        text, where = lines[i]
        header = _header(text) if any(mark in text for mark in DELIMITERS) else None
        if header is None:
            out.append(lines[i])
            i += 1
            continue
        heads, delimiter = header
        out += [("| " + " | ".join(heads) + " |", where), ("|" + "---|" * len(heads), where)]
        i += 1
        if i + 1 < len(lines) and not lines[i][0].strip() and len(_cells(lines[i + 1][0], delimiter)) == len(heads):
            i += 1                       # (a blank line between the header row and the rows)
        while i < len(lines) and lines[i][0].strip():
            row, end = _quoted_row(lines, i) if delimiter == ";" else (lines[i][0], i + 1)
            if len(_cells(row, delimiter)) != len(heads):
                break
            out.append(("| " + " | ".join(_cells(row, delimiter)) + " |", lines[i][1]))
            i = end
    return out


def _quoted_row(lines: list[Placed], i: int) -> tuple[str, int]:
    """A CSV row from line ``i``: a quoted cell that holds line ends goes on in the next lines (its line ends as
    spaces); the row and the index after it."""
    row, j = lines[i][0], i + 1
    while row.count('"') % 2 and j < len(lines) and j - i < 12:
        row, j = f"{row} {lines[j][0].strip()}", j + 1
    return (row, j) if row.count('"') % 2 == 0 else (lines[i][0], i + 1)
