"""Claims as players write them (issue 14): who pays first (« on », « vous »,
"you"), relative clauses carrying the events, « quand »/"when" conditions,
edition qualifiers, elided and possessive card names, plural card names,
the documents' synonyms (« CCM », « valeur de mana », « se paie »).

These sentences are the grammar's own tests; the evaluation set
(tests/fixtures/claims_eval.yaml) is kept apart and never copied here.
"""
import pytest

from kb.checker import check_claim


@pytest.mark.parametrize("claim,answer", [
    # who pays, then the cost (seeds/001_… Hybride note 4, Implorer la reine note 3)
    ("Tu peux payer {G/W}{G/W} avec {G}{G}", "true"),
    ("Un joueur ne peut pas payer {G/W}{G/W} avec {U}{U}", "true"),
    ("You can pay {R/G}{R/G} with {B}{G}", "false"),
    ("On peut lancer Implorer la reine en dépensant {6}", "true"),
    ("{U/R}{U/R} se paye avec {U}{R}", "true"),
    # hybrid mana and a mana pool (001 Hybride note 6)
    ("Un joueur peut produire du mana hybride dans sa réserve", "false"),
    ("Hybrid mana can't be put into your mana pool", "true"),
    # the documents' synonyms for mana value, elided and possessive names
    ("Le coût de mana converti d'Implorer la reine est de 6", "true"),
    ("La CMC de Implorer la reine est 2", "false"),
    ("Beseech the Queen's converted mana cost is 6", "true"),
    ("Implorer la reine est une carte noire", "true"),
    ("Le Lancier guêpe est à la fois bleu et blanc", "false"),
    # relative clauses and « quand » carry the events (001 -1/-1 counters, persist, wither)
    ("Une créature 4/4 qui reçoit trois marqueurs -1/-1 survit", "true"),
    ("A 2/2 creature that gets two -1/-1 counters survives", "false"),
    ("Lorsqu'une créature 3/3 avec la persistance meurt, elle revient sur le champ de bataille avec un marqueur -1/-1",
     "true"),
    ("When a 3/3 creature with persist and a -1/-1 counter dies, it does not return to the battlefield", "true"),
])
def test_phrasings(seed_conn, claim, answer):
    v = check_claim(claim, cards=seed_conn)
    assert v.answer == answer, v


@pytest.mark.parametrize("claim,edition,answer,rules", [
    ("Selon les règles de 2008, le mana non dépensé provoque une brûlure de mana", None, "true", ["300.3"]),
    ("Unused mana causes mana burn under the 2008 rules", None, "true", ["300.3"]),
    ("Aujourd'hui, le mana inutilisé provoque une brûlure de mana", None, "false", ["500.4"]),
    ("En 2008, le mana inutilisé provoque une brûlure de mana", "2008-05-01", "true", ["300.3"]),
])
def test_edition_qualifiers(claim, edition, answer, rules):
    v = check_claim(claim, edition=edition)
    assert v.answer == answer, v
    assert v.rules == rules
    assert v.edition.startswith("2008") == (answer == "true")


def test_qualifier_against_another_edition_is_unknown():
    v = check_claim("Selon les règles de 2008, le mana inutilisé provoque une brûlure de mana", edition="2015")
    assert v.answer == "unknown" and "2008" in v.reason and "2015" in v.reason


def test_plural_card_name(seed_conn):
    v = check_claim("Les Bonnets-rouges meurtriers sont noirs et rouges", cards=seed_conn)
    assert v.answer == "true", v
    assert v.explanation[0].startswith("carte Bonnet-rouge meurtrier")      # printed, never folded


@pytest.mark.parametrize("claim,edition,answer", [
    ("Le mana non dépensé ne provoque jamais de brûlure de mana", "2008-05-01", "false"),
    ("Unused mana doesn't cause any mana burn", None, "true"),
])
def test_negations(claim, edition, answer):
    assert check_claim(claim, edition=edition).answer == answer


