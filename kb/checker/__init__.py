"""The executable rules checker (issue 8): a small model of the rules in
the seeds, used by ``kb check`` to validate claims about cards and
situations.  Modules: ``mana`` (costs, payments), ``permanents``,
``layers``, ``sba``, ``keywords`` (persist, wither, conspire, {Q}),
``soulbond``, ``banding``, ``linked``, ``cards`` (card facts/lookup),
``editions``, ``verdict``, ``claims`` (the controlled language).
"""
from kb.checker.claims import check_claim, check_file
from kb.checker.verdict import Verdict

__all__ = ["check_claim", "check_file", "Verdict"]
