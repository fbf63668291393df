"""Dates written out in words (parser/dates.py), on lines of the documents:
the seed FAQ header, French rules texts and English CR editions."""
from __future__ import annotations

import pytest

from parser.dates import english_date, french_date, iso_date, written_date


def test_french_dates():
    assert french_date("Document modifié pour la dernière fois le 4 avril 2008") == "2008-04-04"
    assert french_date("Ces règles entrent en vigueur au 1er février 2010.") == "2010-02-01"
    assert french_date("19-20 avril 2008") == "2008-04-19"
    assert french_date("4 aout 2008") == "2008-08-04"
    assert french_date("le 1 er février 2010") == french_date("le 1ᵉʳ février 2010") == "2010-02-01"
    assert french_date("pas de date") is None


def test_english_dates():
    assert english_date("These rules are effective as of January 16, 2026.") == "2026-01-16"
    assert english_date("These rules are current as of March 15, 2003.") == "2003-03-15"
    assert english_date("Ces règles entrent en vigueur au 1er février 2010.") is None


@pytest.mark.parametrize("line, expected", [
    ("These rules are current as of December 1, 2003.", "2003-12-01"),
    ("Ces règles entrent en vigueur au 1er février 2010.", "2010-02-01"),
    ("Magic: The Gathering Comprehensive Rules", None),
])
def test_written_date_reads_either_language(line, expected):
    assert written_date(line) == expected


def test_impossible_dates_are_none():
    assert iso_date(2026, 2, 30) is None
    assert french_date("31 février 2010") is None
    assert english_date("February 30, 2026") is None


# ---- the document's own date (issue 12) ---------------------------------------------

def test_numeric_dates_are_day_first():
    from parser.dates import document_date, numeric_date

    assert numeric_date("Règles FR [04/02/2011]") == "2011-02-04"
    assert numeric_date("13/07/2009 : mise à jour des règles") == "2009-07-13"
    assert numeric_date("31/02/2011") is None and numeric_date("702.19b") is None
    assert document_date("Mise à jour le 4 avril 2008") == "2008-04-04"
    assert document_date("Dernière mise à jour : 13/07/2009") == "2009-07-13"


@pytest.mark.parametrize("text, date, field", [
    ("Règles complètes\n\nCes règles entrent en vigueur au 1er février 2010.\n\n702.19. Piétinement\n",
     "2010-02-01", "effective"),
    ("Règles FR [04/02/2011]\n\n702.19. Piétinement\n", "2011-02-04", "stamps"),
    ("Document modifié pour la dernière fois le 4 avril 2008\n\n702.19. Piétinement\n", "2008-04-04",
     "last_modified"),
    ("Historique\n\n02/05/2009 : première version\n13/07/2009 : mise à jour de 702.19\n\n702.19. Piétinement\n",
     "2009-07-13", "updates"),
    # the strongest statement wins: an effective date over a later changelog line
    ("13/07/2011 : mise à jour\n\nCes règles entrent en vigueur au 1er février 2010.\n\n702.19. Piétinement\n",
     "2010-02-01", "effective"),
    ("702.19. Piétinement\n\nLe 4 avril 2008, rien.\n", None, None),
    ("Mise à jour : 13 juillet 2009\n\n### 702.19. Piétinement\n", "2009-07-13", "last_modified"),
    ("Dernière mise à jour le 02/05/2010\n\n702.19. Piétinement\n", "2010-05-02", "last_modified"),
    # a date-introducing phrase and a date, in more wordings
    ("Document mis à jour le 12 mars 2012\n\n702.19. Piétinement\n", "2012-03-12", "last_modified"),
    ("Mis à jour le 3 février 2012\n\n702.19. Piétinement\n", "2012-02-03", "last_modified"),
    ("Mise à jour du 1er juillet 2013\n\n702.19. Piétinement\n", "2013-07-01", "last_modified"),
    ("Dernière modification : 27/04/2012\n\n702.19. Piétinement\n", "2012-04-27", "last_modified"),
    ("Document modifié pour la dernière fois le 1 er février 2010\n\n702.19. Piétinement\n", "2010-02-01",
     "last_modified"),
    ("En vigueur au 1er février 2010\n\n702.19. Piétinement\n", "2010-02-01", "effective"),
    ("Date d'effet : 1er février 2010\n\n702.19. Piétinement\n", "2010-02-01", "effective"),
    ("Date d’entrée en vigueur : 27 avril 2012\n\n702.19. Piétinement\n", "2012-04-27", "effective"),
    ("Ces règles sont en vigueur à partir du 1er février 2010.\n\n702.19. Piétinement\n", "2010-02-01",
     "effective"),
    ("Publié le 14 juin 2012\n\n702.19. Piétinement\n", "2012-06-14", "published"),
    ("Mis en ligne le 14/06/2012\n\n702.19. Piétinement\n", "2012-06-14", "published"),
    # a release date stays a release date, never the document's
    ("Date de sortie officielle : 2 mai 2008\n\n702.19. Piétinement\n", None, None),
])
def test_the_document_date_comes_from_its_own_words(text, date, field):
    from parser.faq import document_date, parse_text

    doc = parse_text(text, "d")
    assert doc.edition == date and document_date(doc.metadata) == (date, field)
    assert doc.rule("702.19").edition == date and doc.rule("702.19").title == "Piétinement"
    assert all(w.type != "unplaceable_line" for w in doc.warnings)


