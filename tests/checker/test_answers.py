"""Claims written as a question with their own answer (kb/checker/answers.py)."""
from __future__ import annotations

import pytest

from kb.checker import check_claim
from kb.checker.answers import stated_answer


def test_the_answer_after_the_last_question_mark():
    assert stated_answer("Does Serra Angel have flying? No.") == ("Does Serra Angel have flying?", "no")
    assert stated_answer("L'Ange de Serra a-t-il le vol ? Oui.") == ("L'Ange de Serra a-t-il le vol ?", "yes")
    assert stated_answer("Serra Angel has flying?") == ("Serra Angel has flying?", None)
    assert stated_answer("Is Serra Angel blue? No, it's white.")[1] is None     # an answer that goes on


def test_a_question_answered_on_the_seed_card_records(seed_conn):
    yes = check_claim("Implorer la reine est-elle noire ? Oui.", cards=seed_conn)
    no = check_claim("Implorer la reine est-elle noire ? Non.", cards=seed_conn)
    assert (yes.answer, no.answer) == ("true", "false")
    assert no.claim == "Implorer la reine est-elle noire ? Non."
    assert no.explanation[-1] == "la réponse à la question est « oui » et l'affirmation répond « non »"


@pytest.mark.corpus
def test_a_question_answered_against_a_ruling(full_conn):
    v = check_claim("Does Witherscale Wurm's first ability give the Wurm itself wither? No.", cards=full_conn)
    assert v.answer == "true"
    assert "does *not* give Witherscale Wurm wither" in v.explanation[0]
    assert v.explanation[-1] == "the question is answered no and the claim answers no"
    assert check_claim("Does Serra Angel have flying? No.", cards=full_conn).answer == "false"
