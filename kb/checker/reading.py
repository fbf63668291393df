"""Reading a claim: folding it for the grammar, parsing it with
``parser/grammars/claims.lark``, and the small readers of the parse tree
(numbers, names, colours, power/toughness, polarity) every claim form uses.

:class:`Handlers` is how the parts of a claim are dispatched: a table from
the grammar's alias (``counters_event``, ``pt_outcome``…) to the function
that evaluates it, filled by a decorator next to each function.
"""
from __future__ import annotations

import re
import threading
from functools import lru_cache
from typing import Callable, Optional

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from kb.checker.lemmas import lemmatize, restore_words
from kb.checker.per_check import PerCheck
from kb.checker.verdict import Unknown
from kb.checker.vocabulary import COLOR_LETTERS, LEADING_ARTICLE, NUMBERS
from parser import grammars
from parser.textkeys import fold


@lru_cache(maxsize=1)
def claims_parser() -> Lark:
    """The Earley parser of ``parser/grammars/claims.lark`` (cached), with
    its start rules: ``start``, ``late_start`` (the condition last) and
    ``late_tail`` (the end of a ``late_start`` claim, from its condition word)."""
    parser = grammars.load("claims", parser="earley", lexer="dynamic",
                           start=["start", "late_start", "late_tail", "edition_lead", "after_qual", "late_after_qual",
                                  "asked_lead"])
    earley = parser.parser.parser          # lark.parsers.xearley.Parser: its dynamic lexer's matcher
    earley.term_matcher = _budgeted(earley.term_matcher)
    return parser


#: Terminal matches the Earley parses of one claim may make, in all (the
#: claim's reading cost, counted, not timed, so an answer never depends on
#: the machine's load).  The longest claims of the fixtures make about
#: 9,400; a claim that needs more is too intricate and answered unknown:
#: this keeps every claim under 50 ms (benchmarks/bench_check.py).
PARSE_BUDGET = 10_500


class ReadingTooCostly(Exception):
    """A claim whose reading needs more than :data:`PARSE_BUDGET` terminal matches."""


_budget = threading.local()       # matches left for the claim this thread reads (None: no bound)


def _budgeted(match: Callable) -> Callable:
    def bounded(term, text, index):
        left = getattr(_budget, "left", None)
        if left is not None:
            if left <= 0:
                raise ReadingTooCostly()
            _budget.left = left - 1
        return match(term, text, index)

    return bounded


def normalize(text: str) -> str:
    """Fold a claim for the grammar: lowercase, no accents/ligatures, plain
    apostrophes and spaces, no « » quotes or final period or question mark, symbols inside
    braces upper-cased (``{2/b}`` -> ``{2/B}``)."""
    t = fold(text).replace("\u00a0", " ").replace("\u202f", " ")
    t = t.replace("«", " ").replace("»", " ").replace("“", " ").replace("”", " ").replace('"', " ")
    t = re.sub(r"\{[^{}]*\}", lambda m: m.group(0).upper(), t)
    t = re.sub(r"\s+", " ", t).strip()
    return t.rstrip(".?").strip()


#: Runs of mana symbols longer than this are shelved while the claim is parsed.
_SHELVE = 32
_MANA_RUN = re.compile(r"(?:\{[^{}\s]+\})+")


def shelve_mana(norm: str) -> tuple[str, dict[str, str]]:
    """``norm`` with each long run of mana symbols replaced by a short
    stand-in (``{M0}``…), and the stand-ins; the Earley parser then reads a
    claim of a thousand symbols as fast as one of three."""
    stash: dict[str, str] = {}

    def shelve(m: re.Match) -> str:
        if len(m.group(0)) <= _SHELVE:
            return m.group(0)
        key = f"{{M{len(stash)}}}"
        stash[key] = m.group(0)
        return key

    return _MANA_RUN.sub(shelve, norm), stash


def restore_mana(tree: Tree, stash: dict[str, str]) -> Tree:
    """Put the shelved mana runs back into the MANA tokens of ``tree``."""
    if stash:
        for sub in tree.iter_subtrees():
            sub.children = [Token("MANA", stash[c]) if isinstance(c, Token) and c.type == "MANA" and c in stash
                            else c for c in sub.children]
    return tree


