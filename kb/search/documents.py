"""What the knowledge base puts into the search index.

:func:`index_docs` reads the SQLite knowledge base and yields one
:class:`IndexDoc` per searchable unit:

* **rules of the Comprehensive Rules editions**: one document per distinct
  version (number + title + text + examples) with every edition it holds in
  -- about 14,300 documents for the 102 English editions instead of 205,000
  per-edition copies.  Typography does not make a version (lost quotes,
  curly or straight quotes, dash styles: :func:`parser.textkeys.typo_key`).
  Versions held by the latest English edition are in the default scope
  (``current``), the others are ``old``;
* **glossary entries** of the editions, likewise one per distinct
  (term, definition);
* **rules, card records, notes and sections of the French documents**
  (FAQ, rules excerpts), all ``current``;
* **cards** (the :mod:`kb.cards.db` tables, empty without MTGJSON data): one English document
  per card (oracle name, mana cost, type line, P/T, text of every face) and
  one French document per distinct French wording (printed name, type line,
  text), dated by the release dates of the printings that carry it; the
  latest French wording of a card is ``current``, older ones are ``old``.
"""
from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Iterator, Optional

from kb.cards.names import card_names_for
from parser.references import find_reference_spans
from parser.textkeys import typo_key


@dataclass
class IndexDoc:
    """One searchable unit: a rule version, card, note, section or glossary entry.

    ``kind`` is ``rule``, ``card``, ``note``, ``section`` or ``glossary``;
    ``ident`` is what a user would type to get it (rule number, card name);
    ``title`` and ``body`` are indexed in ``lang``; ``editions`` lists every
    edition (ISO date) whose text this is, ``edition`` the latest of them;
    ``scope`` is ``current`` for what a search shows by default (latest
    English Comprehensive Rules, every French document, current card
    wordings) and ``old`` otherwise; ``extra`` is any JSON-able payload
    stored with the document (e.g. the card a note is about).
    """

    key: str
    kind: str
    ident: str
    lang: str
    source: str
    body: str
    title: str = ""
    edition: Optional[str] = None
    number: Optional[str] = None
    editions: list = field(default_factory=list)
    scope: str = "current"
    extra: dict = field(default_factory=dict)
    #: The text to index instead of the body, when it differs (a card's text
    #: without the card naming itself: :func:`without_names`).
    indexed_body: Optional[str] = None


def rule_key(source: str, number: str) -> str:
    """Index key of a rule of a French document (one version per source)."""
    return f"rule:{source}:{number}"


def version_key(lang: str, number: str, title: Optional[str], text: Optional[str], examples: str) -> str:
    """Index key of one distinct version of a Comprehensive Rules rule."""
    digest = hashlib.sha1("\x1f".join((title or "", text or "", examples or "")).encode("utf-8")).hexdigest()
    return f"rule:{lang}:{number}:{digest[:12]}"


def _rule_body(text: Optional[str], examples_json: Optional[str]) -> str:
    examples = json.loads(examples_json or "[]")
    return "\n".join([text or ""] + examples).strip()


def index_docs(conn: sqlite3.Connection) -> Iterator[IndexDoc]:
    """Every searchable unit of the knowledge base (see module docstring)."""
    yield from edition_rule_docs(conn)
    yield from glossary_docs(conn)
    yield from document_docs(conn)
    yield from card_docs(conn)
    yield from ruling_docs(conn)


