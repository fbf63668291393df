"""The source a claim cites (kb/checker/sources.py): read from the claim's typed tokens, and left out when the
claim is compared with the sentence it restates.

Sources: the seed documents: rule 702.92a of 000_a77091c15e8840d5 « L'association d'âmes est un mot-clé qui
représente deux capacités déclenchées. »; rule 502.80b of the Sombrelande FAQ (001_b5a1e1d9799bc96e,
2008-04-04) « Plusieurs occurrences de flétrissure sur le même objet sont redondantes. »; rule 702.22d of the
2026-01-16 Comprehensive Rules "All creatures in an attacking band must attack the same player,
planeswalker, or battle.\""""
from __future__ import annotations

import pytest

from kb.checker import check_claim
from kb.checker.reader import Reader
from kb.checker.sources import cited


@pytest.mark.parametrize("claim, lang, kind, value, surface, said", [
    ("Selon la règle 702.92a, l'association d'âmes est un mot-clé.", "fr", "rule", "702.92a", "règle 702.92a",
     "l'association d'âmes est un mot-clé."),
    ("La règle 702.92a dit que l'association d'âmes est un mot-clé.", "fr", "rule", "702.92a", "règle 702.92a",
     "l'association d'âmes est un mot-clé."),
    ("L'association d'âmes est un mot-clé, selon la règle 702.92a.", "fr", "rule", "702.92a", "règle 702.92a",
     "L'association d'âmes est un mot-clé."),
    ("D'après la FAQ de Sombrelande, la persistance se déclenche.", "fr", "faq", None, "FAQ de Sombrelande",
     "la persistance se déclenche."),
    ("Per rule 502.10b, all the creatures in a band attack the same player.", "en", "rule", "502.10b",
     "rule 502.10b", "all the creatures in a band attack the same player."),
    ("According to the 2016-07-13 rulings, you may choose the same mode twice.", "en", "ruling", "2016-07-13",
     "2016-07-13 rulings", "you may choose the same mode twice."),
    ("It works only once, per a 2017-03-14 ruling.", "en", "ruling", "2017-03-14", "2017-03-14 ruling",
     "It works only once."),
    ("Under the 2008 rules, mana burn exists.", "en", "rules", "2008", "2008 rules", "mana burn exists."),
])
def test_the_source_a_claim_cites(seed_conn, claim, lang, kind, value, surface, said):
    source, rest = cited(Reader(seed_conn).tokenizer.tokenize(claim, lang).tokens, claim)
    assert (source.kind, source.value, source.surface) == (kind, value, surface)
    assert rest == said


@pytest.mark.parametrize("claim, lang", [
    ("Si une créature avec la persistance meurt, elle revient.", "fr"),       # a condition, not a source
    ("In play, a creature with persist comes back.", "en"),                   # "in" names no rule
    ("L'association d'âmes est un mot-clé.", "fr"),
])
def test_a_claim_that_cites_nothing(seed_conn, claim, lang):
    assert cited(Reader(seed_conn).tokenizer.tokenize(claim, lang).tokens, claim) == (None, claim)


@pytest.mark.parametrize("claim, step", [
    ("Selon la règle 702.92a, l'association d'âmes est un mot-clé qui représente deux capacités déclenchées.",
     "règle 702.92a (000_a77091c15e8840d5) : « L'association d'âmes est un mot-clé qui représente deux capacités "
     "déclenchées. »"),
    ("D'après la FAQ de Sombrelande, plusieurs occurrences de flétrissure sur un même objet sont redondantes.",
     "règle 502.80b (001_b5a1e1d9799bc96e, 2008-04-04) : « Plusieurs occurrences de flétrissure sur le même objet "
     "sont redondantes. »"),
])
def test_a_cited_claim_is_compared_without_its_citation(seed_conn, claim, step):
    v = check_claim(claim, cards=seed_conn)
    assert v.answer == "true"
    assert v.explanation[0].startswith("l'affirmation cite « ")
    assert step in v.explanation
    assert v.claim == claim and v.source["kind"] in ("rule", "faq")


@pytest.mark.corpus
def test_an_english_rule_citation(full_conn):
    v = check_claim("Per rule 502.10b, all the creatures in an attacking band must attack the same player or the "
                    "same planeswalker.", cards=full_conn)
    assert v.answer == "true"
    assert v.source == {"kind": "rule", "value": "502.10b", "surface": "rule 502.10b"}
    assert "rule 702.22d (2026-01-16): “All creatures in an attacking band must attack the same player, " \
           "planeswalker, or battle.”" in v.explanation


@pytest.mark.parametrize("claim, answer, edition", [
    # the FAQ's note: « Une carte avec un coût de mana {U/B} est à la fois bleue et noire … coût converti de mana 1 »
    ("Selon la FAQ de Sombrelande, une carte qui coûte {U/B} est bleue et noire, et son coût converti de mana n'est "
     "que de 1.", "true", "2008-04-04"),
    ("D'après la FAQ de Sombrelande, le coût converti de mana d'Implorer la reine est 6.", "true", "2008-04-04"),
    ("Selon la FAQ, une carte qui coûte {U/B} est bleue et noire.", "true", "latest"),   # no FAQ named: no edition
])
def test_the_claim_reader_reads_a_faq_lead(seed_conn, claim, answer, edition):
    v = check_claim(claim, cards=seed_conn)
    assert (v.answer, v.edition) == (answer, edition)
    assert v.reading is not None


def test_the_claim_reader_reads_a_rule_lead(seed_conn):
    v = check_claim("Selon la règle 202.3, Implorer la reine a une valeur de mana de 6.", cards=seed_conn)
    assert v.answer == "true" and v.reading["reader"] == "typed"
    assert v.source == v.reading["setup"]["cited"] == {"kind": "rule", "value": "202.3", "surface": "règle 202.3"}


@pytest.mark.corpus
def test_a_cited_claim_of_two_statements_is_cut_without_its_citation(full_conn):
    # Kyren Glider: {1}{R} Creature — Goblin 1/1, flying, "Kyren Glider can't block."
    claim = "Selon la règle 702.95, le Planeur kyrène est un gobelin rouge 1/1 avec le vol : il ne peut pas bloquer."
    v = check_claim(claim, cards=full_conn)
    assert (v.answer, v.claim) == ("true", claim)
    assert v.source == {"kind": "rule", "value": "702.95", "surface": "règle 702.95"}
    assert [p["text"] for p in v.reading["clauses"]["parts"]] == [
        "le Planeur kyrène est un gobelin rouge 1/1 avec le vol.", "Planeur kyrène ne peut pas bloquer."]
