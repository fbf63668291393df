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


# ------------------------------------------------------------ kb/checker: no rule numbers, no constant answers

CHECKER = ROOT / "kb" / "checker"
#: A rule number (« 613.4c », « 702.95 »), not a date or a decimal.
RULE_NUMBER = re.compile(r"(?<![\d.])\d{3}\.\d+[a-z]?(?![\d.])")
#: Checker modules not yet clean, each named with its owner's work in progress
#: (issue 22).  Empty: no module of kb/checker/ holds a rule number.
RULE_NUMBERS_EXEMPT: set[str] = set()


def _code_strings(tree: ast.AST) -> list[ast.Constant]:
    """String constants of ``tree``, f-string parts included, that are not
    docstrings (a string standing alone as a statement documents the code)."""
    docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
    return [n for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in docs]


def test_no_rule_numbers_in_checker_code():
    """Rule numbers come from corpus/terms/rule_concepts.tsv and the rule
    history (kb/checker/numbering.py), never from the checker's code;
    comments and docstrings may cite rules."""
    found = [f"{rel(p)}:{n.lineno} {m}" for p in sorted(CHECKER.glob("*.py")) if rel(p) not in RULE_NUMBERS_EXEMPT
             for n in _code_strings(ast.parse(p.read_text(encoding="utf-8")))
             for m in RULE_NUMBER.findall(n.value)]
    assert found == []


def test_the_rule_number_check_reads_strings_not_docstrings():
    tree = ast.parse('"""613.4c in a docstring."""\nX = "613.4c"\nY = f"rule 702.{n}a {z} 120.3e"\n# 704.5f\n')
    assert [m for n in _code_strings(tree) for m in RULE_NUMBER.findall(n.value)] == ["613.4c", "120.3e"]
    assert RULE_NUMBER.findall("2009-07-11, 1.5, 2026.01") == []


def _answers_by_polarity_only(node: ast.AST) -> bool:
    """Whether a returned expression is a constant once the claim's own
    words are read: only constants and ``polarity(…)``/``count(…)`` of the tree."""
    class Reads(ast.NodeVisitor):
        model = False

        def visit_Call(self, call):
            f = call.func
            if (f.id if isinstance(f, ast.Name) else getattr(f, "attr", "")) not in ("polarity", "count"):
                self.model = True

        def visit_Name(self, _):
            self.model = True

        visit_Attribute = visit_Subscript = visit_Name

    reads = Reads()
    reads.visit(node)
    return not reads.model


def _returns(fn: ast.FunctionDef) -> list[ast.Return]:
    return [n for n in ast.walk(fn) if isinstance(n, ast.Return) and n.value is not None]


def test_no_claim_form_returns_a_constant():
    """Every handler of kb.checker.forms.ClaimForms decides its claim by
    running the model on the claim's situation or on an instance it names:
    none returns True/False, or the claim's polarity, as such."""
    tree = ast.parse((CHECKER / "forms.py").read_text(encoding="utf-8"))
    forms = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "ClaimForms")
    handlers = [n for n in forms.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")]
    constant = [f"{fn.name}:{r.lineno} return {ast.unparse(r.value)}" for fn in handlers for r in _returns(fn)
                if _answers_by_polarity_only(r.value)]
    assert len(handlers) > 30 and constant == []


def test_no_checker_function_always_answers_the_same():
    """No function of kb/checker/ returns one same bool whatever it is given
    (the way a general claim form used to: ``pairing_targets() -> False``)."""
    always = []
    for p in sorted(CHECKER.glob("*.py")):
        for fn in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(fn, ast.FunctionDef):
                values = {r.value.value if isinstance(r.value, ast.Constant) else "model" for r in _returns(fn)}
                if values and values <= {True} or values == {False}:
                    always.append(f"{rel(p)}:{fn.lineno} {fn.name}")
    assert always == []


def test_the_constant_answer_checks_catch_constants():
    src = ("def a(self, tree):\n    return not polarity(tree.children[0])\n"
           "def b(self, tree):\n    return soulbond.pair(x, y) == polarity(tree.children[0])\n")
    a, b = ast.parse(src).body
    assert _answers_by_polarity_only(_returns(a)[0].value) and not _answers_by_polarity_only(_returns(b)[0].value)


def test_every_package_is_in_the_wheel():
    """Each folder of kb/ and parser/ holding an __init__.py is listed in pyproject.toml's packages,
    so the wheel and `pip install .` ship it (the editable install would hide a missing one)."""
    import tomllib

    declared = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for top in ("kb", "parser") for p in (ROOT / top).rglob("__init__.py")
             if "data" not in p.parent.relative_to(ROOT).parts[1:]}
    assert found - declared == set()
