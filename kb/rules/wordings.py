"""Old English wordings of rules terms and their modern form.

The Comprehensive Rules renamed several terms over the years: the Magic 2010
rewrite (« in play » -> « on the battlefield », « removed from the game » ->
« exile », « play an ability » -> « activate »), the 2017 pronoun change
(« he or she » -> « they ») and the 2021 « mana value ».  Two readers need
that fact:

* :data:`MODERN_TERMS` rewrites an old text into the modern wording, for the
  fuzzy-matching key of the rule history (:func:`kb.rules.changes.fuzzy_key`),
  so that a rule reworded by a terminology change still finds itself;
* :data:`OLD_ENGLISH_WORDINGS` gives, for an English term of
  ``corpus/terms/terms_fr_en.tsv``, every wording an edition may use for it,
  so that an old French text (« en jeu ») agrees with the old English text
  (« in play ») in :mod:`kb.rules.evidence`.
"""
from __future__ import annotations

import re

#: (pattern, replacement) pairs turning an old wording (lower case) into the modern one.
MODERN_TERMS = tuple((re.compile(p), r) for p, r in (
    (r"\bremoved? from the game\b", "exile"), (r"\bremoves? (\w+) from the game\b", r"exiles \1"),
    (r"\bcomes? into play\b", "enters the battlefield"), (r"\bput into play\b", "put onto the battlefield"),
    (r"\bputs? (\w+) into play\b", r"put \1 onto the battlefield"),
    (r"\bleaves? play\b", "leaves the battlefield"), (r"\bfrom play\b", "from the battlefield"),
    (r"\bin play\b", "on the battlefield"), (r"\binto play\b", "onto the battlefield"),
    (r"\bplay(s|ed|ing)? (an? |the |that |this |its )?(\w+ )?abilit", r"activate\1 \2\3abilit"),
    (r"\bhe or she\b", "they"), (r"\bhis or her\b", "their"), (r"\bhim or her\b", "them"),
    (r"\bconverted mana cost\b", "mana value"), (r"\bstate-based effect(s?)\b", r"state-based action\1"),
    (r"\bremoved-from-the-game zone\b", "exile"),
))

#: English term -> every wording of it across editions (the term itself first).
OLD_ENGLISH_WORDINGS = {
    "battlefield": ("battlefield", "play"),
    "exile": ("exile", "removed from the game", "remove from the game"),
    "mana value": ("mana value", "converted mana cost"),
    "converted mana cost": ("converted mana cost", "mana value"),
    "state-based effect": ("state-based effect", "state-based action"),
}
