"""The rule numbers and layers ``kb check`` cites, edition by edition
(issue 22): the concept table ``corpus/terms/rule_concepts.tsv`` anchors
each concept in one edition, the rule history carries it to every other,
and the layer and sublayer come from each edition's own rule text."""
from __future__ import annotations

import re

import pytest

from kb.checker import check_claim
from kb.checker.editions import LATEST, EditionInfo, anchors, concepts, rule, seed_anchor
from kb.checker.numbering import HAND, HISTORY, Numbering, folded, holds
from kb.rules.versions import history_editions, rule_version, rules_of_edition

COUNTER_CLAIM = "Une créature 0/1 avec un marqueur +1/+1 est 1/2"


def ed(date):
    return EditionInfo(date, date) if date else LATEST


# ------------------------------------------------------------ the table, without a rule history


def test_the_table_has_every_concept_the_checker_cites():
    assert {"pt_counters", "pt_set", "pt_modify", "pt_switch", "layer_color", "persist", "soulbond",
            "mana_burn", "linked_gained"} <= set(concepts())
    assert [(a.edition, a.number) for a in anchors("pt_counters")] == [
        ("2008-05-01", "418.5a"), ("2019-07-12", "613.3d"), ("2020-04-17", "613.4c")]


def test_without_history_the_anchor_in_force_is_cited():
    assert rule("pt_counters", ed("2008-05-01")) == "418.5a"
    assert rule("pt_counters", ed("2019-08-23")) == "613.3d"
    assert rule("pt_counters", LATEST) == "613.4c"
    assert rule("pt_counters", ed("2003-03-15")) == "418.5a"     # before the first anchor: the first
    assert seed_anchor("pt_counters", ed("2003-03-15")).edition == "2008-05-01"
    assert rule("mana_burn", ed("2009-05-01")) == "300.3" and rule("mana_burn", ed("2009-07-11")) is None
    assert rule("soulbond", ed("2011-01-01")) is None and rule("soulbond", ed("2012-06-01")) == "702.93a"
    assert rule("soulbond", LATEST) == "702.95a"
    assert not ed("2012-04-30").has_soulbond and ed("2012-05-01").has_soulbond


def test_words_are_folded_as_the_table_writes_them():
    assert folded("Layer 7c: Effects and counters that modify") == " layer 7c effects and counters that modify "
    assert holds("creature?s power", "creature s power") and holds("creature’s power", "creature s power")
    assert not holds("a source without wither", "source with wither")


def test_seeds_only_verdict_names_the_anchor_edition(seed_conn):
    v = check_claim(COUNTER_CLAIM, edition="2019-08-23", cards=seed_conn)
    assert v.answer == "true" and v.rules == ["613.3d"]
    assert v.numbering == f"{HAND}: numbers of the 2019-07-12 edition"
    assert "marqueurs (1 +1/+1, 0 -1/-1) -> 1/2" in v.explanation   # no rule text: no layer named


# ------------------------------------------------------------ over the rule history

corpus = pytest.mark.corpus

#: Words an edition's rule (or its item of the layer list) has for each concept.
#: Before sublayers (2005-10-01) one rule orders every power/toughness change.
_PT = r"|all other (continuous )?effects|toughness-changing"
CONTENT = {"pt_counters": "counters", "pt_set": r"\bset\b" + _PT, "pt_modify": "modify" + _PT,
           "layer_color": "color|all other continuous effects", "pt_switch": "switch"}


@pytest.fixture(scope="module")
def numbering(full_kb_conn):
    return Numbering(full_kb_conn)


@corpus
def test_every_anchor_holds_its_words_in_its_edition(numbering):
    wrong = []
    for concept in concepts():
        for a in anchors(concept):
            if a.number is None:
                continue
            edition = numbering.in_force(a.edition)
            text = (rule_version(numbering.conn, a.number, edition) or {}).get("text")
            if edition != a.edition or not holds(text, a.words):
                wrong.append(f"{concept} {a.number} {a.edition} (in force: {edition}): {a.words!r}")
    assert wrong == []


