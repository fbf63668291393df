"""Card records in the layouts of card sites, card databases and articles, and in a
flattened FAQ (issue 25): pages written for these tests in those layouts
(``tests/fixtures/french/card_pages/``), each with its golden parse and the
record it must give.  The layout stage is :mod:`parser.faq_card_pages`."""
from __future__ import annotations

from pathlib import Path

import pytest

from parser.faq import parse_document, parse_text
from parser.faq_card_pages import lay_out
from tests.parser.golden import assert_french_golden

ROOT = Path(__file__).resolve().parents[2]
PAGES = ROOT / "tests" / "fixtures" / "french" / "card_pages"
STEMS = sorted(p.stem for p in PAGES.glob("*.txt"))


def _record(card):
    return (card.name, card.mana_cost, card.mana_value, card.type_line, card.power, card.toughness, card.line)


@pytest.mark.parametrize("stem", STEMS)
def test_card_page_golden(stem, request):
    assert_french_golden(parse_document(PAGES / f"{stem}.txt"), f"card_pages/{stem}", request)


def test_card_site_page_is_one_record_with_its_rulings():
    """« Sentier de la sève / Sap Trail · French » then « Éphémère, 1G (2) »: name, English
    name, type, cost and mana value; both texts and the artist line are its text; the dated
    rulings are its notes."""
    doc = parse_document(PAGES / "card_site.txt")
    assert [_record(c) for c in doc.cards] == [("Sentier de la sève", "{1}{G}", 2, "Éphémère", None, None, 1)]
    card = doc.cards[0]
    assert card.text.split("\n") == [
        "Nom VO : Sap Trail",
        "Mettez deux marqueurs +1/+1 sur une créature ciblée que vous contrôlez. Piochez une carte.",
        "Put two +1/+1 counters on target creature you control. Draw a card.",
        "Illustration : Camille Roux"]
    assert [(n.line, n.text[:24]) for n in card.notes] == [(6, "2021-09-24 : Si la créat"),
                                                           (7, "2021-09-24 : Les marqueu")]
    assert all(n.card == "Sentier de la sève" for n in doc.notes) and len(doc.notes) == 2
    assert doc.warnings == []


@pytest.mark.parametrize("header, record", [
    ("Lame de brume (Mist Blade) — Français\nCréature : esprit, {2}{U} (3)\n2/1\nVol\n",
     ("Lame de brume", "{2}{U}", 3, "Créature : esprit", "2", "1", 1)),
    ("Forêt sereine / Serene Forest | French\nTerrain, (0)\n{T} : Ajoutez {G}.\n",
     ("Forêt sereine", None, 0, "Terrain", None, None, 1)),
])
def test_card_site_header_forms(header, record):
    doc = parse_text(header, source="site")
    assert [_record(c) for c in doc.cards] == [record]
    assert doc.cards[0].text.split("\n")[0] == "Nom VO : " + ("Mist Blade" if "Mist" in header else "Serene Forest")


def test_card_database_page_keeps_legalities_and_notes_apart():
    """The English title line with the set and number is a paragraph; « Colosse de braise {5} »
    then the type line, text, P/T; the legality list is no part of the card's text; the
    English notes are its notes."""
    doc = parse_document(PAGES / "card_database.txt")
    assert [_record(c) for c in doc.cards] == [
        ("Colosse de braise", "{5}", None, "Créature-artefact : golem", "6", "5", 2)]
    card = doc.cards[0]
    assert card.text == ("Piétinement\nQuand le Colosse de braise arrive sur le champ de bataille, "
                         "il inflige 2 blessures à chaque adversaire.")
    assert doc.paragraphs == ["Ember Colossus (DMU) #142", "Legalities", "Standard: Legal", "Pioneer: Legal",
                              "Modern: Legal", "Commander: Legal", "Notes"]
    assert [(n.line, n.card) for n in doc.notes] == [(13, "Colosse de braise"), (14, "Colosse de braise")]
    assert doc.notes[1].text == "2022-09-09: The damage is dealt to each opponent at the same time."
    assert doc.warnings == []


def test_article_card_without_cost():
    """A name alone, a blank line, the type line, « 2/2 », the keyword line: a record with no cost."""
    doc = parse_document(PAGES / "article.txt")
    assert [_record(c) for c in doc.cards] == [
        ("Gardien des sables", None, None, "Créature : zombie et chacal et guerrier", "2", "2", 5)]
    assert doc.cards[0].text == "Vigilance, menace"
    assert doc.paragraphs[-1].startswith("Elle se joue surtout")
    assert doc.warnings == []


