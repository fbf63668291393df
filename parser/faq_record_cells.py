"""One-line card records as tokens: the cells of a record printed on one line (parser/faq_layout.py).

* a line of cells, « Name | {cost} | Type | P/T | text », « - Name, {1}{W}, Éphémère » (``FIELD_*``);
* a line of spaced dashes, « Name (1BB) – Créature : zombie – 2/2 – text », « Nom / English — {2}{U}
  — Créature : humain — 1/1 » (``DASH_*``);
* a record run into a sentence, « …, on trouve aussi Voyageur damné {W} Créature : humain et soldat
  1/1 Quand… » (``INLINE_*``): the words before the name are prose;
* a Markdown table's header row (``TABLE_HEAD``).

Each reader takes the text, the position and the rest of the line from there, and gives the tokens
(type, text) of the cells it decides, or None; the grammar's own terminals read the rest of the line.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Optional

from parser import grammars
from parser.faq_tables import columns

__all__ = ["dash_line", "field_line", "inline_record", "pt_cell", "table_head", "use_grammar"]

#: One token: its type and its text.
Piece = tuple[str, str]


def _terminal(grammar: str, name: str) -> str:
    """The regular expression of a one-pattern terminal of a grammar (``NAME: /…/``): the patterns the
    readers share with the grammar are written once, there."""
    m = re.search(rf"^{name}(?:\.\d+)?:[ \t]*/(.*)/[ \t]*$", grammars.text(grammar), re.M)
    return f"(?:{m.group(1)})"


@lru_cache(maxsize=1)
def _type_word() -> str:
    """``TYPE_WORD`` of ``parser/grammars/terminals.lark``: the words a type line starts with."""
    return _terminal("terminals", "TYPE_WORD")


_PT_VALUE = _terminal("faq", "_PT_VALUE")
_FIELD_BARE = _terminal("faq", "_FIELD_BARE")
_FIELD_LABEL = _terminal("faq", "_FIELD_LABEL")
_DSEP = _terminal("faq", "_DSEP")
_BRACED_SYMBOLS = r"(?:\{[^{}\s]+\})"
_FIELD_SEP = r"[ \t]*[|,;\t][ \t]*"
_TABLE_SEP = r"[ \t]*[|\t][ \t]*"


@lru_cache(maxsize=1)
def _field_line() -> re.Pattern:
    """« - Name, {1}{W}, Éphémère », « | Name | 2W | Créature : elfe | 2/2 | … »: a bullet or a table's
    « | », the name, its cost (braced between any separators, bare only between « | » or tabs), the type
    line's first word."""
    return re.compile(rf"(?P<bullet>(?:[•–*-]|\||\d{{1,2}}[.)])[ \t]+)?(?P<name>[^\d\s{{}}\[\]•–*|-][^\n{{}}\[\]|]*?)"
                      rf"(?:(?P<sep>{_FIELD_SEP})(?P<braced>{_BRACED_SYMBOLS}++)(?P<sep2>{_FIELD_SEP})"
                      rf"|(?P<tsep>{_TABLE_SEP})(?P<bare>{_FIELD_BARE})(?P<tsep2>{_TABLE_SEP})){_type_word()}")


def field_line(text: str, pos: int, line: str) -> Optional[list[Piece]]:
    """The bullet and the name of a record on one line of cells (``FIELD_BULLET``, ``FIELD_NAME``)."""
    if "{" not in line and "|" not in line and "\t" not in line:
        return None
    m = _field_line().match(text, pos)
    if not m or "\n" in m.group() or len(m["name"]) > 80 or (m["braced"] and any(c in m["name"] for c in ";\t")):
        return None
    pieces = [("FIELD_BULLET", m["bullet"])] if m["bullet"] else []
    return pieces + [("FIELD_NAME", m["name"])]


_CELL_END = re.compile(r"[ \t]*(?:[|,;\t]|\n)")
_PT_CELL = re.compile(_PT_VALUE)
_DASH_CELL_END = re.compile(r"[ \t]+[–—-][ \t]+|[ \t]*\n")


def pt_cell(kind: str) -> Callable[[str, int, str], Optional[list[Piece]]]:
    """The reader of a P/T that fills its cell: ``FIELD_PT`` up to a separator or the line's end,
    ``DASH_PT`` up to a spaced dash or the line's end."""
    ends = _CELL_END if kind == "FIELD_PT" else _DASH_CELL_END

    def cell(text: str, pos: int, line: str) -> Optional[list[Piece]]:
        m = _PT_CELL.match(text, pos)
        return [(kind, m.group())] if m and ends.match(text, m.end()) else None
    return cell


