"""Rules quoted in prose between quotation marks (issue 12): the rule's text
is what is inside the marks; the words before the citation and after the
closing mark stay text."""
from __future__ import annotations

import pytest

from parser.faq import parse_text

FLYING = "Une créature avec le vol ne peut pas être bloquée excepté par des créatures avec le vol et/ou la portée."
TRAMPLE = "Si une créature avec le piétinement est bloquée, son contrôleur assigne ses blessures de combat."


@pytest.mark.parametrize("line, number, text, after", [
    (f"Comme le rappelle la règle 702.9b : « {FLYING} » Voilà pourquoi l'ours ne bloque pas.",
     "702.9b", FLYING, "Voilà pourquoi l'ours ne bloque pas."),
    (f"Pour mémoire, la règle 702.19c est très claire : « {TRAMPLE} » Rien de plus.",
     "702.19c", TRAMPLE, "Rien de plus."),
    (f"La règle 702.9b dit : « {FLYING} »", "702.9b", FLYING, None),
    (f"La règle 702.9b dit : “{FLYING}” Fin de la citation.", "702.9b", FLYING, "Fin de la citation."),
    ("Selon la règle 702.92c : « Une créature « associée » le reste tant qu'elle est une créature. » C'est tout.",
     "702.92c", "Une créature « associée » le reste tant qu'elle est une créature.", "C'est tout."),
])
def test_a_rule_cited_then_quoted_in_marks(line, number, text, after):
    doc = parse_text(f"Un article\n\n{line}\n\nUn autre paragraphe.\n", "q", path="q.txt")
    [rule] = doc.rules
    assert (rule.number, rule.text) == (number, text)
    assert doc.paragraphs[-1] == "Un autre paragraphe."
    assert (after in doc.paragraphs) if after else all("»" not in p and "”" not in p for p in doc.paragraphs)
    assert not any(text in p for p in doc.paragraphs) and not doc.warnings


@pytest.mark.parametrize("line, after", [
    (f"« 702.9b {FLYING} »", None),
    (f"«\u00a0702.9b {FLYING}\u00a0»", None),
    (f"“702.9b {FLYING}”", None),
    (f"« 702.9b {FLYING} » (extrait des règles de 2010)", "(extrait des règles de 2010)"),
])
def test_a_line_quoting_a_whole_rule(line, after):
    doc = parse_text(f"Réponse de Paul\n\n{line}\n\nMerci !\n", "q", path="q.txt")
    [rule] = doc.rules
    assert (rule.number, rule.text) == ("702.9b", FLYING)
    assert ([p for p in doc.paragraphs if p.startswith("(")] == [after]) if after else True
    assert not doc.warnings


@pytest.mark.parametrize("line", [
    "« 702.9b ne s'applique pas ici », a répondu l'arbitre.",
    "La règle 702.9b n'est pas claire, dit Paul : « moi je bloque quand même ».",
])
def test_quoted_prose_that_mentions_a_rule_is_no_rule(line):
    doc = parse_text(f"Un article\n\n{line}\n", "q")
    assert not doc.rules and line in doc.paragraphs


def test_rules_quoted_in_marks_after_words_ending_with_a_colon():
    line = (f"La traduction de 2010 a dit : « 702.9a Le vol est une capacité d'évasion. 702.9b {FLYING} » "
            "Rien n'a changé depuis.")
    doc = parse_text(f"Un article\n\n{line}\n", "q")
    assert [(r.number, r.text) for r in doc.rules] == [("702.9a", "Le vol est une capacité d'évasion."),
                                                       ("702.9b", FLYING)]
    assert doc.paragraphs == ["Un article", "La traduction de 2010 a dit :", "Rien n'a changé depuis."]
