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


def test_a_pdf_copy_indents_its_records():
    text = ("NOTES DE VERSION                                        12\n\n"
            "    Golem de l'atelier\n    {5}\n    Créature-artefact : golem\n    4/4\n    Piétinement\n"
            "    * Le Golem peut être lancé avec du mana de n'importe quelle couleur.\n\n"
            "    Sève rampante\n    {1}{G/P}\n    Éphémère\n    La créature ciblée gagne +2/+2 jusqu'à la fin du tour.\n")
    assert _cards(text) == [("Golem de l'atelier", "{5}", "Créature-artefact : golem", "4", "4"),
                            ("Sève rampante", "{1}{G/P}", "Éphémère", None, None)]


def test_a_table_copied_with_tabs():
    text = ("Ma sélection\n\nNom\tÉdition\tCoût\tType\tF/E\tQté\n"
            "Gardien du gué\tÉdition d'essai\t{2}{U}\tCréature : esprit\t1/4\t3\n"
            "Archère du bosquet\tAutre édition\t{1}{G}{G}\tCréature : elfe et archer\t2/3\t1\n\nTotal : 4 cartes\n")
    assert _cards(text) == [("Gardien du gué", "{2}{U}", "Créature : esprit", "1", "4"),
                            ("Archère du bosquet", "{1}{G}{G}", "Créature : elfe et archer", "2", "3")]


def test_hybrid_costs_in_words():
    from parser.mana import read_cost
    assert read_cost("1 + deux hybrides vert/blanc") == "{1}{G/W}{G/W}"
    assert read_cost("un hybride noir/vert") == "{B/G}"
    assert read_cost("quatre et deux rouges") == "{4}{R}{R}"
    text = "Sur le forum :\n\nTroll des deux rives\nCoût : 2 + deux hybrides noir/vert\nCréature : troll 4/3\n"
    assert _cards(text) == [("Troll des deux rives", "{2}{B/G}{B/G}", "Créature : troll", "4", "3")]


def test_records_in_an_article_s_sentences():
    text = ("Souvenirs de cour de récré\n\n"
            "Le premier, c'est le Griffon des falaises (Cliff Griffin), 3W, Créature — Griffon, 2/3 volant qui "
            "tenait tête à tout.\n\n"
            "Golem de l'atelier (Workshop Golem) — coût : cinq, rien que ça.\nCréature-artefact — Golem, 4/4.\n\n"
            "Au deuxième tour on posait la Louve des cendres (1R, Créature — Loup, 2/1), puis on attaquait.\n\n"
            "En face, l'Ermite des tourbières : 2BB pour une Créature — Humain et sorcier 3/3 avec la peur.\n\n"
            "Sans rien dire de plus, le Griffon des falaises (Cliff Griffin) reste mon préféré.\n")
    assert _cards(text) == [
        ("Griffon des falaises", "{3}{W}", "Créature — Griffon", "2", "3"),
        ("Golem de l'atelier", "{5}", "Créature-artefact — Golem", "4", "4"),
        ("Louve des cendres", "{1}{R}", "Créature — Loup", "2", "1"),
        ("Ermite des tourbières", "{2}{B}{B}", "Créature — Humain et sorcier", "3", "3")]
