"""Card faces read with ``parser/grammars/cardface.lark``: type lines (English and
French), power/toughness, loyalty; mana costs through ``parser/mana``.

Public API:

* :func:`parse_type_line` ``(text, lang) -> TypeLine`` -- « Legendary
  Creature — Elf Knight », « Créature-artefact : épouvantail »;
* :func:`parse_pt` ``(text) -> PowerToughness`` -- « 3/2 », « 1+*/1+* »;
* :func:`parse_pt_value` ``(text) -> str`` -- one side (« * », « -1 »);
* :func:`parse_loyalty` ``(text) -> str``;
* :func:`parse_mana_cost` -- re-exported from :mod:`parser.mana`.

Every parse error is a :class:`CardFaceError` (a ValueError) giving the
1-based column of the first character the grammar could not read.

Type words follow CR 205 (« Type Line »): supertypes (Legendary, Basic,
Snow, World, Ongoing), card types, subtypes after the dash.  French type
lines write the card type first, modifiers after it and subtypes after a
colon joined by « et »: « Terrain de base neigeux : forêt »,
« Éphémère tribal : elfe », « Créature-artefact légendaire : équipement et
méduse ».  :attr:`TypeLine.types_en` gives the English card types of a
French line, so both languages compare with MTGJSON ``types``.
"""
from __future__ import annotations

import csv
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from importlib.resources import files
from typing import Optional

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from parser import grammars

from parser.mana import ManaCost, ManaCostError, mana_cost_from_tree, parse_mana_cost  # noqa: F401
from parser.textkeys import fold


START_RULES = ("type_line_en", "type_line_fr", "pt", "pt_value", "loyalty", "mana_cost")

#: French card-type words -> English card types (CR 205.2a).
FR_TYPES = {
    "creature": "Creature", "artefact": "Artifact", "enchantement": "Enchantment",
    "terrain": "Land", "rituel": "Sorcery", "ephemere": "Instant",
    "planeswalker": "Planeswalker", "arpenteur": "Planeswalker", "plan": "Plane",
    "phenomene": "Phenomenon", "machination": "Scheme", "conspiration": "Conspiracy",
    "bataille": "Battle", "donjon": "Dungeon", "heros": "Hero", "invoquer": "Creature",
    "invocation": "Creature", "interruption": "Instant", "vanguard": "Vanguard",
}

#: Pre-2005 English type words and the card type they became (« Summon
#: Wolf » is a Creature — Wolf; « Enchant Creature » an Aura; « Interrupt »
#: an Instant).
EN_OLD_TYPES = {"summon": "Creature", "enchant": "Enchantment", "interrupt": "Instant"}

#: French supertype words -> English supertypes (CR 205.4a).
FR_SUPERTYPES = {
    "legendaire": "Legendary", "de base": "Basic", "neigeux": "Snow", "neigeuse": "Snow",
    "mondial": "World", "mondiale": "World", "permanente": "Ongoing", "en cours": "Ongoing",
}

#: French spellings of the Tribal card type (CR 205.3 / 308).
FR_TRIBAL = {"tribal", "tribale", "de tribu", "parental", "parentale"}


class CardFaceError(ValueError):
    """Text that the card-face grammar cannot read.

    ``text`` the input, ``column`` 1-based column of the first bad
    character, ``rule`` the start rule tried (``type_line_fr``…).
    """

    def __init__(self, message: str, text: str, column: int, rule: str):
        self.message = message
        self.text = text
        self.column = column
        self.rule = rule
        super().__init__(f"{rule}: {message} at column {column} of {text!r}")


@dataclass
class TypeLine:
    """A parsed type line.

    ``supertypes``/``types``/``subtypes`` as written in ``lang`` (French
    subtypes keep their spaces: « peuple fée »); ``supertypes_en`` and
    ``types_en`` are the English equivalents (identical for English lines),
    in printed order.
    """

    text: str
    lang: str
    supertypes: list[str] = field(default_factory=list)
    types: list[str] = field(default_factory=list)
    subtypes: list[str] = field(default_factory=list)
    supertypes_en: list[str] = field(default_factory=list)
    types_en: list[str] = field(default_factory=list)

    #: (set by :func:`parse_type_line`; not a field, so that :meth:`to_dict` keeps its keys)
    _token = False

    @property
    def token(self) -> bool:
        """A token's type line (« Token Creature — Soldier », « Jeton de créature : soldat »)."""
        return self._token

    @property
    def subtypes_en(self) -> list[str]:
        """The English subtypes, in printed order: a French subtype through the term pairs
        (:func:`french_subtypes`; a word they do not hold stays as written); an old « Enchant
        Creature » / « Enchanter : créature » is an Aura (CR 2005: local enchantments « now have
        the Aura subtype »)."""
        if self.types[:1] in (["Enchant"], ["Enchanter"]) and self.types_en == ["Enchantment"]:
            return ["Aura"]
        if self.lang != "fr":
            return list(self.subtypes)
        subtypes = french_subtypes()
        return [subtypes.get(_type_key(word), word) for word in self.subtypes]

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class PowerToughness:
    """Power and toughness as printed, normalised (« 1+* », « -1 », « * »)."""

    power: str
    toughness: str

    def __str__(self) -> str:
        return f"{self.power}/{self.toughness}"


