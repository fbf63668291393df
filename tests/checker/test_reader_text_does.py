"""What a card's text does, any effect (kb/checker/effect_tokens.py -> text_does.py), and characteristics
said in passing (kb/checker/meaning_descriptions.py), on the card data of the full knowledge base.

Sources (MTGJSON oracle and French printed text): Hagra Mauling « Destroy target creature. »; Swift End
"Destroy target creature or planeswalker. You lose 2 life."; Crashing Footfalls « Créez deux jetons de
créature 4/4 verte Rhinocéros avec le piétinement. »; Lost Vale "{T}: Add three mana of any one color.";
Crusade « Les créatures blanches gagnent +1/+1. »; Terror of Kruin Pass "Werewolves you control have
menace."; Gaea's Cradle "{T}: Add {G} for each creature you control." (no French text in the data);
Marrow Shards « … infligent 1 blessure à chaque créature attaquante. »; Pact of Negation « … payez
{3}{U}{U}. »; Tragic Poet "Return target enchantment card …"; Ghitu Encampment « … avec l'initiative … »;
Growing Rites of Itlimoc « Au début de votre étape de fin, si vous contrôlez au moins quatre créatures,
transformez … »; New Horizons « Enchanter : terrain »; Arguel's Blood Fast "… if you have 5 or less life
…"; Hunger of the Nim "Target creature gets +1/+0 until end of turn for each artifact you control.";
Noxious Revival "Put target card from a graveyard on top of its owner's library."; Stingerfling Spider
{4}{G} 2/5 reach; Daretti, Scrap Savant "can be your commander"; Fiery Fall {5}{R} 5 damage."""
from __future__ import annotations

import pytest

from kb.checker import check_claim
from kb.checker.effect_words import claim_keys, sentences
from kb.checker.text_does import _backed, _contradiction


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer, step", [
    ("Hagra Mauling is a black instant that destroys target creature.", "true",
     "the text says what the claim says: « destroy target creature »"),
    ("Swift End destroys target creature or planeswalker and makes you lose 2 life.", "true",
     "the text says what the claim says: « destroy target creature planeswalker / you lose 2 life »"),
    ("Les Bruits de sabots déferlants créent deux jetons de créature Rhinocéros 4/4 verts avec le piétinement.",
     "true", "le texte dit ce que dit l'affirmation : « creez deux jetons 4/4 verte rhinoceros avec pietinement »"),
    ("Lost Vale, the back face of Dowsing Dagger, taps for three mana of any one color.", "true",
     "the text says what the claim says: « {T} / add three mana any one color »"),
    ("La Croisade donne +1/+1 à toutes les créatures blanches, pas seulement les vôtres.", "true",
     "le texte dit ce que dit l'affirmation : « creatures blanches gagnent +1/+1 »"),
    ("Terror of Kruin Pass gives Werewolves you control menace.", "true",
     "the text says what the claim says: « werewolves you control have menace »"),
    ("Le Berceau de Gaia ajoute {G} pour chaque créature que vous contrôlez.", "true",
     "l'affirmation, dans les mots du texte Oracle : « add {g} for each creature you control »"),
])
def test_the_text_says_it(full_conn, claim, answer, step):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert step in v.explanation
    assert v.reading is not None and v.reading["reader"] == "typed"


@pytest.mark.corpus
@pytest.mark.parametrize("claim, step", [
    ("Les Échardes de moelle infligent 2 blessures à chaque créature attaquante.",
     "le texte dit « infligent 1 blessure chaque creature attaquante » : 1 blessure, là où l'affirmation dit "
     "2 blessures"),
    ("Le Pacte de négation vous fait payer {2}{U}{U} au début de votre prochain entretien.",
     "le texte dit « debut votre prochain entretien payez {3} {U} {U} si vous faites pas vous perdez partie » : "
     "{3}{U}{U}, là où l'affirmation dit {2}{U}{U}"),
    ("Tragic Poet returns target artifact card from your graveyard to your hand.",
     "the text says « {T} sacrifice return target enchantment card your graveyard your hand »: enchantment, "
     "where the claim says artifact"),
    ("Le Campement guitûk devient une créature 2/1 rouge Guerrier avec le vol jusqu'à la fin du tour.",
     "le texte dit « {1} {R} devient creature 2/1 rouge guerrier avec initiative fin tour toujours terrain » : "
     "first strike, là où l'affirmation dit flying"),
    ("Les Rites de croissance d'Itlimoc se transforment au début de votre entretien si vous contrôlez au moins "
     "quatre créatures.", "le texte dit « debut votre etape fin si vous controlez moins quatre creatures "
     "transformez » : fin, là où l'affirmation dit entretien"),
    ("Les Nouveaux horizons enchantent une créature.",
     "le texte dit « enchanter terrain » : terrain, là où l'affirmation dit creature"),
    ("Arguel's Blood Fast can transform at the beginning of your upkeep if you have 10 or less life.",
     "the text says « at beginning your upkeep if you have 5 less life you may transform »: 5 less, where the "
     "claim says 10 less"),
])
def test_the_text_says_otherwise(full_conn, claim, step):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == "false", (v.reason, v.explanation)
    assert step in v.explanation


