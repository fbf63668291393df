"""A card record is a name line, then its fields in any order (issue 12).

The documents are ``tests/fixtures/french/cards/*.txt`` (French card texts of
M10, M11, ROE, WWK, NPH and SHM from MTGJSON, laid out as card pages do; their
full parses are goldens of ``tests/golden/french/cards/``, regenerated with
``python -m pytest tests/parser/test_faq_card_fields.py --update-golden``).  The name line may carry
the cost (braced, bare, in parenthesised symbols, after a dash) and the
printed mana value; the cost, the printed mana value, the type line, the P/T
(« 2/2 », « 1 / 1 », « F/E 10/9 », « Force/Endurance : 2/2 ») and labelled
fields come in any order; the first of each is the record's, a second one is
kept in the text and reported, and lines that read as a record's fields but
belong to no record are text, reported."""
from __future__ import annotations


import pytest
from hypothesis import given, settings, strategies as st

from parser.faq import parse_document, parse_text
from tests.conftest import FIXTURES
from tests.parser.golden import assert_french_golden

CARDS = FIXTURES / "french" / "cards"
STEMS = sorted(p.stem for p in CARDS.glob("*.txt"))


def _cards(stem: str):
    doc = parse_document(CARDS / f"{stem}.txt")
    return doc, [(c.name, c.mana_cost, c.mana_value, c.type_line, c.power, c.toughness, c.line) for c in doc.cards]


@pytest.mark.parametrize("stem", STEMS)
def test_card_page_golden(stem, request):
    assert_french_golden(parse_document(CARDS / f"{stem}.txt"), f"cards/{stem}", request)


def test_card_pages_are_all_covered():
    assert STEMS == ["any_order", "duplicates", "infobox", "markdown", "notes_layouts", "one_line_dashes", "refused",
                     "tables", "written_costs"]


def test_fields_in_any_order_give_the_same_records():
    doc, cards = _cards("any_order")
    assert cards == [
        ("Arbitre angélique", "{5}{W}{W}", 7, "Créature : ange", "5", "6", 3),
        ("Archétype de chevalier", "{1}{W}{W}", None, "Créature : humain et chevalier", "2", "2", 12),
        ("Serra en devenir", "{W}", 1, "Créature : humain et moine", "1", "1", 19),
        ("Artisan de Kozilek", "{9}", 9, "Créature : eldrazi", "10", "9", 25),
        ("Chien de garde d'Affa", "{2}{W}", None, "Créature : chien de chasse", "2", "2", 35),
        ("Vigiles aux âmes liées", "{4}{W}", 5, "Créature : kor et esprit", "4", "5", 42)]
    by_name = {c.name: c for c in doc.cards}
    # the P/T after the text and the cost among the text lines are fields, not text
    assert by_name["Serra en devenir"].text.splitlines()[-1] == (
        "Tant que vous avez au moins 30 points de vie, Serra en devenir gagne +5/+5 et a le vol.")
    assert by_name["Chien de garde d'Affa"].text == (
        "Flash\nQuand le Chien de garde d'Affa arrive sur le champ de bataille, la créature ciblée gagne "
        "+0/+3 jusqu'à la fin du tour.")
    assert by_name["Archétype de chevalier"].text.startswith("Initiative (Cette créature inflige")
    assert [n.card for n in doc.notes] == ["Arbitre angélique", "Artisan de Kozilek"]
    assert not doc.warnings


def test_costs_as_pages_write_them():
    doc, cards = _cards("written_costs")
    assert [c[:6] for c in cards] == [
        ("Faucons du zénith", "{2}{W}", None, "Créature : oiseau", "2", "2"),
        ("Hurda de bataille", "{4}{W}", None, "Créature : géant", "3", "3"),
        ("Griffon juvénile", "{1}{W}", None, "Créature : griffon", "2", "2"),
        ("Zendikon vigile", "{2}{W}", 3, "Enchantement : aura", None, None),
        ("Cathédrale membranée", "{1}{W/P}", None, "Créature-artefact : mur", "0", "3"),
        ("Échardes de moelle", "{W/P}", None, "Éphémère", None, None),
        ("Procession spectrale", "{2/W}{2/W}{2/W}", 6, "Rituel", None, None),
        # « (5) » alone is a printed mana value, never a cost
        ("Jugement selon Iona", None, 5, "Rituel", None, None),
        ("Terrasseur d'Ulamog", "{11}", None, "Créature : eldrazi", "9", "9")]
    assert doc.cards[0].text.startswith("Multikick {1}{W} (Vous pouvez payer")
    assert not doc.warnings


