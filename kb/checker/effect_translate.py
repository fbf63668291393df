"""A French claimed effect in the words of the English oracle text, for the cards whose French text the card
data lacks or words differently (old printings: « une cible, créature ou joueur », « à votre réserve »):
« ajoute {G} pour chaque créature que vous contrôlez » -> "add {G} for each creature you control".

Word for word, through the French lemma: keyword abilities, card types and subtypes by the reader's
vocabulary (the term pairs), the other words of effects by :data:`WORDS`, a few set phrases first
(:data:`PHRASES`).  A word with no English form stays French, so it matches nothing in the English text
and the claim stays unknown; :mod:`kb.checker.text_does` only ever draws *true* from a translated
claim, never *false*.
"""
from __future__ import annotations

import re
from functools import lru_cache

from kb.checker.effect_words import STOP, word_key
from kb.checker.words import normalize_claim, words_of
from parser.textkeys import fold

#: Set phrases, folded French -> English (applied in order, before the words).
PHRASES = [
    (r"\bn'importe quelle cible\b", "any target"), (r"\bune cible, creature ou joueur\b", "any target"),
    (r"\bpoints? de vie\b", "life"), (r"\bchamp de bataille\b", "battlefield"),
    (r"\bjusqu'a la fin du tour\b", "until end of turn"), (r"\ba chaque fois que\b", "whenever"),
    (r"\bchaque fois que\b", "whenever"), (r"\bau debut de\b", "at the beginning of"),
    (r"\betape de fin\b", "end step"), (r"\bau moins (\S+)", r"\1 or more"), (r"\b(\S+) ou moins\b", r"\1 or less"),
    (r"\b(\S+) ou plus\b", r"\1 or more"), (r"\bjusqu'a (\S+)", r"up to \1"), (r"\bpour chaque\b", "for each"),
    (r"\bau-dessus de\b", "on top of"), (r"\bau-dessous de\b", "on the bottom of"), (r"\bdessus de\b", "top of"),
    (r"\ben jeu\b", "battlefield"), (r"\bvaleur de mana\b", "mana value"), (r"\bmarqueurs? \+1/\+1\b", "+1/+1 counter"),
    (r"\bmarqueurs? -1/-1\b", "-1/-1 counter"), (r"\ba la place\b", "instead"), (r"\bne \S+ pas\b", "not"),
    (r"\bjetons? de creature\b", "token"),
]

#: French word (any form of its lemma) -> the English word of oracle text.
WORDS = """ajouter add|detruire destroy|exiler exile|exil exile|contrecarrer counter|infliger deal|blessure damage
|piocher draw|defausser discard|gagner gain|perdre lose|creer create|jeton token|renvoyer return|main hand
|cimetiere graveyard|bibliotheque library|sort spell|creature creature|artefact artifact|enchantement enchantment
|terrain land|ephemere instant|rituel sorcery|joueur player|adversaire opponent|carte card|chaque each
|cible target|cibler target|ciblee target|vous you|votre your|vos your|controler control|controlez control
|sacrifier sacrifice|chercher search|melanger shuffle|reveler reveal|mettre put|degager untap|marqueur counter
|force power|endurance toughness|fin end|tour turn|debut beginning|entretien upkeep|etape step|combat combat
|si if|quand when|lorsque when|avec with|sans without|autre other|attaquant attacking|attaquante attacking
|bloqueur blocking|bloqueuse blocking|blanc white|bleu blue|noir black|rouge red|vert green|incolore colorless
|multicolore multicolored|legendaire legendary|base basic|mana mana|valeur value|couleur color|nombre number
|egal equal|donner give|acquerir gain|proprietaire owner|controleur controller|copier copy|copie copy
|transformer transform|regenerer regenerate|capacite ability|activer activate|lancer cast|jouer play|prochain next
|dessus top|dessous bottom|partie game|permanent permanent|bloquer block|attaquer attack|engager tap|engagee tapped
|degagee untapped|non not|peut may|pouvez may|ou or|et and|cette this|plus more|moins less|deux two|trois three
|quatre four|cinq five|six six|sept seven|huit eight|neuf nine|dix ten|un one|une one|face face|dos back
|chacune each|chacun each|echanger switch|puis then|choix choice|choisir choose|nomme named|type type""".replace("\n", "")


@lru_cache(maxsize=1)
def _words() -> dict[str, str]:
    table = {}
    for pair in WORDS.split("|"):
        fr, en = pair.split()
        table.setdefault(word_key(fr, "fr"), en)
    return table


def _game_word(words: list[str], i: int) -> tuple[int, str] | None:
    """A keyword ability, card type or subtype of the reader's vocabulary at ``words[i]``: (end, English)."""
    from kb.checker.entities import vocabulary

    vocab = vocabulary()
    for n in (3, 2, 1):
        if i + n <= len(words):
            hit = vocab.get("fr", " ".join(words[i:i + n]))
            if hit is not None and hit[0] in ("KEYWORD", "CARDTYPE", "SUBTYPE", "SUPERTYPE") and hit[1]:
                return i + n, hit[1].lower()
    return None


def to_english(effect: str) -> str:
    """``effect`` (French) in the words of English oracle text (see the module docstring)."""
    text = fold(normalize_claim(effect))
    for pattern, repl in PHRASES:
        text = re.sub(pattern, repl, text)
    words = words_of(text)
    folded = [w.folded for w in words]
    out, i = [], 0
    while i < len(words):
        w = words[i]
        if w.kind != "word":
            out.append(w.text)
            i += 1
            continue
        if w.folded in STOP["fr"]:
            i += 1
            continue
        game = _game_word(folded, i)
        if game is not None:
            out.append(game[1])
            i = game[0]
            continue
        out.append(_words().get(word_key(w.folded, "fr"), w.folded))
        i += 1
    return " ".join(out)