def test_a_date_line_whose_date_cannot_be_read_is_reported():
    from parser.faq import parse_text

    doc = parse_text("Document modifié pour la dernière fois le 31 février 2010\n\n702.19. Piétinement\n", "d",
                     path="d.txt")
    assert doc.edition is None and doc.metadata["last_modified"] is None
    [w] = doc.warnings
    assert (w.type, w.file, w.line, w.text) == ("unreadable_date", "d.txt", 1,
                                                "Document modifié pour la dernière fois le 31 février 2010")


def test_abbreviated_french_months():
    assert french_date("Lyon, 3 janv. 2011") == "2011-01-03"
    assert french_date("le 14 févr. 2009") == "2009-02-14"
    assert french_date("ven. 21 déc. 2012 22:15") == "2012-12-21"
    assert french_date("le 2 sept 2010") == "2010-09-02"
    assert french_date("le 2 sem. 2010") is None


# A date-introducing phrase (a verb of publishing, posting, modifying,
# updating; « Date : »; a place and « le »), then a written date with an
# optional weekday (full or abbreviated) and time, in the words of blogs,
# forums, wikis, mails and letters.
@pytest.mark.parametrize("line, date, field", [
    ("Publié le jeudi 12 mars 2009 par Hélène", "2009-03-12", "published"),
    ("Article publié le dim. 8 nov. 2009", "2009-11-08", "published"),
    ("Réponse postée le 30 juin 2011 à 07h05 par Marc_42", "2011-06-30", "published"),
    ("Sujet mis en ligne le samedi 1er octobre 2011", "2011-10-01", "published"),
    ("Dernière modification de la page le 22 février 2011 à 09:12.", "2011-02-22", "last_modified"),
    ("Dernière révision de cet article : mer. 4 août 2010", "2010-08-04", "last_modified"),
    ("Mis à jour le lundi 5 juillet 2010", "2010-07-05", "last_modified"),
    ("Date : mar. 17 nov. 2009 23:58:01 +0100", "2009-11-17", "published"),
    ("Date : 17 novembre 2009", "2009-11-17", "published"),
    ("Bordeaux, le 9 mars 2013", "2013-03-09", "published"),
    ("Saint-Malo, 9 avr. 2013", "2013-04-09", "published"),
    ("Lille, le mercredi 9 mars 2011.", "2011-03-09", "published"),
    ("samedi 7 mai 2011 – par l'équipe arbitrage", "2011-05-07", "published"),
    ("Mardi 10 mai 2011, 14h20", "2011-05-10", "published"),
    # the author between the verb and the date; dates in figures after « Date : » and a place
    ("Publié par Hélène le jeudi 12 mars 2009", "2009-03-12", "published"),
    ("Posté par Marc_42, le 30 juin 2011 à 07h05", "2011-06-30", "published"),
    ("Modifié par l'équipe le 2 juin 2011", "2011-06-02", "last_modified"),
    ("Date : 17/11/2009 23:58", "2009-11-17", "published"),
    ("Bordeaux, le 09/03/2013", "2013-03-09", "published"),
])
def test_dates_from_bylines_footers_mail_headers_and_letters(line, date, field):
    from parser.faq import document_date, parse_text

    doc = parse_text(f"Un titre\n{line}\n\n702.19. Piétinement\n\nUn paragraphe.\n", "d")
    assert document_date(doc.metadata) == (date, field) and doc.edition == date
    assert doc.rule("702.19").title == "Piétinement"
    assert not doc.metadata.get("release_dates") and not doc.warnings


