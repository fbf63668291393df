"""The keyword abilities a card face has, and those its text only mentions.

A face *has* a keyword ability when its rules text prints it as an
ability of its own: a line made only of keywords separated by commas or
semicolons (« Flying, vigilance », « Bushido 1 », « Protection from red »,
« Ward—Pay 3 life », « Equip {2} »), reminder text aside (CR 702.1: « an
object with a keyword ability has that ability »).  A keyword named
anywhere else in the text (« Creatures you control gain flying », « as long
as it has flying ») is *mentioned*: the face does not have it, and a reader
should not answer « false » from its absence either.

A keyword line is read by ``parser/grammars/keyword_line.lark`` into its parts
(:class:`parser.keyword_line.PrintedKeyword`: number, costs, cost in words,
quality), so a reader compares « Suspend 4—{1}{U} » by its number and cost
without reading the text again.  Variants the rules name (« Megamorph is a
variant of the morph ability », 702.37b) are marked with the keyword they are
a variant of and the rule.

Which words are keyword abilities comes from the data: the titles of the
rules of section 702 (« Keyword Abilities ») of every English rules edition
of the knowledge base, and the landwalk variants of the card data
(« Swampwalk », CR 702.14).  Keyword actions (section 701: scry, mill…) and
ability words (« Landfall — ») are not keyword abilities.  A knowledge base
without the rules falls back on the MTGJSON ``keywords`` of the cards.
"""
from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass, replace
from typing import Optional

from parser.keyword_line import KeywordLineReader, PrintedKeyword


#: Reminder text, in parentheses, is no ability (CR 207.2).
_REMINDER = re.compile(r"\s*\([^()]*\)")

#: The line that opens a level's abilities: « LEVEL 2-6 » (leveler), « {1}{W}: Level 2 » (Class).
_LEVEL = re.compile(r"^(?:LEVEL \d|(?:\{[^}]*\})+: Level \d)")


@dataclass(frozen=True)
class KeywordVocabulary:
    """The keyword abilities a knowledge base knows (folded -> as written)."""

    names: dict[str, str]
    pattern: re.Pattern
    #: Reads a line made only of keyword abilities (``parser/grammars/keyword_line.lark``).
    reader: KeywordLineReader
    #: Variants the rules name (« megamorph » -> (« morph », « 702.37b »)).
    variants: dict[str, tuple[str, str]]

    def variant_of(self, printed: PrintedKeyword) -> Optional[tuple[str, str]]:
        """(keyword ability, rule) when ``printed`` is a variant the rules name of another keyword
        ability: by its name (« Megamorph »), its text (« Protection from everything »,
        « Equip planeswalker {1} ») or, for « Swampcycling », typecycling (702.29e)."""
        name, text = _low(printed.name), _low(printed.text)
        if name.endswith("cycling") and name != "cycling":
            name = "typecycling"
        found = self.variants.get(name)
        if found is not None and found[0] != name:
            return found
        return next((v for k, v in self.variants.items() if text == k or text.startswith(k + " ")), None)

    def canonical(self, folded: str) -> Optional[str]:
        return self.names.get(folded)


def _low(text: str) -> str:
    """Lowercase with the same length (keyword abilities are written in ASCII)."""
    return text.lower()


_CACHE: dict[tuple[int, str], KeywordVocabulary] = {}


def _rule_titles(conn: sqlite3.Connection) -> set[str]:
    rows = conn.execute("SELECT DISTINCT title FROM rules WHERE lang = 'en' AND number GLOB '702.[0-9]*' "
                        "AND number NOT GLOB '*[a-z]' AND title IS NOT NULL AND title != ''")
    return {r[0] for r in rows if len(r[0]) < 40}


def vocabulary(conn: sqlite3.Connection) -> KeywordVocabulary:
    """The keyword abilities of the knowledge base ``conn`` (cached per card ingest)."""
    stamp = conn.execute("SELECT value FROM mtg_meta WHERE key = 'ingest_id'").fetchone()
    key = (id(conn), stamp[0] if stamp else "")
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = _build_vocabulary(conn)
    return found


