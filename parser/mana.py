"""Mana costs in card-face notation, parsed with ``parser/grammars/mana.lark``.

``parse_mana_cost("{2/B}{2/B}{2/B}")`` returns a :class:`ManaCost`, a tuple of
:class:`ManaSymbol` with the two facts every caller needs and that never
depend on a game state: the mana value (CR 202.3, « coût converti de mana »
in the 2008 rules quoted by seeds/001_…, rule 203.3c) and the colors
(CR 105.2 / 202.2, seeds/001_… rule 203.2e).  Payments, pools and cost
reductions are the checker's job (``kb.checker.mana``).

Errors: any text that is not a sequence of mana symbols raises
:class:`ManaCostError` giving the 1-based column of the first bad symbol.
The non-mana symbols {T}, {Q} and {E} are recognised and rejected with a
message naming them; nothing is ever silently dropped.

Other grammars may reuse the rules with ``%import .mana (mana_cost)`` and
turn the resulting subtree into a ManaCost with :func:`mana_cost_from_tree`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Optional, Union

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedEOF, UnexpectedInput, UnexpectedToken

from parser import grammars

#: The five colors in the order of the color wheel (CR 105.1).
COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")

#: Color names by letter, English and French.
COLOR_NAMES = {
    "en": {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"},
    "fr": {"W": "blanc", "U": "bleu", "B": "noir", "R": "rouge", "G": "vert"},
}

#: Kinds of symbol, as the grammar names its rules.
SYMBOL_KINDS = (
    "generic", "colored", "colorless", "snow", "variable", "hybrid",
    "monocolored_hybrid", "phyrexian", "hybrid_phyrexian", "half",
)

#: What the non-mana symbols are, for the error message.
NON_MANA_NAMES = {
    "{T}": "the tap symbol (CR 107.5)",
    "{Q}": "the untap symbol (CR 107.6; rule 104.5 in the 2008 rules, seeds/001_…)",
    "{E}": "the energy symbol (CR 107.14)",
}



class ManaCostError(ValueError):
    """A mana cost that does not parse.

    ``text`` is the input, ``column`` the 1-based column of the first bad
    character, ``symbol`` the offending braced symbol when there is one.
    """

    def __init__(self, message: str, text: str, column: int, symbol: Optional[str] = None):
        self.message = message
        self.text = text
        self.column = column
        self.symbol = symbol
        super().__init__(f"{message} (column {column} of {text!r})")


def _wheel_order(letters: Iterable[str]) -> tuple[str, ...]:
    found = set(letters)
    return tuple(c for c in COLORS if c in found)


@dataclass(frozen=True)
class ManaSymbol:
    """One mana symbol of a cost.

    ``text`` as written (``{2/B}``); ``kind`` one of :data:`SYMBOL_KINDS`;
    ``colors`` the symbol's colors in WUBRG order (CR 105.2: a hybrid symbol
    is all its colors, a monocolored hybrid or Phyrexian symbol its one
    color); ``generic`` the number for ``{N}`` and ``{N/C}``; ``variable``
    the letter for ``{X}``/``{Y}``/``{Z}``.
    """

    text: str
    kind: str
    colors: tuple[str, ...] = ()
    generic: int = 0
    variable: Optional[str] = None

    def mana_value(self, x: int = 0) -> Union[int, float]:
        """This symbol's share of the mana value (CR 202.3).

        {N} counts N; a colored, colorless, snow, hybrid or Phyrexian symbol
        counts 1; a monocolored hybrid {N/C} counts its larger half, max(N, 1)
        (seeds/001_… rule 203.3c); {X} counts ``x`` (0 outside the stack,
        CR 202.3b / 107.3b); a half symbol counts 0.5.
        """
        if self.kind == "generic":
            return self.generic
        if self.kind == "monocolored_hybrid":
            return max(self.generic, 1)
        if self.kind == "variable":
            return x
        if self.kind == "half":
            return 0.5
        return 1

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class ManaCost:
    """A parsed mana cost: the symbols in printed order.

    ``text`` is the cost as given (stripped).  An empty cost (``""``) has no
    symbols and mana value 0; a card *without* a mana cost (a land) is
    represented by ``None`` at the card level, not by an empty ManaCost.
    """

    text: str
    symbols: tuple[ManaSymbol, ...] = ()

    @property
    def mana_value(self) -> Union[int, float]:
        """Mana value with X = 0, as everywhere but on the stack (CR 202.3, 107.3b)."""
        return self.mana_value_with()

    def mana_value_with(self, x: int = 0) -> Union[int, float]:
        """Mana value with each {X}/{Y}/{Z} worth ``x`` (a spell on the stack, CR 202.3e)."""
        total = sum(s.mana_value(x) for s in self.symbols)
        return int(total) if float(total).is_integer() else total

    @property
    def colors(self) -> tuple[str, ...]:
        """Colors of the symbols, WUBRG order (CR 202.2; seeds/001_… rule 203.2e)."""
        return _wheel_order(c for s in self.symbols for c in s.colors)

    @property
    def variables(self) -> tuple[str, ...]:
        return tuple(s.variable for s in self.symbols if s.variable)

    def __str__(self) -> str:
        return "".join(s.text for s in self.symbols)

    def __len__(self) -> int:
        return len(self.symbols)

    def __iter__(self):
        return iter(self.symbols)


@lru_cache(maxsize=1)
def mana_parser() -> Lark:
    """The LALR parser for ``mana_cost`` (built once, cached)."""
    return grammars.load("mana", parser="lalr", start="mana_cost",
                         propagate_positions=True, maybe_placeholders=False)


_BRACED = re.compile(r"\{[^{}]*\}?")


def _symbol_from_token(kind: str, tok: Token, text: str) -> ManaSymbol:
    raw = str(tok)
    body = raw[1:-1]
    column = getattr(tok, "column", None) or 1
    if kind == "generic":
        return ManaSymbol(raw, kind, (), int(body))
    if kind == "colored":
        return ManaSymbol(raw, kind, (body,))
    if kind in ("colorless", "snow"):
        return ManaSymbol(raw, kind)
    if kind == "variable":
        return ManaSymbol(raw, kind, variable=body)
    if kind in ("hybrid", "hybrid_phyrexian"):
        a, b = body.split("/")[:2]
        if a == b:
            raise ManaCostError(f"hybrid symbol {raw} has the same color twice", text, column, raw)
        return ManaSymbol(raw, kind, _wheel_order((a, b)))
    if kind == "monocolored_hybrid":
        n, c = body.split("/")
        return ManaSymbol(raw, kind, (c,), int(n))
    if kind == "phyrexian":
        return ManaSymbol(raw, kind, (body[0],))
    if kind == "half":
        return ManaSymbol(raw, kind, (body[1],) if body.startswith("H") else ())
    if kind == "non_mana":
        raise ManaCostError(f"{raw} is {NON_MANA_NAMES.get(raw, 'not a mana symbol')}, not mana",
                            text, column, raw)
    raise ManaCostError(f"unknown kind of symbol {kind!r}", text, column, raw)


def _kind(data: str) -> str:
    # Lark namespaces imported rules: « mana__generic » -> « generic ».
    return str(data).rsplit("__", 1)[-1]


def mana_cost_from_tree(tree: Tree, text: Optional[str] = None) -> ManaCost:
    """Turn a ``mana_cost`` subtree (own grammar or imported) into a ManaCost.

    ``text`` is the original input, used for error messages; by default the
    symbols are joined back.  Raises ManaCostError for {T}/{Q}/{E}.
    """
    tokens: list[tuple[str, Token]] = []
    for child in tree.children:
        if isinstance(child, Tree):
            tok = child.children[0]
            tokens.append((_kind(child.data), tok))
        else:  # a bare token (should not happen with this grammar)
            raise ManaCostError(f"unexpected token {child!s}", text or str(child), 1, str(child))
    source = text if text is not None else "".join(str(t) for _, t in tokens)
    symbols = tuple(_symbol_from_token(kind, tok, source) for kind, tok in tokens)
    return ManaCost(source, symbols)


def parse_mana_cost(text: str) -> ManaCost:
    """Parse a mana cost such as ``{2/B}{2/B}{2/B}`` or ``{X}{G/U/P}``.

    Leading/trailing whitespace is ignored; whitespace between symbols is an
    error (costs are printed without it).  ``""`` gives an empty ManaCost.
    Raises ManaCostError (a ValueError) with the 1-based column of the first
    character that is not part of a known mana symbol, and with a specific
    message for {T}, {Q} and {E}, which are symbols but not mana.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_mana_cost expects a str, got {type(text).__name__}")
    stripped = text.strip()
    if not stripped:
        return ManaCost("", ())
    offset = len(text) - len(text.lstrip())
    try:
        tree = mana_parser().parse(stripped)
    except UnexpectedInput as exc:
        column = (getattr(exc, "column", None) or 1)
        if isinstance(exc, UnexpectedToken) and exc.token is not None and exc.token.type != "$END":
            column = exc.token.column or column
        if isinstance(exc, UnexpectedEOF):
            column = len(stripped) + 1
        pos = max(column - 1, 0)
        m = _BRACED.match(stripped, pos)
        if m:
            bad = m.group(0)
            msg = (f"unknown mana symbol {bad}" if bad.endswith("}")
                   else f"unterminated symbol {bad}")
        elif pos < len(stripped):
            bad = stripped[pos]
            msg = f"unexpected {bad!r}: a mana cost is a sequence of braced symbols like {{2}}{{W/U}}"
        else:
            bad = None
            msg = "mana cost ends early"
        raise ManaCostError(msg, text, column + offset, bad) from None
    try:
        cost = mana_cost_from_tree(tree, stripped)
    except ManaCostError as exc:
        raise ManaCostError(exc.message, text, exc.column + offset, exc.symbol) from None
    return ManaCost(stripped, cost.symbols)