# mana written in words: one payment, added up (kb.checker.reading.spent)
@pytest.mark.parametrize("claim,answer", [
    ("Implorer la reine peut se payer avec six manas rouges", "true"),          # {6}: the generic halves
    ("{2/B}{2/B}{2/B} ne peut pas se payer avec trois manas noirs", "false"),    # {B}{B}{B} pays it
    ("{2/B}{2/B}{2/B} peut être payé avec deux manas noirs", "false"),
    ("You can pay {2/B} with two mana of any color", "true"),
    ("{W/U} can be paid with one mana of any color", "false"),                  # not whatever its colour
    ("{W/U}{W/U} can be paid with one white mana and one blue mana", "true"),
    ("{2/B} peut être payé avec deux manas incolores", "true"),
])
def test_mana_in_words(seed_conn, claim, answer):
    assert check_claim(claim, cards=seed_conn).answer == answer


def test_mana_in_words_is_explained_as_symbols(seed_conn):
    v = check_claim("Beseech the Queen can be paid with six red mana", cards=seed_conn)
    assert v.answer == "true"
    assert "spending {R}{R}{R}{R}{R}{R} matches the way {6}" in v.explanation


# « redevient 3/3 », « à la fin du tour », « garde son marqueur »
@pytest.mark.parametrize("claim,answer", [
    ("Une créature 3/3 avec un marqueur -1/-1 qui reçoit un marqueur +1/+1 redevient 3/3", "true"),
    ("Une créature 3/3 qui subit 2 blessures d'une source avec la flétrissure redevient 3/3 à la fin du tour", "false"),
    ("Une créature 3/3 qui subit 2 blessures redevient 3/3 à la fin du tour", "true"),
    ("Une créature 3/3 qui subit 2 blessures d'une source avec la flétrissure est 1/1 à la fin du tour", "true"),
    ("Une créature 2/2 avec un marqueur +1/+1 qui reçoit un marqueur -1/-1 garde son marqueur +1/+1", "false"),
    ("Une créature 2/2 avec deux marqueurs +1/+1 qui reçoit un marqueur -1/-1 ne garde pas ses marqueurs +1/+1",
     "true"),
    ("A 2/2 creature with a +1/+1 counter that gets a -1/-1 counter keeps its +1/+1 counter", "false"),
    ("Une créature 2/2 avec un marqueur -1/-1 qui subit 1 blessure garde son marqueur -1/-1", "true"),
])
def test_again_end_of_turn_and_keeping(seed_conn, claim, answer):
    v = check_claim(claim, cards=seed_conn)
    assert v.answer == answer, v


def test_keeping_a_counter_it_never_had_is_unknown(seed_conn):
    v = check_claim("Une créature 2/2 qui reçoit un marqueur -1/-1 garde son marqueur +1/+1", cards=seed_conn)
    assert v.answer == "unknown"
    assert v.reason == "la situation ne lui donne aucun marqueur +1/+1 à garder"


# « sans … » / "without …": what the creature lacks (kb.checker.features, absent_*)
@pytest.mark.parametrize("claim,answer", [
    ("Une créature avec la persistance sans marqueur -1/-1 qui meurt ne revient pas", "false"),
    ("Une créature 2/2 sans la persistance meurt : elle revient sur le champ de bataille", "false"),
    ("A 2/2 creature with persist and without -1/-1 counters dies: it returns to the battlefield", "true"),
    ("Une créature 2/2 avec la persistance meurt : elle revient sans marqueur -1/-1", "false"),
    ("Une créature 2/2 avec la persistance meurt : elle revient sur le champ de bataille sans marqueur +1/+1",
     "true"),
])
def test_without(seed_conn, claim, answer):
    assert check_claim(claim, cards=seed_conn).answer == answer


def test_without_what_it_has_is_unknown(seed_conn):
    v = check_claim("Le Bonnet-rouge meurtrier sans la persistance meurt : il ne revient pas", cards=seed_conn)
    assert v.answer == "unknown" and v.reason == "l'affirmation la dit sans ce qu'elle a (la persistance)"
    v = check_claim("A 2/2 creature with a -1/-1 counter and without -1/-1 counters dies", cards=seed_conn)
    assert v.answer == "unknown" and v.reason == "the claim says it is without what it has (-1/-1 counters)"


