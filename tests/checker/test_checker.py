"""The rules model of kb.checker: state-based actions, layers, keywords,
soulbond, banding, linked abilities, editions, card lookup and the claim
API (check_claim / check_file / Verdict.to_dict).

Situations and expected results come from the seed notes (seeds/000_…
soulbond, 001_… Shadowmoor FAQ, 002_… rule 607, 004_… banding); cards are
read from the knowledge base built from the seeds (fixture ``seed_kb``).
"""
import json
from collections import Counter

import pytest

from kb.checker import check_claim, check_file
from kb.checker import banding, keywords, layers, soulbond
from kb.checker.cards import KBCards, types_of
from kb.checker.editions import EditionError, LATEST, resolve_edition, rule
from kb.checker.linked import LinkedObject
from kb.checker.permanents import MINUS, PLUS, ColorEffect, Permanent, PTEffect
from kb.checker.sba import check_state_based_actions
from kb.checker.verdict import OutsideModel, Trace
from kb.checker.vocabulary import card_type, keyword, keyword_in_text
from kb.store.db import connect
from tests.conftest import FIXTURES

OLD = resolve_edition("2008-05-01")


def creature(p, t, **kw):
    return Permanent(name=kw.pop("name", "creature"), base_power=p, base_toughness=t, **kw)


# ------------------------------------------------------------ editions

def test_editions():
    assert resolve_edition(None) is LATEST and resolve_edition("latest").is_latest
    assert resolve_edition("2008").date == "2008-12-31"
    assert resolve_edition("2009-02").date == "2009-02-28"
    assert OLD.mana_burn and not LATEST.mana_burn
    assert not resolve_edition("2009-07-11").mana_burn          # Magic 2010 rules
    assert rule("persist", OLD) == "502.79a" and rule("persist") == "702.79a"
    assert rule("mana_value_hybrid", OLD) == "203.3c" and rule("mana_value_hybrid") == "202.3f"
    assert rule("soulbond_unpair") == "702.95e" and rule("soulbond_unpair", resolve_edition("2012-06")) == "702.93e"
    assert rule("soulbond", OLD) is None
    with pytest.raises(EditionError):
        resolve_edition("last tuesday")


# ------------------------------------------------------------ SBA

def test_counters_annihilate_in_pairs():
    # 001 « Marqueurs -1/-1 » note 3
    c = creature(2, 2, counters=Counter({PLUS: 1, MINUS: 2}))
    events = check_state_based_actions([c], LATEST, Trace())
    assert [e.kind for e in events] == ["counters_removed"]
    assert +c.counters == Counter({MINUS: 1})
    assert layers.power_toughness(c) == (1, 1)


def test_toughness_zero_ignores_regeneration_and_indestructible():
    # 001 « Marqueurs -1/-1 » note 1; Bouclier de la Gouve reminder text
    c = creature(2, 2, counters=Counter({MINUS: 2}), regeneration_shields=1, keywords={"indestructible"})
    events = check_state_based_actions([c], LATEST, Trace())
    assert [e.kind for e in events] == ["dies"] and c.zone == "graveyard"


def test_lethal_damage_regeneration_and_indestructible_help():
    # 001 Éclair perforant note 2 (regeneration), Bouclier de la Gouve note 2 (indestructible)
    a = creature(2, 2, damage=1, counters=Counter({MINUS: 1}), regeneration_shields=1)
    b = creature(2, 2, damage=5, keywords={"indestructible"})
    c = creature(2, 2, damage=2)
    events = check_state_based_actions([a, b, c], LATEST, Trace())
    assert a.zone == "battlefield" and a.damage == 0 and a.tapped
    assert b.zone == "battlefield"
    assert c.zone == "graveyard"
    assert sorted(e.kind for e in events) == ["dies", "regenerated"]


def test_dying_creature_keeps_all_counters_in_lki():
    # 001 « Marqueurs -1/-1 » note 4 and the last persist note
    c = creature(2, 2, counters=Counter({PLUS: 1, MINUS: 3}), keywords={"persist"})
    t = Trace()
    events = check_state_based_actions([c], LATEST, t)
    (death,) = [e for e in events if e.kind == "dies"]
    assert death.lki.counters == Counter({PLUS: 1, MINUS: 3})
    assert keywords.persist(death.lki, c, t) is None


