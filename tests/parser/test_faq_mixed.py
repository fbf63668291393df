"""Hypothesis: French rules texts mixing every layout with junk lines.

Every numbered rule line of the input is found exactly once, and nothing
else becomes a rule (issue 12)."""
from __future__ import annotations

import re

from hypothesis import given, settings, strategies as st

from kb.model import SUBRULE_LETTERS
from parser.faq import parse_text

TEXTS = ["Le regroupement est une capacité statique.", "Il y a différentes sortes de capacités liées.",
         "Une créature peut uniquement être associée à une autre créature",
         "Si un objet a une capacité imprimée sur lui qui demande à un joueur d'exiler une carte, "
         "et une capacité qui se réfère aux « cartes exilées », ces capacités sont liées."]
JUNK = ["Copied!", "Partager sur Facebook", "Sommaire 0. Introduction 1. Concepts du jeu 2. Parties d'une carte",
        "Accueil | Règles | Forum", "{2/B", "Carte fantôme", "-- un sous-point perdu", "NOTES GÉNÉRALES",
        "* Une note.", "Exemple : un joueur attaque.", "« Précédent | Suivant »", "2e Si un objet", "1G",
        "Créature : élémental", "3/2", "***Section***", "-----", "La règle 702.19b dit : 702.19c n'est pas une ligne",
        "\x01", "Version 2.0. Mise à jour", "Règles FR [04/02/2011]", "13/07/2009 : mise à jour",
        "Chaudron des âmes {5} Artefact {T} : Choisissez.", "Recrue boros {R/W} Créature : gobelin 1/1 Initiative",
        "Comme le dit la règle 702.9a, le vol est une capacité.", "Glossaire", "Crédits", "1. Concepts du jeu",
        "Ces règles entrent en vigueur au 1er février 2010.", "Nom : pas une carte", "Type : pas un type",
        "• Partager", "   Texte indenté", "Mise à jour : 13 juillet 2009", "### Titre",
        # dates in bylines, footers, mail headers and letters; records with a mana value or a brace-less cost
        "Publié le mardi 4 mai 2010 par Paul", "Réponse postée le 2 juin 2011 à 18h02", "Date : sam. 8 mai 2010 10:12",
        "Nantes, le 3 oct. 2009", "lundi 3 mai 2010 – par l'équipe", "Dernière modification de cette page le 2 mai 2011.",
        "Valeur de mana : 4", "CCM : 2", "Géant de pierre 2RR", "Contresort — {U}{U}", "Ange de Serra (3WW)"]
#: Prose that starts like a rule number (``{n}``: three digits, ``{s}``: a subrule number): never a rule.
NUMBERED_PROSE = ["{n}.{s} euros pour le booster box, c'est cher.", "{n}.000 joueurs ont participé au tournoi.",
                  "{n}.{s}c est la règle qui couvre ce cas, voir plus bas.", "{n}.{s} Mo : taille du fichier.",
                  "{n}. Cartes disponibles dans l'extension.", "{n}.{s} % des joueurs", "{n}.0{s} Go",
                  "{n}.{s}b. selon le forum", "{n}. trois paquets"]


def _block(number: str, subs: list[str], layout: int, text: str) -> str:
    if layout == 0:
        return f"{number}.\n\n{text}\n\n" + "".join(f"{n}\n\n{text}\n\n" for n in subs)
    if layout == 1:    # every other rule line with a site button right under it
        return f"{number}. Titre\n\n" + "".join(f"{n}. {text}\n" + ("Copier le lien\n" if j % 2 else "")
                                                 for j, n in enumerate(subs)) + "\n"
    if layout == 2:
        return f"{number}. Titre - " + " - ".join(f"{n} {text}" for n in subs) + "\n\n"
    if layout == 3:
        return f"[ {number} ] Titre\n\n" + "".join(f"{i}. {text}\n\n" for i, _ in enumerate(subs, 1))
    if layout == 6:    # decorated numbers: bullets, indentation, « Règle », « ) », bold, « - » / « : »
        leads = ["• ", "  ", "> ", "Règle ", "- ", ""]
        marks = [("", " "), ("", ") "), ("**", "** "), ("", " - "), ("", " : ")]
        return "".join(f"{leads[i % 6]}{marks[i % 5][0]}{n}{marks[i % 5][1]}{text}\n\n"
                       for i, n in enumerate([number] + subs))
    if layout == 5:    # quoted in prose, after words ending with a colon
        return "La traduction française des règles a dit : " + " ".join(f"{n} {text}" for n in [number] + subs) + "\n\n"
    wrapped = text.replace(" ", "\n", 1)
    return "".join(f"{n} {wrapped}\n\n" for n in [number] + subs)


@st.composite
def documents(draw):
    blocks, numbers = [], []
    for i in range(draw(st.integers(1, 8))):
        number = f"{draw(st.integers(100, 999))}.{i + 1}"
        subs = [number + SUBRULE_LETTERS[j] for j in range(draw(st.integers(0, 4)))]
        blocks.append(_block(number, subs, draw(st.integers(0, 6)), draw(st.sampled_from(TEXTS))))
        numbers += [number] + subs
        for _ in range(draw(st.integers(0, 2))):
            junk = draw(st.sampled_from(JUNK) | st.text(alphabet="abcdéèà XYZ,.!'-", min_size=1, max_size=30))
            if re.match(r"\d{1,2}[.)] |\d{3}\.", junk):   # a numbered item or a chapter line
                junk = "Note de la rédaction " + junk
            if draw(st.integers(0, 3)) == 0:
                junk = draw(st.sampled_from(NUMBERED_PROSE)).format(n=draw(st.integers(100, 999)),
                                                                    s=draw(st.integers(1, 99)))
            blocks.append(junk + draw(st.sampled_from(["\n", "\n\n"])))
    return "".join(blocks), numbers


@settings(max_examples=150, deadline=None)
@given(documents())
def test_every_rule_line_found_once_nothing_else(case):
    text, numbers = case
    doc = parse_text(text, "mixed", path="mixed.txt")
    found = [r.number for r in doc.rules]
    assert sorted(found) == sorted(numbers)
    assert not any("Copier le lien" in r.text for r in doc.rules)
    lines = text.split("\n")
    for w in doc.warnings:
        assert w.type and w.file == "mixed.txt" and w.text == lines[w.line - 1]
