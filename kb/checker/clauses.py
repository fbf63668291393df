"""A claim of two clauses, each checked on its own: « X, puisque Y », "X, but Y", "X costs {1} and taps for …".

When nothing reads a claim whole, it may still be two statements joined by a
connective the claim reader's tokenizer types (``corpus/terms/claim_words.tsv``):

* a reason (``REASON``: because, since, « puisque », « car », « parce que »),
  a consequence (``SO``: so, therefore, « donc », « par conséquent ») or a
  contrast (``BUT``: but, « mais »).  The claim asserts both clauses: it is
  true when both hold and false when either is false (the causal link itself
  is not checked, as :mod:`kb.checker.meaning` says of reasons).  A concession
  ("even though", « même si ») is not split: it asserts its main clause in the
  situation of the other, which the claim reader reads whole or leaves unknown;
  "while" and "then" order events, and checking the clauses apart would not
  check that.  For the same reason nothing after a
  condition or a hypothesis (« si », "if", "when", "would") is split: "If …, you can still activate
  it, but it won't produce any mana" says its second clause under the condition too.
* two predicates of one card (``AND`` before a verb: "Sol Ring costs {1} and
  taps for two colorless mana"): the card is the subject of both.  That split
  is a guess at the structure, so both clauses must be decided for an answer;
* two statements side by side (« ; », a colon, ", and" before a new subject: « X est un rituel blanc ;
  il … »), both to be decided too.

The second clause's subject pronoun (« il », « c'est », "it", "it's") and a
possessive starting it (« son coût », "its power") are read as the card the
first clause names, when it names exactly one.  A question is not split: what
it asks holds in the situation of its other clause.

The reading printed in ``--json`` is ``{"clauses": {role, connective, parts:
[{text, answer, reading}]}}``: each part with its own reading when the claim
reader read it.
"""
from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import Callable, Optional

from kb.checker.messages import render
from kb.checker.verdict import Verdict

#: Token types of connectives that join two statements of fact, and their role.
ROLES = {"REASON": "reason", "SO": "consequence", "BUT": "contrast"}

#: Connectives (token values) of those types that do not join two facts: a sequence, prepositions that
#: introduce a noun, not a clause.
NOT_FACTS = frozenset(("then", "and then", "puis",
                       "et puis", "ensuite", "alors", "a cause de", "grace a", "grace au", "thanks to",
                       "due to", "comme"))

#: Token types that start a predicate: a clause after "and" that starts with one has the first's subject.
PREDICATE_STARTS = frozenset(("COP", "HAS", "COSTV", "MODAL", "ENTER", "DIE", "GET", "TEXTDOES", "NEG",
                              "DEAL", "RETURN", "DESTROY", "DRAW", "GAINLIFE", "TAPPED", "PAY", "TARGETV"))

#: How a possessive starting a French clause reads once its owner is written out.
_FR_ARTICLE = {"son": "le", "sa": "la", "ses": "les", "leur": "le", "leurs": "les"}

#: At most this many ways to split one claim are tried (each costs a check of both parts), and a clause
#: is split again at most this deep: the cost of a claim of many « et » stays bounded.
MAX_SPLITS = 3
MAX_DEPTH = 2
#: At most this many clauses are checked for one claim, however it splits.
MAX_CHECKS = 8
_DEPTH: ContextVar[int] = ContextVar("clause_depth", default=0)
_BUDGET: ContextVar[list] = ContextVar("clause_budget", default=[0])


@dataclass
class Split:
    """One way to read a claim as two clauses: ``role`` (reason, consequence, contrast,
    conjunction), the connective's words, and the two clauses as claims of their own."""

    role: str
    connective: str
    first: str
    second: str
    #: False when the second clause is no claim of its own (« … est un éphémère bleu qu'on peut lancer … »:
    #: what follows « qu' » has no subject), so that only the first can decide the claim, and only as false
    second_readable: bool = True

    @property
    def both_needed(self) -> bool:
        """Whether both clauses must be decided: a split at "and" is a guess at the structure."""
        return self.role in ("conjunction", "statements")


