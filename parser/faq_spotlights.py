"""Card records in an article's sentences (a spotlight), laid out for the document grammar.

Blogs, reports and newsletters present a card inside their prose, its fields in the sentence:

* its English name in parentheses, then its cost and its type line: « Ange de Serra (Serra Angel) —
  coût : trois et deux blancs, soit … » with « Créature — Ange, 4/4. » on the next line, « Dragon Shîvan
  (Shivan Dragon) : il coûte quatre et deux rouges. Créature — Dragon, 5/5, … », « c'est le Vampire
  sengien (Sengir Vampire), 3BB, Créature — Vampire, 4/4 volant … »;
* its fields in parentheses after its name: « le Cobra de lotus (1G, Créature — Serpent, 2/1), dont … »;
* its cost, « pour », its type line: « l'Héroïne de Fortcoutel : 2WW pour une Créature — Humain et
  chevalier 3/4 avec … »;
* its cost after the verb, then « c'est un » and its type line: « Négation coûte {1}{U}, c'est un éphémère »
  (never after a pronoun: « Elle coûte … »).

Such a line becomes a record: the name line with the cost (and the English name: « Nom / English »),
the type line, the P/T, then the sentence itself as the record's text.  A line is a spotlight only
with a cost :func:`parser.mana.read_cost` reads and a type line the cardface grammar reads; a name in
prose with no fields is no record.  The name is the capitalised words before the parentheses (or the
colon) in the sentence's last clause; with an English name, the candidate whose length is nearest
to it (« le Vampire sengien (Sengir Vampire) »: « Vampire sengien »).
"""
from __future__ import annotations

import re
from typing import Optional

from parser.faq_field_reader import TYPE_WORDS, type_and_pt
from parser.mana import read_cost

#: A laid-out line: its text, and the (line, column) of the page it starts at.
Placed = tuple[str, tuple[int, int]]

#: A line that may hold one: a parenthesis that opens with a capital, a figure or a brace (an English
#: name, fields), « pour une » and a type word, or « coûte … c'est un ».  (Literal-led: the quickest scan of a whole
#: text; searches each starting with its one character, as one search of all would start with a class.)
_GATES = (re.compile(r"\([A-Z0-9{][^()\n]{0,60}\)"), re.compile(r"pour une? " + TYPE_WORDS), re.compile(r"coûte [^\n]{1,40}c['’]est un"),
          re.compile(r"coute [^\n]{1,40}c['’]est un"))
_ENGLISH = re.compile(r"[ \t]*\(([A-Z][^()]{1,40})\)")
_FIELDS_IN_PARENS = re.compile(r"[ \t]*\(([^()]{2,20}),[ \t]*(" + TYPE_WORDS + r"[^()]{0,60})\)")
_COST_AFTER = re.compile(r"[ \t]*(?:[—–:,][ \t]*)?(?:(?:il |elle )?co[uû]te?[ \t]*:?[ \t]*)?([^,.;:()—–]{1,40})")
_COST_FOR = re.compile(r"[ \t]*:[ \t]*(\d{0,2}[WUBRGCX]{1,8}|(?:\{[^{}\s]+\})+)[ \t]+pour une?[ \t]+")
#: « Négation coûte {1}{U}, c'est un éphémère »: the cost after the verb, the type line after « c'est un ».
_COST_VERB = re.compile(r"[ \t]+co[uû]te[ \t]+([^,.;:()]{1,30}?)[ \t]*[,;—–][ \t]*(?:c'est|c’est|il s'agit d'|il s’agit d')[ \t]*une?[ \t]+")
#: The subjects of « coûte » that name no card.
_PRONOUNS = frozenset(("il", "elle", "ça", "cela", "ceci", "on", "celle-ci", "celui-ci", "celle-là", "celui-là", "tout"))
_TYPE_AT = re.compile(r"(?:^|[.,;:—–][ \t]+|^[ \t]+|\bune?[ \t]+)(" + TYPE_WORDS + r")")
_SEGMENT_END = re.compile(r"[,.;()]|$")
_PT_IN = re.compile(r"(?:^|[ \t])(\d{1,2}/\d{1,2})(?=[ \t]|$)")
_PT_AFTER = re.compile(r",[ \t]*(\d{1,2}/\d{1,2})\b")
_CAPITAL = re.compile(r"(?:^|(?<=[ \t'’]))[A-ZÀ-ÖØ-Þ]")
_CLAUSE_END = re.compile(r".*[.,;:!?«»—–]")


def _names(before: str) -> list[str]:
    """The capitalised word runs that end ``before`` in its last clause, longest first."""
    clause = before[_CLAUSE_END.match(before).end():] if _CLAUSE_END.match(before) else before
    clause = clause.rstrip()
    return [clause[m.start():] for m in _CAPITAL.finditer(clause) if len(clause[m.start():].split()) <= 6]


def _name(before: str, english: Optional[str]) -> Optional[str]:
    names = _names(before)
    if not names:
        return None
    if english is None:
        return names[0]
    size = len(english.split())
    return min(names, key=lambda n: (abs(len(n.split()) - size), -len(n)))