def test_a_heading_over_a_type_line_after_prose_is_still_no_record():
    """The blank line is left out only under a name alone between blank lines."""
    doc = parse_text("Un paragraphe de prose qui finit ici.\nRappels\n\nCréature : elfe\n2/2\n", source="x")
    assert doc.cards == []
    assert [w.type for w in doc.warnings] == ["type_line_without_name"]


def test_flattened_faq_keeps_its_general_notes_record():
    """The first 200 lines of the Sombrelande FAQ joined with spaces: every record of those
    lines, the example card of its general notes first, with the same notes as the seed."""
    seed = ROOT / "seeds" / "001_b5a1e1d9799bc96e.txt"
    lines = seed.read_text(encoding="utf-8").split("\n")[:200]
    flat = parse_text(" ".join(lines), source="flat")
    laid = parse_document(seed)
    expected = [(c.name, c.mana_cost, c.type_line, c.power, c.toughness, len(c.notes))
                for c in laid.cards if c.line <= 200]
    got = [(c.name, c.mana_cost, c.type_line, c.power, c.toughness, len(c.notes)) for c in flat.cards]
    assert got == expected
    assert got[0] == ("Lancier guêpe", "{U/B}{U/B}{U/B}", "Créature : peuple fée et soldat", "3", "2", 6)
    assert len(got) == 8
    assert all(c.line == 1 for c in flat.cards)


# ------------------------------------------------------------------- nothing silent

def test_a_record_left_in_a_note_is_reported_where_it_starts():
    doc = parse_text("* Une note. Lancier guêpe {U/B}{U/B}{U/B} Créature : peuple fée et soldat 3/2 Vol\n", source="x")
    assert doc.cards == []
    assert doc.notes[0].text.endswith("3/2 Vol")                       # the text is kept
    assert [(w.type, w.line, w.column) for w in doc.warnings] == [("unread_card_record", 1, 13)]


def test_a_flattened_faq_reports_the_record_it_cannot_read():
    """The Lancier guêpe after a comma, not a sentence's end: no record, a warning located
    in the original line at the card's name, its text kept in the paragraph."""
    seed = ROOT / "seeds" / "001_b5a1e1d9799bc96e.txt"
    flat = " ".join(seed.read_text(encoding="utf-8").split("\n")[:200])
    flat = flat.replace("foncé).  Lancier guêpe", "foncé), ainsi Lancier guêpe")
    doc = parse_text(flat, source="flat")
    assert "Lancier guêpe" not in [c.name for c in doc.cards] and len(doc.cards) == 7
    [warning] = doc.warnings
    assert (warning.type, warning.line) == ("unread_card_record", 1)
    assert flat[warning.column - 1:].startswith("Lancier guêpe {U/B}{U/B}{U/B} Créature")
    assert any("Lancier guêpe {U/B}{U/B}{U/B} Créature : peuple fée et soldat 3/2 Vol" in p for p in doc.paragraphs)


@pytest.mark.parametrize("text", [
    "Si un sort coûte {W/U}{W/U}, vous pouvez dépenser {W}{W}.\n",
    "Payez {2}{G} : les créatures gagnent +1/+1.\n",
    "* Une créature avec {U/B} dans son coût est bleue et noire.\n",
])
def test_costs_in_prose_are_no_record(text):
    assert parse_text(text, source="x").warnings == []


@pytest.mark.parametrize("title", ["Ember Colossus (DMU) #142", "Ember Colossus · DMU · 142", "Ember Colossus (DMU) 142"])
def test_card_database_title_forms(title):
    doc = parse_text(f"{title}\nColosse de braise {{5}}\nArtefact\nPiétinement\n", source="db")
    assert [_record(c) for c in doc.cards] == [("Colosse de braise", "{5}", None, "Artefact", None, None, 2)]
    assert doc.paragraphs == [title]


def test_a_wrapped_sentence_ending_with_a_set_and_a_year_is_no_title():
    """No blank line is put under « … (GP) 2012 » when no name line with a cost follows."""
    text = "Ce deck a gagné le Grand Prix de Paris (GP) 2012\net il reste joué.\n"
    assert [line for line, _ in lay_out(text)] == text.split("\n")


@pytest.mark.parametrize("page, record", [
    ("Sentier de la sève / Sap Trail\nÉphémère, {1}{G} (2)\nPiochez une carte.\n",
     ("Sentier de la sève", "{1}{G}", 2, "Éphémère", None, None, 1)),
    ("Chevalier du matin\nCréature : humain et chevalier, 1WW (3)\n2/2\nLien de vie\n",
     ("Chevalier du matin", "{1}{W}{W}", 3, "Créature : humain et chevalier", "2", "2", 1)),
])
def test_card_site_without_the_language(page, record):
    doc = parse_text(page, source="site")
    assert [_record(c) for c in doc.cards] == [record] and doc.warnings == []


