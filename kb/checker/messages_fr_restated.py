"""French templates of a claim compared with the sentence it restates: a ruling (:mod:`kb.checker.rulings`),
a note, a rule or a card's text (:mod:`kb.checker.restated`); :mod:`kb.checker.messages_fr` adds them to its
one table ``FR``, keyed like every template by its English text."""

RESTATED_FR = {
    "the French sentence is read in English words learned from the card data's French and English texts":
        "la phrase française est lue en mots anglais appris des textes français et anglais des données de cartes",
    "the English sentence is compared with the claim read in English words learned from the card data's French "
    "and English texts":
        "la phrase anglaise est comparée à l'affirmation lue en mots anglais appris des textes français et anglais "
        "des données de cartes",
    "ruling of {date} on {card}: “{sentence}”": "décision du {date} sur {card} : « {sentence} »",
    "the claim covers {cover} of its words, in its order": "l'affirmation couvre {cover} de ses mots, dans son ordre",
    "; the {negator} negates “{word}” and the {other} does not": " ; {negator} nie « {word} », {other} non",
    "; the negations agree": " ; les négations concordent",
    "ruling": "la décision", "claim": "l'affirmation",
}