def test_token_ceases_to_exist():
    c = creature(1, 1, is_token=True, counters=Counter({MINUS: 1}))
    check_state_based_actions([c], LATEST, Trace())
    assert c.zone == "none"


# ------------------------------------------------------------ layers

def test_divinite_de_respect_2008_versus_today():
    # 001 Divinité de respect note 3: a +3/+3 from before the Divinité is
    # overwritten under the 2008 layer 6b; today 613.4c applies it after 7b.
    c = creature(3, 3, counters=Counter({PLUS: 1}))
    c.pt_effects.append(PTEffect("modify", (3, 3), timestamp=1))
    c.pt_effects.append(PTEffect("set", (1, 1), source="static", timestamp=2))
    assert layers.power_toughness(c, OLD) == (2, 2)        # 1/1 + counter
    assert layers.power_toughness(c, LATEST) == (5, 5)     # 1/1 + 3/3 + counter
    c.pt_effects.append(PTEffect("modify", (0, 2), source="static", timestamp=0))   # static: whenever started
    c.pt_effects.append(PTEffect("switch", timestamp=0))                            # switch: whenever started
    assert layers.power_toughness(c, OLD) == (4, 2)        # (2/2 + 0/+2) switched
    assert layers.power_toughness(c, LATEST) == (7, 5)


def test_envouteur_example_counter_after_set():
    # 001 « Marqueurs -1/-1 » note 5: 2/2 with a -1/-1 counter becomes 4/1 -> 3/0
    c = creature(2, 2, counters=Counter({MINUS: 1}))
    c.pt_effects.append(PTEffect("set", (4, 1)))
    assert layers.power_toughness(c, OLD) == (3, 0) == layers.power_toughness(c, LATEST)


def test_negative_power_is_used_in_calculations():
    c = creature(-2, 2)
    c.pt_effects.append(PTEffect("modify", (3, 3)))
    assert layers.power_toughness(c) == (1, 5)          # 001 note 2 « devient 1/5 »


def test_no_pt_is_outside_model():
    with pytest.raises(OutsideModel):
        layers.power_toughness(Permanent(name="Corbeiller-less artifact", types={"artifact"}))


def test_color_change_replaces_unless_additive():
    # 001 Feux céruléens note 1, Corbeiller note 2
    c = creature(3, 2, base_colors=("U", "B"))
    c.color_effects.append(ColorEffect(("U",)))
    assert layers.colors(c) == ("U",)
    d = creature(3, 2, base_colors=("B",))
    d.color_effects.append(ColorEffect(("U",), additive=True))
    assert layers.colors(d) == ("U", "B")
    e = creature(3, 2)
    e.color_effects += [ColorEffect(tuple("WUBRG"), timestamp=1), ColorEffect(("U",), timestamp=2)]
    assert layers.colors(e) == ("U",)


# ------------------------------------------------------------ keywords

def test_persist_returns_new_object_without_granted_persist():
    # 001 Chaudron des âmes note; persist notes 2 and 5
    c = creature(3, 3, granted={"persist"}, subtypes={"gobelin"})
    back = keywords.persist(c.snapshot(), c, Trace())
    assert back is not None and back is not c
    assert back.counters == Counter({MINUS: 1})
    assert not back.has("persist") and not back.continuous_control
    printed = creature(2, 2, keywords={"persist"})
    assert keywords.persist(printed.snapshot(), printed, Trace()).has("persist")
    assert keywords.persist(printed.snapshot(), printed, Trace(), left_graveyard=True) is None
    token = creature(1, 1, keywords={"persist"}, is_token=True)
    assert keywords.persist(token.snapshot(), token, Trace()) is None


def test_wither_damage_is_counters_and_can_be_prevented():
    # 001 Flétrissure notes; Cygnes de Bryn Argoll last note
    c = creature(3, 3)
    assert keywords.deal_damage(c, 2, Trace(), wither=True) == 2
    assert c.counters[MINUS] == 2 and c.damage == 0
    d = creature(4, 3)
    assert keywords.deal_damage(d, 2, Trace(), wither=True, prevented=2) == 0
    assert d.counters[MINUS] == 0