@pytest.mark.corpus
@pytest.mark.parametrize("claim, reason", [
    # the text adds a duration the claim leaves out: not backed, and nothing contradicts it
    ("La Faim des nims donne +1/+0 à une créature ciblée pour chaque artefact que vous contrôlez.",
     "le texte de Hunger of the Nim ne dit pas « + fin + tour » comme le dit l'affirmation"),
    # another action (the text puts the card on the library): unknown, never false
    ("Noxious Revival returns target card from a graveyard to its owner's hand.",
     "Noxious Revival's text was not found to say"),
    # a negated claim whose positive the text contradicts is not thereby true
    ("Les Échardes de moelle n'infligent pas 2 blessures à chaque créature attaquante.",
     "le texte de Marrow Shards ne dit pas « pas 2 blessures attaquante »"),
])
def test_the_text_does_not_decide(full_conn, claim, reason):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == "unknown", (v.reason, v.explanation)
    assert reason in v.reason


def test_order_and_qualifiers_are_kept():
    """Keys in another order (the amounts swapped), or a text that says more (a controller), back nothing."""
    text = sentences("~ deals 2 damage to target creature and 3 damage to you.", "en")
    swapped = claim_keys("deals 3 damage to target creature and 2 damage to you", "en")
    assert _backed(swapped, text, "en")[0] is None
    assert _backed(claim_keys("deals 2 damage to target creature and 3 damage to you", "en"), text, "en")[0] == (0, 0)
    narrower = sentences("Destroy target creature you control.", "en")
    assert _backed(claim_keys("destroys target creature", "en"), narrower, "en")[0] is None
    # two sentences with the action: no contradiction is drawn from either
    two = sentences("~ deals 2 damage to any target. ~ deals 4 damage to any target instead.", "en")
    assert _contradiction(claim_keys("deals 3 damage to any target", "en"), two, [], "en") is None


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer", [
    ("Does Stingerfling Spider, a green 2/5 that costs {4}{G}, have reach?", "true"),
    ("Does Stingerfling Spider, a blue 2/5 that costs {4}{G}, have reach?", "false"),
    ("Growing Rites of Itlimoc is a legendary enchantment whose back face, Itlimoc, Cradle of the Sun, is a "
     "legendary land.", "true"),
    ("Growing Rites of Itlimoc is a legendary enchantment whose back face is a legendary creature.", "false"),
    ("Les Rites de croissance d'Itlimoc sont un enchantement légendaire dont la face arrière est un terrain "
     "légendaire.", "true"),
    ("Daretti, savant ferrailleur a une loyauté de départ de 3 et peut être votre commandant.", "true"),
    ("Llanowar Elves can be your commander.", "false"),
    ("Ragavan, Nimble Pilferer can be your commander.", "true"),
    ("Swift End is an instant Adventure.", "true"),
    ("La Chute ardente est un éphémère rouge à {5}{R} qui inflige 5 blessures à une créature ciblée.", "true"),
    ("La Chute ardente est un éphémère rouge à {4}{R} qui inflige 5 blessures à une créature ciblée.", "false"),
    ("Overtaker, un Merfolk Spellshaper à {1}{U}, n'a pas le vol.", "true"),
])
def test_characteristics_said_in_passing(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert v.reading is not None and v.reading["reader"] == "typed"


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer", [
    # an ability named by its cost: only its own line is compared (Mu Yanling, Sky Dancer « -3 : Créez un jeton
    # de créature 4/4 bleue Élémental et Oiseau avec le vol. »; Samut, Tyrant Smasher "[−1]: Target creature
    # gets +2/+1 and gains haste until end of turn.")
    ("La capacité -3 de Mu Yanling, danseuse céleste crée un jeton de créature Élémental et Oiseau 2/2 bleu avec "
     "le vol.", "false"),
    ("Samut, Tyrant Smasher's −1 gives target creature +2/+1 and haste until end of turn.", "true"),
    ("Samut, Tyrant Smasher's −1 gives target creature +1/+2 and haste until end of turn.", "false"),
    ("Samut, Tyrant Smasher's +3 gives target creature haste.", "unknown"),
    # a cost or a trigger said after the action, which the text says first (Voidmage Prodigy « {U}{U},
    # sacrifiez un sorcier : Contrecarrez le sort ciblé. »; Kitsune Mystic "At the beginning of the end step, if
    # Kitsune Mystic is enchanted by two or more Auras, flip it.")
    ("Le Prodige videmage contrecarre un sort ciblé si l'on paie {U}{U} et qu'on sacrifie un sorcier.", "true"),
    ("Kitsune Mystic flips into Autumn-Tail, Kitsune Sage at the beginning of the end step if it's enchanted by "
     "two or more Auras.", "true"),
    # what is given, against what the text says they get (Final Iteration "Wizards you control get +2/+1 and
    # have flying.")
    ("Final Iteration gives Wizards you control +1/+1 and flying.", "false"),
])
def test_abilities_costs_and_triggers(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer", [
    # oracle texts: Lightning Helix "… deals 3 damage to any target and you gain 3 life."; Sol Ring "{T}: Add
    # {C}{C}."; Divination "Draw two cards."; Shivan Dragon "{R}: Shivan Dragon gets +1/+0 until end of turn.";
    # Doom Blade "Destroy target nonblack creature."; Naturalize "Destroy target artifact or enchantment.";
    # Prodigal Sorcerer "{T}: Prodigal Sorcerer deals 1 damage to any target."
    ("Lightning Helix deals 3 damage to any target and you gain 3 life.", "true"),
    ("Lightning Helix deals 3 damage to any target and you gain 4 life.", "false"),
    ("Sol Ring taps for {C}{C}.", "true"),
    ("Sol Ring taps for {C}.", "false"),
    ("Les Elfes de Llanowar s'engagent pour {G}.", "true"),
    ("Divination makes you draw two cards.", "true"),
    ("Shivan Dragon gets +1/+0 until end of turn for {R}.", "true"),
    ("Doom Blade destroys target creature.", "unknown"),          # the text says nonblack
    ("Naturalize destroys target artifact.", "unknown"),          # the text says more (or enchantment)
    ("Prodigal Sorcerer deals 1 damage to any target.", "true"),
    ("Turn // Burn deals 2 damage to any target.", "unknown"),     # the whole split card: name the half
    ("La Colère de Dieu ne détruit que les créatures.", "unknown"),  # « ne … que » is not a negation
])
def test_everyday_effects(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)


