"""Explanations and reasons in the claim's language (issue 14): every
template of kb/checker/ has its French form, with the same fields, and a
French claim is answered in French, an English one in English."""
from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from kb.checker.claims import check_claim
from kb.checker.messages import TABLES, message_language, render
from kb.checker.messages_fr import FR

CHECKER = Path(__file__).resolve().parents[2] / "kb" / "checker"
CALLS = {"step", "say", "tr", "Unknown", "OutsideModel", "Handlers"}


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def _templates(node) -> list:
    if isinstance(node, ast.IfExp):
        return _templates(node.body) + _templates(node.orelse)
    return [node]


def _called(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")


def templates_in_code() -> list[tuple[str, int, object]]:
    found = []
    for path in sorted(CHECKER.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            at = 1 if isinstance(node, ast.Call) and _called(node) == "render" else 0
            if isinstance(node, ast.Call) and _called(node) in CALLS | {"render"} and len(node.args) > at:
                for t in _templates(node.args[at]):
                    found.append((path.name, node.lineno, t))
    return found


def test_every_template_is_a_literal_with_a_french_form():
    missing, formatted = [], []
    for name, line, t in templates_in_code():
        if isinstance(t, ast.JoinedStr):
            formatted.append(f"{name}:{line}")
        elif isinstance(t, ast.Constant) and isinstance(t.value, str):
            if t.value not in FR:
                missing.append(f"{name}:{line} {t.value!r}")
            elif _fields(FR[t.value]) != _fields(t.value):
                missing.append(f"{name}:{line} fields differ: {t.value!r}")
    assert not formatted, f"f-strings where a template of kb.checker.messages is expected: {formatted}"
    assert not missing, "\n".join(missing)


def test_the_french_table_is_the_one_table():
    assert TABLES["fr"] is FR and TABLES["en"] == {}
    assert len(templates_in_code()) > 150


def test_render_fills_fields_in_each_language():
    t = "mana value of {cost}: {sum} = {value}"
    fields = {"cost": "{2/B}{2/B}{2/B}", "sum": "{2/B}=2 + {2/B}=2 + {2/B}=2", "value": 6}
    assert render("en", t, fields) == "mana value of {2/B}{2/B}{2/B}: {2/B}=2 + {2/B}=2 + {2/B}=2 = 6"
    assert render("fr", t, fields) == "valeur de mana de {2/B}{2/B}{2/B} : {2/B}=2 + {2/B}=2 + {2/B}=2 = 6"


@pytest.mark.parametrize("norm, lang", [
    ("implorer la reine a une valeur de mana de 6", "fr"),
    ("beseech the queen has a mana value of 6", "en"),
    ("{2/B}{2/B}{2/B} can be paid with {B}{B}", "en"),
    ("{W/U}{W/U} se paie avec {W}{B}", "fr"),
    ("xxxx", "en"),
])
def test_message_language(norm, lang):
    assert message_language(norm) == lang


def test_a_french_claim_is_explained_in_french(seed_conn):
    v = check_claim("Implorer la reine a une valeur de mana de 6", cards=seed_conn)
    assert v.answer == "true" and v.lang == "fr"
    assert v.explanation[:3] == [
        "carte Implorer la reine : coût de mana {2/B}{2/B}{2/B}, ligne de type « Rituel »",
        "valeur de mana de {2/B}{2/B}{2/B} : {2/B}=2 + {2/B}=2 + {2/B}=2 = 6",
        "un symbole hybride compte sa plus grande composante ({2/B} compte 2)",
    ]
    assert v.to_dict()["lang"] == "fr"


def test_an_english_claim_is_explained_in_english(seed_conn):
    v = check_claim("Beseech the Queen's mana value is 6", cards=seed_conn)
    assert v.answer == "true" and v.lang == "en"
    assert "mana value of {2/B}{2/B}{2/B}: {2/B}=2 + {2/B}=2 + {2/B}=2 = 6" in v.explanation


def test_a_french_situation_names_the_creature_in_french(seed_conn):
    v = check_claim("Une créature 2/2 avec un marqueur +1/+1 qui reçoit deux marqueurs -1/-1 est 1/1 "
                    "avec un marqueur -1/-1", cards=seed_conn)
    assert v.answer == "true"
    assert "1 marqueur(s) +1/+1 et 1 marqueur(s) -1/-1 retirés par paires de la créature -> 1 -1/-1" in v.explanation
    assert "résultat : la créature est 1/1" in v.explanation


def test_reasons_follow_the_claim_language(seed_conn):
    fr = check_claim("Le Tarmogoyf est vert", cards=seed_conn)
    assert fr.reason == "aucune carte nommée 'tarmogoyf' n'est connue du vérificateur"
    en = check_claim("Tarmogoyf is green", cards=seed_conn)
    assert en.reason == "no card named 'tarmogoyf' is known to the checker"
    refused = check_claim("Implorer la reine a un coût converti de mana de", cards=seed_conn)
    assert refused.reason == ("hors du langage contrôlé (la fin manque dans l'affirmation repliée "
                              "'implorer la reine a un cout converti de mana de') ; voir docs/claims.md")


def test_mana_burn_in_2008_is_explained_in_french():
    v = check_claim("Le mana inutilisé provoque une brûlure de mana", edition="2008-05-01")
    assert v.answer == "true"
    assert any(s.startswith("1 mana inutilisé est perdu à la fin de la phase") or "brûlure de mana" in s
               for s in v.explanation), v.explanation


def test_edition_errors_follow_the_claim_language():
    fr = check_claim("Selon les règles de 2008, le mana inutilisé provoque une brûlure de mana", edition="2020")
    assert (fr.answer, fr.reason) == ("unknown", "l'affirmation parle des règles de 2008 mais l'édition 2020 a été demandée")
    en = check_claim("Under the 2008 rules, unused mana causes mana burn", edition="2020")
    assert en.reason == "the claim names the rules of 2008 but edition 2020 was asked for"
    bad = check_claim("Le mana inutilisé provoque une brûlure de mana", edition="20x")
    assert bad.reason == "pas une édition (attendu : AAAA, AAAA-MM, AAAA-MM-JJ ou 'latest') : '20x'"


# ------------------------------------------------------------ general claims read on a named instance (issue 22)

@pytest.mark.parametrize("claim, edition, answer, steps", [
    ("Colorless is a color", None, "false",
     ["read on an instance: an artifact with mana cost {3}", "colors of {3}: none (colorless)",
      "colorless would be a color if a colorless object had one: no"]),
    ("L'incolore est une couleur", None, "false",
     ["lu sur une instance : un artefact de coût de mana {3}",
      "l'incolore serait une couleur si un objet incolore en avait une : non"]),
    ("Unused mana causes mana burn", None, "false",
     ["read on an instance: a player with 20 life and 1 unused mana when a phase ends", "life after the phase: 20"]),
    ("Unused mana causes mana burn", "2008-05-01", "true", ["life after the phase: 19"]),
    ("There are six types of mana", None, "true",
     ["read on an instance: a pool with one mana of each symbol {W}{U}{B}{R}{G}{C}; types of mana in it: "
      "W, U, B, R, G, C (6)"]),
    ("There are five types of mana", None, "false", []),
    ("You can add hybrid mana to your mana pool", None, "false",
     ["read on an instance: paying {W/U} puts in the pool one of {W}, {U}; hybrid among them: no"]),
    ("You cannot add hybrid mana to your mana pool", None, "true", []),
    ("Soulbond targets a creature", None, "false",
     ["read on an instance: a 2/2 creature with soulbond entering the battlefield while you control an unpaired "
      "3/3 creature",
      "the soulbond ability's text has no « target »: it targets nothing as it is put on the stack",
      "the creature and the other creature become paired"]),
    ("L'association d'âmes cible une créature", None, "false",
     ["la créature et l'autre créature deviennent associées"]),
])
def test_general_claims_are_read_on_a_named_instance(seed_conn, claim, edition, answer, steps):
    v = check_claim(claim, edition=edition, cards=seed_conn)
    assert v.answer == answer, v
    assert all(s in v.explanation for s in steps), v.explanation


def test_the_soulbond_instance_reads_the_ability_text():
    """A soulbond worded with « target » would target the partner: the answer comes from the text."""
    from kb.checker import soulbond
    from kb.checker.permanents import Permanent
    from kb.checker.verdict import Trace

    a = Permanent(name="the creature", base_power=2, base_toughness=2, keywords={"soulbond"})
    b = Permanent(name="the other creature", base_power=3, base_toughness=3)
    assert soulbond.trigger_targets(a, [b], Trace()) == []
    assert soulbond.trigger_targets(a, [b], Trace(), "you may pair it with target unpaired creature") == [b]
    plain = Permanent(name="the creature", base_power=2, base_toughness=2)
    assert soulbond.trigger_targets(plain, [b], Trace()) is None
