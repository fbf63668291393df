"""Shared fixtures.

* ``SHARED_CORPUS`` -- ``../shared/corpus`` next to the project; tests that need
  it use :func:`require_shared` and skip with a clear reason when it is absent
  (it is present in CI, where they run).
* ``seed_docs`` -- the four seed documents parsed once.
* ``seed_kb`` -- a knowledge base built from the seeds in a temporary data dir.
"""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "seeds"
SHARED_CORPUS = ROOT.parent / "shared" / "corpus"

SOULBOND = "000_a77091c15e8840d5"
SOMBRELANDE = "001_b5a1e1d9799bc96e"
LINKED = "002_f6a566c3e70ee678"
BANDING = "004_1ad7f9fe6443779b"


def require_shared(*parts: str) -> Path:
    """Path inside ../shared/corpus, or skip the test saying what is missing."""
    path = SHARED_CORPUS.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared corpus not available: {path} is missing (it is present in CI)")
    return path


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


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="Rewrite golden files from the current parser output.")


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
