"""Families of French card pages the tester pages showed (issue 25), each on a page written here: the
cost and the type line on one line after the name (spaced dashes or middle dots), fields with dotted
leaders, a picture's placeholder between the name and the fields, decorations around the name (a
bullet, a rank, reversed quotation marks), a rarity or a loyalty after the type line, a cost in lower
case on the name line.  And what is no record stays none."""
from __future__ import annotations

from parser.faq import parse_text


def _cards(text: str) -> list[tuple]:
    doc = parse_text(text, "families")
    return [(c.name, c.mana_cost, c.type_line, c.power, c.toughness) for c in doc.cards]


def test_cost_and_type_on_one_line_under_the_name():
    text = ("Deux cartes du forum :\n\n"
            "> Sentinelle des tourbières\n> {1}{B/G} — Créature : elfe et guerrier — 2/3\n> Contact mortel.\n\n"
            "Hurlement des marais\n{2}{B} — Éphémère\nDétruisez la créature ciblée.\n\n"
            "Wyverne des cendres\n  4RR · Créature : wyverne · 5/4\n  Vol\n")
    assert _cards(text) == [
        ("Sentinelle des tourbières", "{1}{B/G}", "Créature : elfe et guerrier", "2", "3"),
        ("Hurlement des marais", "{2}{B}", "Éphémère", None, None),
        ("Wyverne des cendres", "{4}{R}{R}", "Créature : wyverne", "5", "4")]


def test_fields_with_dotted_leaders():
    text = ("{{Infobox}}\n Nom ........... Gardien du gué\n Coût .......... {2}{U}\n CCM ........... 3\n"
            " Type .......... Créature : esprit\n F/E ........... 1/4\n Texte ......... Défenseur.\n")
    assert _cards(text) == [("Gardien du gué", "{2}{U}", "Créature : esprit", "1", "4")]


def test_a_picture_placeholder_between_the_name_and_its_fields():
    text = ("=========================\nArchère du bosquet (Grove Archer)\nÉdition d'essai — Rare — n° 12/200\n"
            "=========================\n\n[Image de la carte]\n\nCoût : 1GG\nType : Créature — Elfe et archer\n"
            "Force / Endurance : 2 / 3\n")
    assert _cards(text) == [("Archère du bosquet", "{1}{G}{G}", "Créature — Elfe et archer", "2", "3")]


def test_decorated_names_and_asides_after_the_type_line():
    text = ("» Chronique des cendres «\nCoût de mana : 2 + RR\nEnchantement : saga — Mythique\nI — Piochez une carte.\n\n"
            "• Sorcière du col\n  Coût : (1)(U) · Créature — Humain et sorcier · 1/1\n  Vol\n\n"
            "#2 — Colosse de granit\n  6 · Créature-artefact : golem · 6/6\n")
    assert _cards(text) == [
        ("Chronique des cendres", "{2}{R}{R}", "Enchantement : saga", None, None),
        ("Sorcière du col", "{1}{U}", "Créature — Humain et sorcier", "1", "1"),
        ("Colosse de granit", "{6}", "Créature-artefact : golem", "6", "6")]


def test_a_lower_case_hybrid_cost_on_the_name_line():
    text = "Regardez celle-ci :\n\nDruide des deux rives 2(g/u)(g/u)\nCréature : elfe et druide\n3/3\n"
    assert _cards(text) == [("Druide des deux rives", "{2}{G/U}{G/U}", "Créature : elfe et druide", "3", "3")]


def test_names_in_a_price_list_or_a_heading_are_no_records():
    text = ("Les clients ont aussi acheté :\n  Archère du bosquet ........ 0,40 €\n  Gardien du gué ........ 1,20 €\n\n"
            "[Image de la carte]\n\nLIVRAISON — 2,50 €\n")
    assert _cards(text) == []
