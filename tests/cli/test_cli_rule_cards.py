"""``kb rule N --cards`` and the cards of ``kb term`` on the full knowledge
base (issue 24): the cards a rule describes, listed, in JSON and linked."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.cli.main import main

pytestmark = pytest.mark.corpus


def run(*args, data_dir, code=0):
    result = CliRunner().invoke(main, [*args, "--data-dir", str(data_dir)], catch_exceptions=False)
    assert result.exit_code == code, result.output
    return result.output


def test_rule_607_cards_json(full_kb):
    d = json.loads(run("rule", "607", "--json", data_dir=full_kb))
    assert d["card_family"] == {"key": "linked", "en": "Linked abilities", "fr": "Capacités liées"}
    assert len(d["cards"]) == 430
    probation = next(c for c in d["cards"] if c["name"] == "Academic Probation")
    assert probation == {"name": "Academic Probation", "name_fr": "Période d'essai universitaire",
                         "matched": "« the chosen name »"}
    linked = [l for l in d["card_links"] if l.get("via") == "family"]
    assert len(linked) == 430 and linked[0]["start"] is None
    # the links found in the text keep their offsets
    assert {"surface": "Paradise Plume", "name": "Paradise Plume", "start": 0, "end": 14} in \
        next(r for r in d["descendants"] if r["number"] == "607.4")["example_links"][0]


def test_rule_cards_text(full_kb):
    out = run("rule", "607", "--cards", data_dir=full_kb)
    assert "cards (430, Linked abilities):" in out
    assert "Academy Drake (Drakôn de l'Académie)  « If Academy Drake was kicked »" in out
    assert "cards: 22 (Persist; --cards lists them)" in run("rule", "702.79a", data_dir=full_kb)
    assert "cards: none" in run("rule", "100.1", "--cards", data_dir=full_kb)


def test_term_cards_fields(full_kb):
    d = json.loads(run("term", "persistance", "--json", data_dir=full_kb))
    assert d["card_total"] == 22
    assert d["cards"][0] == {"name": "Aerie Ouphes", "french_name": "Orphes de l'aérain",
                             "name_fr": "Orphes de l'aérain", "matched": "Persist"}
    linked = json.loads(run("term", "capacités liées", "--json", data_dir=full_kb))
    assert linked["card_total"] == 430


def test_rule_page_cards_are_links(full_kb):
    from kb.cli.common import open_conn
    from kb.site.render import Site

    site = Site(open_conn(full_kb), live=True)
    doc = next(d for d in site.links.documents if d.path == "fr/rules/607.html")
    html = site.render(site.contexts.document(doc))[1]
    assert "Capacités liées — 430 cartes" in html
    assert '<a href="../../card/academy-drake.html">Academy Drake</a>' in html
