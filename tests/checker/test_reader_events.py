"""Claims about what happens, read by the claim reader into events (kb/checker/meaning_events.py) and
played by the game engine on an instance (kb/checker/situation_queries.py).  Sources: seeds/001_…
(Sombrelande FAQ: Flétrissure 502.80a, Persistance 502.79a and its note 2, Marqueurs -1/-1 note 3,
Forgeur de vallée note), CR 2026-01-16 702.79a, 702.80a, 704.5f-g, 704.5q, 514.2."""
from __future__ import annotations

import pytest

from kb.checker import check_claim
from kb.checker.reader import NotRead, Reader


def _typed(v):
    assert v.reading is not None and v.reading["reader"] == "typed", v.reason
    return v.reading


def test_wither_counterfactual_puts_counters_on_the_instance(seed_conn):
    v = check_claim("Si une source avec la flétrissure devait infliger 2 blessures à une créature, "
                    "celle-ci recevrait deux marqueurs -1/-1.", cards=seed_conn)
    assert v.answer == "true"
    reading = _typed(v)
    assert reading["events"] == [{"kind": "damage", "source": "e1", "target": "e2", "amount": 2}]
    source, target = reading["setup"]["entities"]
    assert (source["kind"], source["keywords"], target["kind"]) == ("source", ["wither"], "creature")
    assert reading["asserts"]["attribute"] == "counters_put"
    assert reading["asserts"]["value"] == {"counter": "-1/-1", "n": 2}
    # the instance is named in the explanation, and the damage became counters
    assert v.explanation[1].startswith("instance jouée : une créature, une créature 3/3")
    assert any("2 marqueur(s) -1/-1 placé(s) sur une créature" in s for s in v.explanation)


def test_wither_the_number_of_counters_is_the_damage(seed_conn):
    v = check_claim("Si une source avec la flétrissure devait infliger 3 blessures à une créature 5/5, "
                    "celle-ci recevrait deux marqueurs -1/-1.", cards=seed_conn)
    assert v.answer == "false"
    assert "résultat : 3 marqueur(s) -1/-1 placé(s) sur une créature 5/5" in v.explanation


def test_damage_by_a_source_with_wither_kills_a_creature_and_persist_does_not_return_it(seed_conn):
    v = check_claim("If a 2/2 creature with persist is dealt 2 damage by a source with wither, it returns.",
                    cards=seed_conn)
    assert v.answer == "false"
    assert _typed(v)["events"][0] == {"kind": "damage", "source": "e2", "target": "e1", "amount": 2}
    assert any("had 2 -1/-1 counter(s) when it died, so it does not return" in s for s in v.explanation)


def test_persist_creature_with_a_minus_counter_does_not_return_at_all(seed_conn):
    v = check_claim("A persist creature that died with a -1/-1 counter on it returns with two of them.",
                    cards=seed_conn)
    assert v.answer == "false"
    reading = _typed(v)
    assert [e["kind"] for e in reading["events"]] == ["counters", "dies"]
    assert reading["asserts"]["value"] == {"counters": {"-1/-1": 2}}


def test_persist_returns_with_one_minus_counter(seed_conn):
    v = check_claim("Une créature 2/2 avec la persistance meurt et revient avec un marqueur -1/-1.", cards=seed_conn)
    assert v.answer == "true"
    assert _typed(v)["events"] == [{"kind": "dies", "subject": "e1"}]
    assert v.explanation[-1] == "résultat : une créature 2/2 avec la persistance est revenue sur le champ de " \
                                "bataille avec 1 -1/-1"


def test_the_card_leaving_the_graveyard_before_persist_resolves_does_not_return(seed_conn):
    v = check_claim("Si la carte est retirée du cimetière avant la résolution de la persistance, elle ne revient pas.",
                    cards=seed_conn)
    assert v.answer == "true"
    reading = _typed(v)
    assert [e["kind"] for e in reading["events"]] == ["dies", "leaves_graveyard"]
    assert reading["setup"]["entities"][0]["surface"] == "une créature avec persistance"
    assert any("avant la résolution de la persistance" in s for s in v.explanation)


