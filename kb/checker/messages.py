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

LANGS = ("en", "fr")

#: message id -> template, per language (English: the id itself).
TABLES: dict[str, dict[str, str]] = {"en": {}, "fr": FR}


def render(lang: str, template: str, fields: dict) -> str:
    """``template`` in ``lang`` (English when the table lacks it), its fields filled in."""
    text = TABLES.get(lang, {}).get(template, template)
    return text.format(**fields) if fields else text


#: Words that tell an English claim from a French one (folded).
_ENGLISH = frozenset("the is are it they has have with can cannot of to and a an its that when if".split())
_FRENCH = frozenset("le la les est sont elle il elles ils a avec peut de du des et une un qui si quand".split())


def claim_language(words: list[str]) -> str:
    """``en`` when more of ``words`` are English function words than French ones, else ``fr``."""
    en = sum(w in _ENGLISH for w in words)
    fr = sum(w in _FRENCH for w in words)
    return "en" if en > fr else "fr"


def message_language(norm: str) -> str:
    """The language to answer a folded claim in: French or English, as its
    function words say; English when it has none (a bare mana cost, noise)."""
    words = norm.replace("'", " ").split()
    if not any(w in _ENGLISH or w in _FRENCH for w in words):
        return "en"
    return claim_language(words)