def test_conspire():
    # 001 conspire notes: one copy per paid instance; a copy doesn't conspire;
    # each tapped creature shares a color with the spell (502.78a)
    t = Trace()
    spell = keywords.Spell("Trace de brûlure", colors=("R",), conspire=2)
    assert keywords.conspire_copies(spell, 2, t) == 2
    assert keywords.conspire_copies(spell, 1, t, tapped_colors=[("R", "G"), ("R",)]) == 1
    assert keywords.conspire_copies(spell, 1, t, tapped_colors=[("R",), ("U",)]) == 0
    copy = keywords.Spell(conspire=1, cast=False, is_copy=True)
    assert keywords.conspire_copies(copy, 1, t) == 0
    with pytest.raises(ValueError):
        keywords.conspire_copies(keywords.Spell(conspire=1), 2, t)


def test_untap_symbol_and_summoning_sickness():
    # 001 « Le symbole de dégagement » notes 2–3, rules 104.5, 212.3f, 502.5b
    t = Trace()
    untapped = creature(3, 3)
    assert not keywords.can_activate_tap_or_untap(untapped, "{Q}", t)
    sick = creature(3, 3, tapped=True, continuous_control=False)
    assert not keywords.can_activate_tap_or_untap(sick, "{Q}", t)
    sick.granted.add("haste")
    assert keywords.can_activate_tap_or_untap(sick, "{Q}", t)
    artifact = Permanent(name="artifact", types={"artifact"}, tapped=True, continuous_control=False)
    assert keywords.can_activate_tap_or_untap(artifact, "{Q}", t)
    with pytest.raises(OutsideModel):
        keywords.can_activate_tap_or_untap(artifact, "{W}", t)


def test_mana_burn_by_edition():
    assert keywords.mana_burn(3, Trace(OLD)) == 3          # 001 Forgeur de vallée note
    assert keywords.mana_burn(3, Trace(LATEST)) == 0


# ------------------------------------------------------------ soulbond (seed 000)

def test_soulbond_trigger_and_pairing():
    t = Trace()
    wolf = creature(3, 3, name="wolf", keywords={"soulbond"})
    assert not soulbond.soulbond_triggers(wolf, [wolf], t)          # note 3: needs another unpaired creature
    bear = creature(2, 2, name="bear")
    assert soulbond.soulbond_triggers(wolf, [wolf, bear], t)
    bear.zone = "graveyard"
    assert not soulbond.pair(wolf, bear, "you", t)                   # 702.92c
    bear.zone = "battlefield"
    assert soulbond.pair(wolf, bear, "you", t)
    other = creature(1, 1, name="other")
    assert not soulbond.pair(other, bear, "you", t)                  # 702.92d: only one partner


@pytest.mark.parametrize("event,paired", [
    ("loses_soulbond", True), ("leaves", False), ("control", False), ("noncreature", False)])
def test_soulbond_unpairing(event, paired):
    t = Trace()
    a, b = creature(1, 1, keywords={"soulbond"}), creature(2, 2)
    soulbond.pair(a, b, "you", t)
    assert soulbond.still_paired(a, t, event) is paired
    assert (b.paired_with is a) is paired


def test_unpairing_ends_pairing_bonus():
    # seed 000 note 4: damage marked may become lethal when the bonus ends
    t = Trace()
    a, b = creature(2, 2, damage=3), creature(2, 2)
    a.pt_effects.append(PTEffect("modify", (2, 2), source="static", label=soulbond.PAIRING_BONUS))
    soulbond.pair(a, b, "you", t)
    assert check_state_based_actions([a], LATEST, t) == []
    soulbond.still_paired(b, t, "leaves")
    assert a.pt_effects == [] and layers.power_toughness(a) == (2, 2)
    assert [e.kind for e in check_state_based_actions([a], LATEST, t)] == ["dies"]


# ------------------------------------------------------------ banding (seed 004)