@lru_cache(maxsize=1)
def written_cost_parser() -> Lark:
    """The LALR parser for ``written_cost``: braced, bare (« 2B ») or parenthesised (« (2)(B) ») costs."""
    return grammars.load("mana", parser="lalr", start="written_cost", maybe_placeholders=False)


@lru_cache(maxsize=4096)
def parse_written_cost(text: str) -> ManaCost:
    """A cost as pages write it: braced (« {2}{B} », see :func:`parse_mana_cost`; or spaced, « {2} {B} »),
    bare (« 2B », « XRR ») or one symbol a parenthesis (« (2)(B)(B) »,
    « (2/B) »), figures then braced or parenthesised symbols (« 2{B/R}{B/R} », « 2(B/R)(B/R) »), read by the ``written_cost`` rule of mana.lark.  The result
    is braced: ``str(parse_written_cost("2B")) == "{2}{B}"``.  Raises
    ManaCostError as parse_mana_cost does (the column is in ``text``)."""
    stripped = text.strip()
    if not stripped or (stripped[0] == "{" and not any(c in stripped for c in " \t")):
        return parse_mana_cost(text)
    offset = len(text) - len(text.lstrip())
    try:
        tree = written_cost_parser().parse(stripped)
    except UnexpectedInput as exc:
        column = getattr(exc, "column", None) or len(stripped) + 1
        raise ManaCostError("not a mana cost: a written cost is braced symbols, figures then WUBRGC "
                            "letters, or one symbol a parenthesis", text, column + offset) from None
    form = next(c for c in tree.children if isinstance(c, Tree))
    if form.data == "spaced_cost":                       # « {2} {B} »
        symbols = [s for part in form.children for s in mana_cost_from_tree(part, stripped).symbols]
        return ManaCost(stripped.replace(" ", "").replace("\t", ""), tuple(symbols))
    if form.data == "figures_braced":                    # « 2{B/R}{B/R} »
        return parse_mana_cost("{%s}" % form.children[0] + stripped[len(form.children[0]):])
    braced = "".join("{%s}" % str(tok).strip().strip("()") for tok in form.children)
    return parse_mana_cost(braced)


