"""The words of ``kb check``'s answers, one table per language.

Every explanation step and every reason is written in the code as its
English template, which is the message's id (the gettext convention): the
English table is the ids themselves, :data:`FR` gives the French template
of each id.  ``{field}`` places are filled in by :func:`render`, in
whichever language the claim was written (:func:`message_language`), so
there is one code path and one table per language.  tests/checker/
test_messages.py reads every template of kb/checker/ and checks that the
French table has it, with the same fields.
"""
from __future__ import annotations

from kb.checker.messages_fr import FR
from parser.lang import word_counts

LANGS = ("en", "fr")

#: message id -> template, per language (English: the id itself).
TABLES: dict[str, dict[str, str]] = {"en": {}, "fr": FR}


def render(lang: str, template: str, fields: dict) -> str:
    """``template`` in ``lang`` (English when the table lacks it), its fields filled in."""
    text = TABLES.get(lang, {}).get(template, template)
    return text.format(**fields) if fields else text


def claim_language(words: list[str]) -> str:
    """``en`` when more of ``words`` (folded) are English function words than
    French ones, else ``fr`` (the count is :func:`parser.lang.word_counts`,
    the one that tells a page's French rules from English ones)."""
    fr, en = word_counts(words)
    return "en" if en > fr else "fr"


def message_language(norm: str) -> str:
    """The language to answer a folded claim in: French or English, as its
    function words say; English when it has none (a bare mana cost, noise)."""
    words = norm.replace("'", " ").split()
    if word_counts(words) == (0, 0):
        return "en"
    return claim_language(words)
