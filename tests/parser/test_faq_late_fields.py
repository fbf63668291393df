"""A record's cost and P/T written away from their usual lines (issue 12):
the braced cost in parentheses on the name line (« Name ({B}) »), the cost
or the P/T at the end of the type line after a dash (« Créature : diable —
{2}{R} », « Créature : araignée — 2/4 »), the cost on the line under the
type line (name, type, cost), the P/T line after the record's text."""
from __future__ import annotations

from parser.faq import parse_text

LATE = """Mes cartes :

Flétrissure d'os ({1}{B})
Éphémère
La créature ciblée gagne -2/-2 jusqu'à la fin du tour.

Tisseuse des cimes ({2}{G})
Créature : araignée — 1/5
Portée

Cavalier des braises
Créature : élémental — {3}{R}
Célérité
Quand le Cavalier des braises arrive sur le champ de bataille, il inflige 1 blessure à chaque adversaire.
4/2

Sage des marées
Créature : tritons et sorcier
{1}{U}{U}
1/3
{T} : Piochez une carte, puis défaussez-vous d'une carte.

* Le Sage des marées peut s'engager le tour où il arrive.
"""


def test_costs_and_pt_written_late_are_read():
    doc = parse_text(LATE, "late", path="late.txt")
    assert [(c.name, c.mana_cost, c.type_line, c.power, c.toughness) for c in doc.cards] == [
        ("Flétrissure d'os", "{1}{B}", "Éphémère", None, None),
        ("Tisseuse des cimes", "{2}{G}", "Créature : araignée", "1", "5"),
        ("Cavalier des braises", "{3}{R}", "Créature : élémental", "4", "2"),
        ("Sage des marées", "{1}{U}{U}", "Créature : tritons et sorcier", "1", "3")]
    cards = {c.name: c for c in doc.cards}
    assert cards["Flétrissure d'os"].text == "La créature ciblée gagne -2/-2 jusqu'à la fin du tour."
    assert cards["Tisseuse des cimes"].text == "Portée"
    assert cards["Cavalier des braises"].text == (
        "Célérité\nQuand le Cavalier des braises arrive sur le champ de bataille, "
        "il inflige 1 blessure à chaque adversaire.")
    assert cards["Sage des marées"].text == "{T} : Piochez une carte, puis défaussez-vous d'une carte."
    assert [n.card for n in doc.notes] == ["Sage des marées"]
    assert not doc.warnings and doc.paragraphs == ["Mes cartes :"]
