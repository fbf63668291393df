"""Labelled errors (issue 12): the warning type of an error production comes
from the labelled example its strict parse fails like (Lark's match_examples),
and the warning carries Lark's context (get_context)."""
from __future__ import annotations

import pytest

from parser import faq_errors
from parser.faq import parse_text
from parser.faq_errors import label_error

HOSTILE = ("Texte.\n\nChaudron des âmes {2/B\nArtefact\n{T} : Ajoutez {C}.\n\n* Une note.\n\n"
           "606. 8b Le joueur gagne.\n\nNom\n{2}\n\nCréature : elfe\n3/2\n\n"
           "Implorer la reine\n{2/B}{2/B\nRituel\nCherchez une carte.\n")


def test_each_error_is_typed_by_its_example_label_with_its_context():
    doc = parse_text(HOSTILE, "h", path="h.txt")
    got = [(w.type, w.line, w.column, w.text) for w in doc.warnings]
    assert got == [("unclosed_mana_symbol", 3, 19, "Chaudron des âmes {2/B"),
                   ("misprinted_number", 9, 1, "606. 8b Le joueur gagne."),
                   ("cost_without_type", 12, 1, "{2}"),
                   ("type_line_without_name", 14, 1, "Créature : elfe"),
                   ("unclosed_mana_symbol", 18, 6, "{2/B}{2/B")]
    contexts = [w.context for w in doc.warnings]
    assert contexts[0] == "Chaudron des âmes {2/B\n                 ^"
    assert contexts[1] == "606. 8b Le joueur gagne.\n^"
    assert contexts[3] == "3/2\n^"
    # nothing lost: both records keep their names, costs as written, and notes
    assert [(c.name, c.mana_cost, c.type_line) for c in doc.cards] == [
        ("Chaudron des âmes", "{2/B", "Artefact"), ("Implorer la reine", "{2/B}{2/B", "Rituel")]
    assert [n.text for n in doc.cards[0].notes] == ["Une note."]
    assert doc.rule("606.8b").text == "Le joueur gagne."


@pytest.mark.parametrize("snippet,start,label,line", [
    ("Nom\n{2/B\nRituel\n", "strict_record", "unclosed_mana_symbol", 2),
    ("Chaudron des âmes {5\nArtefact\n", "strict_record", "unclosed_mana_symbol", 1),
    ("Nom\n{1}{G}\n(2)\n", "strict_record", "cost_without_type", 3),
    ("Attacheur de sangsues\n2U\n", "strict_record", "cost_without_type", 2),
    ("Enchantement : aura\n1/1\n", "strict_record", "type_line_without_name", 2),
    ("702. 19c Le piétinement.\n", "strict_rule", "misprinted_number", 1),
])
def test_label_error(snippet, start, label, line):
    found = label_error(snippet, start)
    assert (found.type, found.line) == (label, line)


def test_a_well_formed_record_has_no_error():
    assert label_error("Amphybane {2}{G}\nCréature : élémental\n2 / 2\nPiétinement\n") is None


def test_the_type_is_the_examples_label(monkeypatch):
    """Relabelling the examples relabels the warnings: the type is not hard-coded."""
    examples = {k: dict(v) for k, v in faq_errors.EXAMPLES.items()}
    examples["strict_record"]["open_symbol"] = examples["strict_record"].pop("unclosed_mana_symbol")
    monkeypatch.setattr(faq_errors, "EXAMPLES", examples)
    monkeypatch.setattr(faq_errors, "_LABELS", {})
    doc = parse_text("Implorer la reine\n{2/B}{2/B\nRituel\n", "h")
    assert [w.type for w in doc.warnings] == ["open_symbol"]
