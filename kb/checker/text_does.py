"""What a card's text does, compared with what a claim says it does: « X détruit la créature ciblée et
vous perdez 2 points de vie », "X taps for {R}", « X inflige 2 blessures à chaque créature attaquante ».

The claimed effect (the ``TEXTDOES`` token of :mod:`kb.checker.effect_tokens`) and the rules text of
the face the claim designates, in the claim's language (the English oracle text, or the French
printed text of the card data), are read into the same form (:mod:`kb.checker.effect_words`: the
keys of each sentence: stems, numbers, mana symbols, qualifiers).  Then:

* **true** when the claim's keys appear, in order, in the text, and the sentences they are found in
  hold no qualifier the claim leaves out (a condition, a controller, another number, a duration…):
  the text says at least what the claim says, and nothing narrower;
* **false** only when the claim's action (its first key that is no qualifier) is in exactly one
  sentence of the card, in no other face, with no « instead », and that sentence clearly says
  otherwise: another amount of the same thing (1 damage, not 2), another mana cost or mana symbol
  after the action, another P/T change, other objects (an artifact, not an enchantment), another
  keyword, another step (« au début de votre étape de fin », not « entretien »);
* **unknown** otherwise, naming the words of the claim the text was not found to say.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Optional

from kb.checker.effect_translate import to_english
from kb.checker.effect_words import (COST_MARK, Key, claim_variants, is_give, is_have, is_lead, is_loose, is_object,
                                     is_color, is_optional, is_qualifier, lines, opposites, sentences, word_key)
from kb.checker.text_mana import claimed_cost, cost_clash, mana_clash, same_choices, unchosen, without_cost
from kb.checker.verdict import Trace, Unknown
from parser.textkeys import fold

#: Words that make a sentence an alternative to another one (its amounts are not the only ones).
_INSTEAD = {"en": ("instead", "x"), "fr": ("place", "x")}
#: Words after which a step is named (« au début de votre entretien », "at the beginning of your upkeep").
_STEP_LEAD = {"en": ("beginning",), "fr": ("debut",)}
#: The steps and phases a trigger is said at, the first of them within a few words after the lead ("at the
#: beginning of that player's upkeep" names the upkeep).
_STEPS = {"en": ("upkeep", "draw", "end", "combat", "cleanup", "precombat", "postcombat", "main", "turn"),
          "fr": ("entretien", "pioche", "fin", "combat", "nettoyage", "principale", "tour")}


def _names(d) -> tuple[str, ...]:
    face, card = d.face, d.card
    names = [face.name, getattr(face, "french_name", None), getattr(face, "card", None)]
    if card is not None:
        names += [card.name, *getattr(card, "french_names", ())]
        names += [n for n in card.name.split(" // ")]
    return tuple(n for n in names if n)


def _text(face, lang: str, ability: Optional[str] = None) -> Optional[str]:
    text = (face.text if lang == "en" else getattr(face, "french_text", None)) or None
    if text is None or ability is None:
        return text
    lines = [line for line in text.splitlines() if _costs(line, ability)]
    return "\n".join(lines) or None


def ability_lines(face, cost: str) -> list[str]:
    """The lines of the face's English text that are an ability of ``cost`` (« +2 », "-3", {T})."""
    return [line for line in (face.text or "").splitlines() if _costs(line, cost)]


#: What a line that is no activated ability begins with, though it holds a colon (« Quand …, choisissez
#: un : … », "When …, choose one —").
_NOT_ACTIVATED = re.compile(r"^(when|whenever|at|if|as|quand|lorsque|a|à|chaque|si|tant)\b", re.I)


def _costs(line: str, ability: str) -> bool:
    """Whether the ability of ``line`` has the cost ``ability``: a loyalty cost « +2 », "-3", {T}, or a mana
    cost ("{W}": the mana of a cost that may also tap or sacrifice, « {W}, sacrifiez ~ : … »)."""
    if ":" not in line:
        return False
    cost = line.split(":", 1)[0].strip().strip("[]").replace("−", "-").replace("–", "-")
    if ability == "{T}":
        return "{T}" in cost
    if ability.startswith("{") and not _NOT_ACTIVATED.match(cost):
        return "".join(m for m in re.findall(r"\{[^}]+\}", cost) if m.upper() not in ("{T}", "{Q}")) == ability
    return cost == ability or (ability == "0" and cost in ("0", "+0", "-0"))