#: ``late_start`` (the condition last) is tried only when a condition word follows the claim's first word.
_LATE_IF = re.compile(r"\S\s.*\b(?:si|quand|lorsque|lorsqu'|if|when|whenever)\b")
#: Where a condition word (the grammar's ``_if``) may begin the end of a ``late_start`` claim.
_CONDITION_WORD = re.compile(r"(?<![a-z0-9'\-])(?:si|quand|lorsque|lorsqu'|if|when|whenever)(?![a-z0-9\-])")


def _late_tail_parses(text: str) -> bool:
    """Whether some condition word of ``text`` (after its first word)
    begins an end that ``late_tail`` reads: without one, ``late_start``
    cannot read the claim, and its full parse (the cost of a second
    Earley parse over the whole grammar) is skipped."""
    first_space = text.find(" ")
    for m in _CONDITION_WORD.finditer(text, max(first_space, 0)):
        try:
            claims_parser().parse(text[m.start():], start="late_tail")
        except UnexpectedInput:
            continue
        return True
    return False


def parse_claim(norm: str) -> Tree:
    """The parse tree of the folded claim ``norm``, its words first brought
    to the grammar's words of the same lemma (:mod:`kb.checker.lemmas`:
    « reviennent », « reviendra », « est arrivée », "returned"; card names
    keep their words), read by ``start``, else — when a condition word
    follows the first word and ``late_tail`` reads the end from one — by
    ``late_start`` (the condition last).  A claim led by its edition is
    read as ``edition_lead`` then ``after_qual`` / ``late_after_qual``
    (the same tree as ``start`` / ``late_start``).  Long mana runs are
    shelved while parsing: at most two Earley parses over the grammar.
    Raises the first reading's UnexpectedInput when none parses, its
    ``read_as`` the text parsed (the column counts in it), and
    :class:`ReadingTooCostly` past :data:`PARSE_BUDGET`.  Within
    :func:`parsed_once`, a text is parsed once (its tree or its error)."""
    memo = _PARSES.memo()
    if memo is not None and norm in memo:
        tree, error = memo[norm]
        if error is not None:
            raise error
        return tree
    _budget.left = PARSE_BUDGET
    try:
        tree = _parse_lemmas(norm)
    except (UnexpectedInput, ReadingTooCostly) as exc:
        if memo is not None:
            memo[norm] = (None, exc)
        raise
    finally:
        _budget.left = None
    if memo is not None:
        memo[norm] = (tree, None)
    return tree


#: The parses made during one check, by folded text: the clauses of a claim are cut from it in more than
#: one way (« X, car Y, et Z »), and the same part is then read again by each cut.
_PARSES = PerCheck("claim_parses")
#: Within it, each folded text is parsed once by :func:`parse_claim` (the grammar and the card data are the
#: same for all the readings of one check).
parsed_once = _PARSES.scope


def _parse_lemmas(norm: str) -> Tree:
    short, stash = shelve_mana(norm)
    lemmas = lemmatize(short, grammar_words())
    text, qualifier = lemmas.text, None
    offset = _asked(text)
    lead = _edition_lead(text[offset:])
    if lead is not None:
        qualifier, after = lead
        offset += after
    try:
        tree = _read(text[offset:], ("after_qual", "late_after_qual") if lead else ("start", "late_start"))
    except UnexpectedInput as exc:
        if exc.column and exc.column > 0:
            exc.column += offset
        exc.read_as = text      # the text its column counts in
        raise
    if qualifier is not None:
        tree = Tree("late_start" if tree.data == "late_after_qual" else "start", [qualifier, *tree.children])
    return restore_mana(restore_words(tree, lemmas.originals, offset), stash)


#: How the question words ``asked_lead`` reads begin (a claim without them is not parsed for them).
_QUESTION_WORDS = ("est-", "c'est ", "vrai ", "is it ")


