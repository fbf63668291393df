"""The first characters of the French grammar's terminals (parser/faq_first_chars.py), by which the lexer stage
asks only the terminals that may start a token: sound on every line start of the seeds and fixture pages (a
terminal that matches there always may start with the line's first character)."""
from __future__ import annotations

import re
from pathlib import Path

from parser.faq import _parser
from parser.faq_first_chars import first_chars, may_start

ROOT = Path(__file__).resolve().parents[2]


def test_what_a_terminal_may_start_with():
    assert first_chars(r"\d{3}\.\d+[a-z]?") is not None and may_start(r"\d{3}\.\d+[a-z]?", 0, "7")
    assert not may_start(r"\d{3}\.\d+[a-z]?", 0, "S")
    # a lookahead gives the first character of what follows it, even under a flag that changes case
    assert may_start(r"(?=[CEDed])(?i:en vigueur)", 0, "e") and not may_start(r"(?=[CEDed])(?i:en vigueur)", 0, "x")
    assert first_chars(r"(?i:page)") is None           # a flag that changes case: anything
    assert first_chars(r"[ \t]*\n") is not None and may_start(r"[ \t]*\n", 0, "\n") and not may_start(r"[ \t]*\n", 0, "a")
    assert first_chars(r"(?!\d)x?") is None             # may match nothing


def test_every_terminal_that_matches_may_start_there():
    terminals = [(t.name, re.compile(t.pattern.to_regexp()), t.pattern.to_regexp()) for t in _parser().terminals]
    pages = sorted((ROOT / "seeds").glob("*.txt")) + sorted((ROOT / "tests" / "fixtures" / "french").rglob("*.txt"))
    tried = 0
    for page in pages:
        text = page.read_text(encoding="utf-8", errors="replace")
        for start in [0] + [m.end() for m in re.finditer("\n", text) if m.end() < len(text)]:
            for name, regex, source in terminals:
                if regex.match(text, start):
                    tried += 1
                    assert may_start(source, 0, text[start]), (page.name, name, text[start:start + 40])
    assert tried > 10_000