def splits(claim: str, tokens: list, lang: str) -> list[Split]:
    """The ways to read ``claim`` (with its reader ``tokens``) as two clauses, the likeliest first."""
    if claim.rstrip().endswith("?"):
        return []
    found: list[Split] = []
    card = _one_card(tokens)
    for i, tok in enumerate(tokens):
        if _sets_up(tok):       # « Si X, Y, mais Z »: the condition holds over every clause after it
            break
        role = ROLES.get(tok.type)
        if role and str(tok.value) not in NOT_FACTS:
            split = _at_connective(claim, tokens, i, role, card, lang)
            if split:
                found.append(split)
    for i, tok in enumerate(tokens):
        if _sets_up(tok):
            break
        if tok.type == "AND" and card and i + 1 < len(tokens) and tokens[i + 1].type in PREDICATE_STARTS \
                and tokens[0].type == "CARD" and i > 1:
            first = claim[:tok.start_pos].strip(" ,;")
            second = f"{card[1]} {claim[tokens[i + 1].start_pos:]}".strip()
            found.append(Split("conjunction", claim[tok.start_pos:tok.end_pos], first, second))
    found += _described(claim, tokens, card)
    found += _statements(claim, tokens, card, lang)
    return found[:MAX_SPLITS]


#: Token types of what a card is, in a claim that says it before a relative clause about the card.
_DESCRIBING = frozenset(("CARDTYPE", "COLOR", "COLORLESS", "MULTI", "MONO", "PT", "SUBTYPE", "SUPERTYPE", "AND",
                         "KEYWORD", "WITH", "FLIER"))


def _described(claim: str, tokens: list, card) -> list[Split]:
    """What a card is, then what it does in a relative clause about it: « L'Epix soldat est une créature verte
    0/0 qui arrive … avec trois marqueurs +1/+1 » is « L'Epix soldat est une créature verte 0/0 » and « L'Epix
    soldat arrive … ».  Only when nothing but what the card is stands between the copula and the relative
    pronoun (a guess at the structure: both clauses must be decided)."""
    if not card or len(tokens) < 5 or tokens[0].type != "CARD" or tokens[1].type != "COP":
        return []
    for i in range(2, len(tokens) - 1):
        if tokens[i].type in ("REL", "QUE"):         # « qui arrive … », « qu'on peut lancer … »
            if i <= 2:
                return []
            first = claim[:tokens[i].start_pos].strip(" ,;")
            readable = tokens[i].type == "REL" and tokens[i + 1].type in PREDICATE_STARTS
            second = f"{card[1]} {claim[tokens[i + 1].start_pos:]}".strip() if readable else \
                claim[tokens[i].start_pos:].strip()
            return [Split("conjunction", claim[tokens[i].start_pos:tokens[i].end_pos], first + ".", second,
                          second_readable=readable)]
        if tokens[i].type not in _DESCRIBING:
            return []
    return []


def _statements(claim: str, tokens: list, card, lang: str) -> list[Split]:
    """Two statements side by side: after « ; », a colon, or a comma and "and" / « et » that a new subject
    follows ("X is a white 2/3 Human Soldier, and all creatures in its band must …"); the second's pronoun
    is the card the first names."""
    found: list[Split] = []
    for i, tok in enumerate(tokens[:-1]):
        if _sets_up(tok):
            break
        word = claim[tok.start_pos:tok.end_pos].lower()
        joined = word in (";", ":") or word == "," and tokens[i + 1].type == "AND" and \
            claim[tokens[i + 1].start_pos:tokens[i + 1].end_pos].lower() in ("and", "et") and \
            i + 2 < len(tokens) and tokens[i + 2].type not in PREDICATE_STARTS
        if not joined or i < 2:
            continue
        rest = tokens[i + 2:] if word == "," else tokens[i + 1:]
        if not rest:
            continue
        first = claim[:tok.start_pos].strip(" ,;:")
        second = claim[rest[0].start_pos:].strip(" .;")
        if card and not _other_object(tokens[:i]):
            second = _subject_written_out(second, rest, rest[0].start_pos, card[1], lang)
        found.append(Split("statements", claim[tok.start_pos:rest[0].start_pos].strip(), first + ".",
                           second[:1].upper() + second[1:] + "."))
    return found


def _sets_up(tok) -> bool:
    """Whether ``tok`` opens a situation the rest of the claim holds in (a condition, a hypothesis, a
    concession): no clause after it may be checked on its own."""
    return tok.type in ("COND", "HYPO", "CONCEDE")


