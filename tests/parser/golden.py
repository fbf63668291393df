"""Comparing a parse with its golden file.

Model fields are added, never renamed or dropped (the public contract), so a
golden file written before a field existed stays valid: a key the golden file
does not have must hold that field's empty value (None, "", [], {}) in the
parse, and is then left out of the comparison.  Every key the golden file
has is compared exactly.
"""
from __future__ import annotations

_EMPTY = (None, "", [], {})


def as_golden(got, golden):
    """``got`` without the keys ``golden`` lacks whose values are empty,
    recursively through dicts and lists of dicts."""
    if isinstance(got, dict) and isinstance(golden, dict):
        return {k: as_golden(v, golden[k]) if k in golden else v
                for k, v in got.items() if k in golden or v not in _EMPTY}
    if isinstance(got, list) and isinstance(golden, list) and len(got) == len(golden):
        return [as_golden(g, h) for g, h in zip(got, golden)]
    return got
