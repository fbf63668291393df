"""The claim reader (kb/checker/reader.py: typed entities, the structure grammar, the meaning) and
the card queries it asks (kb/checker/card_queries.py), on the seed knowledge base (FAQ card
records) and on the full one (every card of the card data)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.checker import check_claim
from kb.checker.document import check_document, sentences
from kb.checker.reader import NotRead, Reader


def _asserts(v):
    return v.reading["asserts"]


# ------------------------------------------------------------ seeds (card records)

def test_a_conjunction_of_colours_is_read_on_a_seed_record(seed_conn):
    v = check_claim("Les Cygnes de Bryn Argoll sont blancs et bleus", cards=seed_conn)
    assert v.answer == "true"
    parts = _asserts(v)["parts"]
    assert [(p["attribute"], p["value"]) for p in parts] == [("color", "W"), ("color", "U")]
    assert v.reading["setup"]["entities"][0]["card"] == "Cygnes de Bryn Argoll"


def test_ne_que_is_only_not_a_negation(seed_conn):
    v = check_claim("Le Deus de la Calamité n'est que rouge", cards=seed_conn)
    q = _asserts(v)
    assert (q["attribute"], q["value"], q["quantifier"], q["polarity"]) == ("color", "R", "only", True)
    assert v.answer == "false"         # {R/G}{R/G}{R/G}{R/G}{R/G}: red and green


def test_one_noun_phrase_denied_as_a_whole(seed_conn):
    # « terrain de base »: a basic land; the Forêt de Suintesève is a land, not a basic one
    v = check_claim("La Forêt de Suintesève n'est pas un terrain de base", cards=seed_conn)
    assert v.answer == "true"
    assert _asserts(v)["polarity"] is False


def test_the_mana_value_is_counted_symbol_by_symbol(seed_conn):
    v = check_claim("Le coût converti de mana d'Implorer la reine est de 6", cards=seed_conn)
    assert v.answer == "true"
    assert "202.3f" in v.rules           # each {2/B} counts 2


def test_a_word_that_could_change_the_verdict_is_named(seed_conn):
    v = check_claim("Implorer la reine est un rituel magnifique", cards=seed_conn)
    assert v.answer == "unknown"
    assert "magnifique" in v.not_understood


def test_reader_raises_not_read_with_the_words(seed_conn):
    with pytest.raises(NotRead) as exc:
        Reader(seed_conn).read("Implorer la reine danse la gigue", "fr")
    assert "danse" in exc.value.words


def test_sentences_of_a_note():
    text = "Une carte hybride a chaque couleur. Par exemple, le Lancier guêpe est bleu et noir."
    assert sentences(text) == ["Une carte hybride a chaque couleur.",
                               "Par exemple, le Lancier guêpe est bleu et noir."]


def test_a_whole_document_under_its_own_edition_has_no_false_note(seed_conn):
    report = check_document(seed_conn, "001_b5a1e1d9799bc96e", edition="2008-05-01")
    counts = report.counts()
    assert len(report.units) == 155 + 13           # the FAQ's notes and the rules it quotes with a text
    assert counts["false"] == 0                     # its notes are the authority in their edition
    assert report.to_dict()["document_edition"] == "2008-04-04"      # the FAQ's own date


def test_an_unknown_document_names_the_stored_ones(seed_conn):
    with pytest.raises(LookupError, match="001_b5a1e1d9799bc96e"):
        check_document(seed_conn, "nope")


# ------------------------------------------------------------ every card of the card data



CARD_CLAIMS = [
    ("Kitchen Finks has persist", "true"),
    ("Kitchen Finks is 3/2", "true"),
    ("Kitchen Finks is an Ouphe", "true"),
    ("Kitchen Finks is legendary", "false"),
    ("Jace, le sculpteur de l'esprit est bleu", "true"),
    ("L'Ange de Serra a la vigilance", "true"),
    ("L'Ange de Serra est une créature 4/4 de type ange avec le vol et la vigilance", "true"),
    ("Sengir Vampire is a 4/4 Vampire with flying", "true"),
    ("Est-ce que les Elfes de Llanowar ont le vol ?", "false"),
    ("Liliana du voile arrive avec 3 marqueurs de loyauté", "true"),
    ("Le nom anglais du Mage lancevif est Snapcaster Mage", "true"),
    ("Le nom anglais de l'Ange de Serra est Angel of Serra", "false"),
    ("Serra Angel has protection from red", "false"),
    ("Great Sable Stag has protection from blue and from black", "true"),
    ("Homicidal Brute is red", "true"),
    ("Homicidal Brute is blue", "false"),
    ("La face transformée de l'Érudit civilisé est rouge", "true"),
    ("Stomp has mana value 2", "true"),
    ("Stomp is an instant", "true"),
    ("Fire // Ice is red and blue", "true"),
    ("Ormendahl, Profane Prince is a legendary 9/7 Demon with flying, lifelink, indestructible and haste", "true"),
    ("The back face of Delver of Secrets has a blue color indicator", "true"),
    ("Cultivator Drone is colorless even though its mana cost contains {U}", "true"),
    ("Because of devoid, Call the Scions is both colorless and green", "false"),
    ("Serra Angel has flying because it is an Angel", "true"),
    ("Serra Angel has flying because it is a Vampire", "false"),
    ("Llanowar Elves can't block", "false"),
    ("Wall of Stone can't attack", "true"),
    ("Tangled Vale enters the battlefield tapped", "true"),
    ("Great Sable Stag can't be countered", "true"),
    ("The Chevalier de Kulrajh is a 3/3 flier with wither", "true"),
    ("Kitchen Finks is a 3/2 Ouphe with persist, and it is green and white", "true"),
    ("Is Serra Angel white?", "true"),
    ("Serra Angel's power is at least 4", "true"),
    ("Serra Angel costs {3}{W}{W}", "true"),
]


@pytest.mark.corpus
@pytest.mark.parametrize("claim,answer", CARD_CLAIMS)
def test_claims_about_any_card(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, v
    assert v.reading is not None and v.reading["reader"] == "typed"


@pytest.mark.corpus
def test_a_concession_that_does_not_hold_leaves_the_claim_unknown(full_conn):
    v = check_claim("Serra Angel has flying even though it is blue", cards=full_conn)
    assert v.answer == "unknown"
    assert "concession" in v.reason


@pytest.mark.corpus
def test_a_negated_list_is_answered_only_when_both_scopes_agree(full_conn):
    # Kitchen Finks is green and white: « not red and blue » holds in both readings
    assert check_claim("Kitchen Finks n'est pas rouge et bleue", cards=full_conn).answer == "true"
    # Fire // Ice is red and blue: « not (red and green) » holds, « not red and not green » does not
    v = check_claim("Fire // Ice n'est pas rouge et verte", cards=full_conn)
    assert v.answer == "unknown" and "négation" in v.reason


#: Serra Angel's qualities as a claim writes them, and whether each holds (card data: {3}{W}{W},
#: Creature — Angel 4/4, Flying, vigilance).
SERRA = [("white", True), ("blue", False), ("an Angel", True), ("a Vampire", False), ("legendary", False),
         ("a creature", True), ("an artifact", False), ("4/4", True), ("2/2", False)]
SERRA_HAS = [("flying", True), ("vigilance", True), ("trample", False), ("deathtouch", False)]


@pytest.mark.corpus
@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(SERRA), min_size=1, max_size=4), st.sampled_from(["and", "or"]),
       st.lists(st.sampled_from(SERRA_HAS), max_size=3), st.booleans())
def test_connectives_combine_the_queries(full_conn, qualities, op, abilities, negated):
    """Any list of Serra Angel's qualities joined by one connective, then abilities after "with":
    the answer is the logical combination of the card data's truths."""
    words = f" {op} ".join(q for q, _ in qualities)
    truths = [t for _, t in qualities]
    value = all(truths) if op == "and" else any(truths)
    claim = f"Serra Angel is {words}"
    if abilities:
        claim += " with " + " and ".join(a for a, _ in abilities)
        value = value and all(t for _, t in abilities) if op == "and" else None
    if value is None:
        return                          # "A or B with C": the scope of "with" is not this test's subject
    v = check_claim(claim, cards=full_conn)
    assert v.answer == ("true" if value else "false"), (claim, v)