def test_band_formation_banding():
    t = Trace()
    band = [creature(1, 1, keywords={"banding"}), creature(1, 1, keywords={"banding"}), creature(2, 2)]
    assert banding.can_form_band(band, t)
    assert not banding.can_form_band(band + [creature(2, 2)], t)      # 502.10b: at most one without
    assert not banding.can_form_band(band, t, same_target=False)


def test_bands_with_other_depends_on_edition():
    knight_bwo = creature(1, 1, keywords={"bands with other chevalier"}, subtypes={"chevalier"})
    plain_knight = creature(1, 1, subtypes={"chevalier"})
    assert not banding.can_form_band([knight_bwo, plain_knight], Trace(OLD))   # 502.11b
    assert banding.can_form_band([knight_bwo, plain_knight], Trace(LATEST))    # 702.22c


def test_band_damage_chooser():
    t = Trace()
    attacker = creature(3, 3, keywords={"banding"})
    blockers = [creature(2, 2), creature(2, 2)]
    assert banding.damage_chooser(attacker, blockers, t, whose="blockers") == "attacking player"
    assert banding.damage_chooser(creature(3, 3), blockers, t, whose="blockers") == "defending player"
    assert banding.damage_chooser(creature(3, 3), [creature(1, 1, keywords={"banding"})], t,
                                  whose="attacker") == "defending player"
    lost = creature(3, 3, keywords={"banding"}, lost={"banding"})     # 502.10h last sentence
    assert banding.damage_chooser(lost, blockers, t, whose="blockers") == "defending player"


def test_bands_with_other_damage_by_edition():
    # 502.11c needs two blockers with the ability; 702.22j one with it and another of the quality
    bwo = creature(1, 1, keywords={"bands with other chevalier"}, subtypes={"chevalier"})
    knight = creature(1, 1, subtypes={"chevalier"})
    assert banding.damage_chooser(creature(5, 5), [bwo, knight], Trace(OLD), whose="attacker") == "attacking player"
    assert banding.damage_chooser(creature(5, 5), [bwo, knight], Trace(LATEST), whose="attacker") == "defending player"


# ------------------------------------------------------------ linked abilities (seed 002)

def test_quicksilver_elemental_example():
    t = Trace()
    qe = LinkedObject("Élémental de vif-argent")
    (arc,) = qe.gain(["exile the top ten cards"], "Frappeur à l'arc", "first activation", t)
    exile, back = qe.gain(["exile target creature", "return a card exiled by it"],
                          "Sœurs de la mort de pierre", "second activation", t)
    qe.exile_with(arc, "Ours", t)
    qe.exile_with(exile, "Loup", t)
    assert qe.can_return(back, "Loup", t)
    assert not qe.can_return(back, "Ours", t)
    assert "607.4" in t.rules


# ------------------------------------------------------------ cards

def test_kb_lookup_french_english_folded(seed_conn):
    lookup = KBCards(seed_conn)
    assert lookup("Beseech the Queen").name == "Implorer la reine"
    assert lookup("IMPLORER LA REINE").mana_cost == "{2/B}{2/B}{2/B}"
    assert lookup("faerie macabre").name == "Færie macabre"
    assert lookup("la Forêt de Suintesève").types == {"land"}
    redcap = lookup("Bonnet-rouge meurtrier")
    assert (redcap.power, redcap.toughness) == ("2", "2") and "persist" in redcap.keywords
    assert lookup("Tarmogoyf") is None
    assert lookup("Wilt-Leaf Liege").name == "Noble féale de Feuilleterne"
    assert lookup("the Reflecting Pool").types == {"land"}


def test_keywords_from_the_term_pairs():
    assert keyword("la persistance") == keyword("persist") == "persist"
    assert keyword("l'association d'ames") == keyword("soulbond") == "soulbond"
    assert keyword("la fletrissure") == "wither" and keyword("le regroupement") == "banding"
    assert keyword("l'indestructibilite") == "indestructible"
    assert keyword("le mal d'invocation") == keyword("summoning sickness") == "summoning sickness"
    assert keyword_in_text("Vol") == "flying" and keyword_in_text("Conspiration") == "conspire"
    assert keyword_in_text("Quand vous faites") is None
    assert card_type("Éphémère") == "instant" and card_type("arpenteur") == "planeswalker"
    assert card_type("épouvantail") is None