def _build_vocabulary(conn: sqlite3.Connection) -> KeywordVocabulary:
    titles = _rule_titles(conn)
    variants = _variants(conn)
    data_words: set[str] = set()
    for (kws,) in conn.execute("SELECT keywords FROM mtg_cards WHERE keywords != '[]'"):
        data_words.update(json.loads(kws))
    folded_titles = {_low(t) for t in titles}
    names: dict[str, str] = {}
    for w in sorted(data_words):     # the card data's spelling first (« First strike »)
        fw = _low(w)
        if fw.endswith(" from"):     # MTGJSON's « Hexproof from »: the keyword is hexproof, « from … » its quality
            continue
        if not titles or fw in folded_titles or (fw.endswith("walk") and "landwalk" in folded_titles) \
                or (fw.endswith("cycling") and "cycling" in folded_titles) \
                or fw in variants \
                or any(fw.startswith(t + " ") for t in folded_titles):
            names.setdefault(fw, w)
    for t in titles:
        names.setdefault(_low(t), t)
    # a landwalk with a supertype (702.14c: "snow swampwalk"), a variant of that landwalk
    snow = conn.execute("SELECT number FROM rules WHERE lang = 'en' AND number GLOB '702.*' "
                        "AND text LIKE '%snow swampwalk%' ORDER BY edition DESC LIMIT 1").fetchone()
    if snow is not None:
        for fw in [n for n in names if n.endswith("walk") and " " not in n and n != "landwalk"]:
            names.setdefault("snow " + fw, "Snow " + fw)
            variants.setdefault("snow " + fw, (fw, snow[0]))
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return KeywordVocabulary(names, re.compile(rf"(?<![\w-])({alternatives})(?![\w-])"), KeywordLineReader(names), variants)


#: A rule of section 702 naming a variant: « Megamorph is a variant of the morph ability. » (702.37b),
#: « “Equip planeswalker” is a variant of the equip ability. »; a variant with a parameter in brackets
#: (« Hexproof from [quality] ») is the keyword itself with a quality, not a name of its own.
_VARIANT_RULE = re.compile(r"^[“\"]?([A-Za-z][A-Za-z ]*?)[”\"]? is a variant of (?:the )?([a-z][a-z ]*?)(?: ability\b|[.,]| that\b)")


_QUALITY_VARIANT_RULE = re.compile(r"^[“\"]([A-Za-z]+) from \[quality\][”\"] is a variant of (?:the )?([a-z]+) ability")


def _variants(conn: sqlite3.Connection) -> dict[str, tuple[str, str]]:
    """Folded variant name -> (folded keyword ability it is a variant of, the rule that says so)."""
    found: dict[str, tuple[str, str]] = {}
    rows = conn.execute("SELECT number, text FROM rules WHERE lang = 'en' AND number GLOB '702.[0-9]*' "
                        "AND text LIKE '% is a variant of %' ORDER BY edition")
    written_from = {_low(m.group(1)) for (text,) in conn.execute(
        "SELECT text FROM rules WHERE lang = 'en' AND number GLOB '702.[0-9]*a' AND text LIKE '%from [quality]%'")
        for m in [re.search(r"[“\"]([A-Za-z]+) from \[quality\]", text or "")] if m}
    for number, text in rows:
        m = _VARIANT_RULE.match(text or "")
        if m:
            found[_low(m.group(1))] = (_low(m.group(2)), number)
            continue
        # « “Hexproof from [quality]” is a variant of the hexproof ability » (702.11d): unless the keyword is
        # always written so (« Protection from [quality] », 702.16a)
        m = _QUALITY_VARIANT_RULE.match(text or "")
        if m and _low(m.group(1)) == _low(m.group(2)) and _low(m.group(1)) not in written_from:
            found[_low(m.group(1)) + " from"] = (_low(m.group(2)), number)
    return found


def keyword_line(line: str, vocab: KeywordVocabulary) -> Optional[list[PrintedKeyword]]:
    """The keyword abilities of a line made only of them (reminder text aside), else None."""
    bare = _REMINDER.sub("", line).strip()
    if not bare or vocab.pattern.match(_low(bare)) is None:
        return None
    return vocab.reader.read(bare)


def face_keywords(text: str, vocab: KeywordVocabulary) -> tuple[tuple[PrintedKeyword, ...], tuple[str, ...]]:
    """(the keyword abilities a face prints, the keyword names its text only mentions) of rules text."""
    printed: list[PrintedKeyword] = []
    mentioned: list[str] = []
    conditional = False
    for line in (text or "").splitlines():
        # a level up or Class level's abilities hold only at that level (CR 711.2, 716.2): mentioned
        conditional = conditional or bool(_LEVEL.match(line))
        kws = keyword_line(line, vocab)
        if kws is not None and not conditional:
            printed.extend(replace(k, variant_of=vocab.variant_of(k)) for k in kws
                           if all(k.text != p.text for p in printed))
            continue
        for m in vocab.pattern.finditer(_low(_REMINDER.sub("", line))):
            name = vocab.canonical(m.group(1)) or m.group(1)
            if name not in mentioned:
                mentioned.append(name)
    names = {k.name for k in printed}
    return tuple(printed), tuple(m for m in mentioned if m not in names)
