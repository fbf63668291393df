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
    assert STEMS == ["dates_ambiguous", "dates_byline", "dates_changelog_bottom", "dates_dated_notes", "dates_fields",
                     "dates_forum", "dates_heading_blank", "dates_none", "dates_release", "dates_several",
                     "dates_under_title", "dates_wiki_footer"]


def test_a_byline_dates_the_page_and_the_replies_under_it_do_not():
    doc = _doc("dates_byline")
    assert document_date(doc.metadata) == ("2012-03-07", "byline") and doc.edition == "2012-03-07"
    assert doc.metadata["byline"] == [{
        "text": "Rédaction : Camille B. · mise en ligne le mercredi 7 mars 2012 à 18h40 · 3 réactions",
        "date": "2012-03-07", "line": 2, "column": 43}]
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


def test_dated_rulings_in_the_body_never_date_the_page():
    # « 2012-05-01 : Le bonus … », « 2013-02-01 — Une créature … » under a card record: dated notes, not changes
    doc = _doc("dates_dated_notes")
    assert doc.edition is None and document_date(doc.metadata) == (None, None)
    assert "updates" not in doc.metadata and "byline" not in doc.metadata and doc.warnings == []
    assert [c.name for c in doc.cards] == ["Gardien de Wolfir"]


def test_a_wiki_footer_dates_the_page_over_the_dated_rulings_of_its_body():
    doc = _doc("dates_wiki_footer")
    assert document_date(doc.metadata) == ("2021-03-14", "last_modified") and doc.edition == "2021-03-14"
    assert "updates" not in doc.metadata and doc.warnings == []


def test_a_changelog_at_the_bottom_dates_the_page_and_a_dated_ruling_does_not():
    doc = _doc("dates_changelog_bottom")
    assert [(u["line"], u["date"]) for u in doc.metadata["updates"]] == [(9, "2012-05-02"), (10, "2012-06-19")]
    assert document_date(doc.metadata) == ("2012-06-19", "updates")
    # « 12/05/2012 : Si les deux créatures … » stays text
    assert "12/05/2012 : Si les deux créatures quittent le champ de bataille en même temps, aucune ne reste " \
           "associée." in doc.paragraphs


def test_two_header_dates_and_nothing_telling_which_the_latest_with_a_warning():
    doc = _doc("dates_ambiguous")
    assert document_date(doc.metadata) == ("2012-03-09", "byline")
    [w] = doc.warnings
    assert (w.type, w.file, w.line, w.column) == ("ambiguous_date", str(DATES / "dates_ambiguous.txt"), 2, 27)
    assert w.text == "Club des Mages du Rhône · 9 mars 2012"
    assert "2012-03-02 (line 1), 2012-03-09 (line 2)" in w.message


def test_each_field_of_a_line_is_judged_on_its_own():
    # « màj 12/10/2010 » dates the page, « Sortie du bloc : 1er octobre 2010 » is a release, the tournament is not
    doc = _doc("dates_fields")
    assert document_date(doc.metadata) == ("2010-10-12", "byline") and doc.warnings == []
    [byline] = doc.metadata["byline"]
    assert (byline["line"], byline["column"], byline["update"]) == (1, 27, True)
    assert [d["date"] for d in doc.metadata["release_dates"]] == ["2010-10-01"]


def test_two_stamps_of_different_days_are_ambiguous_the_same_day_twice_is_not():
    doc = parse_text("Règles FR [04/02/2011]\nTraduction VF [05/03/2011]\n\n702.19. Piétinement\n", "d", path="s.txt")
    assert document_date(doc.metadata) == ("2011-03-05", "stamps")
    [w] = doc.warnings
    assert (w.type, w.file, w.line, w.column, w.text) == ("ambiguous_date", "s.txt", 2, 16, "Traduction VF [05/03/2011]")
    doc = parse_text("Règles FR [04/02/2011]\nRègles VF [04/02/2011]\n\n702.19. Piétinement\n", "d")
    assert document_date(doc.metadata) == ("2011-02-04", "stamps") and doc.warnings == []


def test_changelog_lines_are_never_ambiguous():
    doc = parse_text("02/05/2012 : première version\n19/06/2012 : ajout de 702.19c\n\n702.19. Piétinement\n", "d")
    assert document_date(doc.metadata) == ("2012-06-19", "updates") and doc.warnings == []


def test_a_byline_that_says_the_page_changed_is_no_ambiguity():
    doc = _doc("dates_several")
    assert [b.get("update", False) for b in doc.metadata["byline"]] == [False, True] and doc.warnings == []


def test_a_forums_chrome_never_dates_the_page_its_first_post_does():
    # « Nous sommes le … » (the day the page was saved), « Dernière visite : … », « Membre depuis … »: not the
    # document's; « Posté le: Sam 30 Juin 2012 17:20    Sujet du message: … » is, whatever follows it
    doc = _doc("dates_forum")
    assert document_date(doc.metadata) == ("2012-06-30", "byline") and doc.warnings == []
    assert [(b["line"], b["date"]) for b in doc.metadata["byline"]] == [(7, "2012-06-30")]
    assert [r.number for r in doc.rules] == ["702.92d"]


