"""The French FAQ / rules-excerpt grammar on the four seed documents."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from parser.faq import parse_text
from tests.parser.golden import as_golden
from tests.conftest import BANDING, GOLDEN, LINKED, SOMBRELANDE, SOULBOND

GOLDEN = GOLDEN / "seeds"


# ----------------------------------------------------------------- Sombrelande FAQ

def test_sombrelande_header(seed_docs):
    doc = seed_docs[SOMBRELANDE]
    assert doc.kind == "faq"
    assert doc.title == "Foire aux questions Sombrelande"
    assert doc.metadata["compiled_by"].startswith("Mark L. Gottlieb, avec des contributions de Laurie Cheers")
    assert doc.metadata["last_modified"] == "2008-04-04"
    assert doc.edition == "2008-04-04"
    dates = {d["label"]: d["date"] for d in doc.metadata["release_dates"]}
    assert dates == {"Tournois Avant-premières nationales Sombrelande": "2008-04-19",
                     "Date de sortie officielle de l'extension Sombrelande": "2008-05-02"}


def test_sombrelande_general_sections(seed_docs):
    doc = seed_docs[SOMBRELANDE]
    general = [s for s in doc.sections if s.heading == "NOTES GÉNÉRALES"]
    assert [s.title for s in general] == [
        "Retour de mécanique de jeu : Hybride",
        "Nouvelle mécanique de jeu : Hybride monochrome",
        "Thème : L'important, c'est la couleur",
        "Thème : Marqueurs -1/-1",
        "Nouveau symbole : Le symbole de dégagement",
        "Nouvelle capacité mot-clé : Conspiration",
        "Nouvelle capacité mot-clé : Persistance",
        "Nouvelle capacité mot-clé : Flétrissure",
        "Cycle : Sorts « d'amélioration hybride »",
        "Cycle : Terrains non-base avec des types de terrain de base",
    ]
    hybrid = general[0]
    assert hybrid.text.startswith("Les symboles de mana hybride représentent un coût qui peut être payé")
    assert "son coût converti de mana est 1" in hybrid.text
    assert [s.title for s in doc.sections if s.heading is None] == ["NOTES GÉNÉRALES",
                                                                     "NOTES SUR DES CARTES SPÉCIFIQUES"]


def test_sombrelande_card_records(seed_docs):
    doc = seed_docs[SOMBRELANDE]
    assert len(doc.cards) == 58
    general_ids = {s.id for s in doc.sections if s.heading == "NOTES GÉNÉRALES"}
    in_general = [c for c in doc.cards if c.section in general_ids]
    in_specific = [c for c in doc.cards if c.section == "notes-sur-des-cartes-specifiques"]
    assert len(in_general) == 12 and len(in_specific) == 46
    beseech = doc.card("Implorer la reine")
    assert beseech.mana_cost == "{2/B}{2/B}{2/B}"
    assert beseech.type_line == "Rituel"
    assert beseech.power is None and beseech.toughness is None
    assert beseech.text.splitlines()[1].startswith("Cherchez dans votre bibliothèque une carte ayant un coût converti")
    lancier = doc.card("Lancier guêpe")
    assert (lancier.mana_cost, lancier.type_line, lancier.power, lancier.toughness, lancier.text) == (
        "{U/B}{U/B}{U/B}", "Créature : peuple fée et soldat", "3", "2", "Vol")
    foret = doc.card("Forêt de Suintesève")
    assert foret.mana_cost is None and foret.type_line == "Terrain : forêt"
    assert foret.text.splitlines() == ["{T} : Ajoutez {G} à votre réserve.",
                                       "La Forêt de Suintesève arrive en jeu engagée.",
                                       "{G}, {T} : Vous gagnez 1 point de vie. Ne jouez cette capacité que si "
                                       "vous contrôlez au moins deux permanents verts."]
    assert doc.card("Bassin réfléchissant").mana_cost is None
    assert doc.card("Claqueur tétanique").type_line == "Créature-artefact : épouvantail"
    assert doc.card("Corbeiller").mana_cost == "{4}"  # record right after a separator line
    assert doc.cards[-1].name == "Incinérateur de Ciergeroc"
    assert all("Dernière modification" not in c.name for c in doc.cards)
    assert doc.metadata["footer"] == "[ Dernière modification par arcarum le 28 jun 2008 à 00h07 ]"


def test_sombrelande_notes(seed_docs):
    doc = seed_docs[SOMBRELANDE]
    assert len(doc.notes) == 155
    beseech = doc.card("Implorer la reine")
    assert len(beseech.notes) == 4
    assert beseech.notes[1].text.startswith("Une carte avec des symboles de mana hybride monochrome dans son coût "
                                            "a un coût converti de mana égal à son coût le plus élevé possible.")
    # « -- » sub-items stay inside their note
    deity = doc.card("Divinité de respect")
    with_items = [n for n in deity.notes if n.subitems]
    assert len(with_items) == 1 and len(with_items[0].subitems) == 4
    assert with_items[0].subitems[1].startswith("Les marqueurs qui changent la force et l'endurance")
    assert "\n-- Les marqueurs qui changent" in with_items[0].text
    assert sum(len(n.subitems) for n in doc.notes) == 8
    # notes after quoted rules belong to their section, not to a card
    persist = [n for n in doc.notes if n.section == "nouvelle-capacite-mot-cle-persistance"]
    assert len(persist) == 7 and all(n.card is None for n in persist)
    assert len(doc.card("Halo serti de runes").notes) == 7
    # every note is attached to a card record or a section
    assert all(n.card or n.section for n in doc.notes)


def test_sombrelande_quoted_rules(seed_docs):
    doc = seed_docs[SOMBRELANDE]
    assert [r.number for r in doc.rules] == ["104.3", "104.3f", "203.2e", "203.3c", "104.5", "212.3f", "502.5b",
                                             "502.78", "502.78a", "502.78b", "502.79", "502.79a", "212.3g",
                                             "502.80", "502.80a", "502.80b"]
    assert all(r.edition == "2008-04-04" and r.lang == "fr" for r in doc.rules)
    cmc = doc.rule("203.3c")
    assert cmc.text.startswith("Quand vous calculez le coût converti de mana d'un objet ayant un symbole de mana hybride")
    assert cmc.examples == ["Le coût converti de mana d'une carte avec un coût de mana de {1}{W/U}{W/U} est 3.",
                            "Le coût converti de mana d'une carte avec un coût de mana de {2/B}{2/B}{2/B} est 6."]
    assert doc.rule("502.78").title == "Conspiration" and doc.rule("502.78").text == ""
    assert doc.rule("104.3").title is None
    assert doc.rule("212.3f").references == ["502.5"]
    assert doc.rule("502.78a").references == ["409.1b", "409.1f", "409.1g", "409.1h"]
    assert doc.rule("502.79").children == ["502.79a"]
    assert doc.rule("212.3g").references == ["420.5c", "501.5", "314.2"]


# ----------------------------------------------------------------- soulbond excerpt

def test_soulbond_excerpt(seed_docs):
    doc = seed_docs[SOULBOND]
    assert [r.number for r in doc.rules] == ["702.92", "702.92a", "702.92b", "702.92c", "702.92d", "702.92e"]
    assert doc.rule("702.92").title == "Association d'âmes"
    assert doc.rule("702.92").children == ["702.92a", "702.92b", "702.92c", "702.92d", "702.92e"]
    assert doc.rule("702.92a").parent == "702.92"
    assert doc.rule("702.92d").text == "Une créature peut uniquement être associée à une autre créature."
    assert len(doc.notes) == 10
    assert doc.notes[-1].text == ("Si une créature associée qui a l'association d'âmes perd l'association d'âmes, "
                                  "elle reste associée à l'autre créature.")
    flavour = "Quand un elfe et un nain se retrouvent face à face"
    assert not any(flavour in n.text for n in doc.notes)
    assert not any(flavour in r.text for r in doc.rules)
    assert any(p.startswith(flavour) for p in doc.paragraphs)
    assert doc.title == "Nouveau mot-clé : Association d'âmes"


# ----------------------------------------------------------------- rule 607

def test_linked_abilities(seed_docs):
    doc = seed_docs[LINKED]
    assert doc.kind == "rules"
    assert [r.number for r in doc.rules] == ["607.1", "607.1a", "607.1b", "607.2"] + [
        f"607.2{c}" for c in "abcdefghi"] + ["607.3", "607.4"]
    assert doc.rule("607.1").text.startswith("Un objet peut avoir deux capacités imprimées sur lui")
    assert doc.rule("607.2").text == "Il y a différentes sortes de capacités liées."
    assert doc.rule("607.3").examples[0].startswith("Le Panache de Paradis a les trois capacités suivantes")
    assert doc.rule("607.4").examples[0].startswith("Le Frappeur à l'arc a la capacité")
    assert sum(len(r.examples) for r in doc.rules) == 2
    # the stray « 2e » before 607.2h's text is cleaned from the rule text and reported
    assert doc.rule("607.2h").text.startswith("Si un objet a une capacité imprimée sur lui qui demande")
    assert doc.rule("607.2g").references == ["702.30"]
    assert doc.rule("607.2b").references == ["614"]
    [w] = doc.warnings
    assert (w.type, w.line, w.column) == ("stray_token", 49, 1) and w.text.startswith("2e Si un objet")
    assert "607.2h" in w.message


# ----------------------------------------------------------------- banding

def test_banding(seed_docs):
    doc = seed_docs[BANDING]
    assert [r.number for r in doc.rules] == ["502.10"] + [f"502.10{c}" for c in "abcdefghi"] + \
        ["502.11", "502.11a", "502.11b", "502.11c", "502.11d"]
    assert doc.rule("502.10").title == "Regroupement"
    assert doc.rule("502.11").title == "Regroupement avec d'autres"
    ex = [r.number for r in doc.rules if r.examples]
    assert ex == ["502.10e"]
    assert doc.rule("502.10e").examples[0].startswith("un joueur attaque avec un groupe constitué")
    assert doc.rule("502.10b").references == ["502.10h"]


# ----------------------------------------------------------------- errors

def test_unplaceable_line_is_reported_and_rest_parses():
    text = ("NOTES SUR DES CARTES SPÉCIFIQUES\n\nCarte fantôme\n{1}{G}\n\n* Une note.\n\n"
            "Amphybane\n{2}{G}\nCréature : élémental\n2/2\nPiétinement\n\n* Une note sur Amphybane.\n")
    doc = parse_text(text, "broken", path="broken.txt")
    assert len(doc.warnings) == 1
    w = doc.warnings[0]
    assert (w.file, w.line, w.column, w.text) == ("broken.txt", 4, 1, "{1}{G}")
    assert "cannot be placed" in w.message
    assert [c.name for c in doc.cards] == ["Amphybane"]
    assert doc.cards[0].notes[0].text == "Une note sur Amphybane."
    assert len(doc.notes) == 2


def test_duplicate_rule_number_is_reported():
    doc = parse_text("702.92a Premier.\n\n702.92a Second.\n", "dup", path="dup.txt")
    assert [r.number for r in doc.rules] == ["702.92a", "702.92a"]
    assert any("appears twice" in w.message and w.line == 3 for w in doc.warnings)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"),
                        max_size=40), max_size=12))
def test_any_text_parses_without_losing_lines(lines):
    """Hypothesis: whatever the lines, parsing never raises and every warning
    points at a real line of the input."""
    text = "\n".join(lines) + "\n"
    doc = parse_text(text, "fuzz", path="fuzz.txt")
    real = text.split("\n")
    for w in doc.warnings:
        assert 1 <= w.line <= len(real)
        assert w.text == real[w.line - 1]


# ----------------------------------------------------------------- golden files

@pytest.mark.parametrize("stem", [SOULBOND, SOMBRELANDE, LINKED, BANDING])
def test_golden(seed_docs, stem, request):
    """The full parse of each seed equals its golden file.
    Regenerate with: python -m pytest tests/parser/test_faq.py --update-golden"""
    got = seed_docs[stem].to_dict()
    got["path"] = f"seeds/{stem}.txt"
    for w in got["warnings"]:
        w["file"] = got["path"]
    path = GOLDEN / f"{stem}.json"
    if request.config.getoption("--update-golden"):
        path.write_text(json.dumps(got, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    golden = json.loads(path.read_text(encoding="utf-8"))
    assert as_golden(got, golden) == golden
