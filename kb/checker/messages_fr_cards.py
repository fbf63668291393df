"""French templates of the card queries (:mod:`kb.checker.card_queries`) and of the claim
reader's answers (:mod:`kb.checker.claims`); :mod:`kb.checker.messages_fr` adds them to its one
table ``FR``, keyed like every template by its English text."""

CARD_QUERIES_FR = {
    "{name} has a single face: it has no {which} face": "{name} n'a qu'une face : il n'a pas de face {which}",
    "the negation may bear on each part or on the whole, and the two readings differ":
        "la négation peut porter sur chaque partie ou sur l'ensemble, et les deux lectures diffèrent",
    "card data of {label}: mana cost {cost}, type line « {type_line} »{pt}":
        "données de carte de {label} : coût de mana {cost}, ligne de type « {type_line} »{pt}",
    "card types of {label}: {types}": "types de carte de {label} : {types}",
    "supertypes of {label}: {types}": "supertypes de {label} : {types}",
    "subtypes of {label}: {types}": "sous-types de {label} : {types}",
    "{label} is {pt}": "{label} est {pt}",
    "{what} of {label}: {value}": "{what} de {label} : {value}",
    "mana cost of {label}: {cost}": "coût de mana de {label} : {cost}",
    "{label} has no {keyword} ability (its keyword abilities: {keywords})":
        "{label} n'a pas la capacité {keyword} (ses capacités mot-clé : {keywords})",
    "French name of {label}: {name}": "nom français de {label} : {name}",
    "English name of {label}: {name}": "nom anglais de {label} : {name}",
    "{label} and {other} are {verdict}": "{label} et {other} sont {verdict}",
    "the same card": "la même carte",
    "different cards": "des cartes différentes",
    "no card data for {name}": "aucune donnée de carte pour {name}",
    "{name} has no Adventure": "{name} n'a pas d'aventure",
    "{name} is not a split card: it has no halves": "{name} n'est pas une carte scindée : elle n'a pas de moitiés",
    "which half of {name} the claim means (name it: « la moitié Pain de Pain // Suffering »)":
        "de quelle moitié de {name} parle l'affirmation (nommez-la : « la moitié Pain de Pain // Suffering »)",
    "{name} has no half named {which}": "{name} n'a pas de moitié nommée {which}",
    "no card data for the halves of {name}": "pas de données de carte pour les moitiés de {name}",
    "it is false": "elle est fausse",
    "words the reader does not know: {words}": "mots que le lecteur ne connaît pas : {words}",
    "the model does not compute {what}": "le modèle ne calcule pas {what}",
    "{label} has every creature type through an ability (changeling): the model does not list them":
        "{label} a tous les types de créature par une capacité (changelin) : le modèle ne les énumère pas",
    "{label} has no power and toughness": "{label} n'a ni force ni endurance",
    "{label} has a variable power or toughness ({pt})": "{label} a une force ou une endurance variable ({pt})",
    "{label} has no {what}": "{label} n'a pas de {what}",
    "{label} has a variable {what} ({value})": "{label} a une {what} variable ({value})",
    "no number to compare the {what} with": "aucun nombre auquel comparer la {what}",
    "before {date}, the back face of a double-faced card had no mana cost and a mana value of 0":
        "avant le {date}, la face arrière d'une carte double face n'avait pas de coût de mana et un coût "
        "converti de mana de 0",
    "a split card's mana value is the total of its halves: {value}":
        "le coût converti de mana d'une carte scindée est le total de ses moitiés : {value}",
    "no number to compare the mana value with": "aucun nombre auquel comparer le coût converti de mana",
    "no number to compare the cost with": "aucun nombre auquel comparer le coût",
    "{label}'s text mentions {keyword} without the card having it as a printed ability (it may grant it "
    "or have it only sometimes)":
        "le texte de {label} mentionne {keyword} sans que la carte l'ait comme capacité imprimée (elle peut "
        "la conférer, ou ne l'avoir que dans certains cas)",
    "the card data has no French name for {label}": "les données de carte n'ont pas de nom français pour {label}",
    "the concession of the claim does not hold ({why}), so the situation it describes is not the card's":
        "la concession de l'affirmation ne tient pas ({why}) : la situation qu'elle décrit n'est pas celle "
        "de la carte",
    "the back face of a double-faced card has the mana value of its front face: {value}":
        "la face arrière d'une carte double face a le coût converti de mana de sa face avant : {value}",
    "mana value of {label}: {value}": "coût converti de mana de {label} : {value}",
    "{label} has {keyword}: « {printed} »": "{label} a {keyword} : « {printed} »",
    "{label} has « {printed} », not with {param}": "{label} a « {printed} », pas avec {param}",
    "{label} has « {printed} »: {keyword} is said there as the parameter of another keyword ability":
        "{label} a « {printed} » : {keyword} y est dit comme le paramètre d'une autre capacité mot-clé",
    "{label} has {keyword} but the model cannot compare its parameter":
        "{label} a {keyword} mais le modèle ne sait pas comparer son paramètre",
    "{label} has « {printed} »: the model cannot tell whether that is {keyword} {param}":
        "{label} a « {printed} » : le modèle ne sait pas dire si c'est {keyword} {param}",
    "{label} has « {printed} », a variant of {keyword} (rule {rule}), not {keyword} itself":
        "{label} a « {printed} », une variante de {keyword} (règle {rule}), pas {keyword} même",
    "a name was expected, not {value}": "un nom était attendu, pas {value}",
    "the reason the claim gives does not hold": "la raison que donne l'affirmation ne tient pas",
    "colors of {label} from its mana cost {cost}: {colors}": "couleurs de {label} d'après son coût de mana {cost} : {colors}",
    "the name fits several cards: {cards}": "le nom convient à plusieurs cartes : {cards}",
    "color indicator of {label}: {colors}": "indicateur de couleur de {label} : {colors}",
    "a color was expected, not {value}": "une couleur était attendue, pas {value}",
    "a mana cost was expected, not {value}": "un coût de mana était attendu, pas {value}",
    "rules text of {label}: « {text} »": "texte de règles de {label} : « {text} »",
    "activated abilities of {label}: « {text} »": "capacités activées de {label} : « {text} »",
    "{label} enters tapped only in some cases (its text says when)":
        "{label} arrive engagé seulement dans certains cas (son texte dit lesquels)",
    "{label}'s text speaks of it in a way the model does not read":
        "le texte de {label} en parle d'une manière que le modèle ne lit pas",
    "{label} has abilities that may make it hard to block: the model does not decide unblockability from them":
        "{label} a des capacités qui peuvent la rendre difficile à bloquer : le modèle n'en déduit pas qu'elle "
        "ne peut pas être bloquée",
    "{label} is not a creature card: it attacks or blocks only if an effect makes it one":
        "{label} n'est pas une carte de créature : elle n'attaque ou ne bloque que si un effet en fait une créature",
    "power": "force",
    "toughness": "endurance",
    "loyalty": "loyauté",
    "undecided": "indécis",
    # situations played by the engine (kb/checker/situation_queries.py)
    "the model plays events only on objects the claim describes, not on {name}":
        "le modèle ne joue des événements que sur les objets que l'affirmation décrit, pas sur {name}",
    "instance played: {name} (keyword abilities: {keywords}; {counters}), on the battlefield":
        "instance jouée : {name} (capacités mot-clé : {keywords} ; {counters}), sur le champ de bataille",
    "instance played: {name} as a {p}/{t} creature (keyword abilities: {keywords}; {counters}), on the "
    "battlefield":
        "instance jouée : {name}, une créature {p}/{t} (capacités mot-clé : {keywords} ; {counters}), sur le "
        "champ de bataille",
    "{name} is no longer on the battlefield when the next event happens":
        "{name} n'est plus sur le champ de bataille quand l'événement suivant a lieu",
    "{n} {counter} counter(s) put on {name}": "{n} marqueur(s) {counter} placé(s) sur {name}",
    "{name} is put into its owner's graveyard from the battlefield (it dies)":
        "{name} est mise dans le cimetière de son propriétaire depuis le champ de bataille (elle meurt)",
    "{name} is not in a graveyard when it would leave it": "{name} n'est pas dans un cimetière quand elle devrait le quitter",
    "the card leaves the graveyard (exiled) while the triggered abilities wait on the stack":
        "la carte quitte le cimetière (exilée) pendant que les capacités déclenchées attendent sur la pile",
    "outcome: {name} {what}": "résultat : {name} {what}",
    "died": "est morte",
    "is still on the battlefield": "est toujours sur le champ de bataille",
    "outcome: {name} does not return to the battlefield": "résultat : {name} ne revient pas sur le champ de bataille",
    "outcome: {name} is back on the battlefield with {counters}":
        "résultat : {name} est revenue sur le champ de bataille avec {counters}",
    "outcome: {name} has {counters}": "résultat : {name} a {counters}",
    "{name} is a new object: the counters put on the old one are not on it":
        "{name} est un nouvel objet : les marqueurs placés sur l'ancien ne sont pas sur lui",
    "outcome: {n} {counter} counter(s) were put on {name}": "résultat : {n} marqueur(s) {counter} placé(s) sur {name}",
    "outcome: {name} has {n} damage marked": "résultat : {name} a {n} blessure(s) marquée(s)",
    "the claim does not say what happens to {name}": "l'affirmation ne dit pas ce qui arrive à {name}",
    "{name} can't attack": "{name} ne peut pas attaquer",
    "{name} can't be blocked that way": "{name} ne peut pas être bloquée ainsi",
    "{name} attacks and is blocked by {blockers}": "{name} attaque et est bloquée par {blockers}",
    "{name} attacks and is not blocked": "{name} attaque et n'est pas bloquée",
    "outcome: {player} has {life} life (from {start})": "résultat : {player} a {life} points de vie (au lieu de {start})",
    "outcome: {player} has {n} poison counters": "résultat : {player} a {n} marqueurs poison",
    "nothing returned to the battlefield": "rien n'est revenu sur le champ de bataille",
    "outcome: the first object to return is controlled by {player}":
        "résultat : le premier objet à revenir est contrôlé par {player}",
    "nothing was put on the stack": "rien n'a été mis sur la pile",
    "outcome: the first triggered ability put on the stack is controlled by {player}":
        "résultat : la première capacité déclenchée mise sur la pile est contrôlée par {player}",
    "outcome: {n} damage dealt, {put} {counter} counter(s) put and {marked} damage marked on {name}":
        "résultat : {n} blessure(s) infligée(s), {put} marqueur(s) {counter} placé(s) et {marked} blessure(s) "
        "marquée(s) sur {name}",
    "{name} has no counters that something could remove":
        "{name} n'a pas de marqueurs que quelque chose pourrait retirer",
    # named cards played as printed (kb/checker/situation_cards.py)
    "left aside: {label}'s activated ability « {text} » (nothing in the claim activates it)":
        "laissée de côté : la capacité activée de {label} « {text} » (rien dans l'affirmation ne l'active)",
    "{label} is not a creature card: the model plays events on creatures only":
        "{label} n'est pas une carte de créature : le modèle ne joue des événements que sur des créatures",
    "the model does not play {label}'s ability « {text} »":
        "le modèle ne joue pas la capacité de {label} « {text} »",
    "{name}'s ability « {text} » triggers when it returns; the model does not play it":
        "la capacité de {name} « {text} » se déclenche quand elle revient ; le modèle ne la joue pas",
    "counters on this object are not set up by the reader":
        "les marqueurs sur cet objet ne sont pas mis en place par le lecteur",
    # « seulement si » (kb/checker/meaning_conditions.py, situation_queries.py)
    "where the condition does not hold:": "là où la condition n'est pas remplie :",
    "the outcome happens neither where the condition holds nor where it does not":
        "le résultat n'a lieu ni là où la condition est remplie ni là où elle ne l'est pas",
    # what a mana cost can be paid with (kb/checker/card_payments.py)
    "{label} has no mana cost to pay": "{label} n'a pas de coût de mana à payer",
    "{cost} has Phyrexian symbols, which can be paid with 2 life instead of mana":
        "{cost} a des symboles phyrexians, qui peuvent être payés avec 2 points de vie au lieu de mana",
    # what a card's own text does (kb/checker/text_effects.py)
    "{label}'s text speaks of damage in a way the claim does not say exactly":
        "le texte de {label} parle de blessures autrement que l'affirmation ne le dit exactement",
    "{label}'s text speaks of drawing in a way the claim does not say exactly":
        "le texte de {label} parle de piocher autrement que l'affirmation ne le dit exactement",
    # soulbond situations (kb/checker/meaning_soulbond.py, situation_queries.py)
    "{name} leaves the battlefield (exiled)": "{name} quitte le champ de bataille (exilée)",
    "outcome: {name} is paired": "résultat : {name} est associée",
    "outcome: {name} is unpaired": "résultat : {name} est dissociée",
    "the outcome happens only where the condition holds, not « even if » it does":
        "le résultat n'a lieu que là où la condition est remplie, pas « même si » elle l'est",
    # who may be in a band (kb/checker/situation_banding.py)
    "a band of {n} creature(s) with banding and {m} without is declared":
        "un groupe de {n} créature(s) avec le regroupement et {m} sans est déclaré",
    "{label} is {verdict} {other}": "{label} est {verdict} {other}",
    "the face designated as": "la face désignée comme",
    "not the face designated as": "non la face désignée comme",
    "{label} has no {which} face (layout {layout})": "{label} n'a pas de face {which} (disposition {layout})",
    # a payment as the situation of a claim, a card said by its cost (kb/checker/card_payments.py)
    "the claim pays {part}, only part of the mana cost {cost}":
        "l'affirmation paie {part}, une partie seulement du coût de mana {cost}",
    "any payment the mana cost allows": "toute façon de payer que le coût de mana permet",
    "{part} of {cost} paid with {life} life": "{part} de {cost} payé avec {life} points de vie",
    "a payment may change what the claim asks ({words}): the model tells only that it changes no colour, mana "
    "value, name or type":
        "un paiement peut changer ce que l'affirmation demande ({words}) : le modèle sait seulement qu'il ne change "
        "aucune couleur, valeur de mana, nom ni type",
    "on the stack, the mana value of « {label} » counts the value chosen for X":
        "sur la pile, la valeur de mana de « {label} » compte la valeur choisie pour X",
    "the claim says what the card becomes, and the model does not compute the change":
        "l'affirmation dit ce que la carte devient, et le modèle ne calcule pas ce changement",
    "the claim gives only the mana cost of « {label} », not what it asks":
        "l'affirmation ne donne que le coût de mana de « {label} », pas ce qu'elle demande",
    "a payment changes none of the card's characteristics, and the card already is what the claim says it becomes":
        "un paiement ne change aucune caractéristique de la carte, et la carte est déjà ce que l'affirmation dit "
        "qu'elle devient",
    # the whole list of a card's keywords or types (kb/checker/listed.py)
    "{what} of {label}: {items}": "{what} de {label} : {items}",
    "keywords": "capacités mot-clé", "subtypes": "sous-types", "types": "types de carte", "supertypes": "supertypes",
    "{label} does not have « {item} »": "{label} n'a pas « {item} »",
    "{label} has every creature type through changeling: the model does not list them":
        "{label} a tous les types de créature grâce au changelin : le modèle ne les énumère pas",
    "{label} has more {what} than the claim lists: it may name only some of them":
        "{label} a plus de {what} que l'affirmation n'en énumère : elle n'en nomme peut-être qu'une partie",
    "{label} has another card type, or not that one: the model does not tell which of its subtypes the claim means":
        "{label} a un autre type de carte, ou pas celui-là : le modèle ne sait pas quels sous-types l'affirmation "
        "veut dire",
    "not every card of that mana cost has its colours: {name} costs {cost} and its colours are {colors}":
        "toutes les cartes de ce coût de mana n'ont pas ses couleurs : {name} coûte {cost} et ses couleurs sont {colors}",
}