def _typed(text: str) -> Optional[tuple[str, Optional[str]]]:
    """The type line (and the P/T after it) at the start of ``text``, after a clause's end or after
    « une »: up to the next comma or period, its P/T in it (« … chevalier 3/4 avec … ») or after a comma."""
    for m in _TYPE_AT.finditer(text):
        end = _SEGMENT_END.search(text, m.start(1)).start()
        segment = text[m.start(1):end]
        inner = _PT_IN.search(segment)
        written, pt = (segment[:inner.start()], inner[1]) if inner else (segment, None)
        kind = type_and_pt(written.strip())[0]
        if kind is None and " — " in segment:      # « … — Rituel — texte : « … » »: the field ends at the next dash
            written, pt = segment.split(" — ", 1)[0], None
            kind = type_and_pt(written.strip())[0]
        if kind:
            after = _PT_AFTER.match(text, end)
            return kind, pt or (after[1] if after else None)
    return None


def _type_words(text: str) -> Optional[str]:
    """The longest run of words at the start of ``text`` (up to a clause's end) that is a type line, its first
    letter a capital (« éphémère et le texte … » -> « Éphémère »), or None."""
    words = re.split(r"[ \t]+", _SEGMENT_END.split(text, maxsplit=1)[0].strip())[:8]
    for n in range(len(words), 0, -1):
        run = " ".join(words[:n])
        run = run[:1].upper() + run[1:]
        if type_and_pt(run)[0] == run:
            return run
    return None


def _spotlight(line: str, below: str) -> Optional[tuple[str, str, str, Optional[str], bool]]:
    """(name line, cost, type line, P/T, whether the type line is the next line's) of a spotlight."""
    for paren in _FIELDS_IN_PARENS.finditer(line):          # « le Cobra de lotus (1G, Créature — Serpent, 2/1) »
        cost, typed, name = read_cost(paren[1]), type_and_pt(paren[2]), _name(line[:paren.start()], None)
        if cost and typed[0] and name:
            return name, cost, typed[0], typed[1], False
    for english in _ENGLISH.finditer(line):                 # « Ange de Serra (Serra Angel) — coût : … »
        written = _COST_AFTER.match(line, english.end())
        cost = read_cost(written[1].strip()) if written else None
        name = _name(line[:english.start()], english[1]) if cost else None
        typed = (_typed(line[written.end():]), False) if name else (None, False)
        if name and typed[0] is None and below:
            typed = (_typed(below), True)
        if name and typed[0]:
            return f"{name} / {english[1].strip()}", cost, typed[0][0], typed[0][1], typed[1]
    for m in _COST_VERB.finditer(line) if "co" in line else ():    # « Négation coûte {1}{U}, c'est un éphémère »
        cost, name, kind = read_cost(m[1]), _name(line[:m.start()], None), _type_words(line[m.end():])
        if cost and name and kind and not _PRONOUNS.intersection(name.lower().split()):    # (« Elle coûte … »)
            return name, cost, kind, None, False
    for m in _COST_FOR.finditer(line):                      # « l'Héroïne de Fortcoutel : 2WW pour une Créature … »
        cost, name, typed = read_cost(m[1]), _name(line[:m.start()], None), _typed(line[m.end():])
        if cost and name and typed:
            return name, cost, typed[0], typed[1], False
    return None


def _starts(line: str) -> list[int]:
    """Where each spotlight with an English name starts in ``line`` (its name's offset)."""
    starts = []
    for english in _ENGLISH.finditer(line):
        written = _COST_AFTER.match(line, english.end())
        name = _name(line[:english.start()], english[1]) if written and read_cost(written[1].strip()) else None
        if name and _typed(line[written.end():]):
            starts.append(line.rfind(name, 0, english.start()))
    return starts


def _pieces(placed: Placed) -> list[Placed]:
    """A line holding several spotlights (a FAQ flattened onto a line, « … CARTE N°2. Obscur salut (Dark
    Salvation) — coût : … »): one line from each one's name on, each at its column."""
    text, (line, column) = placed
    starts = [k for k in _starts(text) if k > 0][1:] if text.count("(") > 1 else []
    if not starts:
        return [placed]
    bounds = [0] + starts + [len(text)]
    return [(text[a:b].rstrip(), (line, column + a)) for a, b in zip(bounds, bounds[1:])]


def split_spotlights(lines: list[Placed]) -> list[Placed]:
    """``lines`` with each line that holds several spotlights cut before each one after the first (before
    any other layout reads them: a block of fields would take the rest of the line as its text)."""
    return [piece for placed in lines for piece in (_pieces(placed) if _gate(placed[0]) else (placed,))]


def lay_out_spotlights(lines: list[Placed]) -> list[Placed]:
    """``lines`` with every spotlight sentence laid out as a record followed by its sentence."""
    out: list[Placed] = []
    i = 0
    while i < len(lines):
        text, where = lines[i]
        below = lines[i + 1][0] if i + 1 < len(lines) else ""
        found = _spotlight(text, below) if _gate(text) else None
        if found is None:
            out.append(lines[i])
            i += 1
            continue
        name, cost, kind, pt, uses_below = found
        if out and out[-1][0].strip():
            out.append(("", where))
        out += [(f"{name} {cost}", where), (kind, where)] + ([(pt, where)] if pt else []) + [(text, where)]
        i += 1
        if uses_below:
            out.append(lines[i])
            i += 1
        if i < len(lines) and lines[i][0].strip():
            out.append(("", where))
    return out


def _gate(text: str) -> bool:
    return any(gate.search(text) is not None for gate in _GATES)


def has_spotlights(text: str) -> bool:
    """Whether ``text`` may hold one (the gate of :func:`lay_out_spotlights`)."""
    return _gate(text)
