"""Records in a Markdown table (``table_card`` of parser/grammars/faq.lark):
the header row names the columns, in any order (« Nom », « Coût », « Type »,
« F/E » or « F » and « E », « Texte », « CCM », « Nom VO »…); each row is a record, read field by
field with the same checks as any record (the name never a label, a cost or a
type line; the cost by the mana grammar; the type line by the cardface
grammar).  A row that fails them stays text, with a warning."""
from __future__ import annotations

import re
from typing import Optional

#: A column's label (folded to lower case) -> the record field it holds.
COLUMNS = {
    "name": re.compile(r"nom|carte|name|nom de la carte|nom français|nom fr|nom vf"),
    "cost": re.compile(r"co[uû]t|co[uû]t de mana|mana|cost|mana cost"),
    "type": re.compile(r"types?|ligne de type|type line"),
    "pt": re.compile(r"f ?/ ?e|fe|force ?/ ?endurance|p ?/ ?t|force et endurance"),
    "power": re.compile(r"f|force|p|power"),              # (the P/T in two columns: « F;E », « Force | Endurance »)
    "toughness": re.compile(r"e|endurance|t|toughness"),
    "mv": re.compile(r"ccm|vm|cmc|valeur de mana|mana value|co[uû]t converti(?: de mana)?"),
    "text": re.compile(r"texte|text|capacités?|texte de règles|effet"),
}


def cells(row: str) -> list[str]:
    """The cells of a table row: « | a | b | » -> [« a », « b »]."""
    row = row.strip()
    row = row[1:] if row.startswith("|") else row
    row = row[:-1] if row.endswith("|") else row
    return [c.strip() for c in row.split("|")]


def columns(header: str) -> list[Optional[str]]:
    """What each column of a header row holds (None: a column the model has no field for)."""
    out: list[Optional[str]] = []
    for label in cells(header):
        folded = label.strip("*_ ").lower()
        out.append(next((field for field, pattern in COLUMNS.items() if pattern.fullmatch(folded)), None))
    return out
