"""Words of an effect, read the same way on a claim and on a card's rules text
(:mod:`kb.checker.text_does`): each sentence becomes a list of :class:`Key` -- the stem of a word's
lemma (simplemma, then a light suffix cut, so « détruit » / « Détruisez » and "destroys" / "Destroy"
are one key), a number (``#3``, from figures or words), a mana symbol (``{R}``), a P/T change
(``+1/+1``), a negation (``¬``) -- with the words that carry nothing (articles, prepositions,
pronouns, the card's own name written ``~``) left out.

Some keys are *qualifiers* (:func:`is_qualifier`): a number, a mana symbol, a colour, a card type, a
controller, a condition, a quantifier (each / target), a duration…  A sentence of the text that
holds a qualifier the claim does not mention says more than the claim, so the claim is not backed by
it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Optional

from kb.checker.words import NUMBER_WORDS, normalize_claim, words_of
from parser.textkeys import fold


@dataclass(frozen=True)
class Key:
    """One word of an effect: its ``key`` (what is compared) and the word as written; ``alt`` marks a mana
    symbol written after « ou » / "or" right after another ("Add {W} or {U}": {U} is the other choice)."""

    key: str
    word: str
    alt: bool = field(default=False, compare=False)


#: Words that carry nothing for what an effect does.
STOP = {
    "en": set("""a an the to of from on onto in into it its it's itself their them they this these those ~ and or
                 's ' is are be as by so then also which who make makes made cause causes for
                 target's""".split()),
    "fr": set("""le la les l' un une des de du d' a au aux en et ou son sa ses leur leurs ce cet cette ces il elle
                 ils elles y lui se s' ~ qui que qu' est sont dont puis alors fait faire font fais m' t'
                 c' on l'on""".split()),
}

#: Rewrites of the folded text before it is cut into words: the same action written two ways.
_REWRITES = {
    "en": [(r"\bcreature (tokens?)\b", r"\1"), (r"\bwhose\b", "with"), (r"\bexactly\b", ""),
           (r"\btap(?:s|ped)? for\b", "{T} add"), (r"\benters? the battlefield\b", "enters"),
           (r"\b(?:and )?tapping (?:it|~)\b", "{T}"), (r"\bfor each\b", "foreach"),
           (r",? not (?:only|just) (?:yours|you|your \w+)\b", ""), (r"\benchanted\b", "enchantedthing"),
           (r"\bequipped\b", "equippedthing"),
           (r"\b(?:every|all)\b", "each"),
           (r"\bthis (?:creature|artifact|land|enchantment|spell|card|permanent|planeswalker)\b", "~")],
    "fr": [(r"\b(jetons?) de creature\b", r"\1"), (r"\blorsque\b", "quand"),
           (r"\bcout converti de mana\b", "valeur de mana"), (r"\bsuperieure? ou egale? a (\S+)", r"\1 ou plus"), (r"\bdont (?:la|le) ", "avec "), (r"\bexactement\b", ""),
           (r"\bs'engagent? pour\b", "{T} ajouter"), (r"\barrivent? sur le champ de bataille\b", "arrive"),
           (r"\bpour chaque\b", "pourchaque"), (r"\b(?:et )?en (?:l'|le |la )?engageant\b", "{T}"),
           (r",? (?:et )?pas seulement (?:les votres|le votre|la votre|au votre|a vous)\b", ""),
           (r"\benchanter : ", "enchanter "), (r"\benchantee?s?\b", "enchantechose"), (r"\bequipee?s?\b", "equipechose"),
           (r"\barrivent? en jeu\b", "arrive"), (r"\ba votre reserve\b", ""),
           (r"\b(?:toutes|tous|toute|tout)\b", "chaque"), (r"\b(?:a|au) chaque fois que\b", "chaquefois"),
           (r"\bchaque fois que\b", "chaquefois"),
           (r"\b(?:cette|ce) (?:creature|artefact|terrain|enchantement|sort|carte|permanent)\b", "~")],
}

#: Keys that narrow what a sentence says (written as words, keyed by :func:`word_key`).
_QUALIFIER_WORDS = {
    "en": """you your control opponent opponents other another attacking blocking tapped untapped white blue black
             red green colorless multicolored monocolored with without except unless if only instead up power
             toughness value less greater more fewer when whenever at beginning end upkeep step each target x
             may no twice half double equal named legendary basic token spell creature artifact enchantment
             land planeswalker instant sorcery player card permanent graveyard hand library exile top bottom
             until turn combat foreach shares among rest lose loses that""",
    "fr": """vous votre vos controlez adversaire adversaires autre attaquante bloqueuse engagee degagee blanc bleu
             noir rouge vert incolore multicolore monocolore avec sans sauf excepte moins si seulement uniquement
             place jusqu force endurance valeur plus quand lorsque chaque cible x pouvez peut aucun fois moitie
             egal nommee legendaire base jeton sort creature artefact enchantement terrain planeswalker
             ephemere rituel joueur carte permanent cimetiere main bibliotheque exil dessus dessous fin tour
             debut entretien combat pourchaque partage parmi reste perd perdent""",
}