@corpus
@pytest.mark.parametrize("date, concept, number, layer", [
    ("2003-03-15", "pt_counters", "418.5e", None),     # no layers yet
    ("2004-06-01", "pt_counters", "418.5a", "6"),      # layer 6, no sublayers
    ("2005-10-01", "pt_counters", "418.5a", "6c"),
    ("2008-05-01", "pt_cda", "418.5a", "6a"),
    ("2008-05-01", "pt_set", "418.5a", "6b"),
    ("2008-05-01", "pt_counters", "418.5a", "6c"),
    ("2008-05-01", "pt_modify", "418.5a", "6d"),
    ("2008-05-01", "pt_switch", "418.5i", "6e"),
    ("2008-05-01", "layer_color", "418.5a", "5"),
    ("2009-07-11", "pt_counters", "612.3d", "7d"),
    ("2009-07-11", "pt_switch", "612.3e", "7e"),
    ("2019-08-23", "pt_modify", "613.3c", "7c"),
    ("2019-08-23", "pt_counters", "613.3d", "7d"),
    ("2019-08-23", "pt_switch", "613.3e", "7e"),
    ("2020-04-17", "pt_counters", "613.4c", "7c"),
    (None, "pt_set", "613.4b", "7b"),
    (None, "pt_counters", "613.4c", "7c"),
    (None, "pt_switch", "613.4d", "7d"),
    (None, "layer_color", "613.1e", "5"),
])
def test_number_and_layer_of_an_edition(numbering, date, concept, number, layer):
    assert numbering.number(concept, ed(date)) == number
    assert numbering.layer(concept, ed(date)) == layer


def _layer_named(text: str, label: str, content: str) -> bool:
    """Whether ``text`` opens with « Layer <label>: » or lists « (<label>) … » with ``content`` in its item."""
    if re.match(rf"\s*Layer {label}:", text):
        return True
    item = re.search(rf"\({label}\)([^()]*)", text)
    return bool(item and re.search(content, item.group(1), re.I))


@corpus
def test_every_edition_cites_its_own_rule_and_layer(numbering):
    """For every edition of the history: the rule cited for counters, P/T
    setting, P/T modifying, colour changing and switching holds that content
    in that edition's text, and the layer named is the one that text gives it."""
    wrong, layered = [], 0
    for date in history_editions(numbering.conn):
        layer_list = numbering.text(numbering.number("layers", ed(date)), date)
        for concept, content in CONTENT.items():
            number = numbering.number(concept, ed(date))
            if number is None:
                assert concept == "pt_switch" and date == "2003-03-15", (date, concept)
                continue
            text = numbering.text(number, date)
            if not re.search(content, text, re.I):
                wrong.append(f"{date} {concept}: {number} does not hold {content!r}")
            label = numbering.layer(concept, ed(date))
            if label is None:
                if re.search(r"\(\d[a-e]?\)|Layer \d", text + layer_list) and date >= "2003-12-01":
                    wrong.append(f"{date} {concept}: no layer named though {number} lists layers")
                continue
            layered += 1
            if not (_layer_named(text, label, content) or _layer_named(layer_list, label, content)
                    or label.isdigit() and _layer_named(layer_list, label, "toughness|power|other continuous")):
                wrong.append(f"{date} {concept}: layer {label} is not {number}'s")
    assert wrong == []
    assert layered > 400


@corpus
def test_counters_claim_in_every_edition(full_kb_conn, numbering):
    """The explanation of a +1/+1 counter on a 0/1 names the edition's
    counters rule and layer, in every edition 2003–2026."""
    for date in history_editions(full_kb_conn):
        v = check_claim(COUNTER_CLAIM, edition=date, cards=full_kb_conn)
        number, label = numbering.number("pt_counters", ed(date)), numbering.layer("pt_counters", ed(date))
        assert v.answer == "true" and v.rules == [number] and v.numbering == HISTORY, (date, v)
        step = next(s for s in v.explanation if "marqueurs (1 +1/+1" in s)
        assert step.startswith(f"couche {label} : " if label else "marqueurs"), (date, step)


@corpus
def test_rules_without_sublayers_leave_effects_and_counters_unknown(full_kb_conn):
    claim = "Une créature 3/3 gagne +3/+3, puis devient 1/1 : elle est 1/1"
    assert check_claim(claim, edition="2008-05-01", cards=full_kb_conn).answer == "true"
    old = check_claim(claim, edition="2004-06-01", cards=full_kb_conn)
    assert old.answer == "unknown" and "418.5a" in old.reason and "sous-couches" in old.reason
    assert [r.number for r in rules_of_edition(full_kb_conn, "2004-06-01", "418.5a")] == ["418.5a"]


SET_THEN_MODIFY = "Une créature 3/3 gagne +3/+3, puis devient 1/1 : elle est 1/1"
SWITCH = "Une créature 2/2 devient 4/1, puis sa force et son endurance sont échangées : elle est 1/4"
RECOLOUR = "Une créature bleue et noire devient bleue : elle est uniquement bleue"


