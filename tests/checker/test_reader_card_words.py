"""Words of card statements the claim reader reads since round V (kb/checker/entities.py,
kb/checker/mana_words.py, kb/checker/effect_words.py, kb/checker/clauses.py): French entries fused with
their article (« doté du vol »), "enters untapped", "costs one mana", a starting loyalty after « avec »,
mana of one of two colours, and a clause false by what its card is.  Cards are the card data's own."""
from __future__ import annotations

import pytest

from kb.checker import check_claim
from kb.checker.clauses import denies_what_it_is
from kb.checker.effect_words import mana_in_symbols
from kb.checker.entities import _contracted, vocabulary


def test_a_french_entry_ending_in_de_or_a_is_also_read_fused_with_the_article():
    assert _contracted("dote de") == ("dote du", "dote des")
    assert _contracted("egal a") == ("egal au", "egal aux")
    assert _contracted("avec") == ()
    assert vocabulary().get("fr", "dote du") == ("WITH", "")


def test_mana_of_one_of_two_colours_is_written_as_the_text_writes_it():
    assert mana_in_symbols("produit du mana noir ou rouge", "fr") == "ajouter {B} ou {R}"
    assert mana_in_symbols("taps for either white or blue mana", "en") == "taps for {W} or {U}"
    assert mana_in_symbols("adds two green mana", "en") == "add {G}{G}"


@pytest.mark.corpus
@pytest.mark.parametrize("claim,answer", [
    ("L'Ange de Serra est une créature 4/4 dotée du vol et de la vigilance.", "true"),
    ("L'Ange de Serra est une créature 4/4 dotée du piétinement.", "false"),
    ("Coastal Tower enters untapped.", "false"),
    ("Les Elfes de Llanowar arrivent sur le champ de bataille dégagés.", "true"),
    ("Les Elfes de Llanowar ne coûtent qu'un seul mana.", "true"),
    ("Serra Angel costs only one mana.", "false"),
    ("Llanowar Elves costs a single mana.", "true"),
    ("Liliana du voile entre avec une loyauté de départ de 3.", "true"),
    ("Liliana du voile entre avec une loyauté de départ de 5.", "false"),
])
def test_card_statements_in_these_words_are_decided(full_conn, claim, answer):
    assert check_claim(claim, cards=full_conn).answer == answer


