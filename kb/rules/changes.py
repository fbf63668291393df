"""How two versions of a rule differ: the rule history's text keys and change kinds.

* :func:`masked_key`: :func:`parser.textkeys.typo_key` with cited rule
  numbers masked, so that a renumbering elsewhere is not a change of this rule;
* :func:`fuzzy_key`: the key the edition matcher compares (lower case, old
  wordings modernised with :data:`kb.rules.wordings.MODERN_TERMS`);
* :func:`change_kind`: ``none`` (identical), ``typo`` (only quotes, dashes,
  italics markers or lost-quote ``?`` differ), ``refs`` (only cited rule
  numbers differ) or ``words``;
* :func:`rule_body`: the text a rule is compared on (its title and text).
"""
from __future__ import annotations

import re
from typing import Optional, Sequence

from kb.rules.wordings import MODERN_TERMS
from parser.textkeys import typo_key

_CITED_RE = re.compile(r"(?<![\d.])\d{3}(?:\.\d+[a-z]?)?(?![\d])")


def masked_key(text: str) -> str:
    """:func:`typo_key` with every cited rule number replaced by ``#``, so that
    a renumbering elsewhere does not count as a change of this rule."""
    return _CITED_RE.sub("#", typo_key(text))


def fuzzy_key(text: str) -> str:
    """The matching key: :func:`masked_key`, lower-cased, old terms modernised."""
    key = masked_key(text).lower()
    for pattern, repl in MODERN_TERMS:
        key = pattern.sub(repl, key)
    return key


def rule_body(title: Optional[str], text: Optional[str]) -> str:
    """A rule's title and text as one string (the title alone when the text
    is empty or repeats it)."""
    if title and (not text or text.strip() == title.strip()):
        return title.strip()
    return f"{title or ''}\n{text or ''}".strip()


def compared_text(title: Optional[str], text: Optional[str], examples: Sequence[str]) -> str:
    """What two versions of a rule are compared on: its title and text (:func:`rule_body`), then its
    examples, one a line (a change in an example alone is a change of the rule, and its word diff shows it)."""
    return "\n".join([rule_body(title, text), *examples]).strip()


def change_kind(a_title: Optional[str], a_text: Optional[str], a_examples: Sequence[str],
                b_title: Optional[str], b_text: Optional[str], b_examples: Sequence[str]) -> str:
    """``none`` / ``typo`` / ``refs`` / ``words``: how two versions of a rule
    differ (see the module docstring).  Examples are lists of strings."""
    if (a_title or None, a_text or "", list(a_examples)) == (b_title or None, b_text or "", list(b_examples)):
        return "none"
    ta, tb = compared_text(a_title, a_text, a_examples), compared_text(b_title, b_text, b_examples)
    if typo_key(ta) == typo_key(tb):
        return "typo"
    if masked_key(ta) == masked_key(tb):
        return "refs"
    return "words"
