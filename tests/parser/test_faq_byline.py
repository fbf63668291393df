"""A header line read as a byline by its own grammar (parser/grammars/faq_byline.lark,
parser/faq_byline.py): fields, words, dates, postings; any line parses."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parser import grammars
from parser.dates import find_dates, read_date
from parser.faq_byline import MAX_NAME, read_byline, word_count
from tests.parser.test_faq_dates import written_dates


def _dates(line: str) -> list[tuple[int, str, str, bool]]:
    """(column, text, ISO date, posted) of every date of ``line``."""
    byline = read_byline(line)
    return [(p.start + 1, p.found.text, p.found.date, p.posted)
            for f, i in byline.dates() for p in [byline.fields[f].pieces[i]]]


def test_fields_are_cut_at_the_marks():
    byline = read_byline("Accueil > Règles › Soulbond (maj 12/05/2012) | a - b / c — d – e • f · g » h « i "
                         "[j]")
    assert [word_count(f.pieces) for f in byline.fields] == [1, 1, 1, 4, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]
    # a hyphen or a slash between letters or figures is no mark
    assert len(read_byline("avant-première 12/05/2012 et/ou").fields) == 1


def test_dates_have_their_weekday_their_time_and_their_column():
    assert _dates("Message posté par X » Lun 15 Aoû 2011 14:32") == [
        (23, "Lun 15 Aoû 2011 14:32", "2011-08-15", False)]
    assert _dates("LA GAZETTE — 31/02/2011") == [(14, "31/02/2011", None, False)]
    assert _dates("v1.2 octobre 2010") == []        # a version number, no « 2 octobre 2010 »


@pytest.mark.parametrize("line, words", [
    ("l'événement du 3 mars", 4),              # an apostrophe joins
    ("mise à jour", 3), ("avant-première", 2), ("Camille B.", 2), ("v1.2", 1), ("21h05 1ère", 2),
    ("vendredi 3 février 2012 à 21h05", 6), ("27.03.2011", 1), ("n°42", 2), ("a_b-c", 3),
])
def test_words_are_counted_as_the_page_writes_them(line, words):
    assert word_count(p for f in read_byline(line).fields for p in f.pieces) == words


@pytest.mark.parametrize("line, changed, event", [
    ("màj 12/05/2012", True, False), ("l'ajout du 12/05/2012", True, False), ("2maj 12/05/2012", False, False),
    ("l'événement du 3 mars 2011", False, True), ("Sortilège 3 mars 2011", False, False),
    ("mini-tournoi 3 mars 2011", False, False), ("Les tournois · 4 octobre 2014", False, True),
])
def test_words_of_a_change_or_of_another_event_are_words_of_their_own(line, changed, event):
    pieces = [p for f in read_byline(line).fields for p in f.pieces]
    assert (any(p.changed for p in pieces), any(p.event for p in pieces)) == (changed, event)


@pytest.mark.parametrize("line, posted", [
    ("Posté le: Sam 30 Juin 2012 17:20    Sujet du message: Piétinement", True),
    ("mise en ligne le mercredi 7 mars 2012 à 18h40", True),
    ("publié par Lou, le 3 mars 2011", True),
    ("Posté par Jean du Lac, le 3 mars 2011", True),
    ("Posté par Lou le : 3 mars 2011", True),
    (f"Posté par {'x' * MAX_NAME}, le 3 mars 2011", True),
    (f"Posté par {'x' * (MAX_NAME + 1)}, le 3 mars 2011", False),
    ("Postées le 3 mars 2011", False), ("Posté, le 3 mars 2011", False), ("Posté parfait le 3 mars 2011", False),
    ("Posté par Lou,le 3 mars 2011", False), ("Posté Le 3 mars 2011", False), ("re-posté le 3 mars 2011", False),
    ("Posté par Lou — le 3 mars 2011", False),
])
def test_a_posting_gives_its_date(line, posted):
    [(_, _, _, given)] = _dates(line)
    assert given is posted


@settings(max_examples=300, deadline=None)
@given(written_dates())
def test_a_date_with_its_weekday_and_time_reads_as_the_date_alone(case):
    text, iso, _ = case
    assert read_date(text) == iso
    [(column, found, date, _)] = _dates(f"Une page — {text} | 3 réactions")
    assert (column, found, date) == (12, text, iso)


_PIECES = st.sampled_from(["Posté", "par", "le", "du", "Lou", ":", ",", "—", "|", "(", " - ", "3 mars 2011", "Lun",
                           "12/05/2012", "2012-01-27", "à 21h05", "màj", "tournoi", "l'", "n°42", "v1.2", "\u202f"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=14).map(" ".join))
def test_the_dates_are_those_the_date_forms_find(line):
    assert [(c - 1, d) for c, _, d, _ in _dates(line)] == [(d.start, d.date) for d in find_dates(line)]


_PLAIN = grammars.load("faq_byline", parser="lalr", lexer="contextual")


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.text(), st.lists(_PIECES | st.characters(), max_size=30).map("".join)))
def test_the_grammar_reads_any_line(line):
    assert _PLAIN.parse(line).data == "start"      # (raises on a line it cannot read)
    assert read_byline(line).fields


def test_the_french_grammars_keep_few_lookarounds():
    lookarounds = sum(len(re.findall(r"\(\?<?[=!]", grammars.text(name)))
                      for name in ("faq", "faq_rules", "faq_header", "faq_flat", "faq_byline"))
    assert lookarounds <= 77