def is_mana_cost(text: str) -> bool:
    """True when ``text`` parses as a (non-empty) mana cost."""
    try:
        return bool(parse_mana_cost(text).symbols)
    except ManaCostError:
        return False


# ---- costs as card pages write them (parser/faq_field_blocks.py, parser/faq_card_pages.py) ----
#: Numbers written in words in French costs (« trois et deux blancs »).
_NUMBERS = {"zéro": 0, "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7,
            "huit": 8, "neuf": 9, "dix": 10, "onze": 11, "douze": 12, "quinze": 15}
#: French colour words, « blanc » -> W (and « incolore »: colourless).
_COLOURS = {**{name: letter for letter, name in COLOR_NAMES["fr"].items()}, "incolore": "C"}


def _colour_word(word: str) -> Optional[str]:
    """The letter of a French colour word, singular or plural (« blancs » -> W), or None."""
    return next((_COLOURS[w] for w in (word, word[:-1], word[:-2]) if w in _COLOURS), None)


def cost_in_words(written: str) -> Optional[str]:
    """A cost written in French words, braced: « trois et deux blancs » -> « {3}{W}{W} », « 4 Vert Vert »
    -> « {4}{G}{G} », « 1 + deux hybrides vert/blanc » -> « {1}{G/W}{G/W} », or None (a number before a plural colour counts it, before a singular one it is generic,
    but « un » / « une » is an article: « trois et un noir » -> « {3}{B} », and so is « 1 » after a number:
    « 2 + 1 blanc » -> « {2}{W} »)."""
    words = [w for w in re.split(r"[ \t,+]+", written.strip().lower()) if w and w not in ("et", "plus")]
    generic, symbols, count, xs = 0, [], None, ""
    hybrid = article = False
    for word in words:
        if word == "x" and count is None and not symbols:     # « X + vert »: X before the other symbols
            xs += "{X}"
            continue
        if word in ("hybride", "hybrides"):          # « deux hybrides vert/blanc »: the number counts the symbols
            hybrid = True
            continue
        if word.rstrip("s") in ("générique", "generique"):     # « deux génériques et un blanc »: the number is generic
            generic, count = generic + (1 if count is None else count), None
            continue
        number = int(word) if word.isdigit() else _NUMBERS.get(word)
        colour = _colour_word(word)
        if colour is None and "/" in word:            # « vert/blanc »: a hybrid symbol
            pair = [_colour_word(w) for w in word.split("/")]
            colour = "/".join(pair) if len(pair) == 2 and all(pair) and "C" not in pair else None
            word, hybrid = word + ("s" if hybrid else ""), False
        if number is not None:
            generic += count or 0
            # « trois et un noir »: « un » is an article; so is « 1 » after a number (« 2 + 1 blanc »: {2}{W})
            count, article = number, word in ("un", "une") or word == "1" and count is not None
        elif colour:                     # « deux blancs »: the number counts the colour; « 4 Vert »: it is generic
            counted = count is not None and (word.endswith("s") or article)
            generic += 0 if counted or count is None else count
            symbols += [colour] * (count if counted else 1)
            count = None
        else:
            return None
    generic += count or 0
    if not symbols and not generic:
        return None
    return xs + (f"{{{generic}}}" if generic else "") + "".join(f"{{{s}}}" for s in symbols)