def test_counters_cancel_out_as_a_state_based_action(seed_conn):
    v = check_claim("Un marqueur +1/+1 et un marqueur -1/-1 sur le même permanent s'annulent, "
                    "par action basée sur un état.", cards=seed_conn)
    assert v.answer == "true"
    assert _typed(v)["asserts"]["value"] == {"+1/+1": 1, "-1/-1": 1}
    v = check_claim("Two +1/+1 counters and a -1/-1 counter on a creature don't cancel out.", cards=seed_conn)
    assert v.answer == "false"


def test_lethal_damage_and_survival(seed_conn):
    assert check_claim("A 3/3 creature that is dealt 2 damage survives.", cards=seed_conn).answer == "true"
    v = check_claim("A 3/3 creature that is dealt 3 damage survives.", cards=seed_conn)
    assert v.answer == "false"
    assert "a 3/3 creature has lethal damage (3 ≥ toughness 3): destroyed" in v.explanation


def test_damage_wears_off_in_the_cleanup_step(seed_conn):
    v = check_claim("Si une créature 3/3 reçoit 2 blessures, ses blessures disparaissent à la fin du tour.",
                    cards=seed_conn)
    assert v.answer == "true"
    assert _typed(v)["events"][-1] == {"kind": "end_of_turn"}


def test_counters_change_power_and_toughness(seed_conn):
    assert check_claim("If a 2/2 creature with persist gets a -1/-1 counter, it is 1/1.",
                       cards=seed_conn).answer == "true"
    assert check_claim("If a 2/2 creature gets a -1/-1 counter, it is 2/1.", cards=seed_conn).answer == "false"


def test_one_counter_does_not_kill_a_3_3(seed_conn):
    v = check_claim("A 3/3 creature gets a -1/-1 counter and dies.", cards=seed_conn)
    assert v.answer == "false"
    assert v.explanation[-1] == "outcome: a 3/3 creature is still on the battlefield"


@pytest.mark.parametrize("claim, edition, answer, life", [
    ("Under the 2008 rules, unspent {G}{G}{G} from Forgeur de vallée caused mana burn when the phase ended.",
     "2008-05-01", "true", "life after the phase: 17"),
    ("Selon les règles de 2026, le mana non dépensé en fin de phase fait perdre des points de vie.",
     "2026-01-16", "false", "points de vie après la phase : 20"),
])
def test_mana_burn_follows_the_edition(seed_conn, claim, edition, answer, life):
    v = check_claim(claim, cards=seed_conn)
    assert v.answer == answer
    assert v.edition[:4] == edition[:4]
    assert _typed(v)["events"][0]["kind"] == "phase_ends"
    assert v.explanation[-1] == life


def test_a_return_with_no_event_is_played_through_its_trigger_event(seed_conn):
    """A general statement of what persist does names no event: the instance dies (what persist
    triggers on), said in the explanation; a token with persist does not come back (it ceased to exist)."""
    v = check_claim("Une créature 2/2 avec la persistance revient avec un marqueur -1/-1.", cards=seed_conn)
    assert v.answer == "true"
    assert any("sa mort" in s for s in v.explanation)
    v = check_claim("Un jeton avec la persistance revient sur le champ de bataille avec un marqueur -1/-1.",
                    cards=seed_conn)
    assert v.answer == "false"
    assert any("jeton cesse d'exister" in s for s in v.explanation)


def test_a_word_the_situation_does_not_place_is_not_read(seed_conn):
    reader = Reader(seed_conn)
    with pytest.raises(NotRead):
        reader.read("Si une source avec la flétrissure devait infliger 2 blessures à une créature bleue, "
                    "celle-ci recevrait deux marqueurs -1/-1.", "fr")
    with pytest.raises(NotRead):     # a condition that asks an outcome is not set up
        reader.read("If a 2/2 creature survives, it returns.", "en")


def test_combat_first_strike_kills_the_attacker_before_it_deals_damage(seed_conn):
    v = check_claim("If a 2/2 creature with first strike blocks a 2/2 creature, the 2/2 creature with first "
                    "strike survives.", cards=seed_conn)
    assert v.answer == "true"
    assert _typed(v)["events"] == [{"kind": "combat", "attacker": "e2", "blockers": ["e1"]}]
    assert "a creature in combat has first strike or double strike: there are two combat damage steps" \
        in v.explanation