def activated_lines(face) -> list[str]:
    """The lines of the face's English text that are activated abilities with mana in their cost."""
    return [line for line in (face.text or "").splitlines() if ":" in line and
            not _NOT_ACTIVATED.match(line.split(":", 1)[0].strip()) and
            re.search(r"\{(?![TQ]\})[^}]+\}", line.split(":", 1)[0])]


def _other_faces(d) -> list:
    faces = getattr(d.card, "faces", None) or ()
    return [f for f in faces if f is not d.face and f.name != d.face.name]


def does(d, value: dict, trace: Trace, positive: bool = True) -> bool:
    """Whether the face ``d`` does what ``value["effect"]`` says (see the module docstring)."""
    lang = value["lang"]
    names = _names(d)
    if " // " in d.face.name:
        raise Unknown("{label} is a whole split card: what it does is what one of its halves does (name the half)",
                      label=d.label)
    if not d.face.text and not _text(d.face, lang) and not any(f.text for f in _other_faces(d)):
        trace.step("{label} has no rules text", label=d.label)
        return False
    missing: list[str] = []
    ability = value.get("ability")
    if ability is not None and _text(d.face, "en", ability) is None:
        spell = _spell_cost(d, ability, trace)
        if spell is False:
            return False
        if spell is None:
            raise Unknown("{label} has no ability of cost {cost} in its text", label=d.label, cost=ability)
        ability = None                  # « Pour {2}{R}, Cri de massacre donne … »: what the spell does
    own = _text(d.face, lang, ability)
    if own is not None:
        variants = claim_variants(value["effect"], lang, names)
        said = claimed_cost(variants[0])
        if ability is None and said and not activated_lines(d.face):
            spell = _spell_cost(d, "".join(said), trace)     # "Night gives … for {B}": the spell's own cost
            if spell is False:
                return False
            if spell:
                variants = [without_cost(v) for v in variants]
        claim = variants[0]
        if not claim:
            raise Unknown("nothing to compare in « {effect} »", effect=value["effect"])
        text = sentences(own, lang, names)
        trace.step("rules text of {label}: « {text} »", label=d.label, text=" / ".join(own.splitlines()))
        backed, missing = _backed(claim, text, lang)
        for other in variants[1:]:
            if backed is None:
                backed = _backed(other, text, lang)[0]
        if backed is not None:
            trace.step("the text says what the claim says: « {said} »", said=_show(text[backed[0]:backed[1] + 1]))
            return True
        others = [s for f in _other_faces(d) if _text(f, lang) for s in lines(_text(f, lang), lang, names)]
        clash = _contradiction(claim, lines(own, lang, names), others, lang)
        if clash is not None and positive:
            sentence, what, claimed = clash
            trace.step("the text says « {said} »: {what}, where the claim says {claimed}",
                       said=_show([sentence]), what=what, claimed=claimed)
            return False
    if lang == "fr" and d.face.text:
        if _backed_in_english(d, value["effect"], names, trace, ability):
            return True
    if own is None and not missing:
        raise Unknown("the card data has no rules text of {label} in the claim's language", label=d.label)
    raise Unknown("{label}'s text was not found to say « {words} » as the claim does", label=d.label,
                  words=" ".join(missing))


def _spell_cost(d, cost: str, trace: Trace) -> Optional[bool]:
    """A mana cost said before what an instant or sorcery does (« Pour {2}{R}, Cri de massacre donne … »):
    True when it is the spell's mana cost, False when the spell costs otherwise and its text never says that
    cost (no kicker, no alternative cost of it), None when the card is no instant or sorcery or its cost has
    {X} (the cost said may be X paid)."""
    if not cost.startswith("{") or cost.upper() == "{T}" or not {"Instant", "Sorcery"} & set(d.face.types):
        return None
    printed = d.face.mana_cost or ""
    trace.step("mana cost of {label}: {cost}", "mana_cost", label=d.label, cost=printed or trace.tr("none"))
    if printed.upper() == cost.upper():
        return True
    if "{X}" in printed.upper() or cost.upper() in (d.face.text or "").upper():
        return None             # "For {2}{R}, Fireball deals 2 damage": X paid; a kicker or flashback of that cost
    return False


