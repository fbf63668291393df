"""Shared fixtures and the two markers of the suite.

Markers (registered in pyproject.toml, ``--strict-markers``):

* ``corpus`` -- the test reads the shared corpus: ``../shared/corpus`` next to
  the project, or the directory named by ``KB_SHARED_CORPUS``.  Without it the
  test skips, saying which path is missing.  Tests using the fixtures of
  ``CORPUS_FIXTURES`` are marked by :func:`pytest_collection_modifyitems`;
  others carry the marker themselves, and :func:`require_shared` fails a test
  that reads the corpus without it, so ``-m "not corpus"`` never touches it.
* ``browser`` -- the test drives a real Chromium (tests/site/test_browser.py).

``pytest -m "not corpus and not browser"`` is the fast part of the suite.

Fixtures:

* ``seed_docs`` -- the four seed documents parsed once.
* ``seed_kb`` -- data directory of a knowledge base built from the seeds.
* ``cr_editions`` -- every English Comprehensive Rules edition of the corpus,
  ``{file date: Edition}``, each parsed once per session when first read.
* ``full_kb`` -- data directory of the knowledge base of the seeds, every
  edition and every MTGJSON set file, built once per session by
  :func:`kb.build.build` (rule history, French alignment, card links);
  ``full_kb_db`` is its SQLite file, ``full_kb_conn`` a connection to it for
  one test module (closed, and anything it did not commit rolled back, when
  the module ends).
"""
from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "seeds"
TESTS = ROOT / "tests"
GOLDEN = TESTS / "golden"          # golden files of parses of real documents
FIXTURES = TESTS / "fixtures"      # truth tables and claim/query sets written for the tests
ARTIFACTS = TESTS / "artifacts"    # screenshots of the browser test (not committed)
SHARED_CORPUS = Path(os.environ.get("KB_SHARED_CORPUS", ROOT.parent / "shared" / "corpus"))

SOULBOND = "000_a77091c15e8840d5"
SOMBRELANDE = "001_b5a1e1d9799bc96e"
LINKED = "002_f6a566c3e70ee678"
BANDING = "004_1ad7f9fe6443779b"

CORPUS_FIXTURES = frozenset({"cr_editions", "full_kb", "full_kb_db", "full_kb_conn"})

_running: list[pytest.Item] = []       # the test being set up, run or torn down


def require_shared(*parts: str) -> Path:
    """Path inside the shared corpus, or skip the test saying what is missing.

    Fails a running test that is not marked ``corpus``."""
    if _running and _running[0].get_closest_marker("corpus") is None:
        pytest.fail(f"{_running[0].nodeid} reads the shared corpus: mark it with @pytest.mark.corpus")
    path = SHARED_CORPUS.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared corpus not available: {path} is missing (it is present in CI)")
    return path


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="Rewrite golden files from the current parser output.")


def pytest_collection_modifyitems(items):
    for item in items:
        if CORPUS_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.corpus)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    _running[:] = [item]
    yield
    _running.clear()


# ---------------------------------------------------------------- seeds

@pytest.fixture(scope="session")
def seed_docs():
    from parser.faq import parse_document

    return {p.stem: parse_document(p) for p in sorted(SEEDS.glob("*.txt"))}


@pytest.fixture(scope="session")
def seed_kb(tmp_path_factory):
    """Data directory of a knowledge base built from the seeds."""
    from kb.build import build

    data_dir = tmp_path_factory.mktemp("kb")
    build(data_dir)
    return data_dir


# ---------------------------------------------------------------- shared corpus

class Editions(Mapping):
    """The editions of a directory of CR files, keyed by file name date,
    each parsed on first access and kept."""

    def __init__(self, directory: Path):
        self.files = {p.stem: p for p in sorted(directory.glob("*.txt"))}
        self.parsed: dict = {}

    def __getitem__(self, date: str):
        if date not in self.parsed:
            from parser.cr import parse_cr

            self.parsed[date] = parse_cr(self.files[date])
        return self.parsed[date]

    def __iter__(self) -> Iterator[str]:
        return iter(self.files)

    def __len__(self) -> int:
        return len(self.files)


@pytest.fixture(scope="session")
def cr_editions() -> Editions:
    return Editions(require_shared("cr", "en"))


@pytest.fixture(scope="session")
def full_kb(tmp_path_factory) -> Path:
    from kb.build import build

    prebuilt = os.environ.get("KB_TEST_FULL_KB")   # a developer's full build, reused (never set in CI)
    if prebuilt:
        return Path(prebuilt)
    cr = require_shared("cr", "en")
    mtgjson = require_shared("cards", "mtgjson")
    data_dir = tmp_path_factory.mktemp("full") / "kb"
    build(data_dir, cr=[cr], mtgjson=mtgjson)
    return data_dir


@pytest.fixture(scope="session")
def full_kb_db(full_kb) -> Path:
    from kb.store import db as store

    return store.current_dir(full_kb) / store.DB_NAME


@pytest.fixture(scope="module")
def full_kb_conn(full_kb_db):
    conn = sqlite3.connect(full_kb_db)
    yield conn
    conn.close()


def build_with_card_subset(tmp: Path, sets, **build_kwargs) -> Path:
    """Build a knowledge base (seeds + ``build_kwargs``) with only the MTGJSON
    set files ``sets`` of the shared corpus; returns its data directory."""
    from kb.build import build

    mtgjson = require_shared("cards", "mtgjson")
    subset = tmp / "mtgjson"
    subset.mkdir()
    for code in sets:
        (subset / f"{code}.json").symlink_to(mtgjson / f"{code}.json")
    build(tmp / "kb", mtgjson=subset, **build_kwargs)
    return tmp / "kb"
