"""« A band can include … » (:mod:`kb.checker.meaning_banding`) played on instances: creatures with and
without banding declared as one band by :func:`kb.checker.banding.can_form_band`.  A limit L (« at
most one », « jusqu'à deux ») holds when a band with L such creatures is legal and one with L + 1 is
not; « any number » when a band with 5 is legal.  The other kind, when the claim leaves it out, is one
creature with banding (none without)."""
from __future__ import annotations

from kb.checker.banding import can_form_band
from kb.checker.engine.citing import say
from kb.checker.permanents import Permanent
from kb.checker.verdict import Trace

#: How many creatures stand for « any number » of them.
ANY_NUMBER = 5


def _band(with_n: int, without_n: int) -> list[Permanent]:
    return ([Permanent(name=f"banding {k + 1}", types={"creature"}, keywords={"banding"}, base_power=1,
                       base_toughness=1) for k in range(with_n)]
            + [Permanent(name=f"no banding {k + 1}", types={"creature"}, base_power=1, base_toughness=1)
               for k in range(without_n)])


def _legal(with_n: int, without_n: int, trace: Trace) -> bool:
    say(trace, "a band of {n} creature(s) with banding and {m} without is declared", n=with_n, m=without_n)
    return can_form_band(_band(with_n, without_n), trace)


def band_can_include(value: dict, trace: Trace) -> bool:
    """Whether every limit of ``value`` (``with`` / ``without`` banding) is what the rules allow."""
    counts = {"with": 1, "without": 0}
    for side, limit in value.items():
        counts[side] = ANY_NUMBER if limit is None else limit
    if not _legal(counts["with"], counts["without"], trace):
        return False
    for side, limit in value.items():
        if limit is not None:
            more = dict(counts, **{side: limit + 1})
            if _legal(more["with"], more["without"], trace):
                return False
    return True