def _asked(text: str) -> int:
    """Where the claim starts after question words (« est-ce que », « c'est vrai
    qu' », "is it true that": ``asked_lead``), 0 without them."""
    if not text.startswith(_QUESTION_WORDS):     # (most claims: no parse)
        return 0
    try:
        lead = claims_parser().parse(text, start="asked_lead")
    except UnexpectedInput:
        return 0
    return lead.children[-1].start_pos


def _edition_lead(text: str):
    """``(qualifier tree, where the rest starts)`` when ``edition_lead``
    reads an edition qualifier at the start of ``text``, else None."""
    try:
        lead = claims_parser().parse(text, start="edition_lead")
    except UnexpectedInput:
        return None
    rest = lead.children[-1]
    return lead.children[0], rest.start_pos


def _read(text: str, starts: tuple[str, str]) -> Tree:
    """``text`` read by ``starts[0]``, else by ``starts[1]`` (the condition
    last) when a condition word begins an end that ``late_tail`` reads."""
    try:
        return claims_parser().parse(text, start=starts[0])
    except UnexpectedInput as exc:
        if not (_LATE_IF.search(text) and _late_tail_parses(text)):
            raise
        first = exc
    try:
        return claims_parser().parse(text, start=starts[1])
    except UnexpectedInput:
        raise first from None


@lru_cache(maxsize=1)
def grammar_words() -> frozenset[str]:
    """Every word written in a literal of the claim grammar, or as an
    alternative of one of its regular-expression terminals."""
    # (comments left out: a word quoted in a comment is no word of the grammar)
    text = re.sub(r"(?:^|(?<=\s))//[^\n]*", "", grammars.text("claims"), flags=re.M)
    literals = re.findall(r'"((?:[^"\\]|\\.)*)"', text)
    # the words of the alternatives of regular-expression terminals (« revient », "returns")
    literals += [w for rx in re.findall(r"^_?[A-Z_]+(?:\.\d+)?: */(.*)/ *$", text, re.M)
                 for w in re.findall(r"[a-z][a-z']+", rx.replace("?:", " ").replace("?!", " ").replace("?<!", " "))]
    return frozenset(w for lit in literals for w in re.findall(r"[a-z0-9'\-]+", lit))


def outside_grammar(norm: str, words) -> list[str]:
    """The words of the folded claim ``norm`` that are among ``words`` (the words the claim reader
    could not place) and that no literal of the claim grammar writes, even brought to the grammar's
    word of their lemma as :func:`parse_claim` brings them (numbers and mana symbols aside).  The
    grammar could still read such a word only as part of a card's name, and the claim reader found no
    card of that name.  A capitalised word (but "I") may still be a name the card records know
    (:func:`kb.checker.claims.card_lookup`), so it is never counted."""
    unplaced = {fold(w).strip(",:;?!.()") for w in words if w == "I" or not w[:1].isupper()}
    grammar = grammar_words()
    outside = []
    for word in lemmatize(shelve_mana(norm)[0], grammar).text.split():
        core = word.strip(",:;?!.()")
        if core and core in unplaced and core not in grammar and not re.fullmatch(r"[\d{}/+\-]+", core):
            outside.append(core)
    return outside


def unplaced_words(norm: str, column: int) -> list[str]:
    """The words of the folded claim ``norm`` the grammar could not place:
    from where the parse stopped (``column``, 1-based; -1 at the end), the
    words no literal of the grammar uses (mana symbols and numbers
    excepted), else the word it stopped on."""
    if column is None or column < 1:
        rest = norm.split()[-1:]
    else:
        rest = norm[column - 1:].split()
    words = [w.strip(",:;?!.") for w in rest if not re.fullmatch(r"[\d{}/+\-A-Z]+[,.:]?", w)]
    words = [w for w in words if w]
    unknown = [w for w in words if w not in grammar_words()]
    return unknown or words[:1]