@corpus
@pytest.mark.parametrize("claim, edition, answer, rules, steps", [
    (SET_THEN_MODIFY, "2008-05-01", "true", ["418.5a"],
     ["couche 6b : dans l'ordre d'horodatage, effets qui fixent et modifications résolues ensemble : "
      "devient 1/1 -> 1/1"]),
    (SET_THEN_MODIFY, "2019-08-23", "false", ["613.3b", "613.3c"],     # the claim reader cites them as applied
     ["couche 7b : devient 1/1 -> 1/1", "couche 7c : gagne +3/+3 -> 4/4"]),
    (SWITCH, "2008-05-01", "true", ["418.5a", "418.5i"], ["couche 6e : force et endurance échangées -> 1/4"]),
    (SWITCH, "2019-08-23", "true", ["613.3b", "613.3e"], ["couche 7e : force et endurance échangées -> 1/4"]),
    (SWITCH, None, "true", ["613.4b", "613.4d"], ["couche 7d : force et endurance échangées -> 1/4"]),
    (SWITCH, "2004-06-01", "unknown", ["418.5a", "418.5i"], []),     # no sublayers in 2004
    (RECOLOUR, "2008-05-01", "true", ["418.5a", "203.2"],
     ["couche 5 : un effet de changement de couleur remplace toutes les couleurs précédentes -> U"]),
    (RECOLOUR, None, "true", ["613.1e", "202.2"],
     ["couche 5 : un effet de changement de couleur remplace toutes les couleurs précédentes -> U"]),
    (RECOLOUR, "2003-03-15", "true", ["418.5e", "203.2"],          # no layers in the 2003-03-15 rules
     ["un effet de changement de couleur remplace toutes les couleurs précédentes -> U"]),
])
def test_explanations_name_the_editions_layers(full_kb_conn, claim, edition, answer, rules, steps):
    v = check_claim(claim, edition=edition, cards=full_kb_conn)
    assert v.answer == answer and v.rules == rules, v
    assert all(s in v.explanation for s in steps), v.explanation


# ------------------------------------------------------------ the engine's and the card queries' concepts

#: concept -> its number in 2008-05-01, 2012-05-01 and 2026-01-16 (None: not in those rules), each read
#: in that edition's text (the words of the concept's anchors, test_every_anchor_holds_its_words_in_its_edition).
ENGINE = {
    "apnap": ("410.3", "603.3b", "603.3b"),
    "stack": ("217.6d", "405.5", "405.5"),
    "stack_resolve": ("413.1", "608.1", "608.1"),
    "combat_damage_step": ("310.5", "510.5", "510.4"),
    "combat_damage_assignment": ("310.2c", "510.1c", "510.1c"),
    "damage_player": ("215.2", "119.3a", "120.3a"),
    "poison": (None, "119.3b", "120.3b"),
    "infect_damage": (None, "119.3d", "120.3d"),
    "infect": (None, "702.88a", "702.90a"),
    "undying": (None, "702.91a", "702.93a"),
    "lifelink": ("502.68a", "702.14b", "702.15b"),
    "deathtouch": ("502.63a", "702.2c", "702.2b"),
    "deathtouch_lethal": (None, "702.2b", "702.2c"),
    "sba_deathtouch": (None, "704.5h", "704.5h"),
    "first_strike": ("502.2b", "702.7b", "702.7b"),
    "double_strike": ("502.28b", "702.4b", "702.4b"),
    "trample": ("502.9b", "702.18b", "702.19b"),
    "menace": (None, None, "702.111b"),
    "landwalk": ("502.6b", "702.13c", "702.14c"),
    "flash": ("502.57a", "702.8a", "702.8a"),
    "vigilance": ("502.14b", "702.19b", "702.20b"),
    "defender": ("502.41b", "702.3b", "702.3b"),
    "hexproof": (None, "702.11b", "702.11b"),
    "protection": ("502.7a", "702.15a", "702.16a"),
    "sba_life": ("420.5a", "704.5a", "704.5a"),
    "sba_poison": ("420.5h", "704.5c", "704.5c"),
    "supertypes": ("205.4a", "205.4a", "205.4a"),
    "subtypes": ("205.3a", "205.3a", "205.3a"),
    "power_toughness": ("208.1", "208.1", "208.1"),
    "loyalty": ("209.1", "209.1", "209.1"),
    "keyword_abilities": ("502.1", "702.1", "702.1"),
}