#: Card types and players: what an effect's object is (compared by :mod:`kb.checker.text_does`).
_OBJECT_WORDS = {
    "en": "creature artifact enchantment land planeswalker instant sorcery player spell",
    "fr": "creature artefact enchantement terrain planeswalker ephemere rituel joueur sort",
}

_FR_CUTS = ("ations", "ation", "ees", "ee", "es", "ez", "ent", "er",
            "ir", "e", "s", "x")
_EN_CUTS = ("ing", "ed", "es", "s")


@lru_cache(maxsize=4096)
def _lemma(word: str, lang: str) -> str:
    import simplemma

    return fold(simplemma.lemmatize(word, lang=lang))


def _cut(word: str, lang: str) -> str:
    for suffix in (_FR_CUTS if lang == "fr" else _EN_CUTS):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


#: Verbs that say the same action (the second word of each pair is the one the oracle text uses): "kill" is
#: "destroy", « produit » is « ajoutez », « joue un sort » (older French texts) is « lance », « reçoit +1/+1 » /
#: « acquiert le vol » is « gagne ».
_SYNONYM_WORDS = {
    "en": "kill destroy|kills destroy|fetch search|produce add|produces add|greater more|get gain|gets gain",
    "fr": "tuer detruire|produire ajouter|jouer lancer|recevoir gagner|acquerir gagner|ayant avec",
}


@lru_cache(maxsize=2)
def _synonyms(lang: str) -> dict[str, str]:
    out = {}
    for pair in _SYNONYM_WORDS[lang].split("|"):
        a, b = pair.split()
        out[_stem(a, lang)] = _stem(b, lang)
    return out


def _stem(word: str, lang: str) -> str:
    if word.startswith("non") and len(word) > 5 and word[3] != "e":
        return "non" + _cut(_lemma(word[3:].lstrip("-"), lang), lang)
    return _cut(_lemma(word, lang), lang)


@lru_cache(maxsize=8192)
def word_key(word: str, lang: str) -> str:
    """The key of one folded word: the cut stem of its lemma (its synonym's, :data:`_SYNONYM_WORDS`)."""
    if word in NUMBER_WORDS:
        return f"#{NUMBER_WORDS[word]}"
    stem = _stem(word, lang)
    return _synonyms(lang).get(stem, stem)


@lru_cache(maxsize=2)
def _qualifiers(lang: str) -> frozenset[str]:
    return frozenset(word_key(w, lang) for w in _QUALIFIER_WORDS[lang].split()) | {"¬"}


@lru_cache(maxsize=2)
def _objects(lang: str) -> frozenset[str]:
    return frozenset(word_key(w, lang) for w in _OBJECT_WORDS[lang].split())


def is_qualifier(key: str, lang: str) -> bool:
    """Whether ``key`` narrows what a sentence says (see the module docstring)."""
    return key in _qualifiers(lang) or key[0] in "#{+-" or key.startswith("non")


#: Keys whose place in a noun phrase differs between phrasings and languages (« jetons de créature
#: Rhinocéros 4/4 verts » / "4/4 green Rhino creature tokens", « créature ciblée » / "target creature"):
#: the claim's order is not asked of them, only that they stand in the same sentence as the action
#: before them.  Colours, card types, subtypes, P/T, target, token.
_LOOSE_WORDS = {"en": "target token tokens", "fr": "cible ciblee cible jeton jetons"}
_LOOSE_CATEGORIES = ("COLOR", "CARDTYPE", "SUBTYPE", "SUPERTYPE")
#: Keys a claim may say that the text need not (« toutes les créatures blanches » / "White creatures get").
_OPTIONAL_WORDS = {"en": "each", "fr": "chaque"}
#: Verbs that give an ability or a bonus to something (« donne le vol à … »), and those that have it.
_GIVE_WORDS = {"en": "give gives grant grants", "fr": "donner donne"}
_HAVE_WORDS = {"en": "gain gains get gets have has", "fr": "gagner acquerir avoir"}


