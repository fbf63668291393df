"""What a word is to search: the languages, the token pattern, the French elisions.

One definition shared by the index analysis (:mod:`kb.search.index`), the
literal reading of a query that does not parse (:mod:`kb.search.query`) and
the spelling correction (:mod:`kb.search.spelling`).

Game notation is one token: mana symbols (``{2/B}``), power/toughness and
counters (``-1/-1``, ``+1/+1``, ``X/X``) and rule numbers (``702.19c``);
then words with inner apostrophes or hyphens (« d'âmes », « non-bloquée »),
then numbers.
"""
from __future__ import annotations

import re

#: The languages of the analysis, of the documents and of the ``lang:`` filter.
LANGS = ("fr", "en")

TOKEN_PATTERN = (r"\{[^{}\s]+\}"
                 r"|[+-]?(?:\d+|[*X])/[+-]?(?:\d+|[*X])"
                 r"|\d{3}\.\d+[a-z]?"
                 r"|\w+(?:['’]\w+)*"
                 r"|\d+")
TOKEN_RE = re.compile(TOKEN_PATTERN)

#: French elided articles and conjunctions (l', d', qu', jusqu'…), before an
#: apostrophe, straight or curly.
ELISIONS = ("l", "d", "j", "qu", "jusqu", "lorsqu", "puisqu", "n", "s", "c", "m", "t")
ELISION_RE = re.compile(r"^(?:%s)['’](?=\w)" % "|".join(ELISIONS))