def ruling_docs(conn: sqlite3.Connection) -> Iterator[IndexDoc]:
    """One English document per distinct ruling text of the card data
    (``kind:ruling``; 45,080 rulings, 23,597 texts: « Cycling is an activated
    ability… » is one document, not 124), linked to its cards: ``ident`` and
    ``card`` the first of them by name, ``cards`` all of them, ``about`` the
    French name of the first; dated by its first publication."""
    french = {c: n for c, n, _d in conn.execute(
        "SELECT card, name, max(release_date) FROM mtg_french WHERE side = 'a' GROUP BY card")}
    texts: dict[str, dict] = {}
    for card, date, text in conn.execute("SELECT card, date, text FROM mtg_rulings ORDER BY card, date, rowid"):
        if text:
            r = texts.setdefault(text, {"cards": [], "date": date})
            if card not in r["cards"]:
                r["cards"].append(card)
            if date and (not r["date"] or date < r["date"]):
                r["date"] = date
    for text, r in texts.items():
        cards, date = r["cards"], r["date"]
        digest = hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]
        yield IndexDoc(key=f"ruling:{digest}", kind="ruling", ident=cards[0], lang="en", source="mtgjson",
                       edition=date or None, title=cards[0], body=text,
                       extra={"card": cards[0], "about": french.get(cards[0]) or cards[0], "date": date,
                              **({"cards": cards} if len(cards) > 1 else {})})


def _edition_info(conn: sqlite3.Connection) -> tuple[dict, dict]:
    """({edition date: source}, {lang: latest date}) of the CR editions."""
    by_date, latest = {}, {}
    for r in conn.execute("SELECT source, date, lang FROM editions ORDER BY date"):
        by_date[(r[2], r[1])] = r[0]
        latest[r[2]] = r[1]
    return by_date, latest


def edition_rule_docs(conn: sqlite3.Connection) -> Iterator[IndexDoc]:
    """One document per distinct version of a Comprehensive Rules rule.

    A version is a (number, title, text, examples) with typography ignored
    (:func:`parser.textkeys.typo_key`): an edition that lost its curly quotes to
    ``?`` or changed dash styles does not make a new version.  The document
    shows the latest edition's wording and lists every edition holding it."""
    sources, latest = _edition_info(conn)
    if not sources:
        return
    key_of = typo_key
    versions: dict[tuple, dict] = {}
    rows = conn.execute("SELECT r.number, r.lang, r.title, r.text, r.examples, e.date"
                        " FROM rules r JOIN editions e ON e.source = r.source ORDER BY e.date")
    for number, lang, title, text, examples, date in rows:
        k = (lang, number, key_of(title), key_of(text), key_of(examples))
        v = versions.get(k)
        if v is None:
            versions[k] = v = {"editions": []}
        v["row"] = (number, lang, title, text, examples)   # the latest wording wins
        if not v["editions"] or v["editions"][-1] != date:
            v["editions"].append(date)
    seen: set[str] = set()
    for k in sorted(versions, key=lambda k: (k[1], k[0], versions[k]["editions"][0])):
        v = versions[k]
        number, lang, title, text, examples = v["row"]
        editions = v["editions"]
        last = editions[-1]
        key = version_key(lang, number, k[2], k[3], k[4])
        if key in seen:  # pragma: no cover - the typography key is the version key
            continue
        seen.add(key)
        body = _rule_body(text, examples)
        yield IndexDoc(key=key, kind="rule", ident=number, lang=lang,
                       source=sources.get((lang, last), ""), edition=last, number=number,
                       editions=editions, scope="current" if last == latest.get(lang) else "old",
                       title=f"{number} {title or ''}".strip(), body=body or (title or ""),
                       indexed_body=without_cited_titles(body),
                       extra={"edition_source": True, "first_edition": editions[0]})


def glossary_docs(conn: sqlite3.Connection) -> Iterator[IndexDoc]:
    """One document per distinct glossary entry (term + definition)."""
    sources, latest = _edition_info(conn)
    rows = conn.execute(
        "SELECT g.term, g.lang, g.definition, group_concat(coalesce(e.date, g.edition), ' ')"
        " FROM glossary g LEFT JOIN editions e ON e.source = g.source"
        " GROUP BY g.term, g.lang, g.definition ORDER BY g.term")
    for term, lang, definition, eds in rows:
        editions = sorted(set((eds or "").split()))
        last = editions[-1] if editions else None
        digest = hashlib.sha1((definition or "").encode("utf-8")).hexdigest()[:12]
        yield IndexDoc(key=f"glossary:{lang}:{term}:{digest}", kind="glossary", ident=term, lang=lang,
                       source=sources.get((lang, last), ""), edition=last, editions=editions,
                       scope="current" if last is None or last == latest.get(lang) else "old",
                       title=term, body=definition or term)


