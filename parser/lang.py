"""Which language a French page's rule is written in: French or English.

Pages quote a French rule and then its English version (« 702.19b Le
contrôleur … » / « 702.19b The controller … »).  :func:`detect` tells them
apart by their function words, the words every sentence of either language
is made of and that the other language does not use (« le », « une », « est »
/ « the », « is », « of »): a count, no model.  Rule texts are sentences of
the same register, so this is enough (benchmarks/bench_faq.py measures it
on every rule of the English 2026 edition and the French seed rules); a
text too short to tell (« Piétinement », a one-word title) is ``None``, and
its document's language stands.
"""
from __future__ import annotations

from typing import Optional

__all__ = ["detect", "word_counts", "FRENCH_WORDS", "ENGLISH_WORDS"]

#: Function words of French rule texts that English rule texts do not contain.
FRENCH_WORDS = frozenset("""
le la les un une des du au aux est sont et ou qui que dont ce cette ces son sa ses leur leurs il elle ils
elles vous nous sur dans avec pour par pas ne plus être peut doit si lorsque quand chaque tout toute tous
toutes autre autres même sous être été joueur joueurs créature créatures carte cartes capacité
""".split())

#: Function words of English rule texts that French rule texts do not contain.
ENGLISH_WORDS = frozenset("""
the a an of to is are and or that which this these those its it their they you he she on in with for by not
be can may must if when whenever each all any other another player players creature creatures card cards
ability from as has have
""".split()) - FRENCH_WORDS

def _folded_french() -> frozenset:
    from parser.textkeys import fold

    return FRENCH_WORDS | {fold(w) for w in FRENCH_WORDS if fold(w) not in ENGLISH_WORDS}


#: The French words also without accents (claims are folded: « etre », « meme »),
#: except where that spells an English word (« créature » -> "creature").
_FRENCH_ANY = _folded_french()
_ENGLISH_ANY = ENGLISH_WORDS


def word_counts(words) -> tuple[int, int]:
    """(French, English) function words among ``words`` (lower case, with or
    without accents): the one count behind :func:`detect` and the checker's
    choice of the language a claim is answered in."""
    words = words if isinstance(words, (list, tuple)) else list(words)
    return len(list(filter(_FRENCH_ANY.__contains__, words))), len(list(filter(_ENGLISH_ANY.__contains__, words)))


#: How much of a text is read: its first sentences tell its language.
SAMPLE = 300

#: How many more function words of one language a text needs to be said to be in it.
MARGIN = 2


def detect(text: str, sample: int = SAMPLE) -> Optional[str]:
    """``"fr"``, ``"en"``, or None when the text is too short or too mixed to
    tell; only its first ``sample`` characters are read."""
    fr, en = word_counts(text[:sample].lower().split())
    if fr >= en + MARGIN and fr >= 2 * en:
        return "fr"
    if en >= fr + MARGIN and en >= 2 * fr:
        return "en"
    return None
