"""``kb term`` on the full knowledge base (issue 24): designations and
keywords newer than most French printings, articles alike, several senses,
homonyms left out, and a term only old editions have."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.cli.main import main

pytestmark = pytest.mark.corpus


def term(query, data_dir):
    result = CliRunner().invoke(main, ["term", query, "--json", "--data-dir", str(data_dir)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def numbers(sense):
    return [r["number"] for r in sense["rules"]]


def test_new_terms_found(full_kb):
    monarch = term("monarque", full_kb)
    assert [(p["en"], p["fr"]) for p in monarch["pairs"]] == [("the monarch", "le monarque")]
    assert numbers(monarch["senses"][0]) == ["724.1", "724.2", "724.3", "724.4", "724.5"]
    assert "Skyline Despot" in {c["name"] for c in monarch["cards"]}
    toxic = term("toxique", full_kb)
    assert toxic["pairs"][0]["en"] == "Toxic" and "702.164a" in numbers(toxic["senses"][0])
    assert numbers(term("the initiative", full_kb)["senses"][0])[:1] == ["725.1"]
    # the seed's own wording, « l'état » where the pair says « un état »
    sba = term("effet basé sur l'état", full_kb)
    assert sba["pairs"][0]["en"] == "state-based effect"
    assert [(r["number"], r["source"]) for r in sba["rules"]] == [("212.3g", "001_b5a1e1d9799bc96e")]


def test_initiative_has_two_senses(full_kb):
    t = term("initiative", full_kb)
    assert [s["pair"]["en"] for s in t["senses"]] == ["First strike", "the initiative"]
    first, designation = t["senses"]
    assert "702.7b" in numbers(first) and not any(n.startswith("725") for n in numbers(first))
    assert numbers(designation) == ["725.1", "725.2", "725.3", "725.4", "725.5"]
    assert first["card_total"] == 282


def test_defender_not_defending_player(full_kb):
    t = term("défenseur", full_kb)
    assert "502.11c" not in numbers(t["senses"][0])        # « le joueur défenseur choisit »
    assert numbers(t["senses"][0]) == ["615.10", "702.3", "702.3a", "702.3b", "702.3c"]


def test_mana_burn_in_the_editions_that_had_it(full_kb):
    t = term("brûlure de mana", full_kb)
    burn = {r["number"]: r for r in t["rules"]}
    assert set(burn) == {"300.3", "300.4", "408.2g", "507.4"}
    assert burn["300.3"]["editions"][0] == "2003-07-01" and burn["300.3"]["editions"][-1] == "2009-05-01"
    text = CliRunner().invoke(main, ["term", "brûlure de mana", "--data-dir", str(full_kb)]).output
    assert "300.3 (2003-07-01 … 2009-05-01, 21 editions)" in text
