"""The keyword abilities a card face has, and those its text only mentions.

A face *has* a keyword ability when its rules text prints it as an
ability of its own: a line made only of keywords separated by commas or
semicolons (« Flying, vigilance », « Bushido 1 », « Protection from red »,
« Ward—Pay 3 life », « Equip {2} »), reminder text aside (CR 702.1: « an
object with a keyword ability has that ability »).  A keyword named
anywhere else in the text (« Creatures you control gain flying », « as long
as it has flying ») is *mentioned*: the face does not have it, and a reader
should not answer « false » from its absence either.

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
from dataclasses import dataclass
from typing import Optional


#: Reminder text, in parentheses, is no ability (CR 207.2).
_REMINDER = re.compile(r"\s*\([^()]*\)")

#: What may follow a keyword on its own keyword line: nothing, a number or
#: X (« Bushido 1 »), a cost in mana symbols (« Equip {2} »), a cost after
#: a dash without spaces (« Ward—Pay 3 life »), or a quality (« Protection
#: from red », « Enchant creature », « Affinity for artifacts »,
#: « Bands with other legends », « Splice onto Arcane {1}{U} »).
_PARAMETER = re.compile(r"^(?:|\s+(?:\d+|X)|\s+(?:\d+|X)[—–]\S.*|\s*\{.*|[—–-]\S.*|\s+(?:from|for|with|onto|of)\s.+|\s+[a-z].*)$")

#: Keywords whose parameter is a quality word (« Enchant creature »).
_QUALIFIED = {"enchant", "landwalk", "offering", "partner", "companion", "affinity", "splice", "protection",
              "hexproof", "bands with other", "ward", "equip", "cumulative upkeep", "kicker", "cycling",
              "typecycling", "fortify", "reconfigure", "emerge", "champion", "amplify"}


#: The line that opens a level's abilities: « LEVEL 2-6 » (leveler), « {1}{W}: Level 2 » (Class).
_LEVEL = re.compile(r"^(?:LEVEL \d|(?:\{[^}]*\})+: Level \d)")


@dataclass(frozen=True)
class KeywordVocabulary:
    """The keyword abilities a knowledge base knows (folded -> as written)."""

    names: dict[str, str]
    pattern: re.Pattern

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
    data_words: set[str] = set()
    for (kws,) in conn.execute("SELECT keywords FROM mtg_cards WHERE keywords != '[]'"):
        data_words.update(json.loads(kws))
    folded_titles = {_low(t) for t in titles}
    names: dict[str, str] = {}
    for w in sorted(data_words):     # the card data's spelling first (« First strike »)
        fw = _low(w)
        if not titles or fw in folded_titles or (fw.endswith("walk") and "landwalk" in folded_titles) \
                or (fw.endswith("cycling") and "cycling" in folded_titles) \
                or any(fw.startswith(t + " ") for t in folded_titles):
            names.setdefault(fw, w)
    for t in titles:
        names.setdefault(_low(t), t)
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return KeywordVocabulary(names, re.compile(rf"(?<![\w-])({alternatives})(?![\w-])"))


def _keyword_part(part: str, vocab: KeywordVocabulary) -> Optional[tuple[str, str]]:
    """(keyword name, keyword as written) when ``part`` of a line is one keyword ability."""
    text = part.strip().rstrip(".")
    if not text:
        return None
    m = vocab.pattern.match(_low(text))
    if m is None:
        return None
    rest = text[m.end():]
    name = vocab.canonical(m.group(1)) or text[:m.end()]
    if not _PARAMETER.match(rest):
        return None
    if rest.strip() and rest.strip()[0].islower() and not rest.startswith(("—", "–", "-")) \
            and _low(name) not in _QUALIFIED and not _low(name).endswith("cycling") \
            and not re.match(r"\s+(?:from|for|with|onto|of)\s", rest):
        return None
    return name, text[:1].upper() + text[1:]


def keyword_line(line: str, vocab: KeywordVocabulary) -> Optional[list[tuple[str, str]]]:
    """The keywords of a line made only of keyword abilities, else None."""
    bare = _REMINDER.sub("", line).strip()
    if not bare:
        return None
    found = []
    for part in re.split(r"\s*[,;]\s*", bare):
        kw = _keyword_part(part, vocab)
        if kw is None:
            return None
        found.append(kw)
    return found


def face_keywords(text: str, vocab: KeywordVocabulary) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(keywords as written, their names, keyword names only mentioned) of a face's rules text."""
    written: list[str] = []
    names: list[str] = []
    mentioned: list[str] = []
    conditional = False
    for line in (text or "").splitlines():
        # a level up or Class level's abilities hold only at that level (CR 711.2, 716.2): mentioned
        conditional = conditional or bool(_LEVEL.match(line))
        kws = keyword_line(line, vocab)
        if kws is not None and not conditional:
            for name, as_written in kws:
                if as_written not in written:
                    written.append(as_written)
                if name not in names:
                    names.append(name)
            continue
        for m in vocab.pattern.finditer(_low(_REMINDER.sub("", line))):
            name = vocab.canonical(m.group(1)) or m.group(1)
            if name not in mentioned:
                mentioned.append(name)
    return tuple(written), tuple(names), tuple(m for m in mentioned if m not in names)