_DCOST = (r"(?:\d{0,2}(?:\{[^{}\s]+\})++|\((?:\{[^{}\s]+\})+\)|\(?(?:X{1,2}|\d{1,2})[WUBRGC]{0,8}\)?|\(?[WUBRGC]{1,8}\)?|"
          r"(?:\((?:\d{1,2}|[WUBRGCSXYZ]|[WUBRG2]/[WUBRGP])\)){2,}|\d{1,2}(?:\((?:[WUBRGCSXYZ]|[WUBRG2]/[WUBRGP])\))+)")


@lru_cache(maxsize=1)
def _dash_line() -> re.Pattern:
    """« Name (1BB) – Créature : zombie – … », « Nom / English — {2}{U} — Créature : humain — 1/1 »."""
    return re.compile(rf"(?P<bullet>(?:[•*-]|\d{{1,2}}[.)])[ \t]+)?(?P<name>(?:\*\*)?[A-ZÀ-ÖØ-Þ][^\n{{}}\[\]|/]{{0,79}}?(?:\*\*)?)"
                      rf"(?P<vo>[ \t]+/[ \t]+[^\n{{}}\[\]|/]{{1,80}}?)?(?P<cost>(?:{_DSEP}|[ \t]+){_DCOST})(?P<sep>{_DSEP})"
                      rf"(?P<type>{_type_word()})")


_DASH_TYPE_PT = re.compile(rf"{_DSEP}{_PT_VALUE}(?:{_DSEP}|[ \t]*\n)")
_DASH_TYPE_END = re.compile(r"[ \t][–—-][ \t]|\n")
_LABELLED = re.compile(rf"(?:\*\*)?{_FIELD_LABEL}")


def dash_line(text: str, pos: int, line: str) -> Optional[list[Piece]]:
    """The head of a record on one line of spaced dashes: bullet, name, other language's name, cost,
    dash, and the type line up to the dash before its P/T (or the next spaced dash)."""
    if "– " not in line and "— " not in line and "- " not in line:
        return None
    m = _dash_line().match(text, pos)
    if not m or "\n" in m.group() or _LABELLED.match(m["name"]):
        return None
    start, line_end = m.start("type"), text.find("\n", m.end("type"))
    end = (_DASH_TYPE_PT.search(text, m.end("type"), line_end + 1)
           or _DASH_TYPE_END.search(text, m.end("type"), line_end + 1))
    pieces = [("DASH_BULLET", m["bullet"])] if m["bullet"] else []
    pieces += [("DASH_NAME", m["name"])] + ([("DASH_VO", m["vo"])] if m["vo"] else [])
    return pieces + [("DASH_COST", m["cost"]), ("DASH_SEP", m["sep"]), ("DASH_TYPE", text[start:end.start()])]


_TABLE_HEAD = re.compile(r"\|[^\n]*\|[ \t]*\n")
_TABLE_RULE = re.compile(r"\|?[ \t]*:?-{3,}")


def table_head(text: str, pos: int, line: str) -> Optional[list[Piece]]:
    """A Markdown table's header row that names its columns (a name column: parser/faq_tables.py, « Nom », « Nom VF »,
    « Carte »), right above its rule row « |---| »."""
    m = _TABLE_HEAD.match(text, pos)
    if not m or not _TABLE_RULE.match(text, m.end()):
        return None
    return [("TABLE_HEAD", m.group())] if "name" in columns(m.group()) else None


# ---- a record run into a sentence -------------------------------------------------------------------
_CAPITALS = "ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞ"
_NOT_IN_NAME = frozenset("\n{}*[].:;!?«»")
_BRACE_RUN = re.compile(r"(?:\{[^{}\s]+\})+")
_LOWER_WORD = r"[a-zà-öø-ÿ][a-zà-öø-ÿ'’-]*[ \t]+"
#: The prose before the name: words up to a punctuation mark then lower-case words, or the
#: sentence's first words (one capitalised word at most, then lower-case words).
_AFTER_PUNCTUATION = re.compile(rf"[^\n{{}}]*[ \t][^\n{{}}]*[.,;:!?»)][ \t]+(?:{_LOWER_WORD})*")
_FIRST_WORDS = re.compile(rf"(?:[A-ZÀ-ÖØ-Þ][a-zà-öø-ÿ'’-]*[ \t]+)?(?:{_LOWER_WORD})+")
#: A name never comes right after these words (« Carabin de Barrenton »: « de » is in the name).
_LINKING_WORD = re.compile(r"\b(?:de|du|la|le|et|au|en|des|les|aux|à)\s\Z")
_MV_AT_END: Optional[re.Pattern] = None
_INLINE_TYPE = None
_INLINE_PT = None