@pytest.mark.parametrize("claim,answer,reason_has", [
    # « coûte N »: the mana value (seeds/001_… Implorer la reine: {2/B}{2/B}{2/B}, mana value 6)
    ("Implorer la reine coûte 6", "true", None),
    ("Beseech the Queen costs six", "true", None),
    ("Implorer la reine ne coûte pas 6", "false", None),
    ("Implorer la reine coûte 2", "false", None),           # no payment of {2/B}x3 is 2 mana
    ("Implorer la reine coûte 3", "unknown", "ambigu"),     # {B}{B}{B} pays it, mana value 6
    ("Le Lancier guêpe coûte 3", "true", None),              # {U/B}{U/B}{U/B}: every payment is 3
    # « coûte {…} »: the printed mana cost, symbol for symbol
    ("Implorer la reine coûte {2/B}{2/B}{2/B}", "true", None),
    ("Implorer la reine coûte {B}{B}", "false", None),
    ("Implorer la reine coûte {B}{B}{B}", "unknown", "ambigu"),
    ("{X}{R} costs 1", "unknown", "{X}"),
    # type and colour in one claim: both must hold
    ("Implorer la reine est un rituel noir", "true", None),
    ("Implorer la reine est un artefact incolore", "false", None),
    ("Implorer la reine est un rituel rouge", "false", None),
    ("Implorer la reine n'est pas un rituel rouge", "true", None),
    ("Beseech the Queen is a black sorcery", "true", None),
])
def test_cost_and_type_with_color(seed_conn, claim, answer, reason_has):
    v = check_claim(claim, cards=seed_conn)
    assert v.answer == answer, v
    if reason_has:
        assert reason_has in v.reason
    if answer != "unknown":
        assert v.rules, v          # the rule a verdict rests on is cited


@pytest.mark.parametrize("claim,answer", [
    # several « avec » / « qui a déjà » features (persist, 702.79a): the creature dies, so its toughness is not needed
    ("Les créatures avec la persistance qui ont déjà un marqueur -1/-1 reviennent quand elles meurent", "false"),
    ("Une créature avec la persistance qui a déjà un marqueur -1/-1 ne revient pas quand elle meurt", "true"),
    ("A creature with persist that already has a -1/-1 counter does not return when it dies", "true"),
    ("A creature with persist and a -1/-1 counter returns when it dies", "false"),
    # without its toughness, a creature with a -1/-1 counter that is not said to die: unknown
    ("Une créature avec un marqueur -1/-1 meurt", "unknown"),
])
def test_features_in_a_row_and_a_death_without_toughness(seed_conn, claim, answer):
    v = check_claim(claim, cards=seed_conn)
    assert v.answer == answer, v


@pytest.mark.parametrize("claim,answer,rule", [
    # counters and damage in general (seeds/001_… -1/-1 counter notes; CR 704.5q, 514.2), read on a 3/3 creature
    ("Un marqueur +1/+1 et un marqueur -1/-1 s'annulent", "true", "704.5q"),
    ("+1/+1 and -1/-1 counters cancel out", "true", "704.5q"),
    ("Les marqueurs +1/+1 et -1/-1 ne s'annulent pas", "false", "704.5q"),
    ("Les marqueurs -1/-1 restent sur la créature après la fin du tour", "true", "514.2"),
    ("Les marqueurs -1/-1 placés par la flétrissure disparaissent à la fin du tour", "false", "514.2"),
    ("Les blessures disparaissent à la fin du tour", "true", "514.2"),
    ("Damage stays after the turn ends", "false", "514.2"),
])
def test_counters_and_damage_in_general(claim, answer, rule):
    v = check_claim(claim)
    assert v.answer == answer, v
    assert rule in v.rules
    assert v.explanation[0].startswith(("lu sur un exemple : une créature 3/3", "read on an instance: a 3/3 creature"))


