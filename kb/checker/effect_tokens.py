"""What a card's text does, as one typed token: the stretch of a claim from its action verb to the end
of the clause (« … détruit la créature ciblée et vous perdez 2 points de vie », "… taps for {R}").

The entity stage (:mod:`kb.checker.entities`) types each word; this pass, run after it, joins the
words of a claimed effect into one ``TEXTDOES`` token whose value keeps the words as written.  The
structure grammar places that token as a predicate of a card (``text_does_pred``), and
:mod:`kb.checker.text_does` compares the effect, read into the same form as the card's rules text,
with that text: nothing here decides what the words mean.

The pass is narrow on purpose, so that claims the reader already reads keep their reading: the verb
must follow its subject (a card, a pronoun, a relative « qui » / "that", or a joiner after a clause
about a card, through a negation, « ne … que » or a modal), and the stretch must hold a word the rest
of the reader has no place for (a ``WORD``) or an action verb only effects use (``ACT``).  A stretch
ends at a reason, a concession, a question mark or colon, or at a joiner followed by a new predicate
about a card (« … et il est vert »).
"""
from __future__ import annotations

from typing import Optional

from lark import Token

#: Token types a claimed effect may begin with (the verb).
START = frozenset(("ACT", "DEAL", "DRAW", "RETURN", "GAINLIFE", "LOSELIFE", "GET", "TAPPED", "COUNTER",
                   "BECOME", "PAY", "RESTRICTED", "YOU", "REGEN"))
#: Token types between a subject and its verb that keep the verb in place.
_BETWEEN = frozenset(("NEG", "DO", "MODAL", "ONLY", "QUE"))
#: Token types a verb may follow.
_SUBJECT = frozenset(("CARD", "PRON", "REL"))
#: Token types that end a stretch.
_STOP = frozenset(("REASON", "CONCEDE"))
#: "X has you draw …", "X lets you put …": a verb that makes the player act, dropped before the effect.
_CAUSATIVE = frozenset(("HAS", "CAUSE"))
#: Predicates that, after a joiner (and an optional subject), begin a new clause.
_PREDICATE = frozenset(("COP", "HAS", "COSTV", "ENTER", "ATTR"))


#: Players an effect may be said of after « Avec X, … » / "With X, …" (« chaque joueur perd … »).
_PLAYERS = frozenset(("YOU", "BOTHPLAYERS", "PLAYER"))


def _with_lead(tokens: list[Token], i: int) -> bool:
    """« Avec la Discipline de la forteresse, chaque joueur perd … », "With X, you …", "With X, target
    creature gets …": the card named first, what its text does after the comma."""
    return i == 3 and tokens[0].type == "WITH" and tokens[1].type == "CARD" and tokens[2].type == "AND" and \
        (tokens[i].type in START or tokens[i].type in _PLAYERS or _object_then_verb(tokens, i))


#: Token types of the object an effect may be said of before its verb (« la créature ciblée gagne … »,
#: "target creature gets …", « les créatures blanches gagnent … »).
_OBJECT_WORDS = frozenset(("TARGET", "CARDTYPE", "SUBTYPE", "OBJ", "COLOR", "SUPERTYPE"))


def _object_then_verb(tokens: list[Token], i: int) -> bool:
    """Whether an object (a few object words, one of them a noun) begins at ``i`` and an effect's verb
    follows it: the effect is said from its object on."""
    k = i
    while k < len(tokens) and k - i < 4 and tokens[k].type in _OBJECT_WORDS:
        k += 1
    return k > i and k < len(tokens) and tokens[k].type in START and tokens[k].type != "YOU" and \
        any(t.type in ("TARGET", "CARDTYPE", "SUBTYPE", "OBJ") for t in tokens[i:k])