@pytest.mark.corpus
def test_kb_lookup_with_card_database(tmp_path):
    """With MTGJSON ingested, English and French names of every card are known;
    a card the seed FAQ prints is shown as its French card record."""
    from tests.conftest import build_with_card_subset

    conn = connect(build_with_card_subset(tmp_path, ["SHM"]))
    try:
        lookup = KBCards(conn)
        assert lookup("Beseech the Queen").name == "Implorer la reine"
        ram_gang = lookup("Gang du bélier boggart")
        assert ram_gang.name == "Boggart Ram-Gang" and ram_gang.mana_cost == "{R/G}{R/G}{R/G}"
        assert "wither" in ram_gang.keywords and ram_gang.types == {"creature"}
        v = check_claim("A 3/3 creature is dealt 2 damage by Boggart Ram-Gang: it has two -1/-1 counters", cards=conn)
        assert v.answer == "true" and "the source Boggart Ram-Gang has wither" in v.explanation
    finally:
        conn.close()


def test_type_lines():
    assert types_of("Créature-artefact : épouvantail") == ({"artifact", "creature"}, {"epouvantail"})
    assert types_of("Artifact Creature — Scarecrow") == ({"artifact", "creature"}, {"scarecrow"})
    assert types_of("Éphémère")[0] == {"instant"}
    assert types_of("Creature — Giant // Instant — Adventure") == ({"creature", "instant"}, {"giant", "adventure"})


# ------------------------------------------------------------ claims API

def test_verdict_shape(seed_conn):
    v = check_claim("Implorer la reine a un coût converti de mana de 6", cards=seed_conn)
    d = v.to_dict()
    assert set(d) == {"claim", "answer", "explanation", "rules", "reason", "edition",
                      "not_understood", "evidence", "numbering", "lang", "reading", "source"}
    assert d["not_understood"] == [] and d["evidence"] == []
    assert d["answer"] == "true" and d["edition"] == "latest" and d["reason"] is None
    assert d["rules"] == ["202.3", "202.3f"]
    assert "{2/B}=2" in d["explanation"][1]
    json.dumps(d)
    old = check_claim("Implorer la reine a un coût converti de mana de 6", edition="2008-05-01", cards=seed_conn)
    assert old.rules == ["203.3", "203.3c"] and old.edition == "2008-05-01"


@pytest.mark.parametrize("claim,answer", [
    ("Beseech the Queen is black", "true"),
    ("Beseech the Queen is colorless", "false"),
    ("Beseech the Queen has mana value 3", "false"),
    ("The mana value of {X}{R} is 1", "true"),
    ("{G/W}{G/W} peut être payé avec {G}{W}", "true"),
    ("{G/W}{G/W} ne peut pas être payé avec {G}{U}", "true"),
    ("A pool of {W}{W}{U} can pay {W/U}{W/U}", "true"),
    ("Une réserve de {B} peut payer {W/U}", "false"),
    ("The ways to pay Beseech the Queen are {B}{B}{B}, {2}{B}{B}, {4}{B} and {6}", "true"),
    ("The ways to pay Beseech the Queen are {B}{B}{B} and {6}", "false"),
    ("Kulrath Knight is black and red", "true"),
    ("Murderous Redcap has a converted mana cost of 4", "true"),
    ("A 2/2 creature with a +1/+1 counter gets two -1/-1 counters: after state-based actions it is 1/1 "
     "with a -1/-1 counter", "true"),
    ("A 3/3 creature is dealt 2 damage by a source with wither: it is 1/1 with two -1/-1 counters", "true"),
    ("A 2/2 creature with persist and a +1/+1 counter gets three -1/-1 counters: it does not return to "
     "the battlefield", "true"),
    ("A spell with two instances of conspire, both its conspire costs are paid: two copies are created", "true"),
    ("A paired creature with soulbond loses soulbond: it stays paired", "true"),
    ("Two creatures with banding and one creature without banding can form a band", "true"),
    ("If a 2/2 creature with a -1/-1 counter becomes 4/1, then it is put into its owner's graveyard", "true"),
    ("A 3/3 creature with a {Q} ability and haste is tapped, enters the battlefield this turn: it can "
     "activate its {Q} ability", "true"),
])
def test_english_and_french_claims(seed_conn, claim, answer):
    assert check_claim(claim, cards=seed_conn).answer == answer


