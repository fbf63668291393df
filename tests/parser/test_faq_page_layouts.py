"""Card records, notes and refusals in the layouts French web pages use (issue 12):
one line with dashes between the fields, Markdown tables (a header row naming
the columns, or none), Markdown marks (blockquote, bold, heading, italics), a
wiki infobox (label TAB value), a shop's labelled cost and mana value on one
line; questions and answers and dated rulings as notes; names that read as a
cost, a P/T, a type line or a label refused with a warning.

The documents are ``tests/fixtures/french/cards/{one_line_dashes,tables,markdown,
infobox,notes_layouts,refused}.txt``: French card texts of SOM, NPH and ISD from
MTGJSON (``foreignData``), laid out as such pages do; their full parses are
goldens (tests/parser/test_faq_card_fields.py)."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from parser.faq import parse_document, parse_text
from parser.faq_records import bilingual, refused_name
from parser.faq_tables import cells, columns
from tests.conftest import FIXTURES

CARDS = FIXTURES / "french" / "cards"


def _doc(stem: str):
    return parse_document(CARDS / f"{stem}.txt")


def _rows(doc):
    return [(c.name, c.mana_cost, c.type_line, c.power, c.toughness, c.line) for c in doc.cards]


def _warnings(doc):
    return [(w.line, w.type) for w in doc.warnings]


def test_records_on_one_line_with_dashes():
    doc = _doc("one_line_dashes")
    assert _rows(doc) == [
        ("Épisseuse de lames", "{2}{W}", "Créature : humain et artificier", "1", "1", 3),
        ("Survivants aurioks", "{5}{W}", "Créature : humain et soldat", "4", "6", 6),
        ("Cathédrale membranée", "{1}{W/P}", "Créature-artefact : mur", "0", "3", 9),
        ("Bénédiction de l'apôtre", "{1}{W/P}", "Éphémère", None, None, 11),
        # « Créature - Esprit » (a spaced hyphen for the colon) is printed « Créature : Esprit »
        ("Geist de chapelle", "{1}{W}{W}", "Créature : Esprit", "2", "3", 13)]
    by_name = {c.name: c for c in doc.cards}
    assert by_name["Épisseuse de lames"].text.startswith("Quand l'Épisseuse de lames arrive sur le champ")
    # the English name of a bilingual record is kept in its text
    assert by_name["Cathédrale membranée"].text == "Nom VO : Cathedral Membrane\nDéfenseur"
    # « – » and « • » bullets under a one-line record are its notes
    assert [(n.card, n.line) for n in doc.notes] == [("Épisseuse de lames", 4), ("Survivants aurioks", 7)]
    # prose with dashes is no record; a type field the cardface grammar rejects is text, reported
    assert "Le rédacteur — ce n'est pas une carte — Créature hors norme." in doc.paragraphs
    assert _warnings(doc) == [(17, "bad_type_line")]


def test_a_table_with_a_header_in_any_order_and_one_without():
    doc = _doc("tables")
    assert _rows(doc) == [
        ("Acolyte abuna", "{1}{W}", "Créature : chat et clerc", "1", "1", 5),
        ("Arrestation", "{2}{W}", "Enchantement : aura", None, None, 7),
        ("Forgestoc auriok", "{W}{W}", "Créature : humain et soldat", "2", "2", 8),   # bold marks left out
        ("Cerf aux ramures rayonnantes", "{2}{W}{W}", "Créature : élan", "3", "3", 14),
        ("Faucon de rutilance", "{2}{W}", "Créature : oiseau", "2", "2", 16)]
    assert doc.cards[0].text == "{T} : Prévenez la prochaine 1 blessure."
    assert [(n.card, n.text) for n in doc.notes] == [
        ("Acolyte abuna", "Elle ne prévient que la prochaine blessure."),
        ("Cerf aux ramures rayonnantes", "Il exile un autre artefact ou une autre créature.")]
    # a row named like a label, a row whose type is no type line: text, reported on their lines
    assert _warnings(doc) == [(9, "bad_card_name"), (10, "bad_card_name")]
    assert "| 3 | Coût | Créature : elfe | 1/1 | |" in doc.paragraphs


def test_table_columns_are_read_from_the_header():
    assert columns("| Coût | Nom | Type | F/E | Texte |") == ["cost", "name", "type", "pt", "text"]
    assert columns("| **Carte** | CCM | Force/Endurance | Rareté |") == ["name", "mv", "pt", None]
    assert cells("| a | {1}{W} |  |") == ["a", "{1}{W}", ""]


def test_markdown_marks_are_not_part_of_the_fields():
    doc = _doc("markdown")
    assert _rows(doc) == [
        ("Griffon d'abbaye", "{3}{W}", "Créature : griffon", "2", "2", 3),
        ("Prêtresse avacynienne", "{1}{W}", "Créature : humain et clerc", "1", "2", 8),
        ("Geist de chapelle", "{1}{W}{W}", "Créature : esprit", "2", "3", 12)]
    assert doc.cards[0].text == "Vol, vigilance"            # « > » left out of the blockquote's lines
    assert doc.cards[1].text == "{1}, {T} : Engagez une créature non-Humain ciblée."
    assert [(n.card, n.text) for n in doc.notes] == [("Geist de chapelle", "Le Geist est un esprit blanc.")]
    assert not doc.warnings


def test_wiki_infobox_and_shop_labels():
    doc = _doc("infobox")
    assert [(c.name, c.mana_cost, c.mana_value, c.type_line, c.power, c.toughness, c.line) for c in doc.cards] == [
        # the name over a blank line, then « Label<TAB>value » lines; « 3{W}{W} »: figures then braces
        ("Brigadière angélique", "{3}{W}{W}", 5, "Créature : ange", "5", "3", 1),
        # « Coût : {4}{W}    CCM : 5 »: a cost and the printed mana value on one line
        ("Ange du vol d'albâtre", "{4}{W}", 5, "Créature : ange", "4", "4", 13),
        # « Description » under the product's name: the name is the line above
        ("Champion de la paroisse", "{W}", 1, "Créature : Humain et soldat", "1", "1", 19),
        ("Jeune guerrière", "{2}{W/B}{W/B}", None, "Créature : humain", "2", "2", 25)]
    assert doc.cards[0].text == "Nom anglais : Angelic Overseer\nRareté : Mythique\nVol"
    assert [n.card for n in doc.notes] == ["Brigadière angélique"]
    assert not doc.warnings


def test_questions_answers_and_dated_rulings_are_notes_of_the_card():
    doc = _doc("notes_layouts")
    karn = doc.cards[0]
    assert (karn.name, karn.mana_cost, karn.type_line) == ("Karn libéré", "{7}", "Planeswalker : Karn")
    assert karn.text.splitlines()[-1] == "Loyauté : 6"        # a planeswalker's loyalty stays in its text
    assert [(n.line, n.text) for n in karn.notes] == [
        (8, "Q : Que deviennent les cartes exilées par Karn quand la partie recommence ?\n"
            "R : Elles sont mises dans la main de leur propriétaire."),
        (11, "Question : Karn peut-il cibler un permanent que je contrôle ?\n"
             "Réponse : Oui, la capacité -3 peut cibler n'importe quel permanent."),
        (14, "Q. Les autres permanents exilés reviennent-ils ? R. Non."),
        (16, "2011-05-13 : La nouvelle partie ne compte pas comme une nouvelle manche."),
        (17, "13/05/2011 — Les cartes exilées sans Karn restent exilées.")]
    # bullets under a line that names a card of the page (after another paragraph) are that card's
    survivors = doc.cards[1]
    assert [n.text for n in survivors.notes] == ["L'équipement doit être dans votre cimetière.",
                                                 "Vous pouvez ne pas l'attacher."]
    assert len(doc.notes) == 7 and not doc.warnings


def test_a_question_and_its_answer_with_a_blank_line_between():
    doc = parse_text("Geist de chapelle {1}{W}{W}\nCréature : esprit\n2/3\n\nQ : Bloque-t-il ?\n\nR : Oui.\n",
                     source="t")
    assert [(n.card, n.text) for n in doc.notes] == [("Geist de chapelle", "Q : Bloque-t-il ?\nR : Oui.")]


def test_a_dated_line_under_no_card_is_text():
    doc = parse_text("Notes de la rédaction\n\n2011-05-13 : Nous avons corrigé une coquille.\n", source="t")
    assert not doc.notes and "2011-05-13 : Nous avons corrigé une coquille." in doc.paragraphs


def test_names_that_cannot_be_names_are_refused_with_a_warning():
    doc = _doc("refused")
    assert [c.name for c in doc.cards] == ["Acolyte abuna"]
    assert _warnings(doc)[:4] == [(3, "bad_card_name"), (7, "bad_card_name"), (12, "bad_card_name"),
                                  (16, "bad_card_name")]
    assert "« Créature : ange » reads as a type line" in doc.warnings[1].message
    # one-line records too: a name that reads as a P/T, a label
    assert _warnings(doc)[-2:] == [(33, "bad_card_name"), (35, "bad_card_name")]
    # the lines stay text
    assert {"Coût", "{2}{W}", "Rareté\tCommune", "4/4 — {2}{W} — Créature : ange — 2/2"} <= set(doc.paragraphs)


def test_refused_name_and_bilingual_name():
    assert refused_name("2{B/R}{B/R}") == "reads as a cost"
    assert refused_name("4/6") == "reads as a P/T"
    assert refused_name("Créature : ange") == "reads as a type line"
    assert refused_name("Coût") == "is a field's label"
    assert refused_name("Nom VO\tTandem Lookout") == "is a field's label"
    assert refused_name("Vigies en tandem / Tandem Lookout —") == "ends with a separator"
    assert refused_name("Terrain vague") is None and refused_name("Bonnet-rouge meurtrier") is None
    assert bilingual("Vigies en tandem / Tandem Lookout") == ("Vigies en tandem", "Tandem Lookout")
    assert bilingual("Feu // Glace") == ("Feu // Glace", "")


def test_a_name_line_never_holds_its_cost():
    doc = parse_text("Épisseuse de lames 2(W)(W)\nCréature : humain et artificier\n1/1\n\n"
                     "Vigies en tandem / Tandem Lookout —\n{2}{U}\nCréature : humain et éclaireur\n2/1\n",
                     source="t")
    assert [(c.name, c.mana_cost, c.text) for c in doc.cards] == [
        ("Épisseuse de lames", "{2}{W}{W}", ""),
        ("Vigies en tandem", "{2}{U}", "Nom VO : Tandem Lookout")]


_NAMES = st.sampled_from(["Acolyte abuna", "Garde de Ghalma", "Faucon de rutilance", "Survivants aurioks",
                          "Cerf aux ramures rayonnantes", "Geist de chapelle"])
_COSTS = st.sampled_from([("{1}{W}", "{1}{W}"), ("(1W)", "{1}{W}"), ("2WW", "{2}{W}{W}"),
                          ("3{W}{W}", "{3}{W}{W}"), ("{5}{W}", "{5}{W}"), ("1(W/P)", "{1}{W/P}")])
_TYPES = st.sampled_from(["Créature : humain et soldat", "Créature : chat et clerc", "Créature-artefact : mur"])
_DASHES = st.sampled_from([" – ", " — ", " - "])


@settings(max_examples=60, deadline=None)
@given(_NAMES, _COSTS, _TYPES, _DASHES, st.integers(0, 9), st.integers(0, 9), st.booleans(), st.booleans())
def test_any_dash_record_reads_the_same(name, cost, type_, dash, power, toughness, with_text, as_table):
    written, braced = cost
    if as_table:
        text = ("| Coût | Nom | Type | F/E | Texte |\n|---|---|---|---|---|\n"
                f"| {written} | {name} | {type_} | {power}/{toughness} | {'Vol' if with_text else ''} |\n")
    else:
        text = f"{name}{dash}{written}{dash}{type_}{dash}{power}/{toughness}" + (f"{dash}Vol" if with_text else "") + "\n"
    doc = parse_text("Liste :\n\n" + text + "– Une note.\n", source="t")
    assert [(c.name, c.mana_cost, c.type_line, c.power, c.toughness, c.text) for c in doc.cards] == [
        (name, braced, type_, str(power), str(toughness), "Vol" if with_text else "")]
    assert [n.card for n in doc.notes] == [name] and not doc.warnings


def test_words_before_a_colon_on_the_name_line_are_prose():
    doc = parse_text("Carte fétiche du club : Champion de la paroisse {W}\nCréature : humain et soldat\n1/1\n\n"
                     "Cercle de protection : rouge {1}{W}\nEnchantement\n", source="t")
    # a French name with a colon has a lower-case word after it
    assert [c.name for c in doc.cards] == ["Champion de la paroisse", "Cercle de protection : rouge"]
    assert "Carte fétiche du club :" in doc.paragraphs


def test_an_infobox_with_a_labelled_name_and_dated_rulings_under_it():
    doc = parse_text("Nom français\tGriffon d'abbaye\nNom anglais\tAbbey Griffin\nCoût de mana\t{3}{W}\n"
                     "Type\tCréature : griffon\nForce/Endurance\t2/2\n\n2011-09-30 : Il a le vol et la vigilance.\n",
                     source="t")
    [card] = doc.cards
    assert (card.name, card.mana_cost, card.type_line, card.power, card.text) == (
        "Griffon d'abbaye", "{3}{W}", "Créature : griffon", "2", "Nom anglais : Abbey Griffin")
    assert [n.text for n in card.notes] == ["2011-09-30 : Il a le vol et la vigilance."]


def test_bullets_under_a_plain_heading_are_notes_of_its_section():
    doc = parse_text("Tournoi du club, mars 2011.\n\nNotes de l'arbitre :\n"
                     "– Un esprit peut bloquer.\n• Le vol compte.\n", source="t")
    assert [s.title for s in doc.sections] == ["Notes de l'arbitre"]
    assert [(n.card, n.section, n.text) for n in doc.notes] == [
        (None, doc.sections[0].id, "Un esprit peut bloquer."), (None, doc.sections[0].id, "Le vol compte.")]
    # (under a card record, with only a paragraph between, bullets stay the card's notes)
    doc = parse_text("Geist de chapelle {1}{W}{W}\nCréature : esprit\n2/3\n\nNotes de l'arbitre :\n"
                     "– Un esprit peut bloquer.\n", source="t")
    assert [n.card for n in doc.notes] == ["Geist de chapelle"]


def test_questions_in_bold_or_without_a_space():
    doc = parse_text("Geist de chapelle {1}{W}{W}\nCréature : esprit\n2/3\n\n**Q :** Vole-t-il ?\n**R :** Oui.\n\n"
                     "Q: Bloque-t-il ?\nR: Oui, comme toute créature.\n", source="t")
    assert [n.text for n in doc.cards[0].notes] == ["Q : Vole-t-il ?\nR : Oui.",
                                                    "Q: Bloque-t-il ?\nR: Oui, comme toute créature."]


def test_a_numbered_list_marker_is_no_part_of_the_card_name():
    # erratum pages number their records: « 1) Name {cost} — Type », « 3. Name | {cost} | Type | text »
    doc = parse_text("Erratas :\n\n"
                     "1) Choc {R} — Éphémère\nLe Choc inflige 2 blessures à n'importe quelle cible.\n\n"
                     "2) Ours runegrave {1}{G} — Créature : ours — 2/2\n• Une note.\n\n"
                     "3. Shock | {R} | Éphémère | Texte.\n", "numbered")
    assert [(c.name, c.mana_cost, c.type_line, c.power, c.toughness) for c in doc.cards] == [
        ("Choc", "{R}", "Éphémère", None, None), ("Ours runegrave", "{1}{G}", "Créature : ours", "2", "2"),
        ("Shock", "{R}", "Éphémère", None, None)]
    assert [(n.text, n.card) for n in doc.notes] == [("Une note.", "Ours runegrave")]
