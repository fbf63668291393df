"""The document's date from its own header: bylines, newsletter and breadcrumb lines
(parser/faq_dates.py, kind ``byline``), and the date forms of parser/grammars/dates.lark.

Each document of ``tests/fixtures/french/dates/`` is a page written for these
tests around the soulbond seed's rules; its full parse is a golden file of
``tests/golden/french/dates/`` (regenerate with ``--update-golden``).
"""
from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parser.dates import MONTHS_FR, MONTHS_FR_SHORT, document_date as line_date, find_dates, french_date, \
    numeric_date
from parser.faq import document_date, parse_document, parse_text
from tests.conftest import FIXTURES
from tests.parser.golden import assert_french_golden

DATES = FIXTURES / "french" / "dates"
STEMS = sorted(p.stem for p in DATES.glob("*.txt"))


def _doc(stem: str):
    return parse_document(DATES / f"{stem}.txt")


@pytest.mark.parametrize("stem", STEMS)
def test_dates_golden(stem, request):
    assert_french_golden(_doc(stem), f"dates/{stem}", request)


def test_the_fixtures_are_all_covered():
    assert STEMS == ["dates_byline", "dates_none", "dates_release", "dates_several", "dates_under_title"]


def test_a_byline_dates_the_page_and_the_replies_under_it_do_not():
    doc = _doc("dates_byline")
    assert document_date(doc.metadata) == ("2012-03-07", "byline") and doc.edition == "2012-03-07"
    assert doc.metadata["byline"] == [{
        "text": "Rédaction : Camille B. · mise en ligne le mercredi 7 mars 2012 à 18h40 · 3 réactions",
        "date": "2012-03-07", "line": 2}]
    # « Posté le 12 mars 2012 … » of the last reply: a date line, but under the content
    assert doc.metadata["published_after_content"] == "2012-03-12" and "published" not in doc.metadata
    assert [r.edition for r in doc.rules] == ["2012-03-07"] * 3 and doc.warnings == []


def test_of_several_header_dates_the_latest_is_the_documents():
    doc = _doc("dates_several")
    assert [(b["line"], b["date"]) for b in doc.metadata["byline"]] == [(1, "2011-11-14"), (2, "2011-11-28")]
    assert document_date(doc.metadata) == ("2011-11-28", "byline")


def test_release_and_prerelease_dates_are_never_the_documents():
    doc = _doc("dates_release")
    assert doc.edition is None and document_date(doc.metadata) == (None, None)
    assert "byline" not in doc.metadata
    assert doc.metadata["release_dates"] == [{"label": "Date de sortie", "text": "30 septembre 2011",
                                              "date": "2011-09-30"}]


def test_a_page_without_a_date_stays_undated():
    doc = _doc("dates_none")
    assert doc.edition is None and document_date(doc.metadata) == (None, None) and doc.warnings == []
    assert [r.number for r in doc.rules] == ["702.92", "702.92a", "702.92b"]


def test_the_line_under_a_heading_title_is_in_the_header():
    doc = _doc("dates_under_title")
    assert doc.sections[0].title == "PETIT GUIDE DE L'ASSOCIATION D'AMES"
    assert document_date(doc.metadata) == ("2013-04-03", "byline")
    # the comment's « 05/05/2013 » comes after the content
    assert [b["date"] for b in doc.metadata["byline"]] == ["2013-04-03"]


# A header line in the forms pages use: the date in a field of its own
# between marks, or after a few words.
@pytest.mark.parametrize("line, iso", [
    ("BULLETIN DU CLUB — n°8 — 2 juin 2010", "2010-06-02"),
    ("2014-09-30 — 12 commentaires", "2014-09-30"),
    ("par Hugo T. | publié le lundi 6 octobre 2014", "2014-10-06"),
    ("Auteur : Zoé » jeu. 16 oct. 2014, 08:05", "2014-10-16"),
    ("Forum › Règles › Piétinement (dernière édition 17.10.2014)", "2014-10-17"),
    ("Chronique de Paul | le 1er déc. 2015", "2015-12-01"),
    ("Numéro spécial • 19-20 Fév 2016 • gratuit", "2016-02-19"),
    ("[Lun 4 Aoû 2014 21:05]", "2014-08-04"),
])
def test_header_lines_with_a_date_in_a_field(line, iso):
    doc = parse_text(f"Un titre de page\n{line}\n\n702.19. Piétinement\n\nUn paragraphe.\n", "d")
    assert document_date(doc.metadata) == (iso, "byline") and doc.edition == iso
    assert doc.rule("702.19").title == "Piétinement" and doc.warnings == []


