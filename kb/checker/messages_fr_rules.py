"""French templates of the steps of :mod:`kb.checker.rule_refs` (where a mechanic stands in the
Comprehensive Rules of an edition); :mod:`kb.checker.messages_fr` adds them to its table ``FR``."""

RULES_FR = {
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
}
