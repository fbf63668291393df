"""Cards in search results (issue 15): a card having the keyword ranks above
a card whose name (or whose text naming itself) merely shares the stem; one
card, one hit; one ruling document per ruling text, linked to every card it
is about; rulings kept out of the fields the main passes read."""
from __future__ import annotations

import json
import re

import pytest

from kb.search.documents import IndexDoc, without_names
from kb.search.fields import CURRENT_FIELDS, RULING_FIELDS, index_fields, text_fields
from kb.search.index import scope_filter
from kb.search.results import Result, group_cards
from kb.search.scope import Scope
from tests.conftest import build_with_card_subset, require_shared


def test_self_reference_blanked_from_the_indexed_text():
    text = "Quand vous lancez un sort historique, renvoyez le Fantôme persistant de votre cimetière."
    assert "persistant" not in without_names(text, ["Fantôme persistant"])
    assert "renvoyez le" in without_names(text, ["Fantôme persistant"])
    assert without_names("Persistance (Quand cette créature meurt…)", ["Gobelin putride"]) is None
    # a whole name only: « Ward » the word stays in « Flickering Ward »'s neighbours
    assert without_names("Return Flickering Ward to its owner's hand. Ward {2}", ["Flickering Ward"]) \
        == "Return   to its owner's hand. Ward {2}"


def _result(kind, ident, lang, card):
    return Result(kind=kind, id=ident, lang=lang, edition=None, source="mtgjson", score=1.0, snippet="",
                  title=ident, card=card)


def test_documents_of_one_card_fold_into_one_hit():
    rs = [_result("card", "Foudre", "fr", "Lightning Bolt"), _result("rule", "120.5", "en", None),
          _result("card", "Lightning Bolt", "en", "Lightning Bolt"), _result("card", "Shock", "en", "Shock")]
    out, folded = group_cards(rs)
    assert [r.id for r in out] == ["Foudre", "120.5", "Shock"] and folded == 1
    assert out[0].grouped == [{"id": "Lightning Bolt", "lang": "en", "source": "mtgjson", "edition": None}]
    assert "card" not in out[0].to_dict() and out[0].to_dict()["grouped"][0]["id"] == "Lightning Bolt"


def test_rulings_have_fields_of_their_own():
    ruling = IndexDoc(key="ruling:x", kind="ruling", ident="Fact or Fiction", lang="en", source="mtgjson",
                      title="Fact or Fiction", body="You choose which pile to put into your hand.",
                      extra={"card": "Fact or Fiction"})
    fields = index_fields(ruling)
    assert fields[RULING_FIELDS["en"]] == ruling.body and CURRENT_FIELDS["en"] not in fields
    main = Scope(rulings=False)
    assert RULING_FIELDS["en"] not in text_fields(main, "en") and scope_filter(main) is None
    assert text_fields(Scope(kinds=["ruling"]), "en") == ["ruling_en", "rname_en"]
    assert text_fields(Scope(kinds=["ruling"]), "fr") == []
    assert RULING_FIELDS["en"] in text_fields(Scope(kinds=["card", "ruling"]), "en")


@pytest.fixture(scope="module")
def card_kb(tmp_path_factory):
    cr = require_shared("cr", "en")
    return build_with_card_subset(tmp_path_factory.mktemp("rankkb"), ("AFR", "SHM", "EVE"),
                                  cr=[cr / "2026-01-16.txt"])


@pytest.fixture(scope="module")
def searcher(card_kb):
    from kb.search.searcher import Searcher

    s = Searcher(card_kb)
    yield s
    s.close()


@pytest.fixture(scope="module")
def keywords(card_kb):
    from kb.store import db as store

    conn = store.connect(card_kb)
    texts = {}
    for card, text in conn.execute("SELECT card, text FROM mtg_faces"):
        texts[card] = texts.get(card, "") + "\n" + (text or "")
    # MTGJSON keywords, and the keyword granted in the oracle text (« The Tarrasque has haste and ward {10} »)
    out = {name: json.loads(k or "[]") + [w.capitalize() for w in re.findall(r"\b(ward|persist)\b", texts.get(name, ""), re.I)]
           for name, k in conn.execute("SELECT name, keywords FROM mtg_cards")}
    conn.close()
    return out


def _english(r):
    return r.card or r.about or r.id


@pytest.mark.corpus
def test_parade_finds_cards_with_ward_first(searcher, keywords):
    resp = searcher.search("parade kind:card lang:fr", limit=10)
    top = [r for r in resp.results if not r.exact][:3]
    assert all("Ward" in keywords[_english(r)] for r in top), [(r.id, _english(r)) for r in top]
    assert "Ver pourpre" in [r.id for r in top]        # Purple Worm: « Parade {2} »
    ward_ranks = [i for i, r in enumerate(resp.results) if "Ward" in keywords.get(_english(r), [])]
    paradis = [i for i, r in enumerate(resp.results) if "paradis" in r.id.lower()]
    assert not paradis or min(paradis) > min(ward_ranks)


@pytest.mark.corpus
def test_persistance_finds_cards_with_persist_first(searcher, keywords):
    resp = searcher.search("persistance kind:card", limit=10)
    top = [r for r in resp.results if not r.exact][:5]
    assert all("Persist" in keywords[_english(r)] for r in top), [(r.id, _english(r)) for r in top]


@pytest.mark.corpus
@pytest.mark.parametrize("query", ["persistance kind:card", "Voloscille", "parade", "flying kind:card"])
def test_one_card_one_hit(searcher, query):
    resp = searcher.search(query, limit=20)
    cards = [_english(r) for r in resp.results if r.kind == "card" and r.source == "mtgjson"]
    assert cards and len(cards) == len(set(cards)), cards


@pytest.mark.corpus
def test_card_hit_groups_its_other_language(searcher):
    first = searcher.search("Voloscille", limit=5).results[0]
    assert (first.id, first.lang, first.exact) == ("Voloscille", "fr", True)
    assert {"id": "Flickerwisp", "lang": "en", "source": "mtgjson", "edition": None} in first.grouped


@pytest.mark.corpus
def test_one_ruling_document_per_text(searcher, card_kb):
    from kb.store import db as store

    conn = store.connect(card_kb)
    text, cards = conn.execute(
        "SELECT text, group_concat(DISTINCT card) FROM mtg_rulings GROUP BY text"
        " HAVING count(DISTINCT card) > 2 ORDER BY length(text) LIMIT 1").fetchone()
    conn.close()
    resp = searcher.search(text, kind="ruling", limit=10)
    same = [r for r in resp.results if r.snippet and r.kind == "ruling" and sorted(r.cards) == sorted(cards.split(","))]
    assert len(same) == 1 and same[0].id == sorted(cards.split(","))[0]
    assert len(same[0].cards) > 2
