"""Two families of French type lines (issue 25): a token's (« Jeton de créature : soldat ») and the type lines
printed before 2005 (« Invoquer : licorne », « Invoquer Licorne », « Interruption », « Éphémère d'interruption »,
« Enchanter : créature », « Enchanter une créature »), read by the one type-line parser
(:func:`parser.cardface.parse_type_line`) and as the type line of a record on a page.

The old words map as the Comprehensive Rules of 2003-2005 say: « All "Summon [creature subtype]" cards should be
read as "Creature - [creature subtype]" », « All interrupt cards are now instant cards », local enchantments
(« Enchant Creature ») « now have the Aura subtype ».  French subtypes become English ones through the term data
(``corpus/terms/terms_fr_en.tsv``: soldat -> Soldier, licorne -> Unicorn).  The cards are real (MTGJSON):
Pearled Unicorn / Licorne nacrée (5ED, « Invoquer: licorne », {2}{W}, 2/2), Dark Ritual / Messe noire (4ED,
« Interruption », {B}), Dance of the Dead / Danse macabre (ICE, « Enchanter : créature morte »), the white 1/1
Soldier token (« Token Creature — Soldier »).
"""
from __future__ import annotations

import pytest

from parser.cardface import CardFaceError, french_subtypes, parse_type_line
from parser.faq import parse_text


@pytest.mark.parametrize("text, types_en, subtypes, subtypes_en", [
    ("Jeton de créature : soldat", ["Creature"], ["soldat"], ["Soldier"]),
    ("Jeton créature — Soldat", ["Creature"], ["Soldat"], ["Soldier"]),
    ("Jeton Créature : Soldat et Guerrier", ["Creature"], ["Soldat", "Guerrier"], ["Soldier", "Warrior"]),
    ("Jeton de créature artefact : golem", ["Artifact", "Creature"], ["golem"], ["Golem"]),
])
def test_a_tokens_type_line(text, types_en, subtypes, subtypes_en):
    line = parse_type_line(text, "fr")
    assert (line.token, line.types_en, line.supertypes_en, line.subtypes, line.subtypes_en) == \
        (True, types_en, [], subtypes, subtypes_en)


def test_a_tokens_type_line_in_english():
    line = parse_type_line("Token Creature — Soldier", "en")
    assert (line.token, line.types_en, line.subtypes, line.subtypes_en) == (True, ["Creature"], ["Soldier"], ["Soldier"])


@pytest.mark.parametrize("text, written, types_en, subtypes, subtypes_en", [
    ("Invoquer: licorne", "Invoquer", ["Creature"], ["licorne"], ["Unicorn"]),      # Licorne nacrée, 5ED
    ("Invoquer : licorne", "Invoquer", ["Creature"], ["licorne"], ["Unicorn"]),
    ("Invocation : licorne", "Invocation", ["Creature"], ["licorne"], ["Unicorn"]),
    ("Invoquer Licorne", "Invoquer", ["Creature"], ["Licorne"], ["Unicorn"]),
    ("Interruption", "Interruption", ["Instant"], [], []),                          # Messe noire, 4ED
    ("Éphémère d'interruption", "Éphémère", ["Instant"], [], []),
    ("Enchanter : créature morte", "Enchanter", ["Enchantment"], ["créature morte"], ["Aura"]),   # Danse macabre, ICE
    ("Enchanter une créature", "Enchanter", ["Enchantment"], ["créature"], ["Aura"]),
    ("Enchanter un permanent", "Enchanter", ["Enchantment"], ["permanent"], ["Aura"]),
])
def test_an_old_type_line(text, written, types_en, subtypes, subtypes_en):
    line = parse_type_line(text, "fr")
    assert (line.types, line.types_en, line.subtypes, line.subtypes_en, line.token) == \
        ([written], types_en, subtypes, subtypes_en, False)