@lru_cache(maxsize=8)
def _keyset(table: str, lang: str) -> frozenset[str]:
    words = {"loose": _LOOSE_WORDS, "optional": _OPTIONAL_WORDS, "give": _GIVE_WORDS, "have": _HAVE_WORDS}[table]
    return frozenset(word_key(w, lang) for w in words[lang].split())


def is_loose(k: Key, lang: str) -> bool:
    """Whether the claim's order is not asked of ``k`` (see :data:`_LOOSE_WORDS`)."""
    if "/" in k.key or k.key in _keyset("loose", lang):
        return True
    from kb.checker.entities import vocabulary

    hit = vocabulary().get(lang, fold(k.word))
    return hit is not None and hit[0] in _LOOSE_CATEGORIES


def is_optional(k: Key, lang: str) -> bool:
    return k.key in _keyset("optional", lang)


def is_give(k: Key, lang: str) -> bool:
    return k.key in _keyset("give", lang)


def is_have(k: Key, lang: str) -> bool:
    return k.key in _keyset("have", lang)


#: Words of which a sentence that says one clearly does not say the other.
_OPPOSITE_WORDS = {
    "en": "top bottom|gain lose|gains loses|tap untap|tapped untapped|hand library|attacking blocking|put remove|"
          "monocolored multicolored|keep lose|keeps loses|retain lose|retains loses|stay remove|stays removed|"
          "remain remove|remains removed",
    "fr": "dessus dessous|gagner perdre|engager degager|engagee degagee|attaquante bloqueuse|main bibliotheque|"
          "mettre retirer|monocolore multicolore|conserver perdre|conserve perd|garder perdre|garde perd|"
          "rester retirer|reste retiree|reste retire|restent retires",
}
_COLOR_WORDS = {"en": "white blue black red green", "fr": "blanc bleu noir rouge vert"}


@lru_cache(maxsize=2)
def opposite_words(lang: str) -> list[tuple[str, str]]:
    """The pairs of opposite words of ``lang`` as written (top / bottom, « gagner » / « perdre »…)."""
    return [tuple(pair.split()) for pair in _OPPOSITE_WORDS[lang].split("|")]


def opposites(lang: str) -> dict[str, frozenset[str]]:
    """key -> the keys of its opposites (top / bottom, « gagner » / « perdre », « conserver » / « perdre »…)."""
    out: dict[str, set[str]] = {}
    for pair in _OPPOSITE_WORDS[lang].split("|"):
        a, b = (word_key(w, lang) for w in pair.split())
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return {key: frozenset(others) for key, others in out.items()}


@lru_cache(maxsize=2)
def _colors(lang: str) -> frozenset[str]:
    return frozenset(word_key(w, lang) for w in _COLOR_WORDS[lang].split())


def is_color(key: str, lang: str) -> bool:
    return key in _colors(lang)


def is_object(key: str, lang: str) -> bool:
    """Whether ``key`` is a card type or a player (the object of an effect)."""
    return key in _objects(lang)


def _prepared(text: str, lang: str, names: tuple[str, ...]) -> str:
    text = re.sub(r"\([^()]*\)", " ", text)
    for name in sorted((n for n in names if n), key=len, reverse=True):
        text = text.replace(name, "~")
    text = fold(normalize_claim(text))
    for name in sorted((fold(n) for n in names if n), key=len, reverse=True):
        text = text.replace(name, "~")
    for pattern, repl in _REWRITES[lang]:
        text = re.sub(pattern, repl, text)
    return text


def sentences(text: str, lang: str, names: tuple[str, ...] = (), written: Optional[str] = None) -> list[list[Key]]:
    """The sentences of ``text`` (cut at . ; : and line ends) as keys (see the module docstring); the
    lemmas of accented words are taken from ``written`` (the text as written, when ``text`` is folded)."""
    out: list[list[Key]] = [[]]
    after_or = False
    accented = _accented_lemmas(written if written is not None else text, lang)
    for w in words_of(_prepared(text, lang, names).replace("\n", " . ")):
        if w.kind == "punct":
            if w.text in ".;:!?" and out[-1]:
                out.append([])
            after_or = False
            continue
        keys = _keys_of(w, lang, accented)
        if keys and after_or and w.kind == "mana" and out[-1] and out[-1][-1].key.startswith("{"):
            keys[0] = Key(keys[0].key, keys[0].word, alt=True)
        after_or = w.folded == _OR[lang] or (after_or and not keys)
        out[-1].extend(keys)
    return [s for s in out if s]


