"""French templates of what a card's text does (:mod:`kb.checker.text_does`); :mod:`kb.checker.messages_fr`
adds them to its one table ``FR``, keyed like every template by its English text."""

TEXT_DOES_FR = {
    "{label} has no rules text": "{label} n'a pas de texte de règles",
    "the card data has no rules text of {label} in the claim's language":
        "les données de carte n'ont pas de texte de règles de {label} dans la langue de l'affirmation",
    "nothing to compare in « {effect} »": "rien à comparer dans « {effect} »",
    "the text says what the claim says: « {said} »": "le texte dit ce que dit l'affirmation : « {said} »",
    "the text says « {said} »: {what}, where the claim says {claimed}":
        "le texte dit « {said} » : {what}, là où l'affirmation dit {claimed}",
    "{label}'s text was not found to say « {words} » as the claim does":
        "le texte de {label} ne dit pas « {words} » comme le dit l'affirmation",
}