def use_grammar(terminals) -> None:
    """Take from the grammar the terminals these readers share with it (the printed mana value at a
    line's end, ``LINE_MV``)."""
    global _MV_AT_END
    _MV_AT_END = re.compile(next(t.pattern.to_regexp() for t in terminals if t.name == "LINE_MV"))


def _name_at(line: str, start: int, brace: int, lead: bool) -> Optional[int]:
    """The end of a card name at ``start`` before the braced cost at ``brace`` (spaces between), or None."""
    end = len(line[:brace].rstrip(" \t"))
    if end == brace or not 2 <= end - start <= 46 or any(c in _NOT_IN_NAME for c in line[start:end]):
        return None
    if line[start] in " \t" or (lead and line[start] not in _CAPITALS):
        return None
    return end


def _after_cost(line: str, brace: int, dash: bool) -> Optional[int]:
    """The end of the braced cost at ``brace`` when a capital letter follows it after spaces (a dash
    between them if ``dash``), or None."""
    run = _BRACE_RUN.match(line, brace)
    if run is None:
        return None
    rest = line[run.end():]
    words = rest.lstrip(" \t")
    if len(words) == len(rest):
        return None
    if dash and words[:1] in ("-", "–", "—") and words[1:2] in (" ", "\t"):
        words = words[1:].lstrip(" \t")
    return run.end() if words[:1] and words[0] in _CAPITALS else None


def _lead(line: str, brace: int) -> Optional[int]:
    """Where the name starts after the prose before it (the last place the prose allows), or None."""
    starts = [i for i in range(1, brace) if line[i] in _CAPITALS and line[i - 1] in " \t"]
    for form in (_AFTER_PUNCTUATION, _FIRST_WORDS):
        for start in reversed(starts):
            prose = line[:start]
            if form.fullmatch(prose) and not _LINKING_WORD.search(prose) and _name_at(line, start, brace, True):
                return start
    return None


def _type_and_pt(line: str, pos: int) -> list[Piece]:
    """The type line after the cost (up to a space or the line's end) and the P/T after it."""
    global _INLINE_TYPE, _INLINE_PT
    if _INLINE_TYPE is None:
        words = r"[a-zà-öø-ÿœæ'’-]+"
        _INLINE_TYPE = re.compile(rf"[ \t]+(?:[-–—][ \t]+)?{_type_word()}(?:-[a-zà-öø-ÿ]+)?(?:[ \t]+(?:légendaire|de base|"
                                  rf"neigeux|neigeuse|tribal))*(?:[ \t\u00a0\u202f]*:[ \t]*-?[ \t]*{words}(?:[ \t]+{words})*)?"
                                  rf"(?P<end>[ \t]|$)")
        _INLINE_PT = re.compile(rf"[ \t]+(?:[-–—][ \t]+)?{_PT_VALUE}(?P<end>[ \t]|$)")
    typed = _INLINE_TYPE.match(line, pos)
    if typed is None:
        return []
    pieces = [("INLINE_TYPE", line[pos:typed.start("end")])]
    pt = _INLINE_PT.match(line, typed.start("end"))
    return pieces + ([("INLINE_PT", line[typed.start("end"):pt.start("end")])] if pt else [])


def inline_record(text: str, pos: int, line: str) -> Optional[list[Piece]]:
    """A record run into a line of prose: the prose before it (``INLINE_LEAD``), its name, its braced
    cost, its type line and P/T when they follow (« Voyageur damné {W} Créature : humain et soldat
    1/1 Quand… »); the rest of the line is the grammar's."""
    brace = line.find("{")
    if brace < 1:
        return None
    pieces: list[Piece] = []
    start = 0
    if line[0] not in "0123456789*[" and _after_cost(line, brace, dash=False) is not None:
        start = _lead(line, brace) or 0
        pieces = [("INLINE_LEAD", line[:start])] if start else []
    if brace - start > 47 or _name_at(line, start, brace, False) is None:
        return None
    end = _after_cost(line, brace, dash=True)
    if end is None or _MV_AT_END.match(text, pos + _BRACE_RUN.match(line, brace).end()):
        return None
    name_end = _name_at(line, start, brace, False)
    pieces += [("INLINE_NAME", line[start:name_end]), ("INLINE_COST", line[name_end:end])]
    return pieces + _type_and_pt(line, end)