def test_combat_wither_blocker_leaves_counters(seed_conn):
    v = check_claim("Une créature 2/2 bloquée par une créature 1/1 avec la flétrissure survit avec un marqueur -1/-1.",
                    cards=seed_conn)
    assert v.answer == "true"
    v = check_claim("A 3/3 creature with wither is blocked by a 2/2 creature: the 2/2 creature has two -1/-1 counters.",
                    cards=seed_conn)
    assert v.answer == "false"      # all 3 damage goes to the one blocker: three counters
    assert "outcome: a 2/2 creature has 3 -1/-1" in v.explanation


@pytest.mark.parametrize("claim, answer", [
    ("If a 2/2 creature with infect attacks and isn't blocked, the defending player gets two poison counters.", "true"),
    ("A 2/2 creature with infect attacks and isn't blocked: the defending player loses 2 life.", "false"),
    ("Si une créature 3/3 avec le lien de vie attaque et n'est pas bloquée, son contrôleur gagne 3 points de vie.",
     "true"),
])
def test_combat_damage_to_a_player(seed_conn, claim, answer):
    assert check_claim(claim, cards=seed_conn).answer == answer


def test_ambiguous_references_are_not_read(seed_conn):
    reader = Reader(seed_conn)
    with pytest.raises(NotRead):        # « it »: the blocker or the attacker
        reader.read("If a 2/2 creature with first strike blocks a 2/2 creature, it survives.", "en")
    with pytest.raises(NotRead):        # « the 2/2 creature »: either of them
        reader.read("If a 2/2 creature blocks a 2/2 creature, the 2/2 creature dies.", "en")


def test_apnap_the_nonactive_players_persist_creature_returns_first(seed_conn):
    v = check_claim("In a two-player game, when persist creatures of both players die at once, the active player's "
                    "creatures return first, since the active player's triggers go on the stack first.", cards=seed_conn)
    assert v.answer == "false"      # 001 Persistance note 6: the nonactive player's return first
    reading = _typed(v)
    assert reading["events"] == [{"kind": "die_together", "subjects": ["e1", "e2"]}]
    assert reading["reason"]["attribute"] == "stack_first" and reading["reason"]["subject"] == "you"
    assert "outcome: the first object to return is controlled by opponent" in v.explanation
    v = check_claim("Quand des créatures avec la persistance des deux joueurs meurent en même temps, les créatures du "
                    "joueur non actif reviennent en premier.", cards=seed_conn)
    assert v.answer == "true"
    assert v.explanation[0].startswith("instance jouée : des créatures avec la persistance (vous)")


@pytest.mark.parametrize("claim, answer", [
    ("La persistance ramène la créature sur le champ de bataille avec un marqueur -1/-1.", "true"),
    ("Undying returns the creature to the battlefield with a -1/-1 counter.", "false"),   # a +1/+1 counter
    ("Wither deals damage as -1/-1 counters.", "true"),
    ("L'infection inflige des blessures sous forme de marqueurs -1/-1.", "true"),
    ("Lifelink deals damage as -1/-1 counters.", "false"),
])
def test_general_statements_about_a_keyword_are_read_on_an_instance(seed_conn, claim, answer):
    v = check_claim(claim, cards=seed_conn)
    assert v.answer == answer
    assert v.explanation[0].startswith(("instance played: ", "instance jouée : "))


@pytest.mark.parametrize("claim, answer", [
    ("If a 3/3 creature gets a -1/-1 counter, its counters stay at end of turn.", "true"),
    ("If a 3/3 creature is dealt 2 damage, the damage wears off at end of turn.", "true"),
    ("Une créature 2/2 qui arrive sur le champ de bataille avec deux marqueurs -1/-1 meurt.", "true"),
    ("Une créature 3/3 qui arrive sur le champ de bataille avec deux marqueurs -1/-1 meurt.", "false"),
    ("If a 3/3 creature with indestructible is destroyed, it survives.", "true"),
    ("If a 3/3 creature is destroyed, it survives.", "false"),
])
def test_entering_with_counters_destruction_and_the_cleanup_step(seed_conn, claim, answer):
    v = check_claim(claim, cards=seed_conn)
    assert v.answer == answer, v.reason
    assert _typed(v)["events"]


def test_counters_stay_needs_something_that_could_remove_them(seed_conn):
    v = check_claim("If a 3/3 creature gets a -1/-1 counter, its counters stay.", cards=seed_conn)
    assert v.answer == "unknown"
