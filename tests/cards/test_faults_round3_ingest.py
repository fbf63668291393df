"""Faults, round 3 (issue 26): a card with a value of the wrong type costs
that card only (named with its set file and card name), never the build."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.cli.main import main


def _card(name: str, **over) -> dict:
    card = {"name": name, "manaCost": "{1}{G}", "manaValue": 2, "type": "Creature — Elf", "types": ["Creature"],
            "subtypes": ["Elf"], "colors": ["G"], "text": "Trample", "keywords": ["Trample"],
            "power": "1", "toughness": "1", "number": "1", "layout": "normal"}
    card.update(over)
    return card


@pytest.mark.parametrize("bad, message", [
    ({"manaCost": ["{G}"]}, "'manaCost' is a list, not text"),
    ({"power": {"x": 1}}, "'power' is an object, not text"),
    ({"text": 3}, "'text' is a number, not text"),
    ({"subtypes": [None, 3]}, "'subtypes' holds null, not only texts"),
    ({"keywords": [1, 2]}, "'keywords' holds a number, not only texts"),
])
def test_a_card_with_a_wrong_value_costs_that_card(tmp_path, bad, message):
    folder = tmp_path / "mtgjson"
    folder.mkdir()
    cards = [_card("Good Elf"), _card("Bad Elf", **bad), _card("Other Elf", number="2")]
    (folder / "TST.json").write_text(json.dumps({"data": {"code": "TST", "name": "Test", "releaseDate": "2008-01-01",
                                                          "type": "expansion", "cards": cards}}), encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "-q", "--mtgjson", str(folder), "--json",
                                       "--data-dir", str(tmp_path / "kb")])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["cards"]["cards"] == 2
    errors = [e for e in report["errors"] if "Bad Elf" in e]
    assert errors == [f"MTGJSON: {folder / 'TST.json'} (set TST): card 'Bad Elf': {message}; card skipped"]
    card = CliRunner().invoke(main, ["card", "Other Elf", "--json", "--data-dir", str(tmp_path / "kb")])
    assert card.exit_code == 0
    assert (json.loads(card.stdout)["name"], json.loads(card.stdout)["mana_cost"]) == ("Other Elf", "{1}{G}")