def test_a_second_field_is_kept_as_text_and_reported():
    doc, cards = _cards("duplicates")
    assert [c[:6] for c in cards] == [
        ("Clone", "{3}{U}", None, "Créature : changeforme", "0", "0"),
        ("Justificateur de Kabira", "{3}{W}", None, "Créature : humain et chevalier", "2", "4"),
        ("Archonte vengeur", "{4}{W}{W}{W}", 6, "Créature : archonte", "7", "7")]
    clone, kabira, archonte = doc.cards
    assert clone.text.splitlines()[0] == "{3}{U}" and clone.text.splitlines()[-1] == "0/0"
    assert kabira.text == ("Montée de niveau {2}{W}\nNIVEAU 2-4\n3/6\n"
                           "Les autres créatures que vous contrôlez gagnent +1/+1.")
    assert archonte.text == "Vol\nValeur de mana : 7"
    assert [(w.type, w.line, w.column, w.text) for w in doc.warnings] == [
        ("duplicate_card_field", 6, 1, "{3}{U}"),
        ("duplicate_card_field", 8, 1, "0/0"),
        ("duplicate_card_field", 17, 1, "3/6"),
        # the printed mana value is not the cost's (7): which is right is unknown
        ("mana_value_mismatch", 21, 1, "Valeur de mana : 6"),
        ("duplicate_card_field", 25, 1, "Valeur de mana : 7"),
        # lines that read as a record's fields, in no record: text, reported
        ("unplaced_card_line", 29, 1, "3/3"),
        ("unplaced_card_line", 31, 1, "{2}{G}"),
        ("unplaced_card_line", 33, 1, "Créature : élémental"),
        ("unplaced_card_line", 36, 1, "1/1")]
    assert all(w.file.endswith("duplicates.txt") for w in doc.warnings)
    # a P/T inside a sentence is prose: no warning on line 27
    assert "Une créature 2/2 dans une phrase n'est pas une ligne de fiche." in doc.paragraphs
    assert {"3/3", "{2}{G}", "Créature : élémental", "1/1"} <= set(doc.paragraphs)


def test_the_name_line_carries_the_cost_and_the_mana_value():
    text = ("Cartes :\n\nSerra en devenir {W} (1)\nCréature : humain et moine\n1/1\nLien de vie\n\n"
            "Clone — {3}{U} — Valeur de mana : 4\nCréature : changeforme\n0/0\nCopie.\n\n"
            "Hurda de bataille 4W — CCM 5\nCréature : géant\n3/3\nInitiative\n\n"
            "Griffon juvénile (1)(W) (2)\nCréature : griffon\n2/2\nToucheterre.\n")
    doc = parse_text(text, "nl")
    assert [(c.name, c.mana_cost, c.mana_value, c.power) for c in doc.cards] == [
        ("Serra en devenir", "{W}", 1, "1"), ("Clone", "{3}{U}", 4, "0"),
        ("Hurda de bataille", "{4}{W}", 5, "3"), ("Griffon juvénile", "{1}{W}", 2, "2")]
    assert not doc.warnings


# ---- the order of the fields does not matter --------------------------------------------
_RECORDS = [  # (name, cost as written, cost, mana value, type line, P/T, text)
    ("Arbitre angélique", "{5}{W}{W}", "{5}{W}{W}", 7, "Créature : ange", "5/6", "Vol"),
    ("Hurda de bataille", "4W", "{4}{W}", 5, "Créature : géant", "3/3", "Initiative"),
    ("Procession spectrale", "(2/W)(2/W)(2/W)", "{2/W}{2/W}{2/W}", 6, "Rituel", None,
     "Mettez en jeu trois jetons de créature 1/1 blanche Esprit avec le vol."),
    ("Cathédrale membranée", "(1)(W/P)", "{1}{W/P}", 2, "Créature-artefact : mur", "0/3", "Défenseur"),
]
_COSTS = st.sampled_from(["{}", "Coût : {}", "— {}"])
_PTS = st.sampled_from(["{}", "Force/Endurance : {}", "F/E {}", "{p} / {t}"])
_MVS = st.sampled_from(["({})", "Valeur de mana : {}", "CCM {}", "(valeur de mana {})"])
_TYPES = st.sampled_from(["{}", "Type : {}"])


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(_RECORDS), _COSTS, _PTS, _MVS, _TYPES, st.booleans(), st.randoms(use_true_random=False))
def test_a_shuffled_record_comes_out_the_same(record, cost_form, pt_form, mv_form, type_form, with_mv, rnd):
    name, written, cost, mv, type_line, pt, text = record
    fields = [cost_form.format(written), type_form.format(type_line)]
    if pt:
        p, t = pt.split("/")
        fields.append(pt_form.format(pt, p=p, t=t))
    if with_mv:
        fields.append(mv_form.format(mv))
    rnd.shuffle(fields)
    # fields after the type line may also come after the text
    after = fields[fields.index(next(f for f in fields if f.endswith(type_line))) + 1:]
    lines = [name] + fields[:len(fields) - len(after)] + [text] + after
    doc = parse_text("Une fiche :\n\n" + "\n".join(lines) + "\n", "shuffled")
    [card] = doc.cards
    power, _, toughness = (pt or "").partition("/")
    assert (card.name, card.mana_cost, card.type_line, card.power, card.toughness) == (
        name, cost, type_line, power or None, toughness or None)
    assert card.mana_value == (mv if with_mv else None)
    assert card.text == text and not doc.warnings