def _starts_effect(tokens: list[Token], i: int) -> bool:
    if _with_lead(tokens, i):
        return True
    if i > 1 and tokens[i - 1].type == "AND" and tokens[0].type == "CARD" and _object_then_verb(tokens, i) and \
            not any(t.type in ("COND", "HYPO", "CONCEDE", "TEXTDOES") for t in tokens[:i]):
        return True                      # "X costs {2}{G} and target creature gets +4/+4 …": what X does
    if tokens[i].type not in START or tokens[i].type == "YOU" and i + 1 < len(tokens) and \
            tokens[i + 1].type == "CAUSE":      # « vous permet de … »: the effect begins after the causative
        return False
    j = i - 1
    while j >= 0 and tokens[j].type in _BETWEEN:
        j -= 1
    if j < 0:
        return False
    left = tokens[j].type
    if left in TRIGGER_EVENTS and j == 2 and _after_trigger(tokens[:j + 1], TRIGGER_EVENTS):
        return True                      # "When X dies you create …": the effect right after its trigger
    if left == "CAUSE" and tokens[i].type != "YOU":    # « X (vous) permet de piocher … »: after its causative
        k = j - 1 - (j > 1 and tokens[j - 1].type == "YOU")
        if k >= 0 and tokens[k].type in ("CARD", "PRON"):
            return True
    if tokens[i].type == "YOU" and left in _CAUSATIVE and j > 0 and tokens[j - 1].type in ("CARD", "PRON"):
        return True                      # "X has you draw …": a causative, the player's action is the effect
    if tokens[i].type == "YOU" and left != "CARD" and \
            not (left == "AND" and _after_trigger(tokens[:j], TRIGGER_EVENTS)):
        return False                     # « X vous fait payer … », not any « vous »
    if left in _SUBJECT:
        return left != "PRON" or any(t.type == "CARD" for t in tokens[:j])
    return left in ("AND", "BUT") and any(t.type == "CARD" for t in tokens[:j])


#: The events a claim led by its card's trigger names (« Quand X arrive … », "When X dies, …").
TRIGGER_EVENTS = frozenset(("ENTER", "DIE"))


def _after_trigger(before: list[Token], events: frozenset = frozenset(("ENTER",))) -> bool:
    """« Quand X arrive sur le champ de bataille, … »: the claim begins with the trigger of a card; with
    ``events`` :data:`TRIGGER_EVENTS`, "When X dies, …" too (then the condition, the card, its event)."""
    if len(before) < 3 or before[0].type != "COND":
        return False
    return any(t.type == "ENTER" for t in before) or \
        (before[1].type == "CARD" and before[2].type in events)


def _end(tokens: list[Token], i: int) -> int:
    k = i + 1
    while k < len(tokens):
        tok = tokens[k]
        if tok.type in _STOP or (tok.type == "QWORD" and str(tok.value) in ("?", ":")):
            return k
        if tok.type in ("AND", "BUT"):
            n = k + 1
            while n < len(tokens) and tokens[n].type in ("AND", "BUT"):
                n += 1
            if n < len(tokens) and tokens[n].type in ("PRON", "PRONPOSS", "CARD"):
                n += 1
            while n < len(tokens) and tokens[n].type in _BETWEEN:
                n += 1
            if n < len(tokens) and tokens[n].type in _PREDICATE:
                return k
        k += 1
    return k


#: Effects of a card's text the reader's other predicates read one at a time.
_EFFECT_VERBS = frozenset(("DEAL", "DRAW", "GAINLIFE", "LOSELIFE", "RETURN"))
#: Words only claims about what happens to a creature use (« … et elle meurt »): such a stretch is a situation.
_SITUATION = frozenset(("PT", "COUNTER", "DIE", "SURVIVE", "OBJ", "DEALT", "DESTROY", "QWORD"))


def _two_effects(stretch: list[Token]) -> bool:
    """« X inflige 3 blessures … et vous gagnez 3 points de vie »: two effects of the text in one stretch."""
    return sum(t.type in _EFFECT_VERBS for t in stretch) >= 2 and not any(t.type in _SITUATION for t in stretch)


def _ability_cost(tok: Token, text: str) -> Optional[str]:
    """A loyalty cost written as a number (« +2 », "−3", « 0 »), or {T}, else None."""
    if tok.type == "MANA" and str(tok.value).upper() == "{T}":
        return "{T}"
    if tok.type != "NUM":
        return None
    sign = text[tok.start_pos - 1] if tok.start_pos > 0 else ""
    if sign in "+-−–":
        return ("+" if sign == "+" else "-") + str(tok.value)
    return "0" if tok.value == 0 else None