@pytest.mark.corpus
@pytest.mark.parametrize("claim,answer", [
    ("Coastal Tower taps for white or blue mana.", "true"),
    ("La Tour côtière produit du mana blanc ou bleu.", "true"),
    ("Coastal Tower taps for either white or black mana.", "false"),
    ("La Tour côtière produit du mana blanc ou vert.", "false"),
])
def test_mana_of_one_of_two_colours_is_compared_with_the_text(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer
    assert any("{W} or {U}" in line or "{W} ou {U}" in line for line in v.explanation)


@pytest.mark.corpus
@pytest.mark.parametrize("claim,answer", [
    # Rakdos Cluestone "{T}: Add {B} or {R}.": either colour, not both; Azorius Signet "{1}, {T}: Add {W}{U}."
    ("Rakdos Cluestone taps for {B}{R}.", "false"),
    ("Rakdos Cluestone taps for {R}.", "true"),
    ("Rakdos Cluestone taps for {G}.", "false"),
    ("Azorius Signet taps for {W} or {U}.", "false"),
    ("Sol Ring taps for {C}.", "false"),
])
def test_a_choice_of_mana_is_neither_both_nor_none(full_conn, claim, answer):
    assert check_claim(claim, cards=full_conn).answer == answer


@pytest.mark.corpus
def test_a_relative_clause_after_what_a_card_has_is_not_read_as_about_the_card(full_conn):
    # Kitchen Finks costs {1}{G/W}{G/W}: "which costs" is about persist, which the reader does not price
    v = check_claim("Kitchen Finks has persist, which costs {1}{G/W}{G/W}.", cards=full_conn)
    assert v.answer == "unknown"
    # Transluminant costs {1}{G}; its ability costs {W} and sacrificing it: the ability's cost is read
    v = check_claim("Transluminant has an ability that costs {W}.", cards=full_conn)
    assert v.answer == "true"
    assert v.reading["asserts"]["attribute"] == "ability_cost"
    assert v.reading["asserts"]["value"]["cost"] == "{W}"


@pytest.mark.corpus
def test_a_clause_false_by_what_its_card_is_decides_the_claim(full_conn):
    # Fathom Trawl is a blue sorcery: the rest of the claim (when it can be cast) is not read
    v = check_claim("Chalut des grands fonds est un éphémère bleu qu'on peut lancer pendant le tour adverse.",
                    cards=full_conn)
    assert v.answer == "false"
    parts = v.reading["clauses"]["parts"]
    assert parts[0]["text"] == "Chalut des grands fonds est un éphémère bleu."
    assert [p["answer"] for p in parts] == ["false", "unknown"]
    assert denies_what_it_is(check_claim(parts[0]["text"], cards=full_conn))
    # the same claim with the card's true type stays unknown: the relative clause is not read
    v = check_claim("Chalut des grands fonds est un rituel bleu qu'on peut lancer pendant le tour adverse.",
                    cards=full_conn)
    assert v.answer == "unknown"
    v = check_claim("Fathom Trawl is a blue instant, and you can cast it during an opponent's turn.",
                    cards=full_conn)
    assert v.answer == "false"


@pytest.mark.corpus
def test_an_elliptical_clause_after_but_is_not_checked_on_its_own(full_conn):
    v = check_claim("You can search for Llanowar Elves with an effect that finds an Elf, but not with one "
                    "searching for a basic land card.", cards=full_conn)
    assert v.answer == "unknown"


@pytest.mark.corpus
@pytest.mark.parametrize("claim,answer", [
    # Transluminant: "{W}, Sacrifice Transluminant: Create a 1/1 white Spirit creature token …"
    ("Transluminant's ability costs {W}.", "true"),
    ("La capacité de la Transluminante coûte {G}.", "false"),
    # Fallen Ferromancer: "{1}{R}, {T}: Fallen Ferromancer deals 1 damage to any target."
    ("Fallen Ferromancer is a 1/1 with infect whose ability costs {1}{R}.", "true"),
    ("Fallen Ferromancer is a 1/1 with infect whose ability costs {2}{R}.", "false"),
    # Mantis Engine: two abilities of {2}
    ("Mantis Engine has an ability that costs {2}.", "true"),
    ("Mantis Engine has an ability that costs {3}.", "false"),
    # Coastal Tower's only mana is what it adds; Carrion Howler's ability costs life: nothing to compare
    ("Coastal Tower's ability costs {W}.", "unknown"),
    ("Le Hurleur charognard est un zombie dont la capacité coûte {B}.", "unknown"),
    # Incendiary Oracle: "{1}{R}: Incendiary Oracle gets +1/+0 until end of turn."
    ("By paying {1}{R}, Incendiary Oracle gets +1/+0 until end of turn.", "true"),
    ("En payant {R}{W}, le Paladin de Feuréal acquiert l'initiative jusqu'à la fin du tour.", "true"),
])
def test_what_an_activated_ability_costs(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, v.reason
    if answer == "false":
        assert any("{W}, Sacrifice" in line or "{1}{R}, {T}" in line or "{2}:" in line for line in v.explanation)


def test_a_described_creature_that_becomes_something_with_no_cause_is_not_decided(seed_conn):
    # nothing in the claim makes the 2/2 a 3/3: neither false by the creature nor true
    v = check_claim("Une créature 2/2 devient 3/3.", cards=seed_conn)
    assert v.answer == "unknown"
    assert check_claim("Une créature -2/2 qui gagne +3/+3 devient 1/5.", cards=seed_conn).answer == "true"


def test_a_french_verb_is_one_key_in_every_form_written_with_its_accents():
    # the lemmatizer's French forms have their accents: « détruit » and « Détruisez » are both « détruire »
    from kb.checker.effect_words import claim_variants, sentences
    said = claim_variants("détruit tous les enchantements", "fr")[0]
    text = sentences("Détruisez tous les enchantements.", "fr")[0]
    assert [k.key for k in said] == [k.key for k in text]
    assert [k.key for k in claim_variants("crée un jeton", "fr")[0]][0] == \
        [k.key for k in sentences("Créez un jeton Soldat 1/1 blanc.", "fr")[0]][0]


@pytest.mark.corpus
def test_a_card_described_in_apposition_and_what_its_text_does(full_conn):
    # Tempest of Light: {2}{W} Instant, « Détruisez tous les enchantements. »
    v = check_claim("La Tourmente de lumière, un éphémère blanc, détruit tous les enchantements.", cards=full_conn)
    assert v.answer == "true"
    v = check_claim("La Tourmente de lumière, un éphémère bleu, détruit tous les enchantements.", cards=full_conn)
    assert v.answer == "false"


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer", [
    # a card introduced by its kind: the kind is asserted of it too (Serra Angel: Creature — Angel; Night:
    # Instant {B}; Beseech the Queen: Sorcery {2/B}{2/B}{2/B})
    ("The creature Serra Angel has flying.", "true"),
    ("La créature Ange de Serra a le vol.", "true"),
    ("The sorcery Serra Angel has flying.", "false"),
    ("The instant Night costs {B}.", "true"),
    ("Le rituel Implorer la reine coûte {2/B}{2/B}{2/B}.", "true"),
    ("L'éphémère Implorer la reine coûte {2/B}{2/B}{2/B}.", "false"),
])
def test_a_card_named_after_its_kind(full_conn, claim, answer):
    assert check_claim(claim, cards=full_conn).answer == answer


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer", [
    # the cost said after the effect is the ability's: Prophet of Distortion « {3}{C} : Piochez une carte. »,
    # Shivan Dragon "{R}: Shivan Dragon gets +1/+0 until end of turn."
    ("Le Prophète de la distorsion vous fait piocher une carte pour {3}{U}.", "false"),
    ("Le Prophète de la distorsion vous fait piocher une carte pour {3}{C}.", "true"),
    ("Shivan Dragon gets +1/+0 until end of turn for {1}{R}.", "false"),
    ("Shivan Dragon gets +1/+0 until end of turn for {R}.", "true"),
])
def test_the_cost_said_after_an_effect_is_its_ability_s(full_conn, claim, answer):
    assert check_claim(claim, cards=full_conn).answer == answer


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer", [
    # « permet de » makes the player act, as "lets you": Divination « Piochez deux cartes. »; Arguel's Blood
    # Fast « {1}{B}, payez 2 points de vie : Piochez une carte. »
    ("La Divination vous permet de piocher deux cartes.", "true"),
    ("La Divination permet de piocher deux cartes.", "true"),
    ("La Divination vous permet de piocher trois cartes.", "false"),
    ("Le Jeûne de sang d'Arguel permet de piocher une carte en payant {1}{B} et 2 points de vie.", "true"),
])
def test_what_a_card_lets_a_player_do(full_conn, claim, answer):
    assert check_claim(claim, cards=full_conn).answer == answer


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer", [
    # a leading clause that speaks of the card before naming it: Prophet of Distortion {U}, Devoid (colorless)
    ("Bien qu'il coûte {U}, le Prophète de la distorsion est incolore.", "true"),
    ("Bien qu'il coûte {U}, le Prophète de la distorsion est bleu.", "false"),
    ("Even though it costs {U}, Prophet of Distortion is colorless.", "true"),
    ("Puisqu'il a la carence, le Prophète de la distorsion est incolore.", "true"),
])
def test_a_pronoun_before_the_card_it_speaks_of(full_conn, claim, answer):
    assert check_claim(claim, cards=full_conn).answer == answer


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer", [
    # a zone said first: what the card is there (Devil's Play {X}{R}: 1 with X = 0; Rosethorn Acolyte {2}{G}
    # as a card, 3; Night // Day {B} // {2}{W}: 4 off the stack)
    ("Dans votre cimetière, la Manœuvre du diable a un coût converti de mana de 2.", "false"),
    ("Dans votre cimetière, la Manœuvre du diable a un coût converti de mana de 1.", "true"),
    ("Outside the stack, Night // Day has a mana value of 4.", "true"),
    ("In your graveyard, Serra Angel has flying.", "true"),
    ("On the stack, Night // Day has a mana value of 4.", "unknown"),      # the stack is not set up
    ("In your graveyard, Serra Angel deals 4 damage.", "unknown"),
])
def test_a_zone_said_first(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer
    if answer != "unknown":
        assert v.reading["setup"]["zone"] in ("graveyard", "not_stack")


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer", [
    # the cost said after what an instant or sorcery does is its mana cost (Night {B}, Divination {2}{U});
    # "just" before a price says it low, it restricts nothing
    ("Night gives target creature -1/-1 until end of turn for {B}.", "true"),
    ("Night gives target creature -1/-1 until end of turn for {1}{B}.", "false"),
    ("Divination makes you draw two cards for {1}{U}.", "false"),
    ("Shivan Dragon gets +1/+0 until end of turn for just {R}.", "true"),
    ("Dark Ritual costs one black mana.", "true"),          # Dark Ritual {B}
    ("Dark Ritual costs one blue mana.", "false"),
    ("Le Dragon shivân gagne +1/+0 jusqu'à la fin du tour pour seulement {R}.", "true"),
])
def test_the_price_of_a_spell_said_after_what_it_does(full_conn, claim, answer):
    assert check_claim(claim, cards=full_conn).answer == answer


