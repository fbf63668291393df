"""Counters in a number the claim does not give: "enough -1/-1 counters to die" is the least number that
takes the object's toughness to 0 (counted by the engine on the instance it plays); "-1/-1 counters" with
no number is not guessed; "persist doesn't trigger" is an outcome; the verbs of a relative clause are what
happens before the main verb ("a creature that gets … and dies | doesn't return").

Sources: seeds/001_… (Sombrelande FAQ, « Persistance »: a creature with +1/+1 counters that gets enough
-1/-1 counters to die has -1/-1 counters as it dies, so persist does not trigger); CR 2026-01-16 702.79a
(persist), 704.5f (toughness 0), 704.5q (+1/+1 and -1/-1 counters removed in pairs, in the same check)."""
from __future__ import annotations

import pytest

from kb.checker import check_claim


@pytest.mark.parametrize("claim, answer, step", [
    ("If a 3/3 creature with persist and two +1/+1 counters gets enough -1/-1 counters to die, it doesn't return.",
     "true", "enough -1/-1 counters for a 3/3 creature with persist and two +1/+1 counters to die: 5"),
    ("Si une créature avec la persistance et un marqueur +1/+1 reçoit assez de marqueurs -1/-1 pour mourir, la "
     "persistance ne se déclenche pas.", "true", "résultat : la capacité persistance de une créature avec la "
     "persistance et un marqueur +1/+1 ne s'est pas déclenchée"),
    ("If a 2/2 creature with persist dies, persist triggers.", "true",
     "outcome: persist of a 2/2 creature with persist triggered"),
    ("If a 2/2 creature with persist and a -1/-1 counter dies, persist triggers.", "false",
     "outcome: persist of a 2/2 creature with persist and a -1/-1 counter did not trigger"),
    ("A 2/2 creature with persist that gets a -1/-1 counter and dies doesn't return.", "true",
     "outcome: a 2/2 creature with persist does not return to the battlefield"),
    ("A creature with persist and a +1/+1 counter that dies from receiving enough -1/-1 counters comes back.", "false",
     "enough -1/-1 counters for a creature with persist and a +1/+1 counter to die: 4"),
])
def test_enough_counters_and_what_triggers(seed_conn, claim, answer, step):
    v = check_claim(claim, cards=seed_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert step in v.explanation


def test_counters_in_no_number_are_not_guessed(seed_conn):
    v = check_claim("A creature with persist and +1/+1 counters that gets -1/-1 counters and dies doesn't return.",
                    cards=seed_conn)
    assert v.answer == "unknown"
