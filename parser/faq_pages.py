"""Hard-wrapped text as PDF copies and pasted pages break it.

:func:`join_wrapped` joins the lines of a hard-wrapped rule, example or note
(parser/grammars/faq.lark gives them: ``rule_line``, ``example_line``,
``note_line``; the running headers and page numbers between them are
``page_break`` items, kept as text and left out of the join).

A word cut at a line end, « cré- » then « ature », is one word again,
« créature ».  A hyphen at a line end is ambiguous: French writes many words
with a hyphen (« Bonnet-rouge », « peut-être », « celle-ci », « a-t-il »).
The choice made here: the hyphen is a cut, and is removed, only when both
sides are lower-case letters and the part after it is not one of the words
French joins with a hyphen (« même », « ci », « là », « être », « t », the
subject pronouns…); otherwise (« Bonnet-\\nrouge », « Saint-\\nÉtienne »,
« peut-\\nêtre ») the two parts are joined with the hyphen kept.  A dash
after a space (« … — ») is punctuation: the lines are joined with a space.
"""
from __future__ import annotations

import re

#: The words French writes after a hyphen (« celle-ci », « peut-être », « dit-il », « a-t-elle »).
_HYPHEN_WORDS = frozenset(
    "même mêmes ci là être t il ils elle elles on je tu nous vous moi toi lui leur leurs y en le la les "
    "dessus dessous delà bas haut midi clés".split())

_CUT = re.compile(r"(?<=[^\W\d_])-$")
_WORD = re.compile(r"[^\W\d_]+")


def _glue(before: str, after: str) -> str:
    """The line ``before`` (ending with a hyphen after a letter) and ``after`` as one word."""
    head = _WORD.findall(before[:-1])
    tail = _WORD.match(after)
    last = head[-1] if head else ""
    if tail and last and last[-1].islower() and tail.group()[0].islower() and \
            tail.group().lower() not in _HYPHEN_WORDS and not last[0].isupper():
        return before[:-1] + after
    return before + after


def join_wrapped(parts: list[str]) -> str:
    """The lines of a hard-wrapped text as one: spaces between them, a word cut
    at a line end (« cré- » / « ature ») joined (see the module's doc)."""
    parts = [p.strip() for p in parts]
    joined = " ".join(p for p in parts if p)
    if "- " not in joined:                      # (most texts: no line ends with a hyphen)
        return joined
    out = ""
    for part in parts:
        if not part:
            continue
        if out.endswith("-") and _CUT.search(out[-2:]):
            out = _glue(out, part)
        else:
            out = f"{out} {part}" if out else part
    return out