def document_docs(conn: sqlite3.Connection) -> Iterator[IndexDoc]:
    """Rules, card records, notes and sections of the French documents."""
    doc_info = {r["id"]: (r["lang"], r["edition"]) for r in conn.execute("SELECT id, lang, edition FROM documents")}
    titles = {(r["source"], r["id"]): r["title"] for r in conn.execute("SELECT source, id, title FROM sections")}
    english_of = _english_names(conn)

    for r in conn.execute("SELECT * FROM rules WHERE source IN (SELECT id FROM documents)"
                          " ORDER BY source, position"):
        yield IndexDoc(key=rule_key(r["source"], r["number"]), kind="rule", ident=r["number"],
                       lang=r["lang"], source=r["source"], edition=r["edition"], number=r["number"],
                       title=f"{r['number']} {r['title'] or ''}".strip(),
                       body=_rule_body(r["text"], r["examples"]) or (r["title"] or ""),
                       indexed_body=without_cited_titles(_rule_body(r["text"], r["examples"])),
                       extra={"edition_source": False, "section": r["section"]})
    for c in conn.execute("SELECT * FROM card_records ORDER BY source, position"):
        body = "\n".join(x for x in (c["mana_cost"], c["type_line"],
                                     f"{c['power']}/{c['toughness']}" if c["power"] else None,
                                     c["text"]) if x)
        lang, edition = doc_info.get(c["source"], ("fr", None))
        english = english_of(c["name"])
        yield IndexDoc(key=f"card:{c['source']}:{c['cid']}", kind="card", ident=c["name"], lang=lang,
                       source=c["source"], edition=edition, title=c["name"], body=body,
                       extra={"section": c["section"], "anchor_index": c["position"], "card": english,
                              "about": english})
    for n in conn.execute("SELECT * FROM notes ORDER BY source, position"):
        lang, edition = doc_info.get(n["source"], ("fr", None))
        about = n["card"] or titles.get((n["source"], n["section"]), "")
        yield IndexDoc(key=f"note:{n['source']}:{n['nid']}", kind="note", ident=f"{n['source']}#{n['position']}",
                       lang=lang, source=n["source"], edition=edition, title=about, body=n["text"],
                       extra={"card": n["card"], "section": n["section"], "position": n["position"]})
    for s in conn.execute("SELECT * FROM sections ORDER BY source, position"):
        lang, edition = doc_info.get(s["source"], ("fr", None))
        yield IndexDoc(key=f"section:{s['source']}:{s['id']}", kind="section", ident=s["id"], lang=lang,
                       source=s["source"], edition=edition, title=s["title"], body=s["text"] or s["title"])


def _english_names(conn: sqlite3.Connection):
    def english(name: str) -> Optional[str]:
        cards = card_names_for(conn, name)
        return cards[0] if len(cards) == 1 else None
    return english


def _face_lines(mana_cost, type_line, power, toughness, loyalty, text) -> list[str]:
    lines = [x for x in (mana_cost, type_line) if x]
    if power is not None or toughness is not None:
        lines.append(f"{power}/{toughness}")
    if loyalty:
        lines.append(f"[{loyalty}]")
    if text:
        lines.append(text)
    return lines


def without_cited_titles(text: str) -> Optional[str]:
    """A rule's ``text`` with the quoted titles of the rules it cites left
    out (the numbers stay), or None when it quotes none: « The two abilities
    represented by champion are linked. See rule 607, “Linked Abilities.” »
    says where linked abilities are explained, it does not explain them."""
    if not text or not any(q in text for q in ("“", "«", '"', "?")):
        return None
    out, last = [], 0
    for span in find_reference_spans(text):
        at = text.find(span.title, span.end) if span.title else -1
        if 0 <= at - span.end <= 4:     # « , “ » or « , « » before the title
            out.append(text[last:at])
            last = at + len(span.title)
    return "".join(out) + text[last:] if out else None