def test_an_old_english_type_line_maps_as_the_rules_history_says():
    assert parse_type_line("Summon Unicorn", "en").types_en == ["Creature"]
    enchant = parse_type_line("Enchant Creature", "en")
    assert (enchant.types_en, enchant.subtypes, enchant.subtypes_en) == (["Enchantment"], ["Creature"], ["Aura"])


def test_the_french_subtypes_come_from_the_term_data():
    subtypes = french_subtypes()
    assert subtypes["licorne"] == "Unicorn" and subtypes["soldat"] == "Soldier" and subtypes["peuple fee"] == "Faerie"
    assert parse_type_line("Créature : peuple fée et soldat", "fr").subtypes_en == ["Faerie", "Soldier"]


def test_invoquer_without_a_colon_takes_subtypes_only():
    with pytest.raises(CardFaceError):
        parse_type_line("Invoquer des renforts", "fr")
    with pytest.raises(CardFaceError):
        parse_type_line("Jeton", "fr")


def _records(text):
    doc = parse_text(text, "page")
    return [(c.name, c.mana_cost, c.type_line, c.power, c.toughness, c.text) for c in doc.cards], \
        [(w.type, w.line) for w in doc.warnings]


@pytest.mark.parametrize("type_line", ["Invoquer : licorne", "Invoquer: licorne", "Invoquer Licorne",
                                       "Invocation : licorne"])
def test_an_old_card_in_an_article_with_no_cost(type_line):
    """An article's layout: the name alone, a blank line, the type line, the P/T (no cost)."""
    text = (f"Les vieilles cartes du club\n\nLicorne nacrée\n\n{type_line}\n2/2\n\n"
            "Une licorne blanche de l'Alpha, réimprimée jusqu'à la cinquième édition.\n")
    assert _records(text) == ([("Licorne nacrée", None, type_line.replace("r: ", "r : "), "2", "2", "")], [])


@pytest.mark.parametrize("type_line", ["Jeton de créature : soldat", "Jeton créature — Soldat",
                                       "Jeton Créature : Soldat et Guerrier"])
def test_a_token_in_an_article(type_line):
    text = f"Les jetons de l'extension\n\nSoldat\n\n{type_line}\n1/1\n\nCréé par plusieurs cartes blanches.\n"
    assert _records(text) == ([("Soldat", None, type_line, "1", "1", "")], [])


def test_an_old_card_with_its_cost():
    text = "Licorne nacrée {2}{W}\nInvoquer: licorne\n2/2\n\nMesse noire {B}\nInterruption\nAjoutez {B}{B}{B} à votre réserve.\n"
    assert _records(text)[0] == [("Licorne nacrée", "{2}{W}", "Invoquer : licorne", "2", "2", ""),
                                 ("Messe noire", "{B}", "Interruption", None, None, "Ajoutez {B}{B}{B} à votre réserve.")]


def test_words_after_invoquer_that_are_no_subtypes_make_no_record():
    cards, warnings = _records("Un titre\n\nRenforts {1}{W}\nInvoquer des renforts\n2/2\n")
    assert cards == [] and ("bad_type_line", 3) in warnings


def test_an_indented_token_sheet_with_its_colour_line():
    # a sheet of printable tokens: each an indented block, its colours on a line of their own
    text = ("Mes jetons à imprimer\n\nFiche n°1\n\n  Esprit\n  Jeton de créature : esprit\n  Incolore\n  1/1\n\n"
            "Fiche n°2\n\n  Soldat\n  Jeton Créature — Soldat\n  Blanc\n  1/1\n  (pas de texte)\n")
    cards, warnings = _records(text)
    assert [c[:5] for c in cards] == [("Esprit", None, "Jeton de créature : esprit", "1", "1"),
                                      ("Soldat", None, "Jeton Créature — Soldat", "1", "1")]
    # a token needs its P/T to be a record with no cost: a type line alone under a name is no record
    assert _records("Un titre\n\n  Esprit\n  Jeton de créature : esprit\n\nFin.\n")[0] == []