@pytest.mark.parametrize("text", [
    "Un mot sur les types.\nCréature, enchantement ou artefact : tout permanent compte.\n",
    "Les créatures\nCréature, 2/2, rien de plus.\n",
])
def test_prose_after_a_line_is_no_card_site_header(text):
    assert [line for line, _ in lay_out(text) or []] in ([], text.split("\n"))


@pytest.mark.parametrize("name, type_line, written", [
    ("**Gardien des sables**", "Créature : zombie et chacal et guerrier", "Créature : zombie et chacal et guerrier"),
    ("### Gardien des sables", "Créature — Zombie Chacal Guerrier", "Créature — Zombie Chacal Guerrier"),
    ("Gardien des sables", "_Créature : zombie et chacal et guerrier_", "Créature : zombie et chacal et guerrier"),
])
def test_article_card_in_markdown(name, type_line, written):
    doc = parse_text(f"Intro.\n\n{name}\n\n{type_line}\n2/2\nVigilance, menace\n", source="a")
    assert [_record(c) for c in doc.cards] == [("Gardien des sables", None, None, written, "2", "2", 3)]
    assert doc.warnings == []


def test_blocks_of_card_fields_in_a_shop_a_newsletter_a_database_and_a_frame():
    """parser/faq_field_blocks.py: « Nom (English) » over labelled fields, « Coût : 1 + GG — Créature —
    Serpent — 3/3 », « Nom VF : » / « Nom VO : », « 1 U U », « (1)(B) », « 4 Vert Vert » in a box frame,
    « Force / Endurance : 4 / 4 », « F/E : », « Créature - Zombie et Horreur »; the comment's name is no record."""
    doc = parse_document(PAGES / "field_blocks.txt")
    assert [(c.name, c.mana_cost, c.type_line, c.power, c.toughness, c.mana_value) for c in doc.cards] == [
        ("Chevalier de la ruche", "{3}{W}{W}", "Créature — Humain et Chevalier", "4", "4", None),
        ("Goule des marais", "{1}{B}", "Créature — Zombie et Horreur", "2", "1", None),
        ("Serpent des fourrés", "{1}{G}{G}", "Créature — Serpent", "3", "3", None),
        ("Augure des brumes", "{1}{U}{U}", "Créature — Sphinx et Sorcier", "2", "3", 3),
        ("Titan de la lande", "{4}{G}{G}", "Créature : géant", "6", "6", None)]
    assert doc.cards[0].text.startswith("Nom VO : Hive Knight\n") and doc.cards[4].text == "Portée"


@pytest.mark.parametrize("written, cost", [("trois et deux blancs", "{3}{W}{W}"), ("quatre et deux rouges", "{4}{R}{R}"),
                                           ("4 Vert Vert", "{4}{G}{G}"), ("1 + WW", "{1}{W}{W}"), ("1 U U", "{1}{U}{U}"),
                                           ("(1)(B)", "{1}{B}"), ("15 (incolore)", "{15}"), ("1GG (valeur de mana 3)", "{1}{G}{G}"),
                                           ("R/W R/W R/W", "{R/W}{R/W}{R/W}"), ("Prix : 2,50 €", None), ("le vert", None)])
def test_written_costs_of_field_blocks(written, cost):
    from parser.mana import read_cost
    assert read_cost(written) == cost


def test_field_lines_of_a_forum_post_and_a_shop_list():
    """A bare cost line « (2)(R) » under « Nom (English) », a record on one line between dashes
    (« Nom (English) — (1)(U)(U) — Éphémère ») and a shop's « Artefact — Coût : 2 » under an edition line:
    records, and the edition line (« Mirrodin — Commune — VF ») is no name."""
    doc = parse_document(PAGES / "field_lines.txt")
    assert [(c.name, c.mana_cost, c.type_line, c.power, c.toughness) for c in doc.cards] == [
        ("Gardienne des cendres", "{2}{R}", "Créature — Élémental et Soldat", "2", "2"),
        ("Rappel du néant", "{1}{U}{U}", "Éphémère", None, None),
        ("Lanterne de fer", "{2}", "Artefact", None, None)]
    assert doc.cards[1].text == "Nom VO : Void Recall\nContrecarrez le sort ciblé."
