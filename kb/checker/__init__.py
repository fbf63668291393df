"""The rules checker behind ``kb check``: an executable model of the rules
the seed documents discuss, used to decide claims about cards and short
situations.

Claims: ``claims`` (the API: check_claim, check_file), ``reading`` (folding
and parsing a claim), ``vocabulary`` (keyword, type, colour and number
words), ``forms`` (one method per claim form), ``situation``, ``events``,
``outcomes``, ``features``.  The model: ``mana`` (costs, payments),
``permanents``, ``layers``, ``sba``, ``keywords`` (persist, wither,
conspire, {Q}), ``soulbond``, ``banding``, ``linked``.  Around them:
``cards`` (card facts read from the knowledge base), ``editions``,
``verdict``.
"""
from kb.checker.claims import check_claim, check_file
from kb.checker.verdict import Verdict

__all__ = ["check_claim", "check_file", "Verdict"]