def lines(text: str, lang: str, names: tuple[str, ...] = ()) -> list[list[Key]]:
    """The keys of each line of ``text`` (an ability with its cost, « {5}, {T}, sacrifiez cinq créatures :
    Transformez … »), as one sequence per line.  An ability glued to the one before it (« … engagé.{T} :
    Ajoutez {U} à votre réserve.{1}{U} : … », a printed text whose line ends were lost) is a line of its own."""
    return [[k for s in sentences(part, lang, names) for k in s] for line in text.splitlines()
            for part in _GLUED.split(line) if part.strip()]


#: Where a printed text lost a line end: a sentence's period right before the next ability's cost or capital.
_GLUED = re.compile(r"(?<=[.)])(?=[{A-ZÀ-Ý])")


def _accented_lemmas(text: str, lang: str) -> dict[str, str]:
    """Folded word -> the folded lemma of the word as written, for the words of ``text`` written with
    accents: the lemma of « détruit » is « détruire », that of « detruit » none (the lemmatizer's French
    forms have their accents), so the text's « Détruisez » and the claim's « détruit » are one verb."""
    return {fold(w): _lemma(w.lower(), lang) for w in re.findall(r"[^\W\d_]+", normalize_claim(text))
            if not w.isascii()}


def _written_key(folded: str, lang: str, accented: dict[str, str]) -> str:
    lemma = accented.get(folded)
    if lemma is None or folded in NUMBER_WORDS:
        return word_key(folded, lang)
    stem = _cut(lemma, lang)
    return _synonyms(lang).get(stem, stem)


def _keys_of(w, lang: str, accented: dict[str, str]) -> list[Key]:
    if w.kind == "mana":
        return [Key(sym.upper(), sym) for sym in re.findall(r"\{[^{}]+\}", w.text)]
    if w.kind == "num":
        return [Key(f"#{int(w.text)}", w.text)]
    if w.kind == "pt":
        return [Key(w.text.lower(), w.text)]
    if w.kind == "nt" or w.folded in ("not", "ne", "n'", "pas", "never", "jamais", "cannot"):
        return [Key("¬", w.text)] if w.folded not in ("ne", "n'") else []
    if w.folded in STOP[lang] or w.kind == "poss":
        return []
    if w.kind == "elided":
        return []
    if "-" in w.folded and w.kind == "word":
        return [Key(word_key(p, lang), p) for p in w.folded.split("-") if p and p not in STOP[lang]]
    return [Key(_written_key(w.folded, lang, accented), w.text)]


#: Where a claim names an ability's cost in words (« … si l'on paie {U}{U} et qu'on sacrifie … », "by paying
#: {1}"): the cost may be read first, as the text writes it (« {U}{U}, sacrifiez un sorcier : … »).
COST_MARK = "costmark"
_CLAIM_REWRITES = {
    "en": [(r"\b(?:by paying|if you pay|when you pay)\b", " costmark "), (r"\band sacrificing\b", "sacrifice"),
           (r"(?<!taps )(?<!tap )(?<!tapped )\bfor (?:just |only )?(?=\{)", " costmark "), (r"\beach time\b", "whenever"),
           # "~ gets a +1/+1 counter" is "put a +1/+1 counter on ~" (the card the claim is about)
           (r"^gets? (an?|one|two|three|four|five|\d+) ((?:[+-]\d+/[+-]\d+ )?counters?)\b", r"put \1 \2 on ~")],
    "fr": [(r"\b(?:si (?:l')?on paie|si vous payez|en payant|en sacrifiant)\b", " costmark "),
           (r"(?<!engage )(?<!engagent )\bpour (?:seulement |juste |uniquement )?(?=\{)", " costmark "),
           (r"\bet qu'on\b", "et"), (r"\b(?:a|au) chaque fois que\b", "chaquefois"),
           (r"\bchaque fois que\b", "chaquefois"),
           (r"^(?:recoit|obtient) (un|deux|trois|quatre|cinq|\d+) (marqueurs?(?: [+-]\d+/[+-]\d+)?)", r"mettez \1 \2 sur ~")],
}
#: Mana said in words, as the text writes it in symbols ("two colorless mana" -> {C}{C}, « du mana noir » -> {B}):
#: the colour words of each language and how many symbols a number word makes.
_MANA_COLOURS = {"en": {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": "C",
                        "colourless": "C"},
                 "fr": {"blanc": "W", "bleu": "U", "noir": "B", "rouge": "R", "vert": "G", "incolore": "C"}}
_MANA_COUNTS = {"en": {"one": 1, "a": 1, "an": 1, "two": 2, "three": 3, "four": 4, "five": 5},
                "fr": {"un": 1, "du": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5}}
