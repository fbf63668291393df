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
    "a commander is a whole card, not {label} alone": "un commandant est une carte entière, pas {label} seule",
    "type line of {label}: « {types} »": "ligne de type de {label} : « {types} »",
    "{label}'s text speaks of commanders in a way the model does not read":
        "le texte de {label} parle de commandants d'une façon que le modèle ne lit pas",
    "oracle text of {label}: « {text} »": "texte Oracle de {label} : « {text} »",
    "the claim, in the words of the oracle text: « {english} »":
        "l'affirmation, dans les mots du texte Oracle : « {english} »",
    "{label} has no ability of cost {cost} in its text": "{label} n'a pas de capacité de coût {cost} dans son texte",
    "{label} is a whole split card: what it does is what one of its halves does (name the half)":
        "{label} est une carte scindée entière : ce qu'elle fait, c'est ce que fait l'une de ses moitiés (nommez la moitié)",
    "{label}'s text has no activated ability whose cost has the mana {cost}, and the model does not decide which of "
    "its other abilities the claim means":
        "le texte de {label} n'a pas de capacité activée dont le coût a le mana {cost}, et le modèle ne décide pas "
        "de laquelle de ses autres capacités parle l'affirmation",
    "{label} is not a planeswalker: the model does not decide which loyalty abilities it may have":
        "{label} n'est pas un planeswalker : le modèle ne décide pas quelles capacités de loyauté il peut avoir",
}
