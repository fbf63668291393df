"""Claims as players write them (issue 14): who pays first (« on », « vous »,
"you"), relative clauses carrying the events, « quand »/"when" conditions,
edition qualifiers, elided and possessive card names, plural card names,
the documents' synonyms (« CCM », « valeur de mana », « se paie »).

These sentences are the grammar's own tests; the evaluation set
(tests/fixtures/claims_eval.yaml) is kept apart and never copied here.
"""
import pytest

from kb.checker import check_claim
from kb.store.db import connect


@pytest.fixture(scope="module")
def seed_conn(seed_kb):
    conn = connect(seed_kb)
    yield conn
    conn.close()


@pytest.mark.parametrize("claim,answer", [
    # who pays, then the cost (seeds/001_… Hybride note 4, Implorer la reine note 3)
    ("Tu peux payer {G/W}{G/W} avec {G}{G}", "true"),
    ("Un joueur ne peut pas payer {G/W}{G/W} avec {U}{U}", "true"),
    ("You can pay {R/G}{R/G} with {B}{G}", "false"),
    ("On peut lancer Implorer la reine en dépensant {6}", "true"),
    ("{U/R}{U/R} se paye avec {U}{R}", "true"),
    # hybrid mana and a mana pool (001 Hybride note 6)
    ("Un joueur peut produire du mana hybride dans sa réserve", "false"),
    ("Hybrid mana can't be put into your mana pool", "true"),
    # the documents' synonyms for mana value, elided and possessive names
    ("Le coût de mana converti d'Implorer la reine est de 6", "true"),
    ("La CMC de Implorer la reine est 2", "false"),
    ("Beseech the Queen's converted mana cost is 6", "true"),
    ("Implorer la reine est une carte noire", "true"),
    ("Le Lancier guêpe est à la fois bleu et blanc", "false"),
    # relative clauses and « quand » carry the events (001 -1/-1 counters, persist, wither)
    ("Une créature 4/4 qui reçoit trois marqueurs -1/-1 survit", "true"),
    ("A 2/2 creature that gets two -1/-1 counters survives", "false"),
    ("Lorsqu'une créature 3/3 avec la persistance meurt, elle revient sur le champ de bataille avec un marqueur -1/-1",
     "true"),
    ("When a 3/3 creature with persist and a -1/-1 counter dies, it does not return to the battlefield", "true"),
])
def test_phrasings(seed_conn, claim, answer):
    v = check_claim(claim, cards=seed_conn)
    assert v.answer == answer, v


@pytest.mark.parametrize("claim,edition,answer,rules", [
    ("Selon les règles de 2008, le mana non dépensé provoque une brûlure de mana", None, "true", ["300.3"]),
    ("Unused mana causes mana burn under the 2008 rules", None, "true", ["300.3"]),
    ("Aujourd'hui, le mana inutilisé provoque une brûlure de mana", None, "false", ["500.4"]),
    ("En 2008, le mana inutilisé provoque une brûlure de mana", "2008-05-01", "true", ["300.3"]),
])
def test_edition_qualifiers(claim, edition, answer, rules):
    v = check_claim(claim, edition=edition)
    assert v.answer == answer, v
    assert v.rules == rules
    assert v.edition.startswith("2008") == (answer == "true")


def test_qualifier_against_another_edition_is_unknown():
    v = check_claim("Selon les règles de 2008, le mana inutilisé provoque une brûlure de mana", edition="2015")
    assert v.answer == "unknown" and "2008" in v.reason and "2015" in v.reason


def test_plural_card_name(seed_conn):
    v = check_claim("Les Bonnets-rouges meurtriers sont noirs et rouges", cards=seed_conn)
    assert v.answer == "true", v
    assert v.explanation[0].startswith("card Bonnet-rouge meurtrier")      # printed, never folded


@pytest.mark.parametrize("claim,edition,answer", [
    ("Le mana non dépensé ne provoque jamais de brûlure de mana", "2008-05-01", "false"),
    ("Unused mana doesn't cause any mana burn", None, "true"),
])
def test_negations(claim, edition, answer):
    assert check_claim(claim, edition=edition).answer == answer