def _backed_in_english(d, effect: str, names, trace: Trace, ability: Optional[str] = None) -> bool:
    """A French claim read in the words of the English oracle text (:mod:`kb.checker.effect_translate`):
    only ever true (a translation that matches nothing leaves the claim unknown)."""
    english = to_english(effect)
    oracle = _text(d.face, "en", ability)
    if oracle is None:
        return False
    text = sentences(oracle, "en", names)
    backed = None
    for claim in claim_variants(english, "en", names):
        if claim and backed is None:
            backed = _backed(claim, text, "en")[0]
    if backed is None:
        return False
    trace.step("oracle text of {label}: « {text} »", label=d.label, text=" / ".join(oracle.splitlines()))
    trace.step("the claim, in the words of the oracle text: « {english} »", english=english)
    trace.step("the text says what the claim says: « {said} »", said=_show(text[backed[0]:backed[1] + 1]))
    return True


def _show(keys_sentences: list[list[Key]]) -> str:
    return " / ".join(" ".join(k.key if k.key.startswith("{") else k.word for k in s) for s in keys_sentences)


def _align(keys: list[str], flat: list[tuple[int, Key]], p: int) -> tuple[list[int], int]:
    """The leftmost places of ``keys`` in ``flat`` from ``p`` on, and how many were placed."""
    places, q = [p], p + 1
    for n, key in enumerate(keys[1:], 1):
        while q < len(flat) and flat[q][1].key != key:
            q += 1
        if q == len(flat):
            return places, n
        places.append(q)
        q += 1
    return places, len(keys)


def _parts(claim: list[Key], lang: str):
    """The claim's keys the text must say in order, and the loose ones, each with the index (in the
    ordered list) of the ordered key it goes with (see :func:`kb.checker.effect_words.is_loose`)."""
    kept = [k for k in claim if not is_optional(k, lang)]
    ordered: list[Key] = []
    loose: list[tuple[Key, int]] = []
    for k in kept:
        if ordered and is_loose(k, lang):
            loose.append((k, len(ordered) - 1))
        elif not ordered and is_loose(k, lang) and any(not is_loose(x, lang) for x in kept):
            loose.append((k, 0))
        else:
            ordered.append(k)
    return ordered, loose


def _backed(claim: list[Key], text: list[list[Key]], lang: str):
    """The sentences (first, last) that say the claim, or None and the words not found said: the claim
    as written, then with its trigger, condition or cost first (« X reçoit … à chaque fois que … » /
    « À chaque fois que …, mettez … »; « … si l'on paie {U}{U} … » / « {U}{U}, … : … »)."""
    plain = [k for k in claim if k.key != COST_MARK]
    found, missing = _backed_as_written(plain, text, lang)
    if found is not None:
        return found, missing
    for i, k in enumerate(claim):
        if i and (k.key == COST_MARK or is_lead(k, lang)):
            turned = [x for x in claim[i:] + claim[:i] if x.key != COST_MARK]
            again, _ = _backed_as_written(turned, text, lang)
            if again is not None:
                return again, []
    return None, missing


def _backed_as_written(claim: list[Key], text: list[list[Key]], lang: str):
    if not claim:
        return None, []
    if is_give(claim[0], lang):
        return _backed_give(claim, text, lang)
    flat = [(si, k) for si, s in enumerate(text) for k in s]
    ordered, loose = _parts(claim, lang)
    keys = [k.key for k in ordered]
    said = Counter(k.key for k in claim)
    missing: list[str] = [k.word for k in claim]
    for p, (_, k) in enumerate(flat):
        if k.key != keys[0]:
            continue
        places, n = _align(keys, flat, p)
        if n < len(keys):
            if len(ordered) - n < len(missing):
                missing = [c.word for c in ordered[n:]]
            continue
        if not same_choices(ordered, [flat[q][1] for q in places]):
            continue
        used = [flat[q][0] for q in places]
        absent = [x.word for x, at in loose if all(y.key != x.key for y in text[used[at]])]
        if absent:
            if len(absent) < len(missing):
                missing = absent
            continue
        s0, s1 = min(used), max(used)
        extra = _extra(text[s0:s1 + 1], said, lang)
        if not extra:
            return (s0, s1), []
        if len(extra) < len(missing):
            missing = ["+ " + x.word for x in extra]
    return None, missing


