"""The third round of French card pages (issue 25): 32 pages of 32 kinds of site (62 records), written by a
tester who never saw the code, with the records each page shows (truth.yaml) and traps that are no record
(deck lists, « vous aimerez aussi » lists, cards named in prose).  Measured blind, once, at 436b539: 26/62
name and cost right, 6 spurious.  Then used as fixtures, fixed by general cause (these are seen figures, not
blind ones): what a page puts before a name is no part of it (a bullet « ■ », a counter « CARTE N°1. »), a
label (« VMC ») and a name ending with a year (a set) are no names (29/62, 0 spurious); then the misses: a
name line's first field cut at « · » or « | », a lead before a colon (« Zoom sur : », « Carte : »), a
counter in brackets and a forum's tags (« [1] », « [carte]…[/carte] »), several labelled fields on one line
(« Coût : (1)(g/w)        Type : Éphémère »), a type line with its cost and mana value (« Enchantement :
aura, 2B (3) »), a mana value inside the type line, lower-case symbols in braces, a heading over the fields,
a record between dashes in brackets with its cost in words (« 3 et un noir »: « un » is an article), a
tab table's header after a label and a blank line (53/62, 0 spurious).  The floors keep what was reached."""
from __future__ import annotations

from pathlib import Path

from parser.faq import parse_document
from tests.parser.tester_pages import score

PAGES = Path(__file__).resolve().parents[1] / "fixtures" / "french" / "tester_pages_3"


def test_third_tester_pages_keep_their_records():
    result = score(PAGES)
    assert result.total == 62
    assert result.right >= 61        # (61: « Invoquer: licorne », an old type line, read since f5)
    assert result.spurious == []


def test_what_a_page_puts_before_a_name_is_no_part_of_it():
    from parser.faq_records import clean_name, refused_name
    assert clean_name("■ Colonnade céleste") == "Colonnade céleste"
    assert clean_name("CARTE N°1. Présage du devin") == "Présage du devin"
    assert clean_name("Nom de la carte") == "Nom de la carte"
    assert refused_name("VMC") == "is a field's label"
    assert refused_name("Morningtide (2008)") == "ends with a year (a set or a date)"
    assert refused_name("Magic 2015") == "ends with a year (a set or a date)"
    assert refused_name("Maître d'arc de Lys Alana") is None


def test_costs_in_words_with_an_article():
    from parser.mana import read_cost
    assert read_cost("3 et un noir") == "{3}{B}"
    assert read_cost("quatre plus un noir") == "{4}{B}"
    assert read_cost("trois et deux blancs") == "{3}{W}{W}"
    assert read_cost("4 Vert Vert") == "{4}{G}{G}"


def _cards(tmp_path, text):
    page = tmp_path / "page.txt"
    page.write_text(text, encoding="utf-8")
    return [(c.name, c.mana_cost, c.type_line, c.power, c.toughness) for c in parse_document(page).cards]


def test_a_name_line_of_fields_between_bars(tmp_path):
    text = ("Aperçu\n\nJeune nécromancienne | {4}{B} | VM 5 | Créature : humain et psychagogue | 2/3 | MH2 110 | Peu commune\n"
            "Quand la Jeune nécromancienne arrive sur le champ de bataille, vous pouvez exiler deux cartes.\n"
            "Écureuil affamé | {b/g} | VM 1 | Créature : écureuil | 1/1 | MH2 375 | Peu commune\n"
            "À chaque fois que vous sacrifiez un artefact, mettez un marqueur +1/+1 sur l'Écureuil affamé.\n")
    assert [c[:2] for c in _cards(tmp_path, text)] == [("Jeune nécromancienne", "{4}{B}"), ("Écureuil affamé", "{B/G}")]


def test_a_lead_before_the_name_and_fields_on_one_line(tmp_path):
    text = ("Revue\n\n>> Zoom sur : Parangon de la nature éternelle\n   Magic 2015 — peu commune\n"
            "   Coût : 3G   |   Créature — Humain Druide   |   2/2\n   « Les autres créatures vertes gagnent +1/+1. »\n\n"
            "[3] Selkie mélancolique — Wistful Selkie\n"
            "    Coût : (g/u)(g/u)(g/u)        Type : Créature : ondin et sorcier        F/E : 2/2\n"
            "    « Quand la Selkie mélancolique arrive sur le champ de bataille, piochez une carte. »\n")
    cards = _cards(tmp_path, text)
    assert [c[:2] for c in cards] == [("Parangon de la nature éternelle", "{3}{G}"), ("Selkie mélancolique", "{G/U}{G/U}{G/U}")]
    assert cards[1][3:] == ("2", "2")


def test_a_type_line_with_its_cost_and_mana_value(tmp_path):
    text = ("Classeur\n\n▸ Obscure faveur (Dark Favor)\n  Enchantement : aura, 1B (2)\n  Enchanter : créature\n"
            "  La créature enchantée gagne +3/+1.\n")
    assert [c[:3] for c in _cards(tmp_path, text)] == [("Obscure faveur", "{1}{B}", "Enchantement : aura")]


def test_a_framed_infobox_whose_cells_wrap(tmp_path):
    text = ("Wiki\n\n+------------------------------+\n| Kotori, prodige pilote       |\n+------------------------------+\n"
            "| Nom anglais   | Kotori, Pilot Prodigy |\n| Coût de mana  | {1}{W}{U} |\n| Valeur de     | 3 |\n"
            "| mana          |   |\n| Type          | Créature légendaire : |\n|               | lunaréen et pilote |\n"
            "| Force /       | 2/4 |\n| Endurance     |   |\n+------------------------------+\n")
    assert _cards(tmp_path, text) == [("Kotori, prodige pilote", "{1}{W}{U}", "Créature légendaire : lunaréen et pilote",
                                       "2", "4")]


def test_a_page_without_accents(tmp_path):
    text = ("Bonsoir,\n\nLa premiere :\n  Pillard celeste gobelin  (2)(R)\n  Creature : gobelin et guerrier -- 1/2\n"
            "  Vol\n")
    assert _cards(tmp_path, text) == [("Pillard celeste gobelin", "{2}{R}", "Créature : gobelin et guerrier", "1", "2")]


def test_two_spotlights_on_one_flattened_line(tmp_path):
    text = ("FAQ\n\nQ : Que vaut X ? R : Zéro. CARTE N°1. Présage du devin (Diviner's Portent) — coût : {X}{U}{U}{U} — "
            "valeur de mana : 3 — Éphémère — texte : « Piochez X cartes. » Q : Et le dé ? R : Après. CARTE N°2. Obscur "
            "salut (Dark Salvation) — coût : {X}{X}{B} — valeur de mana : 1 — Rituel — texte : « Le joueur ciblé met X "
            "jetons. » Merci à tous.\n")
    assert [c[:3] for c in _cards(tmp_path, text)] == [("Présage du devin", "{X}{U}{U}{U}", "Éphémère"),
                                                       ("Obscur salut", "{X}{X}{B}", "Rituel")]