def without_names(text: str, names: list) -> Optional[str]:
    """``text`` with every mention of ``names`` (the card's own names) blanked,
    or None when it names none of them: « renvoyez le Fantôme persistant
    depuis votre cimetière » is not a text about persisting."""
    out = text
    for name in sorted({n for n in names if n}, key=len, reverse=True):
        out = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", out, flags=re.IGNORECASE)
    return None if out == text else out


def card_docs(conn: sqlite3.Connection) -> Iterator[IndexDoc]:
    """English and French card documents from the :mod:`kb.cards.db` tables."""
    faces = defaultdict(list)
    for r in conn.execute("SELECT card, side, face_name, mana_cost, type_line, power, toughness, loyalty, text"
                          " FROM mtg_faces ORDER BY card, side"):
        faces[r[0]].append(r)
    french = defaultdict(lambda: defaultdict(dict))  # card -> (set, number) -> side -> row
    dates: dict = {}
    for r in conn.execute("SELECT card, side, set_code, number, release_date, name, face_name, type_line, text"
                          " FROM mtg_french ORDER BY card, release_date, set_code, number, side"):
        french[r[0]][(r[2], r[3])][r[1]] = r
        dates[(r[0], r[2], r[3])] = r[4]

    for card, layout in conn.execute("SELECT name, layout FROM mtg_cards ORDER BY name"):
        fs = faces.get(card, [])
        multi = len(fs) > 1
        lines: list[str] = []
        for f in fs:
            if multi:
                lines.append(f[2] or "")
            lines.extend(_face_lines(f[3], f[4], f[5], f[6], f[7], f[8]))
        # French wordings: group the printings that print the same words.
        wordings: dict[tuple, dict] = {}
        for (set_code, number), sides in french.get(card, {}).items():
            sig = tuple((side, r[5], r[6], r[7], r[8]) for side, r in sorted(sides.items()))
            w = wordings.setdefault(sig, {"dates": set(), "sets": []})
            w["dates"].add(dates.get((card, set_code, number)) or "")
            if set_code not in w["sets"]:
                w["sets"].append(set_code)
        ordered = sorted(wordings.items(), key=lambda kv: max(kv[1]["dates"]))
        french_name = ordered[-1][0][0][1] if ordered else None
        en_names = [card] + [f[2] for f in fs if f[2] and f[2] != card]
        body_en = "\n".join(lines) or card
        yield IndexDoc(key=f"card:en:{card}", kind="card", ident=card, lang="en", source="mtgjson",
                       title=card if not multi else " // ".join(en_names),
                       body=body_en, indexed_body=without_names(body_en, en_names),
                       extra={"card": card, "about": french_name, "layout": layout})
        for i, (sig, w) in enumerate(ordered):
            names = []
            for _side, name, face_name, _tl, _tx in sig:
                for n in (name, face_name):
                    if n and n not in names:
                        names.append(n)
            body: list[str] = []
            for _side, _name, face_name, type_line, text in sig:
                if len(sig) > 1 and face_name:
                    body.append(face_name)
                body.extend(x for x in (type_line, text) if x)
            eds = sorted(d for d in w["dates"] if d)
            body_fr = "\n".join(body) or (sig[0][1] or card)
            yield IndexDoc(key=f"card:fr:{card}:{i}", kind="card", ident=sig[0][1] or card, lang="fr",
                           source="mtgjson", edition=eds[-1] if eds else None, editions=eds,
                           scope="current" if i == len(ordered) - 1 else "old",
                           title=" // ".join(names), body=body_fr,
                           indexed_body=without_names(body_fr, names),
                           extra={"card": card, "about": card, "sets": w["sets"]})