#: The first edition of the history that has each concept born after 2003-03-15.
BORN = {"poison": "2010-10-01", "infect_damage": "2010-10-01", "infect": "2010-10-01", "undying": "2012-02-01",
        "deathtouch_lethal": "2010-07-16", "sba_deathtouch": "2009-07-11", "menace": "2015-07-17",
        "hexproof": "2011-06-17", "lifelink": "2007-05-01", "deathtouch": "2007-05-01", "flash": "2006-10-01",
        "vigilance": "2004-10-01", "defender": "2004-10-01", "loyalty": "2007-10-01", "damage_player": "2007-05-01",
        "combat_damage_step": "2003-07-01", "supertypes": "2003-07-01"}

#: Editions whose rule for the concept words it otherwise (the anchors' words are not in it).
WORDED_OTHERWISE = {("apnap", d) for d in ("2003-03-15", "2003-07-01", "2003-12-01", "2004-02-01", "2004-06-01",
                                          "2004-10-01", "2005-02-01")} | {("stack", "2003-03-15"),
                                                                           ("sba_life", "2003-07-01")}


def test_born_later_concepts_have_no_rule_before_without_history():
    assert rule("infect", ed("2009-07-11")) is None and rule("infect", ed("2010-10-01")) == "702.87a"
    assert rule("infect", LATEST) == "702.90a" and rule("menace", ed("2014-02-01")) is None
    assert rule("sba_life", ed("2008-05-01")) == "420.5a" and rule("sba_life", LATEST) == "704.5a"
    assert [(a.edition, a.number, a.absent) for a in anchors("deathtouch_lethal")] == [
        ("2003-03-15", None, True), ("2010-07-16", "702.2b", False), ("2017-01-20", "702.2c", False)]
    assert not any(a.absent for a in anchors("split_card"))      # « - »: the history may carry 709.4 back


@corpus
@pytest.mark.parametrize("concept", sorted(ENGINE))
def test_engine_concepts_in_three_editions(numbering, concept):
    got = tuple(numbering.number(concept, ed(d)) for d in ("2008-05-01", "2012-05-01", "2026-01-16"))
    assert got == ENGINE[concept]
    assert numbering.number(concept, LATEST) == ENGINE[concept][2]


@corpus
def test_engine_concepts_are_cited_in_every_edition_that_has_them(numbering):
    """Each concept is cited from the edition it was born in (2003-03-15 for the
    older ones), by a rule whose text holds one of its anchors' words there,
    and not cited before: infect's 119.3d, deathtouch's « lethal » 702.2b
    reach back by lineage to older rules (wither's 118.3c in 2009-07-11)."""
    wrong = []
    for concept in ENGINE:
        words = [a.words for a in anchors(concept) if a.words]
        for date in history_editions(numbering.conn):
            number = numbering.number(concept, ed(date))
            if date < BORN.get(concept, "2003-03-15"):
                if number is not None:
                    wrong.append(f"{date} {concept}: {number} before the concept")
            elif number is None:
                wrong.append(f"{date} {concept}: not cited")
            elif not any(holds(numbering.text(number, date), w) for w in words) \
                    and (concept, date) not in WORDED_OTHERWISE:
                wrong.append(f"{date} {concept}: {number} does not hold {words}")
    assert wrong == []
    assert numbering.number("infect_damage", ed("2009-07-11")) is None
    assert "wither" in numbering.text("118.3c", "2009-07-11")


def _concepts_cited_in_code() -> dict[str, list[str]]:
    """Concept keys written in the checker's steps: the string arguments after the template
    of ``trace.step``/``check.say``/``trace.cite`` and of the engine's ``say(trace, template, …)``."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "kb" / "checker"
    found: dict[str, list[str]] = {}
    for path in sorted(root.glob("*.py")) + sorted((root / "engine").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            engine_say = name == "say" and (isinstance(f, ast.Name) or getattr(f.value, "id", "") == "citing")
            first = {"step": 1, "say": 2 if engine_say else 1, "cite": 0}.get(name)
            if first is None:
                continue
            for arg in node.args[first:]:
                values = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
                for v in values:
                    if isinstance(v, ast.Constant) and isinstance(v.value, str) and not v.value[:1].isdigit():
                        found.setdefault(v.value, []).append(f"{path.relative_to(root)}:{node.lineno}")
    return found


def test_every_concept_the_code_cites_is_in_the_table():
    """A step names its rule by a concept key; a key without an anchor would not be cited."""
    from kb.checker.engine.abilities import ABILITIES

    cited = _concepts_cited_in_code()
    assert {"apnap", "stack_resolve", "infect_damage", "deathtouch_lethal", "keyword_abilities", "supertypes"} \
        <= set(cited)
    assert {c: at for c, at in cited.items() if c not in concepts()} == {}
    assert {c for a in ABILITIES.values() for c in a.concepts} - set(concepts()) == set()