@lru_cache(maxsize=1)
def cardface_parser() -> Lark:
    """One LALR parser with all start rules of ``cardface.lark`` (cached)."""
    return grammars.load("cardface", parser="lalr", lexer="contextual",
                         start=list(START_RULES), maybe_placeholders=False)


def _parse(text: str, rule: str) -> Tree:
    if not isinstance(text, str):
        raise TypeError(f"expected a str, got {type(text).__name__}")
    stripped = text.strip()
    if not stripped:
        raise CardFaceError("empty text", text, 1, rule)
    offset = len(text) - len(text.lstrip())
    try:
        return cardface_parser().parse(stripped, start=rule)
    except UnexpectedInput as exc:
        column = getattr(exc, "column", None) or 1
        if isinstance(exc, UnexpectedToken) and exc.token is not None and exc.token.type != "$END":
            column = exc.token.column or column
            what = f"unexpected {str(exc.token)!r}"
        elif isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken)):
            column = len(stripped) + 1
            what = "ends early"
        elif isinstance(exc, UnexpectedCharacters):
            what = f"unexpected character {stripped[column - 1]!r}" if column - 1 < len(stripped) else "bad input"
        else:
            what = "cannot parse"
        raise CardFaceError(what, text, column + offset, rule) from None


def _type_key(word: str) -> str:
    """« Éphémère » -> « ephemere »: the folded word with single spaces, the
    key of :data:`FR_TYPES` and :data:`FR_SUPERTYPES`."""
    return " ".join(fold(word).split())


def parse_type_line(text: str, lang: str = "en") -> TypeLine:
    """Parse a type line in ``lang`` (``en`` or ``fr``).

    ``parse_type_line("Legendary Creature — Elf Knight", "en")`` ->
    supertypes ``["Legendary"]``, types ``["Creature"]``, subtypes
    ``["Elf", "Knight"]``.  ``parse_type_line("Créature : peuple fée et
    soldat", "fr")`` -> types ``["Créature"]``, types_en ``["Creature"]``,
    subtypes ``["peuple fée", "soldat"]``.  A plane's subtype is one name
    (« Plane — Bolas’s Meditation Realm », CR 205.3n).  Raises
    CardFaceError on text that is not a type line in that language.
    """
    if lang not in ("en", "fr"):
        raise ValueError(f"lang must be 'en' or 'fr', not {lang!r}")
    tree = _parse(text, f"type_line_{lang}")
    tl = TypeLine(text=text.strip(), lang=lang)
    if lang == "en":
        _read_english_types(tree, tl)
    else:
        _read_french_types(tree, tl)
        if tree.children[0].data == "fr_old_summon" and not all(_type_key(w) in french_subtypes() for w in tl.subtypes):
            raise CardFaceError("words after « Invoquer » that are no subtype", text, len(text) - len(text.lstrip()) + 1,
                                "type_line_fr")
    return tl


#: The term data as the package ships it (``corpus/terms/`` in the source tree): a data file, read as
#: the grammars are; no code of a later stage (``kb.cards.terms`` derives and serves the same rows).
TERMS_PACKAGE, TERMS_FILE = "kb.data.terms", "terms_fr_en.tsv"


@lru_cache(maxsize=1)
def french_subtypes() -> dict[str, str]:
    """French subtype -> English subtype, folded French (« licorne » -> « Unicorn »): the ``subtype``
    pairs of the term data (``corpus/terms/terms_fr_en.tsv``, derived from the card data); empty
    when the term data is not installed."""
    try:
        with (files(TERMS_PACKAGE) / TERMS_FILE).open(encoding="utf-8", newline="") as fh:
            rows = list(csv.DictReader(fh, delimiter="\t"))
    except (OSError, ModuleNotFoundError):
        return {}
    return {_type_key(row["fr"]): row["en"] for row in rows if row.get("kind") == "subtype" and row.get("fr")}


