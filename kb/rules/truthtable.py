"""Scoring the edition-to-edition maps against a truth table written by reading the editions.

A truth table (``tests/fixtures/history_truth*.yaml``) lists cases: rule ``number`` of edition
``from`` and the rules of the next edition ``to`` holding its content (``expect``, [] when its
content is nowhere in ``to``).  :func:`score` compares them with ``rule_maps``: precision and
recall over the successors (a vanished rule reported removed counts as one true positive), the
cases that differ, and the rules with a successor that the maps call removed.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path

import yaml


def load_cases(path: Path) -> list[dict]:
    """The cases of one truth table file."""
    return yaml.safe_load(Path(path).read_text(encoding="utf-8"))["cases"]


def predicted(conn: sqlite3.Connection, case: dict) -> set[str]:
    """The successors ``rule_maps`` gives the case's rule in the next edition."""
    rows = conn.execute("SELECT to_number FROM rule_maps WHERE from_edition=? AND to_edition=? "
                        "AND from_number=? AND to_number IS NOT NULL",
                        (str(case["from"]), str(case["to"]), case["number"])).fetchall()
    return {r[0] for r in rows}


def score(conn: sqlite3.Connection, cases: list[dict]) -> dict:
    """``{cases, precision, recall, misses, called_removed}``: ``misses`` lists (number, from,
    expected, predicted) of the cases that differ; ``called_removed`` the rules that have a
    successor but are mapped to nothing."""
    tp = fp = fn = 0
    misses, called_removed = [], []
    for c in cases:
        pred, exp = predicted(conn, c), set(c["expect"])
        if not pred and not exp:
            tp += 1
            continue
        tp += len(pred & exp)
        fp += len(pred - exp)
        fn += len(exp - pred)
        if pred != exp:
            misses.append((c["number"], str(c["from"]), sorted(exp), sorted(pred)))
        if exp and not pred:
            called_removed.append(f"{c['number']} ({c['from']})")
    return {"cases": len(cases), "precision": round(tp / (tp + fp), 3) if tp + fp else 1.0,
            "recall": round(tp / (tp + fn), 3) if tp + fn else 1.0, "misses": misses,
            "called_removed": called_removed}
