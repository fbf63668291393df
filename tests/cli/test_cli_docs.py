"""docs/cli.md is the `--help` of every command, as kb.cli.reference writes it."""
from __future__ import annotations

from kb.cli.main import main
from kb.cli.reference import reference
from tests.conftest import ROOT


def test_cli_reference_is_current():
    written = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert written == reference(), \
        "docs/cli.md is out of date: regenerate it with `python -m kb.cli.reference > docs/cli.md`"


def test_reference_covers_every_command():
    text = reference()
    for name in main.commands:
        assert f"## `kb {name}`" in text and f"Usage: kb {name} [OPTIONS]" in text
    assert "--edition TEXT        Edition (effective date, YYYY-MM-DD) or document id." in text
    assert "-h, --help" in text
