"""A card's name as pages write it: the marks and the leads around it that are no part of it, for every reader of
records (the grammar's, parser/faq_records.py, and the layouts before it, parser/faq_field_blocks.py):

* Markdown marks (« > **Clone** », « _Créature : elfe_ »): :func:`unmarked`;
* what a page puts before the name (a bullet, a tag, a counter, a heading word and a dash, a site's badge
  « NOUVEAU ★ »): :func:`name_lead`;
* a final colon or a spaced separator after it: :func:`clean_name`.
"""
from __future__ import annotations

import re

#: What a page writes before a card's name and is no part of it: a bullet or a symbol (« ■ », « ► », « • »),
#: a tag in brackets (« [ENTRÉE] »), a counter (« CARTE N°1. », « Fiche #2 — », « N° 3 : »).
NAME_LEAD = re.compile(r"(?:[^\w\s«\"'(\[{]+[ \t]*)?(?:\[[^\]\d]{1,20}\][ \t]+(?=\w))?(?:(?:[A-Za-zÀ-ÿ'’]+[ \t]){0,3}(?:N°|n°|#|No\.|no\.)[ \t]*\d{1,2}"
                       r"(?:[ \t]*\([^()]{0,40}\))?[ \t]*[—–:.)-][ \t]*)?")
#: A page's heading word and a spaced dash before a card's name (« Fiche — Licorne capashenne », « Carte du jour – Name »).
_HEADING_LEAD = re.compile(r"(?:[Ff]iche|[Cc]arte(?: du jour)?|[Zz]oom|[Ff]ocus|[Ss]poiler|[Aa]perçu|[Rr]évélation)[ \t]+[—–-][ \t]+(?=\w)")
#: A site's badge before a card's name: a word in capitals and a star or a mark (« NOUVEAU ★ Name », « HOT 🔥 Name »).
_BADGE = re.compile(r"[A-ZÀ-Ý]{3,12}(?:[ \t][A-ZÀ-Ý]{2,12})?[ \t]*[★☆✦✧✪⭐🔥✨❗!]+[ \t]+(?=\w)")

_MARKS = frozenset(">#*_")


def unmarked(text: str) -> str:
    """A field without its Markdown marks: « > **Clone** » -> « Clone », « _Créature : elfe_ » -> « Créature : elfe »."""
    text = text.strip()
    if text[:1] not in _MARKS and text[-1:] not in _MARKS:       # (most fields: no mark)
        return text
    text = text.lstrip(">").lstrip() if text.startswith(">") else text
    text = text.lstrip("#").lstrip() if text.startswith("#") else text
    return text.strip("*_").strip()


def name_lead(written: str) -> str:
    """``written`` without what a page puts before a card's name (:data:`NAME_LEAD`: « ■ Colonnade céleste »,
    « CARTE N°1. Présage du devin », a heading word and a dash: « Fiche — Name »); a name that starts with a letter, a digit or a quotation mark has none."""
    heading = _HEADING_LEAD.match(written) if written[:1] in "FfCcZzSsAaRr" else None
    heading = heading or (_BADGE.match(written) if written[:1].isupper() and written[1:2].isupper() else None)
    if heading:
        return written[heading.end():]
    if written[:1].isalnum() and not re.match(r"(?i)[a-zà-ÿ'’ \t]{0,40}(?:n°|#|no\.)", written):
        return written                   # (most names: no lead)
    lead = NAME_LEAD.match(written)
    return written[lead.end():] if lead and lead.end() < len(written) else written


def clean_name(written: str) -> str:
    """A record's name as written, without Markdown marks, what a page puts before it (:func:`name_lead`),
    a final colon or a spaced separator after it (« Nom / English Name — » over its cost line)."""
    return re.sub(r"[ \t]+[-–—|,;:]+$", "", name_lead(unmarked(written)).rstrip(":").rstrip())