@pytest.mark.corpus
@pytest.mark.parametrize("claim, step", [
    # the whole ability line, its cost with it (Westvale Abbey « {5}, {T}, sacrifiez cinq créatures :
    # Transformez l'Abbaye du Val d'Orient, puis dégagez-la. »)
    ("L'Abbaye du Val d'Orient se transforme si vous payez {5}, {T} et sacrifiez trois créatures.",
     "là où l'affirmation dit 3 creatures"),
    # opposite words (Warrant « Mettez la créature attaquante ou bloqueuse ciblée au-dessus de la bibliothèque
    # de son propriétaire. »)
    ("Procuration met la créature attaquante ou bloqueuse ciblée au-dessous de la bibliothèque de son "
     "propriétaire.", ": dessus, là où l'affirmation dit dessous"),
    # another colour (Turn "… becomes a red Weird …"; Antler Skulkin "{2}: Target white creature gains persist
    # until end of turn.")
    ("Turn makes the target creature lose all abilities and become a blue Weird with base power and toughness 0/1 "
     "until end of turn.", ": red, where the claim says blue"),
    ("Antler Skulkin can give a target black creature persist until end of turn.",
     ": white, where the claim says black"),
    # yours, not an opponent's (Apostle's Blessing "Target artifact or creature you control gains protection …")
    ("Apostle's Blessing can give protection to a creature an opponent controls.",
     ": you control, where the claim says opponent"),
])
def test_clear_contradictions(full_conn, claim, step):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == "false", (v.reason, v.explanation)
    assert any(step in e for e in v.explanation), v.explanation


