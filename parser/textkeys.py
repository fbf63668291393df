"""Text keys shared by every stage: folding, card-name keys, slugs, typography keys.

:func:`fold` lowercases, expands the ligatures æ/œ, turns ’ into ' and strips
accents, so « Færie macabre », « faerie macabre » and « FAERIE MACABRE » fold
to the same string, as do « Soeurs » and « Sœurs ».  :func:`fold_name` is the
key card names are matched by (:func:`loose_name` the looser one), :func:`slugify` the key of page addresses and
section ids, :func:`typo_key` the key under which two rule texts that differ
only by typography are the same text.
"""
from __future__ import annotations

import re
import unicodedata

_LIGATURES = str.maketrans({"æ": "ae", "œ": "oe", "Æ": "ae", "Œ": "oe", "’": "'", "‘": "'"})
_NAME_SPACES = str.maketrans({"\u00a0": " ", "\u202f": " "})
_FACE_SEPARATOR = re.compile(r"\s*//\s*")
_TYPO_TABLE = str.maketrans({
    "\u2018": None, "\u2019": None, "\u201c": None, "\u201d": None, "'": None, '"': None,
    "`": None, "\u00b4": None, "?": None, "_": None, "\u2122": None, "\u00ae": None,
    "\u2013": "-", "\u2014": "-", "\u2011": "-", "\u2212": "-", "\u00a0": " ",
})
_SPACES = re.compile(r"\s+")
_LOOSE_DROP = re.compile(r"[\W_]+")


def fold(text: str) -> str:
    """Folded form of ``text`` (see module docstring): « Âme d'Œuvre » -> ``ame d'oeuvre``."""
    text = text.lower().translate(_LIGATURES)
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def fold_name(text: str) -> str:
    """Folded card name: :func:`fold`, apostrophes and runs of spaces dropped,
    no-break spaces read as spaces, `` // `` between faces spaced one way
    (« Collet de l’inquisiteur » -> ``collet de linquisiteur``; « Fire//Ice »
    -> ``fire // ice``).  Never raises on a str."""
    text = _FACE_SEPARATOR.sub(" // ", text.translate(_NAME_SPACES))
    return " ".join(fold(text).replace("'", "").split())


def loose_name(text: str) -> str:
    """:func:`fold_name` with hyphens, spaces and other punctuation dropped:
    « Élémental de vif-argent » and « elemental de vif argent » ->
    ``elementaldevifargent`` (the second, looser key of card names)."""
    return _LOOSE_DROP.sub("", fold_name(text or ""))


def slugify(text: str) -> str:
    """« Implorer la reine » -> ``implorer-la-reine``; « Færie macabre » ->
    ``faerie-macabre``: the folded text with every run of other characters
    turned into one hyphen."""
    return re.sub(r"[^a-z0-9]+", "-", fold(text)).strip("-")


def typo_key(text: str) -> str:
    """``text`` with typography ignored: quotes (straight, curly, and the ``?``
    that replaces lost quotes in old editions), italics underscores, ™/® and
    dash styles; whitespace collapsed."""
    return _SPACES.sub(" ", (text or "").translate(_TYPO_TABLE)).strip()
