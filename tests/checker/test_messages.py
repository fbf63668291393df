"""Explanations and reasons in the claim's language (issue 14): every
template of kb/checker/ has its French form, with the same fields, and a
French claim is answered in French, an English one in English."""
from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from kb.checker.claims import check_claim
from kb.checker.messages import TABLES, message_language, render
from kb.checker.messages_fr import FR

CHECKER = Path(__file__).resolve().parents[2] / "kb" / "checker"
#: The engine writes its steps through kb/checker/engine/citing.py (``say(trace, template, …)``).
CITING = CHECKER / "engine" / "citing.py"
CALLS = {"step", "say", "tr", "Unknown", "OutsideModel", "Handlers"}


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def _called(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")


def _template_at(call: ast.Call) -> int:
    """Where the template is among ``call``'s arguments: after the trace for
    :func:`kb.checker.engine.citing.say` (``say(trace, …)``, ``citing.say(…)``),
    after the language for ``render``, else first (``trace.step``, ``check.say``)."""
    f = call.func
    if _called(call) == "render":
        return 1
    if _called(call) == "say" and (isinstance(f, ast.Name)
                                   or isinstance(f.value, ast.Name) and f.value.id == "citing"):
        return 1
    return 0


def _assignments(tree: ast.AST) -> dict[str, list[ast.AST]]:
    """name -> the values assigned to it anywhere in a module (module level and functions)."""
    found: dict[str, list[ast.AST]] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                if isinstance(t, ast.Name):
                    found.setdefault(t.id, []).append(node.value)
    return found


_CITING_NAMES = _assignments(ast.parse(CITING.read_text(encoding="utf-8")))


def _from_citing(tree: ast.AST) -> set[str]:
    """The names a module imports from kb.checker.engine.citing."""
    return {a.asname or a.name for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module == "kb.checker.engine.citing" for a in node.names}


def _values(node, names: dict, imported: set[str], depth: int = 0) -> list:
    """What ``node`` evaluates to, as far as the module says: a name's assigned
    values (those of citing.py for ``citing.X`` or a name imported from it), the
    entries of a table an index reads (``_TOLD[counter]``, ``told["no"]``); a
    parameter passed on (``say(template)`` in a wrapper) stands for nothing (its
    callers are read)."""
    if depth > 6:
        return []
    again = lambda n, where=names: _values(n, where, imported, depth + 1)   # noqa: E731
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "citing":
        return [v for value in _CITING_NAMES.get(node.attr, []) for v in again(value, _CITING_NAMES)]
    if isinstance(node, ast.Name):
        where = _CITING_NAMES if node.id in imported else names
        return [v for value in where.get(node.id, []) for v in again(value, where)]
    if isinstance(node, ast.Subscript):
        key = node.slice.value if isinstance(node.slice, ast.Constant) else None
        return [v for table in again(node.value) if isinstance(table, ast.Dict)
                for k, value in zip(table.keys, table.values)
                if key is None or isinstance(k, ast.Constant) and k.value == key for v in again(value)]
    return [node]


def _templates(node, names: dict, imported: set[str]) -> list:
    """The templates ``node`` stands for: literals, both sides of ``a if c else b``,
    and whatever :func:`_values` reads names and tables as."""
    if isinstance(node, ast.IfExp):
        return _templates(node.body, names, imported) + _templates(node.orelse, names, imported)
    if isinstance(node, (ast.Name, ast.Attribute, ast.Subscript)):
        return [t for v in _values(node, names, imported) if v is not node
                for t in _templates(v, names, imported)]
    return [node]


def templates_in_code() -> list[tuple[str, int, object]]:
    found = []
    for path in sorted(CHECKER.glob("*.py")) + sorted((CHECKER / "engine").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names, imported = _assignments(tree), _from_citing(tree)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and _called(node) in CALLS | {"render"}):
                continue
            at = _template_at(node)
            if len(node.args) > at:
                for t in _templates(node.args[at], names, imported):
                    found.append((path.relative_to(CHECKER).as_posix(), node.lineno, t))
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


# ------------------------------------------------------------ the engine's steps in French (issue 22)

#: Words of the engine's English templates that no French step has (accents kept, so « créature » is not
#: one; « combat », « poison » are words of both).
ENGLISH = {"the", "has", "is", "of", "to", "and", "with", "damage", "counter", "counters", "its", "from", "player",
           "life", "stack", "resolves", "put", "returns", "destroyed", "triggers", "opponent", "you", "when",
           "it", "instead", "deals", "gains", "lose", "blocked", "attacking", "creature", "trample", "persist",
           "infect", "wither", "deathtouch", "lifelink", "strike", "steps", "active"}


def english_words(steps: list[str]) -> list[str]:
    """The steps that have a word of :data:`ENGLISH`, with those words."""
    out = []
    for s in steps:
        words = {w for w in re.split(r"[^\w']+", s.lower().replace("'", " ")) if w}
        if words & ENGLISH:
            out.append(f"{sorted(words & ENGLISH)}: {s}")
    return out


def test_the_engine_and_citing_templates_are_read():
    """The scan reads kb/checker/engine/, the templates of citing.py passed by name
    (citing.DEATHTOUCH_DESTROYED in sba.py) and those of a table indexed (abilities._TOLD)."""
    found = {(name, t.value) for name, _, t in templates_in_code() if isinstance(t, ast.Constant)}
    assert ("sba.py", "{name} was dealt damage by a source with deathtouch: destroyed") in found
    assert ("engine/abilities.py", "undying triggers: {name} had no +1/+1 counter when it died") in found
    assert ("engine/stack.py", "{keyword} of {name} resolves") in found
    assert ("engine/combat.py", "{source} deals {n} combat damage to {target}") in found
    assert render("fr", "{name} has trample: lethal damage to its blockers, the other {n} to {player}",
                  {"name": "la créature", "n": 3, "player": "l'adversaire"}) == \
        "la créature a le piétinement : des blessures mortelles à ses bloqueurs, les 3 autres à l'adversaire"


def _creature(name, power, toughness, *keywords, owner="you"):
    from kb.checker.permanents import Permanent

    return Permanent(name=name, base_power=power, base_toughness=toughness, keywords=set(keywords), owner=owner,
                     controller=owner)


def test_two_persist_creatures_of_two_players_then_infect_are_explained_in_french_only():
    """Two persist creatures, one of each player, die together (APNAP: the active
    player's trigger goes on the stack first, the other player's resolves first),
    then an infect source puts a -1/-1 counter on the returned one and poison
    counters on its player: every step in French, the rules of each cited."""
    from kb.checker.engine.game import Game
    from kb.checker.verdict import Trace

    t = Trace(lang="fr")
    g = Game(trace=t)
    mine = g.enter(_creature("the creature", 2, 2, "persist"))
    theirs = g.enter(_creature("the other creature", 2, 2, "persist", owner="opponent"))
    g.damage(mine, 2)
    g.damage(theirs, 2)
    g.check()
    g.resolve_stack()
    source = g.enter(_creature("attacking creature", 1, 1, "infect"))
    g.damage(g.returned[id(theirs)], 1, source)
    g.damage(g.player("opponent"), 2, source)
    g.check()
    g.resolve_stack()
    assert english_words(t.steps) == []
    assert t.steps[7:14] == [
        "la créature : sa capacité persistance est mise sur la pile (vous)",
        "l'autre créature : sa capacité persistance est mise sur la pile (l'adversaire)",
        "les capacités déclenchées du joueur actif sont mises sur la pile en premier : celles de l'autre joueur "
        "se résolvent donc d'abord",
        "l'autre créature : sa capacité persistance se résout",
        "l'autre créature revient sous le contrôle de son propriétaire avec un marqueur -1/-1 ; c'est un nouvel "
        "objet sans mémoire de son existence précédente (mal d'invocation)",
        "la créature : sa capacité persistance se résout",
        "la créature revient sous le contrôle de son propriétaire avec un marqueur -1/-1 ; c'est un nouvel "
        "objet sans mémoire de son existence précédente (mal d'invocation)",
    ]
    assert "2 blessure(s) infligée(s) à l'adversaire par une source avec l'infection : 2 marqueur(s) poison " \
           "(total 2) au lieu d'une perte de points de vie" in t.steps
    assert "la persistance regarde les dernières informations connues : l'autre créature avait 2 marqueur(s) " \
           "-1/-1 en allant au cimetière, et ne revient donc pas" in t.steps
    assert {"603.3b", "405.5", "608.1", "702.79a", "702.90a", "120.3d", "120.3b"} <= set(t.rules)


def test_combat_is_explained_in_french_only():
    """First strike, trample with deathtouch, lifelink, undying and a player's loss, in French."""
    from kb.checker.engine.combat import Block, combat_damage
    from kb.checker.engine.game import Game
    from kb.checker.verdict import Trace

    t = Trace(lang="fr")
    g = Game(trace=t)
    wurm = g.enter(_creature("attacking creature", 5, 5, "trample", "deathtouch", "first strike", "lifelink"))
    ghoul = g.enter(_creature("the creature", 2, 2, "undying", owner="opponent"))
    g.player("opponent").life = 4
    combat_damage(g, [Block(wurm, [ghoul])])
    g.resolve_stack()
    assert english_words(t.steps) == []
    assert t.steps[:3] == [
        "une créature au combat a l'initiative ou la double initiative : il y a deux étapes de blessures de combat",
        "la créature attaquante a le piétinement : des blessures mortelles à ses bloqueurs, les 4 autres à "
        "l'adversaire",
        "la créature attaquante inflige 1 blessure(s) de combat à la créature",
    ]
    assert "la créature a subi des blessures d'une source avec le contact mortel : destruction" in t.steps
    assert "la créature attaquante a le lien de vie : 4 point(s) de vie gagné(s) pour vous (21 -> 25)" in t.steps
    assert "l'adversaire : 0 point(s) de vie, la partie est perdue" in t.steps
    assert "la survivance se déclenche : la créature n'avait pas de marqueur +1/+1 en allant au cimetière" in t.steps
    assert {"702.7b", "702.19b", "702.2c", "704.5h", "702.15b", "704.5a", "702.93a"} <= set(t.rules)


def test_a_french_wither_claim_on_persist_is_explained_in_french_only(seed_conn):
    v = check_claim("Une créature 2/2 avec la persistance subit 2 blessures d'une source avec la flétrissure : "
                    "elle meurt et ne revient pas", cards=seed_conn)
    assert v.answer == "true" and v.lang == "fr"
    assert english_words(v.explanation) == []
    assert "2 blessure(s) d'une source avec la flétrissure : 2 marqueur(s) -1/-1 placé(s) sur la créature au lieu " \
           "de marquer les blessures (ce sont toujours des blessures)" in v.explanation


def test_attacking_and_blocking_are_explained_in_french_only():
    from kb.checker.engine.combat import Block, can_attack, can_be_blocked_by, combat_damage, declare_attacker
    from kb.checker.engine.game import Game
    from kb.checker.verdict import Trace

    t = Trace(lang="fr")
    assert not can_attack(_creature("the creature", 0, 4, "defender"), t)
    sick = _creature("the other creature", 1, 1)
    sick.continuous_control = False
    assert not can_attack(sick, t)
    declare_attacker(_creature("attacking creature", 4, 4, "vigilance"), t)
    blockers = [_creature("the creature", 2, 2, owner="opponent")]
    assert not can_be_blocked_by(_creature("attacking creature", 3, 2, "menace"), blockers, trace=t)
    assert not can_be_blocked_by(_creature("attacking creature", 1, 1, "islandwalk"), blockers, {"island"}, t)
    g = Game(trace=t)
    giant, bear = g.enter(_creature("attacking creature", 6, 6)), g.enter(_creature("the creature", 2, 2))
    block = Block(giant, [bear])
    bear.zone = "graveyard"
    combat_damage(g, [block])
    assert english_words(t.steps) == []
    assert t.steps == [
        "la créature a le défenseur : elle ne peut pas attaquer",
        "l'autre créature a le mal d'invocation et n'a pas la célérité : elle ne peut pas attaquer",
        "la créature attaquante a la vigilance : attaquer ne l'engage pas",
        "la créature attaquante a la menace : elle ne peut pas être bloquée excepté par deux créatures ou plus",
        "la créature attaquante a la traversée des îles et le joueur défenseur contrôle un tel terrain : elle ne "
        "peut pas être bloquée",
        "la créature attaquante a été bloquée et ses bloqueurs ne sont plus là : elle n'assigne pas de blessures "
        "de combat",
    ]
    assert {"702.3b", "302.6", "702.20b", "702.111b", "702.14c", "510.1c"} <= set(t.rules)


def test_a_french_apnap_persist_claim_is_explained_in_french_only(seed_conn):
    """Persist creatures of both players dying at once (the seed FAQ's Persistance note):
    the active player's trigger goes on the stack first, the other player's creature returns first."""
    v = check_claim("Dans une partie à deux joueurs, quand des créatures avec la persistance des deux joueurs "
                    "meurent en même temps, les créatures du joueur non actif reviennent en premier", cards=seed_conn)
    assert v.answer == "true" and v.lang == "fr"
    assert english_words(v.explanation) == []
    assert "les capacités déclenchées du joueur actif sont mises sur la pile en premier : celles de l'autre joueur " \
           "se résolvent donc d'abord" in v.explanation
    assert {"603.3b", "405.5", "608.1", "702.79a"} <= set(v.rules)
