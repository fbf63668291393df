"""The words around a card name: tokens of a text and the cues the linker
reads (sentence starts, naming cues « le nom … », « named », keyword cues
« le mot-clé … », rules definitions « … est une capacité »).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from kb.cards.nameindex import TOKEN_RE, singular
from parser.textkeys import fold

#: Words that announce a card name: « le nom Forêt », « nommé « Forêt » ».
NAMING_CUES = {"nom", "noms", "nomme", "nommee", "nommes", "nommees", "name", "named", "names",
               "called", "carte", "cartes", "card", "cards"}

#: Words saying a quoted word is a keyword, not a name (« le mot-clé « Flash » »).
KEYWORD_CUES = {"mot", "cle", "mots", "keyword", "keywords", "capacite", "capacites", "ability", "abilities"}

#: Characters after which a word starts a sentence, a quote or a list item.
_SENTENCE_START = set(".!?:;«\"“(*•[") | {"\n"}

#: What follows a keyword at the start of its own definition.
DEFINITION_RE = re.compile(r"[\s\u00a0»\"”]*(?:N\b\s*)?(?:is an? |are |means |est une? |sont |signifie )")

_BLANKS = " \t\u00a0\u202f"


@dataclass
class Token:
    """A word or one punctuation character of a text: ``text`` as written,
    character offsets, and ``key`` (folded, singular) for the name index."""

    text: str
    start: int
    end: int
    key: str


def tokenize(text: str) -> list[Token]:
    return [Token(m.group(), m.start(), m.end(), singular(fold(m.group()))) for m in TOKEN_RE.finditer(text)]


def prev_char(text: str, pos: int) -> str:
    """The character before ``pos``, blanks skipped (a line break at the start)."""
    i = pos - 1
    while i >= 0 and text[i] in _BLANKS:
        i -= 1
    return text[i] if i >= 0 else "\n"


def next_char(text: str, pos: int) -> str:
    """The character at or after ``pos``, blanks skipped (a line break at the end)."""
    i = pos
    while i < len(text) and text[i] in _BLANKS:
        i += 1
    return text[i] if i < len(text) else "\n"


def sentence_initial(text: str, toks: list[Token], i: int) -> bool:
    """Token ``i`` starts a sentence, a quote, a list item or a rule's text."""
    c = prev_char(text, toks[i].start)
    if c in _SENTENCE_START:
        return True
    if c in "-–—" and (i < 2 or toks[i - 1].start == 0 or prev_char(text, toks[i - 1].start) in "-\n"):
        return True  # « -- » sub-item
    # after a rule number « 502.79. Persistance » / « 607.1a Texte »
    if i >= 1 and re.fullmatch(r"\d+[a-z]?", toks[i - 1].text) and prev_char(text, toks[i - 1].start) in ".\n":
        return True
    return False


def cue_before(toks: list[Token], i: int) -> bool:
    """A naming cue among the three words before token ``i`` (quotes skipped)."""
    j, seen = i - 1, 0
    while j >= 0 and seen < 3:
        t = toks[j]
        if t.text[0].isalnum():
            if fold(t.text) in NAMING_CUES:
                return True
            seen += 1
        elif t.text not in "«\"“'’":
            return False
        j -= 1
    return False


def naming_sentence(toks: list[Token], i: int) -> bool:
    """A naming cue earlier in the same sentence and no keyword cue
    (« si un jeton a le même nom qu'une carte (par exemple « Changeforme » »)."""
    j = i - 1
    cue = False
    while j >= 0 and toks[j].text not in (".", "!", "?", "\n"):
        w = fold(toks[j].text)
        if w in KEYWORD_CUES:
            return False
        cue = cue or w in NAMING_CUES
        j -= 1
    return cue