def _with_ability(card: Token, cost: str, first: Token) -> Token:
    value = dict(card.value, ability=cost)
    return Token("CARD", value, start_pos=first.start_pos, end_pos=card.end_pos)


def ability_costs(tokens: list[Token], text: str) -> list[Token]:
    """« a une capacité de loyauté +1 », "has a −3 (loyalty) ability": one ``ABILITYCOST`` token (its value the
    cost, « +1 »), for the claims about which loyalty abilities a planeswalker has."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t.type == "ABILITY":
            n = i + 1 + (2 if i + 2 < len(tokens) and tokens[i + 1].type == "OF" and
                         tokens[i + 2].type == "ATTR" and tokens[i + 2].value == "loyalty" else 0)
            cost = _ability_cost(tokens[n], text) if n < len(tokens) else None
            if cost is not None and cost != "{T}" and not (n + 1 < len(tokens) and tokens[n + 1].type == "OF"):
                out.append(Token("ABILITYCOST", cost, start_pos=t.start_pos, end_pos=tokens[n].end_pos))
                i = n + 1
                continue
        cost = _ability_cost(t, text) if t.type == "NUM" else None
        if cost is not None and i + 1 < len(tokens) and tokens[i + 1].type == "ABILITY" and \
                not (i + 2 < len(tokens) and tokens[i + 2].type == "OF"):
            out.append(Token("ABILITYCOST", cost, start_pos=t.start_pos, end_pos=tokens[i + 1].end_pos))
            i += 2
            continue
        out.append(t)
        i += 1
    return out


def _own_ability(tokens: list[Token], i: int, before: list[Token]) -> Optional[tuple[Token, int]]:
    """« sa capacité à {0} lui donne … », "its ability deals …": the ability of the card named last, as the
    subject of an effect (a CARD token naming that ability, and where the effect's verb is); None otherwise.
    A qualified ability (« sa capacité de mana », "its triggered ability") is left as it is."""
    if tokens[i].type != "PRONPOSS" or i + 2 >= len(tokens) or tokens[i + 1].type != "ABILITY":
        return None
    card = next((t for t in reversed(before) if t.type == "CARD"), None)
    k, cost = i + 2, None
    if k + 1 < len(tokens) and tokens[k].type == "HAS" and tokens[k + 1].type == "MANA":
        k, cost = k + 2, str(tokens[k + 1].value)
    clitic = k + 1 < len(tokens) and tokens[k].type == "PRON" and str(tokens[k].value).lower() == "lui"
    if card is None or tokens[k + clitic].type not in START - {"YOU"}:
        return None
    k += clitic          # « sa capacité lui donne … »: the card itself, the object before the verb
    value = {key: v for key, v in card.value.items() if key != "ability"}
    if cost is not None:
        value["ability"] = cost
    return Token("CARD", value, start_pos=tokens[i].start_pos, end_pos=tokens[k - 1].end_pos), k


def _cost_said_first(tokens: list[Token], i: int) -> Optional[tuple[str, int]]:
    """« Pour {2}{R}, X donne … », "For {1}, X gives …", « X, pour seulement {1}, donne … »: the mana cost of
    the ability said before the card or between commas after it (the cost, and where it ends), else None."""
    if tokens[i].type != "FOR" or str(tokens[i].value).lower() not in ("for", "pour"):
        return None
    k = i + 1 + (i + 1 < len(tokens) and tokens[i + 1].type == "ONLY" and tokens[i + 1].value != "one")
    if k + 1 < len(tokens) and tokens[k].type == "MANA" and tokens[k + 1].type == "AND":
        return str(tokens[k].value), k + 2
    return None


def _abilities(tokens: list[Token], text: str) -> list[Token]:
    """« le +2 de X », « la capacité -3 de X », "X's −1", "the {T} ability of X", « Pour {2}{R}, X … » -> one
    CARD token that names the ability (its cost in ``value["ability"]``), when what follows is a claimed effect."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        t = tokens[i]
        first = _cost_said_first(tokens, i) if i == 0 or tokens[i - 1].type == "QWORD" else None
        if first is not None and first[1] < len(tokens) and tokens[first[1]].type == "CARD":
            out.append(_with_ability(tokens[first[1]], first[0], t))
            i = first[1] + 1
            continue
        between = _cost_said_first(tokens, i + 2) if t.type == "CARD" and i + 2 < len(tokens) and \
            tokens[i + 1].type == "AND" else None
        if between is not None:
            out.append(_with_ability(t, between[0], t))
            i = between[1]
            continue
        own = _own_ability(tokens, i, out)
        if own is not None:
            out.append(own[0])
            i = own[1]
            continue
        lead = 1 if t.type == "ABILITY" else 0
        cost = _ability_cost(tokens[i + lead], text) if i + lead < len(tokens) else None
        n = i + lead + 1
        if cost is not None and n + 1 < len(tokens) and tokens[n].type == "OF" and tokens[n + 1].type == "CARD":
            out.append(_with_ability(tokens[n + 1], cost, t))
            i = n + 2
            continue
        if t.type == "CARD" and i + 2 < len(tokens) and tokens[i + 1].type == "POSS":
            cost = _ability_cost(tokens[i + 2], text)
            k = i + 3 + (1 if i + 3 < len(tokens) and tokens[i + 3].type == "ABILITY" else 0)
            if cost is not None:
                out.append(_with_ability(t, cost, t))
                i = k
                continue
        out.append(t)
        i += 1
    return out


#: What a noun phrase about a card may end with before "for {1}{W}" (its cost).
_NOUN_END = frozenset(("PT", "SUBTYPE", "CARDTYPE", "COLOR", "COLORLESS", "SUPERTYPE"))


def _costs_for(tokens: list[Token]) -> list[Token]:
    """"a 3/1 Human Peasant for {1}{W}", "a green 2/4 Crocodile costing {2}{G}", « un crocodile vert coûtant
    {2}{G} »: "for" or the participle and a mana cost after a noun phrase is the phrase's cost, as « à {1}{W} »
    is (a ``HAS`` token, read by ``cost_comp``); "costing exactly {1}{R}" is that cost."""
    tokens = [t for k, t in enumerate(tokens) if not (t.type == "CMP" and t.value == "eq" and 0 < k < len(tokens) - 1
                                                     and tokens[k - 1].type == "COSTV" and tokens[k + 1].type == "MANA")]
    return [Token("HAS", "for", start_pos=t.start_pos, end_pos=t.end_pos)
            if (t.type in ("WORD", "FOR") and str(t.value).lower() == "for" or
                t.type == "COSTV" and str(t.value).lower() in ("costing", "coutant", "coûtant")) and
            0 < k < len(tokens) - 1 and tokens[k - 1].type in _NOUN_END and tokens[k + 1].type == "MANA" else t
            for k, t in enumerate(tokens)]


def said_ability_costs(tokens: list[Token]) -> list[Token]:
    """"X's ability costs {W}", « la capacité de X coûte {W} », "… whose ability costs {1}{R}", "X has an ability
    that costs {W}": the card, ``HAS`` and one ``ABILITYCOST`` token whose value is ``{"cost": "{W}",
    "definite": …}`` (the ability, or an ability), read by :func:`kb.checker.text_queries.has_ability_cost`."""
    out: list[Token] = []
    i = 0

    def said(k: int) -> bool:
        return k + 1 < len(tokens) and tokens[k].type == "COSTV" and tokens[k + 1].type == "MANA"

    def cost(at: Token, k: int, definite: bool) -> Token:
        return Token("ABILITYCOST", {"cost": str(tokens[k + 1].value), "definite": definite},
                     start_pos=at.start_pos, end_pos=tokens[k + 1].end_pos)

    def has(at: Token) -> Token:
        return Token("HAS", "has", start_pos=at.start_pos, end_pos=at.end_pos)
    while i < len(tokens):
        t = tokens[i]
        kinds = [x.type for x in tokens[i:i + 4]]
        if kinds[:3] == ["CARD", "POSS", "ABILITY"] and said(i + 3):
            out += [t, has(tokens[i + 1]), cost(tokens[i + 2], i + 3, True)]
            i += 5
        elif kinds[:3] == ["ABILITY", "OF", "CARD"] and said(i + 3):
            out += [tokens[i + 2], has(t), cost(t, i + 3, True)]
            i += 5
        elif kinds[:2] == ["PRONPOSS", "ABILITY"] and out and out[-1].type == "AND" and said(i + 2):
            out += [has(t), cost(tokens[i + 1], i + 2, True)]
            i += 4
        elif kinds[:3] == ["HAS", "ABILITY", "REL"] and said(i + 3):
            out += [t, cost(tokens[i + 1], i + 3, False)]
            i += 5
        elif kinds[:2] == ["WHOSE", "ABILITY"] and said(i + 2):
            out += [Token("AND", "and", start_pos=t.start_pos, end_pos=t.end_pos), has(t),
                    cost(tokens[i + 1], i + 2, True)]
            i += 4
        else:
            out.append(t)
            i += 1
    return out


def _activation_lead(tokens: list[Token]) -> list[Token]:
    """« Quand on active le −3 de X, on crée … », "When you activate X's −3, you create …": the ability
    named as it is activated, what it does after the comma; read as « le −3 de X crée … »."""
    k = 2 if len(tokens) > 1 and tokens[1].type == "YOU" else 1
    if len(tokens) < k + 4 or tokens[0].type != "COND" or tokens[k].type != "ACTIVATE":
        return tokens
    comma = next((j for j in range(k + 1, min(len(tokens), k + 6)) if tokens[j].type == "AND"
                  and str(tokens[j].value) == ","), None)
    if comma is None or not any(t.type == "CARD" for t in tokens[k + 1:comma]):
        return tokens
    after = comma + 2 if comma + 1 < len(tokens) and tokens[comma + 1].type == "YOU" else comma + 1
    return tokens[k + 1:comma] + tokens[after:]


def merge_effects(tokens: list[Token], text: str) -> list[Token]:
    """``tokens`` with each claimed effect joined into one ``TEXTDOES`` token (see the module docstring).
    Its value: ``surface`` (the claim's words from the verb on, as written), ``verb`` (the type of the
    first token), ``ability`` (the cost of the ability the claim names: « le +2 de X », or None).
    An ability named without an effect after it leaves the tokens as they were."""
    tokens = _costs_for(ability_costs(said_ability_costs(_activation_lead(tokens)), text))
    merged = _merge(_abilities(tokens, text), text)
    for k, tok in enumerate(merged):
        if tok.type == "CARD" and "ability" in tok.value and \
                (k + 1 >= len(merged) or merged[k + 1].type != "TEXTDOES"):
            return _merge(tokens, text)
    return merged


def _merge(tokens: list[Token], text: str) -> list[Token]:
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        if _starts_effect(tokens, i):
            end = _end(tokens, i)
            stretch = tokens[i:end]
            if any(t.type in ("WORD", "ACT") for t in stretch) or _two_effects(stretch) or _with_lead(tokens, i) or \
                    (_after_trigger(out) and any(t.type in _EFFECT_VERBS - {"DRAW"} for t in stretch)):
                first, last = stretch[0], stretch[-1]
                if first.type == "YOU" and out and out[-1].type in _CAUSATIVE:
                    out.pop()            # "has you draw three cards": the effect is "you draw three cards"
                elif out and out[-1].type == "CAUSE":
                    out.pop()            # « vous permet de piocher deux cartes »: the effect is « piocher … »
                    if out and out[-1].type == "YOU":
                        out.pop()
                while last.type == "AND" and len(stretch) > 1:
                    stretch = stretch[:-1]
                    last = stretch[-1]
                subject = next((t for t in reversed(out) if t.type == "CARD"), None)
                # to the next token (words passed over, « cartes », stay in the effect), less the punctuation
                stop = tokens[i + len(stretch)].start_pos if i + len(stretch) < len(tokens) else len(text)
                surface = text[first.start_pos:stop].rstrip(" ,;.!?")
                value = {"surface": surface, "verb": first.type,
                         "ability": subject.value.get("ability") if subject is not None else None}
                out.append(Token("TEXTDOES", value, start_pos=first.start_pos, end_pos=last.end_pos))
                out.extend(tokens[i + len(stretch):end])
                i = end
                continue
        out.append(tokens[i])
        i += 1
    return out