@pytest.mark.corpus
def test_a_creature_token_is_a_token_with_its_p_t(full_conn):
    """Warden "Create a 4/4 white and blue Sphinx creature token with flying and vigilance." """
    v = check_claim("Warden, the second half of Warrant // Warden, creates a 4/4 white and blue Sphinx token with "
                    "flying and vigilance.", cards=full_conn)
    assert v.answer == "true", (v.reason, v.explanation)


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer", [
    # the trigger first, as the text writes it (Flametongue Kavu "When Flametongue Kavu enters the battlefield,
    # it deals 4 damage to target creature."; Exclusion Ritual « Quand le Rituel d'exclusion arrive sur le champ
    # de bataille, exilez un permanent non-terrain ciblé. »)
    ("When Flametongue Kavu enters the battlefield, it deals 4 damage to target creature.", "true"),
    ("When Flametongue Kavu enters the battlefield, it deals 3 damage to target creature.", "false"),
    ("When Flametongue Kavu enters, you gain 4 life.", "unknown"),
    ("Quand le Rituel d'exclusion arrive sur le champ de bataille, il exile un permanent non-terrain ciblé.", "true"),
    ("When Wall of Omens enters the battlefield, you draw a card", "true"),
    # one action in other words: Spell Snare « Contrecarrez le sort ciblé dont le coût converti de mana est de
    # 2. » (an older wording of « valeur de mana »)
    ("Le Collet à sorts contrecarre un sort ciblé dont la valeur de mana est exactement 2.", "true"),
    ("Murder kills target creature.", "true"),
])
def test_triggers_first_and_other_words(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer", [
    # Garruk Wildspeaker "+1: Untap two target lands. / −1: Create a 3/3 green Beast creature token. / −4: …";
    # Huatli, Heart of the Sun: a static ability and "−3: You gain life …", no +1
    ("Garruk Wildspeaker has a −1 ability.", "true"),
    ("Garruk Wildspeaker has a +1 loyalty ability.", "true"),
    ("Garruk Wildspeaker has a −2 ability.", "false"),
    ("Huatli, le cœur du soleil a une capacité de loyauté +1.", "false"),
    ("Huatli, le cœur du soleil a une capacité de loyauté -3.", "true"),
    ("Llanowar Elves has a +1 loyalty ability.", "unknown"),       # not a planeswalker: an effect could give one
])
def test_loyalty_abilities_by_their_cost(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer", [
    # Crashing Footfalls: no mana cost, green colour indicator; Restore Balance: white colour indicator;
    # Llanowar Elves: {G}, no colour indicator (the reason does not hold, so the claim is false)
    ("Crashing Footfalls is green because of its color indicator.", "true"),
    ("Les Bruits de sabots déferlants sont verts à cause de leur indicateur de couleur.", "true"),
    ("La Rectification de l'équilibre est blanche grâce à son indicateur de couleur.", "true"),
    ("Les Elfes de Llanowar sont verts grâce à leur indicateur de couleur.", "false"),
])
def test_because_of_an_attribute(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer", [
    # Archway Commons "{T}: Add one mana of any color."; Mosstodon "{1}: Target creature with power 5 or greater
    # gains trample until end of turn."
    ("Can Archway Commons tap for one mana of any color?", "true"),
    ("Can Mosstodon give target creature with power 5 or greater trample until end of turn?", "true"),
    ("Can Serra Angel destroy target creature?", "unknown"),       # what a text never says is not denied
])
def test_what_a_card_can_do_asked(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert v.reading is not None and v.reading["reader"] == "typed"


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer", [
    # Worry Beads: "At the beginning of each player's upkeep, that player mills a card." (round Q's wrong answer
    # at 718816a: "that player's upkeep" read as the step "that")
    ("Worry Beads makes each player mill exactly one card at the beginning of that player's upkeep.", "unknown"),
    ("Worry Beads makes each player mill a card at the beginning of that player's end step.", "false"),
    ("Worry Beads makes each player mill a card at the beginning of each player's draw step.", "false"),
])
def test_the_step_of_a_trigger_is_a_step(full_conn, claim, answer):
    assert check_claim(claim, cards=full_conn).answer == answer