def _extra(sentences_: list[list[Key]], said, lang: str) -> list[Key]:
    """The qualifiers of ``sentences_`` the claim does not say, counted ({C}{C} says one {C} more than {C});
    a choice of mana the claim did not take is not one ("Add {B} or {R}" says {B})."""
    counts = Counter(said) if not isinstance(said, Counter) else said
    seen: Counter = Counter()
    out = []
    for s in sentences_:
        skipped = unchosen(s, counts)
        for i, x in enumerate(s):
            if not is_qualifier(x.key, lang) or i in skipped:
                continue
            seen[x.key] += 1
            if x.key not in counts or (x.key[0] in "#{" and seen[x.key] > counts[x.key]):
                out.append(x)
    return out


def _backed_give(claim: list[Key], text: list[list[Key]], lang: str):
    """« X donne le vol à la créature équipée », "X gives haste to target creature": one sentence of the
    text says that the thing has, gains or gets what is given (« La créature équipée a le vol »), in any
    order, with no qualifier the claim leaves out."""
    wanted = [k for k in claim[1:] if not is_optional(k, lang)]
    said = Counter(k.key for k in claim)
    missing: list[str] = [k.word for k in wanted]
    for si, sentence in enumerate(text):
        have = {k.key for k in sentence}
        absent = [k.word for k in wanted if k.key not in have]
        if absent:
            missing = absent if len(absent) < len(missing) else missing
            continue
        if lang == "en" and not any(is_have(k, lang) for k in sentence):
            continue
        extra = _extra([sentence], said + Counter(k.key for k in sentence if is_have(k, lang)), lang)
        if not extra:
            return (si, si), []
        missing = ["+ " + x.word for x in extra] if len(extra) < len(missing) else missing
    return None, missing


def _anchor(claim: list[Key], lang: str) -> Optional[int]:
    return next((i for i, k in enumerate(claim) if not is_qualifier(k.key, lang)), None)


def _contradiction(claim: list[Key], text: list[list[Key]], others: list[list[Key]], lang: str):
    """(sentence, what it says, what the claim says) when the text clearly says otherwise, else None."""
    cost = claimed_cost(claim)
    claim = [k for k in claim if k.key != COST_MARK]
    a = _anchor(claim, lang)
    if a is None:
        return None
    if is_give(claim[a], lang):         # « donne +1/+2 à … »: the sentence where something has, gains or gets
        def holds(s):
            return any(is_have(k, lang) for k in s)
    else:
        def holds(s, anchor=claim[a].key):
            return any(k.key == anchor for k in s)
    with_anchor = [s for s in text if holds(s)]
    if len(with_anchor) != 1 or any(holds(s) for s in others):
        return None
    sentence = with_anchor[0]
    if any(k.key in _INSTEAD[lang] for k in sentence):
        return None
    at = next(i for i, k in enumerate(sentence) if holds([k]))
    clash = cost_clash(cost, sentence, at)
    if clash is not None:
        return (sentence, *clash)
    if is_give(claim[a], lang):
        at = -1
    for check in (_amounts, mana_clash, _pt, _objects, _colours, _opposite, _keywords, _steps):
        found = check(claim, a, sentence, at, lang)
        if found is not None:
            return (sentence, *found)
    return None


def _pairs(keys: list[Key]) -> dict[str, set[str]]:
    """unit -> the amounts written before it (« 2 blessures », "5 or less life" -> less: 5)."""
    out: dict[str, set[str]] = {}
    for i, k in enumerate(keys):
        if k.key.startswith("#") and i + 1 < len(keys) and not keys[i + 1].key.startswith(("#", "{")):
            out.setdefault(keys[i + 1].key, set()).add(k.key)
    return out


def _unit_word(keys: list[Key], unit: str) -> str:
    return next(k.word for k in keys if k.key == unit)