class Handlers(dict):
    """Grammar alias -> the function evaluating that part of a claim.

    ``@handlers.of("alias", …)`` registers a function; :meth:`run` calls
    the one for ``tree.data`` or raises :class:`Unknown` with ``missing``
    (a template of :mod:`kb.checker.messages`, its ``{form}`` the alias)
    when the grammar has a form the model does not evaluate.
    """

    def __init__(self, missing: str):
        super().__init__()
        self.missing = missing

    def of(self, *aliases: str) -> Callable:
        def register(fn: Callable) -> Callable:
            for alias in aliases:
                self[alias] = fn
            return fn
        return register

    def run(self, tree: Tree, *args):
        fn = self.get(tree.data)
        if fn is None:
            raise Unknown(self.missing, form=tree.data)
        return fn(*args, tree)


# ------------------------------------------------------------------ tree readers

def tokens(tree: Tree, type_: str) -> list[Token]:
    """The direct children of ``tree`` that are tokens of type ``type_``."""
    return [c for c in tree.children if isinstance(c, Token) and c.type == type_]


def subtrees(tree: Tree, data: str) -> list[Tree]:
    """The direct children of ``tree`` that are subtrees named ``data``."""
    return [c for c in tree.children if isinstance(c, Tree) and c.data == data]


def last_verb(tree: Tree) -> Tree:
    """The last ``yes``/``no`` child of ``tree`` (the main verb's polarity)."""
    return [c for c in tree.children if isinstance(c, Tree) and c.data in ("yes", "no")][-1]


def polarity(tree: Optional[Tree]) -> bool:
    """True unless the polarity subtree is the negative alternative (``no``)."""
    return not (isinstance(tree, Tree) and tree.data == "no")


def count(node) -> int:
    """A number written in digits or as a word (« deux », « three », « un »)."""
    if isinstance(node, Tree):
        node = node.children[0]
    s = str(node)
    if s.isdigit():
        return int(s)
    return NUMBERS[s]


def counters_of(tree: Tree) -> tuple[int, str]:
    """How many counters of which kind a ``counters_*`` subtree states."""
    words = str(tokens(tree, "COUNTERS")[0]).split()
    return count(words[0]), next(w for w in words if w in ("+1/+1", "-1/-1"))


def name(tree: Tree) -> str:
    """The (folded) words of a name, a leading article or elided « d' »/« l' »
    and a final possessive "'s" dropped (« d'implorer la reine »,
    "beseech the queen's" -> ``implorer la reine``, ``beseech the queen``)."""
    text = " ".join(str(t) for t in tree.children)
    text = re.sub(r"^(?:d'|l'|du |des |de )", "", text)
    text = re.sub(r"'s$", "", text)
    return LEADING_ARTICLE.sub("", text)


def keyword_words(tree: Tree) -> str:
    """The words of the ``keyword`` subtree, first child of ``tree``."""
    return str(tree.children[0].children[0])


def colors(tree: Tree) -> tuple[str, ...]:
    """The colour letters named anywhere under ``tree``, in WUBRG order."""
    found = [COLOR_LETTERS[c.children[0].type] for c in tree.find_data("color")]
    return tuple(c for c in "WUBRG" if c in found)


def spent(node) -> str:
    """The mana of one payment of a ``mana_list``, as symbols: a MANA token
    as written, ``mana_in_words`` added up (« six manas rouges » ->
    ``{R}{R}{R}{R}{R}{R}``, "two mana of any color" -> ``{2}``, mana of no
    stated type paying generic costs only; « incolore » -> ``{C}``)."""
    if isinstance(node, Token):
        return str(node)
    generic, symbols = 0, []
    for amount in node.children:
        n = count(amount.children[0])
        if amount.data == "generic_amount":
            generic += n
        elif amount.data == "colorless_amount":
            symbols += ["{C}"] * n
        else:
            symbols += ["{%s}" % colors(amount)[0]] * n
    return (f"{{{generic}}}" if generic else "") + "".join(symbols)


def pt(tok: Token) -> tuple[int, int]:
    """``"3/3"`` or ``"+1/-1"`` -> (power, toughness)."""
    p, t = str(tok).split("/")
    return int(p), int(t)


def singular(word: str) -> str:
    """« chevaliers » -> ``chevalier``, « knights » -> ``knight``."""
    w = word.lower()
    if w.endswith("s") or w.endswith("x"):
        w = w[:-1]
    return w