def test_records_as_web_pages_print_them():
    """Spaced symbols (« {3} {U} », each symbol an image and its text), the P/T
    at the end of the type line without a dash, a record on one line with or
    without dashes and its text under it, a name in bold, a name ending in a colon."""
    text = ("Cartes :\n\nClone {3} {U}\nCréature : changeforme 0/0\nCopie.\n\n"
            "Archonte vengeur {4}{W}{W}{W} — Créature : archonte — 7/7\nVol\nPrévention.\n\n"
            "**Serra en devenir** {W}\nCréature : humain et moine\n1/1\n\n"
            "Chien de garde d'Affa :\n{2}{W}\nCréature : chien de chasse\n2/2\nFlash\n")
    doc = parse_text(text, "web")
    assert [(c.name, c.mana_cost, c.type_line, c.power, c.toughness, c.text) for c in doc.cards] == [
        ("Clone", "{3}{U}", "Créature : changeforme", "0", "0", "Copie."),
        ("Archonte vengeur", "{4}{W}{W}{W}", "Créature : archonte", "7", "7", "Vol\nPrévention."),
        ("Serra en devenir", "{W}", "Créature : humain et moine", "1", "1", ""),
        ("Chien de garde d'Affa", "{2}{W}", "Créature : chien de chasse", "2", "2", "Flash")]
    assert not doc.warnings and doc.paragraphs == ["Cartes :"]


def test_records_one_under_another_without_a_blank_line():
    """A name alone on its line, then a field, then the type line, right under
    the text of the record above: a new record; a text line then a field with
    no type line after them stay the record's (the field reported if second)."""
    text = ("Cartes :\n\nClone\n{3}{U}\nCréature : changeforme\n0/0\nCopie.\n"
            "Honneur des purs\nCoût : {1}{W}\nEnchantement\nLes créatures blanches que vous contrôlez gagnent +1/+1.\n"
            "Ange pourfendeur {3}{W}{W}\n(5)\nCréature : ange\nVol\nNIVEAU 1-3\n5/5\n")
    doc = parse_text(text, "next")
    assert [(c.name, c.mana_cost, c.mana_value, c.type_line, c.power, c.text) for c in doc.cards] == [
        ("Clone", "{3}{U}", None, "Créature : changeforme", "0", "Copie."),
        ("Honneur des purs", "{1}{W}", None, "Enchantement", None,
         "Les créatures blanches que vous contrôlez gagnent +1/+1."),
        # (a keyword line « Name {cost} », then a printed mana value and a type line: a record)
        ("Ange pourfendeur", "{3}{W}{W}", 5, "Créature : ange", "5", "Vol\nNIVEAU 1-3")]
    assert not doc.warnings


@pytest.mark.parametrize("type_line,pt", [
    ("Créature\u00a0: ange", "5/5"),         # a no-break space before the colon, as French typography has it
    ("Créature\u202f: ange", "5/5"),         # a narrow no-break space
    ("Créature: ange", "5/5"),               # no space at all
    ("Type\u00a0: Créature : ange", "(5/5)"),   # a P/T in parentheses
    ("Créature : ange (5/5)", None),         # … at the end of the type line
])
def test_type_lines_and_pts_as_french_pages_type_them(type_line, pt):
    text = "Cartes :\n\nAnge pourfendeur {3}{W}{W}\n" + type_line + "\n" + (pt + "\n" if pt else "") + "Vol\n"
    doc = parse_text(text, "typo")
    assert [(c.name, c.mana_cost, c.type_line, c.power, c.toughness, c.text) for c in doc.cards] == [
        ("Ange pourfendeur", "{3}{W}{W}", "Créature : ange", "5", "5", "Vol")]
    assert not doc.warnings
