"""The French table of :mod:`kb.checker.messages`: English template (the
message id written in the code) -> French template, same ``{fields}``."""

FR: dict[str, str] = {
    "the question is answered {holds} and the claim answers {said}":
        "la réponse à la question est « {holds} » et l'affirmation répond « {said} »",
    # words and phrases used as fields
    "(empty)": "(vide)",
    "(none)": "(aucun)",
    "none": "aucun",
    "none (colorless)": "aucune (incolore)",
    "yes": "oui",
    "no": "non",
    "colorless": "incolore",
    "no counters": "aucun marqueur",
    "no keywords": "aucune capacité mot-clé",
    "creature": "la créature",
    "the creature": "la créature",
    "the paired creature": "la créature associée",
    "its partner": "son partenaire",
    "another unpaired creature": "une autre créature dissociée",
    "attacking creature": "la créature attaquante",
    "member 1": "membre 1",
    "member 2": "membre 2",
    # mana (kb/checker/mana.py, payplan.py)
    "no mana cost: mana value 0": "pas de coût de mana : valeur de mana 0",
    "mana value of {cost}: {sum} = {value}": "valeur de mana de {cost} : {sum} = {value}",
    "amounts of mana that pay {cost}: {totals}": "quantités de mana qui paient {cost} : {totals}",
    "the soulbond ability's text says « target »: {n} creature(s) targeted":
        "le texte de l'association d'âmes dit « cible » : {n} créature(s) ciblée(s)",
    "the soulbond ability's text has no « target »: it targets nothing as it is put on the stack":
        "le texte de l'association d'âmes ne dit pas « cible » : elle ne cible rien quand elle est mise sur la pile",
    "the other creature": "l'autre créature",
    "read on an instance: a 2/2 creature with soulbond entering the battlefield while you control an "
    "unpaired 3/3 creature":
        "lu sur une instance : une créature 2/2 avec l'association d'âmes arrive sur le champ de bataille "
        "alors que vous contrôlez une créature 3/3 non associée",
    "read on an instance: an artifact with mana cost {cost}":
        "lu sur une instance : un artefact de coût de mana {cost}",
    "colorless would be a color if a colorless object had one: {answer}":
        "l'incolore serait une couleur si un objet incolore en avait une : {answer}",
    "read on an instance: a player with {life} life and {n} unused mana when a phase ends":
        "lu sur une instance : un joueur à {life} points de vie avec {n} mana inutilisé à la fin d'une phase",
    "life after the phase: {life}":
        "points de vie après la phase : {life}",
    "read on an instance: a pool with one mana of each symbol {pool}; types of mana in it: {types} ({n})":
        "lu sur une instance : une réserve avec un mana de chaque symbole {pool} ; types de mana : {types} ({n})",
    "read on an instance: paying {cost} puts in the pool one of {ways}; hybrid among them: {hybrid}":
        "lu sur une instance : payer {cost} demande l'un de {ways} ; hybride parmi eux : {hybrid}",
    "read on an instance: a 3/3 creature with {counters}": "lu sur un exemple : une créature 3/3 avec {counters}",
    "read on an instance: a 3/3 creature": "lu sur un exemple : une créature 3/3",
    "read on an instance: a 3/3 creature with {n} damage marked":
        "lu sur un exemple : une créature 3/3 avec {n} blessures marquées",
    # editions (kb/checker/editions.py, claims.py)
    "the claim names the rules of {named} but edition {asked} was asked for":
        "l'affirmation parle des règles de {named} mais l'édition {asked} a été demandée",
    "not an edition (expected YYYY, YYYY-MM, YYYY-MM-DD or 'latest'): {edition!r}":
        "pas une édition (attendu : AAAA, AAAA-MM, AAAA-MM-JJ ou 'latest') : {edition!r}",
    "not an edition: {edition!r} is no day of the calendar":
        "pas une édition : {edition!r} n'est pas un jour du calendrier",
    "the mana cost of {label} is {cost}": "le coût de mana de {label} est {cost}",
    "« costs {n} » is ambiguous: the mana value of {label} is {value}, but {n} mana can pay its mana cost {cost}":
        "« coûte {n} » est ambigu : la valeur de mana de {label} est {value}, mais {n} manas peuvent payer "
        "son coût de mana {cost}",
    "« costs {written} » is ambiguous: {written} pays the mana cost {cost} of {label} but is not that cost":
        "« coûte {written} » est ambigu : {written} paie le coût de mana {cost} de {label} mais n'est pas ce coût",
    "what a {layout} card « costs » is ambiguous: say which face, or its mana value":
        "ce que « coûte » une carte {layout} est ambigu : précisez la face, ou sa valeur de mana",
    "{cost} has {{X}}: what it costs depends on the X chosen": "{cost} a {{X}} : ce qu'il coûte dépend du X choisi",
    "a hybrid symbol counts its largest component ({2/B} counts 2)":
        "un symbole hybride compte sa plus grande composante ({2/B} compte 2)",
    "each X counts {x} (X is 0 everywhere but on the stack)":
        "chaque X compte {x} (X vaut 0 partout sauf sur la pile)",
    "each X counts {x} (the value chosen, on the stack)": "chaque X compte {x} (la valeur choisie, sur la pile)",
    "each Phyrexian symbol counts 1": "chaque symbole phyrexian compte 1",
    "no mana cost: no color from a cost": "pas de coût de mana : aucune couleur venue d'un coût",
    "hybrid/Phyrexian symbols {symbols} give each of their colors, whatever is spent":
        "les symboles hybrides/phyrexians {symbols} donnent chacune de leurs couleurs, quel que soit le mana dépensé",
    "colors of {cost}: {colors}": "couleurs de {cost} : {colors}",
    "{cost} has too many ways to pay to list them: they are counted "
    "(symbols grouped by choice, a flow of mana to symbols)":
        "{cost} a trop de façons d'être payé pour les énumérer : elles sont comptées "
        "(symboles groupés par choix, un flot du mana vers les symboles)",
    "spending {spent} matches the way {way}": "dépenser {spent} correspond à la façon de payer {way}",
    "spending {spent} matches no way": "dépenser {spent} ne correspond à aucune façon de payer",
    "ways to pay {cost}: {ways}": "façons de payer {cost} : {ways}",
    "spending {spent} matches none of them": "dépenser {spent} ne correspond à aucune d'elles",
    "pool {pool} can pay {cost} as {way}": "la réserve {pool} peut payer {cost} sous la forme {way}",
    "pool {pool} pays no way of paying {cost} (ways counted, not listed)":
        "la réserve {pool} ne paie aucune façon de payer {cost} (façons comptées, non énumérées)",
    "pool {pool} pays none of the ways {ways}": "la réserve {pool} ne paie aucune des façons {ways}",
    "the reduction of {{{t}}} applies: the payment {payment} includes {{{t}}}":
        "la réduction de {{{t}}} s'applique : le paiement {payment} comprend {{{t}}}",
    "the reduction of {{{t}}} does not apply: the payment {payment} has no {{{t}}}":
        "la réduction de {{{t}}} ne s'applique pas : le paiement {payment} n'a pas de {{{t}}}",
    "the generic reduction {{{n}}} applies to the generic part of {payment}":
        "la réduction générique {{{n}}} s'applique à la part générique de {payment}",
    "the generic reduction {{{n}}} does not apply: {payment} has no generic mana":
        "la réduction générique {{{n}}} ne s'applique pas : {payment} n'a pas de mana générique",
    "cost to pay after reduction: {cost}": "coût à payer après réduction : {cost}",
    "paying {symbol} (half mana) is outside the model": "payer {symbol} (demi-mana) sort du modèle",
    "{cost} has up to {bound} ways to pay: too many to list (more than {limit})":
        "{cost} a jusqu'à {bound} façons d'être payé : trop pour les énumérer (plus de {limit})",
    "snow mana ({S}) needs to know which mana came from snow sources":
        "le mana neigeux ({S}) demande de savoir quel mana vient de sources neigeuses",
    "monocolored hybrid symbols with different generic halves are not counted":
        "les symboles hybrides monochromes aux moitiés génériques différentes ne sont pas comptés",
    "colors": "couleurs",
    "mana value": "valeur de mana",
    # card characteristics (kb/checker/characteristics.py)
    "before {date} (Amonkhet rules) a split card off the stack had the {what} "
    "of each half, not one: {name} has two":
        "avant le {date} (règles d'Amonkhet), une carte scindée hors de la pile avait les {what} "
        "de chaque moitié, pas une seule : {name} en a deux",
    "the computed {what} of {label} ({found}) differs from the card database ({recorded})":
        "{what} calculée(s) de {label} ({found}) diffère(nt) de la base de cartes ({recorded})",
    "the card database agrees: {what} {found}": "la base de cartes concorde : {what} {found}",
    "{label} is one face of {card} ({layout}): it has the characteristics of that face":
        "{label} est une face de {card} ({layout}) : elle a les caractéristiques de cette face",
    "{label} is the flipped half of a flip card: it keeps the card's mana cost {cost}":
        "{label} est la moitié retournée d'une carte à retourner : elle garde le coût de mana de la carte, {cost}",
    "{label} is a melded permanent: its mana value is the total of its front faces' mana values, {value}":
        "{label} est un permanent assemblé : sa valeur de mana est le total de celles de ses faces recto, {value}",
    "before {date} the back face of a double-faced card had no mana cost: mana value 0":
        "avant le {date}, la face verso d'une carte recto verso n'avait pas de coût de mana : valeur de mana 0",
    "{label} is the back face or flipped half of {card}: its mana value is that of the front face's mana cost {cost}":
        "{label} est la face verso ou la moitié retournée de {card} : sa valeur de mana est celle du coût de mana "
        "de la face recto, {cost}",
    "{label} has a color indicator: {colors}": "{label} a un indicateur de couleur : {colors}",
    "{label} has a characteristic-defining ability « {text} »: it sets its colors, whatever its mana cost":
        "{label} a une capacité de définition de caractéristiques « {text} » : elle fixe ses couleurs, "
        "quel que soit son coût de mana",
    "a split card has the colors of both halves: {colors}":
        "une carte scindée a les couleurs de ses deux moitiés : {colors}",
    "{label} is a land with no mana cost and no color indicator: colorless":
        "{label} est un terrain sans coût de mana ni indicateur de couleur : incolore",
    "{label} is an object with no mana cost and no color indicator: colorless":
        "{label} est un objet sans coût de mana ni indicateur de couleur : incolore",
    "a split card's mana value is the total of its halves: {sum} = {value}":
        "la valeur de mana d'une carte scindée est le total de ses moitiés : {sum} = {value}",
    "{label} is a {layout} card: its mana value is its main face's mana cost":
        "{label} est une carte {layout} : sa valeur de mana est le coût de mana de sa face principale",
    # claim forms (kb/checker/forms.py)
    "claims of the form {form} are parsed but not evaluated":
        "les affirmations de la forme {form} sont lues mais pas évaluées",
    "no card named {name!r} is known to the checker": "aucune carte nommée {name!r} n'est connue du vérificateur",
    "card {name}: mana cost {cost}, type line « {types} »": "carte {name} : coût de mana {cost}, ligne de type « {types} »",
    "{label} has no mana cost": "{label} n'a pas de coût de mana",
    "{label} has no mana cost to pay": "{label} n'a pas de coût de mana à payer",
    "on the stack, X is the number chosen: {x}": "sur la pile, X est le nombre choisi : {x}",
    "{label} is {colors}": "{label} est {colors}",
    "card types of {label} (type line « {line} »): {types}": "types de carte de {label} (ligne de type « {line} ») : {types}",
    "listed: {ways}": "énumérées : {ways}",
    "{paid} is not a way to pay {cost}: nothing to reduce": "{paid} n'est pas une façon de payer {cost} : rien à réduire",
    "a mana cost has no card type": "un coût de mana n'a pas de type de carte",
    "the claim does not say whether the spell's conspire cost is paid (conspire is optional)":
        "l'affirmation ne dit pas si le coût de conspiration du sort est payé (la conspiration est facultative)",
    # keywords (kb/checker/keywords.py)
    "{name} did not have persist when it left the battlefield":
        "{name} n'avait pas la persistance en quittant le champ de bataille",
    "persist checks last known information: {name} had {n} -1/-1 counter(s) "
    "when it died, so it does not return":
        "la persistance regarde les dernières informations connues : {name} avait {n} marqueur(s) -1/-1 "
        "en allant au cimetière, et ne revient donc pas",
    "persist triggers: {name} had no -1/-1 counter when it died":
        "la persistance se déclenche : {name} n'avait pas de marqueur -1/-1 en allant au cimetière",
    "a token ceases to exist in the graveyard: persist cannot return it":
        "un jeton cesse d'exister au cimetière : la persistance ne peut pas le renvoyer",
    "the card left the graveyard before persist resolved: it does not return":
        "la carte a quitté le cimetière avant la résolution de la persistance : elle ne revient pas",
    "{name} returns under its owner's control with a -1/-1 counter; it is a new object "
    "with no memory of its previous existence (summoning sick)":
        "{name} revient sous le contrôle de son propriétaire avec un marqueur -1/-1 ; c'est un nouvel objet "
        "sans mémoire de son existence précédente (mal d'invocation)",
    "its persist came from an effect, so the returned creature does not have persist":
        "sa persistance venait d'un effet : la créature revenue n'a pas la persistance",
    "{n} damage prevented": "{n} blessure(s) prévenue(s)",
    "no damage is dealt, so no counter is put and nothing is marked":
        "aucune blessure n'est infligée : aucun marqueur n'est placé, rien n'est marqué",
    "{n} damage from a source with wither: {n} -1/-1 counter(s) put on {name} "
    "instead of marking damage (still damage)":
        "{n} blessure(s) d'une source avec la flétrissure : {n} marqueur(s) -1/-1 placé(s) sur {name} "
        "au lieu de marquer les blessures (ce sont toujours des blessures)",
    "{n} damage marked on {name} (total {total})": "{n} blessure(s) marquée(s) sur {name} (total {total})",
    "{name} has {n} instance(s) of conspire: each cost can be paid only once":
        "{name} a {n} occurrence(s) de conspiration : chaque coût ne peut être payé qu'une fois",
    "a tapped creature ({colors}) shares no color with the spell: the conspire cost is not paid":
        "une créature engagée ({colors}) n'a aucune couleur en commun avec le sort : le coût de conspiration "
        "n'est pas payé",
    "each tapped creature shares a color with the spell (they need not share one with each other)":
        "chaque créature engagée a une couleur en commun avec le sort (pas forcément entre elles)",
    "a copy is not cast: its conspire ability does not trigger, no further copy":
        "une copie n'est pas lancée : sa conspiration ne se déclenche pas, pas d'autre copie",
    "{n} conspire cost(s) paid: each instance triggers on its own payment -> {n} copy(ies)":
        "{n} coût(s) de conspiration payé(s) : chaque occurrence se déclenche sur son propre paiement -> "
        "{n} copie(s)",
    "{symbol} is not the tap or untap symbol": "{symbol} n'est ni le symbole d'engagement ni celui de dégagement",
    "{name} is untapped: the cost « untap this permanent » can't be paid":
        "{name} est dégagé(e) : le coût « dégagez ce permanent » ne peut pas être payé",
    "{name} is tapped: the cost « tap this permanent » can't be paid":
        "{name} est engagé(e) : le coût « engagez ce permanent » ne peut pas être payé",
    "{name} is tapped: the {symbol} cost can be paid": "{name} est engagé(e) : le coût {symbol} peut être payé",
    "{name} is untapped: the {symbol} cost can be paid": "{name} est dégagé(e) : le coût {symbol} peut être payé",
    "it has not been under its controller's control since their most recent turn began, but it has haste":
        "elle n'est pas sous le contrôle de son contrôleur depuis le début de son dernier tour, "
        "mais elle a la célérité",
    "it is a creature that has not been under its controller's control since their most "
    "recent turn began (summoning sickness) and has no haste":
        "c'est une créature qui n'est pas sous le contrôle de son contrôleur depuis le début de son dernier "
        "tour (mal d'invocation) et elle n'a pas la célérité",
    "it has been under its controller's control since their most recent turn began":
        "elle est sous le contrôle de son contrôleur depuis le début de son dernier tour",
    "it is not a creature: summoning sickness does not apply":
        "ce n'est pas une créature : le mal d'invocation ne s'applique pas",
    "{n} unused mana is lost at the end of the phase and causes {n} mana burn (loss of life, not damage)":
        "{n} mana inutilisé est perdu à la fin de la phase et provoque {n} point(s) de brûlure de mana "
        "(perte de points de vie, pas des blessures)",
    "{n} unused mana empties from the pool; mana burn no longer exists "
    "(removed by the Magic 2010 rules, 2009-07-11)":
        "{n} mana inutilisé se vide de la réserve ; la brûlure de mana n'existe plus "
        "(supprimée par les règles de Magic 2010, 2009-07-11)",
    # events (kb/checker/events.py)
    " until end of turn": " jusqu'à la fin du tour",
    "the spell's colors are not stated": "les couleurs du sort ne sont pas données",
    "{n} {kind} counter(s) put on {name} -> {counters}": "{n} marqueur(s) {kind} placé(s) sur {name} -> {counters}",
    "the source {name} has wither": "la source {name} a la flétrissure",
    "the source {name} does not have wither": "la source {name} n'a pas la flétrissure",
    "an effect sets {name}'s power/toughness to {value}{eot}":
        "un effet fixe la force et l'endurance de {name} à {value}{eot}",
    "a resolved effect gives {name} {value}{eot}": "un effet résolu donne {value} à {name}{eot}",
    "a static ability gives {name} {value}": "une capacité statique donne {value} à {name}",
    "{name}'s power and toughness are switched": "la force et l'endurance de {name} sont échangées",
    "cleanup step: damage on {name} is removed ({damage} -> 0) and « until end of "
    "turn » effects end; counters stay ({counters})":
        "étape de nettoyage : les blessures de {name} sont retirées ({damage} -> 0) et les effets « jusqu'à "
        "la fin du tour » prennent fin ; les marqueurs restent ({counters})",
    "{name} regenerates: all damage removed ({damage} -> 0), tapped, removed from "
    "combat; counters stay ({counters})":
        "{name} se régénère : toutes ses blessures sont retirées ({damage} -> 0), elle est engagée et "
        "retirée du combat ; les marqueurs restent ({counters})",
    "{name} is put into a graveyard from the battlefield": "{name} va au cimetière depuis le champ de bataille",
    "{name} is indestructible: not destroyed": "{name} est indestructible : pas de destruction",
    "{name} regenerates instead of being destroyed": "{name} se régénère au lieu de la destruction",
    "{name} is destroyed": "destruction de {name}",
    "the card leaves the graveyard before persist resolves":
        "la carte quitte le cimetière avant la résolution de la persistance",
    "{name} gains {keyword} from an effect": "{name} acquiert {keyword} grâce à un effet",
    "{name} loses {keyword}": "{name} perd {keyword}",
    "{name} stops being a creature (it stays a permanent; its abilities, persist included, still work)":
        "{name} cesse d'être une créature (elle reste un permanent ; ses capacités, persistance comprise, "
        "fonctionnent toujours)",
    "{name} is not paired": "{name} n'est pas associée",
    # outcomes (kb/checker/outcomes.py)
    " (last known information)": " (dernières informations connues)",
    "result: {name} is {power}/{toughness}{lki}": "résultat : {name} est {power}/{toughness}{lki}",
    "counters: {counters}": "marqueurs : {counters}",
    "{name}: {counters}; keywords {keywords}": "{name} : {counters} ; capacités mot-clé : {keywords}",
    "(assuming {name} has an ability with {symbol} in its cost)":
        "(en supposant que {name} a une capacité avec {symbol} dans son coût)",
    "it was put into a graveyard": "elle a été mise au cimetière",
    "it stayed on the battlefield": "elle est restée sur le champ de bataille",
    "it had no persist (nor another ability returning it) when it died":
        "elle n'avait pas la persistance (ni une autre capacité qui la renvoie) quand elle est mise au cimetière",
    "soulbond did not trigger: the creature stays unpaired":
        "l'association d'âmes ne s'est pas déclenchée : la créature reste dissociée",
    "nothing that unpairs happened": "rien de ce qui dissocie n'est arrivé",
    "the situation does not say the creature's colors": "la situation ne donne pas les couleurs de la créature",
    "« it » names no single ability with {Q} or {T} in its cost; say which (« sa capacité {Q} »)":
        "« elle » ne désigne pas une seule capacité avec {Q} ou {T} dans son coût ; dites laquelle "
        "(« sa capacité {Q} »)",
    "the claim says whether it returns to the battlefield, but nothing puts it into a "
    "graveyard (say « … meurt : elle revient … » / \"… dies: it returns …\")":
        "l'affirmation dit si elle revient sur le champ de bataille, mais rien ne la met au cimetière "
        "(dites « … meurt : elle revient … »)",
    "the situation has no creature with soulbond entering the battlefield":
        "la situation n'a aucune créature avec l'association d'âmes qui arrive sur le champ de bataille",
    "soulbond triggered, but pairing is the player's choice (« vous pouvez associer »)":
        "l'association d'âmes s'est déclenchée, mais l'association est au choix du joueur (« vous pouvez associer »)",
    # situations (kb/checker/situation.py)
    "no permanent in the situation": "aucun permanent dans la situation",
    "{name} is no longer on the battlefield when « {event} » would happen":
        "{name} n'est plus sur le champ de bataille quand « {event} » arriverait",
    "the creature dies next in the claim: whether its counters or damage had already killed it changes nothing":
        "la créature meurt ensuite dans l'affirmation : que ses marqueurs ou ses blessures l'aient déjà tuée "
        "ne change rien",
    "the situation does not give the creature's power/toughness, so whether it survives "
    "its damage or -1/-1 counters is unknown":
        "la situation ne donne pas la force et l'endurance de la créature : qu'elle survive à ses blessures "
        "ou à ses marqueurs -1/-1 est inconnu",
    "the returned creature dies again; it has a -1/-1 counter, so persist does not return it":
        "la créature revenue meurt de nouveau ; elle a un marqueur -1/-1 : la persistance ne la renvoie pas",
    "soulbond is not in the rules of edition {edition} (it arrived in 2012)":
        "l'association d'âmes n'est pas dans les règles de l'édition {edition} (elle est arrivée en 2012)",
    "the outcome needs a permanent": "le résultat demande un permanent",
    "a token {pt}{colors} with {counters}{damage}{keywords}": "un jeton {pt}{colors} avec {counters}{damage}{keywords}",
    "a creature {pt}{colors} with {counters}{damage}{keywords}":
        "une créature {pt}{colors} avec {counters}{damage}{keywords}",
    "a creature{colors} with {counters}{damage}{keywords}": "une créature{colors} avec {counters}{damage}{keywords}",
    ", {n} damage": ", {n} blessure(s)",
    "{name} is not a creature card": "{name} n'est pas une carte de créature",
    "{name} has a variable power/toughness ({power}/{toughness})":
        "{name} a une force et une endurance variables ({power}/{toughness})",
    "{name}: {power}/{toughness}, {counters}, keywords: {keywords}":
        "{name} : {power}/{toughness}, {counters}, capacités mot-clé : {keywords}",
    "{name} ({keywords}) is paired with {partner}": "{name} ({keywords}) est associée à {partner}",
    "a copy of a spell with {n} instance(s) of conspire": "une copie d'un sort avec {n} occurrence(s) de conspiration",
    "a spell with {n} instance(s) of conspire": "un sort avec {n} occurrence(s) de conspiration",
    # state-based actions (kb/checker/sba.py)
    "state-based actions check {n}": "vérification des actions basées sur un état n° {n}",
    "{name} has lethal damage ({damage} ≥ {toughness}) but is indestructible: not destroyed":
        "{name} a des blessures mortelles ({damage} ≥ {toughness}) mais est indestructible : pas de destruction",
    "{name} has toughness {toughness} ≤ 0: put into its owner's graveyard "
    "(regeneration and indestructible don't apply)":
        "{name} a une endurance de {toughness} ≤ 0 : au cimetière de son propriétaire "
        "(la régénération et l'indestructibilité ne s'appliquent pas)",
    "{name} has lethal damage ({damage} ≥ {toughness}) but regenerates: damage removed, tapped":
        "{name} a des blessures mortelles ({damage} ≥ {toughness}) mais se régénère : blessures retirées, engagement",
    "{name} has lethal damage ({damage} ≥ toughness {toughness}): destroyed":
        "{name} a des blessures mortelles ({damage} ≥ endurance {toughness}) : destruction",
    "{n} {plus} and {n} {minus} counters removed from {name} in pairs -> {counters}":
        "{n} marqueur(s) {plus} et {n} marqueur(s) {minus} retirés par paires de {name} -> {counters}",
    "{name} leaves with {counters} (last known information)":
        "{name} part avec {counters} (dernières informations connues)",
    "{name} is a token: it ceases to exist once in the graveyard":
        "{name} est un jeton : il cesse d'exister une fois au cimetière",
    # reading a claim (kb/checker/claims.py)
    "not in the controlled language (stopped at column {column} of the folded claim {claim!r}); see docs/claims.md":
        "hors du langage contrôlé (lecture arrêtée à la colonne {column} de l'affirmation repliée {claim!r}) ; "
        "voir docs/claims.md",
    "neither the claim reader nor the controlled language reads the claim; the controlled language has no place "
    "for: {words}; see docs/claims.md":
        "ni le lecteur d'affirmations ni le langage contrôlé ne lisent l'affirmation ; le langage contrôlé n'a pas "
        "de place pour : {words} ; voir docs/claims.md",
    "neither the claim reader nor the controlled language can place these words: {words}; see docs/claims.md":
        "ni le lecteur d'affirmations ni le langage contrôlé ne savent placer ces mots : {words} ; "
        "voir docs/claims.md",
    "not in the controlled language (the end is missing in the folded claim {claim!r}); see docs/claims.md":
        "hors du langage contrôlé (la fin manque dans l'affirmation repliée {claim!r}) ; voir docs/claims.md",
    "claim too long: {n} characters (at most {limit} are read)":
        "affirmation trop longue : {n} caractères (au plus {limit} sont lus)",
    "claim too long: {n} words outside mana symbols (at most {limit} are read)":
        "affirmation trop longue : {n} mots hors des symboles de mana (au plus {limit} sont lus)",
    "claim too intricate to read within the checker's bound ({limit} terminal matches); split it into shorter claims":
        "affirmation trop complexe pour être lue dans la limite du vérificateur ({limit} reconnaissances de "
        "terminaux) ; découpez-la en affirmations plus courtes",
    "bad mana: {error}": "mana incorrect : {error}",
    "internal error of the checker ({kind}: {error}); please report the claim":
        "erreur interne du vérificateur ({kind} : {error}) ; merci de signaler l'affirmation",
    # banding (kb/checker/banding.py)
    "the creatures of a band must all attack the same player or planeswalker":
        "les créatures d'un groupe doivent toutes attaquer le même joueur ou planeswalker",
    "{n} creature(s) with banding and {m} without (at most one without banding allowed): a legal band":
        "{n} créature(s) avec le regroupement et {m} sans (au plus une sans le regroupement) : un groupe légal",
    "{m} creatures without banding: a band may include at most one creature without banding":
        "{m} créatures sans le regroupement : un groupe compte au plus une créature sans le regroupement",
    "every other creature has banding or the same « bands with other {q} »: a legal band (2008 rules)":
        "chaque autre créature a le regroupement ou le même « regroupement avec d'autres {q} » : un groupe "
        "légal (règles de 2008)",
    "{n} creature(s) have neither banding nor « bands with other {q} »: under the 2008 rules they can't join the band":
        "{n} créature(s) n'ont ni le regroupement ni « regroupement avec d'autres {q} » : selon les règles de "
        "2008, elles ne peuvent pas rejoindre le groupe",
    "attacking {q} creatures with « bands with other {q} » and other attacking {q} creatures: a legal band":
        "des créatures {q} attaquantes avec « regroupement avec d'autres {q} » et d'autres créatures {q} "
        "attaquantes : un groupe légal",
    "{n} creature(s) are not {q}: they can't join a « bands with other {q} » band":
        "{n} créature(s) ne sont pas {q} : elles ne peuvent pas rejoindre un groupe « regroupement avec "
        "d'autres {q} »",
    "no creature has banding or a shared « bands with other »: no band":
        "aucune créature n'a le regroupement ni un « regroupement avec d'autres » commun : pas de groupe",
    "{name} becomes blocked by an effect: every other creature in its band becomes blocked":
        "{name} devient bloquée par un effet : chaque autre créature de son groupe devient bloquée",
    "{name} is blocked: every other creature in its band becomes blocked by the same creature":
        "{name} est bloquée : chaque autre créature de son groupe devient bloquée par la même créature",
    "{name} has banding: the attacking player chooses how the blockers' combat damage is assigned":
        "{name} a le regroupement : le joueur attaquant choisit comment les blessures de combat des bloqueurs "
        "sont assignées",
    "{name} has banding: the attacking player chooses how the blockers' combat damage is assigned, "
    "dividing it freely among the band":
        "{name} a le regroupement : le joueur attaquant choisit comment les blessures de combat des bloqueurs "
        "sont assignées, en les répartissant librement dans le groupe",
    "{name} has no banding (now): each blocker's controller assigns its damage normally":
        "{name} n'a pas (ou plus) le regroupement : le contrôleur de chaque bloqueur assigne ses blessures "
        "normalement",
    "a blocker has banding: the defending player chooses how the attacker's combat damage is assigned":
        "un bloqueur a le regroupement : le joueur défenseur choisit comment les blessures de combat de "
        "l'attaquant sont assignées",
    "at least two blockers with « bands with other {q} »: the defending player chooses (2008 rules)":
        "au moins deux bloqueurs avec « regroupement avec d'autres {q} » : le joueur défenseur choisit "
        "(règles de 2008)",
    "only {n} blocker with « bands with other {q} »: under the 2008 rules two are needed":
        "seulement {n} bloqueur avec « regroupement avec d'autres {q} » : selon les règles de 2008, il en faut deux",
    "a {q} blocker with « bands with other {q} » and another {q} blocker: the defending player chooses":
        "un bloqueur {q} avec « regroupement avec d'autres {q} » et un autre bloqueur {q} : le joueur défenseur "
        "choisit",
    "the blockers do not include both a {q} with « bands with other {q} » and another {q}":
        "les bloqueurs ne comptent pas à la fois un {q} avec « regroupement avec d'autres {q} » et un autre {q}",
    "no blocker has banding: the attacking player assigns the attacker's damage normally":
        "aucun bloqueur n'a le regroupement : le joueur attaquant assigne les blessures de l'attaquant normalement",
    # power/toughness and colour layers (kb/checker/layers.py), their effects (events.py)
    "becomes {value}": "devient {value}",
    "gets {value}": "gagne {value}",
    "static {value}": "statique {value}",
    "setting effect": "effet de fixation",
    "modification": "modification",
    "{name} has no power/toughness to compute": "{name} n'a pas de force ni d'endurance à calculer",
    "printed power/toughness {pt}": "force/endurance imprimées {pt}",
    "characteristic-defining ability: {pt}": "capacité de définition de caractéristiques : {pt}",
    "layer {layer}: ": "couche {layer} : ",
    "{where}in timestamp order, setting effects and resolved modifications together: {effect} -> {pt}":
        "{where}dans l'ordre d'horodatage, effets qui fixent et modifications résolues ensemble : {effect} -> {pt}",
    "{where}counters ({plus} {PLUS}, {minus} {MINUS}) -> {pt}":
        "{where}marqueurs ({plus} {PLUS}, {minus} {MINUS}) -> {pt}",
    "{where}static ability {effect} -> {pt}": "{where}capacité statique {effect} -> {pt}",
    "{where}{effect} -> {pt}": "{where}{effect} -> {pt}",
    "{where}power and toughness switched -> {pt}": "{where}force et endurance échangées -> {pt}",
    "the rules of edition {edition} have no power/toughness sublayers (rule {rule}): "
    "the checker models the sublayers only":
        "les règles de l'édition {edition} n'ont pas de sous-couches de force et d'endurance (règle {rule}) : "
        "le vérificateur ne modélise que les sous-couches",
    "{where}becomes {colors} in addition to its other colors -> {current}":
        "{where}devient {colors} en plus de ses autres couleurs -> {current}",
    "{where}a color-changing effect replaces all previous colors -> {current}":
        "{where}un effet de changement de couleur remplace toutes les couleurs précédentes -> {current}",
    # features (kb/checker/features.py)
    "outcome feature {feature}": "caractéristique de résultat {feature}",
    "color description {kind}": "description de couleur {kind}",
    "abilities with {symbol} in their cost are not modelled": "les capacités avec {symbol} dans leur coût ne sont pas modélisées",
    "colorless means no color at all": "incolore veut dire aucune couleur",
    # linked abilities (kb/checker/linked.py)
    "{name} gains {abilities} of {card} through one effect: those abilities are linked to each other, and to nothing else":
        "{name} acquiert {abilities} de {card} par un seul effet : ces capacités sont liées entre elles, et à "
        "rien d'autre",
    "{name} exiles {card} with the ability gained from {source}":
        "{name} exile {card} avec la capacité acquise de {source}",
    "{card} was not exiled by {name}": "{card} n'a pas été exilée par {name}",
    "{card} was exiled by the ability gained as {group}; the returning ability belongs to {other}: linked":
        "{card} a été exilée par la capacité acquise avec {group} ; la capacité qui la renvoie appartient à "
        "{other} : liées",
    "{card} was exiled by the ability gained as {group}; the returning ability belongs to {other}: not linked":
        "{card} a été exilée par la capacité acquise avec {group} ; la capacité qui la renvoie appartient à "
        "{other} : pas liées",
    # soulbond (kb/checker/soulbond.py)
    "{name} has no soulbond": "{name} n'a pas l'association d'âmes",
    "another unpaired creature under the same control ({name}): soulbond triggers; "
    "the partner is chosen on resolution, nothing is targeted":
        "une autre créature dissociée sous le même contrôle ({name}) : l'association d'âmes se déclenche ; "
        "le partenaire est choisi à la résolution, rien n'est ciblé",
    "no other unpaired creature under the same control: soulbond does not trigger":
        "aucune autre créature dissociée sous le même contrôle : l'association d'âmes ne se déclenche pas",
    "{name} is no longer an unpaired creature on the battlefield under {controller}'s control: neither becomes paired":
        "{name} n'est plus une créature dissociée sur le champ de bataille sous le contrôle de {controller} : "
        "aucune des deux ne devient associée",
    "{name} and {partner} become paired": "{name} et {partner} deviennent associées",
    "{name} stays paired with {partner}": "{name} reste associée à {partner}",
    "one of the pair {what}: both become unpaired; bonuses granted by the pairing end at once":
        "l'une des deux {what} : les deux deviennent dissociées ; les bonus donnés par l'association cessent "
        "aussitôt",
    "leaves the battlefield": "quitte le champ de bataille",
    "changes controller": "change de contrôleur",
    "stops being a creature": "cesse d'être une créature",
    "losing soulbond is not one of the unpairing events: it stays paired":
        "perdre l'association d'âmes ne fait pas partie des événements qui dissocient : elle reste associée",
    "the situation gives it no {kind} counter to keep": "la situation ne lui donne aucun marqueur {kind} à garder",
    # parts of a claim the grammar reads but the model does not evaluate (kb/checker/reading.py Handlers)
    "event {form} is not modelled": "l'événement {form} n'est pas modélisé",
    "event {form} is not modelled for a spell": "l'événement {form} n'est pas modélisé pour un sort",
    "feature {form} is not modelled": "la caractéristique {form} n'est pas modélisée",
    "outcome {form} is not modelled": "le résultat {form} n'est pas modélisé",
    "actor {form} is not modelled": "l'acteur {form} n'est pas modélisé",
    "the claim says it is without what it has ({what})": "l'affirmation la dit sans ce qu'elle a ({what})",
    # a claim of two clauses (kb/checker/clauses.py)
    "the claim joins two clauses with “{connective}” ({role}): it holds when both hold, and is false when "
    "either is false":
        "l'affirmation joint deux propositions par « {connective} » ({role}) : elle est vraie quand les deux "
        "le sont, fausse quand l'une est fausse",
    "clause {n}, “{text}”: {answer} ({why})": "proposition {n}, « {text} » : {answer} ({why})",
    "not a clause of its own": "ce n'est pas une proposition à part entière",
    "reason": "cause", "consequence": "conséquence", "contrast": "opposition",
    "conjunction": "deux prédicats d'un même sujet", "statements": "deux affirmations juxtaposées",
    "true": "vraie", "false": "fausse", "unknown": "inconnue",
    # a claim that cites its source (kb/checker/sources.py)
    "the claim cites {source}: what it says is compared without the citation":
        "l'affirmation cite « {source} » : ce qu'elle dit est comparé sans la citation",
}

from kb.checker.messages_fr_cards import CARD_QUERIES_FR  # noqa: E402  (the card queries' templates)
from kb.checker.messages_fr_engine import ENGINE_FR  # noqa: E402  (the game engine's templates)
from kb.checker.messages_fr_text import TEXT_DOES_FR  # noqa: E402  (what a card's text does)
from kb.checker.messages_fr_rules import RULES_FR  # noqa: E402  (kb/checker/rule_refs.py)
from kb.checker.messages_fr_restated import RESTATED_FR  # noqa: E402  (a ruling, a note or a rule restated)

FR.update(CARD_QUERIES_FR)
FR.update(ENGINE_FR)
FR.update(TEXT_DOES_FR)
FR.update(RULES_FR)
FR.update(RESTATED_FR)
