"""Card records as release notes and articles print them (issue 12): a
labelled mana-value line (« Valeur de mana : 5 », « Coût converti de mana :
4 », « CCM : 4 ») after the cost, the type line or the P/T sets the record's
mana value; a cost without braces (« 2RR », « (3WW) ») or after a dash
(« — {U}{U} ») on the name line is the cost, never part of the name."""
from __future__ import annotations

import pytest

from parser.faq import parse_text

RECORDS = """NOTES SUR LES CARTES

Ange de Serra
{3}{W}{W}
Valeur de mana : 5
Créature : ange
4/4
Vol, vigilance

* L'Ange de Serra peut attaquer et bloquer pendant le même tour.

Colère de Dieu
{2}{W}{W}
Coût converti de mana : 4
Rituel
Détruisez toutes les créatures. Elles ne peuvent pas être régénérées.

* La Colère de Dieu détruit aussi vos propres créatures.

Géant de pierre
{2}{R}{R}
Créature : géant
3/4
CCM : 4
{T} : Une créature ciblée que vous contrôlez gagne le vol jusqu'à la fin du tour.

Éclair
{R}
Éphémère
Valeur de mana : 1
L'Éclair inflige 3 blessures à n'importe quelle cible.

* L'Éclair peut cibler un joueur.
"""


def test_a_labelled_mana_value_line_is_the_records_mana_value():
    doc = parse_text(RECORDS, "records", path="records.txt")
    got = {c.name: c for c in doc.cards}
    assert list(got) == ["Ange de Serra", "Colère de Dieu", "Géant de pierre", "Éclair"]
    assert [(c.mana_cost, c.mana_value, c.type_line) for c in doc.cards] == [
        ("{3}{W}{W}", 5, "Créature : ange"), ("{2}{W}{W}", 4, "Rituel"),
        ("{2}{R}{R}", 4, "Créature : géant"), ("{R}", 1, "Éphémère")]
    assert (got["Ange de Serra"].power, got["Ange de Serra"].toughness) == ("4", "4")
    assert (got["Géant de pierre"].power, got["Géant de pierre"].toughness) == ("3", "4")
    assert got["Géant de pierre"].text == "{T} : Une créature ciblée que vous contrôlez gagne le vol jusqu'à la fin du tour."
    assert got["Éclair"].text == "L'Éclair inflige 3 blessures à n'importe quelle cible."
    assert [n.card for n in doc.notes] == ["Ange de Serra", "Colère de Dieu", "Éclair"]
    assert not doc.warnings and not doc.paragraphs


@pytest.mark.parametrize("name_line, cost", [
    ("Géant de pierre 2RR", "{2}{R}{R}"),
    ("Géant de pierre (2RR)", "{2}{R}{R}"),
    ("Géant de pierre — {2}{R}{R}", "{2}{R}{R}"),
    ("Géant de pierre – {2}{R}{R}", "{2}{R}{R}"),
    ("Géant de pierre - 2RR", "{2}{R}{R}"),
    ("Géant de pierre {2}{R}{R}", "{2}{R}{R}"),
])
def test_the_cost_on_the_name_line_is_never_part_of_the_name(name_line, cost):
    text = f"NOTES\n\n{name_line}\nCréature : géant\n3/4\nUne ligne de texte.\n\n* Une note sur le Géant.\n"
    doc = parse_text(text, "r", path="r.txt")
    [card] = doc.cards
    assert (card.name, card.mana_cost, card.type_line, card.power, card.toughness) == (
        "Géant de pierre", cost, "Créature : géant", "3", "4")
    assert card.text == "Une ligne de texte." and [n.card for n in doc.notes] == ["Géant de pierre"]
    assert not doc.warnings


def test_brace_less_costs_with_x_and_several_colours_then_a_mana_value():
    text = ("Boule de feu XR\nRituel\nLa Boule de feu inflige X blessures.\n\n"
            "Sphinx de l'île de Jwar 4UU\nValeur de mana 6\nCréature : sphinx\n5/5\nVol\n")
    doc = parse_text(text, "r")
    assert [(c.name, c.mana_cost, c.mana_value, c.type_line) for c in doc.cards] == [
        ("Boule de feu", "{X}{R}", None, "Rituel"), ("Sphinx de l'île de Jwar", "{4}{U}{U}", 6, "Créature : sphinx")]


def test_prose_ending_like_a_cost_or_a_mana_value_is_no_record():
    text = "Rendez-vous à la table 2W\n\nValeur de mana : 3\n\nLa valeur de mana de l'Éclair est 1.\n"
    doc = parse_text(text, "r")
    assert not doc.cards
    assert doc.paragraphs == ["Rendez-vous à la table 2W", "Valeur de mana : 3", "La valeur de mana de l'Éclair est 1."]


def test_seed_records_printed_with_mana_values_and_brace_less_costs(seed_docs):
    """tests/fixtures/french/printed_mana_values.txt: seed 001's records with
    « Valeur de mana : 7 », « CCM : 7 » lines, « 5BB », « (5RR) », « — {3}{R} »
    name lines and a byline with a weekday."""
    from parser.mana import parse_mana_cost
    from tests.parser.test_faq_layouts import _doc

    doc, seed = _doc("printed_mana_values"), seed_docs["001_b5a1e1d9799bc96e"]
    assert [c.name for c in doc.cards] == ["Barghest de Hurledent", "Trace de brûlure", "Dragon de Tertrépine",
                                           "Éclair perforant", "Amphybane"]
    for c in doc.cards:
        s = seed.card(c.name)
        assert (c.mana_cost, c.type_line, c.power, c.toughness, c.text) == (
            s.mana_cost, s.type_line, s.power, s.toughness, s.text)
    assert [c.mana_value for c in doc.cards] == [7, 4, 7, 2, None]
    assert all(parse_mana_cost(c.mana_cost).mana_value == c.mana_value for c in doc.cards[:4])
    assert [n.card for n in doc.notes] == ["Barghest de Hurledent", "Dragon de Tertrépine", "Éclair perforant",
                                           "Amphybane"]
    assert doc.edition == seed.edition == "2008-04-04" and doc.metadata["published"] == "2008-04-04"
    assert not doc.warnings
