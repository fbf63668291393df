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


def assert_french_golden(doc, rel: str, request) -> None:
    """Compare a parsed French fixture ``tests/fixtures/french/<rel>.txt`` with
    ``tests/golden/french/<rel>.json`` (written instead with ``--update-golden``);
    its path and warnings' file are made relative first."""
    import json

    from tests.conftest import GOLDEN

    got = doc.to_dict()
    got["path"] = f"fixtures/french/{rel}.txt"
    for w in got["warnings"]:
        w["file"] = got["path"]
    path = GOLDEN / "french" / f"{rel}.json"
    if request.config.getoption("--update-golden"):
        path.write_text(json.dumps(got, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    golden = json.loads(path.read_text(encoding="utf-8"))
    assert as_golden(got, golden) == golden