@pytest.mark.parametrize("line", [
    "Hier, le 3 mai 2014 nous avons enfin compris comment la pile se résout vraiment.",
    "Prélancement — samedi 20 septembre 2014",
    "Le tournoi du 4 octobre 2014 — inscriptions ouvertes",
    "Disponible en boutique | 26 septembre 2014",
    "Avant-premières • samedi 20 et dimanche 21 septembre 2014 • 18 septembre 2014",
    "Les tournois · 4 octobre 2014",
])
def test_prose_and_dates_of_something_else_do_not_date_the_page(line):
    doc = parse_text(f"Un titre de page\n{line}\n\n702.19. Piétinement\n", "d")
    assert doc.edition is None and "byline" not in doc.metadata


def test_a_stronger_field_wins_over_a_byline():
    doc = parse_text("Un titre\nLA GAZETTE — 3 mars 2011\nMis à jour le 5 avril 2011\n\n702.19. Piétinement\n", "d")
    assert document_date(doc.metadata) == ("2011-04-05", "last_modified") and "byline" not in doc.metadata


def test_a_header_date_line_wins_over_a_reply_at_the_bottom():
    doc = parse_text("Un titre\nPublié le 2 février 2011\n\n702.19. Piétinement\n\nPosté le 8 juin 2013\n", "d")
    assert document_date(doc.metadata) == ("2011-02-02", "published")


def test_an_impossible_byline_date_is_reported_not_guessed():
    doc = parse_text("Un titre\nLA GAZETTE — 31/02/2011\n\n702.19. Piétinement\n", "d", path="g.txt")
    assert doc.edition is None
    [w] = doc.warnings
    assert (w.type, w.file, w.line, w.column, w.text) == ("unreadable_date", "g.txt", 2, 14, "LA GAZETTE — 31/02/2011")


def test_date_lines_whose_date_cannot_be_read_keep_their_warning():
    doc = parse_text("Mis à jour le 30 février 2011\n\n702.19. Piétinement\n", "d", path="m.txt")
    assert doc.edition is None and [(w.type, w.line) for w in doc.warnings] == [("unreadable_date", 1)]


# ---- the date forms, generated from random dates -----------------------------------

_WEEKDAYS = ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"]
_NAMES = {n: [k for k, v in {**MONTHS_FR, **MONTHS_FR_SHORT}.items() if v == n] for n in range(1, 13)}


@st.composite
def written_dates(draw):
    """(text, ISO date): a date in one of the written forms of dates.lark."""
    when = draw(st.dates(min_value=date(1993, 1, 1), max_value=date(2035, 12, 31)))
    iso = when.isoformat()
    form = draw(st.sampled_from(["words", "figures", "iso"]))
    if form == "iso":
        text = iso
    elif form == "figures":
        sep = draw(st.sampled_from("/.-"))
        day, month = (f"{when.day:02d}", f"{when.month:02d}") if draw(st.booleans()) else (str(when.day),
                                                                                           str(when.month))
        text = f"{day}{sep}{month}{sep}{when.year}"
    else:
        day = str(when.day)
        if when.day == 1:
            day += draw(st.sampled_from(["", "er", " er", "ᵉʳ"]))
        elif when.day < 28 and draw(st.booleans()):
            day += f"-{when.day + 1}"  # a range gives its first day
        name = draw(st.sampled_from(_NAMES[when.month]))
        short = name in MONTHS_FR_SHORT
        name = draw(st.sampled_from([name, name.capitalize(), name.upper()]))
        text = f"{day} {name}{'.' if short and draw(st.booleans()) else ''} {when.year}"
    if draw(st.booleans()):
        weekday = draw(st.sampled_from(_WEEKDAYS))
        weekday = draw(st.sampled_from([weekday, weekday[:3].capitalize(), weekday[:3] + "."]))
        text = f"{weekday} {text}"
    if draw(st.booleans()):
        text += draw(st.sampled_from([" à 21h05", " 14:32", ", 08:05:59"]))
    return text, iso, form


@settings(max_examples=300, deadline=None)
@given(written_dates())
def test_every_written_form_reads_back_its_date(case):
    text, iso, form = case
    assert line_date(text) == iso
    assert (french_date(text) if form == "words" else numeric_date(text)) == iso
    [found] = find_dates(text)
    assert found.date == iso and text[found.start:found.end] == found.text


@settings(max_examples=100, deadline=None)
@given(written_dates(), st.sampled_from(["LA FEUILLE — n°3 — {}", "n°12 · {} · 4 commentaires", "par Lou | le {}",
                                          "Accueil > Règles ({})"]))
def test_a_generated_byline_dates_the_page(case, byline):
    # (a line that starts with its date, « lundi 3 mars 2008 — … », is a date line: ``published``)
    text, iso, _ = case
    doc = parse_text(f"Une page\n{byline.format(text)}\n\n702.19. Piétinement\n", "d")
    assert document_date(doc.metadata) == (iso, "byline")
