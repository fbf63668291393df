"""Faults, round 3 (issue 26): junk lines right after a Comprehensive Rules
rule are warned about (typed, located), never glued silently into its text."""
from __future__ import annotations

from parser.cr import parse_cr_text
from tests.parser.test_cr import MINI

RULE = "100.1a A two-player game is a game that begins with only two players.\n"


def _with_after_100_1a(lines: str):
    return parse_cr_text(MINI.format(stray="").replace(RULE, RULE + lines), "mini", path="mini.txt")


def test_junk_lines_after_a_rule_are_warned_and_left_out():
    ed = _with_after_100_1a("%%%% #### @@@@\n\x1b[2J\x07zz\n---- 1234 ----\n")
    assert ed.rule("100.1a").text == "A two-player game is a game that begins with only two players."
    junk = [(w.line, w.type, w.message) for w in ed.warnings if w.type == "junk_line"]
    assert junk == [(21, "junk_line", "a line of symbols after rule 100.1a: left out of its text"),
                    (22, "junk_line", "a line with control characters after rule 100.1a: left out of its text"),
                    (23, "junk_line", "a line without a word after rule 100.1a: left out of its text")]


def test_a_prose_line_glued_to_a_rule_is_kept_with_a_warning():
    ed = _with_after_100_1a("lorem ipsum dolor sit amet\n")
    assert ed.rule("100.1a").text.endswith("only two players.\nlorem ipsum dolor sit amet")
    glued = [(w.line, w.type, w.text) for w in ed.warnings if w.type == "glued_line"]
    assert glued == [(21, "glued_line", "lorem ipsum dolor sit amet")]
    assert "rule 100.1a" in next(w.message for w in ed.warnings if w.type == "glued_line")


def test_an_indented_continuation_and_a_wrapped_reference_are_no_warning():
    ed = _with_after_100_1a("     Some spells continue on an indented line.\n")
    assert not [w for w in ed.warnings if w.type in ("junk_line", "glued_line")]
    assert "indented line." in ed.rule("100.1a").text