_MANA_IN_WORDS = {
    "en": re.compile(r"\b(?:(one|an?|two|three|four|five|\d) )?(white|blue|black|red|green|colou?rless)"
                     r"(?: or (white|blue|black|red|green))? mana\b"),
    "fr": re.compile(r"\b(?:(un|du|deux|trois|quatre|cinq|\d) )?manas? (blanc|bleu|noir|rouge|vert|incolore)s?"
                     r"(?: ou (blanc|bleu|noir|rouge|vert)s?)?\b"),
}
#: The word between two colours of mana one of which is made ("white or blue mana" -> "{W} or {U}").
_OR = {"en": "or", "fr": "ou"}
#: Verbs of making mana, written as the text writes them (« produit » is « Ajoutez », "produces" is "Add").
_MANA_VERBS = {"en": (r"\b(?:produces?|makes?|adds?)\b(?= (?:\{|(?:one |an? |two |three )?\w+ mana\b))", "add"),
               "fr": (r"\b(?:produit|produisent|ajoute|donne)\b(?= (?:\{|(?:du |un |deux |trois )?manas? ))", "ajouter")}


def mana_in_symbols(text: str, lang: str) -> str:
    """Folded ``text`` with the mana it says in words written in symbols, and its verbs of making mana as
    the text's (``_MANA_IN_WORDS``, ``_MANA_VERBS``); "either" dropped before alternatives."""
    colours, counts = _MANA_COLOURS[lang], _MANA_COUNTS[lang]

    def symbols(m: re.Match) -> str:
        n = int(m[1]) if m[1] and m[1].isdigit() else counts.get(m[1] or "", 1)
        first = ("{" + colours[m[2]] + "}") * n
        return f"{first} {_OR[lang]} " + ("{" + colours[m[3]] + "}") * n if m[3] else first
    pattern, verb = _MANA_VERBS[lang]
    text = re.sub(pattern, verb, text)
    text = _MANA_IN_WORDS[lang].sub(symbols, text)
    return re.sub(r"\beither (?=\{)", "", text) if lang == "en" else re.sub(r"\bsoit (?=\{)", "", text)


#: Words that lead a trigger or a condition (the claim may say them after its action, the text before).
_LEAD_WORDS = {"en": "when whenever at if until", "fr": "quand lorsque chaquefois debut si jusqu"}


@lru_cache(maxsize=2)
def _leads(lang: str) -> frozenset[str]:
    return frozenset(word_key(w, lang) for w in _LEAD_WORDS[lang].split())


def is_lead(k: Key, lang: str) -> bool:
    """Whether ``k`` leads a trigger or a condition (« quand », "whenever", "at", « si »)."""
    return k.key in _leads(lang)


#: "makes you draw two cards" is "Draw two cards." or "You draw two cards." (both are tried).
_YOU = {"en": r"\bmakes? you\b", "fr": r"\bvous fait\b"}
#: "you draw three cards", "when ~ dies, you create …": the player the text's imperative speaks to, named
#: first ("Draw three cards.", "When ~ dies, create …"); the effect without it is tried too.  Not damage:
#: the card deals it ("~ deals 3 damage"), not the player ("you deal 3 damage" is not the text's word).
_LEAD_YOU = {"en": r"^((?:when|whenever) ~ \w+,? )?you (?!deal)(?=\w)",
             "fr": r"^((?:quand|lorsque) ~ \w+,? )?vous (?!inflig)(?=\w)"}


def claim_keys(effect: str, lang: str, names: tuple[str, ...] = ()) -> list[Key]:
    """The keys of a claimed effect, as one sequence (a cost named in words marked :data:`COST_MARK`)."""
    return claim_variants(effect, lang, names)[0]


def claim_variants(effect: str, lang: str, names: tuple[str, ...] = ()) -> list[list[Key]]:
    """The keys of a claimed effect, and those of its other readings (:data:`_YOU`)."""
    text = mana_in_symbols(fold(effect), lang)
    for pattern, repl in _CLAIM_REWRITES[lang]:
        text = re.sub(pattern, repl, text)
    forms = [text] if not re.search(_YOU[lang], text) else \
        [re.sub(_YOU[lang], "you" if lang == "en" else "vous", text), re.sub(_YOU[lang], "", text)]
    bare = re.sub(_LEAD_YOU[lang], r"\1", forms[-1])
    if bare != forms[-1]:
        forms.append(bare)
    return [[k for s in sentences(form, lang, names, written=effect) for k in s] for form in forms]