@pytest.mark.parametrize("claim,answer", [
    # seed 000_… note: « Aucune des capacités d'association d'âmes ne cible » (702.95a)
    ("L'association d'âmes cible une créature", "false"),
    ("La capacité d'association d'âmes ne cible pas", "true"),
    ("Soulbond targets another creature", "false"),
    ("Les capacités d'association d'âmes ciblent une créature", "false"),
])
def test_soulbond_targets_nothing(claim, answer):
    v = check_claim(claim)
    assert v.answer == answer, v
    assert "702.95a" in v.rules
    assert check_claim(claim, edition="2010").answer == "unknown"      # before soulbond (2012)


@pytest.mark.parametrize("claim,answer", [
    # pairing is mutual (702.95b) and ends when either leaves or changes control (702.95e; seed 000_…)
    ("Si une créature associée quitte le champ de bataille, son partenaire devient dissocié", "true"),
    ("Si une créature associée quitte le champ de bataille, l'autre créature devient dissociée", "true"),
    ("Une créature associée devient dissociée si son partenaire quitte le champ de bataille", "true"),
    ("A paired creature stays paired when its partner leaves the battlefield", "false"),
    # the event before its actor
    ("Si un autre joueur acquiert le contrôle d'une créature associée, elle devient dissociée", "true"),
    ("If another player gains control of a paired creature, it stays paired", "false"),
    # losing soulbond does not unpair (seed 000_… last note)
    ("Quand une créature associée perd l'association d'âmes, son partenaire reste associé", "true"),
])
def test_soulbond_partners_and_control(claim, answer):
    v = check_claim(claim)
    assert v.answer == answer, v
    assert "702.95e" in v.rules


@pytest.mark.parametrize("claim,answer", [
    # seeds/001_… Flétrissure notes; 702.80a: damage from a source with wither becomes -1/-1 counters
    ("Une créature avec la flétrissure inflige ses blessures sous forme de marqueurs -1/-1", "true"),
    ("A source with wither deals damage as -1/-1 counters", "true"),
    ("La flétrissure n'inflige pas ses blessures sous forme de marqueurs -1/-1", "false"),
])
def test_wither_in_general(claim, answer):
    v = check_claim(claim)
    assert v.answer == answer, v
    assert "702.80a" in v.rules
    assert v.explanation[0] in ("lu sur un exemple : une créature 3/3", "read on an instance: a 3/3 creature")


@pytest.mark.parametrize("claim,answer", [
    # a claim asked as a question: the answer is the claim's (seeds/001_… Implorer la reine, -1/-1 counters)
    ("C'est vrai qu'Implorer la reine a un coût converti de mana de 6 ?", "true"),
    ("Est-ce que Implorer la reine est verte ?", "false"),
    ("Est-ce qu'une créature 2/2 qui reçoit deux marqueurs -1/-1 meurt ?", "true"),
    ("Is it true that Beseech the Queen is black?", "true"),
    ("Implorer la reine est noire ?", "true"),
])
def test_questions(seed_conn, claim, answer):
    v = check_claim(claim, cards=seed_conn)
    assert v.answer == answer, v


def test_a_question_keeps_its_edition_qualifier():
    v = check_claim("Est-ce que selon les règles de 2008, le mana inutilisé provoque une brûlure de mana ?")
    assert (v.answer, v.edition) == ("true", "2008-12-31")


@pytest.mark.parametrize("claim,answer,rule", [
    # persist in general (702.79a; seeds/001_… Persistance notes), read on a 3/3 instance that dies
    ("Persist returns the creature with a -1/-1 counter on it", "true", "702.79a"),
    ("La persistance renvoie la créature sur le champ de bataille avec un marqueur -1/-1", "true", "702.79a"),
    ("La persistance ramène la créature avec un marqueur +1/+1", "false", "702.79a"),
    # the cleanup step (514.2): damage goes, counters stay
    ("Les marqueurs -1/-1 sont retirés pendant l'étape de nettoyage", "false", "514.2"),
    ("Les blessures sont retirées pendant l'étape de nettoyage", "true", "514.2"),
])
def test_persist_and_cleanup_in_general(claim, answer, rule):
    v = check_claim(claim)
    assert v.answer == answer, v
    assert rule in v.rules