def _one_card(tokens: list) -> Optional[tuple[str, str]]:
    """(card, surface) of the one card the tokens name, if one."""
    named = {(t.value["card"], t.value["surface"]) for t in tokens
             if t.type == "CARD" and isinstance(t.value, dict) and not t.value.get("ambiguous")}
    return min(named) if len({c for c, _ in named}) == 1 and len(named) == 1 else None


def _at_connective(claim: str, tokens: list, i: int, role: str, card, lang: str) -> Optional[Split]:
    tok = tokens[i]
    connective = claim[tok.start_pos:tok.end_pos]
    before = claim[:tok.start_pos].strip(" ,;")
    if before:          # « X, puisque Y »
        first, rest = before, tokens[i + 1:]
        second = claim[rest[0].start_pos:].strip(" .;") if rest else ""
    else:               # « Puisque Y, X »: the clause ends at the first comma
        comma = next((j for j in range(i + 1, len(tokens)) if tokens[j].type == "AND"
                      and claim[tokens[j].start_pos:tokens[j].end_pos] == ","), None)
        if comma is None or comma + 1 >= len(tokens):
            return None
        second = claim[tokens[i + 1].start_pos:tokens[comma].start_pos].strip()
        first = claim[tokens[comma + 1].start_pos:].strip()
        rest = tokens[i + 1:comma]
    if not first or not second or not rest:
        return None
    if rest[0].type == "NEG":       # "…, but not with one searching for …": the clause says again the first's verb
        return None
    if card and not _other_object(tokens[:i]):
        second = _subject_written_out(second, rest, rest[0].start_pos, card[1], lang)
    return Split(role, connective, first.rstrip(" ,;") + ".", second.rstrip(" .;") + ".")


#: Token types of an object a clause may name beside its card (« une créature bleue et noire »).
_OBJECTS = frozenset(("CARDTYPE", "OBJ", "SUBTYPE", "TARGET"))


def _other_object(tokens: list) -> bool:
    """Whether the first clause names an object other than its card, not as what the card is (« rend
    bleue une créature », not « est un éphémère »): a pronoun after it may be that object's."""
    for k, tok in enumerate(tokens):
        if tok.type not in _OBJECTS:
            continue
        j = k - 1
        while j >= 0 and tokens[j].type in _ADJECTIVES:
            j -= 1
        if j < 0 or tokens[j].type != "COP":
            return True
    return False


#: What may stand between « est » and the noun it says the card is (« est un éphémère vert »).
_ADJECTIVES = frozenset(("NEG", "ONLY", "MONO", "COLOR", "SUPERTYPE", "SUBTYPE", "PT", "COLORLESS", "MULTI"))


def _subject_written_out(clause: str, tokens: list, offset: int, surface: str, lang: str) -> str:
    """``clause`` with the pronoun or possessive that starts it replaced by the card's name."""
    if not surface:
        return clause
    head = tokens[0]
    word = clause[:head.end_pos - offset]
    rest = clause[head.end_pos - offset:]
    if head.type in ("COND", "CONCEDE", "REASON") and len(tokens) > 1 and tokens[1].type in ("PRON", "PRONPOSS"):
        cut = tokens[1].start_pos - offset     # "…, and whenever it deals …": the pronoun after the lead
        return clause[:cut] + _subject_written_out(clause[cut:], tokens[1:], tokens[1].start_pos, surface, lang)
    if head.type == "PRON":        # « il », "it", an elided « c' » (« c'est »: the name, a space, « est »)
        return surface + (" " + rest.lstrip() if word.endswith(("'", "’")) else rest)
    if head.type == "COP" and word.lower() in ("it's", "it’s", "that's", "that’s"):
        return f"{surface} is{rest}"
    if head.type == "PRONPOSS":
        if lang == "en":
            return f"{surface}'s{rest}"
        verb = next((t for t in tokens[1:] if t.type in PREDICATE_STARTS), None)
        article = _FR_ARTICLE.get(word.lower())
        if verb is None or article is None:
            return clause
        cut = verb.start_pos - offset
        noun = clause[head.end_pos - offset:cut].strip()
        owner = f"d'{surface}" if surface[:1].lower() in "aeiouyéèh" else f"de {surface}"
        return f"{_elided(article, noun)} {owner} {clause[cut:]}".replace("  ", " ")
    return clause


def _elided(article: str, noun: str) -> str:
    if article in ("le", "la") and noun[:1].lower() in "aeiouyéèêh":
        return "l'" + noun
    return f"{article} {noun}"


