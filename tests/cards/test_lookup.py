"""`kb card` name look-ups: faces in both languages, hyphens and spaces
folded, ambiguous prefixes listed, closest names suggested (rapidfuzz)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.cards.lookup import CardNotFound, lookup_card
from kb.cards.names import match_name, suggest_names
from parser.textkeys import loose_name
from kb.cli.main import main
from kb.store import db as store
from tests.conftest import build_with_card_subset

pytestmark = pytest.mark.corpus

SETS = ("CMD", "MRD", "M11", "SHM")


@pytest.fixture(scope="module")
def kb_dir(tmp_path_factory):
    return build_with_card_subset(tmp_path_factory.mktemp("lookupkb"), SETS)


@pytest.fixture(scope="module")
def conn(kb_dir):
    c = store.connect(kb_dir)
    yield c
    c.close()


def test_loose_name_folds_hyphens_and_spaces():
    assert loose_name("Élémental de vif-argent") == loose_name("elemental de vif argent") == "elementaldevifargent"


@pytest.mark.parametrize("name", ["Feu", "Fire", "Glace", "Ice", "Fire // Ice", "feu // glace"])
def test_every_face_name_in_both_languages(conn, name):
    assert lookup_card(conn, name)["english"]["name"] == "Fire // Ice"


def test_hyphen_and_space_folded(conn):
    assert lookup_card(conn, "elemental de vif argent")["english"]["name"] == "Quicksilver Elemental"
    assert match_name(conn, "quicksilver-elemental").cards == ["Quicksilver Elemental"]


def test_ambiguous_prefix_lists_candidates(conn):
    with pytest.raises(CardNotFound) as err:
        lookup_card(conn, "Jace")
    assert {"Jace Beleren", "Jace's Erasure"} <= set(err.value.candidates)
    assert "Jace Beleren" in str(err.value)


@pytest.mark.parametrize("typed, meant", [("Beseach the Quen", "Beseech the Queen"),
                                          ("Implorrer la reine", "Implorer la reine")])
def test_closest_names_suggested(conn, typed, meant):
    assert suggest_names(conn, typed)[0] == meant
    with pytest.raises(CardNotFound) as err:
        lookup_card(conn, typed)
    assert meant in err.value.suggestions and meant in str(err.value)


def test_cli_card_face_and_suggestion(kb_dir):
    run = CliRunner().invoke
    out = run(main, ["card", "Feu", "--json", "--data-dir", str(kb_dir)])
    assert out.exit_code == 0 and json.loads(out.output)["english"]["name"] == "Fire // Ice"
    miss = run(main, ["card", "Beseach the Quen", "--data-dir", str(kb_dir)])
    assert miss.exit_code == 1 and "Beseech the Queen" in miss.output


def test_doubtful_french_fields_flagged():
    from kb.cards.frenchcheck import doubtful_fields

    assert doubtful_fields("Éphémère", "Piochez une carte.") == []
    assert doubtful_fields("Créature : élémental", "Vol") == []
    assert doubtful_fields("Engagez le permanent ciblé.", "Piochez une carte.\nFranz Vohwinkel",
                           artist="Franz Vohwinkel") == ["type_line", "text"]
    assert doubtful_fields("Creature — Avatar", "Whenever you gain life, put a +1/+1 counter on target creature.") \
        == ["type_line", "text"]


def test_fire_ice_bad_printing_not_shown(kb_dir):
    out = CliRunner().invoke(main, ["card", "Fire // Ice", "--data-dir", str(kb_dir)])
    assert out.exit_code == 0, out.output
    assert "Franz Vohwinkel" not in out.output and "Engagez le permanent ciblé." not in out.output
    assert "[?]" in out.output
    data = json.loads(CliRunner().invoke(main, ["card", "Fire // Ice", "--json", "--data-dir", str(kb_dir)]).output)
    ice = [t for t in data["english"]["french"] if t["side"] == "b"]
    assert ice and all({"type_line", "text"} <= set(t["doubtful"]) for t in ice)