def read_cost(written: str) -> Optional[str]:
    """A cost as card pages write it, braced, or None: the forms of :func:`parse_written_cost`, spaced or
    lower-case (« 1 U U », « 1(g/w)(g/w) »), with « + » (« 1 + WW »), with a parenthesised note
    (« 15 (incolore) », « 1GG (valeur de mana 3) »), in words (:func:`cost_in_words`), or in words then in symbols
    (« 2 rouges + 2 génériques ({2}{R}{R}) »: the symbols), or with the French letters V and N (« 1V »: {1}{G})."""
    braced = re.fullmatch(r"[^{}]*[a-zé]{3}[^{}]*\((\{[^()]+\}|[0-9X]{0,3}[WUBRGC]{1,8})\)[ \t]*", written) \
        if "(" in written else None
    if braced:                           # « 2 rouges + 2 génériques ({2}{R}{R}) », « 1 rouge (1R) »: the symbols are the cost
        written = braced[1]
    aside = re.fullmatch(r"(.+?)[ \t]+\(([^()]*[a-zé]{3}[^()]*)\)[ \t]*", written) if ")" in written else None
    if aside and not re.fullmatch(r"(?i)incolore|valeur de mana.*|ccm.*|vm.*", aside[2]):
        return read_cost(aside[1])       # « 4WB (six mana, ça pique) »: a remark after the cost
    text = re.sub(r"\((?:incolore|valeur de mana[^)]*|ccm[^)]*|vm[^)]*)\)", "", written, flags=re.I).strip()
    words = re.sub(r"[ \t]*\+[ \t]*", " ", text)
    text = re.sub(r"[ \t]*\+[ \t]*", "", text)
    if not text:
        return None
    if re.fullmatch(r"[0-9XWUBRGCPS/(){} \t]+", text.upper()):
        squeezed = text.upper().replace(" ", "").replace("\t", "")
        squeezed = re.sub(r"(?<![{(/])([WUBRG2]/[WUBRGP])(?![})/])", r"{\1}", squeezed)
        if re.fullmatch(r"X+\d{1,2}[WUBRGC]*", squeezed):     # « XX2WW »: the X before the figures, as printed
            squeezed = "".join("{" + part + "}" for part in re.findall(r"X|\d{1,2}|[WUBRGC]", squeezed))
        try:
            return str(parse_written_cost(squeezed))
        except (ManaCostError, ValueError):
            pass
    if re.fullmatch(r"[0-9XVNR]*[VN][0-9XVNR]*", text):
        return _french_letters(text)
    return cost_in_words(words) if re.search(r"[a-zé]{3}", text.lower()) else None


#: The French letters of a cost (« 1V », « 2NN »: V = vert, N = noir, R = rouge), which are no English symbols.
_FRENCH_LETTERS = {"V": "G", "N": "B"}


def _french_letters(text: str) -> Optional[str]:
    """« 1V » -> « {1}{G} », « XNN » -> « {X}{B}{B} »: a cost written with V or N, the letters no English cost has;
    only with R (the same in both languages) and no B or U beside them (« B » is blanc in French, black in English)."""
    try:
        return str(parse_written_cost("".join(_FRENCH_LETTERS.get(c, c) for c in text)))
    except (ManaCostError, ValueError):
        return None