@pytest.mark.parametrize("claim,reason", [
    ("Le ciel est bleu", "aucune carte nommée"),                                     # unknown card
    ("Tarmogoyf est vert", "aucune carte nommée 'tarmogoyf'"),
    ("{1}{U}{Q} can be paid with {1}{U}", "untap symbol"),                     # {Q} is not mana
    ("Implorer la reine peut être payé avec {2/B}", "not mana one can spend"),
    ("Une créature 2/2 devient 3/3 : elle est bleue", "ne donne pas les couleurs de la créature"),
    ("Une réserve de {G} peut payer {S}", "neigeux"),
    ("Implorer la reine coûte trop cher", "hors du langage contrôlé"),   # outside the grammar
    ("La Forêt de Suintesève peut être payée avec {G}", "n'a pas de coût de mana"),
])
def test_unknown_is_honest(seed_conn, claim, reason):
    v = check_claim(claim, cards=seed_conn)
    assert v.answer == "unknown" and reason in v.reason


def test_without_cards_no_card_is_known():
    v = check_claim("Implorer la reine a un coût converti de mana de 6")
    assert v.answer == "unknown" and "aucune carte nommée 'implorer la reine'" in v.reason
    assert check_claim("Beseech the Queen has a mana value of 6").reason == \
        "no card named 'beseech the queen' is known to the checker"
    assert check_claim("{2/B}{2/B}{2/B} a un coût converti de mana de 6").answer == "true"


def test_bad_edition_is_unknown():
    v = check_claim("Incolore est une couleur", edition="yesterday")
    assert v.answer == "unknown" and "pas une édition" in v.reason       # told in the claim's language
    v = check_claim("Colorless is a color", edition="yesterday")
    assert v.answer == "unknown" and "not an edition" in v.reason


def test_external_lookup_and_card_record(seed_conn):
    from kb.model import CardRecord

    seeds = KBCards(seed_conn)

    def lookup(name):
        if name == "godhead of awe":
            return {"name": "Godhead of Awe", "mana_cost": "{W/U}{W/U}{W/U}{W/U}{W/U}",
                    "type_line": "Creature — Spirit Avatar", "power": "4", "toughness": "4"}
        if name == "cerulean wisps":
            return CardRecord(name="Cerulean Wisps", source="x", line=1, mana_cost="{U}", type_line="Instant")
        if name == "dryad arbor":
            return {"name": "Dryad Arbor", "type_line": "Land Creature — Forest Dryad", "color_indicator": ["G"],
                    "power": "1", "toughness": "1"}
        return seeds(name)

    assert check_claim("Godhead of Awe has mana value 5", cards=lookup).answer == "true"
    assert check_claim("Godhead of Awe is white and blue", cards=lookup).answer == "true"
    assert check_claim("Cerulean Wisps is an instant", cards=lookup).answer == "true"
    assert check_claim("Dryad Arbor is green", cards=lookup).answer == "true"      # color indicator
    assert check_claim("Beseech the Queen is black", cards=lookup).answer == "true"     # falls back to the knowledge base
    assert check_claim("Tarmogoyf is green", cards=lookup).answer == "unknown"


def test_check_file_batch(tmp_path):
    f = tmp_path / "claims.yaml"
    f.write_text(
        "- {claim: 'Le mana inutilisé provoque une brûlure de mana', expected: true, edition: '2008', note: n1}\n"
        "- {claim: 'Le mana inutilisé provoque une brûlure de mana', expected: false, note: n2}\n"
        "- {claim: 'Incolore est une couleur', expected: true, note: n3}\n", encoding="utf-8")
    vs = check_file(f)
    assert [v.passed for v in vs] == [True, True, False]
    assert vs[0].to_dict()["passed"] is True and vs[2].to_dict()["note"] == "n3"
    bad = tmp_path / "bad.yaml"
    bad.write_text("- {expected: true}\n", encoding="utf-8")
    with pytest.raises(ValueError, match="item 1"):
        check_file(bad)


