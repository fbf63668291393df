"""Card records written on one line (issue 12): the fields name, cost, type
line, P/T and text separated by « | », « , », « ; » or tabs (shop tables,
deck lists, after a bullet), and the type line in brackets before the name
and its cost (« [Rituel] Name {2}{B} »).  The type field is read by the
cardface grammar: a line whose type field is no type line stays text, with
a warning."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from parser.faq import parse_text

FIELDS = """En stock :

Rafale de braises | {1}{R} | Éphémère | La Rafale de braises inflige 3 blessures à une créature ciblée.
Sentinelle d'ivoire | {2}{W} | Créature : soldat | 2/3 | Vigilance
Gardien de la forge ; {3} ; Artefact : équipement ; Équipement {2}
Hibou\t{1}{U}\tCréature : oiseau\t1/1\tVol

Ma liste :
- Soldat de la garde, {W}, Créature : humain et soldat, 1/1
- Éclat de verre, {1}{U}, Éphémère
• Jace, le sculpteur, {2}{U}{U}, Arpenteur : Jace

* Jace, le sculpteur n'est pas une carte réelle.

[Rituel] Fouille macabre {2}{B}
Le joueur ciblé se défausse de deux cartes.

[Créature : hydre] Hydre des tourbières {3}{G}{G}
Piétinement
4/4

Pas une carte | {1} | Créature ou pas | texte
"""


def _cards():
    doc = parse_text(FIELDS, "fields", path="fields.txt")
    return doc, {c.name: c for c in doc.cards}


def test_a_line_of_fields_is_a_record():
    doc, cards = _cards()
    assert [(c.name, c.mana_cost, c.type_line, c.power, c.toughness) for c in doc.cards[:7]] == [
        ("Rafale de braises", "{1}{R}", "Éphémère", None, None),
        ("Sentinelle d'ivoire", "{2}{W}", "Créature : soldat", "2", "3"),
        ("Gardien de la forge", "{3}", "Artefact : équipement", None, None),
        ("Hibou", "{1}{U}", "Créature : oiseau", "1", "1"),
        ("Soldat de la garde", "{W}", "Créature : humain et soldat", "1", "1"),
        ("Éclat de verre", "{1}{U}", "Éphémère", None, None),
        ("Jace, le sculpteur", "{2}{U}{U}", "Arpenteur : Jace", None, None)]
    assert cards["Rafale de braises"].text == "La Rafale de braises inflige 3 blessures à une créature ciblée."
    assert cards["Sentinelle d'ivoire"].text == "Vigilance"
    assert cards["Gardien de la forge"].text == "Équipement {2}"
    assert [n.card for n in doc.notes] == ["Jace, le sculpteur"]


def test_a_type_line_in_brackets_before_the_name():
    _, cards = _cards()
    fouille, hydre = cards["Fouille macabre"], cards["Hydre des tourbières"]
    assert (fouille.mana_cost, fouille.type_line, fouille.text) == (
        "{2}{B}", "Rituel", "Le joueur ciblé se défausse de deux cartes.")
    assert (hydre.mana_cost, hydre.type_line, hydre.power, hydre.toughness, hydre.text) == (
        "{3}{G}{G}", "Créature : hydre", "4", "4", "Piétinement")


def test_a_type_field_that_is_no_type_line_stays_text_with_a_warning():
    doc, cards = _cards()
    assert "Pas une carte" not in cards
    assert "Pas une carte | {1} | Créature ou pas | texte" in doc.paragraphs
    assert [(w.type, w.line) for w in doc.warnings] == [("bad_type_line", 22)]


_NAMES = st.lists(st.sampled_from(["Ours", "Gardien", "des", "bois", "Sentinelle", "rouge"]), min_size=1,
                  max_size=4).map(" ".join)


@settings(max_examples=60, deadline=None)
@given(_NAMES, st.sampled_from([" | ", ", ", " ; ", "\t"]), st.sampled_from(["{G}", "{2}{G}", "{X}{G}{G}"]),
       st.sampled_from(["Créature : ours", "Créature : elfe et druide", "Rituel"]))
def test_any_separator_reads_the_same_record(name, sep, cost, type_line):
    doc = parse_text(f"Liste\n\n{name}{sep}{cost}{sep}{type_line}\n", "h", path="h.txt")
    assert [(c.name, c.mana_cost, c.type_line) for c in doc.cards] == [(name, cost, type_line)]