def _amounts(claim, a, sentence, at, lang):
    mine, theirs = _pairs(claim), _pairs(sentence)
    for unit, amounts in mine.items():
        if unit in theirs and not amounts & theirs[unit]:
            return (" ".join(sorted(n[1:] for n in theirs[unit])) + " " + _unit_word(sentence, unit),
                    " ".join(sorted(n[1:] for n in amounts)) + " " + _unit_word(claim, unit))
    return None


def _pt(claim, a, sentence, at, lang):
    mine = {k.key for k in claim[a + 1:] if "/" in k.key}
    theirs = {k.key for k in sentence[at + 1:] if "/" in k.key}
    if mine and theirs and not mine & theirs:
        return " ".join(sorted(theirs)), " ".join(sorted(mine))
    return None


def _others_of_a_kind(kind):
    """A check: after the action, the claim's words of ``kind`` (objects, colours) and the sentence's are
    both there and have none in common, and none of the claim's is anywhere in the sentence (« inflige 2
    blessures à un adversaire chaque fois qu'il lance un sort » says before the action what the claim says
    after it) -> (the sentence's words, the claim's words)."""
    def check(claim, a, sentence, at, lang):
        mine = {k.key for k in claim[a + 1:] if kind(k.key, lang)}
        theirs = {k.key for k in sentence[at + 1:] if kind(k.key, lang)}
        if mine and theirs and not mine & {k.key for k in sentence if kind(k.key, lang)}:
            return " ".join(k.word for k in sentence[at + 1:] if k.key in theirs), \
                " ".join(k.word for k in claim[a + 1:] if k.key in mine)
        return None
    return check


_objects = _others_of_a_kind(is_object)
_colours = _others_of_a_kind(is_color)


def _opposite(claim, a, sentence, at, lang):
    """The claim says one of two opposite words (top / bottom, gain / lose) and the sentence the other only;
    or the claim's object is an opponent's (« qu'un adversaire contrôle ») where the text's is yours."""
    theirs = {k.key for k in sentence}
    you, control, opponent = (word_key(w, lang) for w in (("you", "control", "opponent") if lang == "en" else
                                                          ("vous", "controlez", "adversaire")))
    yours = any(x.key == you and y.key == control for x, y in zip(sentence, sentence[1:]))
    if yours and opponent not in theirs and any(k.key == opponent for k in claim[a:]) and \
            any(k.key == control for k in claim[a:]):
        return (next(x.word for x in sentence if x.key == you) + " " +
                next(x.word for x in sentence if x.key == control),
                next(k.word for k in claim if k.key == opponent))
    for k in claim[a:]:
        other = opposites(lang).get(k.key, frozenset()) & theirs
        if other and k.key not in theirs:
            return next(x.word for x in sentence if x.key in other), k.word
    return None


def _keywords(claim, a, sentence, at, lang):
    mine, theirs = _keyword_names(claim[a + 1:], lang), _keyword_names(sentence[at + 1:], lang)
    if mine and theirs and not mine & theirs:
        return ", ".join(sorted(theirs)), ", ".join(sorted(mine))
    return None


def _keyword_names(keys: list[Key], lang: str) -> set[str]:
    """The keyword abilities written in ``keys`` (their English names), longest entries first."""
    from kb.checker.entities import vocabulary

    vocab = vocabulary()
    words = [fold(k.word) for k in keys]
    out, i = set(), 0
    while i < len(words):
        for n in (3, 2, 1):
            hit = vocab.get(lang, " ".join(words[i:i + n])) if i + n <= len(words) else None
            if hit is not None and hit[0] == "KEYWORD":
                out.add(hit[1])
                i += n
                break
        else:
            i += 1
    return out


def _step(keys: list[Key], lang: str) -> Optional[Key]:
    lead = {word_key(w, lang) for w in _STEP_LEAD[lang]}
    steps = {word_key(w, lang) for w in _STEPS[lang]}
    for i, k in enumerate(keys):
        if k.key in lead:       # the step word right after it, past whose step it is ("that player's upkeep")
            return next((x for x in keys[i + 1:i + 5] if x.key in steps), None)
    return None


def _steps(claim, a, sentence, at, lang):
    mine, theirs = _step(claim, lang), _step(sentence, lang)
    if mine is not None and theirs is not None and mine.key != theirs.key:
        return theirs.word, mine.word
    return None