def test_a_french_noncreature_is_the_card_type_negated():
    from kb.checker.gist import gist
    read = gist("sacrifiez-le à moins que vous ne vous défaussiez d'une carte non-créature", lang="fr")
    assert read.atoms[-1] == "créature" and "n" in read.marks[-1]


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer", [
    # Drekavac « … sacrifiez-le à moins que vous ne vous défaussiez d'une carte non-créature. »: « sauf si » is
    # « à moins que », and « non-créature » no creature
    ("Quand le Drekavac arrive, on le sacrifie sauf si on se défausse d'une carte non-créature.", "true"),
    ("Quand le Drekavac arrive, on le sacrifie sauf si on se défausse d'une carte de créature.", "false"),
    # a pronoun after the lead of the second clause is the card: Shadowmage Infiltrator (fear; "Whenever …
    # deals combat damage to a player, you may draw a card.")
    ("Shadowmage Infiltrator has fear, and whenever it deals combat damage to a player you may draw a card.",
     "true"),
    ("Shadowmage Infiltrator has flying, and whenever it deals combat damage to a player you may draw a card.",
     "false"),
])
def test_unless_and_a_second_clause_s_pronoun(full_conn, claim, answer):
    assert check_claim(claim, cards=full_conn).answer == answer


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer", [
    # an ability named as it is activated: Lolth, Spider Queen « −3: Créez deux jetons de créature 2/1 noire
    # Araignée avec la menace et la portée. »
    ("Quand on active le −3 de Lolth, Reine Araignée, on crée deux jetons de créature 2/1 noire Araignée avec la "
     "menace et la portée.", "true"),
    ("When you activate Lolth, Spider Queen's −3, you create three 2/1 black Spider creature tokens with menace "
     "and reach.", "false"),
])
def test_an_ability_named_as_it_is_activated(full_conn, claim, answer):
    assert check_claim(claim, cards=full_conn).answer == answer
