"""The shape of the code base: the pipeline stages import one way, each fact
has one owner, modules and functions stay small enough to read."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGES = ("kb", "parser")
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 60


def sources() -> list[Path]:
    return sorted(p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py"))


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports (absolute names)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
    return found


def test_modules_and_functions_are_short():
    long_modules = [f"{rel(p)}: {n} lines" for p in sources()
                    if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES]
    long_functions = []
    for p in sources():
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = node.end_lineno - node.lineno + 1
                if n > MAX_FUNCTION_LINES:
                    long_functions.append(f"{rel(p)}:{node.lineno} {node.name}: {n} lines")
    assert long_modules == []
    assert long_functions == []


def test_parsers_depend_only_on_the_model():
    """raw text -> parser -> model: the parsers never reach into later stages."""
    for p in (ROOT / "parser").rglob("*.py"):
        later = {m for m in imported_modules(p) if m.startswith("kb") and not m.startswith("kb.model")}
        assert later == set(), rel(p)


def test_store_never_reads_later_stages():
    for p in (ROOT / "kb" / "store").rglob("*.py"):
        later = {m for m in imported_modules(p) if m.startswith("kb.")
                 and not m.startswith(("kb.model", "kb.store"))}
        assert later == set(), rel(p)


def test_whoosh_is_imported_by_one_module():
    users = [rel(p) for p in sources() if any(m.split(".")[0] == "whoosh" for m in imported_modules(p))]
    assert users == ["kb/search/index.py"]


def test_one_schema_owner_and_no_table_probes():
    """Every CREATE statement is in kb/store/schema.py; nothing asks whether a table exists."""
    creators, probes = [], []
    for p in sources():
        text = p.read_text(encoding="utf-8")
        if re.search(r"CREATE (TABLE|INDEX|UNIQUE INDEX|VIEW)", text):
            creators.append(rel(p))
        if "sqlite_master" in text or "OperationalError" in text:
            probes.append(rel(p))
    assert creators == ["kb/store/schema.py"]
    assert probes == []


def test_every_grammar_lives_in_parser_grammars():
    grammars = sorted(rel(p) for p in ROOT.glob("**/*.lark")
                      if not {".venv", "build"} & set(p.relative_to(ROOT).parts))
    assert grammars and all(g.startswith("parser/grammars/") for g in grammars), grammars


def test_resources_are_read_as_package_data():
    """No module finds its files through ``__file__``: seeds, templates, term
    tables and grammars come from importlib.resources, so an installed wheel works."""
    users = [rel(p) for p in sources() if "__file__" in p.read_text(encoding="utf-8")]
    assert users == []


@pytest.mark.parametrize("package", ["kb.data.seeds", "kb.data.templates", "kb.data.terms", "parser.grammars"])
def test_package_data_is_declared(package):
    """pyproject.toml lists every package whose files are read at run time."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'"{package}"' in text