def _subtype_list(tree: Tree) -> Optional[Tree]:
    """The subtree of the words after the dash or colon, or None."""
    return next((t for t in tree.children[1:] if isinstance(t, Tree)), None)


def _read_english_types(tree: Tree, tl: TypeLine) -> None:
    """Fill ``tl`` from the tree of an English type line."""
    if tree.children[0].data == "en_token":
        tl._token = True
        tree = Tree(tree.data, tree.children[1:])
    head = tree.children[0]
    subs = _subtype_list(tree)
    words = [str(w) for w in subs.children] if subs is not None else []
    if head.data == "en_old_type":
        word = str(head.children[0])
        tl.types = [word]
        tl.types_en = [EN_OLD_TYPES[word.lower()]]
        tl.subtypes = words
        return
    for node in head.children:
        word = str(node.children[0])
        canon = word[:1].upper() + word[1:].lower()
        canon = EN_OLD_TYPES.get(word.lower(), canon) if word.lower() == "interrupt" else canon
        if node.data == "en_supertype":
            tl.supertypes.append(word)
            tl.supertypes_en.append(canon)
        else:
            tl.types.append(word)
            tl.types_en.append(canon)
    if subs is not None:
        tl.subtypes = [" ".join(words)] if "Plane" in tl.types_en else words


def _read_french_types(tree: Tree, tl: TypeLine) -> None:
    """Fill ``tl`` from the tree of a French type line."""
    if tree.children[0].data == "fr_token":
        tl._token = True
        tree = Tree(tree.data, tree.children[1:])
    head = tree.children[0]
    if head.data in ("fr_old_aura", "fr_old_summon"):
        tl.types = [str(head.children[0])]
        tl.types_en = ["Enchantment" if head.data == "fr_old_aura" else "Creature"]
    for node in head.iter_subtrees_topdown():
        if node.data == "fr_type":
            word = str(node.children[0])
            tl.types.append(word)
            tl.types_en.append(FR_TYPES.get(_type_key(word), word))
        elif node.data == "fr_supertype":
            word = " ".join(str(node.children[0]).split())
            tl.supertypes.append(word)
            tl.supertypes_en.append(FR_SUPERTYPES.get(_type_key(word), word))
        elif node.data == "fr_type_modifier" and isinstance(node.children[0], Token):
            if node.children[0].type == "FR_INTERRUPT":    # « Éphémère d'interruption »: an instant
                continue
            word = " ".join(str(node.children[0]).split())
            tl.types.append(word)
            tl.types_en.insert(0, "Tribal")
    subs = _subtype_list(tree)
    if subs is not None:
        tl.subtypes = [" ".join(str(w) for w in st.children)
                       for st in subs.children if isinstance(st, Tree)]
    # « Créature-artefact » is an Artifact Creature: English order puts the
    # other types before Creature (CR 205.2).
    if "Creature" in tl.types_en and len(tl.types_en) > 1:
        tl.types_en = [t for t in tl.types_en if t != "Creature"] + ["Creature"]


def _pt_side(tree: Tree) -> str:
    out = []
    for tok in tree.children:
        v = str(tok)
        out.append("-" if v == "−" else v.replace(",", "."))
    return "".join(out)


def parse_pt(text: str) -> PowerToughness:
    """Parse « power/toughness »: ``3/2``, ``*/*``, ``1+*/1+*``, ``-1/1``,
    ``X/X``, ``2.5/2.5``.  Spaces are ignored, « − » becomes « - ».
    Raises CardFaceError."""
    tree = _parse(text, "pt")
    sides = [c for c in tree.children if isinstance(c, Tree)]
    return PowerToughness(_pt_side(sides[0]), _pt_side(sides[1]))


def parse_pt_value(text: str) -> str:
    """Parse one side of a P/T box (MTGJSON ``power``): ``*``, ``1+*``,
    ``-1``, ``X``, ``?``, ``∞``.  Returns it normalised.  Raises CardFaceError."""
    return _pt_side(_parse(text, "pt_value"))


def parse_loyalty(text: str) -> str:
    """Parse a starting loyalty: ``3``, ``X``, ``*``.  Raises CardFaceError."""
    return _pt_side(_parse(text, "loyalty"))


def parse_card_mana_cost(text: str) -> ManaCost:
    """Parse a mana cost with the grammar imported into cardface.lark.

    Same result as :func:`parser.mana.parse_mana_cost`; raises
    CardFaceError.  Used to check the import works; prefer
    parse_mana_cost."""
    tree = _parse(text, "mana_cost")
    try:
        return mana_cost_from_tree(tree, text.strip())
    except ManaCostError as exc:
        raise CardFaceError(exc.message, text, exc.column, "mana_cost") from None