# ------------------------------------------------------------ docs/claims.md examples

@pytest.mark.parametrize("claim,edition,answer", [
    ("A 2/2 creature with a -1/-1 counter becomes 4/1: it is 3/0", None, "true"),
    ("A creature with banding and two creatures without banding can form a band", None, "false"),
    ("a creature in a band becomes blocked by an effect: the whole band is blocked", None, "true"),
    ("{U/B} ne peut pas être payé avec {G}", None, "true"),
    ("Le Lancier guêpe est uniquement bleu", None, "false"),
    ("Hybrid mana can be added to a mana pool", None, "false"),
    ("Colorless is a color", None, "false"),
    ("a 1/1 creature token with persist dies: it does not return to the battlefield", None, "true"),
    ("Une créature bleue et noire 3/2 devient rouge : elle est uniquement rouge", None, "true"),
    ("Unused mana causes mana burn", "2008", "true"),
    ("Unused mana causes mana burn", None, "false"),
    ("A 3/3 creature gets +3/+3, then becomes 1/1: it is 1/1", "2008", "true"),
    ("A 3/3 creature gets +3/+3, then becomes 1/1: it is 1/1", None, "false"),
    ("Two knights with bands with other knights and one knight without banding can form a band", "2008", "false"),
    ("Two knights with bands with other knights and one knight without banding can form a band", None, "true"),
    ("Si une créature 2/2 avec un marqueur -1/-1 devient 4/1, alors elle meurt", None, "true"),
    ("A 2/2 creature with persist dies: it returns to the battlefield with a -1/-1 counter and it has persist",
     None, "true"),
    ("{X}{R} a un coût converti de mana de 4 sur la pile avec X = 3", None, "true"),
    ("{X}{R} has mana value 1", None, "true"),
    ("A 3/3 creature is dealt 2 damage by Kulrath Knight: it has two -1/-1 counters", None, "true"),
    ("On Quicksilver Elemental, a card exiled by the ability of Stonecloaker can be returned by the ability of "
     "Sisters of Stone Death", None, "false"),
    ("An attacking creature is blocked by one creature with banding: the defending player assigns the attacking "
     "creature's combat damage", None, "true"),
    ("Implorer la reine n'a pas un coût converti de mana de 3", None, "true"),
    ("A red and green spell with conspire, its conspire cost is paid by tapping a red creature and a green "
     "creature: one copy is created", None, "true"),
    ("A spell with conspire, its conspire cost is paid by tapping a red creature and a green creature: one copy "
     "is created", None, "unknown"),
    ("A 3/3 creature is dealt 2 damage, then the turn ends: it has 0 damage", None, "true"),
    ("A 3/3 creature is dealt 2 damage by a source with wither, then regenerates: it is 1/1", None, "true"),
    ("A 2/2 paired creature with 3 damage and a +2/+2 bonus from the pairing, its partner leaves the battlefield: "
     "it is destroyed", None, "true"),
    ("A 2/2 creature with soulbond enters the battlefield while you control another unpaired creature: it is "
     "paired", None, "unknown"),
])
def test_docs_examples(seed_conn, claim, edition, answer):
    assert check_claim(claim, edition=edition, cards=seed_conn).answer == answer


def test_fixture_claims_parse_without_ambiguity():
    """Every claim of the FAQ fixture has exactly one parse: names cannot
    swallow verbs, generic actors are never read as card names."""

    import yaml
    from kb.checker.reading import normalize
    from parser import grammars

    parser = grammars.load("claims", parser="earley", lexer="dynamic", ambiguity="explicit")
    fixture = FIXTURES / "faq_claims.yaml"
    claims = [i["claim"] for i in yaml.safe_load(fixture.read_text(encoding="utf-8"))["claims"]]
    ambiguous = [c for c in claims if any(True for _ in parser.parse(normalize(c)).find_data("_ambig"))]
    assert ambiguous == []


def test_normalize():
    from kb.checker.reading import normalize
    assert normalize("« Les Sœurs de la mort de pierre » reçoivent {2/b}.") == "les soeurs de la mort de pierre recoivent {2/B}"
    assert normalize("L’Élémental\u00a0: X") == "l'elemental : x"
