"""The score of a folder of tester pages against its truth.yaml: records whose name and cost are right,
and records found that the page does not show (spurious)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from parser.faq import parse_document
from parser.textkeys import fold_name


def _symbols(cost):
    return sorted(re.findall(r"\{([^}]+)\}", (cost or "").upper().replace(" ", "")))


@dataclass
class PagesScore:
    total: int = 0
    right: int = 0
    spurious: list = field(default_factory=list)     # (page, folded name)


def score(pages: Path) -> PagesScore:
    """Every page of ``pages`` parsed and compared with the records its ``truth.yaml`` lists."""
    result = PagesScore()
    for entry in yaml.safe_load((pages / "truth.yaml").read_text(encoding="utf-8")):
        found = {fold_name(r.name): r for r in parse_document(pages / entry["page"]).cards}
        wanted = {fold_name(c["name"]): c for c in entry["cards"]}
        result.total += len(wanted)
        result.right += sum(1 for k, c in wanted.items()
                            if k in found and _symbols(found[k].mana_cost) == _symbols(c["mana_cost"]))
        result.spurious += [(entry["page"], k) for k in found if k not in wanted]
    return result
