"""What kind of ability a keyword is, read on its defining rule in the edition asked
(kb/checker/ability_kinds.py): the kinds change with the rules (lifelink: triggered in 2008, static
since M10), so only that edition's text decides."""
from __future__ import annotations

import pytest

from kb.checker import check_claim
from kb.checker.ability_kinds import kinds_in
from kb.checker.reader import structure_parser


def test_kinds_named_by_the_head_of_a_defining_rule():
    assert kinds_in("Persist is a triggered ability. \u201cPersist\u201d means \u201cWhen this permanent is put "
                    "into a graveyard from the battlefield, ...\u201d") == ({"triggered"}, 1)
    assert kinds_in("Soulbond is a keyword that represents two triggered abilities. \u201cSoulbond\u201d means "
                    "\u201cWhen this creature enters ...\u201d") == ({"triggered"}, 2)
    assert kinds_in("Conspire is a keyword that represents two abilities. The first is a static ability that "
                    "functions while the spell with conspire is on the stack. The second is a triggered ability "
                    "that functions while the spell with conspire is on the stack. \u201cConspire\u201d means "
                    "\u201cAs you cast this spell, you may pay a static ability ...\u201d") == ({"static", "triggered"}, 2)
    # the garbled quotes of the 2008 text stop the head too
    assert kinds_in("Lifelink is a triggered ability. ?Lifelink? means ?Whenever this permanent deals damage, "
                    "you gain that much life.?") == ({"triggered"}, 1)


@pytest.mark.corpus
@pytest.mark.parametrize("claim, edition, answer", [
    ("La persistance est une capacité statique.", None, "false"),                       # 702.79a triggered
    ("Persist is a triggered ability.", None, "true"),
    ("L'association d'âmes est un mot-clé qui représente deux capacités déclenchées.", None, "true"),  # 702.95a
    ("Soulbond is a keyword that represents three triggered abilities.", None, "false"),  # two, not three
    ("Lifelink is a static ability.", None, "true"),                                     # 702.15a today
    ("Lifelink is a static ability.", "2008-05-01", "false"),                            # 502.68a in 2008
    ("Le lien de vie n'est pas une capacité statique.", "2008-05-01", "true"),
    ("Selon les règles de 2008, la flétrissure est une capacité statique.", None, "unknown"),  # 502.80a names no kind
    ("Conspire is a static ability.", None, "unknown"),                                  # static and triggered
    ("Conspire is an activated ability.", None, "false"),
])
def test_ability_kind_on_the_rule_history(full_conn, claim, edition, answer):
    v = check_claim(claim, cards=full_conn, edition=edition)
    assert v.answer == answer, (v.reason, v.explanation)
    if answer != "unknown":
        assert any("702." in r or "502." in r for r in v.rules)


def test_no_rule_text_in_the_edition_leaves_it_unknown(seed_conn):
    """The seed knowledge base has no rule history: the 2008 quote of 502.79a is not today's rule."""
    v = check_claim("La persistance est une capacité statique.", cards=seed_conn)
    assert v.answer == "unknown"
    assert "702.79a" in v.reason


def test_grammar_stays_small():
    assert len(structure_parser().lark.rules) < 1100