def consult_clauses(verdict: Verdict, tokens: list, check: Callable[[str], Verdict]) -> Verdict:
    """``verdict`` (unknown) decided by the clauses of the claim, each checked by ``check``; or kept.
    A clause is split again at most ``MAX_DEPTH`` times, and at most ``MAX_CHECKS`` clauses are checked."""
    depth = _DEPTH.get()
    if depth >= MAX_DEPTH:
        return verdict
    token = _DEPTH.set(depth + 1)
    budget = _BUDGET.set([MAX_CHECKS]) if depth == 0 else None
    try:
        return _consult(verdict, tokens, check)
    finally:
        _DEPTH.reset(token)
        if budget is not None:
            _BUDGET.reset(budget)


def _consult(verdict: Verdict, tokens: list, check: Callable[[str], Verdict]) -> Verdict:
    left = _BUDGET.get()
    for split in splits(verdict.claim, tokens, verdict.lang):
        if left[0] < 2:
            break
        left[0] -= 2
        first = check(split.first)
        if not split.second_readable:
            if not denies_what_it_is(first):
                left[0] += 1
                continue
            second = Verdict(split.second, "unknown", lang=verdict.lang,
                             reason=render(verdict.lang, "not a clause of its own", {}))
        else:
            second = check(split.second)
        parts = [first, second]
        answers = [p.answer for p in parts]
        if "false" in answers and ("unknown" not in answers or not split.both_needed or
                                   any(denies_what_it_is(p) for p in parts)):
            answer = "false"
        elif answers == ["true", "true"]:
            answer = "true"
        else:
            continue
        return joined(verdict, split, parts, answer)
    return verdict


#: What a card is, in the claim reader's queries: a clause that says only these is a whole statement,
#: wherever the claim around it is cut.
CHARACTERISTICS = frozenset(("color", "colorless", "multicolored", "monocolored", "card_type", "supertype",
                             "subtype", "pt", "power", "toughness", "loyalty", "mana_value", "mana_cost",
                             "keyword"))


def denies_what_it_is(part: Verdict) -> bool:
    """Whether ``part`` is false by what its named card is (colours, types, P/T, cost, keywords), read by the
    claim reader with no situation, reason or concession: such a clause is false however the rest of the
    claim it was cut from reads, so a claim that asserts it with anything else is false (« X est un éphémère
    bleu qu'on peut lancer … », "X is a blue instant, and …").  A described object (« une créature 2/2 ») has
    no such fixed characteristics."""
    r = part.reading
    if part.answer != "false" or not isinstance(r, dict) or r.get("reader") != "typed" or r.get("question") or \
            r.get("events") or r.get("reason") or r.get("concession") or r.get("only_if") is not None:
        return False

    def leaves(node):
        if node is None:
            return [None]
        if node.get("kind") == "query":
            return [node]
        return [leaf for p in node.get("parts", []) for leaf in leaves(p)]
    named = {e.get("id") for e in r.get("setup", {}).get("entities", []) if e.get("card")}
    found = leaves(r.get("asserts"))
    return bool(found) and all(q is not None and q.get("attribute") in CHARACTERISTICS and not q.get("change")
                               and q.get("subject") in named for q in found)


def joined(verdict: Verdict, split: Split, parts: list[Verdict], answer: str) -> Verdict:
    """The verdict of a claim of two clauses whose verdicts are ``parts``, its answer ``answer``."""
    lang = verdict.lang
    decided = Verdict(verdict.claim, answer, edition=parts[0].edition if parts[0].answer != "unknown"
                      else parts[1].edition, lang=lang, evidence=verdict.evidence)
    decided.reading = {"clauses": {"role": split.role, "connective": split.connective, "parts": [
        {"text": p.claim, "answer": p.answer, "reading": p.reading} for p in parts]}}
    decided.explanation = [render(lang, "the claim joins two clauses with “{connective}” ({role}): it holds "
                                        "when both hold, and is false when either is false",
                                  {"connective": split.connective, "role": render(lang, split.role, {})})]
    for n, p in enumerate(parts, 1):
        said = render(lang, p.answer, {})
        why = p.explanation[0] if p.explanation else (p.reason or "")
        decided.explanation.append(render(lang, "clause {n}, “{text}”: {answer} ({why})",
                                          {"n": n, "text": p.claim, "answer": said, "why": why}))
    decided.rules = sorted({r for p in parts for r in p.rules})
    return decided