def test_a_blank_line_under_a_heading_does_not_end_its_byline_block():
    doc = _doc("dates_heading_blank")
    assert doc.sections[0].line == 1 and document_date(doc.metadata) == ("2012-05-04", "byline")


@pytest.mark.parametrize("line", [
    "Nous sommes le Mar 3 Juin 2008, 14:32",
    "Il est actuellement 14:32 — mardi 3 juin 2008",
    "Date actuelle : Mar 03 Juin 2008",
    "Dernière visite : lun. 2 juin 2008",
    "Inscrit le : 15 mars 2006",
    "Dernier message par Tibo — 3 juin 2008",
])
def test_dates_of_the_visit_the_member_or_the_last_post_are_not_the_documents(line):
    doc = parse_text(f"Un forum\n{line}\n\n702.19. Piétinement\n", "d")
    assert doc.edition is None and "byline" not in doc.metadata


@pytest.mark.parametrize("text, iso, field", [
    ("Fiche mise à jour le 12 oct. 2010 — Sortie de l'extension : 1er octobre 2010\n", "2010-10-12",
     "last_modified"),
    ("Mis à jour le 12/10/2010 — Sortie : 1er octobre 2010\n", "2010-10-12", "last_modified"),
    ("Sortie de l'extension : 1er octobre 2010 — Fiche mise à jour le 12 oct. 2010\n", "2010-10-12", "byline"),
    ("LA GAZETTE — 3 mars 2011\nÉdition revue | avant-première : 19 mars 2011\n", "2011-03-03", "byline"),
    ("Un titre\n2008-05-01 : Le sort ne cible pas\n", None, None),
    ("Un titre\n01/10/2012 : Si un marqueur est ajouté, rien ne change\n", None, None),
    ("Un titre\n14/07/2009 - Petite correction de typo\n", "2009-07-14", "updates"),
    ("Un titre\n15/07/2009 : v1.2\n", "2009-07-15", "updates"),
    ("Un titre\n2010-01-01 : FAQ mise à jour pour 702.19c\n", "2010-01-01", "updates"),
    ("Un titre\n2010-01-01 : Traduction corrigée\n", "2010-01-01", "updates"),
    ("Un titre\n2010-01-01 : added 702.19c\n", "2010-01-01", "updates"),
])
def test_per_field_and_changelog_wordings(text, iso, field):
    doc = parse_text(f"{text}\n702.19. Piétinement\n", "d")
    assert document_date(doc.metadata) == (iso, field)


@pytest.mark.parametrize("footer", [
    "La dernière modification de cette page a été faite le 3 février 2023 à 14:05.",
    "Cette page a été modifiée pour la dernière fois le 3 février 2023 à 14:05.",
    "Dernière modification de cette page le 3 février 2023, à 14:05",
    "Cet article a été mis à jour le 3 février 2023.",
])
def test_a_last_modification_footer_beats_the_header_and_the_body(footer):
    body = "Un titre\nPublié le 2 mai 2011\n\n702.19. Piétinement\n\n12/05/2012 : Le sort ne cible pas.\n\n"
    doc = parse_text(body + footer + "\n", "d")
    assert document_date(doc.metadata) == ("2023-02-03", "last_modified")


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


_CHANGES = ["mise à jour de 702.19", "màj", "ajout de la règle 702.19c", "correction d'une coquille", "FAQ corrigée",
            "Petite modification", "révision complète", "nouvelle version", "v2.1", "traduction revue",
            "première version", "added 702.19d", "publication"]
_RULINGS = ["Le bonus disparaît dès que l'association prend fin.", "Si la créature quitte le champ de bataille, rien.",
            "Une créature associée reste une créature séparée.", "Ajouter un marqueur ne change rien."]


@settings(max_examples=120, deadline=None)
@given(written_dates().filter(lambda c: c[2] != "words" and " " not in c[0]), st.sampled_from([" : ", " - ", " — ", ": "]),
       st.sampled_from(_CHANGES + _RULINGS), st.sampled_from(["header", "bottom"]))
def test_a_dated_line_dates_the_page_only_when_it_speaks_of_a_change(case, sep, what, where):
    text, iso, _ = case
    line = f"{text}{sep}{what}"
    body = "702.19. Piétinement\n\nUn paragraphe.\n"
    doc = parse_text(f"Une page\n\n{line}\n\n{body}" if where == "header" else f"Une page\n\n{body}\n{line}\n", "d")
    if what in _CHANGES:
        assert document_date(doc.metadata) == (iso, "updates")
    else:
        assert doc.edition is None and "updates" not in doc.metadata and "byline" not in doc.metadata