@pytest.mark.parametrize("line", [
    "Enfin, le 9 mars 2013 les règles de la légende ont changé pour de bon.",
    "Samedi, nous jouerons le draft de 14h.",
    "La carte a été publiée en 2009 dans Zendikar.",
])
def test_prose_with_a_date_is_not_the_documents_date(line):
    from parser.faq import parse_text

    doc = parse_text(f"Un titre\n{line}\n\n702.19. Piétinement\n", "d")
    assert doc.edition is None and not doc.metadata.get("published")


def test_a_date_phrase_inside_a_flattened_faq_dates_it():
    from parser.faq import document_date, parse_text

    line = ("FAQ Zendikar – les pièges Dernière mise à jour : 5 oct. 2009 ***Règles*** "
            "702.19. Piétinement 702.19a Le piétinement est une capacité statique. "
            "* Une note sur le piétinement. * Une autre note. ")
    doc = parse_text(line * 2 + "\n", "d")
    assert document_date(doc.metadata) == ("2009-10-05", "last_modified")


# ---- one date grammar (parser/grammars/dates.lark) --------------------------------

def test_figures_with_points_or_dashes_and_iso_dates():
    from parser.dates import numeric_date

    assert numeric_date("Mise en page du 27.03.2011") == numeric_date("27-03-2011 : relecture") == "2011-03-27"
    assert numeric_date("2012-01-27 — 5 commentaires") == "2012-01-27"
    assert numeric_date("2012-13-27") is None and numeric_date("702.19.2011") is None


def test_abbreviations_without_accent_point_or_case():
    assert french_date("Lun 15 Aoû 2011 14:32") == "2011-08-15"
    assert french_date("le 3 Fév 2012") == french_date("3 FÉVR. 2012") == "2012-02-03"
    assert french_date("10 juill. 2013") == "2013-07-10"
    # a word that only starts like a month is no month
    assert french_date("3 maison 2012") is None and french_date("3 marsouins 2012") is None


@pytest.mark.parametrize("line, date", [
    ("Date : 2012-01-27", "2012-01-27"),
    ("Nantes, le 27.03.2011", "2011-03-27"),
    ("Date : vendredi 27-01-2012 à 21h05", "2012-01-27"),
])
def test_date_lines_read_every_figure_form(line, date):
    from parser.faq import document_date, parse_text

    doc = parse_text(f"Un titre\n{line}\n\n702.19. Piétinement\n", "d")
    assert document_date(doc.metadata) == (date, "published") and not doc.warnings


def test_a_rule_line_ending_with_a_labelled_date_stays_a_rule():
    from parser.faq import parse_text

    doc = parse_text("702.19a Cette règle est en vigueur depuis : 1er juillet 2013\n", "d")
    assert doc.rule("702.19a").text == "Cette règle est en vigueur depuis : 1er juillet 2013"
    assert not doc.metadata.get("release_dates")


def test_faq_header_takes_its_date_forms_from_dates_lark():
    from parser import grammars

    header = grammars.text("faq_header")
    assert "%import .dates (WRITTEN_DATE, FIGURES_DATE, ISO_DATE, WEEKDAY)" in header
    assert "janvier" not in header and "lundi" not in header
