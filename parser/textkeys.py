"""Text folding shared by search and name matching.

:func:`fold` lowercases, expands the ligatures æ/œ, turns ’ into ' and strips
accents, so « Færie macabre », « faerie macabre » and « FAERIE MACABRE » fold
to the same string, as do « Soeurs » and « Sœurs ».
"""
from __future__ import annotations

import unicodedata

_LIGATURES = str.maketrans({"æ": "ae", "œ": "oe", "Æ": "ae", "Œ": "oe", "’": "'", "‘": "'"})


def fold(text: str) -> str:
    """Folded form of ``text`` (see module docstring): « Âme d'Œuvre » -> ``ame d'oeuvre``."""
    text = text.lower().translate(_LIGATURES)
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def fold_name(text: str) -> str:
    """Folded card name: :func:`fold`, apostrophes and runs of spaces dropped
    (« Collet de l’inquisiteur » -> ``collet de linquisiteur``)."""
    return " ".join(fold(text).replace("'", "").split())
