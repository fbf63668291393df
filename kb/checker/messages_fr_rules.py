"""French templates of the steps of :mod:`kb.checker.rule_refs` (where a mechanic stands in the
Comprehensive Rules of an edition); :mod:`kb.checker.messages_fr` adds them to its table ``FR``."""

RULES_FR = {
    # what removes damage and counters (kb/checker/situation_removal.py)
    "read on an instance: a 3/3 creature dealt 1 damage by a source with wither":
        "lu sur une instance : une créature 3/3 qui subit 1 blessure d'une source avec la flétrissure",
    "read on an instance: a 3/3 creature with a {counter} counter":
        "lu sur une instance : une créature 3/3 avec un marqueur {counter}",
    "{name} gets a regeneration shield, then is destroyed": "{name} reçoit un bouclier de régénération, puis est détruite",
    "outcome: {name} has {n} damage marked and {counters}": "résultat : {name} a {n} blessure(s) marquée(s) et {counters}",
    "a creature with soulbond": "une créature avec l'association d'âmes",
    "instance played: {name} enters the battlefield under your control":
        "instance jouée : {name} arrive sur le champ de bataille sous votre contrôle",
    "soulbond does not exist under the rules of {edition}": "l'association d'âmes n'existe pas dans les règles du {edition}",
    "{name} becomes {value}": "{name} devient {value}",
    "other creature {n}": "autre créature {n}",
    "instance played: {name} and {n} other creatures, all under your control, unpaired":
        "instance jouée : {name} et {n} autres créatures, toutes sous votre contrôle, dissociées",
    "outcome: {name} is paired with {n} other creature(s) at once":
        "résultat : {name} est associée à {n} autre(s) créature(s) à la fois",
    "the claim names no event: {name} is played through what {keyword} triggers on, its dying":
        "l'affirmation ne nomme aucun événement : {name} est jouée par ce qui déclenche {keyword}, sa mort",
    # effects played by kb/checker/situation_queries.py (kb/checker/meaning_effects.py)
    "{name} gets {value}": "{name} gagne {value}",
    "{name} gains {keyword}": "{name} acquiert {keyword}",
    "the latest edition": "la dernière édition",
    "rules of {edition}: rule {number} is titled « {title} »":
        "règles du {edition} : la règle {number} s'intitule « {title} »",
    "rules of {edition}: no rule defines {keyword}": "règles du {edition} : aucune règle ne définit {keyword}",
    "rules of {edition}: {keyword} is defined by rule {number}":
        "règles du {edition} : {keyword} est défini par la règle {number}",
    "rule {number} is part of the rule of {keyword} ({rule}), not the rule that defines it":
        "la règle {number} fait partie de la règle de {keyword} ({rule}), mais ce n'est pas celle qui le définit",
    # what kind of ability a keyword is (kb/checker/ability_kinds.py)
    "rules of {edition}, rule {number}: « {text} »": "règles du {edition}, règle {number} : « {text} »",
    "outcome: {keyword} is {kinds}": "résultat : {keyword} est {kinds}",
    "a static ability": "une capacité statique",
    "a triggered ability": "une capacité déclenchée",
    "an activated ability": "une capacité activée",
    "no rule defines {keyword} in the rules of {edition}": "aucune règle ne définit {keyword} dans les règles du {edition}",
    "the knowledge base holds no text of rule {number} in the rules of {edition}":
        "la base de connaissances ne contient pas le texte de la règle {number} dans les règles du {edition}",
    "rule {number} does not say what kind of ability {keyword} is":
        "la règle {number} ne dit pas de quelle sorte de capacité est {keyword}",
    "{keyword} represents abilities of several kinds ({kinds})": "{keyword} représente des capacités de plusieurs sortes ({kinds})",
    "rule {number} does not say how many abilities {keyword} represents":
        "la règle {number} ne dit pas combien de capacités représente {keyword}",
}
