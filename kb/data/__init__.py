"""Files shipped inside the package, read with :mod:`importlib.resources`.

In the source tree they live at the top level (``seeds/``, ``templates/``,
``corpus/terms/``); ``pyproject.toml`` maps them to the packages
``kb.data.seeds``, ``kb.data.templates`` and ``kb.data.terms``, so an
editable install, ``pip install .`` and a wheel all find them the same way.
"""
from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def _directory(package: str) -> Path:
    root = files(package)
    if not isinstance(root, Path):  # pragma: no cover - zipped installs only
        raise RuntimeError(f"{package} is not on disk: install kb unpacked (pip install .)")
    return root


def seeds_dir() -> Path:
    """The four French documents of the embedded default corpus."""
    return _directory("kb.data.seeds")


def templates_dir() -> Path:
    """The Jinja2 templates and the style sheet of the HTML site."""
    return _directory("kb.data.templates")


def terms_dir() -> Path:
    """The term tables (``terms_fr_en.tsv``, ``search_expansions.tsv``) and the
    checker's rule concepts (``rule_concepts.tsv``)."""
    return _directory("kb.data.terms")
