"""French templates of the game engine's steps (:mod:`kb.checker.engine`: the stack, combat,
damage and its replacements, the players' state-based actions, undying) and of the players' names;
:mod:`kb.checker.messages_fr` adds them to its one table ``FR``, keyed like every template by its
English text.  The keywords are named as the French cards print them (term pairs of
``corpus/terms/terms_fr_en.tsv``): undying is « survivance », first strike « initiative ».
A name opens the step where French would contract it (« de la créature », « des créatures … »):
« la créature : sa capacité persistance se résout »."""

ENGINE_FR = {
    # players (kb/checker/engine/game.py: « you » and « opponent »), named through citing.name_of
    "you": "vous",
    "opponent": "l'adversaire",
    # the stack (engine/stack.py)
    "{keyword} of {name} ({player}) is put on the stack":
        "{name} : sa capacité {keyword} est mise sur la pile ({player})",
    "the active player's triggered abilities go on the stack first, so the other player's resolve first":
        "les capacités déclenchées du joueur actif sont mises sur la pile en premier : celles de l'autre joueur "
        "se résolvent donc d'abord",
    "{keyword} of {name} resolves": "{name} : sa capacité {keyword} se résout",
    # undying (engine/abilities.py), as persist in kb/checker/messages_fr.py
    "undying checks last known information: {name} had {n} +1/+1 counter(s) when it died, so it does "
    "not return":
        "la survivance regarde les dernières informations connues : {name} avait {n} marqueur(s) +1/+1 "
        "en allant au cimetière, et ne revient donc pas",
    "undying triggers: {name} had no +1/+1 counter when it died":
        "la survivance se déclenche : {name} n'avait pas de marqueur +1/+1 en allant au cimetière",
    "a token ceases to exist in the graveyard: undying cannot return it":
        "un jeton cesse d'exister au cimetière : la survivance ne peut pas le renvoyer",
    "the card left the graveyard before undying resolved: it does not return":
        "la carte a quitté le cimetière avant la résolution de la survivance : elle ne revient pas",
    "{name} returns under its owner's control with a +1/+1 counter; it is a new object with no "
    "memory of its previous existence (summoning sick)":
        "{name} revient sous le contrôle de son propriétaire avec un marqueur +1/+1 ; c'est un nouvel objet "
        "sans mémoire de son existence précédente (mal d'invocation)",
    "its undying came from an effect, so the returned creature does not have undying":
        "sa survivance venait d'un effet : la créature revenue n'a pas la survivance",
    # combat (engine/combat.py)
    "{name} has defender: it can't attack": "{name} a le défenseur : elle ne peut pas attaquer",
    "{name} has summoning sickness and no haste: it can't attack":
        "{name} a le mal d'invocation et n'a pas la célérité : elle ne peut pas attaquer",
    "{name} has vigilance: attacking does not tap it": "{name} a la vigilance : attaquer ne l'engage pas",
    "{name} has {keyword} and the defending player controls such a land: it can't be blocked":
        "{name} a la {keyword} et le joueur défenseur contrôle un tel terrain : elle ne peut pas être bloquée",
    "{name} has menace: it can't be blocked except by two or more creatures":
        "{name} a la menace : elle ne peut pas être bloquée excepté par deux créatures ou plus",
    "its blockers are gone: with trample, {name} assigns all its damage to the player":
        "ses bloqueurs ne sont plus là : avec le piétinement, {name} assigne toutes ses blessures au joueur",
    "{name} was blocked and its blockers are gone: it assigns no combat damage":
        "{name} a été bloquée et ses bloqueurs ne sont plus là : elle n'assigne pas de blessures de combat",
    "{name} has trample: lethal damage to its blockers, the other {n} to {player}":
        "{name} a le piétinement : des blessures mortelles à ses bloqueurs, les {n} autres à {player}",
    "a creature in combat has first strike or double strike: there are two combat damage steps":
        "une créature au combat a l'initiative ou la double initiative : il y a deux étapes de blessures de combat",
    "{source} deals {n} combat damage to {target}": "{source} inflige {n} blessure(s) de combat à {target}",
    # damage and its replacements (engine/replacement.py), deathtouch (kb/checker/sba.py)
    "{name} has lifelink: {player} gains {n} life ({before} -> {after})":
        "{name} a le lien de vie : {n} point(s) de vie gagné(s) pour {player} ({before} -> {after})",
    "{n} damage from a source with infect: {n} -1/-1 counter(s) put on {name} instead of marking damage "
    "(still damage)":
        "{n} blessure(s) d'une source avec l'infection : {n} marqueur(s) -1/-1 placé(s) sur {name} au lieu de "
        "marquer les blessures (ce sont toujours des blessures)",
    "{n} damage from a source with infect to {player}: {n} poison counter(s) (total {total}) instead of "
    "losing life":
        "{n} blessure(s) infligée(s) à {player} par une source avec l'infection : {n} marqueur(s) poison "
        "(total {total}) au lieu d'une perte de points de vie",
    "{n} damage to {player}: life {before} -> {after}":
        "{n} blessure(s) infligée(s) à {player} : points de vie {before} -> {after}",
    "{name} was dealt damage by a source with deathtouch: destroyed":
        "{name} a subi des blessures d'une source avec le contact mortel : destruction",
    # the players' state-based actions (engine/game.py)
    "{player} has {life} life: they lose the game": "{player} : {life} point(s) de vie, la partie est perdue",
    "{player} has {n} poison counters: they lose the game": "{player} : {n} marqueurs poison, la partie est perdue",
    "enough -1/-1 counters for {name} to die: {n}": "assez de marqueurs -1/-1 pour que {name} meure : {n}",
    "outcome: {keyword} of {name} triggered": "résultat : la capacité {keyword} de {name} s'est déclenchée",
    "outcome: {keyword} of {name} did not trigger": "résultat : la capacité {keyword} de {name} ne s'est pas déclenchée",
}
